import Foundation
import Testing
import TestSupport
@testable import IconCatalog

/// Made Expo configs, one per plugin and shape: the icons read, under the names the app calls
/// at run time, with their config keys and images, and what the plugins would pass over.
struct ExpoConfigTests {
    /// An icon as read: run-time name, config key, and its images as `appearance:file` (file name only).
    struct Read: Equatable, CustomStringConvertible {
        let name: String?, key: String?, images: [String]
        var description: String { "\(name ?? "primary") [\(key ?? "-")] \(images)" }
    }

    private func project(_ config: String, images: [String] = [], name: String = "app.json") -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write(name, config)
        for image in images { folder.writePNG(image, width: 64) }
        return folder
    }

    private func read(_ folder: TemporaryFolder) throws -> AppIconCatalog {
        try CatalogReader.read(app: folder.path)
    }

    private func icons(_ catalog: AppIconCatalog) -> [Read] {
        catalog.icons.map { icon in
            Read(name: icon.name, key: icon.declaration.configKey,
                 images: icon.images.map { "\($0.appearance.rawValue):\(($0.path as NSString).lastPathComponent)" })
        }
    }

    private func codes(_ catalog: AppIconCatalog) -> [ProblemCode] { catalog.warnings.compactMap(\.code) }

    @Test func alternateAppIconsEveryShape() throws {
        let folder = project("""
        {
          // Comments are allowed: Expo reads app.json as JSON5.
          "expo": {
            "icon": "./icon.png",
            "ios": { "bundleIdentifier": "com.example.app" },
            "plugins": [
              ["expo-alternate-app-icons", [
                { "name": "IconA", "ios": { "light": "./a.png", "dark": "./a-dark.png", "tinted": "./a-tinted.png" } },
                { "name": "hail_hydra", "ios": "./b.png", },
                { "name": "Keep Me", "ios": "./c.png" },
              ]],
            ],
          },
        }
        """, images: ["icon.png", "a.png", "a-dark.png", "a-tinted.png", "b.png", "c.png"])
        let catalog = try read(folder)
        #expect(catalog.appKind == .expo)
        #expect(catalog.bundleIdentifier == "com.example.app")
        #expect(icons(catalog) == [
            Read(name: nil, key: nil, images: ["light:icon.png"]),
            Read(name: "IconA", key: "IconA", images: ["light:a.png", "dark:a-dark.png", "tinted:a-tinted.png"]),
            Read(name: "HailHydra", key: "hail_hydra", images: ["light:b.png"]),
            Read(name: "Keep Me", key: "Keep Me", images: ["light:c.png"]),
        ])
        #expect(catalog.icons[2].declaration.keyPath == "expo.plugins[0][1][1]")
        #expect(catalog.icons[2].declaration.plugin == "expo-alternate-app-icons")
        #expect(catalog.warnings.isEmpty)
    }

    @Test func alternateAppIconsLegacyPathsAndSilentFailures() throws {
        let legacy = project(#"{"expo": {"icon": "./i.png", "plugins": [["expo-alternate-app-icons", ["./assets/match-bronze.png", "./Gold.png"]]]}}"#,
                             images: ["i.png", "assets/match-bronze.png", "Gold.png"])
        #expect(icons(try read(legacy)).map(\.name) == [nil, "MatchBronze", "Gold"])

        // An object instead of the array: the plugin returns without a word.
        let object = project(#"{"expo": {"icon": "./i.png", "plugins": [["expo-alternate-app-icons", {"icons": [{"name": "A", "ios": "./a.png"}]}]]}}"#,
                             images: ["i.png", "a.png"])
        let objectCatalog = try read(object)
        #expect(objectCatalog.icons.count == 1)
        #expect(codes(objectCatalog) == [.expoIconShapeIgnored])

        // An entry without ios: it and every entry after it get no image; the names are still registered.
        let broken = project(#"""
        {"expo": {"icon": "./i.png", "plugins": [["expo-alternate-app-icons", [
          {"name": "One", "ios": "./a.png"}, {"name": "Two", "android": {}}, {"name": "Three", "ios": "./a.png"},
          {"name": "Four", "ios": {"light": "./a.png", "dark": "./a.png"}}]]]}}
        """#, images: ["i.png", "a.png"])
        let brokenCatalog = try read(broken)
        #expect(icons(brokenCatalog).map(\.images) == [["light:i.png"], ["light:a.png"], [], [], []])
        #expect(codes(brokenCatalog) == [.expoIconEntryWithoutIos])

        // An incomplete variants object stops prebuild.
        let incomplete = project(#"{"expo": {"plugins": [["expo-alternate-app-icons", [{"name": "A", "ios": {"light": "./a.png", "dark": "./a.png"}}]]]}}"#,
                                 images: ["a.png"])
        #expect(codes(try read(incomplete)) == [.expoIconVariantsIncomplete])
    }

    @Test func dynamicAppIconAndItsForks() throws {
        let images = ["i.png", "r.png", "g.png", "d.png", "dd.png", "dt.png"]
        let outsung = project(#"{"expo": {"icon": "./i.png", "plugins": [["expo-dynamic-app-icon", {"red": {"image": "./r.png", "prerendered": true}, "happy-blue": {"image": "./g.png"}}]]}}"#,
                              images: images)
        let outsungCatalog = try read(outsung)
        #expect(icons(outsungCatalog) == [Read(name: nil, key: nil, images: ["light:i.png"]),
                                          Read(name: "happy-blue", key: "happy-blue", images: ["light:g.png"]),
                                          Read(name: "red", key: "red", images: ["light:r.png"])])
        #expect(outsungCatalog.alternate(named: "red")?.prerendered == true)

        let outsungArray = project(#"{"expo": {"plugins": [["expo-dynamic-app-icon", ["./r.png", "./g.png"]]]}}"#, images: images)
        #expect(icons(try read(outsungArray)).map(\.name) == [nil, "0", "1"])

        // mozzius: `ios` only; an `image` key (outsung's) is no longer read, an Android-only entry is not an iOS icon.
        let mozzius = project(#"{"expo": {"plugins": [["@mozzius/expo-dynamic-app-icon", {"light": {"ios": "./r.png"}, "old": {"image": "./g.png"}, "droid": {"android": "./g.png"}}]]}}"#,
                              images: images)
        let mozziusCatalog = try read(mozzius)
        #expect(icons(mozziusCatalog).dropFirst().map(\.name) == ["light"])
        #expect(codes(mozziusCatalog) == [.expoIconShapeIgnored])

        // howincodes: AppIcon-<key>, and light/dark/tinted.
        let howincodes = project(#"{"expo": {"plugins": [["@howincodes/expo-dynamic-app-icon", {"red": {"ios": "./r.png"}, "dark": {"ios": {"light": "./d.png", "dark": "./dd.png", "tinted": "./dt.png"}}}]]}}"#,
                                 images: images)
        #expect(Array(icons(try read(howincodes)).dropFirst()) == [
            Read(name: "AppIcon-dark", key: "dark", images: ["light:d.png", "dark:dd.png", "tinted:dt.png"]),
            Read(name: "AppIcon-red", key: "red", images: ["light:r.png"])])

        // variant-systems: outsung's shape, with a platforms filter.
        let variant = project(#"{"expo": {"plugins": [["@variant-systems/expo-dynamic-app-icon", {"rabbit": {"image": "./r.png"}, "goose": {"image": "./g.png", "platforms": ["android"]}}]]}}"#,
                              images: images)
        #expect(icons(try read(variant)).dropFirst().map(\.name) == ["rabbit"])
    }

    @Test func configPluginsAndQuickActions() throws {
        let images = ["i.png", "a.png", "b.png", "b-dark.png"]
        let configPlugins = project(#"{"expo": {"plugins": [["@config-plugins/react-native-dynamic-app-icon", ["./a.png", "https://example.com/x.png"]]]}}"#,
                                    images: images)
        let configCatalog = try read(configPlugins)
        #expect(icons(configCatalog).dropFirst().map(\.name) == ["0", "1"])
        #expect(codes(configCatalog).contains(.expoImageNotLocal))

        let quickArray = project(#"{"expo": {"plugins": [["expo-quick-actions/icon/plugin", ["./a.png", {"light": "./b.png", "dark": "./b-dark.png"}]]]}}"#,
                                 images: images)
        #expect(Array(icons(try read(quickArray)).dropFirst()) == [
            Read(name: "expo_ic_0", key: "0", images: ["light:a.png"]),
            Read(name: "expo_ic_1", key: "1", images: ["light:b.png", "dark:b-dark.png"])])

        // The object form reads `image`; the README's bare string stops prebuild.
        let quickObject = project(#"{"expo": {"plugins": [["expo-quick-actions/icon/plugin", {"cat": {"image": "./a.png"}, "myIcon": "./b.png"}]]}}"#,
                                  images: images)
        let quickCatalog = try read(quickObject)
        #expect(icons(quickCatalog).dropFirst().map(\.name) == ["expo_ic_cat"])
        #expect(codes(quickCatalog) == [.expoIconShapeIgnored])
    }

    @Test func expoOwnPrimary() throws {
        // ios.icon as an object: the light slot takes the first given.
        let darkOnly = project(#"{"expo": {"icon": "./i.png", "ios": {"icon": {"dark": "./d.png"}}}}"#, images: ["i.png", "d.png"])
        #expect(icons(try read(darkOnly)) == [Read(name: nil, key: nil, images: ["light:d.png", "dark:d.png"])])
        // An empty ios.icon falls back to icon; a top level without "expo" is read too.
        let fallback = project(#"{"icon": "./i.png", "ios": {"icon": ""}}"#, images: ["i.png"])
        #expect(icons(try read(fallback)) == [Read(name: nil, key: nil, images: ["light:i.png"])])
        // An Icon Composer bundle.
        let bundle = project(#"{expo: {ios: {icon: './assets/app.icon'}}}"#)
        bundle.write("assets/app.icon/icon.json", "{}")
        let bundleCatalog = try read(bundle)
        #expect(bundleCatalog.primary.picturesFrom == .icon)
        #expect(bundleCatalog.primary.assetName == "app")
        #expect(bundleCatalog.primary.assetPath == ProjectPaths.absolute(bundle.url("assets/app.icon")))
        // A missing image is said, with the key path.
        let missing = project(#"{"expo": {"icon": "./nowhere.png"}}"#)
        let missingCatalog = try read(missing)
        #expect(missingCatalog.warnings.map(\.subject) == ["\(missing.url("app.json")): expo.icon"])
        #expect(codes(missingCatalog) == [.expoImageMissing])
    }

    @Test func handWrittenInfoPlistAlternates() throws {
        let folder = project(#"{"expo": {"icon": "./i.png", "ios": {"infoPlist": {"CFBundleIcons": {"CFBundleAlternateIcons": {"pan": {"CFBundleIconFiles": ["pan60x60"]}}}}}}}"#,
                             images: ["i.png"])
        let catalog = try read(folder)
        #expect(catalog.alternateNames == ["pan"])
        #expect(codes(catalog) == [.expoImageNotLocal])
    }

    @Test func localPluginByPathIsKnownByItsPackage() throws {
        // An example app names its plugin by path; the package.json beside it says which plugin it is.
        let folder = TemporaryFolder()
        folder.write("plugin/package.json", #"{"name": "@howincodes/expo-dynamic-app-icon"}"#)
        folder.write("plugin/example/app.json", #"{"expo": {"plugins": [["../app.plugin.js", {"red": {"ios": "./r.png"}}]]}}"#)
        folder.writePNG("plugin/example/r.png", width: 64)
        let catalog = try CatalogReader.read(app: folder.url("plugin/example"))
        #expect(catalog.alternateNames == ["AppIcon-red"])
        #expect(catalog.alternates.first?.declaration.plugin == "../app.plugin.js (@howincodes/expo-dynamic-app-icon)")
    }

    @Test func whatIsAndIsNotAnExpoProject() throws {
        // A React Native app's app.json declares no icons: the folder is what it was (here, an Info.plist folder).
        let reactNative = TemporaryFolder()
        reactNative.write("app.json", #"{"name": "App", "displayName": "App"}"#)
        reactNative.writePlist(["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Icon"]]]])
        #expect(try AppLocation.locate(reactNative.path) == .infoPlist(reactNative.url("Info.plist")))
        // app.json named as a file is an Expo config, never an XcodeGen spec.
        #expect(try AppLocation.locate(reactNative.url("app.json")) == .expoConfig(reactNative.url("app.json")))
        // Beside ios/ (made by prebuild), the config decides.
        let expo = project(#"{"expo": {"icon": "./i.png"}}"#, images: ["i.png"])
        expo.write("ios/App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{}")
        #expect(try AppLocation.locate(expo.path) == .expoConfig(expo.url("app.json")))
        // app.config.json is read too.
        let configJSON = project(#"{"expo": {"icon": "./i.png"}}"#, images: ["i.png"], name: "app.config.json")
        #expect(try read(configJSON).appKind == .expo)
    }

    @Test func aFolderInsideTheProjectFindsIt() throws {
        let repository = TemporaryFolder()
        repository.write(".git/HEAD", "ref: refs/heads/main\n")
        repository.write("apps/mobile/app.json", #"{"expo": {"icon": "./assets/i.png"}}"#)
        repository.writePNG("apps/mobile/assets/i.png", width: 64)
        repository.write("apps/mobile/src/components/Button.tsx", "export {}\n")
        let config = repository.url("apps/mobile/app.json")
        #expect(try AppLocation.locate(repository.url("apps/mobile/src/components")) == .expoConfig(config))
        #expect(try AppLocation.locate(repository.url("apps/mobile/assets")) == .expoConfig(config))
        // Not from inside what prebuild or npm made, nor beyond the work tree.
        repository.write("apps/mobile/node_modules/x/index.js", "\n")
        #expect(try AppLocation.locate(repository.url("apps/mobile/node_modules/x")) == .xcodeProject(repository.url("apps/mobile/node_modules/x")))
        let loose = project(#"{"expo": {"icon": "./i.png"}}"#, images: ["i.png"])
        loose.write("src/a.ts", "\n")
        #expect(try AppLocation.locate(loose.url("src")) == .xcodeProject(loose.url("src")))
    }

    @Test func malformedConfigIsOneLine() {
        let folder = project("{\"expo\": {\"icon\": \"./i.png\",,}}")
        #expect(throws: CatalogError.expoConfig(path: folder.url("app.json"),
                                                problem: "not JSON5 as Expo reads it (line 1, column 29: a key expected)")) {
            try CatalogReader.read(app: folder.url("app.json"))
        }
    }
}
