/// One icon as the chooser lists it, in chooser order (primary first).
public struct ChooserItem: Hashable, Sendable {
    /// The alternate icon's name, what `setAlternateIconName` takes; nil for the primary icon.
    public var name: String?
    /// The caption under the tile ("Default" for the primary), already stripped of control
    /// and bidi characters by the catalog; the view only truncates it.
    public var title: String

    public init(name: String?, title: String) {
        self.name = name
        self.title = title
    }

    /// The primary icon, captioned "Default" as iOS settings screens do.
    public static func primary(title: String = "Default") -> ChooserItem {
        ChooserItem(name: nil, title: title)
    }
}
