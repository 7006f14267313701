import Foundation
import Testing
@testable import IconCatalog

@Suite struct DemoCatalogTests {
    @Test func demoListsFiveIconsInOrdinalOrderWithTheirImages() throws {
        let catalog = try CatalogReader.read(app: Repository.demoPlist)
        #expect(catalog.displayName == "Colourful")
        #expect(catalog.bundleIdentifier == "com.example.iconchooser.colourful")
        #expect(catalog.icons.map(\.displayName) == ["Default", "black-white", "white-black", "multi-black", "black-multi"])
        #expect(catalog.icons.map(\.ordinal) == [nil, 1, 2, 3, 4])
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
        for icon in catalog.icons {
            let stem = "app-icon--\(icon.name ?? "default")"
            #expect(icon.images.map { ($0.path as NSString).lastPathComponent } == ["\(stem)@2x.png", "\(stem)@3x.png"])
            #expect(icon.images.map(\.width) == [120, 180])
            #expect(icon.prerendered == false)
        }
    }

    @Test func demoOnIPadUsesTheIPadTwinAndItsFiles() throws {
        let catalog = try CatalogReader.read(app: Repository.demoPlist, options: CatalogOptions(idiom: .pad))
        #expect(catalog.iconsKey == "CFBundleIcons~ipad")
        #expect(catalog.icons.count == 5)
        #expect(catalog.icons[1].iconFiles == ["app-icon--black-white-ipadpro", "app-icon--black-white-ipad"])
        #expect(catalog.icons[1].images.map(\.width) == [167, 152])
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    @Test func appFolderFindsItsInfoPlist() throws {
        let folder = (Repository.demoPlist as NSString).deletingLastPathComponent
        #expect(try CatalogReader.read(app: folder).plistPath == Repository.demoPlist)
    }
}

/// The order of names without an ordinal: as Finder and Xcode sort them, numbers by value.
@Suite struct NaturalNameOrderTests {
    private func sorted(_ names: [String]) -> [String] {
        names.map { (key: IconDeclarations.NameKey($0), name: $0) }.sorted { $0.key < $1.key }.map(\.name)
    }

    private func precedes(_ a: String, _ b: String) -> Bool { IconDeclarations.NameKey(a) < IconDeclarations.NameKey(b) }

    @Test func numbersInNamesCompareByValue() {
        #expect(sorted(["icon10", "icon2", "icon1", "icon11", "icon20", "icon3"])
                == ["icon1", "icon2", "icon3", "icon10", "icon11", "icon20"])
        #expect(sorted(["v1.10", "v1.9", "v1.2", "v10.0"]) == ["v1.2", "v1.9", "v1.10", "v10.0"])
        #expect(sorted(["2b", "10a", "2a"]) == ["2a", "2b", "10a"])
    }

    @Test func caseIsIgnoredThenBreaksTies() {
        #expect(sorted(["Banana", "apple", "Cherry"]) == ["apple", "Banana", "Cherry"])
        #expect(sorted(["icon10", "ICON2", "Icon1"]) == ["Icon1", "ICON2", "icon10"])
        #expect(sorted(["apple", "Apple", "APPLE"]) == ["APPLE", "Apple", "apple"])
    }

    @Test func leadingZerosDoNotChangeTheValueAndTheWrittenFormBreaksTheTie() {
        #expect(precedes("icon007", "icon10") && precedes("icon2", "icon007"))
        #expect(sorted(["icon1", "icon01", "icon001", "icon0"]) == ["icon0", "icon001", "icon01", "icon1"])
        #expect(precedes("a0", "a00") && !precedes("a00", "a0"))
    }

    /// A run of digits sorts against other characters as each of its digits would: after a space
    /// or a dash, before letters and an underscore, and a name before its own extension.
    @Test func digitsSortAgainstOtherCharactersAsInPlainOrder() {
        #expect(sorted(["ab", "a1", "a_", "a-", "a 9", "a"]) == ["a", "a 9", "a-", "a1", "a_", "ab"])
        #expect(sorted(["icon", "icon2", "icon-dark", "iconic"]) == ["icon", "icon-dark", "icon2", "iconic"])
    }

    @Test func longDigitRunsCompareWithoutOverflow() {
        let huge = String(repeating: "9", count: 40), larger = "1" + String(repeating: "0", count: 40)
        #expect(precedes("n\(huge)", "n\(larger)"))
        #expect(precedes("n\(Int.max)", "n9223372036854775808"))
        #expect(precedes("n" + String(repeating: "0", count: 30) + "5", "n6"))
        #expect(precedes("n\(huge)1", "n\(huge)2") && precedes("n\(huge)x", "n\(huge)y"))
    }

    @Test func namesEqualOnceFoldedAreStillOrderedAndDistinct() {
        for (a, b) in [("Icon", "icon"), ("icon01", "icon1"), ("A2", "a02")] {
            #expect(precedes(a, b) != precedes(b, a), "\(a) \(b)")
            #expect(IconDeclarations.NameKey(a) != IconDeclarations.NameKey(b))
        }
        #expect(!precedes("same", "same"))
    }

