import Foundation
import IconCatalog
import TerminalText

/// What `list` shows; its JSON form is a stable interface for scripts, defined by `Encodable`
/// (nil members as null) and written by `PrettyJSONWriter` as `JSONEncoder` would.
public struct ListReport: Encodable, Sendable {
    public struct App: Encodable, Sendable {
        /// The Info.plist read, else what was read (`path`).
        public let plist: String
        public let path: String
        public let name: String?
        public let bundleIdentifier: String?
        public let idiom: Idiom
        public let source: AppSourceKind
        public let project: String?
        public let target: String?
        public let configuration: String?
        public let configurations: [String]?
        public let appearance: IconAppearance

        /// `list --json`'s `app` object, a member per property.
        static let fields: [JSONField<App>] = [
            JSONField("plist") { $0.plist },
            JSONField("path") { $0.path },
            JSONField("name") { $0.name },
            JSONField("bundleIdentifier") { $0.bundleIdentifier },
            JSONField("idiom") { $0.idiom.rawValue },
            JSONField("source") { $0.source.rawValue },
            JSONField("project") { $0.project },
            JSONField("target") { $0.target },
            JSONField("configuration") { $0.configuration },
            JSONField("configurations") { $0.configurations },
            JSONField("appearance") { $0.appearance.rawValue },
        ]

        public func encode(to encoder: Encoder) throws { try encoder.encode(self, fields: Self.fields) }
    }

    public struct Icon: Encodable, Sendable {
        public let name: String?
        public let ordinal: Int?
        public let isPrimary: Bool
        public let isCurrent: Bool
        public let source: AppIconSource
        public let assetName: String?
        /// The `.appiconset` or `.icon` folder; for a bundle with a set of its name, the set.
        public let assetPath: String?
        public let fallbackSet: String?
        public let declaration: IconDeclaration
        /// The appearances it has images of its own for.
        public let appearances: [IconAppearance]
        public let iconFiles: [String]
        public let images: [IconImage]
        /// Shown in the text only: an icon whose images are in an asset catalog.
        public let assetCatalogOnly: Bool

        /// `list --json`'s objects in `icons`, a member per property but the text's `assetCatalogOnly`.
        static let fields: [JSONField<Icon>] = [
            JSONField("name") { $0.name },
            JSONField("ordinal") { $0.ordinal },
            JSONField("isPrimary") { $0.isPrimary },
            JSONField("isCurrent") { $0.isCurrent },
            JSONField("source") { $0.source.rawValue },
            JSONField("assetName") { $0.assetName },
            JSONField("assetPath") { $0.assetPath },
            JSONField("fallbackSet") { $0.fallbackSet },
            JSONField("declaredIn") { $0.declaration },
            JSONField("configKey", when: { $0.source == .expo || $0.declaration.configKey != nil }) { $0.declaration.configKey },
            JSONField("appearances") { $0.appearances.map(\.rawValue) },
            JSONField("iconFiles") { $0.iconFiles },
            JSONField("images") { $0.images },
        ]

        public func encode(to encoder: Encoder) throws { try encoder.encode(self, fields: Self.fields) }
    }

    public let app: App
    public let supportsAlternateIcons: Bool
    public let alternateIconName: String?
    public let icons: [Icon]
    public let warnings: [String]

    /// `list --json`'s top object, a member per property.
    static let fields: [JSONField<ListReport>] = [
        JSONField("app") { $0.app },
        JSONField("supportsAlternateIcons") { $0.supportsAlternateIcons },
        JSONField("alternateIconName") { $0.alternateIconName },
        JSONField("icons") { $0.icons },
        JSONField("warnings") { $0.warnings },
    ]

    public func encode(to encoder: Encoder) throws { try encoder.encode(self, fields: Self.fields) }

    /// `list --json`.
    public func json() throws -> String {
        try PrettyJSONWriter.text(of: self)
    }

