import Foundation

/// One icon an Expo config declares: the primary (Expo's own `icon` / `ios.icon`) or an
/// alternate a config plugin makes, with the name the app passes at run time.
package struct ExpoDeclaredIcon: Sendable, Equatable {
    /// What `setAlternateIconName` gets once prebuild has run: the key or `name` as the plugin
    /// turns it (PascalCase, `AppIcon-`, `expo_ic_`); nil for the primary.
    package let name: String?
    /// The config's own key for it (`red`, `0`, the `name` field); nil for the primary.
    package let configKey: String?
    /// The plugin that makes it, as the config names it; nil for Expo's own icon.
    package let plugin: String?
    /// Where in the config it is declared: `expo.plugins[7][1].relief`, `expo.ios.icon`.
    package let keyPath: String
    /// Image paths as written (relative to the project root), per appearance.
    package let images: [(appearance: IconAppearance, path: String)]
    /// An Icon Composer bundle (`ios.icon: "./app.icon"`), as written.
    package let iconBundle: String?
    /// `prerendered`, where given.
    package let prerendered: Bool?
    /// The plugin's kind, whatever name or path the config gives it; nil for Expo's own icon and hand-written ones.
    package var kind: ExpoIconPlugin?

    package init(name: String?, configKey: String?, plugin: String?, keyPath: String,
                 images: [(appearance: IconAppearance, path: String)], iconBundle: String? = nil, prerendered: Bool? = nil) {
        self.name = name
        self.configKey = configKey
        self.plugin = plugin
        self.keyPath = keyPath
        self.images = images
        self.iconBundle = iconBundle
        self.prerendered = prerendered
    }

    package static func == (lhs: ExpoDeclaredIcon, rhs: ExpoDeclaredIcon) -> Bool {
        lhs.name == rhs.name && lhs.configKey == rhs.configKey && lhs.plugin == rhs.plugin && lhs.keyPath == rhs.keyPath
            && lhs.images.map(\.appearance) == rhs.images.map(\.appearance) && lhs.images.map(\.path) == rhs.images.map(\.path)
            && lhs.iconBundle == rhs.iconBundle && lhs.prerendered == rhs.prerendered
    }
}

