import CellCanvas

/// A tile's cells and the pixels they cover: the one size a tile's picture is decoded,
/// resampled and encoded at.
public struct TileGeometry: Hashable, Sendable, CustomStringConvertible {
    public let columns: Int
    public let rows: Int
    public let cell: CellPixelSize

    /// The longest side a picture may have: a 64×32-cell tile (`preview`'s largest) on
    /// 32×64-pixel cells is 2048 pixels; twice that is still far below what would strain memory.
    public static let maxSide = 4096

    /// nil when the tile has no cells or its pixels would exceed `maxSide`.
    public init?(columns: Int, rows: Int, cell: CellPixelSize) {
        guard columns > 0, rows > 0 else { return nil }
        let (width, wideOverflow) = columns.multipliedReportingOverflow(by: cell.width)
        let (height, tallOverflow) = rows.multipliedReportingOverflow(by: cell.height)
        guard !wideOverflow, !tallOverflow, width <= Self.maxSide, height <= Self.maxSide else { return nil }
        self.columns = columns
        self.rows = rows
        self.cell = cell
    }

    public var width: Int { columns * cell.width }
    public var height: Int { rows * cell.height }

    public var description: String { "\(columns)×\(rows) cells of \(cell)" }
}

/// An icon at the terminal's own resolution: a tile of `columns`×`rows` cells on cells of
/// `cell` pixels is a picture of exactly that many pixels, so a graphics protocol places
/// it on whole cells with nothing scaled. Like the symbol tiles (`TileRenderer`) it is the
/// icon fitted into the tile keeping its aspect ratio, centred, averaged in linear light
/// and cut to the rounded iOS outline with an antialiased edge; outside the outline it is
/// transparent, so the terminal's background shows there.
public struct PixelPicture: Equatable, Sendable {
    /// How many pixels a picture is made with.
    public enum Sizing: Hashable, Sendable {
        /// Exactly the tile's pixels: for protocols that draw a picture pixel for pixel (sixel, iTerm2).
        case tile
        /// The tile's pixels, or fewer where the icon has fewer to give, in the tile's shape: for a
        /// protocol that scales a picture to its cells (kitty). A 180-pixel icon on a tile of 256×256
        /// pixels is made 180×180 and enlarged by the terminal: enlarging it here would only add
        /// pixels to resample, mask, compress and send.
        case atMostSource
    }

    public let geometry: TileGeometry
    /// Straight alpha; `geometry.width`×`geometry.height` pixels, or (`Sizing.atMostSource`) fewer
    /// in the same shape.
    public let bitmap: RGBABitmap

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }

    /// A picture made elsewhere (a test pattern, a picture drawn in code). Precondition: the
    /// bitmap has the geometry's size.
    public init(bitmap: RGBABitmap, geometry: TileGeometry) {
        precondition(bitmap.width == geometry.width && bitmap.height == geometry.height,
                     "PixelPicture: a \(bitmap.width)×\(bitmap.height) bitmap for \(geometry)")
        self.geometry = geometry
        self.bitmap = bitmap
    }

    /// A picture of `geometry` whose bitmap may be smaller than the tile (`Sizing.atMostSource`):
    /// for the fitting in IconArt, which knows the size it made.
    package init(geometry: TileGeometry, fittedBitmap: RGBABitmap) {
        self.geometry = geometry
        self.bitmap = fittedBitmap
    }

    /// The picture made opaque over `background`, for protocols without partial transparency
    /// (sixel): each pixel is mixed with the background by its alpha in linear light, as the
    /// terminal would composite it, so the antialiased edge fades into the background
    /// instead of darkening (mixing sRGB bytes would).
    public func flattened(onto background: (red: UInt8, green: UInt8, blue: UInt8)) -> RGBABitmap {
        let toLinear = SRGB.toLinear
        let backdrop = [background.red, background.green, background.blue].map { toLinear[Int($0)] }
        var pixels = bitmap.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = pixels[i + 3]
            if alpha == 255 { continue }
            let a = Float(alpha) / 255
            for channel in 0..<3 {
                let mixed = toLinear[Int(pixels[i + channel])] * a + backdrop[channel] * (1 - a)
                pixels[i + channel] = SRGB.encode(mixed)
            }
            pixels[i + 3] = 255
        }
        return RGBABitmap(width: width, height: height, pixels: pixels)
    }
}

extension PixelPicture {
    /// The pixels of a picture's bitmap that cells `columns` of `geometry.columns` (and `rows`
    /// of `geometry.rows`) cover: whole pixels, the bounds scaled where the bitmap is smaller
    /// than the tile (`Sizing.atMostSource`), so that pieces side by side share no pixel and
    /// leave none out.
    public func pixelRange(columns: Range<Int>, rows: Range<Int>) -> (x: Range<Int>, y: Range<Int>) {
        func scaled(_ cells: Range<Int>, of count: Int, pixels: Int) -> Range<Int> {
            let lower = min(max(0, cells.lowerBound), count), upper = min(max(lower, cells.upperBound), count)
            return lower * pixels / count..<upper * pixels / count
        }
        return (scaled(columns, of: geometry.columns, pixels: width), scaled(rows, of: geometry.rows, pixels: height))
    }

    /// The part of the picture under cells `columns` × `rows` of its tile, as a picture of that
    /// many cells: what a terminal that cannot show part of a picture draws where a box covers
    /// the rest. nil when the cells lie outside the tile.
    public func cropped(columns: Range<Int>, rows: Range<Int>) -> PixelPicture? {
        guard columns.lowerBound >= 0, rows.lowerBound >= 0, columns.upperBound <= geometry.columns,
              rows.upperBound <= geometry.rows,
              let part = TileGeometry(columns: columns.count, rows: rows.count, cell: geometry.cell) else { return nil }
        let range = pixelRange(columns: columns, rows: rows)
        guard !range.x.isEmpty, !range.y.isEmpty else { return nil }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(range.x.count * range.y.count * 4)
        for y in range.y {
            let start = (y * width + range.x.lowerBound) * 4
            pixels += bitmap.pixels[start..<start + range.x.count * 4]
        }
        return PixelPicture(geometry: part, fittedBitmap: RGBABitmap(width: range.x.count, height: range.y.count, pixels: pixels))
    }
}
