import Foundation
import IconCatalog
@testable import ProjectWriting
import Testing
import TestSupport

/// Binary, preprocessed and real plists: each edited in its own form, read back by Foundation
/// and the catalog, and given back byte for byte by the inverse change.
@Suite struct InfoPlistFormsTests {
    let added = AlternateIconEntry(name: "IconchooserAdded", iconFiles: ["IconchooserAdded"], prerendered: false)

    @Test func aBinaryPlistStaysBinaryAndHoldsTheChange() throws {
        let folder = TemporaryFolder()
        let original: [String: Any] = [
            "CFBundleIdentifier": "com.example.app",
            "CFBundleIcons": [
                "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon"]],
                "CFBundleAlternateIcons": ["Red": ["CFBundleIconFiles": ["Red"]]],
                "UINewsstandIcon": ["CFBundleIconFiles": ["News"]],
            ],
        ]
        let path = folder.writePlist(original, format: .binary)
        var set = ChangeSet()
        try InfoPlistEditor.apply([.addAlternate(added, .phone), .addAlternate(added, .pad), .removeNewsstandIcon(.phone),
                                   .setPrimaryIconName("AppIcon", .topLevel)], toFileAt: path, in: &set)
        let edited = try #require(set.changes.first?.replacement)
        #expect(BinaryPlistGuard.isBinaryPlist(edited))
        #expect(try catalogAlternates(edited).keys.sorted() == ["IconchooserAdded", "Red"])
        #expect(try catalogAlternates(edited, idiom: .pad).keys.sorted() == ["IconchooserAdded"])
        let plist = try foundationRead(edited)
        #expect(plist["CFBundleIconName"] as? String == "AppIcon")
        #expect((plist["CFBundleIcons"] as? [String: Any])?["UINewsstandIcon"] == nil)
        let pad = try #require(plist["CFBundleIcons~ipad"] as? [String: Any])
        #expect(pad["CFBundlePrimaryIcon"] != nil, "the iPad dictionary starts with the primary icon")

        let back = try InfoPlistEditor.apply([.removeAlternate(name: "IconchooserAdded", .pad), .removeAlternate(name: "IconchooserAdded", .phone)],
                                             to: edited, path: path)
        var expected = original
        expected["CFBundleIconName"] = "AppIcon"
        var icons = try #require(expected["CFBundleIcons"] as? [String: Any])
        icons["UINewsstandIcon"] = nil
        expected["CFBundleIcons"] = icons
        #expect(NSDictionary(dictionary: try foundationRead(back)).isEqual(to: expected))
        #expect(throws: InfoPlistEditError(path: path, kind: .alternateExists(name: "Red", keyPath: "CFBundleIcons.CFBundleAlternateIcons"))) {
            try InfoPlistEditor.apply([.addAlternate(AlternateIconEntry(name: "Red", iconFiles: []), .phone)], to: edited, path: path)
        }
    }

    static let preprocessed = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0">
    <dict>
    \t<key>CFBundleIcons</key>
    \t<dict>
    \t\t<key>CFBundleAlternateIcons</key>
    \t\t<dict>
    \t\t\t<key>Blue</key>
    \t\t\t<dict>
    \t\t\t\t<key>CFBundleIconFiles</key>
    \t\t\t\t<array>
    \t\t\t\t\t<string>Blue</string>
    \t\t\t\t</array>
    \t\t\t</dict>
    \t\t</dict>
    \t</dict>
    \t<key>CFBundleIdentifier</key>
    \t<string>x</string>
    #ifdef PRO
    \t<key>CFBundleIcons~ipad</key>
    \t<dict>
    \t\t<key>CFBundleAlternateIcons</key>
    \t\t<dict>
    \t\t\t<key>Gold</key>
    \t\t\t<dict>
    \t\t\t\t<key>CFBundleIconFiles</key>
    \t\t\t\t<array>
    \t\t\t\t\t<string>Gold</string>
    \t\t\t\t</array>
    \t\t\t</dict>
    \t\t</dict>
    \t</dict>
    #endif
    </dict>
    </plist>

    """

    @Test func aPreprocessedPlistIsEditedOutsideItsConditionalBlocks() throws {
        let text = Self.preprocessed
        let edited = try edit(text, [.addAlternate(added, .phone)])
        let expanded = try PlistPreprocessor.run(Data(edited.utf8), path: "Info.plist")
        #expect(try catalogAlternates(expanded).keys.sorted() == ["Blue", "IconchooserAdded"])
        #expect(try edit(edited, [.removeAlternate(name: "IconchooserAdded", .phone)]) == text)
    }

    @Test func anEditInsideAConditionalBlockIsLeftToTheDeveloperWithTheLines() throws {
        let folder = TemporaryFolder()
        let path = folder.write("Info.plist", Self.preprocessed)
        var set = ChangeSet()
        let entry = AlternateIconEntry(name: "Green", iconFiles: ["Green"])
        let expected = HandEdit(line: 31, removed: [], added: [
            "\t\t\t<key>Green</key>", "\t\t\t<dict>", "\t\t\t\t<key>CFBundleIconFiles</key>", "\t\t\t\t<array>",
            "\t\t\t\t\t<string>Green</string>", "\t\t\t\t</array>", "\t\t\t</dict>",
        ])
        #expect(Self.preprocessed.split(separator: "\n", omittingEmptySubsequences: false)[30] == "\t\t</dict>",
                "line 31 is where the entry would go, after Gold")
        #expect(throws: InfoPlistEditError(path: path, kind: .insideConditionalBlock(expected))) {
            try InfoPlistEditor.apply([.addAlternate(entry, .pad)], toFileAt: path, in: &set)
        }
        #expect(set.changes.isEmpty)
        do {
            _ = try edit(Self.preprocessed, [.removeAlternate(name: "Gold", .pad)])
            Issue.record("removing inside #ifdef must be refused")
        } catch {
            guard case .insideConditionalBlock(let edit) = error.kind else { Issue.record("\(error)"); return }
            // The only alternate: its whole dictionary goes, and that is the iPad dictionary's only entry.
            #expect(edit.line == 20 && edit.added.isEmpty && edit.removed.first == "\t<key>CFBundleIcons~ipad</key>"
                && edit.removed.last == "\t</dict>" && edit.removed.count == 13, "\(edit)")
        }
    }

    /// The demo app's plist: alternates ordered by `ordinal`, not by name, so a new one goes last.
    @Test func theDemoPlistRoundTrips() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.demoPlist))
        try roundTrip(data, path: Repository.demoPlist)
        let edited = try InfoPlistEditor.apply([.addAlternate(added, .phone)], to: data, path: "Info.plist")
        let text = String(decoding: edited, as: UTF8.self)
        let alternatesEnd = try #require(text.range(of: "\t\t</dict>\n\t\t<key>CFBundlePrimaryIcon</key>"))
        #expect(text[..<alternatesEnd.lowerBound].hasSuffix("<key>UIPrerenderedIcon</key>\n\t\t\t\t<false/>\n\t\t\t</dict>\n"))
        #expect(text[..<alternatesEnd.lowerBound].contains("\t\t\t<key>IconchooserAdded</key>\n"))
    }

    @Test func everyRealPlistRoundTrips() throws {
        guard Repository.hasCorpus else {
            print("InfoPlistFormsTests: skipped: ../shared/corpus is absent")
            return
        }
        var paths = try FileManager.default.contentsOfDirectory(atPath: Repository.realPlists.path)
            .filter { $0.hasSuffix(".plist") }.map(Repository.realPlist)
        if RealProjectCorpus.available, let walker = FileManager.default.enumerator(atPath: RealProjectCorpus.root.path) {
            for case let relative as String in walker where relative.hasSuffix("Info.plist") {
                paths.append(RealProjectCorpus.path(relative))
            }
        }
        var tried = 0
        for path in paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard String(decoding: data, as: UTF8.self).contains("CFBundleAlternateIcons") else { continue }
            tried += 1
            try roundTrip(data, path: path)
        }
        #expect(tried >= 8, "the corpus's plists with alternates")
    }

    /// Adds an alternate on iPhone and iPad and copies one, checks that Foundation and the
    /// catalog read the result with them, then removes them and expects the original bytes.
    private func roundTrip(_ data: Data, path: String) throws {
        let changes: [InfoPlistChange] = [.addAlternate(added, .phone), .addAlternate(added, .pad)]
        let edited: Data
        do {
            edited = try InfoPlistEditor.apply(changes, to: data, path: path)
        } catch {
            if case .insideConditionalBlock = error.kind { return }
            throw error
        }
        let readable = PlistPreprocessor.containsDirectives(edited) ? try PlistPreprocessor.run(edited, path: path) : edited
        _ = try foundationRead(readable)
        #expect(try catalogAlternates(readable)["IconchooserAdded"]?.iconFiles == ["IconchooserAdded"], "\(path)")
        #expect(try catalogAlternates(readable, idiom: .pad)["IconchooserAdded"] != nil, "\(path)")
        let back = try InfoPlistEditor.apply([.removeAlternate(name: "IconchooserAdded", .pad), .removeAlternate(name: "IconchooserAdded", .phone)],
                                             to: edited, path: path)
        #expect(back == data, "\(path): add then remove gives back the bytes")
    }
}
