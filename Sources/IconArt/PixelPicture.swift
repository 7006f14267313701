import CellCanvas
import IconCatalog

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

    /// The picture of an already decoded icon.
    public init(icon: RGBABitmap, geometry: TileGeometry, sizing: Sizing = .tile) {
        precondition(icon.width > 0 && icon.height > 0, "PixelPicture: an empty icon")
        var resampler = IconFit.resampler(width: geometry.width, height: geometry.height, sizing: sizing)
        icon.feed(into: &resampler)
        self.init(fitted: resampler, geometry: geometry, sizing: sizing)
    }

    /// The picture of the PNG at `path`, decoded straight into the resampler a few rows at a
    /// time (see `PNGDecoder.decode(contentsOf:limits:into:)`), so the icon is never held whole.
    public init(iconPNGAt path: String, geometry: TileGeometry,
                limits: PNGDecoder.Limits = .standard) throws(PNGDecodeError) {
        try self.init(iconPNGFrom: .file(path), geometry: geometry, limits: limits)
    }

    /// The picture of an image in a file or an archive entry (an `.ipa`), as `init(iconPNGAt:)`.
    public init(iconPNGFrom source: ImageSource, geometry: TileGeometry, sizing: Sizing = .tile,
                limits: PNGDecoder.Limits = .standard) throws(PNGDecodeError) {
        var resampler = IconFit.resampler(width: geometry.width, height: geometry.height, sizing: sizing)
        try PNGDecoder.decode(from: source, limits: limits, into: &resampler)
        self.init(fitted: resampler, geometry: geometry, sizing: sizing)
    }

    /// A picture made elsewhere (a test pattern, a picture drawn in code). Precondition: the
    /// bitmap has the geometry's size.
    public init(bitmap: RGBABitmap, geometry: TileGeometry) {
        precondition(bitmap.width == geometry.width && bitmap.height == geometry.height,
                     "PixelPicture: a \(bitmap.width)×\(bitmap.height) bitmap for \(geometry)")
        self.geometry = geometry
        self.bitmap = bitmap
    }

    private init(fitted resampler: BoxResampler.Streaming, geometry: TileGeometry, sizing: Sizing) {
        let size = IconFit.pictureSize(width: geometry.width, height: geometry.height, sizing: sizing,
                                       sourceWidth: resampler.sourceWidth, sourceHeight: resampler.sourceHeight)
        self.geometry = geometry
        bitmap = IconFit.canvas(fitted: resampler.result, width: size.width, height: size.height).bitmap
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

/// Fitting an icon into a tile's pixels, shared by the symbol tiles and the pixel pictures
/// so both show the same crop, centring and outline.
enum IconFit {
    /// A resampler to the size a picture takes in a `width`×`height` tile: as large as
    /// fits, keeping its aspect ratio on screen, where a pixel is `pixelAspect` times as
    /// tall as it is wide (symbol tiles resample to a grid of sub-pixels that are not square).
    static func resampler(width: Int, height: Int, pixelAspect: Double = 1, sizing: PixelPicture.Sizing = .tile)
        -> BoxResampler.Streaming {
        BoxResampler.Streaming { sourceWidth, sourceHeight in
            let (width, height) = pictureSize(width: width, height: height, sizing: sizing,
                                              sourceWidth: sourceWidth, sourceHeight: sourceHeight)
            // In pixel widths on screen.
            let scale = min(Double(width) / Double(sourceWidth), Double(height) * pixelAspect / Double(sourceHeight))
            return (min(width, max(1, Int((Double(sourceWidth) * scale).rounded()))),
                    min(height, max(1, Int((Double(sourceHeight) * scale / pixelAspect).rounded()))))
        }
    }

    /// The pixels of a picture for a `width`×`height` tile: the tile's, or with `.atMostSource`, where
    /// the source would be enlarged to fit, the tile's shape at the source's own scale.
    static func pictureSize(width: Int, height: Int, sizing: PixelPicture.Sizing,
                            sourceWidth: Int, sourceHeight: Int) -> (width: Int, height: Int) {
        guard sizing == .atMostSource, sourceWidth > 0, sourceHeight > 0 else { return (width, height) }
        let scale = min(Double(width) / Double(sourceWidth), Double(height) / Double(sourceHeight))
        guard scale > 1 else { return (width, height) }
        return (min(width, max(1, Int((Double(width) / scale).rounded()))),
                min(height, max(1, Int((Double(height) / scale).rounded()))))
    }

    /// The resampled picture cut to the icon's outline (antialiased, see `IconMask`) and
    /// centred on a transparent `width`×`height` canvas.
    static func canvas(fitted resampled: LinearImage, width: Int, height: Int, pixelAspect: Float = 1) -> LinearImage {
        let fittedWidth = resampled.width, fittedHeight = resampled.height
        let coverage = IconMask.sharedCoverage(width: fittedWidth, height: fittedHeight, pixelAspect: pixelAspect)
        var canvas = LinearImage(width: width, height: height)
        let left = (width - fittedWidth) / 2, top = (height - fittedHeight) / 2
        // Each pixel (all four premultiplied channels) times its coverage, as it is copied.
        canvas.samples.withUnsafeMutableBufferPointer { canvas in
            resampled.samples.withUnsafeBufferPointer { fitted in
                coverage.withUnsafeBufferPointer { coverage in
                    precondition(fitted.count == coverage.count * 4, "IconFit: \(fitted.count) samples for \(coverage.count) pixels")
                    for y in 0..<fittedHeight {
                        let row = y * fittedWidth, to = ((top + y) * width + left) * 4
                        for x in 0..<fittedWidth {
                            let c = coverage[row + x], from = (row + x) * 4, at = to + x * 4
                            canvas[at] = fitted[from] * c
                            canvas[at + 1] = fitted[from + 1] * c
                            canvas[at + 2] = fitted[from + 2] * c
                            canvas[at + 3] = fitted[from + 3] * c
                        }
                    }
                }
            }
        }
        return canvas
    }
}
