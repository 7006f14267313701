import IconCatalog

/// One icon as the chooser lists it, in chooser order (primary first).
public struct ChooserItem: Hashable, Sendable {
    /// The alternate icon's name, what `setAlternateIconName` takes; nil for the primary icon.
    public var name: String?
    /// The caption under the tile ("Default" for the primary), already stripped of control
    /// and bidi characters by the catalog; the view only truncates it.
    public var title: String
    /// The icon set it belongs to: an app with an iPad twin lists both sets, and `p` switches.
    public var idiom: Idiom

    public init(name: String?, title: String, idiom: Idiom = .phone) {
        self.name = name
        self.title = title
        self.idiom = idiom
    }

    /// The primary icon, captioned "Default" as iOS settings screens do.
    public static func primary(title: String = "Default", idiom: Idiom = .phone) -> ChooserItem {
        ChooserItem(name: nil, title: title, idiom: idiom)
    }

    /// Which icon this is, whatever its place in the list.
    public var key: IconKey { IconKey(name: name, idiom: idiom) }
}

/// An icon's identity in the chooser: its name (nil: the primary) in its icon set. Pictures,
/// details and the focus are kept by it, so the list of icons can change (a fix adds or
/// removes one) without a picture landing on another icon's tile.
public struct IconKey: Hashable, Sendable, CustomStringConvertible {
    public let name: String?
    public let idiom: Idiom

    public init(name: String?, idiom: Idiom = .phone) {
        self.name = name
        self.idiom = idiom
    }

    /// The primary icon of a set.
    public static func primary(_ idiom: Idiom = .phone) -> IconKey { IconKey(name: nil, idiom: idiom) }

    public var description: String { "\(name ?? "(primary)") [\(idiom.rawValue)]" }
}
