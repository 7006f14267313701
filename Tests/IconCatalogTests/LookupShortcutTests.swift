import Foundation
@testable import IconCatalog
import TerminalText
import Testing

/// The shortcuts a large plist needs give the answers of the plain definitions they replace.
@Suite struct LookupShortcutTests {
    @Test func baseNamesAreWhatLowercasingAndCharactersSay() {
        let entries = ["Blue", "Blue.png", "Blue.PNG", "Blue.pNg", ".png", "png", "", "Blue.png.png", "Blue.pngx",
                       "a\u{600}.png", "\u{600}.png", "é.png", "e\u{301}.png", "x.png\u{301}", "\r\n.png", "İ.PNG", "Blue@2x.png"]
        for entry in entries {
            let plain = entry.lowercased().hasSuffix(".png") ? String(entry.dropLast(4)) : entry
            let base = IconFileResolver.baseName(of: entry)
            #expect(base == plain && base.utf8.elementsEqual(plain.utf8), "\(entry.debugDescription)")
        }
    }

    @Test func entriesFindFilesWhoseNamesAreCanonicallyEquivalent() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("Caf\u{E9}@2x.png", width: 120, height: 120)
        folder.writePNGHeader("Te\u{301}a@3x~ipad.png", width: 167, height: 167)
        folder.writePNGHeader("Cat.xcassets/Only@2x.png", width: 120, height: 120)
        let index = FileIndex(root: folder.path)
        let phone = IconFileResolver(searchRoot: folder.path, idiom: .phone, defines: [:], index: index)
        let pad = IconFileResolver(searchRoot: folder.path, idiom: .pad, defines: [:], index: index)
        #expect(phone.lookup("Cafe\u{301}") == .found([folder.url("Caf\u{E9}@2x.png")]))
        #expect(phone.lookup("CAF\u{C9}.png") == .notFound, "names are case-sensitive")
        #expect(pad.lookup("T\u{E9}a.PNG") == .found([folder.url("Te\u{301}a@3x~ipad.png")]))
        #expect(phone.lookup("Only") == .onlyInAssetCatalog(folder.url("Cat.xcassets/Only@2x.png")))
        #expect(phone.lookup("Caf") == .notFound)
        #expect(phone.lookup("../Caf\u{E9}") == .unsafe(reason: "contains a path separator"))
    }

    @Test func unsafeReasonsLookAtScalarsOnlyWhereBytesCannotSay() {
        #expect(IconFileResolver.unsafeReason("Blue\u{7}") == "contains control or bidi characters")
        #expect(IconFileResolver.unsafeReason("Blue\u{85}") == "contains control or bidi characters")
        #expect(IconFileResolver.unsafeReason("Blue\u{202E}") == "contains control or bidi characters")
        #expect(IconFileResolver.unsafeReason("Bl\u{E9}u") == nil)
        #expect(IconFileResolver.unsafeReason("a..b\u{7}") == "contains “..”")
    }

    /// The order lint takes without parsing is the order `parse` gives, malformed icons, ordinals and all.
    @Test func alternateOrderIsTheParsedOrder() throws {
        let handmade: [String: Any] = ["CFBundleIcons": [
            "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon"]],
            "CFBundleAlternateIcons": [
                "b": ["CFBundleIconFiles": ["b"], "ordinal": 2], "A": ["CFBundleIconFiles": ["a"], "ordinal": 2],
                "c": ["CFBundleIconFiles": ["c"], "ordinal": "1"], "D": ["CFBundleIconFiles": ["d"]],
                "e": ["CFBundleIconName": "E"], "f": ["CFBundleIconName": 3], "g": "not a dictionary",
                "h": ["CFBundleIconFiles": "h"], "i": ["CFBundleIconFiles": [], "ordinal": 1], "\u{E9}": ["CFBundleIconFiles": []],
            ] as [String: Any],
        ] as [String: Any]]
        let hostile = try PlistLoader.parse(HostileInput.hostileText(bytes: 60_000), path: "hostile.plist")
        for plist in [handmade, hostile] {
            for idiom in Idiom.allCases {
                let parsed = try IconDeclarations.parse(plist, idiom: idiom, path: "Info.plist").icons.compactMap(\.name)
                #expect(IconDeclarations.alternateOrder(in: plist, idiom: idiom) == parsed)
            }
        }
        #expect(IconDeclarations.alternateOrder(in: handmade, idiom: .phone) == ["i", "A", "b", "c", "D", "e", "\u{E9}"])
    }
}
