/// Which device family's icon set is read. iPads read `CFBundleIcons~ipad` when the app
/// has it and then never fall back to the plain key, so an alternate missing there
/// simply does not exist on iPad.
public enum Idiom: String, Sendable, CaseIterable, Codable {
    /// An iPhone (and an iPod touch): reads `CFBundleIcons`.
    case phone
    /// An iPad: reads `CFBundleIcons~ipad` where the app has it.
    case pad

    /// The Info.plist key this idiom reads first.
    public var iconsKey: String { self == .phone ? "CFBundleIcons" : "CFBundleIcons~ipad" }

    /// The device family's name as Apple writes it, for messages and titles.
    public var deviceName: String { self == .phone ? "iPhone" : "iPad" }
}
