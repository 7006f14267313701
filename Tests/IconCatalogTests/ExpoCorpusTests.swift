import Foundation
import Testing
import TestSupport
@testable import IconCatalog

/// The Expo apps in `../shared/corpus/expo`, each read with the run-time names its plugin gives
/// (the corpus's `FORMATS.md`), its config keys and its images' appearances.
@Suite(.enabled(if: ExpoCorpus.available, "\(ExpoCorpus.skipMessage)"))
struct ExpoCorpusTests {
    /// Run-time name, config key, and the image files per appearance (`light:a.png`).
    struct Read: Equatable, CustomStringConvertible {
        let name: String?, key: String?, images: [String]
        init(_ name: String?, _ key: String?, _ images: [String]) {
            self.name = name
            self.key = key
            self.images = images
        }
        var description: String { "\(name ?? "primary") [\(key ?? "-")] \(images)" }
    }

    private func catalog(_ folder: String) throws -> AppIconCatalog {
        try CatalogReader.read(app: ExpoCorpus.path(folder))
    }

    /// The app.json of an app whose app.config.js decides (and is run with Expo's CLI, which the
    /// corpus has none of): the icons it declares, as the program is handed them.
    private func configIcons(_ config: String) throws -> [Read] {
        let path = ExpoCorpus.path(config)
        #expect(throws: CatalogError.self) { _ = try CatalogReader.read(app: (path as NSString).deletingLastPathComponent) }
        return try ExpoProject.read(path).icons.map { icon in
            Read(icon.name, icon.configKey, icon.images.map { "\($0.appearance.rawValue):\(($0.path as NSString).lastPathComponent)" })
        }
    }

    private func read(_ catalog: AppIconCatalog) -> [Read] {
        catalog.icons.map { icon in
            Read(icon.name, icon.declaration.configKey,
                 icon.images.map { "\($0.appearance.rawValue):\(($0.path as NSString).lastPathComponent)" })
        }
    }

    private func plainKeys(_ keys: [String], folder: String) -> [Read] {
        keys.map { (key: String) in Read(key, key, ["light:\(key).png"]) }
    }

