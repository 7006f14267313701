import Foundation
import Testing
@testable import IconCatalog

/// The real projects in `../shared/corpus/real-projects`, each read as Xcode would build it.
/// The expected values come from reading the projects' files (see each test's comments).
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct XcodeCorpusTests {
    /// One target as listed: project name, target, bundle identifier, configuration read, all configurations, default.
    struct Listed: Equatable, CustomStringConvertible {
        let project: String, target: String, bundleIdentifier: String?, configuration: String
        let configurations: [String], defaultConfiguration: String?
        var description: String { "\(project)/\(target) \(bundleIdentifier ?? "-") \(configuration) \(configurations) \(defaultConfiguration ?? "-")" }
    }

    private func applications(_ folder: String) throws -> ApplicationTargets {
        try ApplicationTargets.find(at: RealProjectCorpus.path(folder))
    }

    private func listed(_ apps: ApplicationTargets) -> [Listed] {
        apps.targets.map {
            Listed(project: $0.projectName, target: $0.name, bundleIdentifier: $0.bundleIdentifier, configuration: $0.configuration,
                   configurations: $0.configurations, defaultConfiguration: $0.defaultConfiguration)
        }
    }

    private func resolve(_ folder: String, _ target: String, project: String? = nil, configuration: String? = nil,
                         defines: [String: String] = [:]) throws -> ResolvedTarget {
        let apps = try applications(folder)
        return try apps.resolve(try apps.select(target: target, project: project), configuration: configuration, defines: defines)
    }

    /// Paths relative to the project's folder in the corpus.
    private func inFolder(_ folder: String, _ paths: [String]) -> [String] {
        paths.map { ProjectPaths.relative($0, to: ProjectPaths.absolute(RealProjectCorpus.path(folder))) }
    }

    private func codes(_ warnings: [CatalogWarning]) -> [ProblemCode] { warnings.compactMap(\.code) }

    // MARK: unstoppable-wallet: an explicit list of 14, a set left out, settings in xcconfig files, a dev primary.

    @Test func unstoppableWallet() throws {
        let folder = "horizontalsystems_unstoppable-wallet-ios"
        let apps = try applications(folder)
        #expect(inFolder(folder, apps.search.projects) == ["Unstoppable/Unstoppable.xcodeproj"])
        #expect(listed(apps) == [Listed(project: "Unstoppable", target: "App", bundleIdentifier: "io.horizontalsystems.bank-wallet.dev",
                                        configuration: "Debug-Dev", configurations: ["Debug-Dev", "Debug-Prod", "Release-Dev", "Release-Prod"],
                                        defaultConfiguration: "Debug-Dev")])
        // No Release: the list's default, Debug-Dev, whose App-Dev.xcconfig (through the synchronized
        // folder anchor) names the dev primary.
        let dev = try resolve(folder, "App")
        #expect(dev.configuration == "Debug-Dev")
        #expect(dev.primaryIconName == "AppIconDev")
        let listedNames = ["AppIconDark", "AppIconMono", "AppIconPunk", "AppIcon1874", "AppIcon8ball", "AppIconPepe", "AppIconIvfun",
                           "AppIconDoge", "AppIconGigaChad", "AppIconPlFlag", "AppIconYesChad", "AppIconYS", "AppIconZcash", "AppIconMonero"]
        #expect(dev.alternateIconNames == listedNames)
        #expect(!dev.includesAllAppIcons && !dev.alternateIconNamesUseCommas)
        #expect(dev.bundleIdentifier == "io.horizontalsystems.bank-wallet.dev")
        #expect(dev.productName == "Unstoppable")
        #expect(dev.infoPlist.map { inFolder(folder, [$0.path]) } == ["Unstoppable/Unstoppable/Supporting/Info.plist"])
        #expect(dev.infoPlist?.exists == true)
        // The App target owns the "Unstoppable" folder; its exceptions remove only non-catalog files.
        #expect(inFolder(folder, dev.assetCatalogs) == ["Unstoppable/Unstoppable/Resources/AppIconAlternate.xcassets",
                                                       "Unstoppable/Unstoppable/Resources/Assets.xcassets",
                                                       "Unstoppable/Unstoppable/Resources/Colors.xcassets"])
        #expect(dev.iconBundles.isEmpty)
        // AppIconDuck is a set in the catalog that the list leaves out.
        #expect(FileManager.default.fileExists(atPath: dev.assetCatalogs[0] + "/AppIconDuck.appiconset"))
        #expect(!dev.alternateIconNames.contains("AppIconDuck"))
        // Config.xcconfig is git-ignored in the repository (only the template is there).
        #expect(codes(dev.warnings) == [.missingXcconfigInclude])
        // Looked for beside the including file, then in the project's folder, as Xcode does: both are named.
        let missing = dev.warnings.first?.message ?? ""
        #expect(missing.hasPrefix("includes “../Config.xcconfig”, found neither beside it (Unstoppable/Configuration/Config.xcconfig) "
                                  + "nor in the project's folder ("), "\(missing)")

        let release = try resolve(folder, "App", configuration: "Release-Prod")
        #expect(release.primaryIconName == "AppIcon")
        #expect(release.alternateIconNames == listedNames)
        #expect(release.bundleIdentifier == "io.horizontalsystems.bank-wallet")
        var warnings: [CatalogWarning] = []
        let plist = try release.infoPlistContents(warnings: &warnings)
        #expect(plist?["CFBundleIdentifier"] as? String == "io.horizontalsystems.bank-wallet")
        #expect(plist?["CFBundleDisplayName"] as? String == "Unstoppable")
    }

    // MARK: threema: icon settings only in xcconfig files with includes; several flavours.

    @Test func threema() throws {
        let folder = "threema-ch_threema-ios"
        let apps = try applications(folder)
        let configurations = ["Debug", "AdHoc", "AppStore"]
        func flavour(_ name: String, _ identifier: String) -> Listed {
            Listed(project: "Threema", target: name, bundleIdentifier: identifier, configuration: "AppStore",
                   configurations: configurations, defaultConfiguration: "AppStore")
        }
        #expect(listed(apps) == [flavour("Threema", "ch.threema.iapp"), flavour("Threema Work", "ch.threema.work.iapp"),
                                 flavour("Threema OnPrem", "ch.threema.onprem.iapp"), flavour("Custom OnPrem", "com.custom.onprem.iapp"),
                                 flavour("Threema Green", "ch.threema.red.iapp"), flavour("Threema Blue", "ch.threema.work.red.iapp")])
        #expect(apps.warnings.isEmpty, "\(apps.warnings)")

        // ThreemaAppConfig.xcconfig (through #include of BaseAppConfig and ThreemaConfig) sets them.
        let threema = try resolve(folder, "Threema")
        #expect(threema.configuration == "AppStore")
        #expect(threema.primaryIconName == "AppIcon")
        #expect(threema.alternateIconNames == ["Icon10Years", "Icon2013_1", "Icon2013_2", "Icon2019", "Icon2025"])
        #expect(!threema.includesAllAppIcons)
        #expect(threema.productName == "Threema")
        #expect(threema.settings.value("BUILD_NUMBER") == "72067")
        #expect(inFolder(folder, [threema.infoPlist!.path]) == ["Threema/SupportingFiles/Threema/Threema-Info.plist"])
        #expect(inFolder(folder, threema.assetCatalogs) == [
            "SharedResources/AppIcons/Threema.xcassets", "SharedResources/Colors/SharedColors.xcassets",
            "SharedResources/Colors/TargetColorsPrivate.xcassets", "SharedResources/Images/App Symbols.xcassets",
            "SharedResources/Images/Threema Target Symbols.xcassets", "Threema/Resources/RendezvousEmoji.xcassets"])
        #expect(threema.warnings.isEmpty, "\(threema.warnings)")

        let work = try resolve(folder, "Threema Work", configuration: "Debug")
        #expect(work.primaryIconName == "AppIcon" && work.alternateIconNames.isEmpty && !work.includesAllAppIcons)
        #expect(work.bundleIdentifier == "ch.threema.work.iapp")
        #expect(inFolder(folder, work.assetCatalogs).first == "SharedResources/AppIcons/ThreemaWork.xcassets")

        // The project level writes `$(ASSETCATALOG_COMPILER_APPICON_NAME )` with a space: a name no
        // setting has, so on its own it is empty (the target's xcconfig sets the real name above it).
        let project = try #require(apps.projects.first)
        let written = try #require(project.configurationList.named("AppStore")?.settings
            .first { $0.key == "ASSETCATALOG_COMPILER_APPICON_NAME" }?.value)
        #expect(written == "$(ASSETCATALOG_COMPILER_APPICON_NAME )")
        var warnings: [CatalogWarning] = []
        #expect(threema.settings.expand(written, subject: "project", warnings: &warnings) == "")
        #expect(codes(warnings) == [.settingNameWithSpace])
    }

    // MARK: rainbow: alternates in Info.plist, and a comma-separated list naming sets that do not exist.

    @Test func rainbow() throws {
        let folder = "rainbow-me_rainbow"
        let apps = try applications(folder)
        #expect(inFolder(folder, apps.search.projects) == ["ios/Rainbow.xcodeproj", "ios/Internals/ios/Internals.xcodeproj",
                                                          "src/react-native-animated-charts/Example/ios/Example.xcodeproj"])
        // Example-tvOS builds for appletvos and is not listed.
        #expect(listed(apps) == [
            Listed(project: "Rainbow", target: "Rainbow", bundleIdentifier: "me.rainbow", configuration: "Release",
                   configurations: ["Debug", "Release", "LocalRelease", "Staging"], defaultConfiguration: "Release"),
            Listed(project: "Example", target: "Example", bundleIdentifier: "org.reactjs.native.example.Example",
                   configuration: "Release", configurations: ["Debug", "Release"], defaultConfiguration: "Release"),
        ])
        #expect(codes(apps.warnings).allSatisfy { $0 == .missingProject || $0 == .missingXcconfig })

        let rainbow = try resolve(folder, "Rainbow")
        #expect(rainbow.primaryIconName == "AppIcon")
        #expect(rainbow.alternateIconNames == ["og,", "joy"])
        #expect(rainbow.alternateIconNamesUseCommas)
        #expect(rainbow.includesAllAppIcons)
        #expect(inFolder(folder, rainbow.assetCatalogs) == ["ios/Images.xcassets"])
        // The Pods and per-configuration xcconfig files are not in the repository.
        #expect(Set(codes(rainbow.warnings)) == [.missingXcconfig])
        var warnings: [CatalogWarning] = []
        let plist = try #require(try rainbow.infoPlistContents(warnings: &warnings))
        let alternates = (plist["CFBundleIcons"] as? [String: Any])?["CFBundleAlternateIcons"] as? [String: Any]
        #expect(alternates?.keys.sorted() == ["adworld", "baggy", "chonks", "farcaster", "finiliar", "golddoge", "mog", "og",
                                              "optimism", "pixel", "poolboy", "pooly", "raindoge", "redacted", "rnbw", "smol",
                                              "zora", "zorb"])
        #expect(plist["CFBundleIdentifier"] as? String == "me.rainbow")
    }

    // MARK: KeePassium: .icon bundles per flavour and an Info.plist with #ifdef INTUNE.

    @Test func keePassium() throws {
        let folder = "keepassium_KeePassium"
        let apps = try applications(folder)
        #expect(inFolder(folder, apps.search.projects) == ["KeePassium.xcodeproj", "KeePassiumLib/KeePassiumLib.xcodeproj"])
        #expect(listed(apps).map(\.target) == ["KeePassium", "KeePassium Pro", "KeePassium Org"])
        #expect(apps.targets.map(\.bundleIdentifier) == ["com.keepassium.ios", "com.keepassium.ios.pro", "com.keepassium.intune"])

        let bundles = ["KeePassium/app-icon-emm.icon", "KeePassium/app-icon-pro.icon", "KeePassium/app-icon.icon"]
        for (target, primary) in [("KeePassium", "app-icon"), ("KeePassium Pro", "app-icon-pro"), ("KeePassium Org", "app-icon-emm")] {
            let resolved = try resolve(folder, target)
            #expect(resolved.primaryIconName == primary)
            #expect(resolved.includesAllAppIcons)
            #expect(resolved.alternateIconNames.isEmpty)
            // All three flavours own the synchronized "KeePassium" folder (exceptions drop Info.plist and the storekit file).
            #expect(inFolder(folder, resolved.iconBundles) == bundles)
            #expect(inFolder(folder, resolved.assetCatalogs) == ["KeePassium/Assets.xcassets"])
            #expect(resolved.infoPlist?.preprocess == true)
            #expect(resolved.warnings.isEmpty, "\(resolved.warnings)")
        }

        let org = try resolve(folder, "KeePassium Org")
        #expect(org.infoPlist?.preprocessorDefinitions == ["INTUNE": "1"])
        #expect(org.infoPlist?.preprocessorOptions().comments == .kept, "INFOPLIST_OTHER_PREPROCESSOR_FLAGS = -C")
        var warnings: [CatalogWarning] = []
        let orgPlist = try #require(try org.infoPlistContents(warnings: &warnings))
        #expect(orgPlist["IntuneMAMSettings"] != nil)
        #expect(orgPlist["CFBundleIdentifier"] as? String == "com.keepassium.intune")
        #expect(orgPlist["CFBundleDisplayName"] as? String == "KeePassium Org")
        let free = try #require(try resolve(folder, "KeePassium").infoPlistContents(warnings: &warnings))
        #expect(free["IntuneMAMSettings"] == nil)
        #expect(free["CFBundleDisplayName"] as? String == "KeePassium")
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func keePassiumInfoPlistLoadsOnItsOwn() throws {
        let plist = RealProjectCorpus.path("keepassium_KeePassium/KeePassium/Info.plist")
        let names = ["appicon-atom-black", "appicon-atom-blue", "appicon-atom-white", "appicon-classic-free",
                     "appicon-classic-pro", "appicon-keepass"]
        let plain = try CatalogReader.readDeclared(app: plist)
        #expect(plain.alternateNames == names)
        #expect(plain.bundleIdentifier == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        let intune = try PlistLoader.load(plist, preprocessor: PlistPreprocessor.Options(definitions: ["INTUNE": "1"]))
        #expect(intune["IntuneMAMSettings"] != nil)
        #expect(try PlistLoader.load(plist)["IntuneMAMSettings"] == nil)
    }

    // MARK: home-assistant: INCLUDE_ALL, the primary `AppIcon${BUNDLE_ID_SUFFIX}` set through xcconfig.

    @Test func homeAssistant() throws {
        let folder = "home-assistant_iOS"
        let apps = try applications(folder)
        // WatchApp (watchos) and Launcher (macosx) are applications for other platforms.
        #expect(listed(apps) == [Listed(project: "HomeAssistant", target: "App", bundleIdentifier: "io.robbie.HomeAssistant",
                                        configuration: "Release", configurations: ["Debug", "Release"], defaultConfiguration: "Release")])
        let release = try resolve(folder, "App")
        #expect(release.primaryIconName == "AppIcon")
        #expect(release.includesAllAppIcons && release.alternateIconNames.isEmpty)
        #expect(release.bundleIdentifier == "io.robbie.HomeAssistant")
        #expect(release.productName == "Home Assistant")
        #expect(inFolder(folder, release.assetCatalogs) == ["Sources/App/Resources/Assets.xcassets",
                                                           "Sources/Shared/Assets/Colors.xcassets",
                                                           "Sources/Shared/Assets/SharedAssets.xcassets"])
        #expect(inFolder(folder, release.iconBundles) == ["Sources/App/Resources/AppIcon.dev.icon", "Sources/App/Resources/AppIcon.icon"])
        #expect(release.warnings.isEmpty, "\(release.warnings)")
        // HomeAssistant.debug.xcconfig sets BUNDLE_ID_SUFFIX = .dev.
        let debug = try resolve(folder, "App", configuration: "Debug")
        #expect(debug.primaryIconName == "AppIcon.dev")
        #expect(debug.bundleIdentifier == "io.robbie.HomeAssistant.dev")
        #expect(debug.productName == "Home Assistant Δ")
        let defined = try resolve(folder, "App", defines: ["BUNDLE_ID_SUFFIX": ".beta"])
        #expect(defined.primaryIconName == "AppIcon.beta" && defined.bundleIdentifier == "io.robbie.HomeAssistant.beta")
        // `$(CODE_SIGN_STYLE_$(DEVELOPMENT_TEAM)_$(TARGET_NAME:c99extidentifier):default=$CODE_SIGN_STYLE_DEFAULT)`
        #expect(release.settings.value("CODE_SIGN_STYLE") == "Manual")
        #expect(debug.settings.value("CODE_SIGN_STYLE") == "Manual")
    }

    // MARK: Habitica: a workspace of several projects, INCLUDE_ALL, other primaries per configuration.

    @Test func habitica() throws {
        let folder = "HabitRPG_habitica-ios"
        let apps = try applications(folder)
        #expect(inFolder(folder, apps.search.projects) == ["Habitica.xcodeproj", "Habitica API Client/Habitica API Client.xcodeproj",
                                                          "Habitica Database/Habitica Database.xcodeproj",
                                                          "Habitica Models/Habitica Models.xcodeproj"])
        let configurations = ["Debug", "Release", "Testflight-Staff", "Testflight-Beta"]
        #expect(listed(apps) == [Listed(project: "Habitica", target: "Habitica", bundleIdentifier: "com.habitrpg.ios.Habitica",
                                        configuration: "Release", configurations: configurations, defaultConfiguration: "Release")])
        #expect(apps.warnings.isEmpty, "\(apps.warnings)")
        for (configuration, primary, name) in [("Release", "AppIcon", "Habitica"), ("Testflight-Staff", "AppIcon-Staff", "Habitica σ"),
                                               ("Testflight-Beta", "AppIcon-Beta", "Habitica β")] {
            let resolved = try resolve(folder, "Habitica", configuration: configuration)
            #expect(resolved.primaryIconName == primary)
            #expect(resolved.includesAllAppIcons && resolved.alternateIconNames.isEmpty)
            #expect(resolved.generatedInfoPlistKeys["CFBundleDisplayName"] == name)
            #expect(!resolved.generatesInfoPlist)
            #expect(inFolder(folder, resolved.assetCatalogs) == ["HabitRPG/Images.xcassets"])
            #expect(inFolder(folder, [resolved.infoPlist!.path]) == ["HabitRPG/Habitica-Info.plist"])
            #expect(resolved.warnings.isEmpty, "\(resolved.warnings)")
        }
        // The workspace itself names the same four projects (and test plans, which are not projects).
        let workspace = try XcodeProjectLocator.find(RealProjectCorpus.path("\(folder)/Habitica.xcworkspace"))
        #expect(Set(workspace.projects) == Set(apps.search.projects))
    }

    // MARK: Pyto: several projects, legacy sets with spaces in their names, a VPP flavour.

    @Test func pyto() throws {
        let folder = "ColdGrub1384_Pyto"
        let apps = try applications(folder)
        #expect(inFolder(folder, apps.search.projects) == [
            "Pyto.xcodeproj", "Interface Builder/PytoUI Interface Builder.xcodeproj", "Python App/Python App.xcodeproj",
            "OpenSSL/openssl-stub/openssl-stub.xcodeproj", "python3_ios/Python3_ios/Python3_ios.xcodeproj",
            "python3_ios/Python3_ios/libffi-3.4.2/libffi.xcodeproj", "Extensions/Dependencies/libssh2/libssh2/libssh2.xcodeproj"])
        let pytoConfigurations = ["Debug", "VPP", "Release"]
        #expect(listed(apps) == [
            Listed(project: "Pyto", target: "Pyto", bundleIdentifier: "ch.marcela.ada.Pyto", configuration: "Release",
                   configurations: pytoConfigurations, defaultConfiguration: "Release"),
            Listed(project: "Pyto", target: "SwiftUI Preview", bundleIdentifier: "ch.ada.SwiftUI-Preview-1", configuration: "Release",
                   configurations: pytoConfigurations, defaultConfiguration: "Release"),
            Listed(project: "Pyto", target: "Pyto Screenshots", bundleIdentifier: "ch.marcela.ada.Pyto", configuration: "Release",
                   configurations: pytoConfigurations, defaultConfiguration: "Release"),
            Listed(project: "Python App", target: "Python App", bundleIdentifier: "com.example.pythonapp", configuration: "Release",
                   configurations: ["Debug", "Release"], defaultConfiguration: "Release"),
        ])
        let alternates = ["Dark", "Dark 2", "Dark 3", "Dark 4", "Dark 5", "Dark 6", "Dark 7", "Light", "Light 2", "Light 3",
                          "Light 4", "Light 5", "Light 6", "Stripes", "Type"]
        let pyto = try resolve(folder, "Pyto")
        #expect(pyto.primaryIconName == "AppIcon")
        #expect(pyto.alternateIconNames == alternates)
        #expect(pyto.includesAllAppIcons)
        #expect(inFolder(folder, pyto.assetCatalogs) == ["Pyto/Assets.xcassets"])
        #expect(inFolder(folder, [pyto.infoPlist!.path]) == ["Pyto/Info.plist"])
        #expect(codes(pyto.warnings) == [.missingXcconfig], "the Pods xcconfig files are not in the repository")
        let vpp = try resolve(folder, "Pyto", configuration: "VPP")
        #expect(vpp.primaryIconName == "AppIcon-VPP" && vpp.bundleIdentifier == "ch.ada.PytoVPP")
        let preview = try resolve(folder, "SwiftUI Preview")
        #expect(inFolder(folder, preview.assetCatalogs) == ["SwiftUI Views/Preview Content/Preview Assets.xcassets",
                                                           "SwiftUI Preview/Assets.xcassets"])
        let other = try resolve(folder, "Python App")
        #expect(inFolder(folder, other.assetCatalogs) == ["Python App/Python App/Assets.xcassets"])
        #expect(other.productName == "Python")
    }

    // MARK: Memmy: a hybrid; the Info.plist lists alternates whose images are catalog sets.

    @Test func memmy() throws {
        let folder = "Memmy-App_memmy"
        let apps = try applications(folder)
        #expect(listed(apps) == [Listed(project: "Memmy", target: "Memmy", bundleIdentifier: "com.gkasdorf.memmyapp",
                                        configuration: "Release", configurations: ["Debug", "Release"], defaultConfiguration: "Release")])
        let memmy = try resolve(folder, "Memmy")
        #expect(memmy.primaryIconName == "purple_icon")
        #expect(memmy.includesAllAppIcons && memmy.alternateIconNames.isEmpty)
        #expect(inFolder(folder, memmy.assetCatalogs) == ["ios/Memmy/Images.xcassets"])
        var warnings: [CatalogWarning] = []
        let plist = try #require(try memmy.infoPlistContents(warnings: &warnings))
        let alternates = (plist["CFBundleIcons"] as? [String: Any])?["CFBundleAlternateIcons"] as? [String: Any]
        #expect(alternates?.keys.sorted() == ["blue_icon", "brown_icon", "gray_icon", "green_icon", "light_gray_icon", "pink_icon",
                                              "pride_icon", "pride_new_icon", "red_icon", "trans_pride_icon", "yellow_icon"])
        #expect(plist["CFBundleDisplayName"] as? String == "Memmy")
    }

    @Test func everyProjectReadsQuickly() throws {
        for folder in ["ColdGrub1384_Pyto", "HabitRPG_habitica-ios", "threema-ch_threema-ios", "home-assistant_iOS"] {
            let start = Date()
            let apps = try applications(folder)
            for target in apps.targets { _ = try apps.resolve(target) }
            // Generous for a debug build on a busy machine; `make bench` measures the real cost.
            #expect(Date().timeIntervalSince(start) < 10, "\(folder)")
        }
    }
}