/// The config plugins that make alternate icons, each with the shape of its props and how it
/// names an icon at run time: one table, read from each plugin's source (see the corpus's
/// `FORMATS.md`). A plugin given by a relative path (a plugin's own example app) is known by
/// the package that path is, else by the shape of its props.
package enum ExpoIconPlugin: String, Sendable, CaseIterable {
    /// `expo-alternate-app-icons`: an array of `{name, ios, android}` (or, from 0.x, of paths);
    /// names starting in lower case are PascalCased (5.0 and later).
    case alternateAppIcons = "expo-alternate-app-icons"
    /// `expo-dynamic-app-icon` (outsung): `{key: {image, prerendered}}` or an array of paths; the key as written.
    case dynamicAppIcon = "expo-dynamic-app-icon"
    /// `@mozzius/expo-dynamic-app-icon`: `{key: {ios, android, prerendered}}`; `image` is no longer read.
    case mozzius = "@mozzius/expo-dynamic-app-icon"
    /// `@howincodes/expo-dynamic-app-icon`: `{key: {ios: path | {light, dark?, tinted?}}}`; named `AppIcon-<key>`.
    case howincodes = "@howincodes/expo-dynamic-app-icon"
    /// `@variant-systems/expo-dynamic-app-icon`: as outsung, with a `platforms` filter.
    case variantSystems = "@variant-systems/expo-dynamic-app-icon"
    /// `@config-plugins/react-native-dynamic-app-icon`: an array of paths (named by index) or `{key: {image}}`.
    case configPlugins = "@config-plugins/react-native-dynamic-app-icon"
    /// `expo-quick-actions/icon/plugin`: an array or `{key: {image}}`, images a path or `{light, dark, tinted}`; named `expo_ic_<key>`.
    case quickActions = "expo-quick-actions/icon/plugin"

    /// The plugin a config's plugin name stands for: the package itself, or a file in it
    /// (`expo-alternate-app-icons/app.plugin.js`).
    package static func named(_ name: String) -> ExpoIconPlugin? {
        var trimmed = name
        for suffix in ["/app.plugin.js", "/app.plugin", "/plugin"] where trimmed.hasSuffix(suffix) {
            trimmed = String(trimmed.dropLast(suffix.count))
            break
        }
        if trimmed == "expo-quick-actions/icon" { return .quickActions }
        return ExpoIconPlugin(rawValue: trimmed) ?? ExpoIconPlugin(rawValue: name)
    }

    /// The plugin whose props look like `props`, for a plugin given by a path nothing names:
    /// an array of `{name}` objects is expo-alternate-app-icons', an object of `{image}` ones outsung's.
    package static func guessed(from props: JSONValue) -> ExpoIconPlugin? {
        switch props {
        case .array(let items) where !items.isEmpty && items.allSatisfy({ $0["name"] != nil }):
            return .alternateAppIcons
        case .object(let members) where !members.isEmpty && members.values.allSatisfy({ $0["image"] != nil }):
            return .dynamicAppIcon
        default:
            return nil
        }
    }

    /// The name the app passes at run time for the config's `key`.
    package func runTimeName(_ key: String) -> String {
        switch self {
        case .alternateAppIcons: return Self.pascalCased(key)
        case .howincodes: return "AppIcon-\(key)"
        case .quickActions: return "expo_ic_\(key)"
        case .dynamicAppIcon, .mozzius, .variantSystems, .configPlugins: return key
        }
    }

    /// What the app's JavaScript calls to choose the icon of config key `key`, for a plugin that
    /// registers it under another name (`runTimeName`).
    package func javaScriptCall(_ key: String) -> String {
        switch self {
        case .alternateAppIcons: return "setAlternateAppIcon(\"\(runTimeName(key))\")"
        case .quickActions: return "setIcon(\"\(key)\")"
        case .howincodes, .dynamicAppIcon, .mozzius, .variantSystems, .configPlugins: return "setAppIcon(\"\(key)\")"
        }
    }

    /// expo-alternate-app-icons 5.0's rename: a name starting with a lower-case letter has each
    /// word (split at `-`, `_`, spaces) capitalised and joined (`hail_hydra` → `HailHydra`); others stay.
    package static func pascalCased(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, CharacterSet.lowercaseLetters.contains(first) else { return name }
        return name.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// What a plugin's props declare, and what it would silently get wrong.
package struct ExpoPluginReading: Sendable {
    package var icons: [ExpoDeclaredIcon] = []
    /// Problems in the config's shape: the subject (a key path) and the sentence.
    package var problems: [(keyPath: String, message: String, code: ProblemCode)] = []
}

extension ExpoIconPlugin {
    /// The icons `props` (at `keyPath`) declare for iOS, in the plugin's order.
    package func read(_ props: JSONValue?, keyPath: String, pluginName: String) -> ExpoPluginReading {
        var reading = ExpoPluginReading()
        guard let props else {
            reading.problems.append((keyPath, "\(pluginName) is listed without icons", .expoIconShapeIgnored))
            return reading
        }
        switch self {
        case .alternateAppIcons: readAlternateAppIcons(props, keyPath: keyPath, pluginName: pluginName, into: &reading)
        default: readKeyed(props, keyPath: keyPath, pluginName: pluginName, into: &reading)
        }
        return reading
    }

    private func readAlternateAppIcons(_ props: JSONValue, keyPath: String, pluginName: String, into reading: inout ExpoPluginReading) {
        guard case .array(let items) = props else {
            reading.problems.append((keyPath, "\(pluginName) takes an array of icons; \(props.kindDescription) "
                + (props["icons"] != nil ? "with “icons” " : "") + "is ignored without a word, and no icon is made", .expoIconShapeIgnored))
            return
        }
        if items.isEmpty {
            reading.problems.append((keyPath, "\(pluginName) is given no icons", .expoIconShapeIgnored))
            return
        }
        // 8.x: an array of strings only when every entry is one.
        if items.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
            for (index, item) in items.enumerated() {
                guard case .string(let path) = item else { continue }
                let key = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
                reading.icons.append(ExpoDeclaredIcon(name: runTimeName(key), configKey: key, plugin: pluginName,
                                                      keyPath: "\(keyPath)[\(index)]", images: [(.light, path)]))
            }
            return
        }
        var skipping = false
        for (index, item) in items.enumerated() {
            let path = "\(keyPath)[\(index)]"
            guard case .string(let key) = item["name"] else {
                reading.problems.append((path, "an entry without a “name” string; the plugin cannot make it", .expoIconShapeIgnored))
                continue
            }
            let name = runTimeName(key)
            if skipping {
                reading.icons.append(ExpoDeclaredIcon(name: name, configKey: key, plugin: pluginName, keyPath: path, images: []))
                continue
            }
            switch item["ios"] {
            case .string(let image)?:
                reading.icons.append(ExpoDeclaredIcon(name: name, configKey: key, plugin: pluginName, keyPath: path, images: [(.light, image)]))
            case .object(let variants)?:
                let images = Self.variants(variants)
                if images.count < 3 {
                    reading.problems.append(("\(path).ios", "an ios object needs all three of light, dark and tinted; "
                        + "prebuild stops with “Invalid alternate icon configuration”", .expoIconVariantsIncomplete))
                }
                reading.icons.append(ExpoDeclaredIcon(name: name, configKey: key, plugin: pluginName, keyPath: path, images: images))
            default:
                reading.problems.append((path, "“\(key)” has no ios image: the plugin stops there, and makes no iOS image for it "
                    + "or any entry after it (their names are still registered)", .expoIconEntryWithoutIos))
                reading.icons.append(ExpoDeclaredIcon(name: name, configKey: key, plugin: pluginName, keyPath: path, images: []))
                skipping = true
            }
        }
    }

    /// The plugins keyed by icon (`{key: {...}}`), most of which also take an array of paths, keyed by index.
    private func readKeyed(_ props: JSONValue, keyPath: String, pluginName: String, into reading: inout ExpoPluginReading) {
        let entries: [(key: String, value: JSONValue, path: String)]
        switch props {
        case .array(let items):
            entries = items.enumerated().map { (String($0.offset), self == .quickActions ? $0.element : .object(["image": $0.element]),
                                                "\(keyPath)[\($0.offset)]") }
        case .object(let members):
            // Objects keep their members' order in JSON text; JSONValue does not, so names are sorted for a stable order.
            entries = members.keys.sorted().map { ($0, members[$0]!, "\(keyPath).\($0)") }
        default:
            reading.problems.append((keyPath, "\(pluginName) takes an object of icons; \(props.kindDescription) is ignored", .expoIconShapeIgnored))
            return
        }
        for entry in entries {
            let name = runTimeName(entry.key)
            let prerendered: Bool? = if case .bool(let value) = entry.value["prerendered"] { value } else { nil }
            let images: [(appearance: IconAppearance, path: String)]
            switch self {
            case .mozzius, .howincodes:
                if entry.value["image"] != nil, entry.value["ios"] == nil {
                    reading.problems.append((entry.path, "\(pluginName) no longer reads “image”; give “ios” (the icon is not made)",
                                             .expoIconShapeIgnored))
                    continue
                }
                switch entry.value["ios"] {
                case .string(let path)?: images = [(.light, path)]
                case .object(let variants)? where self == .howincodes:
                    images = Self.variants(variants)
                    if variants["light"] == nil {
                        reading.problems.append(("\(entry.path).ios", "an ios object needs “light”", .expoIconVariantsIncomplete))
                    }
                default:
                    // Android only: not an iOS icon.
                    continue
                }
            case .variantSystems:
                if case .array(let platforms) = entry.value["platforms"], !platforms.contains(.string("ios")) { continue }
                guard case .string(let path) = entry.value["image"] else {
                    reading.problems.append((entry.path, "an icon without an “image” path", .expoIconShapeIgnored))
                    continue
                }
                images = [(.light, path)]
            case .quickActions:
                switch entry.value {
                case .string(let path) where props.isArray: images = [(.light, path)]
                case .object(let variants) where props.isArray: images = Self.variants(variants)
                default:
                    switch entry.value["image"] {
                    case .string(let path)?: images = [(.light, path)]
                    case .object(let variants)?: images = Self.variants(variants)
                    default:
                        reading.problems.append((entry.path, "\(pluginName) reads “image” of each icon; without it prebuild stops "
                            + "(“Cannot read properties of undefined”)", .expoIconShapeIgnored))
                        continue
                    }
                }
            case .dynamicAppIcon, .configPlugins, .alternateAppIcons:
                guard case .string(let path) = entry.value["image"] else {
                    reading.problems.append((entry.path, "an icon without an “image” path", .expoIconShapeIgnored))
                    continue
                }
                images = [(.light, path)]
            }
            reading.icons.append(ExpoDeclaredIcon(name: name, configKey: entry.key, plugin: pluginName, keyPath: entry.path,
                                                  images: images, prerendered: prerendered))
        }
    }

    /// `{light, dark, tinted}` as images, in that order, the strings only.
    static func variants(_ object: [String: JSONValue]) -> [(appearance: IconAppearance, path: String)] {
        [(IconAppearance.light, "light"), (.dark, "dark"), (.tinted, "tinted")].compactMap { appearance, key in
            if case .string(let path) = object[key] { return (appearance, path) }
            return nil
        }
    }
}

extension JSONValue {
    var isArray: Bool { if case .array = self { return true } else { return false } }
}
