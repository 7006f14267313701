import IconCatalog

/// An alternate icon's entry in `CFBundleAlternateIcons`, as it will be written. Its shape is
/// the caller's choice (copied from the app's other alternates): which keys it carries is
/// which fields are set. Keys are written in the order Xcode sorts them.
package struct AlternateIconEntry: Sendable, Equatable {
    /// The key under `CFBundleAlternateIcons`: the name `setAlternateIconName` takes.
    package var name: String
    /// `CFBundleIconFiles`: loose files' base names; nil: no such key.
    package var iconFiles: [String]?
    /// `CFBundleIconName`: the icon set of an asset catalog the entry names; nil: no such key.
    package var iconName: String?
    /// `UIPrerenderedIcon`; nil: no such key.
    package var prerendered: Bool?
    /// `ordinal`, the chooser order some apps give; nil: no such key.
    package var ordinal: Int?

    package init(name: String, iconFiles: [String]? = nil, iconName: String? = nil, prerendered: Bool? = nil, ordinal: Int? = nil) {
        self.name = name
        self.iconFiles = iconFiles
        self.iconName = iconName
        self.prerendered = prerendered
        self.ordinal = ordinal
    }
}

/// Where `CFBundleIconName` of the primary icon goes.
package enum PrimaryIconNamePlace: Sendable, Equatable, Hashable {
    /// Inside `CFBundlePrimaryIcon` of the idiom's icons dictionary (made when missing; but
    /// `CFBundleIcons~ipad` must exist, since iPad reads `CFBundleIcons` without it and one
    /// made here would hold no other primary icon).
    case primaryIcon(Idiom)
    /// The top-level `CFBundleIconName`, which the asset compiler's build reads.
    case topLevel
}

/// One change to an Info.plist's icon keys. A change creates the dictionaries it needs
/// (`CFBundleIcons`, `CFBundleIcons~ipad`, `CFBundleAlternateIcons`) in the style of their
/// siblings, and a removal drops a dictionary it leaves empty, so that adding then removing
/// an entry gives back the file's bytes.
package enum InfoPlistChange: Sendable, Equatable {
    /// Adds the entry under the idiom's `CFBundleAlternateIcons`: in name order where the
    /// existing entries are sorted, else last. A new `CFBundleIcons~ipad` starts with a copy of
    /// `CFBundleIcons`' primary icon, since iPad then reads nothing else.
    case addAlternate(AlternateIconEntry, Idiom)
    /// Removes the named entry from the idiom's `CFBundleAlternateIcons`.
    case removeAlternate(name: String, Idiom)
    /// Copies the named entry of `CFBundleIcons` into `CFBundleIcons~ipad` as written
    /// (lint's fix for an alternate missing on iPad).
    case copyAlternateToPad(name: String)
    /// Removes `UINewsstandIcon` from the idiom's icons dictionary.
    case removeNewsstandIcon(Idiom)
    /// Sets `CFBundleIconName` (replacing a different value).
    case setPrimaryIconName(String, PrimaryIconNamePlace)
}
