import Foundation
import Testing
@testable import IconCatalog

/// The asset catalogs and Icon Composer bundles of real projects, as their repositories have
/// them (`../shared/corpus/real-projects`). Expected names and images come from reading each
/// `Contents.json` and `icon.json` by hand.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct AssetCatalogCorpusTests {
    private func scan(_ relative: String) -> AssetCatalog {
        AssetCatalog.scan(RealProjectCorpus.path(relative))
    }

    private func sets(of catalog: AssetCatalog) -> [AppIconSet] {
        catalog.icons.filter { $0.kind == .iconSet }.map { AppIconSet.read(at: $0.path, name: $0.name) }
    }

    @Test func habiticaHas32SingleSizeSetsWithDarkAndTintedImages() {
        let catalog = scan("HabitRPG_habitica-ios/HabitRPG/Images.xcassets")
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
        // `AppIcons/` does not provide a namespace, so its sets keep their bare names.
        #expect(catalog.icons.count == 32)
        #expect(catalog.icons.allSatisfy { $0.kind == .iconSet && !$0.name.contains("/") })
        #expect(catalog.icons.prefix(5).map(\.name) == ["AppIcon", "AppIcon-Beta", "AppIcon-Staff", "Black", "BlackAlt"])
        #expect(catalog.icons.first { $0.name == "Blue" }?.path.hasSuffix("Images.xcassets/AppIcons/Blue.appiconset") == true)

        let sets = sets(of: catalog)
        for set in sets {
            #expect(set.warnings.isEmpty, "\(set.name): \(set.warnings)")
            #expect(set.images.allSatisfy { $0.idiom == .universal && $0.expectedPixelWidth == 1024 && $0.pixelWidth == 1024 })
        }
        let withAllThree = sets.filter { $0.appearances(for: .phone) == [.light, .dark, .tinted] }.map(\.name)
        #expect(withAllThree.count == 28)
        #expect(Set(sets.map(\.name)).subtracting(withAllThree) == ["AppIcon-Beta", "AppIcon-Staff", "PrideHabitica", "PrideHabiticaAlt"])

        // The primary also names a watchOS image: not part of the iOS icon, yet no unreferenced file.
        let primary = sets.first { $0.name == "AppIcon" }!
        #expect(primary.images.map(\.filename) == ["purple.png", "purple_dark.png", "tinted.png"])
        let dark = primary.choose(for: .phone, appearance: .dark, width: 64, height: 64)
        #expect(dark?.image.filename == "purple_dark.png" && dark?.isDerived == false)
    }

    @Test func habiticasPrideSetHasNoTintedImageSoItIsDerivedFromLight() {
        let set = AppIconSet.read(at: RealProjectCorpus.path(
            "HabitRPG_habitica-ios/HabitRPG/Images.xcassets/AppIcons/PrideHabitica.appiconset"))
        #expect(set.name == "PrideHabitica")
        let tinted = set.choose(for: .pad, appearance: .tinted, width: 40, height: 40)
        #expect(tinted?.image.appearance == .light)
        #expect(tinted?.derivation == .tintedFromLight)
        #expect(set.choose(for: .pad, appearance: .dark, width: 40, height: 40)?.derivation == nil)
    }

    @Test func homeAssistantsAlternatesSitInAGroupWithoutNamespace() {
        let catalog = scan("home-assistant_iOS/Sources/App/Resources/Assets.xcassets")
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
        #expect(catalog.icons.count == 28)
        #expect(catalog.icons.filter { $0.path.contains("/AlternateIcons/") }.count == 25)
        #expect(catalog.icons.prefix(3).map(\.name) == ["AppIcon", "AppIcon.beta", "AppIcon.dev"])
        #expect(catalog.icons.contains { $0.name == "caribbean-green" })
        let sets = sets(of: catalog)
        #expect(sets.allSatisfy { $0.warnings.isEmpty })
        #expect(sets.filter { $0.appearances(for: .phone).contains(.tinted) }.count == 13)
    }

    @Test func pytosLegacySetsHaveNineteenSizesAndNamesWithSpaces() {
        let catalog = scan("ColdGrub1384_Pyto/Pyto/Assets.xcassets")
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
        #expect(catalog.icons.map(\.name) == ["AppIcon", "AppIcon-VPP", "Dark", "Dark 2", "Dark 3", "Dark 4", "Dark 5",
                                              "Dark 6", "Dark 7", "Light", "Light 2", "Light 3", "Light 4", "Light 5",
                                              "Stripes", "Type"])
        let set = AppIconSet.read(at: catalog.icons(named: "Dark 2")[0].path, name: "Dark 2")
        #expect(set.warnings.isEmpty, "\(set.warnings)")
        #expect(set.images.count == 19)
        #expect(set.images.filter { $0.idiom == .iphone }.map(\.expectedPixelWidth) == [40, 60, 29, 58, 87, 80, 120, 120, 180])
        #expect(set.images.filter { $0.idiom == .ipad }.map(\.expectedPixelWidth) == [20, 40, 29, 58, 40, 80, 76, 152, 167])
        #expect(set.images.allSatisfy { $0.pixelWidth == $0.expectedPixelWidth })
        let marketing = set.images.first { $0.idiom == .iosMarketing }
        #expect(marketing?.filename == "ItunesArtwork@2x.png" && marketing?.pixelWidth == 1024)

        // The smallest that covers the box, from the device's own entries only.
        #expect(set.choose(for: .phone, appearance: .light, width: 100, height: 100)?.image.filename == "Icon-App-40x40@3x.png")
        #expect(set.choose(for: .pad, appearance: .light, width: 160, height: 160)?.image.filename == "Icon-App-83.5x83.5@2x.png")
        #expect(set.choose(for: .pad, appearance: .light, width: 400, height: 400)?.image.filename == "Icon-App-83.5x83.5@2x.png")
        let dark = set.choose(for: .phone, appearance: .dark, width: 180, height: 180)
        #expect(dark?.image.filename == "Icon-App-60x60@3x.png" && dark?.derivation == .lightInsteadOfDark)
    }

    @Test func pytosWatchSetNamesNoIOSImageAndLeavesThreeFilesOut() {
        let set = AppIconSet.read(at: RealProjectCorpus.path("ColdGrub1384_Pyto/Pyto Watch/Assets.xcassets/AppIcon.appiconset"))
        #expect(set.images.isEmpty)
        #expect(set.warnings.map(\.code) == Array(repeating: .setFileUnreferenced, count: 3))
        #expect(set.warnings.map { ($0.subject as NSString).lastPathComponent } == ["Icon-102.png", "Icon-234.png", "Icon-66.png"])
    }

    @Test func unstoppablesAlternatesAreFourteenSingleSizeSets() {
        let catalog = scan("horizontalsystems_unstoppable-wallet-ios/Unstoppable/Unstoppable/Resources/AppIconAlternate.xcassets")
        #expect(catalog.icons.count == 14)
        #expect(catalog.icons.first?.name == "AppIcon1874")
        #expect(sets(of: catalog).allSatisfy { $0.images.count == 1 && $0.images[0].idiom == .universal && $0.warnings.isEmpty })
        // The primary and the dev primary sit in a plain group folder `AppIcon/`.
        let assets = scan("horizontalsystems_unstoppable-wallet-ios/Unstoppable/Unstoppable/Resources/Assets.xcassets")
        #expect(assets.icons.map(\.name) == ["AppIcon", "AppIconDev"])
    }

    @Test func memmysSetsShareFilesBetweenEntries() {
        let catalog = scan("Memmy-App_memmy/ios/Memmy/Images.xcassets")
        #expect(catalog.icons.count == 13)
        let sets = sets(of: catalog)
        #expect(sets.allSatisfy { $0.warnings.isEmpty }, "\(sets.flatMap(\.warnings))")
        let blue = sets.first { $0.name == "blue_icon" }!
        #expect(blue.images.count == 25)
        // `80.png` is both iPhone 40 pt @2x and iPad 40 pt @2x.
        #expect(blue.images.filter { $0.filename == "80.png" }.map(\.idiom) == [.iphone, .ipad])
        #expect(blue.choose(for: .phone, appearance: .light, width: 170, height: 170)?.image.filename == "180.png")
        #expect(sets.first { $0.name == "purple_icon" }?.images.count == 25)
    }

    @Test func keepassiumsIconBundlesAreWellFormed() {
        for name in ["app-icon", "app-icon-pro", "app-icon-emm"] {
            let bundle = IconComposerBundle.read(at: RealProjectCorpus.path("keepassium_KeePassium/KeePassium/\(name).icon"))
            #expect(bundle.name == name)
            #expect(bundle.warnings.isEmpty, "\(name): \(bundle.warnings)")
            #expect(bundle.assets.values.allSatisfy { $0.format == .svg })
        }
        let emm = IconComposerBundle.read(at: RealProjectCorpus.path("keepassium_KeePassium/KeePassium/app-icon-emm.icon"))
        #expect(emm.document.groups.map(\.name) == ["Corner", "Logo"])
        // Listed topmost first, drawn bottom first: the logo, then the corner, then the briefcase on it.
        let light = emm.composition(for: .light)
        #expect(light.groups.flatMap(\.layers).map(\.asset.imageName) == ["keepassium.svg", "corner.svg", "briefcase.svg"])
        #expect(light.background == .solid(.white))
        #expect(emm.unsimulatedEffects == [.shadow])

        let app = IconComposerBundle.read(at: RealProjectCorpus.path("keepassium_KeePassium/KeePassium/app-icon.icon"))
        #expect(app.composition(for: .light).groups[0].layers[0].position == IconPosition(scale: 0.9))
        #expect(app.unsimulatedEffects == [.blur, .shadow, .specular, .translucency])
        #expect(app.composition(for: .dark).derivation == .systemRendition)
    }

    @Test func homeAssistantsBundleSwapsLayersForDark() {
        let bundle = IconComposerBundle.read(at: RealProjectCorpus.path("home-assistant_iOS/Sources/App/Resources/AppIcon.icon"))
        #expect(bundle.warnings.isEmpty, "\(bundle.warnings)")
        let light = bundle.composition(for: .light)
        let dark = bundle.composition(for: .dark)
        // Opacity specializations: the white-filled PNG frame in light, the SVG logo in dark.
        #expect(light.groups.flatMap(\.layers).map(\.asset.imageName) == ["logo-frame.png"])
        #expect(light.groups[0].layers[0].fill == .solid(.white))
        #expect(light.groups[0].layers[0].position == IconPosition(scale: 1.21, translationX: 0, translationY: -12))
        #expect(dark.groups.flatMap(\.layers).map(\.asset.imageName) == ["logo-1.svg"])
        #expect(dark.derivation == nil)
        #expect(dark.background == IconFill.systemDarkGradient)
        #expect(bundle.composition(for: .tinted).derivation == .systemRendition)

        let dev = IconComposerBundle.read(at: RealProjectCorpus.path("home-assistant_iOS/Sources/App/Resources/AppIcon.dev.icon"))
        #expect(dev.warnings.isEmpty, "\(dev.warnings)")
        #expect(dev.name == "AppIcon.dev")
        let layers = dev.composition(for: .light).groups[0].layers
        #expect(layers.map(\.asset.imageName) == ["dev.png", "ha-house.png"])
        #expect(layers.map(\.opacity) == [0.81, 0.83])
        if case .linearGradient(let top, let bottom, _, _)? = layers[1].fill {
            #expect(abs(top.red - 0.32317) < 1e-9 && bottom == .black)
        } else {
            Issue.record("ha-house.png should be filled with a gradient, is \(String(describing: layers[1].fill))")
        }
    }
}
