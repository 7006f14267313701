import Foundation
import IconCatalog
@testable import IconLint
import Testing

/// What individual rules say, and the shapes the case table does not cover.
@Suite struct RuleDetailTests {
    @Test func missingOnIPadNamesTheIconAndIdiom() throws {
        var app = TestApp()
        app.setAlternate("Green", in: .pad, to: nil)
        let hits = try app.findings(.missingOnIpad)
        #expect(hits.count == 1)
        #expect(hits.first?.icon == "Green")
        #expect(hits.first?.idiom == .pad)
        #expect(hits.first?.severity == .error)
        #expect(hits.first?.subject.key == "CFBundleIcons~ipad.CFBundleAlternateIcons.Green")
        #expect(hits.first?.message.contains("iPads cannot switch to it") == true)
    }

    @Test func malformedShapesEachGetAFinding() throws {
        var app = TestApp()
        app.setAlternate("NotADictionary", in: .phone, to: "Blue")
        app.setAlternate("NoFiles", in: .phone, to: ["UIPrerenderedIcon": false])
        app.setAlternate("Empty", in: .phone, to: ["CFBundleIconFiles": [String]()])
        app.setAlternate("NumberInside", in: .phone, to: ["CFBundleIconFiles": ["Blue", 7] as [Any]])
        app.setIconSetKey("CFBundleAlternateIcons", to: ["Blue"], in: .pad)
        let messages = try app.findings(.malformedIconEntry).map(\.message)
        #expect(messages.contains { $0.contains("“NotADictionary”") && $0.contains("is a string (“Blue”), expected a dictionary") })
        #expect(messages.contains { $0.contains("“NoFiles” in CFBundleIcons has no CFBundleIconFiles") })
        #expect(messages.contains { $0.contains("CFBundleIconFiles of alternate “Empty” in CFBundleIcons is empty") })
        #expect(messages.contains { $0.contains("item 1 of CFBundleIconFiles of alternate “NumberInside”") && $0.contains("an integer") })
        #expect(messages.contains { $0.contains("CFBundleAlternateIcons in CFBundleIcons~ipad is an array") })
        #expect(messages.count == 5)
    }

    @Test func wrongTypeOfTheIconSetsIsNoBundleIcons() throws {
        var app = TestApp()
        app.extra["CFBundleIcons~ipad"] = "AppIcon"
        let hits = try app.findings(.noBundleIcons)
        #expect(hits.map(\.message) == ["CFBundleIcons~ipad is a string (“AppIcon”), expected a dictionary of icons"])
        #expect(hits.first?.idiom == .pad)
    }

    @Test func integerOneIsNotABooleanAndTrueIsNotAnOrdinal() throws {
        var app = TestApp()
        app.setAlternateKey("UIPrerenderedIcon", of: "Blue", to: 1)
        app.setAlternateKey("ordinal", of: "Blue", to: true)
        app.setAlternateKey("ordinal", of: "Green", to: 2.5)
        #expect(try app.findings(.prerenderedNotBoolean).count == 2)
        let ordinals = try app.findings(.ordinalNotInteger).map(\.message)
        #expect(ordinals.count == 4)
        #expect(ordinals.contains { $0.contains("is a boolean") })
        #expect(ordinals.contains { $0.contains("is a real number (2.5)") })
    }

    @Test func duplicateOrdinalsAreNamed() throws {
        var app = TestApp()
        app.setAlternateKey("ordinal", of: "Blue", to: 3, in: [.phone])
        app.setAlternateKey("ordinal", of: "Green", to: 3, in: [.phone])
        let hits = try app.findings(.inconsistentOrdinals)
        #expect(hits.map(\.message) == ["in CFBundleIcons, alternates “Blue” and “Green” share ordinal 3; their order is a guess"])
    }

