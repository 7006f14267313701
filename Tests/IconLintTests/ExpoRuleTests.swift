import Foundation
import Testing
import TestSupport
@testable import IconCatalog
@testable import IconLint

/// Each Expo rule on a made config in its own folder, with real PNG files decoded as `lint` does.
struct ExpoRuleTests {
    /// The rules only Expo projects are checked by, each tested here (`RuleCaseTests` counts them).
    static let rules: [ProblemCode] = [
        .expoIconShapeIgnored, .expoIconEntryWithoutIos, .expoIconVariantsIncomplete, .expoImageMissing, .expoDuplicateName,
        .expoIconBundleAlternate, .expoImageSize, .expoPrimaryAsAlternate, .expoTintedInColour, .expoPrebuildStale,
        .expoNameRenamed, .expoPluginUnknown, .expoImageNotLocal,
    ]

    /// A folder holding `config` as app.json and a 1024 px opaque image at each of `images`.
    private func project(_ config: String, images: [String] = []) -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("app.json", config)
        // Each a different grey, so that no alternate is the primary's own picture.
        for (index, image) in images.enumerated() {
            let grey = UInt8(60 + index * 10)
            folder.write(image, PNGWriter.opaque(width: 1024, height: 1024, colour: (grey, grey, grey)))
        }
        return folder
    }

    private func lint(_ folder: TemporaryFolder, disabled: Set<ProblemCode> = []) throws -> LintReport {
        try Linter.lint(app: folder.path, disabled: disabled)
    }

    /// (rule, file name) of each finding, in order.
    private func found(_ report: LintReport) -> [String] {
        report.findings.map { "\($0.rule) \(($0.file as NSString).lastPathComponent)" }
    }

    private func plugin(_ name: String, _ props: String) -> String {
        """
        { "expo": { "icon": "./icon.png", "plugins": [["\(name)", \(props)]] } }
        """
    }

    @Test func aCorrectConfigHasNoFindings() throws {
        let folder = project(plugin("expo-alternate-app-icons", """
            [{ "name": "Night", "ios": { "light": "./n.png", "dark": "./n-dark.png", "tinted": "./n-tinted.png" } }]
            """), images: ["icon.png", "n.png", "n-dark.png", "n-tinted.png"])
        let report = try lint(folder)
        #expect(report.findings.isEmpty, "\(report.findings)")
        #expect(report.appWarnings.isEmpty)
        #expect(report.exitStatus(strict: true) == .success)
    }

    @Test func shapesThePluginIgnoresAreErrorsNotWarningsBesideTheReport() throws {
        let object = try lint(project(plugin("expo-alternate-app-icons", #"{ "icons": [{ "name": "A", "ios": "./icon.png" }] }"#),
                                      images: ["icon.png"]))
        #expect(found(object) == ["expo-icon-shape-ignored app.json"])
        #expect(object.findings.first?.severity == .error)
        #expect(object.findings.first?.subject == .app)
        #expect(object.appWarnings.isEmpty)
        #expect(object.exitStatus(strict: false) == .failure)
        let image = try lint(project(plugin("@mozzius/expo-dynamic-app-icon", #"{ "red": { "image": "./icon.png" } }"#),
                                     images: ["icon.png"]))
        #expect(found(image) == ["expo-icon-shape-ignored app.json"])
    }

    @Test func anEntryWithoutIosAndIncompleteVariants() throws {
        let stops = try lint(project(plugin("expo-alternate-app-icons", """
            [{ "name": "Andy", "android": { "foregroundImage": "./icon.png" } }, { "name": "Later", "ios": "./icon.png" }]
            """), images: ["icon.png"]))
        #expect(found(stops) == ["expo-icon-entry-without-ios app.json"])
        #expect(stops.findings.first?.icon == "Andy")
        let incomplete = try lint(project(plugin("expo-alternate-app-icons", """
            [{ "name": "Night", "ios": { "light": "./icon.png", "dark": "./icon.png" } }]
            """), images: ["icon.png"]))
        #expect(incomplete.findings.map(\.rule).contains(.expoIconVariantsIncomplete))
        #expect(incomplete.findings.first { $0.rule == .expoIconVariantsIncomplete }?.severity == .error)
    }

    @Test func missingImagesAndIconBundlesAsAlternates() throws {
        let folder = project(plugin("expo-alternate-app-icons", """
            [{ "name": "Gone", "ios": "./gone.png" }, { "name": "Glass", "ios": "./glass.icon" }]
            """), images: ["icon.png"])
        folder.write("glass.icon/icon.json", "{}")
        let report = try lint(folder)
        #expect(Set(found(report)) == ["expo-image-missing app.json", "expo-icon-bundle-alternate app.json"])
        #expect(report.findings.allSatisfy { $0.severity == .error })
        #expect(Set(report.findings.compactMap(\.icon)) == ["Gone", "Glass"])
        // Expo takes a bundle as the string ios.icon only; inside the object it is no Icon Composer icon.
        let primary = project(#"{ "expo": { "ios": { "icon": { "light": "./glass.icon" } } } }"#)
        primary.write("glass.icon/icon.json", "{}")
        let inObject = try lint(primary)
        #expect(inObject.findings.map(\.rule) == [.expoIconBundleAlternate])
        #expect(inObject.findings.first?.subject == .icon(set: "CFBundleIcons", name: nil))
        let asString = project(#"{ "expo": { "ios": { "icon": "./glass.icon" } } }"#)
        asString.write("glass.icon/icon.json", "{}")
        #expect(try lint(asString).findings.isEmpty)
    }

    @Test func duplicateRunTimeNamesAndRenames() throws {
        let report = try lint(project(plugin("expo-alternate-app-icons", """
            [{ "name": "red", "ios": "./a.png" }, { "name": "Red", "ios": "./b.png" }, { "name": "hail_hydra", "ios": "./c.png" }]
            """), images: ["icon.png", "a.png", "b.png", "c.png"]))
        let duplicate = try #require(report.findings.first { $0.rule == .expoDuplicateName })
        #expect(duplicate.severity == .error)
        let renames = report.findings.filter { $0.rule == .expoNameRenamed }
        #expect(renames.map(\.severity) == [.note, .note])
        #expect(Set(renames.compactMap(\.icon)) == ["Red", "HailHydra"])
        // The note names the call that works.
        #expect(renames.contains { $0.message.contains(#"setAlternateAppIcon("HailHydra")"#) })
        // Another plugin's prefix: the call takes the key, iOS gets the prefixed name.
        let prefixed = try lint(project(plugin("@howincodes/expo-dynamic-app-icon", #"{ "red": { "ios": "./a.png" } }"#),
                                        images: ["icon.png", "a.png"]))
        #expect(prefixed.findings.map(\.rule) == [.expoNameRenamed])
        #expect(prefixed.findings.first?.icon == "AppIcon-red")
        #expect(prefixed.findings.first?.message.contains(#"setAppIcon("red")"#) == true)
    }

    @Test func imagesNotSquareOrSmall() throws {
        let folder = project(plugin("expo-dynamic-app-icon", """
            { "wide": { "image": "./wide.png" }, "small": { "image": "./small.png" }, "fine": { "image": "./fine.png" } }
            """), images: ["icon.png", "fine.png"])
        folder.writePNG("wide.png", width: 1024, height: 512)
        folder.writePNG("small.png", width: 512)
        let report = try lint(folder)
        #expect(Set(found(report)) == ["expo-image-size wide.png", "expo-image-size small.png"])
        #expect(report.findings.allSatisfy { $0.severity == .warning })
        #expect(try lint(folder, disabled: [.expoImageSize]).findings.isEmpty)
    }

    @Test func thePrimaryRegisteredAgain() throws {
        let folder = project(plugin("expo-dynamic-app-icon", """
            { "same": { "image": "./icon.png" }, "copy": { "image": "./copy.png" }, "other": { "image": "./other.png" } }
            """), images: ["icon.png", "other.png"])
        try FileManager.default.copyItem(atPath: folder.url("icon.png"), toPath: folder.url("copy.png"))
        let report = try lint(folder)
        #expect(report.findings.map(\.rule) == [.expoPrimaryAsAlternate, .expoPrimaryAsAlternate])
        #expect(Set(report.findings.compactMap(\.icon)) == ["same", "copy"])
    }

    @Test func alphaInALightImageAndColourInATintedOne() throws {
        let folder = project(plugin("expo-alternate-app-icons", """
            [{ "name": "Night", "ios": { "light": "./n.png", "dark": "./n-dark.png", "tinted": "./n-tinted.png" } }]
            """), images: ["icon.png"])
        folder.writePNG("n.png", width: 1024, transparentPixels: 4096)
        // A dark image may be transparent: iOS draws it on its own dark background.
        folder.writePNG("n-dark.png", width: 1024, transparentPixels: 4096)
        folder.write("n-tinted.png", PNGWriter.opaque(width: 1024, height: 1024, colour: (220, 40, 40)))
        let report = try lint(folder)
        #expect(Set(found(report)) == ["image-has-alpha n.png", "expo-tinted-in-colour n-tinted.png"])
        #expect(report.findings.allSatisfy { $0.severity == .warning && $0.icon == "Night" })
    }

    @Test func anIosFolderBehindTheConfig() throws {
        let folder = project(plugin("expo-dynamic-app-icon", #"{ "kept": { "image": "./a.png" }, "added": { "image": "./b.png" } }"#),
                             images: ["icon.png", "a.png", "b.png"])
        // The ios/ an earlier prebuild made: the asset-catalog plugins' way, sets and the build setting naming them.
        var made = SmallProject()
        for set in ["AppIcon", "kept", "dropped"] { made.set(set) }
        made.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "kept dropped"])
        try FileManager.default.moveItem(atPath: made.folder.path, toPath: folder.url("ios"))
        let report = try lint(folder)
        let stale = report.findings.filter { $0.rule == .expoPrebuildStale }
        #expect(stale.count == 2, "\(report.findings)")
        #expect(stale.allSatisfy { $0.severity == .warning && $0.file.hasSuffix("/ios") })
        #expect(stale.contains { $0.icons == ["added"] })
        #expect(stale.contains { $0.message.contains("“dropped”") && $0.message.contains("npx expo prebuild") })
        // Once ios/ holds what the config declares, nothing is said.
        try FileManager.default.removeItem(atPath: folder.url("ios"))
        var again = SmallProject()
        for set in ["AppIcon", "kept", "added"] { again.set(set) }
        again.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "kept added"])
        try FileManager.default.moveItem(atPath: again.folder.path, toPath: folder.url("ios"))
        #expect(try lint(folder).findings.filter { $0.rule == .expoPrebuildStale }.isEmpty)
    }

    @Test func notesForWhatIsNotRead() throws {
        let report = try lint(project("""
            { "expo": { "icon": "./icon.png", "plugins": [["expo-dynamic-app-icon", { "web": { "image": "https://example.com/a.png" } }]] } }
            """, images: ["icon.png"]))
        #expect(report.findings.map(\.rule) == [.expoImageNotLocal])
        #expect(report.findings.first?.severity == .note)
        #expect(report.exitStatus(strict: true) == .success)
    }

    @Test func aLocalPluginGivenImagesIsANote() throws {
        let folder = project("""
            { "expo": { "icon": "./icon.png", "plugins": [["./plugins/withThemes.js", { "themes": ["./a.png", "./b.png"] }]] } }
            """, images: ["icon.png"])
        let report = try lint(folder)
        #expect(report.findings.map(\.rule) == [.expoPluginUnknown])
        #expect(report.findings.first?.severity == .note)
        #expect(report.findings.first?.message.hasPrefix("expo.plugins[0]: ") == true)
    }

    /// Every Expo rule is registered with `--explain` text saying why it has its severity.
    @Test func everyExpoRuleIsRegisteredAndExplained() throws {
        for id in LintRules.expoIDs {
            let rule = try #require(LintRules.rule(id), "\(id)")
            #expect(rule.explanation.contains("Fix:"), "\(id)")
        }
        // Every expo- code the sources declare, in the catalog's warnings or beside a rule.
        let declared = try ["IconCatalog/ProblemCode.swift", "IconLint/Rules+Expo.swift"].flatMap { file in
            let text = try String(contentsOf: Repository.root.appendingPathComponent("Sources/\(file)"), encoding: .utf8)
            return text.matches(of: /ProblemCode\(rawValue: "(expo-[a-z-]+)"\)/).map { ProblemCode(rawValue: String($0.output.1)) }
        }
        #expect(Set(declared).count == LintRules.expoIDs.filter { $0.rawValue.hasPrefix("expo-") }.count)
        #expect(Set(declared).isSubset(of: LintRules.expoIDs))
    }

    /// The README's table of Expo rules lists each of them with its severity.
    @Test func theReadmeTableListsEveryExpoRule() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        for id in LintRules.expoIDs {
            let rule = try #require(LintRules.rule(id))
            #expect(readme.contains("| `\(id)` | \(rule.severity) |"), "\(id)")
        }
    }
}
