import Foundation
import IconArt
import IconCatalog
@testable import IconLint
import Testing

/// An Xcode project for the project rules: primary `AppIcon`, alternates `Blue` and `Green`,
/// single-size sets listed in `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`. Clean as made.
struct LintProject {
    static let catalog = "App/Assets.xcassets"

    var project = SmallProject()
    var settings: [String: Any] = [
        "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Blue Green",
        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "NO",
    ]
    /// Settings over `settings` in one configuration (Debug or Release).
    var perConfiguration: [String: [String: Any]] = [:]
    private var baseConfiguration: PBXProjectBuilder.ID?
    private var written = false

    var folder: TemporaryFolder { project.folder }

    init() {
        for name in ["AppIcon", "Blue", "Green"] { project.set(name) }
    }

    mutating func listAlternates(_ names: String) {
        settings["ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"] = names
    }

    /// A multi-size set with these `(idiom, size, scale)` entries, each with its file.
    func multiSizeSet(_ name: String, _ entries: [(String, String, String)]) {
        folder.writeIconSet("\(Self.catalog)/\(name).appiconset", entries.enumerated().map { index, entry in
            SetEntries.legacy(entry.0, entry.1, entry.2, "\(name)-\(index).png")
        })
    }

    static let fullSizes = [("iphone", "60x60", "2x"), ("iphone", "60x60", "3x"), ("ipad", "76x76", "2x"),
                            ("ipad", "83.5x83.5", "2x"), ("ios-marketing", "1024x1024", "1x")]

    /// An Info.plist for the target declaring alternates by `CFBundleIconName` (name: icon name).
    mutating func infoPlist(alternates: [String: String]) {
        let icons = alternates.mapValues { ["CFBundleIconName": $0] }
        folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": icons]], as: "App/Info.plist")
        settings["INFOPLIST_FILE"] = "App/Info.plist"
    }

    /// The target's xcconfig file.
    mutating func xcconfig(_ text: String) {
        folder.write("App/App.xcconfig", text)
        baseConfiguration = project.builder.file("App.xcconfig", in: project.appGroup)
    }

    /// An Icon Composer bundle in the target with one layer drawing `Assets/IMAGE`, and the file's bytes (nil: none).
    mutating func bundle(_ name: String, layer image: String, contents: Data?) {
        project.bundle(name, groups: [["layers": [["name": "art", "image-name": image]]]])
        if let contents { folder.write("App/\(name).icon/Assets/\(image)", contents) }
    }

    /// Writes the project (once) and lints it.
    mutating func lint(disabled: Set<ProblemCode> = [], inspector: any ImageInspector = DecodingImageInspector()) throws -> LintReport {
        if !written {
            project.write(settings, perConfiguration: perConfiguration, baseConfiguration: baseConfiguration)
            written = true
        }
        return try Linter.lint(app: folder.path, disabled: disabled, inspector: inspector)
    }
}

/// For every project rule, one project that triggers it and one near miss that must not.
struct ProjectRuleCase: Sendable, CustomTestStringConvertible {
    let rule: ProblemCode
    let trigger: @Sendable (inout LintProject) -> Void
    let nearMiss: @Sendable (inout LintProject) -> Void

    var testDescription: String { rule.rawValue }

    static let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>"#.utf8)