    /// Any shuffle sorts to the same list, every pair of which is ordered one way only and
    /// consistently with the pairs around it.
    @Test func theOrderIsTotalAndTransitive() {
        let names = ["icon1", "Icon1", "icon01", "icon2", "icon10", "icon 2", "icon-2", "icon_2", "icon", "ICON",
                     "a9b", "a10b", "a9c", "a09b", "z", "Z1", "é1", "e\u{301}2", "日本3", "🎉10", "🎉9", "x99999999999999999999",
                     "x100000000000000000000", "0", "00", "", "1a", "1"]
        var random = SystemRandomNumberGenerator()
        let expected = sorted(names)
        for _ in 0..<20 { #expect(sorted(names.shuffled(using: &random)) == expected) }
        for a in names {
            for b in names where a != b { #expect(precedes(a, b) != precedes(b, a), "\(a) \(b)") }
            for b in names where precedes(a, b) {
                for c in names where precedes(b, c) { #expect(precedes(a, c), "\(a) < \(b) < \(c)") }
            }
        }
    }
}

@Suite struct ChooserOrderTests {
    private func names(_ alternates: [String: Any], primary: [String]? = ["AppIcon"]) throws -> [String] {
        let plist: [String: Any] = ["CFBundleIcons": PlistShapes.icons(primary: primary, alternates: alternates)]
        return try IconDeclarations.parse(plist, idiom: .phone, path: "Info.plist").icons.map { $0.name ?? "<primary>" }
    }

    @Test func ordinalsAscendThenNamesBreakTies() throws {
        let order = try names([
            "zeta": PlistShapes.alternate(["z"], ordinal: 1),
            "alpha": PlistShapes.alternate(["a"], ordinal: 2),
            "beta": PlistShapes.alternate(["b"], ordinal: 1),
        ])
        #expect(order == ["<primary>", "beta", "zeta", "alpha"])
    }

    @Test func alternatesWithoutUsableOrdinalFollowByCaseInsensitiveName() throws {
        let order = try names([
            "banana": PlistShapes.alternate(["x"]),
            "Apple": PlistShapes.alternate(["x"]),
            "apple": PlistShapes.alternate(["x"]),
            "cherry": PlistShapes.alternate(["x"], ordinal: "3"),
            "date": PlistShapes.alternate(["x"], ordinal: 2.5),
            "elder": PlistShapes.alternate(["x"], ordinal: true),
            "first": PlistShapes.alternate(["x"], ordinal: 9),
        ])
        #expect(order == ["<primary>", "first", "Apple", "apple", "banana", "cherry", "date", "elder"])
    }

    @Test func unusableOrdinalsAreReportedByKey() throws {
        let plist: [String: Any] = ["CFBundleIcons": PlistShapes.icons(alternates: [
            "one": PlistShapes.alternate(["x"], ordinal: "1"),
            "two": PlistShapes.alternate(["x"], ordinal: 1),
        ])]
        let result = try IconDeclarations.parse(plist, idiom: .phone, path: "Info.plist")
        #expect(result.warnings.map(\.subject) == ["CFBundleIcons.CFBundleAlternateIcons.one.ordinal"])
        #expect(result.warnings.first?.message.contains("a string, expected an integer") == true)
    }

    @Test func primaryIsAlwaysFirstEvenWhenUndeclared() throws {
        #expect(try names(["x": PlistShapes.alternate(["x"])], primary: nil) == ["<primary>", "x"])
    }

    @Test func malformedAlternatesAreSkippedWithAWarningNamingTheKey() throws {
        let plist: [String: Any] = ["CFBundleIcons": PlistShapes.icons(alternates: [
            "good": PlistShapes.alternate(["g"]),
            "notADict": "oops",
            "noFiles": ["UIPrerenderedIcon": false],
            "filesAString": ["CFBundleIconFiles": "single"],
            "mixed": ["CFBundleIconFiles": ["ok", 42]],
            "badFlag": PlistShapes.alternate(["b"], prerendered: "yes"),
        ])]
        let result = try IconDeclarations.parse(plist, idiom: .phone, path: "Info.plist")
        #expect(result.icons.compactMap(\.name) == ["badFlag", "good", "mixed"])
        #expect(result.icons.first { $0.name == "mixed" }?.iconFiles == ["ok"])
        let subjects = Set(result.warnings.map(\.subject))
        let prefix = "CFBundleIcons.CFBundleAlternateIcons."
        #expect(subjects == [prefix + "notADict", prefix + "noFiles", prefix + "filesAString.CFBundleIconFiles",
                             prefix + "mixed.CFBundleIconFiles[1]", prefix + "badFlag.UIPrerenderedIcon"])
    }

    @Test func iconsOfTheWrongTypeStopTheApp() {
        #expect(throws: CatalogError.wrongType(path: "Info.plist", key: "CFBundleIcons", expected: "a dictionary",
                                               found: "an array")) {
            try IconDeclarations.parse(["CFBundleIcons": [1, 2]], idiom: .phone, path: "Info.plist")
        }
        #expect(throws: CatalogError.missingIcons(path: "Info.plist", key: "CFBundleIcons")) {
            try IconDeclarations.parse(["CFBundleName": "x"], idiom: .phone, path: "Info.plist")
        }
    }

    @Test func padReadsOnlyItsTwinWhenPresent() throws {
        let plist: [String: Any] = [
            "CFBundleIcons": PlistShapes.icons(alternates: ["blue": PlistShapes.alternate(["b"]),
                                                            "red": PlistShapes.alternate(["r"])]),
            "CFBundleIcons~ipad": PlistShapes.icons(alternates: ["red": PlistShapes.alternate(["r-ipad"])]),
        ]
        let pad = try IconDeclarations.parse(plist, idiom: .pad, path: "Info.plist")
        #expect(pad.iconsKey == "CFBundleIcons~ipad")
        #expect(pad.icons.compactMap(\.name) == ["red"])
        let padOnlyPlain = try IconDeclarations.parse(["CFBundleIcons": plist["CFBundleIcons"]!], idiom: .pad, path: "x")
        #expect(padOnlyPlain.iconsKey == "CFBundleIcons")
        #expect(padOnlyPlain.icons.compactMap(\.name) == ["blue", "red"])
    }
}

