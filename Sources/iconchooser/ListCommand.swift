import ArgumentParser
import Foundation
import IconCatalog
import TerminalText

extension IconChooser {
    /// `iconchooser list`: every icon in chooser order, for people (text) or scripts (JSON).
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the app's icons in chooser order, with the current one marked.")

        @OptionGroup var options: AppOptions

        @Flag(name: .long, help: "Print JSON instead of text.")
        var json = false

        func run() throws {
            let manager = try options.loadManager()
            let choice = manager.currentChoice()
            let report = ListReport(catalog: manager.catalog, current: choice.name,
                                    warnings: manager.catalog.warnings + choice.warnings)
            print(json ? try Console.json(report) : report.text(utf8: Console.isUTF8), terminator: "")
        }
    }
}

/// What `list` shows; its JSON form is a stable interface for scripts.
struct ListReport: Encodable {
    struct App: Encodable {
        let plist: String
        let name: String?
        let bundleIdentifier: String?
        let idiom: Idiom
        let source: AppSourceKind

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(plist, forKey: .plist)
            try container.encode(name, forKey: .name)
            try container.encode(bundleIdentifier, forKey: .bundleIdentifier)
            try container.encode(idiom, forKey: .idiom)
            try container.encode(source, forKey: .source)
        }
        enum CodingKeys: String, CodingKey { case plist, name, bundleIdentifier, idiom, source }
    }

    struct Icon: Encodable {
        let name: String?
        let ordinal: Int?
        let isPrimary: Bool
        let isCurrent: Bool
        let iconFiles: [String]
        let images: [IconImage]
        /// Shown in the text only: an icon whose images are in an asset catalog.
        let assetCatalogOnly: Bool

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(ordinal, forKey: .ordinal)
            try container.encode(isPrimary, forKey: .isPrimary)
            try container.encode(isCurrent, forKey: .isCurrent)
            try container.encode(iconFiles, forKey: .iconFiles)
            try container.encode(images, forKey: .images)
        }
        enum CodingKeys: String, CodingKey { case name, ordinal, isPrimary, isCurrent, iconFiles, images }
    }

    let app: App
    let supportsAlternateIcons: Bool
    let alternateIconName: String?
    let icons: [Icon]
    let warnings: [String]

    init(catalog: AppIconCatalog, current: String?, warnings: [CatalogWarning]) {
        app = App(plist: catalog.plistPath, name: catalog.displayName,
                  bundleIdentifier: catalog.bundleIdentifier, idiom: catalog.idiom, source: catalog.source)
        supportsAlternateIcons = catalog.supportsAlternateIcons
        alternateIconName = current
        icons = catalog.icons.map {
            Icon(name: $0.name, ordinal: $0.ordinal, isPrimary: $0.isPrimary, isCurrent: $0.name == current,
                 iconFiles: $0.iconFiles, images: $0.images, assetCatalogOnly: $0.isAssetCatalogOnly)
        }
        self.warnings = warnings.map(\.description)
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(app, forKey: .app)
        try container.encode(supportsAlternateIcons, forKey: .supportsAlternateIcons)
        try container.encode(alternateIconName, forKey: .alternateIconName)
        try container.encode(icons, forKey: .icons)
        try container.encode(warnings, forKey: .warnings)
    }
    enum CodingKeys: String, CodingKey { case app, supportsAlternateIcons, alternateIconName, icons, warnings }

    /// One header line, one row per icon (mark, name, ordinal, files), then warnings.
    func text(utf8: Bool) -> String {
        let clean = TextSanitizer.clean
        let check = utf8 ? "✓" : "*"
        let times = utf8 ? "×" : "x"
        var out = clean(app.name ?? (app.plist as NSString).lastPathComponent)
        if let identifier = app.bundleIdentifier { out += " (\(clean(identifier)))" }
        out += " \(utf8 ? "—" : "-") \(clean(app.plist)), \(app.idiom.rawValue)\n"
        if !supportsAlternateIcons { out += "No alternate icons: only the primary icon can be used.\n" }
        let names = icons.map { DisplayWidth.truncate(clean($0.name ?? "Default"), to: 40) }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let ordinalWidth = max(1, icons.map { $0.ordinal.map { String($0).count } ?? 1 }.max() ?? 1)
        for (icon, name) in zip(icons, names) {
            let ordinal = icon.ordinal.map(String.init) ?? "-"
            let files = icon.images.isEmpty
                ? (icon.assetCatalogOnly ? "(in an asset catalog, not read)"
                   : icon.iconFiles.isEmpty ? "(no icon files declared)" : "(no image found)")
                : icon.images.map { "\(clean(($0.path as NSString).lastPathComponent)) \($0.width)\(times)\($0.height)" }
                    .joined(separator: ", ")
            let mark = icon.isCurrent ? check : " "
            let ordinalColumn = String(repeating: " ", count: ordinalWidth - ordinal.count) + ordinal
            out += "\(mark) \(DisplayWidth.pad(name, to: nameWidth))  \(ordinalColumn)  \(files)\n"
        }
        for warning in warnings { out += "warning: \(clean(warning))\n" }
        return out
    }
}
