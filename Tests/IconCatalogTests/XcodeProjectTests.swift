import Foundation
import Testing
@testable import IconCatalog

/// Folders on disk for catalogs and bundles (each with a Contents.json, as Xcode leaves them).
private func makeFolders(_ folder: TemporaryFolder, _ paths: [String]) {
    for path in paths { folder.write(path + "/Contents.json", "{}") }
}

private func relative(_ paths: [String], _ folder: TemporaryFolder) -> [String] {
    let root = PathBoundary.systemRealPath(folder.path) ?? folder.path
    return paths.map { ProjectPaths.relative(PathBoundary.systemRealPath($0) ?? $0, to: root) }
}

@Suite struct XcodeProjectResourceTests {
    @Test func resourcesResolveThroughTheGroupTree() throws {
        let folder = TemporaryFolder()
        makeFolders(folder, ["App/Assets.xcassets", "Shared/Icons.xcassets", "App/AppIcon.icon",
                             "App/en.lproj/Stickers.xcassets", "App/Sources/Code.xcassets"])
        var project = PBXProjectBuilder()
        let app = project.group("App")
        let resourcesGroup = project.group(nil, name: "Resources", in: app)
        let assets = project.file("Assets.xcassets", in: resourcesGroup)
        let shared = project.file("Shared/Icons.xcassets", sourceTree: "SOURCE_ROOT", in: resourcesGroup)
        let icon = project.file("AppIcon.icon", in: app)
        let stickers = project.variantGroup("Stickers.xcassets", paths: ["en.lproj/Stickers.xcassets"], in: app)
        let built = project.file("Generated.xcassets", sourceTree: "BUILT_PRODUCTS_DIR", in: app)
        let notResource = project.file("Sources/Code.xcassets", in: app)
        _ = notResource
        project.target("App", resources: [assets, shared, icon, stickers, built, assets])
        project.write(into: folder)

        let target = try XcodeProject.read(folder.url("App.xcodeproj")).resolve(target: "App")
        #expect(relative(target.assetCatalogs, folder) == ["App/Assets.xcassets", "Shared/Icons.xcassets",
                                                          "App/en.lproj/Stickers.xcassets"])
        #expect(relative(target.iconBundles, folder) == ["App/AppIcon.icon"])
        #expect(target.warnings.isEmpty, "\(target.warnings)")
    }

    @Test func referencesLeavingTheProjectAreNeverRead() throws {
        let outside = TemporaryFolder()
        makeFolders(outside, ["Stolen.xcassets"])
        let folder = TemporaryFolder()
        makeFolders(folder, ["App/Fine.xcassets"])
        try FileManager.default.createSymbolicLink(atPath: folder.url("App/Linked.xcassets"),
                                                   withDestinationPath: outside.url("Stolen.xcassets"))
        var project = PBXProjectBuilder()
        let app = project.group("App")
        let escaping = project.file("../../\(ProjectPaths.lastComponent(outside.path))/Stolen.xcassets", in: app)
        let absolute = project.file(outside.url("Stolen.xcassets"), sourceTree: "<absolute>", in: app)
        let passwd = project.file("/etc/passwd.xcassets", sourceTree: "<absolute>", in: app)
        let linked = project.file("Linked.xcassets", in: app)
        let fine = project.file("Fine.xcassets", in: app)
        project.target("App", resources: [escaping, absolute, passwd, linked, fine])
        project.write(into: folder)

        let target = try XcodeProject.read(folder.url("App.xcodeproj")).resolve(target: "App")
        #expect(relative(target.assetCatalogs, folder) == ["App/Fine.xcassets"])
        #expect(target.warnings.map(\.code) == [.pathOutsideProject, .pathOutsideProject, .pathOutsideProject,
                                                .pathOutsideProject])
        #expect(target.warnings.allSatisfy { $0.message.hasSuffix("not read") })
    }

    @Test func aResourceThatIsNotThereIsAWarning() throws {
        let folder = TemporaryFolder()
        var project = PBXProjectBuilder()
        let missing = project.file("Missing.xcassets")
        project.target("App", resources: [missing, "AA0000000000000000000FFF"])
        project.write(into: folder)
        let target = try XcodeProject.read(folder.url("App.xcodeproj")).resolve(target: "App")
        #expect(target.assetCatalogs.isEmpty)
        #expect(target.warnings.map(\.code) == [.missingAssetCatalog, .malformedProject])
    }

    @Test func synchronizedFoldersBelongToTheirTargetsLessAndPlusExceptions() throws {
        let folder = TemporaryFolder()
        makeFolders(folder, ["App/Assets.xcassets", "App/Resources/Old.xcassets", "App/Deep/Inner/Brand.icon",
                             "App/Raw/Copied.xcassets", "App/.hidden/Hidden.xcassets", "App/Assets.xcassets/Nested.xcassets",
                             "Widget/Widget.xcassets", "Widget/Shared/Shared.xcassets", "Widget/Only.icon"])
        var project = PBXProjectBuilder()
        let appFolder = project.synchronizedFolder("App", explicitFolders: ["Raw"])
        let widgetFolder = project.synchronizedFolder("Widget")
        let app = project.target("App", synchronizedFolders: [appFolder])
        let widget = project.target("Widget", productType: "com.apple.product-type.app-extension",
                                    synchronizedFolders: [widgetFolder])
        project.exceptions(in: appFolder, for: app, ["Resources/Old.xcassets", "Info.plist"])
        project.exceptions(in: widgetFolder, for: app, ["Shared/Shared.xcassets", "/Localized/Main.storyboard", "../../x.xcassets"])
        project.exceptions(in: widgetFolder, for: widget, ["Only.icon"])
        project.write(into: folder)

        let target = try XcodeProject.read(folder.url("App.xcodeproj")).resolve(target: "App")
        #expect(relative(target.assetCatalogs, folder) == ["App/Assets.xcassets", "Widget/Shared/Shared.xcassets"])
        #expect(relative(target.iconBundles, folder) == ["App/Deep/Inner/Brand.icon"])
        #expect(target.warnings.map(\.code) == [.pathOutsideProject])
    }

    @Test func baseConfigurationsFromTheGroupTreeAndFromSynchronizedFolders() throws {
        let folder = TemporaryFolder()
        folder.write("Config/Project.xcconfig", "ICON_BASE = Brand\nBUNDLE_ID_PREFIX = com.example")
        folder.write("App/Config/App-Release.xcconfig", """
            #include "Shared.xcconfig"
            ASSETCATALOG_COMPILER_APPICON_NAME = $(ICON_BASE)Icon$(SUFFIX)
            """)
        folder.write("App/Config/Shared.xcconfig", "SUFFIX = -Release\nPRODUCT_BUNDLE_IDENTIFIER = $(BUNDLE_ID_PREFIX).$(PRODUCT_NAME:rfc1034identifier)")
        var project = PBXProjectBuilder(projectSettings: ["SDKROOT": "iphoneos", "SUFFIX": "-project"])
        let config = project.group("Config")
        let projectConfig = project.file("Project.xcconfig", in: config)
        project.projectBaseConfiguration(projectConfig)
        let appFolder = project.synchronizedFolder("App")
        let app = project.target("My App", synchronizedFolders: [appFolder])
        project.targetBaseConfiguration(app, anchor: appFolder, relativePath: "Config/App-Release.xcconfig")
        project.write(into: folder)

        let target = try XcodeProject.read(folder.url("App.xcodeproj")).resolve(target: "My App")
        #expect(target.primaryIconName == "BrandIcon-Release")
        #expect(target.bundleIdentifier == "com.example.My-App")
        #expect(target.productName == "My App")
        #expect(target.warnings.isEmpty, "\(target.warnings)")
    }
}

