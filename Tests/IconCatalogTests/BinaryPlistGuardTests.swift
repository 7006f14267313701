import Foundation
@testable import IconCatalog
import TerminalText
import Testing

/// Binary plists written to hurt (see `HostileInput`): each kind is refused, with its reason,
/// before Foundation sees it; real plists in binary form still pass.
@Suite struct BinaryPlistGuardTests {
    @Test(arguments: HostileInput.binaryPlists.map(\.name))
    func hostileBinaryPlistIsRefusedBeforeFoundationSeesIt(_ name: String) throws {
        let hostile = try #require(HostileInput.binaryPlists.first { $0.name == name })
        let started = Date()
        do {
            _ = try PlistLoader.parse(hostile.data, path: "hostile.plist")
            Issue.record("\(name) was read")
        } catch {
            switch error {
            case .notAPlist, .tooComplex: break
            default: Issue.record("\(name): \(error)")
            }
            #expect(error.description.contains(hostile.mentioning), "\(name): \(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(Date().timeIntervalSince(started) < 2, "\(name) took \(Date().timeIntervalSince(started)) s to refuse")
    }

    @Test func binaryFormsOfRealPlistsStillRead() throws {
        var sources = [Repository.demoPlist]
        if Repository.hasCorpus {
            sources += try FileManager.default.contentsOfDirectory(atPath: Repository.realPlists.path).map(Repository.realPlist)
        }
        var read = 0
        for path in sources {
            guard let xml = try? PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: path)), format: nil),
                  let dictionary = xml as? [String: Any] else { continue }  // the corpus holds one fragment on purpose
            let binary = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
            #expect(throws: Never.self, "\(path)") { try BinaryPlistGuard.check(binary) }
            let parsed = try PlistLoader.parse(binary, path: path)
            #expect(NSDictionary(dictionary: parsed).isEqual(to: dictionary), "\(path)")
            read += 1
        }
        #expect(read >= 1)
    }

    @Test func everyValueAnInfoPlistHoldsPassesTheGuard() throws {
        let plist: [String: Any] = ["CFBundleIcons": ["CFBundleAlternateIcons": ["a": [
            "CFBundleIconFiles": ["a", "é\u{202E}"], "ordinal": 3, "big": UInt64.max, "negative": -5, "real": 0.5,
            "flag": true, "data": Data([0, 1]), "date": Date(timeIntervalSinceReferenceDate: 0),
            "long": String(repeating: "x", count: 300), "nested": [[[1]]],
        ] as [String: Any]]]]
        let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(throws: Never.self) { try BinaryPlistGuard.check(binary) }
    }

    @Test func textPlistsMustBeXMLAndHoldBoundedlyManyValues() throws {
        func refusal(_ text: String) -> CatalogError? {
            do {
                _ = try PlistLoader.parse(Data(text.utf8), path: "text.plist")
                return nil
            } catch {
                return error
            }
        }
        // OpenStep text, which Foundation also reads: eight megabytes of "a," would be four million strings.
        #expect(refusal("{ CFBundleIcons = { CFBundleAlternateIcons = {}; }; }")?.description.contains("neither XML nor a binary plist") == true)
        let start = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleIcons</key><dict><key>a</key><array>"
        let end = "</array></dict></dict></plist>"
        let tooMany = start + String(repeating: "<string>a</string>", count: PlistLoader.maximumTags / 2) + end
        guard case .tooComplex(_, let reason)? = refusal(tooMany) else {
            Issue.record("\(PlistLoader.maximumTags / 2) strings were read")
            return
        }
        #expect(reason.contains("XML tags"))
        #expect(refusal(start + String(repeating: "<string>a</string>", count: 1_000) + end) == nil)
    }
}
