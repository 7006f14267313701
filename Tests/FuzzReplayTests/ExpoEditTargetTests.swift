import Foundation
import FuzzHarness
import Testing
import TestSupport

/// The `expo-edit` target on every shared Expo app's config and on made JSON5 of the shapes
/// real configs take: its checks (a child added is read back last, taking it out gives back
/// every byte) hold on real files, and the target does check.
struct ExpoEditTargetTests {
    @Test func holdsOnMadeDocuments() throws {
        let run = try #require(FuzzHarness.targets["expo-edit"])
        for document in [
            "[]", "[ ]", "{}", "{\n}", "[1, 2,]", "[\n  1, // one\n  2 /* two */\n]", "{a: 1, 'b': [\n\t{}, // x\n\t[],\n],}",
            "[\r\n  1,\r\n  2\r\n]", "// c\n{\"expo\": {\"plugins\": [\"expo-alternate-app-icons\", [\"x\", {\"r\": {\"image\": \"./r.png\"},},],]}}",
            "[\n  // none yet\n]", "[1 /* a */ , 2 /* b */]", "{\"a\": {\"b\": {\"c\": []}}}",
        ] {
            run(Array(document.utf8))
        }
    }

    @Test(.enabled(if: ExpoCorpus.available, "\(ExpoCorpus.skipMessage)"))
    func holdsOnTheSharedConfigs() throws {
        let run = try #require(FuzzHarness.targets["expo-edit"])
        let root = ExpoCorpus.root.path
        let files = try FileManager.default.subpathsOfDirectory(atPath: root).filter { ($0 as NSString).lastPathComponent == "app.json" }
        #expect(files.count >= 10)
        for relative in files {
            run([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(relative)"))))
        }
    }
}