@Suite struct XcodeTargetSettingsTests {
    private func project(_ build: (inout PBXProjectBuilder) -> Void,
                         configurations: [String] = ["Debug", "Release"], defaultConfiguration: String = "Release",
                         projectSettings: [String: Any] = ["SDKROOT": "iphoneos"]) -> (TemporaryFolder, XcodeProject) {
        let folder = TemporaryFolder()
        var builder = PBXProjectBuilder(configurations: configurations, defaultConfiguration: defaultConfiguration,
                                        projectSettings: projectSettings)
        build(&builder)
        builder.write(into: folder)
        return (folder, try! XcodeProject.read(folder.url("App.xcodeproj")))
    }

    @Test func theConfigurationReadIsTheOneAskedForElseReleaseElseTheDefault() throws {
        let (_, standard) = project { $0.target("App", perConfiguration: ["Debug": ["ICON": "D"], "Release": ["ICON": "R"]]) }
        #expect(try standard.resolve(target: "App").configuration == "Release")
        #expect(try standard.resolve(target: "App", configuration: "Debug").configuration == "Debug")
        #expect(throws: XcodeProjectError.unknownConfiguration(path: standard.path, target: "App", name: "Beta",
                                                                available: ["Debug", "Release"])) {
            try standard.resolve(target: "App", configuration: "Beta")
        }
        let (_, flavours) = project({ $0.target("App", defaultConfiguration: "Debug-Dev") },
                                    configurations: ["Debug-Dev", "Release-Prod"], defaultConfiguration: "Debug-Dev")
        let target = try flavours.resolve(target: "App")
        #expect(target.configuration == "Debug-Dev")
        #expect(target.configurations == ["Debug-Dev", "Release-Prod"])
        #expect(target.defaultConfiguration == "Debug-Dev")
    }

    @Test func iconSettingsPerSDKAndConfiguration() throws {
        let (_, project) = project { builder in
            builder.target("App", settings: [
                "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*]": "DeviceIcon",
                "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphonesimulator*]": "SimulatorIcon",
                "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Dark \"Dark 2\" $(EXTRA_ICONS)",
                "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS[config=Release]": "YES",
            ], perConfiguration: ["Release": ["EXTRA_ICONS": "Gold"]])
        }
        let release = try project.resolve(target: "App")
        #expect(release.primaryIconName == "DeviceIcon")
        #expect(release.alternateIconNames == ["Dark", "Dark 2", "Gold"])
        #expect(!release.alternateIconNamesUseCommas)
        #expect(release.includesAllAppIcons)
        let debug = try project.resolve(target: "App", configuration: "Debug")
        #expect(debug.alternateIconNames == ["Dark", "Dark 2"])
        #expect(!debug.includesAllAppIcons)
    }

    @Test func definesOverrideEveryLevel() throws {
        let (_, project) = project { builder in
            builder.target("App", settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.app$(BUNDLE_ID_SUFFIX)",
                                             "BUNDLE_ID_SUFFIX": ".dev", "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"])
        }
        let plain = try project.resolve(target: "App")
        #expect(plain.bundleIdentifier == "com.example.app.dev")
        let defined = try project.resolve(target: "App", defines: ["BUNDLE_ID_SUFFIX": "", "ASSETCATALOG_COMPILER_APPICON_NAME": "Other"])
        #expect(defined.bundleIdentifier == "com.example.app")
        #expect(defined.primaryIconName == "Other")
    }

    @Test func builtInSettingsARealBuildHas() throws {
        let (folder, project) = project { builder in
            builder.target("Cool App", settings: [
                "PRODUCT_BUNDLE_IDENTIFIER": "org.example.$(PRODUCT_NAME:rfc1034identifier).$(CONFIGURATION:lower)",
                "INFOPLIST_FILE": "$(SRCROOT)/$(TARGET_NAME)/Info.plist",
                "PROBE": "$(PROJECT_NAME)|$(PLATFORM_NAME)|$(EFFECTIVE_PLATFORM_NAME)|$(DEVELOPMENT_LANGUAGE)|$(PRODUCT_MODULE_NAME)",
            ])
        }
        let target = try project.resolve(target: "Cool App")
        #expect(target.productName == "Cool App")
        #expect(target.bundleIdentifier == "org.example.Cool-App.release")
        #expect(target.settings.value("PROBE") == "App|iphoneos|-iphoneos|en|Cool_App")
        #expect(target.infoPlist?.path == ProjectPaths.absolute(folder.url("Cool App/Info.plist")))
        #expect(target.infoPlist?.exists == false)
        #expect(target.warnings.map(\.code) == [.missingInfoPlist])
    }

    @Test func onlyIOSApplicationsAreListed() throws {
        let (_, project) = project { builder in
            builder.target("Phone")
            builder.target("Mac", settings: ["SDKROOT": "macosx"])
            builder.target("Universal", settings: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos iphonesimulator macosx"])
            builder.target("DesktopOnly", settings: ["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "macosx"])
            builder.target("Watch", settings: ["SDKROOT": "watchos"])
            builder.target("Kit", productType: PBXProjectBuilder.framework)
            builder.target("Aggregate", productType: nil)
        }
        let listed = project.iOSApplicationTargets()
        #expect(listed.targets.map(\.name) == ["Phone", "Universal"])
        #expect(listed.targets.allSatisfy { $0.configuration == "Release" && $0.projectName == "App" })
        #expect(throws: XcodeProjectError.notAnIOSApplication(path: project.path, target: "Mac", reason: "SDKROOT macosx")) {
            try project.resolve(target: "Mac")
        }
        #expect(throws: XcodeProjectError.notAnIOSApplication(path: project.path, target: "Kit",
                                                               reason: "its product type is \(PBXProjectBuilder.framework)")) {
            try project.resolve(target: "Kit")
        }
        #expect(throws: XcodeProjectError.unknownTarget(path: project.path, name: "Nope",
                                                         available: ["Phone", "Mac", "Universal", "DesktopOnly", "Watch", "Kit", "Aggregate"])) {
            try project.resolve(target: "Nope")
        }
    }

    @Test func generatedInfoPlistKeys() throws {
        let (_, project) = project { builder in
            builder.target("App", settings: ["GENERATE_INFOPLIST_FILE": "YES", "INFOPLIST_KEY_CFBundleDisplayName": "$(TARGET_NAME) β",
                                             "INFOPLIST_KEY_LSApplicationCategoryType": "public.app-category.games"])
        }
        let target = try project.resolve(target: "App")
        #expect(target.generatesInfoPlist)
        #expect(target.infoPlist == nil)
        #expect(target.generatedInfoPlistKeys == ["CFBundleDisplayName": "App β",
                                                  "LSApplicationCategoryType": "public.app-category.games"])
        var warnings: [CatalogWarning] = []
        let plist = try target.infoPlistContents(warnings: &warnings)
        #expect(plist?["CFBundleDisplayName"] as? String == "App β")
    }
}

