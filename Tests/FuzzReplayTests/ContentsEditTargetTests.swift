import Foundation
import FuzzHarness
import Testing
import TestSupport

/// The `contents-edit` target on every `Contents.json` of the corpus's app icon sets, as they
/// are and written on one line: its checks (Xcode's formatting gives back its value, the added
/// entries land in `images` and nothing else changes) hold on real files.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct ContentsEditTargetTests {
    @Test func holdsOnTheCorpusSets() throws {
        let run = try #require(FuzzHarness.targets["contents-edit"])
        let root = RealProjectCorpus.root.path
        let files = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".appiconset/Contents.json") }
        #expect(files.count > 50)
        for relative in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(relative)"))
            run([UInt8](data))
            let object = try JSONSerialization.jsonObject(with: data)
            run([UInt8](try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])))
        }
    }
}