    @Test func alternateAppIconsExample() throws {
        // The plugin's example names it by path ("../app.plugin.js"); its props are the array of {name, ios} objects.
        let catalog = try catalog("pchalupa_expo-alternate-app-icons/example")
        #expect(read(catalog) == [Read(nil, nil, ["light:icon.png"]),
                                  Read("IconA", "IconA", ["light:icon-a.png", "dark:icon-b.png", "tinted:icon-c.png"]),
                                  Read("IconB", "IconB", ["light:icon-b.png"]), Read("IconC", "IconC", ["light:icon-c.png"])])
        #expect(catalog.alternates.first?.declaration.plugin == "../app.plugin.js (expo-alternate-app-icons)")
        #expect(catalog.warnings.isEmpty)
    }

    @Test func papillonWithItsIos() throws {
        // outsung's plugin, 24 keys as written; the committed ios/ does not decide, the config does.
        let catalog = try catalog("PapillonApp_papillon-v6")
        let keys = ["backtoschool", "barbie", "beta", "betterneon", "black", "chip", "classic", "cutted", "gold", "gradient", "macos",
                    "mascotte", "metal", "neon", "oldios", "pride", "purple", "rays", "rayspurple", "relief", "retro", "sparkles",
                    "verscinq"]
        #expect(catalog.appKind == .expo)
        #expect(read(catalog) == [Read(nil, nil, ["light:icon.png"])] + plainKeys(keys, folder: "assets/customicons"))
        #expect(catalog.alternates.allSatisfy { $0.prerendered == true && $0.declaration.plugin == "expo-dynamic-app-icon" })
        #expect(catalog.bundleIdentifier == "xyz.getpapillon.ios")
    }

    @Test func configPluginsList() throws {
        #expect(try configIcons("expo_config-plugins/apps/react-native-dynamic-app-icon/app.json") == [Read(nil, nil, ["light:winter.png"]), Read("0", "0", ["light:spring.png"]),
                                  Read("1", "1", ["light:summer.png"]), Read("2", "2", ["light:autumn.png"]),
                                  Read("3", "3", ["light:fall.png"]), Read("4", "4", ["light:solstice.png"])])
    }

    @Test func outsungAndVariantSystemsExamples() throws {
        #expect(read(try catalog("outsung_expo-dynamic-app-icon/example"))
            == [Read(nil, nil, ["light:icon.png"]), Read("gray", "gray", ["light:icon2.png"]), Read("red", "red", ["light:icon1.png"])])
        #expect(read(try catalog("Variant-Systems_expo-dynamic-app-icon/example"))
            == [Read(nil, nil, ["light:icon.png"]), Read("goose", "goose", ["light:goose.png"]), Read("rabbit", "rabbit", ["light:rabbit.png"])])
    }

    @Test func sdk49Reproduction() throws {
        #expect(try configIcons("mariomurrent-softwaresolutions_expo-sdk-49-beta-dynamic-app-icon-issue/app.json") == [Read(nil, nil, ["light:icon.png"])]
            + ["calc", "game", "radio", "standard"].map { Read($0, $0, ["light:icon.png"]) })
    }

    @Test func quickActionsExample() throws {
        // The primary from ios.icon {light, dark} (the top-level icon is a URL, not used); expo_ic_<index>.
        let catalog = try catalog("EvanBacon_expo-quick-actions/example")
        #expect(read(catalog) == [Read(nil, nil, ["light:mountains.png", "dark:sunrise.png"]),
                                  Read("expo_ic_0", "0", ["light:scifi.png", "dark:space.png"]),
                                  Read("expo_ic_1", "1", ["light:landscape.png", "dark:water.png"])])
    }

    @Test func howincodesAndMozziusExamples() throws {
        // Both name the plugin by its package; the example's dependency on "file:./../" says which.
        #expect(read(try catalog("howincodes_expo-dynamic-app-icon/example")) == [
            Read(nil, nil, ["light:icon.png"]),
            Read("AppIcon-dark", "dark", ["light:ios_icon_dark.png", "dark:ios_icon_dark_dark.png", "tinted:ios_icon_dark_tinted.png"]),
            Read("AppIcon-light", "light", ["light:ios_icon_light.png"])])
        #expect(read(try catalog("mozzius_expo-dynamic-app-icon/example")) == [
            Read(nil, nil, ["light:icon.png"]), Read("dark", "dark", ["light:ios_icon_default_dark.png"]),
            Read("light", "light", ["light:ios_icon_default_light.png"])])
    }

    @Test func uhaAtBothCommits() throws {
        // Earlier: @howincodes (AppIcon-<key>), a light and dark primary.
        let earlier = try catalog("Keireira_uha")
        let alternates = ["enby", "lesbi", "pan", "trans"].map { (key: String) in Read("AppIcon-\(key)", key, ["light:\(key)-icon.png"]) }
        #expect(read(earlier) == [Read(nil, nil, ["light:ios-light.png", "dark:ios-dark.png"])] + alternates)
        // HEAD: an Icon Composer primary, alternates written into ios.infoPlist by hand (keys as names).
        let head = try catalog("Keireira_uha@HEAD")
        #expect(head.primary.picturesFrom == .icon && head.primary.assetName == "uha")
        #expect(head.alternateNames == ["enby", "lesbi", "pan", "trans"])
        #expect(head.warnings.compactMap(\.code) == [.expoImageNotLocal])
    }

    @Test func expo52Reproduction() throws {
        // The images are under ./asset/, which is not there (the app has ./assets/): said for each.
        let catalog = try catalog("mzaien_config-plugin-repro-expo-52")
        #expect(catalog.alternateNames == ["main", "two-ex"])
        #expect(catalog.alternates.allSatisfy { $0.images.isEmpty })
        #expect(catalog.warnings.compactMap(\.code) == [.expoImageMissing, .expoImageMissing])
    }
}