    static let all: [ProjectRuleCase] = [
        ProjectRuleCase(rule: .primaryIconMissing,
                        trigger: { $0.settings["ASSETCATALOG_COMPILER_APPICON_NAME"] = "AppIkon" },
                        nearMiss: { project in
                            // A primary drawn from an Icon Composer bundle alone is there.
                            project.bundle("Glyph", layer: "art.svg", contents: svg)
                            project.settings["ASSETCATALOG_COMPILER_APPICON_NAME"] = "Glyph"
                        }),
        ProjectRuleCase(rule: .iconNameMissing,
                        trigger: { $0.infoPlist(alternates: ["Purple": "Purple"]) },
                        nearMiss: { $0.infoPlist(alternates: ["Navy": "Blue"]) }),
        ProjectRuleCase(rule: .missingMarketingIcon,
                        trigger: { $0.multiSizeSet("AppIcon", Array(LintProject.fullSizes.dropLast())) },
                        nearMiss: { $0.multiSizeSet("AppIcon", LintProject.fullSizes) }),
        ProjectRuleCase(rule: .marketingIconAlpha,
                        trigger: { $0.folder.writePNG("\(LintProject.catalog)/AppIcon.appiconset/AppIcon.png", width: 1024, transparentPixels: 300) },
                        nearMiss: { project in
                            // Opaque, with a dark image that is transparent (as dark icons may be).
                            project.project.set("AppIcon", appearances: ["dark"])
                            project.folder.writePNG("\(LintProject.catalog)/AppIcon.appiconset/AppIcon.png", width: 1024)
                            project.folder.writePNG("\(LintProject.catalog)/AppIcon.appiconset/AppIcon-dark.png", width: 1024,
                                                    transparentPixels: 300)
                        }),
        ProjectRuleCase(rule: .alternateIconMissing,
                        trigger: { $0.listAlternates("Blue Green Purple") },
                        nearMiss: { project in
                            project.project.set("Dark Green")
                            project.listAlternates(#"Blue Green "Dark Green""#)
                        }),
        ProjectRuleCase(rule: .alternateNamesWithCommas,
                        trigger: { $0.listAlternates("Blue, Green") },
                        nearMiss: { project in
                            project.project.set("Red, White")
                            project.listAlternates(#"Blue Green "Red, White""#)
                        }),
        ProjectRuleCase(rule: .unlistedIconSet,
                        trigger: { $0.project.set("Purple") },
                        nearMiss: { project in
                            project.project.set("Purple")
                            project.settings["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"] = "YES"
                        }),
        ProjectRuleCase(rule: .missingXcconfigInclude,
                        trigger: { $0.xcconfig("#include \"Secrets.xcconfig\"\n") },
                        nearMiss: { $0.xcconfig("#include? \"Secrets.xcconfig\"\n") }),
        ProjectRuleCase(rule: .missingAlternateSize,
                        trigger: { project in
                            project.multiSizeSet("Teal", [("iphone", "60x60", "3x"), ("ipad", "76x76", "2x")])
                            project.listAlternates("Blue Green Teal")
                        },
                        nearMiss: { project in
                            project.multiSizeSet("Teal", LintProject.fullSizes)
                            project.listAlternates("Blue Green Teal")
                        }),
        ProjectRuleCase(rule: .setFileMissing,
                        trigger: { project in
                            try? FileManager.default.removeItem(atPath: project.folder.url("\(LintProject.catalog)/Blue.appiconset/Blue.png"))
                        },
                        nearMiss: { project in
                            // An empty slot (an entry without a file) is no missing file.
                            var dark = SetEntries.single("unused.png", appearance: "dark")
                            dark["filename"] = nil
                            project.folder.writeIconSet("\(LintProject.catalog)/Blue.appiconset", [SetEntries.single("Blue.png"), dark])
                        }),
        ProjectRuleCase(rule: .setFileUnreferenced,
                        trigger: { $0.folder.writePNGHeader("\(LintProject.catalog)/Blue.appiconset/Old.png", width: 1024, height: 1024) },
                        nearMiss: { $0.folder.writePNGHeader("\(LintProject.catalog)/Blue.appiconset/Sources/Old.png", width: 1024, height: 1024) }),
        ProjectRuleCase(rule: .iconLayerMissing,
                        trigger: { project in
                            project.bundle("Glyph", layer: "art.png", contents: nil)
                            project.listAlternates("Blue Green Glyph")
                        },
                        nearMiss: { project in
                            project.bundle("Glyph", layer: "art.png", contents: PNGWriter.opaque(width: 64, height: 64))
                            project.listAlternates("Blue Green Glyph")
                        }),
        ProjectRuleCase(rule: .iconLayerUndrawable,
                        trigger: { project in
                            project.bundle("Glyph", layer: "art.png", contents: Data("not a png".utf8))
                            project.listAlternates("Blue Green Glyph")
                        },
                        nearMiss: { project in
                            project.bundle("Glyph", layer: "art.svg", contents: svg)
                            project.listAlternates("Blue Green Glyph")
                        }),
        ProjectRuleCase(rule: .inconsistentAppearances,
                        trigger: { $0.project.set("AppIcon", appearances: ["dark", "tinted"]) },
                        nearMiss: { project in
                            for name in ["AppIcon", "Blue", "Green"] { project.project.set(name, appearances: ["dark", "tinted"]) }
                        }),
    ]
}

@Suite struct ProjectRuleCaseTests {
    @Test func theTestProjectIsClean() throws {
        var project = LintProject()
        let report = try project.lint()
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        #expect(report.appWarnings.isEmpty, "\(report.appWarnings)")
    }

    @Test(arguments: ProjectRuleCase.all)
    func ruleFiresOnItsTrigger(_ testCase: ProjectRuleCase) throws {
        var project = LintProject()
        testCase.trigger(&project)
        let report = try project.lint()
        try expectFindings(of: testCase.rule, in: report, disabled: project.lint(disabled: [testCase.rule]))
    }

    @Test(arguments: ProjectRuleCase.all)
    func ruleAcceptsItsNearMiss(_ testCase: ProjectRuleCase) throws {
        var project = LintProject()
        testCase.nearMiss(&project)
        expectNoFindings(of: testCase.rule, in: try project.lint())
    }

    /// The bundles lint draws take their SVG time from the command's budget, which comes with
    /// the inspector (through a remembering one too): once it is spent, an SVG layer is not drawn.
    @Test func bundlesAreDrawnInTheSVGTimeTheInspectorCarries() throws {
        var project = LintProject()
        project.bundle("Glyph", layer: "art.svg", contents: ProjectRuleCase.svg)
        project.listAlternates("Blue Green Glyph")
        let ample = SVGTimeBudget(seconds: 60)
        expectNoFindings(of: .iconLayerUndrawable, in: try project.lint(inspector: DecodingImageInspector(svgTime: ample)))
        #expect(ample.secondsLeft < 60)
        let spent = RememberingImageInspector(DecodingImageInspector(svgTime: SVGTimeBudget(seconds: 0)))
        let messages = try project.lint(inspector: spent).findings.filter { $0.rule == .iconLayerUndrawable }.map(\.message)
        #expect(messages.count == 1 && messages.allSatisfy { $0.contains("the command's SVG layers took their 0.0 s already") },
                "\(messages)")
    }

    @Test func appStoreRejectionsAreNamedInTheMessages() throws {
        var project = LintProject()
        project.multiSizeSet("AppIcon", Array(LintProject.fullSizes.dropLast()))
        project.multiSizeSet("Teal", [("iphone", "60x60", "3x"), ("ipad", "76x76", "2x")])
        project.listAlternates("Blue Green Teal")
        project.infoPlist(alternates: ["Purple": "Purple"])
        let report = try project.lint()
        func messages(_ rule: ProblemCode) -> [String] { report.findings.filter { $0.rule == rule }.map(\.message) }
        #expect(messages(.missingMarketingIcon).first?.hasSuffix("App Store Connect refuses the upload with ITMS-90704") == true)
        #expect(messages(.missingAlternateSize) == [
            "alternate “Teal” (set “Teal”) has no 120×120 iPhone image; App Store Connect warns with ITMS-90890",
            "alternate “Teal” (set “Teal”) has no 167×167 iPad image; App Store Connect warns with ITMS-90892",
        ])
        #expect(messages(.iconNameMissing).first?.contains("ITMS-90895") == true)
        // Findings about an icon name it, as the built Info.plist does.
        let size = try #require(report.findings.first { $0.rule == .missingAlternateSize })
        #expect(size.icon == "Teal" && size.subject.key == "CFBundleIcons.CFBundleAlternateIcons.Teal")
        #expect(size.file == project.folder.url("\(LintProject.catalog)/Teal.appiconset"))
    }

    @Test func theMarketingImagesAlphaIsCountedByDecodingIt() throws {
        var project = LintProject()
        project.folder.writePNG("\(LintProject.catalog)/AppIcon.appiconset/AppIcon.png", width: 1024, transparentPixels: 300)
        let finding = try #require(try project.lint().findings.first { $0.rule == .marketingIconAlpha })
        #expect(finding.message == "the App Store image of the primary icon (set “AppIcon”) has 300 transparent or translucent "
            + "pixels (of 1024×1024); App Store Connect refuses the upload with ITMS-90717")
        #expect(finding.file == project.folder.url("\(LintProject.catalog)/AppIcon.appiconset/AppIcon.png"))
    }

    @Test func aSetAnotherConfigurationShipsIsNotUnlisted() throws {
        var project = LintProject()
        project.project.set("Debug")
        project.project.set("Orange")
        // Release (the one read) leaves Debug out; Debug makes it its primary. Orange ships nowhere.
        project.perConfiguration = ["Debug": ["ASSETCATALOG_COMPILER_APPICON_NAME": "Debug"]]
        let unlisted = try project.lint().findings.filter { $0.rule == .unlistedIconSet }
        #expect(unlisted.map { ($0.file as NSString).lastPathComponent } == ["Orange.appiconset"])
        #expect(unlisted.first?.message == "app icon set “Orange” does not ship in any configuration (“Debug”, “Release”): "
            + "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS is off, and neither ASSETCATALOG_COMPILER_APPICON_NAME nor "
            + "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES names it")

        // A configuration that includes every app icon ships Orange too.
        var including = LintProject()
        including.project.set("Orange")
        including.perConfiguration = ["Debug": ["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"]]
        #expect(try including.lint().findings.filter { $0.rule == .unlistedIconSet }.isEmpty)
    }

    @Test func findingsOfOneRuleAreCapped() throws {
        var project = LintProject()
        for index in 0..<120 { project.project.set(String(format: "Unused%03d", index)) }
        let report = try project.lint()
        let unlisted = report.findings.filter { $0.rule == .unlistedIconSet }
        #expect(unlisted.count == 50)
        #expect(report.omitted.first { $0.rule == .unlistedIconSet }?.count == 70)
    }

    @Test func aShippedSetThatCannotBeReadIsAWarningBesideTheFindings() throws {
        var project = LintProject()
        project.folder.write("\(LintProject.catalog)/Blue.appiconset/Contents.json", "{ not json")
        let report = try project.lint()
        #expect(report.appWarnings.map(\.code) == [.setContentsMalformed])
        #expect(report.appWarnings.first?.subject == project.folder.url("\(LintProject.catalog)/Blue.appiconset/Contents.json"))
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }

    @Test func fiveHundredShippedSetsAreReadOnceEach() throws {
        var project = LintProject()
        for index in 0..<500 { project.project.set(String(format: "Icon%03d", index), appearances: index % 2 == 0 ? ["dark"] : []) }
        project.settings["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"] = "YES"
        let clock = ContinuousClock()
        var report: LintReport?
        let elapsed = try clock.measure { report = try project.lint() }
        let findings = try #require(report).findings
        // One finding for the appearances, however many sets lack them.
        #expect(findings.map(\.rule) == [.inconsistentAppearances])
        #expect(findings.first?.message.hasPrefix("250 of the app's 503 icon sets have dark images and 253 do not") == true)
        // About 0.7 s in a debug build (writing the sets takes far longer); the bound only catches a runaway.
        #expect(elapsed < .seconds(8), "\(elapsed)")
    }

    @Test func differingAppearancesNameEveryIconThatLacksThemForToolsToShowWithEach() throws {
        var project = LintProject()
        project.project.set("AppIcon", appearances: ["dark", "tinted"])
        let findings = try project.lint().findings
        #expect(findings.map(\.rule) == [.inconsistentAppearances, .inconsistentAppearances])
        // The primary has both; the alternates Blue and Green have neither.
        #expect(findings.allSatisfy { $0.subject == .app && Set($0.icons) == ["Blue", "Green"] }, "\(findings.map(\.icons))")
    }

    @Test func findingsOnAWarningsLineOrKeyNameTheFileAndSayWhere() {
        #expect(LintRules.location(of: "/p/App.xcconfig:3") == ("/p/App.xcconfig", "line 3"))
        #expect(LintRules.location(of: "/p/A.appiconset/Contents.json: images[2].filename")
                    == ("/p/A.appiconset/Contents.json", "images[2].filename"))
        #expect(LintRules.location(of: "/p/My: Icons/A.png") == ("/p/My: Icons/A.png", nil))
    }
}
