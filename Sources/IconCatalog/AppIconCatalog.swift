import Foundation

/// Which device family's icon set is read. iPads read `CFBundleIcons~ipad` when the app
/// has it and then never fall back to the plain key, so an alternate missing there
/// simply does not exist on iPad.
public enum Idiom: String, Sendable, CaseIterable, Codable {
    case phone
    case pad

    /// The Info.plist key this idiom reads first.
    public var iconsKey: String { self == .phone ? "CFBundleIcons" : "CFBundleIcons~ipad" }
}

/// One image found for an icon, with the pixel size from its PNG header.
public struct IconImage: Equatable, Hashable, Sendable, Codable {
    /// Where its bytes are: a file, or an entry of an `.ipa`.
    public let source: ImageSource
    public let width: Int
    public let height: Int

    public init(source: ImageSource, width: Int, height: Int) {
        self.source = source
        self.width = width
        self.height = height
    }

    public init(path: String, width: Int, height: Int) {
        self.init(source: .file(path), width: width, height: height)
    }

    /// The file's path, or `App.ipa:Payload/App.app/NAME.png` for an archived image.
    public var path: String { source.path }

    enum CodingKeys: String, CodingKey { case path, width, height }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }

    /// A decoded image names a file: an archive cannot be reopened from its display path.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(path: try container.decode(String.self, forKey: .path),
                  width: try container.decode(Int.self, forKey: .width),
                  height: try container.decode(Int.self, forKey: .height))
    }
}

/// One choosable icon: the primary (name nil, as UIKit's `setAlternateIconName(nil)`) or an alternate.
public struct AppIcon: Equatable, Sendable {
    /// The alternate's key in `CFBundleAlternateIcons`; nil for the primary icon.
    public let name: String?
    /// The Emitron-style integer `ordinal`, when the plist gives a usable one.
    public let ordinal: Int?
    /// `CFBundleIconFiles` as declared, after `--define` expansion.
    public let iconFiles: [String]
    /// `UIPrerenderedIcon`, when present and a boolean.
    public let prerendered: Bool?
    /// Image files found for `iconFiles`, in declaration order then by scale.
    public let images: [IconImage]
    /// `CFBundleIconName`: the icon's name in the asset catalog. An icon with it and no
    /// `iconFiles` has its images only in the (compiled) asset catalog.
    public let iconName: String?

    public init(name: String?, ordinal: Int?, iconFiles: [String], prerendered: Bool?, images: [IconImage],
                iconName: String? = nil) {
        self.name = name
        self.ordinal = ordinal
        self.iconFiles = iconFiles
        self.prerendered = prerendered
        self.images = images
        self.iconName = iconName
    }

    /// Declared by `CFBundleIconName` alone: its images are in an asset catalog, not loose files.
    public var isAssetCatalogOnly: Bool { iconFiles.isEmpty && iconName != nil }

    public var isPrimary: Bool { name == nil }
    /// How people see it: `Default` for the primary, the alternate's name otherwise.
    public var displayName: String { name ?? "Default" }
}

/// An app's icons in the order a chooser shows them, with everything odd noted as warnings.
public struct AppIconCatalog: Sendable {
    /// The Info.plist that was read.
    public let plistPath: String
    /// `CFBundleDisplayName`, else `CFBundleName`.
    public let displayName: String?
    public let bundleIdentifier: String?
    public let idiom: Idiom
    /// The key the icons came from (`CFBundleIcons` or `CFBundleIcons~ipad`).
    public let iconsKey: String
    /// Chooser order: the primary first, then alternates by `ordinal`, then the rest by name.
    public let icons: [AppIcon]
    public let warnings: [CatalogWarning]
    /// The form the app was given in: an Info.plist, a built `.app`, an `.ipa`.
    public let source: AppSourceKind
    /// Where the icons' files are looked for (before `--icons`): the plist's folder, the
    /// `.app` folder, or the app folder inside the `.ipa`.
    public let iconTree: IconFileTree

    public init(plistPath: String, displayName: String?, bundleIdentifier: String?, idiom: Idiom,
                iconsKey: String, icons: [AppIcon], warnings: [CatalogWarning],
                source: AppSourceKind = .plist, iconTree: IconFileTree? = nil) {
        precondition(icons.first?.isPrimary == true, "a catalog always starts with its primary icon")
        self.plistPath = plistPath
        self.displayName = displayName
        self.bundleIdentifier = bundleIdentifier
        self.idiom = idiom
        self.iconsKey = iconsKey
        self.icons = icons
        self.warnings = warnings
        self.source = source
        let folder = (plistPath as NSString).deletingLastPathComponent
        self.iconTree = iconTree ?? .folder(folder.isEmpty ? "." : folder)
    }

    public var primary: AppIcon { icons[0] }
    public var alternates: ArraySlice<AppIcon> { icons.dropFirst() }
    /// As UIKit's: true when the chosen idiom declares at least one alternate.
    public var supportsAlternateIcons: Bool { icons.count > 1 }
    public var alternateNames: [String] { alternates.compactMap(\.name) }

    public func alternate(named name: String) -> AppIcon? {
        alternates.first { $0.name == name }
    }
}
