import Foundation
import Testing
import TestSupport

/// `lint --fix` on the built binary: each fixable finding is gone afterwards, nothing else
/// changed, `--dry-run` writes nothing, and a fix that would change how an icon looks waits
/// for `--background`.
@Suite struct LintFixCommandTests {
    let cli = CLI()

    func findings(_ app: [String]) throws -> [[String: Any]] {
        let outcome = try cli.run(["lint", "--format", "json"] + app)
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
    }

    func rules(_ app: [String], fixable: Bool? = nil) throws -> [String] {
        try findings(app).filter { fixable == nil || $0["fixable"] as? Bool == fixable }.compactMap { $0["rule"] as? String }.sorted()
    }


    @Test func fixesAMissingIPadTwinAndANewsstandIconInThePlist() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings()
        let app = ["--app", demo]
        #expect(try rules(app, fixable: true) == ["missing-on-ipad", "newsstand-icon"])
        let others = try rules(app, fixable: false)
        let before = EditCommandTests.snapshot(demo)
        let dry = try cli.run(["lint", "--fix", "--dry-run"] + app)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("-\t\t<key>UINewsstandIcon</key>"), "\(dry.stdout)")
        #expect(EditCommandTests.difference(before, EditCommandTests.snapshot(demo)) == [])
        // What was done goes to stderr; stdout is the report on the app as it is now.
        let fixed = try cli.run(["lint", "--fix", "--format", "json"] + app)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stderr.contains("Info.plist"), "\(fixed.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(fixed.stdout.utf8)) as? [[String: Any]])
        #expect(!report.contains { $0["fixable"] as? Bool == true })
        #expect(try rules(app, fixable: true) == [])
        #expect(try rules(app, fixable: false) == others)
        #expect(EditCommandTests.difference(before, EditCommandTests.snapshot(demo))
                    == ["App Icons/app-icon--black-multi-ipad@2x.png", "App Icons/app-icon--black-multi-ipadpro@2x.png", "Info.plist"])
        let pad = try #require(try JSONSerialization.jsonObject(with: Data(try cli.run(["list", "--json", "--idiom", "pad"] + app).stdout.utf8))
                               as? [String: Any])
        let twin = try #require((pad["icons"] as? [[String: Any]])?.first { $0["name"] as? String == "black-multi" })
        #expect(Set((twin["images"] as? [[String: Any]] ?? []).compactMap { $0["width"] as? Int }) == [152, 167])
    }

    /// A rule --disable keeps out of the report still finds its finding after the fix: that is no
    /// reason to undo the fix, and the report after it still leaves the rule out.
    @Test func aDisabledRulesFindingIsNoNewsAfterTheFix() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings()
        let plistPath = (demo as NSString).appendingPathComponent("Info.plist")
        // An entry naming a scale: a warning no fix touches.
        var plist = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: plistPath)),
                                                                          format: nil) as? [String: Any])
        var icons = try #require(plist["CFBundleIcons"] as? [String: Any])
        var alternates = try #require(icons["CFBundleAlternateIcons"] as? [String: Any])
        var entry = try #require(alternates["black-white"] as? [String: Any])
        entry["CFBundleIconFiles"] = (entry["CFBundleIconFiles"] as? [String] ?? []) + ["app-icon--black-white@2x"]
        alternates["black-white"] = entry
        icons["CFBundleAlternateIcons"] = alternates
        plist["CFBundleIcons"] = icons
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: URL(fileURLWithPath: plistPath))
        let app = ["--app", demo]
        #expect(try rules(app, fixable: false).contains("scale-suffix-in-entry"))

        let fixed = try cli.run(["lint", "--fix", "--disable", "scale-suffix-in-entry", "--format", "json"] + app)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(fixed.stdout.utf8)) as? [[String: Any]])
        #expect(!report.contains { $0["rule"] as? String == "scale-suffix-in-entry" }, "still disabled in the report")
        #expect(try rules(app, fixable: true) == [], "the fixes were kept")
        #expect(try rules(app, fixable: false).contains("scale-suffix-in-entry"))
    }

    /// Real projects with fixable findings in their build settings: a listed name no catalog
    /// holds, an icon set no configuration ships.
    static let realProjects: [(folder: String, target: String?, files: [String])] = [
        ("horizontalsystems_unstoppable-wallet-ios", nil, ["Unstoppable/Unstoppable.xcodeproj/project.pbxproj"]),
        ("ColdGrub1384_Pyto", "Pyto", ["Pyto.xcodeproj/project.pbxproj"]),
        ("threema-ch_threema-ios", "Threema", ["Configurations/Threema/ThreemaAppConfig.xcconfig"]),
        ("rainbow-me_rainbow", "Rainbow", ["ios/Rainbow.xcodeproj/project.pbxproj"]),
    ]

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"), arguments: Self.realProjects.map(\.folder))
    func fixesTheBuildSettingsOfARealProject(_ folder: String) throws {
        let project = try #require(Self.realProjects.first { $0.folder == folder })
        let temporary = TemporaryFolder()
        let copy = temporary.url(folder)
        try FileManager.default.copyItem(atPath: RealProjectCorpus.path(folder), toPath: copy)
        let app = ["--app", copy] + (project.target.map { ["--target", $0] } ?? [])
        let fixable = try rules(app, fixable: true)
        #expect(!fixable.filter { $0 != "file-not-found" }.isEmpty, "\(folder) has nothing to fix")
        // Files named for icons with no image of their own at all stay missing: there is nothing to make them from.
        let unmade = fixable.filter { $0 == "file-not-found" }
        let others = try rules(app, fixable: false)
        let before = EditCommandTests.snapshot(copy)
        let fixed = try cli.run(["lint", "--fix"] + app)
        #expect(fixed.stderr.contains("error:") == false, "\(folder): \(fixed.stderr)")
        #expect(try rules(app, fixable: true) == unmade, "\(folder)")
        #expect(try rules(app, fixable: false) == others, "\(folder)")
        #expect(EditCommandTests.difference(before, EditCommandTests.snapshot(copy)) == project.files)
        for file in project.files where file.hasSuffix("project.pbxproj") {
            try Oracle.checkOpenStepPlist(at: (copy as NSString).appendingPathComponent(file))
        }
    }

    @Test func aTransparentAppStoreImageIsFlattenedOnlyOntoTheBackgroundGiven() throws {
        let folder = TemporaryFolder()
        folder.writeIconSet("Assets.xcassets/AppIcon.appiconset", [SetEntries.single("icon.png")], leaveOut: ["icon.png"])
        folder.writePNG("Assets.xcassets/AppIcon.appiconset/icon.png", width: 1024, transparentPixels: 2048)
        let app = ["--app", folder.url("Assets.xcassets")]
        #expect(try rules(app, fixable: true) == ["marketing-icon-alpha"])
        let refused = try cli.run(["lint", "--fix"] + app)
        #expect(refused.stderr.contains("--background"), "\(refused.stderr)")
        #expect(try rules(app, fixable: true) == ["marketing-icon-alpha"])
        let fixed = try cli.run(["lint", "--fix", "--background", "#ffffff"] + app)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try rules(app, fixable: true) == [])
    }

    @Test func aMultiSizeAlternateGetsItsMissingHomeScreenSizesFromItsLargestImage() throws {
        let folder = TemporaryFolder()
        folder.writeIconSet("Assets.xcassets/AppIcon.appiconset", [SetEntries.single("icon.png")], leaveOut: ["icon.png"])
        folder.writePNG("Assets.xcassets/AppIcon.appiconset/icon.png", width: 1024)
        let entries = [SetEntries.legacy("iphone", "60x60", "2x", "leg-120.png"), SetEntries.legacy("iphone", "60x60", "3x", "leg-180.png"),
                       SetEntries.legacy("ipad", "76x76", "1x", "leg-76.png"), SetEntries.legacy("ios-marketing", "1024x1024", "1x", "leg-1024.png")]
        folder.writeIconSet("Assets.xcassets/Legacy.appiconset", entries, leaveOut: ["leg-120.png", "leg-180.png", "leg-76.png", "leg-1024.png"])
        for (file, size) in [("leg-120.png", 120), ("leg-180.png", 180), ("leg-76.png", 76), ("leg-1024.png", 1024)] {
            folder.writePNG("Assets.xcassets/Legacy.appiconset/\(file)", width: size)
        }
        let app = ["--app", folder.url("Assets.xcassets")]
        #expect(try rules(app, fixable: true) == ["missing-alternate-size"])
        let before = EditCommandTests.snapshot(folder.url("Assets.xcassets"))
        let fixed = try cli.run(["lint", "--fix"] + app)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(try rules(app, fixable: true) == [])
        let changed = EditCommandTests.difference(before, EditCommandTests.snapshot(folder.url("Assets.xcassets")))
        #expect(changed.count == 3 && changed.contains("Legacy.appiconset/Contents.json"), "\(changed)")
        let list = try #require(try JSONSerialization.jsonObject(with: Data(try cli.run(["list", "--json", "--idiom", "pad"] + app).stdout.utf8))
                                as? [String: Any])
        let legacy = try #require((list["icons"] as? [[String: Any]])?.first { $0["name"] as? String == "Legacy" })
        let widths = Set((legacy["images"] as? [[String: Any]] ?? []).compactMap { $0["width"] as? Int })
        #expect(widths.isSuperset(of: [152, 167]), "\(widths)")
    }

    /// The side of the PNG at `path`, from its header.
    static func pngSide(_ path: String) throws -> Int {
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        try #require(header.count == 24)
        return header[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The demo with the five `…-ipadpro@2x.png` files its ~ipad entries name deleted.
    static func demoWithoutIPadProFiles(in folder: TemporaryFolder) throws -> (demo: String, files: [String]) {
        let demo = folder.copyDemo()
        let icons = (demo as NSString).appendingPathComponent("App Icons")
        let files = try FileManager.default.contentsOfDirectory(atPath: icons).filter { $0.contains("-ipadpro") }.sorted()
        try #require(files.count == 5)
        for file in files { try FileManager.default.removeItem(atPath: (icons as NSString).appendingPathComponent(file)) }
        return (demo, files.map { (icons as NSString).appendingPathComponent($0) })
    }

    @Test func aMissingFileTheInfoPlistNamesIsMadeFromTheIconsLargestImage() throws {
        let folder = TemporaryFolder()
        let (demo, files) = try Self.demoWithoutIPadProFiles(in: folder)
        let app = ["--app", demo]
        #expect(try rules(app, fixable: true) == Array(repeating: "file-not-found", count: 5))
        let fixed = try cli.run(["lint", "--fix"] + app)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        for file in files { #expect(try Self.pngSide(file) == 167, "\(file)") }
        #expect(try rules(app) == [])
        // Each is made from the same icon's 180 px iPhone image, and the summary says so.
        #expect(fixed.stderr.contains("made App Icons/app-icon--default-ipadpro@2x.png (167 px) from App Icons/app-icon--default@3x.png (180 px)"),
                "\(fixed.stderr)")
        #expect(fixed.stderr.contains("from App Icons/app-icon--black-white@3x.png (180 px)"), "\(fixed.stderr)")
    }

    @Test func aMissingFileIsNotMadeFromASmallerImage() throws {
        let folder = TemporaryFolder()
        let (demo, files) = try Self.demoWithoutIPadProFiles(in: folder)
        // black-white's largest image is now its 152 px iPad one: a 167 px file would be enlarged.
        for file in ["app-icon--black-white@3x.png", "app-icon--black-white@2x.png"] {
            try FileManager.default.removeItem(atPath: (demo as NSString).appendingPathComponent("App Icons/" + file))
        }
        let fixed = try cli.run(["lint", "--fix", "--app", demo])
        let blackWhite = try #require(files.first { $0.hasSuffix("app-icon--black-white-ipadpro@2x.png") })
        #expect(!FileManager.default.fileExists(atPath: blackWhite))
        #expect((fixed.stdout + fixed.stderr).contains("app-icon--black-white-ipad@2x.png: its largest image is 152×152 pixels; a 167×167 image would be enlarged from it"),
                "\(fixed.stdout)\n\(fixed.stderr)")
        // The other icons' files are made all the same.
        for file in files where file != blackWhite { #expect(try Self.pngSide(file) == 167, "\(file)") }
    }
}
