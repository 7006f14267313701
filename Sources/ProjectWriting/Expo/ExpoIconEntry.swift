import IconCatalog

/// A new icon's entry in an Expo icon plugin's own shape (see `ExpoIconPlugin` and the corpus's
/// `FORMATS.md`), and what each plugin can take: one table of what is written per plugin.
package struct ExpoIconEntry: Sendable, Equatable {
    /// How the plugin's props hold icons.
    package enum Form: Sendable, Equatable {
        /// `{key: {...}}`: the key is the icon's.
        case keyed
        /// `[{name, ios, android}]`: expo-alternate-app-icons' objects, named by `name`.
        case namedObjects
        /// `["./a.png", ...]`: expo-alternate-app-icons 0.x, named by each file's base name.
        case pathList
        /// `["./a.png", {...}]`: named by place (`0`, `1`, …).
        case indexed
    }

    /// The config's key for it (a member's key, the `name`, the file's base name or the place).
    package let key: String
    /// What the app passes at run time.
    package let runTimeName: String
    /// The member's value, or the element.
    package let value: JSON5Fragment
    /// The images written, as the config names them.
    package let images: [(appearance: IconAppearance, path: String)]

    package static func == (lhs: ExpoIconEntry, rhs: ExpoIconEntry) -> Bool {
        lhs.key == rhs.key && lhs.runTimeName == rhs.runTimeName && lhs.value == rhs.value
            && lhs.images.map(\.appearance) == rhs.images.map(\.appearance) && lhs.images.map(\.path) == rhs.images.map(\.path)
    }

    /// The form `props` hold icons in for `plugin` (nil props: the plugin listed by name alone,
    /// which gets the form its icons are usually given in); nil when the plugin reads no icons from them.
    package static func form(of plugin: ExpoIconPlugin, props: JSONValue?) -> Form? {
        switch (plugin, props) {
        case (.alternateAppIcons, nil): return .namedObjects
        case (.alternateAppIcons, .array(let items)?):
            let strings = items.allSatisfy { if case .string = $0 { return true } else { return false } }
            return !items.isEmpty && strings ? .pathList : .namedObjects
        case (.alternateAppIcons, _): return nil
        case (_, nil), (_, .object?): return .keyed
        case (.mozzius, .array?), (.howincodes, .array?): return nil
        case (_, .array?): return .indexed
        default: return nil
        }
    }

    /// Which of dark and tinted the plugin takes: all three or none (expo-alternate-app-icons'
    /// objects), any (howincodes, quick actions), or none.
    static func takesAppearances(_ plugin: ExpoIconPlugin, form: Form) -> (any: Bool, allOrNone: Bool) {
        switch (plugin, form) {
        case (.alternateAppIcons, .namedObjects): return (true, true)
        case (.howincodes, .keyed), (.quickActions, _): return (true, false)
        default: return (false, false)
        }
    }

    /// The entry for an icon keyed `key` whose images are `light` (and `dark`, `tinted`) as the
    /// config will name them, shaped like `neighbour` (the plugin's last icon, whose
    /// `prerendered` and, for expo-alternate-app-icons, Android background it copies); throws
    /// what the plugin cannot take.
    package static func make(plugin: ExpoIconPlugin, pluginName: String, form: Form, key: String, light: String,
                             dark: String?, tinted: String?, neighbour: JSONValue?) throws(EditError) -> ExpoIconEntry {
        let takes = takesAppearances(plugin, form: form)
        if (dark != nil || tinted != nil) && !takes.any {
            throw EditError(.expo(.appearancesNotTaken(plugin: pluginName)))
        }
        if takes.allOrNone, (dark == nil) != (tinted == nil) {
            throw EditError(.expo(.variantsIncomplete(plugin: pluginName)))
        }
        var images: [(appearance: IconAppearance, path: String)] = [(.light, light)]
        if let dark { images.append((.dark, dark)) }
        if let tinted { images.append((.tinted, tinted)) }
        let image: JSON5Fragment = images.count == 1 ? .string(light)
            : .object(images.map { ($0.appearance.rawValue, JSON5Fragment.string($0.path)) })
        let prerendered: [(String, JSON5Fragment)] = if case .bool(let value)? = neighbour?["prerendered"] { [("prerendered", .bool(value))] } else { [] }
        let value: JSON5Fragment
        switch (plugin, form) {
        case (_, .pathList), (_, .indexed) where images.count == 1:
            value = .string(light)
        case (_, .indexed):
            value = image
        case (.alternateAppIcons, _):
            var members: [(String, JSON5Fragment)] = [("name", .string(key)), ("ios", image)]
            // The plugin stops making Android icons at an entry without `android`, and the
            // manifest still names its launcher image: the light image stands in, as 0.x did.
            if case .string(let background)? = neighbour?["android"]?["backgroundColor"], neighbour?["android"]?["foregroundImage"] != nil {
                members.append(("android", .object([("foregroundImage", .string(light)), ("backgroundColor", .string(background))])))
            }
            value = .object(members)
        case (.mozzius, _), (.howincodes, _):
            value = .object([("ios", image)] + prerendered)
        case (.dynamicAppIcon, _), (.configPlugins, _), (.variantSystems, _), (.quickActions, _):
            value = .object([("image", image)] + prerendered)
        }
        return ExpoIconEntry(key: key, runTimeName: plugin.runTimeName(key), value: value, images: images)
    }
}