@Suite struct XcodeInfoPlistTests {
    private static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundleDisplayName</key>
            <string>$(INFOPLIST_KEY_CFBundleDisplayName)</string>
            <key>Comment</key>
            <string>one/* two */three</string>
        #if defined(PRO) && FLAVOUR >= 2
            <key>Flavour</key>
            <string>pro $(FLAVOUR_NAME)</string>
        #elif FLAVOUR == 1
            <key>Flavour</key>
            <string>basic</string>
        #else
            <key>Flavour</key>
            <string>none</string>
        #endif
            <key>CFBundleIcons</key>
            <dict/>
        </dict>
        </plist>
        """

    /// The target, with the folder holding its files (which lives as long as the caller keeps it).
    private func resolved(_ settings: [String: Any]) throws -> (TemporaryFolder, ResolvedTarget) {
        let folder = TemporaryFolder()
        folder.write("App/Info.plist", Self.plist)
        var builder = PBXProjectBuilder()
        builder.target("App", settings: ["INFOPLIST_FILE": "App/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app",
                                         "INFOPLIST_KEY_CFBundleDisplayName": "Example", "FLAVOUR_NAME": "gold"]
            .merging(settings) { _, new in new })
        builder.write(into: folder)
        return (folder, try XcodeProject.read(folder.url("App.xcodeproj")).resolve(target: "App"))
    }

    @Test func preprocessedWithTheTargetsDefinitionsThenExpanded() throws {
        let (folder, target) = try resolved(["INFOPLIST_PREPROCESS": "YES", "INFOPLIST_PREPROCESSOR_DEFINITIONS": "PRO FLAVOUR=2",
                                 "INFOPLIST_OTHER_PREPROCESSOR_FLAGS": "-C"])
        #expect(target.infoPlist?.preprocess == true)
        #expect(target.infoPlist?.preprocessorDefinitions == ["PRO": "1", "FLAVOUR": "2"])
        var warnings: [CatalogWarning] = []
        let plist = try #require(try target.infoPlistContents(warnings: &warnings))
        #expect(plist["CFBundleIdentifier"] as? String == "com.example.app")
        #expect(plist["CFBundleDisplayName"] as? String == "Example")
        #expect(plist["Flavour"] as? String == "pro gold")
        #expect(plist["Comment"] as? String == "one/* two */three", "-C keeps comments")
        #expect(warnings.isEmpty)
        let basic = try target.infoPlistContents(defines: ["PRO": "", "FLAVOUR": "3"], warnings: &warnings)
        #expect(basic?["Flavour"] as? String == "pro gold", "an empty --define still defines the macro")
        let (otherFolder, other) = try resolved(["INFOPLIST_PREPROCESSOR_DEFINITIONS": "FLAVOUR=1"])
        let none = try other.infoPlistContents(warnings: &warnings)
        #expect(none?["Flavour"] as? String == "basic", "preprocessor lines are evaluated even without INFOPLIST_PREPROCESS")
        #expect(none?["Comment"] as? String == "one three", "without -C the preprocessor drops comments, as Xcode's does")
        withExtendedLifetime((folder, otherFolder)) {}
    }

    @Test func aPrefixHeaderIsReadFirstAndNestedStringsAreExpanded() throws {
        let folder = TemporaryFolder()
        folder.write("Config/Prefix.h", "#define FLAVOUR 1\n")
        folder.write("App/Info.plist", """
            <plist version="1.0"><dict>
            #if FLAVOUR == 1
            <key>Flavour</key><string>basic</string>
            #endif
            <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key>
            <array><string>$(PRODUCT_NAME:lower)</string><string>${TARGET_NAME}-x</string></array></dict></array>
            </dict></plist>
            """)
        var builder = PBXProjectBuilder()
        builder.target("App", settings: ["INFOPLIST_FILE": "App/Info.plist", "INFOPLIST_PREPROCESS": "YES",
                                         "INFOPLIST_PREFIX_HEADER": "Config/Prefix.h", "PRODUCT_NAME": "Shiny"])
        let target = try XcodeProject.read(builder.write(into: folder)).resolve(target: "App")
        #expect(target.infoPlist?.prefixHeader == ProjectPaths.absolute(folder.url("Config/Prefix.h")))
        var warnings: [CatalogWarning] = []
        let plist = try #require(try target.infoPlistContents(warnings: &warnings))
        #expect(plist["Flavour"] as? String == "basic")
        let types = plist["CFBundleURLTypes"] as? [[String: Any]]
        #expect(types?.first?["CFBundleURLSchemes"] as? [String] == ["shiny", "App-x"])
    }

    @Test func expansionCanBeTurnedOff() throws {
        var warnings: [CatalogWarning] = []
        let (folder, target) = try resolved(["INFOPLIST_EXPAND_BUILD_SETTINGS": "NO"])
        let plist = try target.infoPlistContents(warnings: &warnings)
        withExtendedLifetime(folder) {}
        #expect(plist?["CFBundleIdentifier"] as? String == "$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(plist?["Flavour"] as? String == "none")
    }
}

@Suite struct XcodeProjectLocatorTests {
    private func makeProject(_ folder: TemporaryFolder, _ relative: String, targets: [String] = ["App"]) {
        var builder = PBXProjectBuilder()
        for name in targets {
            builder.target(name, settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.\(name.lowercased())"])
        }
        builder.write(into: folder, as: relative)
    }

    @Test func aFolderIsSearchedAFewLevelsDownSkippingDependencies() throws {
        let folder = TemporaryFolder()
        makeProject(folder, "Top.xcodeproj")
        makeProject(folder, "ios/Mobile.xcodeproj")
        makeProject(folder, "a/b/c/d/Deep.xcodeproj")
        makeProject(folder, "a/b/c/d/e/TooDeep.xcodeproj")
        for skipped in ["Pods", "node_modules", "Carthage", "build", "DerivedData", ".git", ".hidden"] {
            makeProject(folder, "\(skipped)/Skipped.xcodeproj")
        }
        folder.write("Broken.xcodeproj/README", "no project file")
        let search = try XcodeProjectLocator.find(folder.path)
        #expect(relative(search.projects, folder) == ["Top.xcodeproj", "ios/Mobile.xcodeproj", "a/b/c/d/Deep.xcodeproj"])
        #expect(search.warnings.isEmpty)
    }

    @Test func theSearchStopsWithinItsBudget() throws {
        let folder = TemporaryFolder()
        for index in 0..<50 { folder.write("a\(index)/file", "") }
        makeProject(folder, "z/Late.xcodeproj")
        #expect(try XcodeProjectLocator.find(folder.path, entryBudget: 1_000).projects.count == 1)
        #expect(throws: XcodeProjectError.noProject(directory: folder.path)) {
            try XcodeProjectLocator.find(folder.path, entryBudget: 60)
        }
        makeProject(folder, "First.xcodeproj")
        let cut = try XcodeProjectLocator.find(folder.path, entryBudget: 60)
        #expect(relative(cut.projects, folder) == ["First.xcodeproj"])
        #expect(cut.warnings.map(\.message) == ["stopped looking for Xcode projects after 60 folder entries"])
    }

    @Test func aWorkspaceNamesItsProjects() throws {
        let folder = TemporaryFolder()
        makeProject(folder, "Main/App.xcodeproj")
        makeProject(folder, "Libraries/Kit/Kit.xcodeproj", targets: [])
        makeProject(folder, "Far/Away/Deep/Down/Here/Lib.xcodeproj", targets: [])
        folder.write("App.xcworkspace/contents.xcworkspacedata", """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <!-- <FileRef location = "group:Commented.xcodeproj"></FileRef> -->
               <FileRef location = "group:Main/App.xcodeproj"></FileRef>
               <Group location = "container:Libraries" name = "Libs">
                  <FileRef location = "group:Kit/Kit.xcodeproj"/>
               </Group>
               <Group location = "group:Far/Away" name = "Far">
                  <Group location = "group:Deep/Down">
                     <FileRef location = "group:Here/Lib.xcodeproj"></FileRef>
                  </Group>
               </Group>
               <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
               <FileRef location = "absolute:/etc/Evil.xcodeproj"></FileRef>
               <FileRef location = "group:/Users/someone/Plan.xctestplan"></FileRef>
            </Workspace>
            """)
        let direct = try XcodeProjectLocator.find(folder.url("App.xcworkspace"))
        #expect(relative(direct.projects, folder) == ["Main/App.xcodeproj", "Libraries/Kit/Kit.xcodeproj",
                                                      "Far/Away/Deep/Down/Here/Lib.xcodeproj"])
        #expect(direct.warnings.map(\.code) == [.missingProject, .pathOutsideProject])
        // Searching the folder finds the deep one through the workspace, and each project once.
        let searched = try XcodeProjectLocator.find(folder.path)
        #expect(Set(relative(searched.projects, folder)) == Set(relative(direct.projects, folder)))
        #expect(searched.projects.count == 3)
    }

    @Test func theSameProjectThroughALinkIsListedOnce() throws {
        let folder = TemporaryFolder()
        makeProject(folder, "ios/App.xcodeproj")
        try FileManager.default.createSymbolicLink(atPath: folder.url("Alias.xcodeproj"), withDestinationPath: folder.url("ios/App.xcodeproj"))
        folder.write("W.xcworkspace/contents.xcworkspacedata",
                     #"<Workspace><FileRef location="group:Alias.xcodeproj"/><FileRef location="group:ios/App.xcodeproj"/></Workspace>"#)
        #expect(try XcodeProjectLocator.find(folder.path).projects.count == 1)
    }

    @Test func pathsThatHoldNoProject() {
        let folder = TemporaryFolder()
        folder.write("Info.plist", "<plist/>")
        #expect(throws: XcodeProjectError.noProject(directory: folder.path)) { try XcodeProjectLocator.find(folder.path) }
        #expect(throws: XcodeProjectError.notFound(path: folder.url("nope"))) { try XcodeProjectLocator.find(folder.url("nope")) }
        folder.write("Empty.xcodeproj/x", "")
        #expect(throws: XcodeProjectError.missingProjectFile(path: folder.url("Empty.xcodeproj"))) {
            try XcodeProjectLocator.find(folder.url("Empty.xcodeproj"))
        }
        #expect(XcodeProjectError.noProject(directory: "app").description
                == "app: holds no Xcode project (*.xcodeproj) within 4 folder levels")
    }

    @Test func choosingATarget() throws {
        let folder = TemporaryFolder()
        makeProject(folder, "One.xcodeproj", targets: ["Alpha", "Shared"])
        makeProject(folder, "sub/Two.xcodeproj", targets: ["Beta", "Shared"])
        let apps = try ApplicationTargets.find(at: folder.path)
        #expect(apps.targets.map(\.name) == ["Alpha", "Shared", "Beta", "Shared"])
        #expect(apps.targets.map(\.bundleIdentifier) == ["com.example.alpha", "com.example.shared", "com.example.beta",
                                                         "com.example.shared"])
        #expect(throws: XcodeProjectError.targetNeeded(path: folder.path, candidates: [
            "Alpha (One, com.example.alpha)", "Shared (One, com.example.shared)",
            "Beta (Two, com.example.beta)", "Shared (Two, com.example.shared)"])) { try apps.select() }
        #expect(try apps.select(target: "Beta").projectName == "Two")
        #expect(throws: XcodeProjectError.ambiguousTarget(path: folder.path, name: "Shared", projects: ["One", "Two"])) {
            try apps.select(target: "Shared")
        }
        #expect(try apps.select(target: "Shared", project: "Two").projectPath == ProjectPaths.absolute(folder.url("sub/Two.xcodeproj")))
        #expect(try apps.select(target: "Shared", project: folder.url("One.xcodeproj")).projectName == "One")
        #expect(throws: XcodeProjectError.unknownTarget(path: folder.path, name: "Gamma",
                                                         available: ["Alpha", "Shared", "Beta", "Shared"])) {
            try apps.select(target: "Gamma")
        }
        let resolved = try apps.resolve(try apps.select(target: "Alpha"))
        #expect(resolved.targetName == "Alpha" && resolved.bundleIdentifier == "com.example.alpha")
    }

    @Test func aBrokenProjectAmongOthersIsAWarning() throws {
        let folder = TemporaryFolder()
        makeProject(folder, "Good.xcodeproj")
        folder.write("Bad.xcodeproj/project.pbxproj", "")
        let apps = try ApplicationTargets.find(at: folder.path)
        #expect(apps.targets.map(\.name) == ["App"])
        #expect(apps.warnings.map(\.code) == [.unreadableProject])
        #expect(throws: XcodeProjectError.emptyFile(path: ProjectPaths.absolute(folder.url("Bad.xcodeproj/project.pbxproj")))) {
            try ApplicationTargets.find(at: folder.url("Bad.xcodeproj"))
        }
    }
}
