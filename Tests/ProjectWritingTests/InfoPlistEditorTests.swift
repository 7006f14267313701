import Foundation
import IconCatalog
@testable import ProjectWriting
import Testing
import TestSupport

/// A small Info.plist as Xcode writes it: tabs, keys sorted.
let xcodeStylePlist = """
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
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
\t\t\t\t<key>UIPrerenderedIcon</key>
\t\t\t\t<false/>
\t\t\t</dict>
\t\t\t<key>Red</key>
\t\t\t<dict>
\t\t\t\t<key>CFBundleIconFiles</key>
\t\t\t\t<array>
\t\t\t\t\t<string>Red</string>
\t\t\t\t</array>
\t\t\t\t<key>UIPrerenderedIcon</key>
\t\t\t\t<false/>
\t\t\t</dict>
\t\t</dict>
\t\t<key>CFBundlePrimaryIcon</key>
\t\t<dict>
\t\t\t<key>CFBundleIconFiles</key>
\t\t\t<array>
\t\t\t\t<string>AppIcon</string>
\t\t\t</array>
\t\t</dict>
\t</dict>
\t<key>CFBundleIdentifier</key>
\t<string>com.example.app</string>
</dict>
</plist>

"""

/// The plist's top-level dictionary through Foundation.
func foundationRead(_ data: Data) throws -> [String: Any] {
    try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
}

/// The alternates the catalog reads for `idiom`, by name.
func catalogAlternates(_ data: Data, idiom: Idiom = .phone) throws -> [String: DeclaredIcon] {
    let plist = try PlistLoader.parse(data, path: "Info.plist")
    let icons = try IconDeclarations.parse(plist, idiom: idiom, path: "Info.plist").icons.dropFirst()
    return Dictionary(uniqueKeysWithValues: icons.map { ($0.name ?? "", $0) })
}

func edit(_ text: String, _ changes: [InfoPlistChange]) throws(InfoPlistEditError) -> String {
    String(decoding: try InfoPlistEditor.apply(changes, to: Data(text.utf8), path: "Info.plist"), as: UTF8.self)
}

@Suite struct InfoPlistEditorTests {
    let green = AlternateIconEntry(name: "Green", iconFiles: ["Green"], prerendered: false)

    @Test func anAlternateGoesInNameOrderAsWholeLinesInTheFilesIndentation() throws {
        let added = try edit(xcodeStylePlist, [.addAlternate(green, .phone)])
        let expected = xcodeStylePlist.replacingOccurrences(of: "\t\t\t<key>Red</key>\n", with: """
        \t\t\t<key>Green</key>
        \t\t\t<dict>
        \t\t\t\t<key>CFBundleIconFiles</key>
        \t\t\t\t<array>
        \t\t\t\t\t<string>Green</string>
        \t\t\t\t</array>
        \t\t\t\t<key>UIPrerenderedIcon</key>
        \t\t\t\t<false/>
        \t\t\t</dict>
        \t\t\t<key>Red</key>

        """)
        #expect(added == expected)
        let read = try catalogAlternates(Data(added.utf8))
        #expect(read["Green"]?.iconFiles == ["Green"])
        #expect(read["Green"]?.prerendered == false)
        #expect(try edit(added, [.removeAlternate(name: "Green", .phone)]) == xcodeStylePlist)
    }

