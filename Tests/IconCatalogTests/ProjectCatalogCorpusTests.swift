import Foundation
import Testing
@testable import IconCatalog

/// The icons each real project in `../shared/corpus/real-projects` ships, worked out by
/// reading its project, xcconfig files, Info.plist and catalogs (see each test's comments).
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct ProjectCatalogCorpusTests {
    private func read(_ folder: String, target: String? = nil, configuration: String? = nil,
                      idiom: Idiom = .phone) throws -> AppIconCatalog {
        try CatalogReader.read(app: RealProjectCorpus.path(folder),
                               options: CatalogOptions(idiom: idiom, target: target, configuration: configuration))
    }

    private func alternates(_ catalog: AppIconCatalog) -> [String] { catalog.alternateNames }
    private func codes(_ catalog: AppIconCatalog) -> [ProblemCode] { catalog.warnings.compactMap(\.code) }

    /// The catalog's path for an asset, relative to the project folder in the corpus.
    private func relative(_ path: String?, _ folder: String) -> String? {
        path.map { ProjectPaths.relative($0, to: ProjectPaths.absolute(RealProjectCorpus.path(folder))) }
    }

    // The 14 names the xcconfig lists, less AppIconIvfun (no such set); AppIconDuck is a set it leaves out.
    @Test func unstoppableWallet() throws {
        let folder = "horizontalsystems_unstoppable-wallet-ios"
        let dev = try read(folder)
        #expect(dev.appKind == .xcodeproj && dev.target?.configuration == "Debug-Dev")
        #expect(dev.primary.assetName == "AppIconDev")
        #expect(relative(dev.primary.assetPath, folder) == "Unstoppable/Unstoppable/Resources/Assets.xcassets/AppIcon/AppIconDev.appiconset")
        #expect(alternates(dev) == ["AppIcon8ball", "AppIcon1874", "AppIconDark", "AppIconDoge", "AppIconGigaChad", "AppIconMonero",
                                    "AppIconMono", "AppIconPepe", "AppIconPlFlag", "AppIconPunk", "AppIconYesChad", "AppIconYS",
                                    "AppIconZcash"])
        #expect(dev.alternate(named: "AppIconDuck") == nil)
        #expect(dev.icons.allSatisfy { $0.picturesFrom == .appiconset && $0.images.count == 1 && $0.images[0].width == 1024 })
        #expect(codes(dev) == [.missingXcconfigInclude, .alternateIconMissing])
        #expect(dev.warnings.last?.message.contains("“AppIconIvfun”") == true)
        #expect(dev.bundleIdentifier == "io.horizontalsystems.bank-wallet.dev")
        let release = try read(folder, configuration: "Release-Prod")
        #expect(release.primary.assetName == "AppIcon" && release.alternateNames == dev.alternateNames)
        #expect(release.bundleIdentifier == "io.horizontalsystems.bank-wallet")
    }

    // ThreemaAppConfig.xcconfig (through its includes): INCLUDE_ALL off, five names; Icon2012 is not one.
    @Test func threema() throws {
        let folder = "threema-ch_threema-ios"
        #expect(throws: CatalogError.self) { try read(folder) }
        let threema = try read(folder, target: "Threema")
        #expect(threema.target?.configuration == "AppStore")
        #expect(threema.primary.assetName == "AppIcon")
        #expect(relative(threema.primary.assetPath, folder) == "SharedResources/AppIcons/Threema.xcassets/AppIcon.appiconset")
        #expect(threema.primary.ownAppearances == [.light, .dark, .tinted])
        #expect(alternates(threema) == ["Icon10Years", "Icon2013_1", "Icon2013_2", "Icon2019", "Icon2025"])
        #expect(threema.alternates.allSatisfy { $0.declaration.setting == "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES" })
        #expect(threema.warnings.isEmpty, "\(threema.warnings)")
        let work = try read(folder, target: "Threema Work")
        #expect(relative(work.primary.assetPath, folder) == "SharedResources/AppIcons/ThreemaWork.xcassets/AppIcon.appiconset")
        #expect(work.alternates.isEmpty && work.bundleIdentifier == "ch.threema.work.iapp")
    }

    // INCLUDE_ALL with a one-icon catalog; "og, joy" names no sets; the 18 alternates are the
    // Info.plist's, as loose files the corpus does not hold.
    @Test func rainbow() throws {
        let folder = "rainbow-me_rainbow"
        let rainbow = try read(folder, target: "Rainbow")
        #expect(rainbow.primary.picturesFrom == .appiconset && rainbow.primary.assetName == "AppIcon")
        #expect(relative(rainbow.primary.assetPath, folder) == "ios/Images.xcassets/AppIcon.appiconset")
        #expect(alternates(rainbow) == ["adworld", "baggy", "chonks", "farcaster", "finiliar", "golddoge", "mog", "og", "optimism",
                                        "pixel", "poolboy", "pooly", "raindoge", "redacted", "rnbw", "smol", "zora", "zorb"])
        #expect(rainbow.alternates.allSatisfy { $0.picturesFrom == .plist && $0.images.isEmpty && $0.assetName == $0.name })
        #expect(rainbow.alternate(named: "og")?.declaration.keyPath == "CFBundleIcons.CFBundleAlternateIcons.og")
        let missing = rainbow.warnings.filter { $0.code == .alternateIconMissing }.map(\.message)
        #expect(missing.count == 2)
        #expect(missing.first?.contains("“og,”") == true && missing.first?.contains("commas") == true)
        #expect(missing.last?.contains("“joy”") == true)
    }

    // Only .icon bundles, one primary per flavour, INCLUDE_ALL: the other flavours' bundles are
    // alternates, with the six loose-file alternates of the preprocessed Info.plist.
    @Test func keePassium() throws {
        let folder = "keepassium_KeePassium"
        let plistAlternates = ["appicon-atom-black", "appicon-atom-blue", "appicon-atom-white", "appicon-classic-free",
                               "appicon-classic-pro", "appicon-keepass"]
        for (target, primary, others) in [("KeePassium", "app-icon", ["app-icon-emm", "app-icon-pro"]),
                                          ("KeePassium Pro", "app-icon-pro", ["app-icon", "app-icon-emm"]),
                                          ("KeePassium Org", "app-icon-emm", ["app-icon", "app-icon-pro"])] {
            let catalog = try read(folder, target: target)
            #expect(catalog.primary.picturesFrom == .icon && catalog.primary.assetName == primary)
            #expect(relative(catalog.primary.assetPath, folder) == "KeePassium/\(primary).icon")
            #expect(catalog.primary.fallbackSetPath == nil && catalog.primary.images.isEmpty)
            #expect(alternates(catalog) == others + plistAlternates)
            #expect(catalog.warnings.filter { $0.code == .iconEffectsNotSimulated }.count == 1)
        }
        let org = try read(folder, target: "KeePassium Org")
        #expect(org.bundleIdentifier == "com.keepassium.intune" && org.displayName == "KeePassium Org")
    }

    // INCLUDE_ALL: AppIcon is the bundle with its set as fallback; every set under AlternateIcons
    // (bare names), AppIcon.beta and AppIcon.dev are alternates.
    @Test func homeAssistant() throws {
        let folder = "home-assistant_iOS"
        let release = try read(folder)
        let primary = release.primary
        #expect(primary.picturesFrom == .icon && primary.assetName == "AppIcon")
        #expect(relative(primary.assetPath, folder) == "Sources/App/Resources/AppIcon.icon")
        #expect(relative(primary.fallbackSetPath, folder) == "Sources/App/Resources/Assets.xcassets/AppIcon.appiconset")
        #expect(primary.ownAppearances == [.light, .dark, .tinted])
        let sets = ["beta", "bi_pride", "black", "blue", "caribbean-green", "classic", "cornflower-blue", "crimson", "dev",
                    "electric-violet", "fire-orange", "green", "non-binary", "old-beta", "old-dev", "old-release", "orange",
                    "pink", "POC_pride", "purple", "rainbow", "red", "release", "trans", "white"]
        #expect(alternates(release) == ["AppIcon.beta", "AppIcon.dev"] + sets)
        #expect(release.alternate(named: "AppIcon.dev")?.picturesFrom == .icon)
        #expect(release.alternate(named: "AppIcon.beta")?.picturesFrom == .appiconset)
        #expect(codes(release) == [.iconEffectsNotSimulated])
        let debug = try read(folder, configuration: "Debug")
        #expect(debug.primary.assetName == "AppIcon.dev" && debug.alternate(named: "AppIcon") != nil)
        #expect(debug.bundleIdentifier == "io.robbie.HomeAssistant.dev")
    }

    // INCLUDE_ALL over one catalog: three primaries by configuration, 29 sets in a group without a
    // namespace, most with dark and tinted images.
    @Test func habitica() throws {
        let folder = "HabitRPG_habitica-ios"
        let release = try read(folder)
        #expect(release.primary.assetName == "AppIcon")
        #expect(release.alternates.count == 31)
        #expect(Array(alternates(release).prefix(4)) == ["AppIcon-Beta", "AppIcon-Staff", "Black", "BlackAlt"])
        let blue = try #require(release.alternate(named: "Blue"))
        #expect(blue.images.map(\.appearance) == [.light, .dark, .tinted])
        #expect(blue.images(for: .dark, idiom: .phone).first?.path.hasSuffix("blue_dark.png") == true)
        #expect(blue.images(for: .tinted, idiom: .phone).allSatisfy { !$0.isDerived })
        // The staff and beta sets have no dark or tinted image: iOS shows the light one.
        let beta = try #require(release.alternate(named: "AppIcon-Beta"))
        #expect(beta.images(for: .dark, idiom: .phone).map(\.derivation) == [.lightInsteadOfDark])
        // The primary's watchOS entry is not an image of the iOS icon.
        #expect(release.primary.images.count == 3)
        #expect(release.warnings.isEmpty, "\(release.warnings)")
        let staff = try read(folder, configuration: "Testflight-Staff")
        #expect(staff.primary.assetName == "AppIcon-Staff" && staff.alternate(named: "AppIcon") != nil)
    }

    // INCLUDE_ALL with a list naming "Light 6", which is no set; legacy multi-size sets.
    @Test func pyto() throws {
        let folder = "ColdGrub1384_Pyto"
        let pyto = try read(folder, target: "Pyto")
        #expect(pyto.primary.assetName == "AppIcon")
        #expect(alternates(pyto) == ["AppIcon-VPP", "Dark", "Dark 2", "Dark 3", "Dark 4", "Dark 5", "Dark 6", "Dark 7", "Light",
                                     "Light 2", "Light 3", "Light 4", "Light 5", "Stripes", "Type"])
        #expect(pyto.warnings.filter { $0.code == .alternateIconMissing }.map(\.message).first?.contains("“Light 6”") == true)
        let phone = pyto.primary.images(for: .light, idiom: .phone)
        #expect(phone.allSatisfy { $0.idiom == .iphone } && phone.contains { $0.width == 180 })
        #expect(pyto.primary.images.contains { $0.idiom == .iosMarketing })
        let pad = try read(folder, target: "Pyto", idiom: .pad)
        #expect(pad.iconsKey == "CFBundleIcons~ipad")
        #expect(pad.primary.images(for: .light, idiom: .pad).contains { $0.width == 167 && $0.idiom == .ipad })
        let vpp = try read(folder, target: "Pyto", configuration: "VPP")
        #expect(vpp.primary.assetName == "AppIcon-VPP" && vpp.alternate(named: "AppIcon") != nil)
    }

    // A hybrid: the Info.plist declares eleven alternates by file names that are the catalog's
    // sets; INCLUDE_ALL adds the catalog's AppIcon too.
    @Test func memmy() throws {
        let folder = "Memmy-App_memmy"
        let memmy = try read(folder)
        #expect(memmy.primary.assetName == "purple_icon" && memmy.primary.picturesFrom == .appiconset)
        let declared = ["blue_icon", "brown_icon", "gray_icon", "green_icon", "light_gray_icon", "pink_icon", "pride_icon",
                        "pride_new_icon", "red_icon", "trans_pride_icon", "yellow_icon"]
        #expect(alternates(memmy) == ["AppIcon"] + declared)
        #expect(memmy.alternates.allSatisfy { $0.picturesFrom == .appiconset && !$0.images.isEmpty })
        let blue = try #require(memmy.alternate(named: "blue_icon"))
        #expect(relative(blue.declaration.path, folder) == "ios/Memmy/Info.plist")
        #expect(blue.declaration.keyPath == "CFBundleIcons.CFBundleAlternateIcons.blue_icon")
        #expect(relative(blue.assetPath, folder) == "ios/Memmy/Images.xcassets/blue_icon.appiconset")
        #expect(memmy.alternate(named: "AppIcon")?.declaration.keyPath == nil)
    }
}
