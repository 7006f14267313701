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

/// One image file found for an icon, with the pixel size from its PNG header.
public struct IconImage: Equatable, Hashable, Sendable, Codable {
    public let path: String
    public let width: Int
    public let height: Int

    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
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

    public init(name: String?, ordinal: Int?, iconFiles: [String], prerendered: Bool?, images: [IconImage]) {
        self.name = name
        self.ordinal = ordinal
        self.iconFiles = iconFiles
        self.prerendered = prerendered
        self.images = images
    }

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

    public init(plistPath: String, displayName: String?, bundleIdentifier: String?, idiom: Idiom,
                iconsKey: String, icons: [AppIcon], warnings: [CatalogWarning]) {
        precondition(icons.first?.isPrimary == true, "a catalog always starts with its primary icon")
        self.plistPath = plistPath
        self.displayName = displayName
        self.bundleIdentifier = bundleIdentifier
        self.idiom = idiom
        self.iconsKey = iconsKey
        self.icons = icons
        self.warnings = warnings
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