    /// A header line (and for a project, the target's line), one row per icon (mark, name,
    /// ordinal, where its pictures come from and in which appearances, files), then warnings.
    public func text(utf8: Bool) -> String {
        let clean = TextSanitizer.clean
        let check = utf8 ? "✓" : "*"
        let times = utf8 ? "×" : "x"
        var out = clean(app.name ?? (app.path as NSString).lastPathComponent)
        if let identifier = app.bundleIdentifier { out += " (\(clean(identifier)))" }
        out += " \(utf8 ? "—" : "-") \(clean(app.plist)), \(app.idiom.rawValue)"
        if app.appearance != .light { out += ", \(app.appearance.rawValue)" }
        out += "\n"
        if let project = app.project, let target = app.target, let configuration = app.configuration {
            let others = (app.configurations ?? []).filter { $0 != configuration }
            out += "Project \(clean((project as NSString).lastPathComponent)), target \(clean(target)), "
                + "configuration \(clean(configuration))"
                + (others.isEmpty ? "" : " (also: \(others.map(clean).joined(separator: ", ")))") + "\n"
        }
        if !supportsAlternateIcons { out += "No alternate icons: only the primary icon can be used.\n" }
        let names = icons.map { DisplayWidth.truncate(clean($0.name ?? "Default"), to: 40) }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let ordinalWidth = max(1, icons.map { $0.ordinal.map { String($0).count } ?? 1 }.max() ?? 1)
        // Where pictures come from says something only when some come from a catalog.
        let showsOrigin = icons.contains { $0.source != .plist }
        let origins = icons.map { showsOrigin ? Self.origin(of: $0, clean: clean) + "  " : "" }
        let originWidth = origins.map(DisplayWidth.of).max() ?? 0
        for ((icon, name), origin) in zip(zip(icons, names), origins) {
            let ordinal = icon.ordinal.map(String.init) ?? "-"
            let files = icon.images.isEmpty
                ? (icon.assetCatalogOnly ? (app.source.isBuilt ? "(not in Assets.car)" : "(in an asset catalog, not read)")
                   : icon.source == .icon ? "(drawn from the bundle)"
                   : icon.iconFiles.isEmpty && icon.source == .plist ? "(no icon files declared)" : "(no image found)")
                : icon.images.map { image in
                    let derived = image.isDerived ? " (\(image.appearance.rawValue), derived)" : ""
                    return "\(clean((image.path as NSString).lastPathComponent)) \(image.width)\(times)\(image.height)\(derived)"
                }.joined(separator: ", ")
            let mark = icon.isCurrent ? check : " "
            let ordinalColumn = String(repeating: " ", count: ordinalWidth - ordinal.count) + ordinal
            out += "\(mark) \(DisplayWidth.pad(name, to: nameWidth))  \(ordinalColumn)  "
                + "\(DisplayWidth.pad(origin, to: originWidth))\(files)\n"
        }
        for warning in warnings { out += "warning: \(clean(warning))\n" }
        return out
    }

    /// `plist`, `set NAME`, or `icon NAME` with its appearances beyond light (`+dark +tinted`).
    private static func origin(of icon: Icon, clean: (String) -> String) -> String {
        let kind: String
        switch icon.source {
        case .icon: kind = "icon"
        case .car: kind = "car"
        default: kind = "set"
        }
        var origin = icon.source == .plist ? "plist" : "\(kind) \(clean(icon.assetName ?? "?"))"
        if icon.source == .expo {
            origin = "config " + clean(icon.declaration.configKey.map { $0 == icon.name ? $0 : "\($0) → \(icon.name ?? "")" } ?? "icon")
        }
        if icon.fallbackSet != nil { origin += " (+set)" }
        let extra = icon.appearances.filter { $0 != .light }
        if !extra.isEmpty { origin += " " + extra.map { "+\($0.rawValue)" }.joined(separator: " ") }
        return origin
    }
}

extension KeyedEncodingContainer {
    /// `value`, or `null` when it is nil, as `encode` writes an optional, without going through
    /// `Optional`'s generic `Encodable` (dynamic casts per value in JSONEncoder, a millisecond
    /// of a real project's `list --json`).
    mutating func encodeOrNull<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

extension ListReport {
    /// `appearance` other than light adds, for each icon without images of its own for it,
    /// the images iOS shows instead, marked as derived.
    public init(catalog: AppIconCatalog, current: String?, warnings: [CatalogWarning], appearance: IconAppearance = .light) {
        let app = App(plist: catalog.plistPath ?? catalog.path, path: catalog.path, name: catalog.displayName,
                      bundleIdentifier: catalog.bundleIdentifier, idiom: catalog.idiom, source: catalog.appKind,
                      project: catalog.target?.projectPath, target: catalog.target?.targetName,
                      configuration: catalog.target?.configuration, configurations: catalog.target?.configurations,
                      appearance: appearance)
        let icons = catalog.icons.map { icon in
            // An Icon Composer bundle's images are what it is drawn as.
            let listed = icon.images.isEmpty ? icon.drawnImages : icon.images
            let own = Set(listed.filter { !$0.isDerived }.map(\.appearance))
            let standIns = appearance == .light || own.contains(appearance)
                ? [] : icon.images(for: appearance, idiom: catalog.shownIdiom).filter(\.isDerived)
            return Icon(name: icon.name, ordinal: icon.ordinal, isPrimary: icon.isPrimary, isCurrent: icon.name == current,
                        source: icon.picturesFrom, assetName: icon.assetName, assetPath: icon.assetPath,
                        fallbackSet: icon.fallbackSetPath, declaration: icon.declaration,
                        appearances: IconAppearance.allCases.filter(own.contains), iconFiles: icon.iconFiles,
                        images: listed + standIns, assetCatalogOnly: icon.isAssetCatalogOnly)
        }
        self.init(app: app, supportsAlternateIcons: catalog.supportsAlternateIcons, alternateIconName: current, icons: icons,
                  warnings: warnings.map(\.description))
    }

    /// `list` in a pipe: name, ordinal, current, then every image file found, for `cut` and `awk`.
    /// Warnings go to stderr instead, so nothing but rows reaches the next program.
    public var tabSeparated: TabSeparatedList {
        TabSeparatedList(rows: icons.map {
            TabSeparatedList.Row(name: $0.name, ordinal: $0.ordinal, isCurrent: $0.isCurrent, files: $0.images.map(\.path))
        })
    }
}