@Suite struct RealPlistTests {
    static let files = [
        "razeware_emitron-iOS_Info.plist", "LLLLLayer_Colourful_Info.plist", "CoderTitan_ChangeIcon_Info.plist",
        "wordpress-mobile_WordPress-iOS_Jetpack-Info.plist", "duckduckgo_iOS_Info.plist",
        "TelegramMessenger_Telegram-iOS_Info.plist",
    ]

    // Skips (with this reason) when ../shared/corpus is absent, as on a machine without the shared folder.
    @Test(.enabled(if: Repository.hasCorpus, "../shared/corpus is not present"), arguments: files)
    func everyRealPlistReadsWithThePrimaryFirst(file: String) throws {
        for idiom in Idiom.allCases {
            let catalog = try CatalogReader.read(app: Repository.realPlist(file), options: CatalogOptions(idiom: idiom))
            #expect(catalog.primary.isPrimary)
            #expect(catalog.supportsAlternateIcons)
            #expect(Set(catalog.alternateNames).count == catalog.alternates.count)
        }
    }

    @Test(.enabled(if: Repository.hasCorpus, "../shared/corpus is not present"))
    func emitronOrderFollowsItsOrdinals() throws {
        let catalog = try CatalogReader.read(app: Repository.realPlist("razeware_emitron-iOS_Info.plist"))
        #expect(catalog.icons.map(\.displayName) == ["Default", "white-black", "black-white", "black-multi", "multi-black"])
        let pad = try CatalogReader.read(app: Repository.realPlist("razeware_emitron-iOS_Info.plist"),
                                         options: CatalogOptions(idiom: .pad, defines: ["BUNDLE_ID_SUFFIX": ".beta"]))
        #expect(pad.primary.iconFiles == ["app-icon--default.beta-ipadpro", "app-icon--default.beta-ipad"])
    }

    @Test(.enabled(if: Repository.hasCorpus, "../shared/corpus is not present"))
    func colourfulSeedAndOthersKeepTheirNames() throws {
        let colourful = try CatalogReader.read(app: Repository.realPlist("LLLLLayer_Colourful_Info.plist"))
        #expect(colourful.alternateNames == ["black-white", "white-black", "multi-black", "black-multi"])
        let wordpress = try CatalogReader.read(app: Repository.realPlist("wordpress-mobile_WordPress-iOS_Jetpack-Info.plist"))
        #expect(wordpress.alternateNames.contains("Spectrum '22"))
        #expect(wordpress.alternateNames.contains("Black Classic"))
        let changeIcon = try CatalogReader.read(app: Repository.realPlist("CoderTitan_ChangeIcon_Info.plist"))
        #expect(changeIcon.alternateNames.contains("小猫"))
        let duck = try CatalogReader.read(app: Repository.realPlist("duckduckgo_iOS_Info.plist"))
        let duckPad = try CatalogReader.read(app: Repository.realPlist("duckduckgo_iOS_Info.plist"),
                                             options: CatalogOptions(idiom: .pad))
        #expect(duck.alternateNames.contains("AppIcon-blue"))
        #expect(!duckPad.alternateNames.contains("AppIcon-blue"))
    }

    @Test(.enabled(if: Repository.hasCorpus, "../shared/corpus is not present"))
    func telegramPrimaryHasOnlyAnIconNameAndTheFragmentIsRefused() throws {
        let telegram = try CatalogReader.read(app: Repository.realPlist("TelegramMessenger_Telegram-iOS_Info.plist"))
        #expect(telegram.primary.iconFiles.isEmpty)
        #expect(telegram.warnings.contains { $0.message.contains("CFBundleIconName") })
        #expect {
            try CatalogReader.read(app: Repository.realPlist("TelegramMessenger_Telegram-iOS_AlternateIcons.plist"))
        } throws: { error in
            guard case .notAPlist = error as? CatalogError else { return false }
            return true
        }
    }
}