    @Test func keysOfANewEntryAreInXcodesByteOrder() throws {
        let entry = AlternateIconEntry(name: "Zed", iconFiles: ["z"], iconName: "ZedSet", prerendered: true, ordinal: 3)
        let added = try edit(xcodeStylePlist, [.addAlternate(entry, .phone)])
        #expect(added.contains("""
        \t\t\t<key>Zed</key>
        \t\t\t<dict>
        \t\t\t\t<key>CFBundleIconFiles</key>
        \t\t\t\t<array>
        \t\t\t\t\t<string>z</string>
        \t\t\t\t</array>
        \t\t\t\t<key>CFBundleIconName</key>
        \t\t\t\t<string>ZedSet</string>
        \t\t\t\t<key>UIPrerenderedIcon</key>
        \t\t\t\t<true/>
        \t\t\t\t<key>ordinal</key>
        \t\t\t\t<integer>3</integer>
        \t\t\t</dict>
        \t\t</dict>
        """), "after the last, Red, since Zed sorts last")
        let zed = try #require(try catalogAlternates(Data(added.utf8))["Zed"])
        #expect(zed.ordinal == 3 && zed.iconName == "ZedSet" && zed.prerendered == true)
    }

    @Test func anEntryNamingACatalogSetCarriesOnlyItsName() throws {
        let entry = AlternateIconEntry(name: "Dark", iconName: "Dark")
        let added = try edit(xcodeStylePlist, [.addAlternate(entry, .phone)])
        let dark = try #require(try catalogAlternates(Data(added.utf8))["Dark"])
        #expect(dark.iconName == "Dark" && dark.iconFiles.isEmpty)
        #expect(try edit(added, [.removeAlternate(name: "Dark", .phone)]) == xcodeStylePlist)
    }

    @Test func theFirstIPadAlternateMakesTheIPadDictionaryWithThePrimaryIcon() throws {
        let added = try edit(xcodeStylePlist, [.addAlternate(green, .phone), .addAlternate(green, .pad)])
        let plist = try foundationRead(Data(added.utf8))
        let pad = try #require(plist["CFBundleIcons~ipad"] as? [String: Any])
        let phone = try #require(plist["CFBundleIcons"] as? [String: Any])
        #expect(NSDictionary(dictionary: pad["CFBundlePrimaryIcon"] as? [String: Any] ?? [:])
            .isEqual(to: phone["CFBundlePrimaryIcon"] as? [String: Any] ?? ["none": 1]), "iPad reads no other primary icon")
        #expect(try catalogAlternates(Data(added.utf8), idiom: .pad).keys.sorted() == ["Green"])
        #expect(added.contains("\t</dict>\n\t<key>CFBundleIcons~ipad</key>\n\t<dict>\n\t\t<key>CFBundleAlternateIcons</key>\n"),
                "after CFBundleIcons, in the file's layout")
        let removed = try edit(added, [.removeAlternate(name: "Green", .pad), .removeAlternate(name: "Green", .phone)])
        #expect(removed == xcodeStylePlist)
    }

    @Test func aPlistWithoutIconsGetsTheDictionariesAndLosesThemAgain() throws {
        let bare = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>x</string>
            <key>CFBundleName</key>
            <string>X</string>
        </dict>
        </plist>

        """
        let added = try edit(bare, [.addAlternate(green, .phone)])
        #expect(added.contains("""
            <key>CFBundleIcons</key>
            <dict>
                <key>CFBundleAlternateIcons</key>
                <dict>
                    <key>Green</key>
        """), "four spaces, as the file indents")
        #expect(try catalogAlternates(Data(added.utf8))["Green"] != nil)
        #expect(try edit(added, [.removeAlternate(name: "Green", .phone)]) == bare)
    }

    @Test func anEmptyAlternatesDictionaryIsOpened() throws {
        let head = try #require(xcodeStylePlist.range(of: "\t\t<key>CFBundleAlternateIcons</key>\n"))
        let tail = try #require(xcodeStylePlist.range(of: "\t\t<key>CFBundlePrimaryIcon</key>"))
        let text = String(xcodeStylePlist[..<head.upperBound]) + "\t\t<dict/>\n" + String(xcodeStylePlist[tail.lowerBound...])
        #expect(text.contains("<key>CFBundleAlternateIcons</key>\n\t\t<dict/>"))
        let added = try edit(text, [.addAlternate(green, .phone)])
        #expect(added.contains("<key>CFBundleAlternateIcons</key>\n\t\t<dict>\n\t\t\t<key>Green</key>\n\t\t\t<dict>\n"))
        #expect(try catalogAlternates(Data(added.utf8)).keys.sorted() == ["Green"])
    }

    @Test func copyingToTheIPadTwinCopiesTheEntryAsWritten() throws {
        let copied = try edit(xcodeStylePlist, [.copyAlternateToPad(name: "Red")])
        let pad = try catalogAlternates(Data(copied.utf8), idiom: .pad)
        #expect(pad.keys.sorted() == ["Red"])
        #expect(pad["Red"] == (try catalogAlternates(Data(xcodeStylePlist.utf8))["Red"]))
        #expect(try edit(copied, [.removeAlternate(name: "Red", .pad)]) == xcodeStylePlist)
        #expect(throws: InfoPlistEditError(path: "Info.plist", kind: .noSuchAlternate(name: "Nope", keyPath: "CFBundleIcons.CFBundleAlternateIcons"))) {
            try edit(xcodeStylePlist, [.copyAlternateToPad(name: "Nope")])
        }
    }

    @Test func theNewsstandIconIsRemovedAndNothingElse() throws {
        let withNewsstand = xcodeStylePlist.replacingOccurrences(of: "\t\t<key>CFBundlePrimaryIcon</key>\n", with: """
        \t\t<key>UINewsstandIcon</key>
        \t\t<dict>
        \t\t\t<key>CFBundleIconFiles</key>
        \t\t\t<array>
        \t\t\t\t<string>News</string>
        \t\t\t</array>
        \t\t</dict>
        \t\t<key>CFBundlePrimaryIcon</key>

        """)
        #expect(try edit(withNewsstand, [.removeNewsstandIcon(.phone)]) == xcodeStylePlist)
        #expect(throws: InfoPlistEditError(path: "Info.plist", kind: .noSuchKey(keyPath: "CFBundleIcons.UINewsstandIcon"))) {
            try edit(xcodeStylePlist, [.removeNewsstandIcon(.phone)])
        }
    }

    @Test func thePrimaryIconNameGoesIntoThePrimaryIconOrAtTheTop() throws {
        let inPrimary = try edit(xcodeStylePlist, [.setPrimaryIconName("AppIcon", .primaryIcon(.phone))])
        #expect(inPrimary.contains("\t\t\t</array>\n\t\t\t<key>CFBundleIconName</key>\n\t\t\t<string>AppIcon</string>\n\t\t</dict>\n"))
        #expect(try IconDeclarations.parse(PlistLoader.parse(Data(inPrimary.utf8), path: "x"), idiom: .phone, path: "x").icons.first?.iconName == "AppIcon")
        #expect(try edit(inPrimary, [.setPrimaryIconName("AppIcon", .primaryIcon(.phone))]) == inPrimary, "already so: no change")
        let renamed = try edit(inPrimary, [.setPrimaryIconName("Other & Co", .primaryIcon(.phone))])
        #expect(renamed == inPrimary.replacingOccurrences(of: "<string>AppIcon</string>\n\t\t</dict>", with: "<string>Other &amp; Co</string>\n\t\t</dict>"))

        let topLevel = try edit(xcodeStylePlist, [.setPrimaryIconName("AppIcon", .topLevel)])
        #expect(topLevel.contains("<dict>\n\t<key>CFBundleIconName</key>\n\t<string>AppIcon</string>\n\t<key>CFBundleIcons</key>"),
                "before CFBundleIcons, as Xcode sorts by bytes (N before s)")
        #expect(try foundationRead(Data(topLevel.utf8))["CFBundleIconName"] as? String == "AppIcon")
        #expect(throws: InfoPlistEditError(path: "Info.plist", kind: .noSuchKey(keyPath: "CFBundleIcons~ipad")),
                "iPad reads CFBundleIcons: a new iPad dictionary would hide its primary icon") {
            try edit(xcodeStylePlist, [.setPrimaryIconName("AppIcon", .primaryIcon(.pad))])
        }
        let withPad = try edit(xcodeStylePlist, [.copyAlternateToPad(name: "Red"), .setPrimaryIconName("AppIcon", .primaryIcon(.pad))])
        let padIcons = try IconDeclarations.parse(PlistLoader.parse(Data(withPad.utf8), path: "x"), idiom: .pad, path: "x").icons
        #expect(padIcons.first?.iconName == "AppIcon" && padIcons.first?.iconFiles == ["AppIcon"])
    }

    @Test func namesAreWrittenAsXMLText() throws {
        let entry = AlternateIconEntry(name: "Cats & <Dogs>", iconFiles: ["cats&dogs"])
        let added = try edit(xcodeStylePlist, [.addAlternate(entry, .phone)])
        #expect(added.contains("<key>Cats &amp; &lt;Dogs&gt;</key>"))
        #expect(try catalogAlternates(Data(added.utf8))["Cats & <Dogs>"]?.iconFiles == ["cats&dogs"])
        #expect(try edit(added, [.removeAlternate(name: "Cats & <Dogs>", .phone)]) == xcodeStylePlist)
    }

    @Test func windowsLineBreaksAreKept() throws {
        let crlf = xcodeStylePlist.replacingOccurrences(of: "\n", with: "\r\n")
        let added = try edit(crlf, [.addAlternate(green, .phone)])
        #expect(!added.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(try catalogAlternates(Data(added.utf8))["Green"] != nil)
        #expect(try edit(added, [.removeAlternate(name: "Green", .phone)]) == crlf)
    }

    @Test func aPlistOnOneLineIsEditedOnThatLine() throws {
        let oneLine = #"<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleIcons</key><dict><key>CFBundleAlternateIcons</key><dict><key>A</key><dict><key>CFBundleIconFiles</key><array><string>a</string></array></dict></dict></dict></dict></plist>"#
        let added = try edit(oneLine, [.addAlternate(green, .phone)])
        #expect(!added.contains("\n"))
        #expect(try catalogAlternates(Data(added.utf8)).keys.sorted() == ["A", "Green"])
        #expect(try edit(added, [.removeAlternate(name: "Green", .phone)]) == oneLine)
    }

    @Test func problemsAreNamedWithTheFileAndNothingIsStaged() throws {
        func failure(_ text: String, _ change: InfoPlistChange) -> InfoPlistEditProblem? {
            do {
                _ = try edit(text, [change])
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(failure(xcodeStylePlist, .addAlternate(AlternateIconEntry(name: "Red", iconFiles: ["r"]), .phone))
            == .alternateExists(name: "Red", keyPath: "CFBundleIcons.CFBundleAlternateIcons"))
        #expect(failure(xcodeStylePlist, .removeAlternate(name: "Green", .pad))
            == .noSuchAlternate(name: "Green", keyPath: "CFBundleIcons~ipad.CFBundleAlternateIcons"))
        let stringIcons = xcodeStylePlist.replacingOccurrences(of: "<key>CFBundleIdentifier</key>", with: "<key>CFBundleIcons~ipad</key>\n\t<string>no</string>\n\t<key>CFBundleIdentifier</key>")
        #expect(failure(stringIcons, .addAlternate(green, .pad)) == .wrongType(keyPath: "CFBundleIcons~ipad", found: "a string"))
        let broken = xcodeStylePlist.replacingOccurrences(of: "\t\t\t</dict>\n\t\t</dict>", with: "\t\t\t</dict>\n\t\t</array>")
        #expect(failure(broken, .addAlternate(green, .phone)).map { if case .notAPlist = $0 { true } else { false } } == true)
        let twice = xcodeStylePlist.replacingOccurrences(of: "\t<key>CFBundleIdentifier</key>", with: "\t<key>CFBundleIcons</key>\n\t<dict/>\n\t<key>CFBundleIdentifier</key>")
        #expect(failure(twice, .addAlternate(green, .phone)) == .malformed(line: 36, problem: "the key CFBundleIcons appears twice in one dictionary"))
        let unparsable = "<plist><dict><key>A</key><dict></plist>"
        #expect(failure(unparsable, .addAlternate(green, .phone)).map { if case .notAPlist = $0 { true } else { false } } == true)

        let folder = TemporaryFolder()
        var set = ChangeSet()
        let missing = folder.url("nothing/Info.plist")
        #expect(throws: InfoPlistEditError(path: missing, kind: .missing)) {
            try InfoPlistEditor.apply([.addAlternate(green, .phone)], toFileAt: missing, in: &set)
        }
        let path = folder.write("Info.plist", xcodeStylePlist)
        #expect(throws: InfoPlistEditError.self) {
            try InfoPlistEditor.apply([.addAlternate(green, .phone), .removeAlternate(name: "Nope", .phone)], toFileAt: path, in: &set)
        }
        #expect(set.changes.isEmpty, "a failing list of changes stages none of them")
        let message = InfoPlistEditError(path: path, kind: .alternateExists(name: "Red", keyPath: "CFBundleIcons.CFBundleAlternateIcons")).description
        #expect(message.hasPrefix(path + ": ") && !message.contains("\n"))
    }

    @Test func changesAreStagedInTheChangeSetAndComposeWithLaterReads() throws {
        let folder = TemporaryFolder()
        let path = folder.write("Info.plist", xcodeStylePlist)
        var set = ChangeSet()
        try InfoPlistEditor.apply([.addAlternate(green, .phone)], toFileAt: path, in: &set)
        try InfoPlistEditor.apply([.copyAlternateToPad(name: "Green")], toFileAt: path, in: &set)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == xcodeStylePlist, "nothing written yet")
        let staged = try #require(set.changes.first?.replacement)
        #expect(try catalogAlternates(staged, idiom: .pad).keys.sorted() == ["Green"])
        #expect(set.changes.first?.original == Data(xcodeStylePlist.utf8))
    }
}

/// Damaged plists: every prefix of a real one, and one byte changed in many places. Each edit
/// either fails with its error or leaves a plist the catalog reads, holding the new alternate.
@Suite struct InfoPlistDamageTests {
    @Test func everyPrefixAndDamagedByteEitherFailsOrGivesAReadablePlist() throws {
        let whole = Array(xcodeStylePlist.utf8)
        var inputs = (0..<whole.count).map { Array(whole[..<$0]) }
        var generator = SplitMix(seed: 23)
        let damage = Array("<>/&\n\t\"x#".utf8)
        for _ in 0..<600 {
            var damaged = whole
            damaged[Int(generator.next() % UInt64(whole.count))] = damage[Int(generator.next() % UInt64(damage.count))]
            inputs.append(damaged)
        }
        let entry = AlternateIconEntry(name: "Green", iconFiles: ["Green"])
        var edited = 0
        for input in inputs {
            guard let result = try? InfoPlistEditor.apply([.addAlternate(entry, .phone)], to: Data(input), path: "Info.plist") else { continue }
            edited += 1
            #expect(try catalogAlternates(result)["Green"] != nil, "\(String(decoding: input, as: UTF8.self))")
        }
        #expect(edited > 100, "most damage elsewhere in the file leaves it editable")
    }
}
