/// One terminal cell's size in pixels, as the terminal reports it (`CSI 16t`) or as the
/// window's pixel size divided by its cells (TIOCGWINSZ). A pixel picture is drawn for one
/// cell size, so that it covers whole cells exactly: the terminal scales nothing, and the
/// text around a picture lines up with its edges.
///
/// Only sizes a real font could have exist: a reply of 0, 65535 or 1×1 is a terminal that
/// does not know, and the caller falls back to another source, `standard`, or symbols.
public struct CellPixelSize: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    /// nil for a size no real terminal has (see `isPlausible`).
    public init?(width: Int, height: Int) {
        guard Self.isPlausible(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
    }

    /// From 2×4 to 256×512 pixels, and no stranger in shape than a cell a quarter as tall as
    /// it is wide or six times as tall: beyond that, no monospace font.
    public static func isPlausible(width: Int, height: Int) -> Bool {
        (2...256).contains(width) && (4...512).contains(height) && height * 4 >= width && height <= width * 6
    }

    /// What a picture is drawn for when no terminal says (a file, a pipe): 10×20 is the
    /// cell of a 10-pixel-wide monospace font, the size chafa and kitty assume too.
    public static let standard = CellPixelSize(width: 10, height: 20)!

    public var description: String { "\(width)×\(height) px" }
}
