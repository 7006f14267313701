import Foundation
import IconCatalog
import IconLint
import Testing
import TestSupport

/// `lint` on built apps whose icons are in their Assets.car: the upload checks, read from the car.
/// Each rule here has a trigger and a near miss (the well-built app), as `RuleCase` gives the others.
@Suite struct CompiledCatalogLintTests {
    static let rules: [ProblemCode] = [.carIconMissing, .carMarketingAlpha, .carPrimaryIconUnnamed, .carAlternateSize,
                                       .carInconsistentAppearances]

    static func rules(_ app: BuiltAppFixture, idiom: Idiom = .phone) throws -> [ProblemCode: [String]] {
        let folder = TemporaryFolder()
        var found: [ProblemCode: [String]] = [:]
        for path in [app.writeApp(in: folder), try app.writeIPA(in: folder)] {
            let report = try Linter.lint(app: path, options: CatalogOptions(idiom: idiom))
            #expect(!report.appWarnings.contains { $0.code == .unreadableAssetCatalog })
            found = Dictionary(grouping: report.findings, by: \.rule).mapValues { $0.map(\.message) }
        }
        return found
    }

    @Test func aWellBuiltAppOnlyHearsThatItsIconsDifferInAppearances() throws {
        let found = try Self.rules(BuiltAppFixture().withIconsInCar())
        #expect(Set(found.keys) == [.carInconsistentAppearances], "\(found)")
        #expect(found[.carInconsistentAppearances]?.first
            == "in CFBundleIcons, the primary icon in CFBundleIcons and alternate “Blue” in CFBundleIcons have no dark image "
                + "in Assets.car, while other icons do")
    }

    @Test func anAlternateMissingFromTheCarIsITMS90895() throws {
        // The standard fixture's car holds neither alternate (Blue's loose files do not count).
        let found = try Self.rules(BuiltAppFixture())
        #expect(found[.carIconMissing]?.filter { $0.contains("“Dark”") } == [
            "alternate “Dark” in CFBundleIcons is named “Dark” by CFBundleIconName, but Assets.car has no icon of that name; "
                + "App Store Connect refuses the upload with ITMS-90895",
            "alternate “Dark” in CFBundleIcons~ipad is named “Dark” by CFBundleIconName, but Assets.car has no icon of that name; "
                + "App Store Connect refuses the upload with ITMS-90895",
        ], "\(found)")
        #expect(found[.carIconMissing]?.count == 4)
        #expect(found[.iconNameOnly] == nil)
    }

    @Test func missingHomeScreenSizesAreITMS90890And90892() throws {
        var app = BuiltAppFixture()
        var writer = CarWriter(images: [
            .init(asset: "AppIcon", size: 1024, idiom: 6, colour: (1, 2, 3, 255)),
            .init(asset: "Blue", size: 180, scale: 3, idiom: 1, colour: (1, 2, 3, 255)),
            .init(asset: "Blue", size: 152, scale: 2, idiom: 2, colour: (1, 2, 3, 255)),
            .init(asset: "Dark", size: 1024, colour: (1, 2, 3, 255)),
        ])
        writer.leafSize = 2
        app.files["Assets.car"] = writer.build()
        let phone = try Self.rules(app)
        #expect(phone[.carAlternateSize] == [
            "alternate “Blue” in CFBundleIcons in Assets.car has no 120×120 px iPhone image; App Store Connect warns with ITMS-90890",
            "alternate “Blue” in CFBundleIcons~ipad in Assets.car has no 167×167 px iPad image; App Store Connect warns with ITMS-90892",
        ], "\(phone)")
        // Dark is single-size (one 1024 px image): exempt.
        #expect(phone[.carAlternateSize]?.contains { $0.contains("Dark") } == false)
    }

    @Test func aTranslucentMarketingImageIsITMS90717() throws {
        var app = BuiltAppFixture()
        app.files["Assets.car"] = CarWriter(images: [
            .init(asset: "AppIcon", size: 1024, idiom: 6, encoding: .lzfse) { x, _ in (200, 0, 0, x < 2 ? 0 : 255) },
            .init(asset: "Blue", size: 1024, colour: (1, 2, 3, 255)), .init(asset: "Dark", size: 1024, colour: (1, 2, 3, 255)),
        ]).build()
        let messages = try Self.rules(app)[.carMarketingAlpha] ?? []
        #expect(messages.count == 1)
        #expect(messages.first?.contains("has 2048 transparent or translucent pixels (of 1024×1024)") == true, "\(messages)")
    }
}

/// A built plist whose CFBundlePrimaryIcon lost its CFBundleIconName (a script rewrote CFBundleIcons
/// after Xcode merged the asset compiler's entries) is refused with ITMS-90713.
@Suite struct CarPrimaryIconUnnamedTests {
    static func unnamed(_ app: BuiltAppFixture) -> BuiltAppFixture {
        var app = app
        for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            var icons = app.plist[key] as! [String: Any]
            var primary = icons["CFBundlePrimaryIcon"] as! [String: Any]
            primary["CFBundleIconName"] = nil
            icons["CFBundlePrimaryIcon"] = primary
            app.plist[key] = icons
        }
        return app
    }

    @Test func aPrimaryWithoutItsNameIsITMS90713() throws {
        let found = try CompiledCatalogLintTests.rules(Self.unnamed(BuiltAppFixture().withIconsInCar()))
        #expect(found[.carPrimaryIconUnnamed] == [
            "the primary icon in CFBundleIcons has no CFBundleIconName, though its icon is “AppIcon” in Assets.car; "
                + "App Store Connect refuses the upload with ITMS-90713",
            "the primary icon in CFBundleIcons~ipad has no CFBundleIconName, though its icon is “AppIcon” in Assets.car; "
                + "App Store Connect refuses the upload with ITMS-90713",
        ], "\(found)")
    }

    @Test func nearMisses() throws {
        // Named as Xcode writes it.
        #expect(try CompiledCatalogLintTests.rules(BuiltAppFixture().withIconsInCar())[.carPrimaryIconUnnamed] == nil)
        // Unnamed, but its icon is loose files only: nothing in the car to name.
        #expect(try CompiledCatalogLintTests.rules(Self.unnamed(BuiltAppFixture()))[.carPrimaryIconUnnamed] == nil)
    }
}
