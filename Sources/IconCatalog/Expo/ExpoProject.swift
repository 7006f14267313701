import FileAccess
import Foundation

/// An Expo project's icons as its config declares them, before `expo prebuild` writes `ios/`:
/// Expo's own primary (`icon`, `ios.icon`), the alternates of every icon plugin it lists (see
/// `ExpoIconPlugin`), and alternates a hand-written `ios.infoPlist` declares. Where `ios/`
/// exists too, this is what the next prebuild writes there, so it is what is read.
package struct ExpoProject: Sendable {
    /// The config files Expo reads, in the order it prefers them (the JSON ones; `app.config.js`
    /// and `.ts` are programs).
    package static let configNames = ["app.json", "app.config.json"]
    /// The largest config read: real ones are a few kilobytes.
    package static let maximumConfigBytes = 4 << 20
    /// Icons read from one config; more are left out with a warning.
    package static let maximumIcons = 2_000

    /// The folder holding the config: image paths are relative to it.
    package let root: String
    /// The config file read.
    package let configPath: String
    /// Where the config's Expo settings are: `expo` when they are under that key, else the top level.
    package let prefix: String
    package let name: String?
    package let bundleIdentifier: String?
    package let supportsTablet: Bool
    /// Primary first, then alternates in the order the plugins make them.
    package let icons: [ExpoDeclaredIcon]
    /// What the config gets wrong that the plugins pass over (or stop prebuild on).
    package let warnings: [CatalogWarning]

    /// The config file in `folder` that declares icons (`expo.icon`, `expo.ios.icon`, an icon
    /// plugin), or nil: a React Native app's `app.json` (`name`, `displayName`) is not one.
    package static func configFile(in folder: String) -> String? {
        for name in configNames {
            let path = (folder as NSString).appendingPathComponent(name)
            guard FileKind.following(path) == .regularFile else { continue }
            if declaresIcons(path) { return path }
        }
        return nil
    }

    /// Whether the file at `path` reads as an Expo config that declares icons.
    package static func declaresIcons(_ path: String) -> Bool {
        guard let bytes = try? BoundedFile.readBytes(path, limit: maximumConfigBytes),
              case .success(let document) = JSON5Reader.parse(bytes) else { return false }
        let expo = document["expo"] ?? document
        if expo["icon"] != nil || expo["ios"]?["icon"] != nil { return true }
        guard case .array(let plugins)? = expo["plugins"] else { return false }
        return plugins.contains { plugin in
            let name: String? = switch plugin {
            case .string(let name): name
            case .array(let pair): if case .string(let name)? = pair.first { name } else { nil }
            default: nil
            }
            guard let name else { return false }
            // A plugin by path (a plugin's own example app) counts when it is given image paths.
            if name.hasPrefix("."), case .array(let pair) = plugin, pair.count > 1 { return looksLikeIcons(pair[1]) }
            return ExpoIconPlugin.named(name) != nil
        }
    }

    /// Reads the config at `configPath`. Throws when it is no JSON5 or its top level no object.
    package static func read(_ configPath: String) throws(CatalogError) -> ExpoProject {
        try read(bytes: try configBytes(configPath), configPath: configPath,
                 root: (ProjectPaths.absolute(configPath) as NSString).deletingLastPathComponent)
    }

    /// `bytes` read as the config of the project at `root`; `configPath` is what messages name
    /// (for a config program, the program whose output the bytes are).
    package static func read(bytes: [UInt8], configPath: String, root: String) throws(CatalogError) -> ExpoProject {
        let document: JSONValue
        switch JSON5Reader.parse(bytes) {
        case .success(let value): document = value
        case .failure(let failure): throw .expoConfig(path: configPath, problem: "not JSON5 as Expo reads it (\(failure))")
        }
        guard case .object = document else {
            throw .expoConfig(path: configPath, problem: "the top level is \(document.kindDescription), not an object")
        }
        return ExpoProject(root: root, configPath: configPath, document: document)
    }

    private static func configBytes(_ configPath: String) throws(CatalogError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.readBytes(configPath, limit: maximumConfigBytes)
        } catch {
            switch error {
            case .notFound: throw .notFound(path: configPath)
            case .badLink(let problem): throw .badLink(path: configPath, problem: problem)
            case .notARegularFile(let kind): throw .notARegularFile(path: configPath, kind: kind)
            case .tooLarge(let size): throw .tooLarge(path: configPath, bytes: size, limit: maximumConfigBytes)
            case .system(let reason): throw .unreadable(path: configPath, reason: reason)
            }
        }
        return bytes
    }

    init(root: String, configPath: String, document: JSONValue) {
        self.root = root
        self.configPath = configPath
        let expo = document["expo"] ?? document
        let prefix = document["expo"] == nil ? "" : "expo"
        self.prefix = prefix
        let path = { (key: String) -> String in prefix.isEmpty ? key : "\(prefix).\(key)" }
        name = if case .string(let name)? = expo["name"] { name } else { nil }
        bundleIdentifier = if case .string(let identifier)? = expo["ios"]?["bundleIdentifier"] { identifier } else { nil }
        supportsTablet = expo["ios"]?["supportsTablet"] == .bool(true)

        var warnings: [CatalogWarning] = []
        var icons = [Self.primary(expo, path: path)]
        if case .array(let plugins)? = expo["plugins"] {
            for (index, plugin) in plugins.enumerated() {
                let keyPath = path("plugins[\(index)]")
                let pluginName: String, props: JSONValue?
                switch plugin {
                case .string(let name): (pluginName, props) = (name, nil)
                case .array(let pair):
                    guard case .string(let name)? = pair.first else { continue }
                    (pluginName, props) = (name, pair.count > 1 ? pair[1] : nil)
                default: continue
                }
                guard let kind = Self.plugin(named: pluginName, props: props, root: root) else {
                    if pluginName.hasPrefix("."), props.map(Self.looksLikeIcons) == true {
                        warnings.append(CatalogWarning(subject: "\(configPath): \(keyPath)",
                            message: "local plugin \(pluginName) is not one iconchooser knows; its icons are not read",
                            code: .expoPluginUnknown))
                    }
                    continue
                }
                // A plugin given by path is named with the package it was taken for.
                let shownName = ExpoIconPlugin.named(pluginName) == nil ? "\(pluginName) (\(kind.rawValue))" : pluginName
                let reading = kind.read(props, keyPath: "\(keyPath)[1]", pluginName: shownName)
                icons += reading.icons.map { icon in
                    var icon = icon
                    icon.kind = kind
                    return icon
                }
                warnings += reading.problems.map {
                    CatalogWarning(subject: "\(configPath): \($0.keyPath)", message: $0.message, code: $0.code)
                }
            }
        }
        let handWritten = Self.infoPlistAlternates(expo, path: path)
        if !handWritten.isEmpty {
            warnings.append(CatalogWarning(subject: "\(configPath): \(path("ios.infoPlist.CFBundleIcons"))",
                message: "\(handWritten.count) alternate\(handWritten.count == 1 ? "" : "s") written into Info.plist by hand; "
                    + "the config names no images for them (a local plugin copies them at prebuild), so they are shown as placeholders",
                code: .expoImageNotLocal))
        }
        icons += handWritten
        if icons.count > Self.maximumIcons {
            warnings.append(CatalogWarning(subject: configPath, message: "declares \(icons.count) icons; the first "
                + "\(Self.maximumIcons) are read", code: .warningsOmitted))
            icons.removeLast(icons.count - Self.maximumIcons)
        }
        self.icons = icons
        self.warnings = warnings
    }

    /// Expo's `getIcons()`: `ios.icon` when it is a non-empty string or an object with one of
    /// light, dark and tinted; else `icon`. A `.icon` string in `ios.icon` is an Icon Composer bundle.
    static func primary(_ expo: JSONValue, path: (String) -> String) -> ExpoDeclaredIcon {
        switch expo["ios"]?["icon"] {
        case .string(let icon)? where !icon.isEmpty:
            if ProjectPaths.pathExtension(icon) == "icon" {
                return ExpoDeclaredIcon(name: nil, configKey: nil, plugin: nil, keyPath: path("ios.icon"), images: [], iconBundle: icon)
            }
            return ExpoDeclaredIcon(name: nil, configKey: nil, plugin: nil, keyPath: path("ios.icon"), images: [(.light, icon)])
        case .object(let variants)?:
            var images = ExpoIconPlugin.variants(variants)
            if !images.isEmpty {
                // The light slot takes the first given (light || dark || tinted).
                if images[0].appearance != .light { images.insert((.light, images[0].path), at: 0) }
                return ExpoDeclaredIcon(name: nil, configKey: nil, plugin: nil, keyPath: path("ios.icon"), images: images)
            }
        default:
            break
        }
        if case .string(let icon)? = expo["icon"], !icon.isEmpty {
            return ExpoDeclaredIcon(name: nil, configKey: nil, plugin: nil, keyPath: path("icon"), images: [(.light, icon)])
        }
        return ExpoDeclaredIcon(name: nil, configKey: nil, plugin: nil, keyPath: path("icon"), images: [])
    }

    /// Alternates written by hand into `ios.infoPlist` (`CFBundleIcons.CFBundleAlternateIcons`):
    /// prebuild copies them into Info.plist as they are; their files come from elsewhere (a local plugin).
    static func infoPlistAlternates(_ expo: JSONValue, path: (String) -> String) -> [ExpoDeclaredIcon] {
        guard case .object(let alternates)? = expo["ios"]?["infoPlist"]?["CFBundleIcons"]?["CFBundleAlternateIcons"] else { return [] }
        return alternates.keys.sorted().map { key in
            let prerendered: Bool? = if case .bool(let value)? = alternates[key]?["UIPrerenderedIcon"] { value } else { nil }
            return ExpoDeclaredIcon(name: key, configKey: key, plugin: nil,
                                    keyPath: path("ios.infoPlist.CFBundleIcons.CFBundleAlternateIcons.\(key)"), images: [],
                                    prerendered: prerendered)
        }
    }

    /// The icon plugin `name` stands for: a package of the table, or a path (a plugin's own
    /// example app, `../app.plugin.js`) to a package of the table, found by the `package.json`
    /// beside the file or the project's dependency on that folder (`file:..`, `link:..`), else by
    /// the shape of `props`.
    package static func plugin(named name: String, props: JSONValue?, root: String) -> ExpoIconPlugin? {
        if let known = ExpoIconPlugin.named(name) { return known }
        guard name.hasPrefix(".") else { return nil }
        let target = ProjectPaths.absolute((root as NSString).appendingPathComponent(name))
        let folder = BoundedFile.isDirectory(target) ? target : (target as NSString).deletingLastPathComponent
        if case .string(let package)? = packageManifest(in: folder)?["name"], let known = ExpoIconPlugin.named(package) {
            return known
        }
        if case .object(let sections)? = packageManifest(in: root) {
            for section in ["dependencies", "devDependencies"] {
                guard case .object(let dependencies)? = sections[section] else { continue }
                for (package, spec) in dependencies {
                    guard case .string(let spec) = spec, let known = ExpoIconPlugin.named(package) else { continue }
                    let local = spec.drop { $0 != ":" }.dropFirst()
                    guard spec.hasPrefix("file:") || spec.hasPrefix("link:") else { continue }
                    if ProjectPaths.absolute((root as NSString).appendingPathComponent(String(local))) == folder { return known }
                }
            }
        }
        return props.flatMap(ExpoIconPlugin.guessed(from:))
    }

    private static func packageManifest(in folder: String) -> JSONValue? {
        let path = (folder as NSString).appendingPathComponent("package.json")
        guard let bytes = try? BoundedFile.readBytes(path, limit: maximumConfigBytes),
              case .success(let value) = JSON5Reader.parse(bytes) else { return nil }
        return value
    }

    /// Props that hold image paths: what a local icon plugin would be given.
    private static func looksLikeIcons(_ props: JSONValue) -> Bool {
        switch props {
        case .string(let text): return text.lowercased().hasSuffix(".png")
        case .array(let items): return items.prefix(64).contains(where: looksLikeIcons)
        case .object(let members): return members.values.prefix(64).contains(where: looksLikeIcons)
        default: return false
        }
    }
}
