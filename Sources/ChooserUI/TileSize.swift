/// The tile sizes the grid can use, in cells. With half blocks a cell shows two pixels
/// stacked, so each size is a square picture (16×16, 12×12 and 8×8 pixels).
public enum TileSize: String, CaseIterable, Comparable, Hashable, Sendable {
    case small, medium, large

    /// Width of the picture in cells.
    public var columns: Int {
        switch self {
        case .small: 8
        case .medium: 12
        case .large: 16
        }
    }

    /// Height of the picture in cells.
    public var rows: Int { columns / 2 }

    /// Largest first: the order in which the automatic choice tries them.
    public static let largestFirst: [TileSize] = [.large, .medium, .small]

    public static func < (lhs: TileSize, rhs: TileSize) -> Bool { lhs.columns < rhs.columns }
}

/// `--icon-size`: let the chooser pick the size that fits, or force one.
public enum IconSizeChoice: String, CaseIterable, Hashable, Sendable {
    case auto, small, medium, large

    /// The forced size, or nil for `.auto`.
    public var forcedSize: TileSize? { TileSize(rawValue: rawValue) }
}
