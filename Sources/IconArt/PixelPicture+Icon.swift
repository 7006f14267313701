import CellCanvas
import IconCatalog

/// Icons made into pixel pictures: decoded, fitted into the tile and cut to the outline.
extension PixelPicture {
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

    /// The picture of an image in a file or an archive entry (an `.ipa`), as `init(iconPNGAt:)`;
    /// `onOneCore` as in `init(artwork:geometry:sizing:onOneCore:)`.
    public init(iconPNGFrom source: ImageSource, geometry: TileGeometry, sizing: Sizing = .tile,
                limits: PNGDecoder.Limits = .standard, onOneCore: Bool = false) throws(PNGDecodeError) {
        var resampler = IconFit.resampler(width: geometry.width, height: geometry.height, sizing: sizing)
        try PNGDecoder.decode(from: source, limits: limits, pipelined: onOneCore ? false : nil, into: &resampler)
        self.init(fitted: resampler, geometry: geometry, sizing: sizing)
    }

    private init(fitted resampler: BoxResampler.Streaming, geometry: TileGeometry, sizing: Sizing) {
        let size = IconFit.pictureSize(width: geometry.width, height: geometry.height, sizing: sizing,
                                       sourceWidth: resampler.sourceWidth, sourceHeight: resampler.sourceHeight)
        self.init(geometry: geometry,
                  fittedBitmap: IconFit.canvas(fitted: resampler.result, width: size.width, height: size.height).bitmap)
    }
}

/// Fitting an icon into a tile's pixels, shared by the symbol tiles and the pixel pictures
/// so both show the same crop, centring and outline.
package enum IconFit {
    /// A resampler to the size a picture takes in a `width`×`height` tile: as large as
    /// fits, keeping its aspect ratio on screen, where a pixel is `pixelAspect` times as
    /// tall as it is wide (symbol tiles resample to a grid of sub-pixels that are not square).
    package static func resampler(width: Int, height: Int, pixelAspect: Double = 1, sizing: PixelPicture.Sizing = .tile)
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
    package static func pictureSize(width: Int, height: Int, sizing: PixelPicture.Sizing,
                            sourceWidth: Int, sourceHeight: Int) -> (width: Int, height: Int) {
        guard sizing == .atMostSource, sourceWidth > 0, sourceHeight > 0 else { return (width, height) }
        let scale = min(Double(width) / Double(sourceWidth), Double(height) / Double(sourceHeight))
        guard scale > 1 else { return (width, height) }
        return (min(width, max(1, Int((Double(width) / scale).rounded()))),
                min(height, max(1, Int((Double(height) / scale).rounded()))))
    }

    /// The resampled picture cut to the icon's outline (antialiased, see `IconMask`) and
    /// centred on a transparent `width`×`height` canvas.
    package static func canvas(fitted resampled: LinearImage, width: Int, height: Int, pixelAspect: Float = 1) -> LinearImage {
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