    @Test func missingSizesAreListedPerIdiom() throws {
        let app = TestApp()
        try FileManager.default.removeItem(atPath: app.folder.url("Blue@3x.png"))
        try FileManager.default.removeItem(atPath: app.folder.url("Green-ipadpro@2x.png"))
        let hits = try app.findings(.missingStandardSize)
        #expect(hits.map(\.message) == [
            "alternate “Blue” in CFBundleIcons has no 180×180 image for iPhone (found 120×120)",
            "alternate “Green” in CFBundleIcons~ipad has no 167×167 image for iPad (found 152×152)",
        ])
        #expect(hits.map(\.idiom) == [.phone, .pad])
        // The other removed file is also a missing file for its entry.
        #expect(try app.findings(.fileNotFound).map(\.icon) == ["Green"])
    }

    @Test func withIdiomPadAnAppWithoutTheTwinIsCheckedForIPadSizes() throws {
        var app = TestApp()
        app.pad = nil
        #expect(try app.lint().findings.isEmpty)
        app.options.idiom = .pad
        let hits = try app.findings(.missingStandardSize)
        // Every icon: the phone files are found for iPad, but none is 152 or 167 pixels.
        #expect(hits.count == 3)
        #expect(hits.allSatisfy { $0.idiom == .pad && $0.message.contains("iPads read CFBundleIcons") })
    }

    @Test func imageFindingsNameTheImageFileOnce() throws {
        var app = TestApp()
        app.folder.writePNG("Blue@2x.png", width: 120, transparentPixels: 120 * 3)
        // The same file listed by the iPad twin too: still one finding.
        app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue-ipad", "Blue-ipadpro", "Blue"], in: [.pad])
        let hits = try app.findings(.imageHasAlpha)
        #expect(hits.count == 1)
        #expect(hits.first?.file == app.folder.url("Blue@2x.png"))
        #expect(hits.first?.message == "has 360 transparent or translucent pixels (3% of 120×120); iOS shows them black; used by alternate “Blue” in CFBundleIcons")
    }

    @Test func unreadableImagesSayWhy() throws {
        let app = TestApp()
        app.folder.write("Green@3x.png", "GIF89a, not a PNG")
        app.folder.writePNGHeader("Blue@2x.png", width: 120, height: 120)
        let messages = try app.findings(.unreadableImage).map(\.message)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.hasPrefix("not a readable PNG (no PNG signature)") })
        #expect(messages.contains { $0.hasPrefix("not a readable PNG (") && $0.contains("used by alternate “Blue”") })
    }

    @Test func thePrimaryMayLiveInTheAssetCatalogButAnAlternateMayNot() throws {
        var app = TestApp(writingImagesFor: ["Blue", "Green"])
        app.writeStandardImages("AppIcon", under: "Assets.xcassets/AppIcon.appiconset")
        app.writeStandardImages("Blue", under: "Assets.xcassets/Blue.appiconset")
        try FileManager.default.removeItem(atPath: app.folder.url("Blue@2x.png"))
        try FileManager.default.removeItem(atPath: app.folder.url("Blue@3x.png"))
        app.setIconSetKey("CFBundlePrimaryIcon", to: ["CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon60x60"]], in: .phone)
        app.pad = nil
        let report = try app.lint()
        #expect(report.findings.map(\.rule) == [.fileInAssetCatalog])
        #expect(report.findings.first?.icon == "Blue")
        #expect(report.findings.first?.message.contains("Assets.xcassets/Blue.appiconset/Blue@2x.png") == true)
    }

    @Test func unsafeCharactersAreShownAsEscapes() throws {
        var app = TestApp()
        app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue\u{1B}[31m"], in: [.phone])
        let hits = try app.findings(.unsafeFileEntry)
        #expect(hits.map(\.message) == [#"alternate “Blue” in CFBundleIcons: file entry “Blue\u{1B}[31m” contains control or bidi characters; it is never read"#])
    }

    @Test func unexpandedVariablesSuggestTheDefineTheFilesFit() throws {
        var app = TestApp()
        app.setIconSetKey("CFBundlePrimaryIcon", to: ["CFBundleIconFiles": ["AppIcon$(SUFFIX)"]], in: .phone)
        app.setIconSetKey("CFBundlePrimaryIcon", to: ["CFBundleIconFiles": ["AppIcon${SUFFIX}-ipad", "AppIcon${SUFFIX}-ipadpro"]], in: .pad)
        let hits = try app.findings(.unexpandedVariable)
        #expect(hits.count == 3)
        // "AppIcon$(SUFFIX)" alone would also fit SUFFIX=-ipad; only "" fits every entry.
        #expect(hits.allSatisfy { $0.message.hasSuffix("pass --define SUFFIX=VALUE to check its files (the files here fit --define SUFFIX=)") })
        #expect(try app.findings(.fileNotFound).isEmpty)
        app.options.defines = ["SUFFIX": ""]
        #expect(try app.lint().findings.isEmpty)
        app.options.defines = ["SUFFIX": "-beta"]
        #expect(try app.findings(.fileNotFound).count == 3)
    }

    @Test func mixedExtensionsGiveOneFindingWithAnExample() throws {
        var app = TestApp()
        app.setAlternateKey("CFBundleIconFiles", of: "Green", to: ["Green.png"], in: [.phone])
        let hits = try app.findings(.mixedPngExtension)
        #expect(hits.map(\.message) == ["1 of 9 file entries end in .png (e.g. “Green.png” of alternate “Green” in CFBundleIcons) and 8 do not"])
        #expect(hits.first?.subject == .app)
    }

    @Test func scaleSuffixSuggestsTheBaseName() throws {
        var app = TestApp()
        app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue@2x.png", "Blue@3x.png"], in: [.phone])
        let messages = try app.findings(.scaleSuffixInEntry).map(\.message)
        #expect(messages == [
            "alternate “Blue” in CFBundleIcons: file entry “Blue@2x.png” names a scale (@2x); list “Blue” and iOS picks the scale itself",
            "alternate “Blue” in CFBundleIcons: file entry “Blue@3x.png” names a scale (@3x); list “Blue” and iOS picks the scale itself",
        ])
    }

    @Test func sizePromisesInFileNames() {
        #expect(LintRules.sizePromise(in: "Icon-60x60@2x.png")?.pixels == 120)
        #expect(LintRules.sizePromise(in: "AppIcon83.5x83.5@2x~ipad.png")?.pixels == 167)
        #expect(LintRules.sizePromise(in: "New1_120x120.png")?.pixels == 120)
        #expect(LintRules.sizePromise(in: "Sunday60x60@3x.png")?.name == "60x60@3x")
        #expect(LintRules.sizePromise(in: "banner-60x40@2x.png") == nil)
        #expect(LintRules.sizePromise(in: "app-icon--default@2x.png") == nil)
        #expect(LintRules.sizePromise(in: "icon-2.60x60.png") == nil)
    }

    @Test func scaleSuffixes() {
        #expect(LintRules.splitScale("Blue@2x").map { [$0.base, $0.scale] } == ["Blue", "@2x"])
        #expect(LintRules.splitScale("Blue@3x~ipad.PNG").map { [$0.base, $0.scale] } == ["Blue", "@3x"])
        #expect(LintRules.splitScale("Blue@night") == nil)
        #expect(LintRules.splitScale("Blue") == nil)
    }

    @Test func findingsComeInAStableOrder() throws {
        var app = TestApp()
        app.setAlternate("Green", in: .pad, to: nil)
        app.setAlternateKey("ordinal", of: "Green", to: "two", in: [.phone])
        app.setAlternateKey("UIPrerenderedIcon", of: "Blue", to: "NO", in: [.phone])
        app.setIconSetKey("UINewsstandIcon", to: [String: Any](), in: .phone)
        app.setIconSetKey("CFBundlePrimaryIcon", to: ["CFBundleIconFiles": ["Missing"]], in: .pad)
        let first = try app.lint().findings
        #expect(first.map(\.rule) == [
            .inconsistentOrdinals, .newsstandIcon,      // CFBundleIcons itself
            .prerenderedNotBoolean,                      // Blue
            .ordinalNotInteger,                          // Green
            .fileNotFound,                               // the ~ipad primary
            .missingOnIpad,                              // Green, which ~ipad lacks, after its own icons
        ])
        for _ in 0..<3 { #expect(try app.lint().findings == first) }
    }

    @Test func theBundledDemoLintsClean() throws {
        for idiom in Idiom.allCases {
            let report = try Linter.lint(app: Repository.demoPlist, options: CatalogOptions(idiom: idiom))
            #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
        }
    }

    @Test func appsThatCannotBeReadThrow() {
        let folder = TemporaryFolder()
        #expect(throws: CatalogError.self) { try Linter.lint(app: folder.url("missing")) }
        let fragment = folder.write("Fragment.plist", "<dict><key>CFBundleIcons</key><dict/></dict>")
        #expect(throws: CatalogError.self) { try Linter.lint(app: fragment) }
        let array = folder.write("Array.plist", try! PropertyListSerialization.data(fromPropertyList: [1], format: .xml, options: 0))
        #expect(throws: CatalogError.notADictionary(path: array)) { try Linter.lint(app: array) }
    }

    @Test func aStandInInspectorIsUsedForEveryImageOnce() throws {
        final class Recorder: ImageInspector, @unchecked Sendable {
            var paths: [String] = []
            func inspect(_ path: String) -> ImageFacts {
                paths.append(path)
                return .picture(width: 120, height: 120, translucentPixels: 0)
            }
        }
        let app = TestApp()
        let recorder = Recorder()
        let report = try Linter.lint(app: app.writePlist(), inspector: recorder)
        #expect(recorder.paths.count == Set(recorder.paths).count)
        #expect(recorder.paths.count == 12)
        // Everything is 120×120 now, so other sizes are missing and the iPad files disagree with nothing.
        #expect(Set(report.findings.map(\.rule)) == [.missingStandardSize])
    }
}
