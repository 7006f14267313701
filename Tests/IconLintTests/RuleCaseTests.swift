import Foundation
import IconCatalog
import IconLint
import TerminalText
import Testing

/// For every rule, one app that triggers it and one near miss that must not.
struct RuleCase: Sendable, CustomTestStringConvertible {
    let rule: ProblemCode
    /// Turns the clean test app into one the rule must flag.
    let trigger: @Sendable (inout TestApp) -> Void
    /// A change close to `trigger` that the rule must accept.
    let nearMiss: @Sendable (inout TestApp) -> Void

    var testDescription: String { rule.rawValue }

    static let all: [RuleCase] = [
        RuleCase(rule: .noBundleIcons,
                 trigger: { $0.phone = nil },
                 nearMiss: { $0.pad = nil }),
        RuleCase(rule: .malformedIconEntry,
                 trigger: { $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: "Blue") },
                 nearMiss: { $0.setIconSetKey("CFBundlePrimaryIcon", to: ["UIPrerenderedIcon": false], in: .phone) }),
        RuleCase(rule: .prerenderedNotBoolean,
                 trigger: { $0.setAlternateKey("UIPrerenderedIcon", of: "Blue", to: "YES") },
                 nearMiss: { $0.setAlternateKey("UIPrerenderedIcon", of: "Blue", to: true) }),
        RuleCase(rule: .ordinalNotInteger,
                 trigger: {
                     $0.setAlternateKey("ordinal", of: "Blue", to: "1")
                     $0.setAlternateKey("ordinal", of: "Green", to: 2)
                 },
                 nearMiss: {
                     $0.setAlternateKey("ordinal", of: "Blue", to: 1)
                     $0.setAlternateKey("ordinal", of: "Green", to: 2)
                 }),
        RuleCase(rule: .fileNotFound,
                 trigger: { $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Bleu"], in: [.phone]) },
                 nearMiss: { app in
                     // Files deeper in the folder are found too.
                     app.writeStandardImages("Teal", under: "Resources/Icons")
                     app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Teal"], in: [.phone])
                 }),
        RuleCase(rule: .fileInAssetCatalog,
                 trigger: { app in
                     app.writeStandardImages("Teal", under: "Assets.xcassets/Teal.appiconset")
                     app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Teal"], in: [.phone])
                 },
                 nearMiss: { app in
                     // A copy inside the catalog does no harm when the loose files exist too.
                     app.writeStandardImages("Blue", under: "Assets.xcassets/Blue.appiconset")
                 }),
        RuleCase(rule: .missingOnIpad,
                 trigger: { $0.setAlternate("Green", in: .pad, to: nil) },
                 nearMiss: { $0.pad = nil }),
        RuleCase(rule: .unsafeFileEntry,
                 trigger: { $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["../Blue"], in: [.phone]) },
                 nearMiss: { app in
                     app.writeStandardImages("Blue ☀︎ 83.5")
                     app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue ☀︎ 83.5"], in: [.phone])
                 }),
        RuleCase(rule: .unreadableImage,
                 trigger: { $0.folder.writePNGHeader("Blue@2x.png", width: 120, height: 120) },
                 nearMiss: { $0.folder.writePNG("Blue@2x.png", width: 120) }),
        RuleCase(rule: .nonSquareImage,
                 trigger: { $0.folder.writePNG("Blue@2x.png", width: 120, height: 119) },
                 nearMiss: { $0.folder.writePNG("Blue@2x.png", width: 120, height: 120) }),
        RuleCase(rule: .noAlternates,
                 trigger: {
                     $0.setIconSetKey("CFBundleAlternateIcons", to: nil, in: .phone)
                     $0.setIconSetKey("CFBundleAlternateIcons", to: [String: Any](), in: .pad)
                 },
                 nearMiss: { $0.setIconSetKey("CFBundleAlternateIcons", to: nil, in: .phone) }),
        RuleCase(rule: .onlyOnIpad,
                 trigger: { app in
                     app.writeStandardImages("Red")
                     app.setAlternate("Red", in: .pad, to: ["CFBundleIconFiles": ["Red-ipad", "Red-ipadpro"]])
                 },
                 nearMiss: { app in
                     app.writeStandardImages("Red")
                     app.setAlternate("Red", in: .pad, to: ["CFBundleIconFiles": ["Red-ipad", "Red-ipadpro"]])
                     app.setAlternate("Red", in: .phone, to: ["CFBundleIconFiles": ["Red"]])
                 }),
        RuleCase(rule: .scaleSuffixInEntry,
                 trigger: { $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue", "Blue@3x"], in: [.phone]) },
                 nearMiss: { app in
                     app.writeStandardImages("Blue@night")
                     app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue@night"], in: [.phone])
                 }),
        RuleCase(rule: .mixedPngExtension,
                 trigger: { $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue.png"], in: [.phone]) },
                 nearMiss: { app in
                     app.phone = TestApp.iconSet(primary: ["AppIcon.png"], alternates: TestApp.alternates) { ["\($0).png"] }
                     app.pad = TestApp.iconSet(primary: ["AppIcon-ipad.png", "AppIcon-ipadpro.png"], alternates: TestApp.alternates) {
                         ["\($0)-ipad.png", "\($0)-ipadpro.png"]
                     }
                 }),
        RuleCase(rule: .missingStandardSize,
                 trigger: { try? FileManager.default.removeItem(atPath: $0.folder.url("Blue@3x.png")) },
                 nearMiss: { $0.folder.writePNG("Blue.png", width: 60) }),
        RuleCase(rule: .sizeNameMismatch,
                 trigger: { app in
                     // The @2x and @3x files swapped: each is square and a standard size, but not the one its name says.
                     app.folder.write("Blue60x60@2x.png", TestApp.image(180))
                     app.folder.write("Blue60x60@3x.png", TestApp.image(120))
                     app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue60x60"], in: [.phone])
                 },
                 nearMiss: { app in
                     app.folder.write("Blue60x60@2x.png", TestApp.image(120))
                     app.folder.write("Blue60x60@3x.png", TestApp.image(180))
                     app.folder.write("Blue83.5x83.5@2x~ipad.png", TestApp.image(167))
                     app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue60x60"], in: [.phone])
                     app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue-ipad", "Blue83.5x83.5"], in: [.pad])
                 }),
        RuleCase(rule: .inconsistentOrdinals,
                 trigger: { $0.setAlternateKey("ordinal", of: "Blue", to: 1) },
                 nearMiss: {
                     $0.setAlternateKey("ordinal", of: "Blue", to: 2)
                     $0.setAlternateKey("ordinal", of: "Green", to: 1)
                 }),
        RuleCase(rule: .primaryIconNameOnly,
                 trigger: { $0.setIconSetKey("CFBundlePrimaryIcon", to: ["CFBundleIconName": "AppIcon"], in: .phone) },
                 nearMiss: {
                     $0.setIconSetKey("CFBundlePrimaryIcon", to: ["CFBundleIconName": "AppIcon", "CFBundleIconFiles": ["AppIcon"]], in: .phone)
                 }),
        RuleCase(rule: .imageHasAlpha,
                 trigger: { $0.folder.writePNG("Blue@2x.png", width: 120, transparentPixels: 3) },
                 nearMiss: { app in
                     // An alpha channel that is opaque everywhere shows no black.
                     app.folder.write("Blue@2x.png", PNGWriter.png(width: 120, height: 120, alpha: true) { _, _ in (1, 2, 3, 255) })
                 }),
        RuleCase(rule: .unsafeIconName,
                 trigger: { app in
                     for which in [TestApp.Which.phone, .pad] {
                         app.setAlternate("Blue\u{202E}eulB", in: which, to: ["CFBundleIconFiles": which == .phone ? ["Blue"] : ["Blue-ipad", "Blue-ipadpro"]])
                     }
                 },
                 nearMiss: { app in
                     for which in [TestApp.Which.phone, .pad] {
                         app.setAlternate("Spectrum '22 & Blue Classic", in: which, to: ["CFBundleIconFiles": which == .phone ? ["Blue"] : ["Blue-ipad", "Blue-ipadpro"]])
                     }
                 }),
        RuleCase(rule: .newsstandIcon,
                 trigger: { $0.setIconSetKey("UINewsstandIcon", to: ["UINewsstandBindingType": "UINewsstandBindingTypeMagazine"], in: .phone) },
                 nearMiss: { $0.extra["UIPrerenderedIcon"] = true }),
        RuleCase(rule: .unexpandedVariable,
                 trigger: { $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue${SUFFIX}"], in: [.phone]) },
                 nearMiss: {
                     $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue${SUFFIX}"], in: [.phone])
                     $0.options.defines = ["SUFFIX": ""]
                 }),
        RuleCase(rule: .iconNameOnly,
                 trigger: { app in
                     for which in [TestApp.Which.phone, .pad] { app.setAlternate("Blue", in: which, to: ["CFBundleIconName": "Blue"]) }
                 },
                 nearMiss: { app in
                     // As Xcode writes a multi-size set: the name and the loose files both.
                     app.setAlternateKey("CFBundleIconName", of: "Blue", to: "Blue")
                 }),
        RuleCase(rule: .duplicateFileEntry,
                 trigger: { $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue-ipad", "Blue-ipadpro", "Blue-ipad"], in: [.pad]) },
                 nearMiss: { $0.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Blue", "Blue-ipad"], in: [.phone]) }),
    ]
}

@Suite struct RuleCaseTests {
    @Test func everyRuleHasACase() {
        #expect((RuleCase.all.map(\.rule) + ProjectRuleCase.all.map(\.rule) + CompiledCatalogLintTests.rules
                 + ExpoRuleTests.rules).sorted()
            == LintRules.ids.sorted())
    }

    @Test func theTestAppIsClean() throws {
        let report = try TestApp().lint()
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }

    @Test(arguments: RuleCase.all)
    func ruleFiresOnItsTrigger(_ testCase: RuleCase) throws {
        var app = TestApp()
        testCase.trigger(&app)
        try expectFindings(of: testCase.rule, in: app.lint(), disabled: app.lint(disabled: [testCase.rule]))
    }

    @Test(arguments: RuleCase.all)
    func ruleAcceptsItsNearMiss(_ testCase: RuleCase) throws {
        var app = TestApp()
        testCase.nearMiss(&app)
        expectNoFindings(of: testCase.rule, in: try app.lint())
    }
}

/// What a rule's trigger must give: findings of the rule, at its severity, each one clean
/// line; a warning of the reading with the rule's code only as a finding, never beside them;
/// and with the rule disabled (`disabled`), the other findings alone.
func expectFindings(of rule: ProblemCode, in report: LintReport, disabled: LintReport) throws {
    let hits = report.findings.filter { $0.rule == rule }
    #expect(!hits.isEmpty, "no \(rule) among \(report.findings.map { "\($0.rule): \($0.message)" })")
    let severity = try #require(LintRules.rule(rule)).severity
    #expect(hits.allSatisfy { $0.severity == severity })
    #expect(hits.allSatisfy { !$0.message.isEmpty && !TextSanitizer.containsUnsafe($0.message) })
    #expect(!report.appWarnings.contains { $0.code == rule })
    #expect(disabled.findings == report.findings.filter { $0.rule != rule })
    #expect(!disabled.appWarnings.contains { $0.code == rule })
}

/// What a rule's near miss must give: no finding of the rule.
func expectNoFindings(of rule: ProblemCode, in report: LintReport) {
    let hits = report.findings.filter { $0.rule == rule }
    #expect(hits.isEmpty, "\(hits.map(\.message))")
}
