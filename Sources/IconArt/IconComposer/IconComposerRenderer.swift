import CSVGRasterizerInterface
import FileAccess
import Foundation
import IconCatalog

/// An Icon Composer bundle drawn flat, for one appearance.
public struct IconComposerRendering: Sendable {
    /// Square, `pixelSize` on a side, not yet cut to the icon's rounded shape (as an icon
    /// set's image is not): `TileRenderer` masks it like any other icon picture.
    public let bitmap: RGBABitmap
    /// Layers that could not be drawn (`icon-layer-undrawable`), naming the bundle's file and key.
    public let warnings: [CatalogWarning]
    /// Set when the bundle has no specialization for the appearance and the picture is this
    /// renderer's approximation of the system's own rendition.
    public let derivation: IconDerivation?
    /// Effects the bundle uses that are not drawn (glass, shadow, blur, specular, translucency…).
    package let unsimulatedEffects: Set<IconComposerEffect>
}

/// Draws Icon Composer bundles flat: the canvas fill, then each group's layers composited
/// source-over in order, bottom first, each at its position, opacity and fill.
///
/// Compositing happens on gamma-encoded sRGB with premultiplied alpha, as Core Graphics
/// and Core Animation composite an icon's layers (and as librsvg's cairo surfaces arrive),
/// so a half-transparent layer mixes to what iOS shows; linear-light mixing would make
/// every translucent layer lighter than on the device. Only scaling a PNG layer down
/// averages in linear light, as every tile does.
///
/// Glass, shadows, blur, specular highlights, translucency and blend modes are not drawn;
/// `IconComposerRendering.unsimulatedEffects` says which the bundle uses. Layer images are
/// placed at their natural size in points (a PNG's pixels, an SVG's declared size) on the
/// 1024-point canvas, centred, scaled by `position.scale` and moved by `translation-in-points`.
public struct IconComposerRenderer: Sendable {
    /// The canvas's own size in points: drawing larger adds no detail to any layer.
    public static let maximumPixelSize = 1024
    /// CPU seconds all the SVG layers of one rendering may take in librsvg, each call
    /// also held to `SVGDocument.budget`: a bundle of many slow layers still ends in time.
    static let svgSecondsPerRendering = 1.5
    static let canvasPoints = 1024.0

    /// The colour of the tinted appearance.
    public var tint: IconColor
    public var pngLimits: PNGDecoder.Limits
    /// The seconds of SVG drawing this rendering shares with the others of its command; nil:
    /// none beyond its own `svgSecondsPerRendering`.
    public var svgTime: SVGTimeBudget?

    public init(tint: IconColor = TintedIcon.defaultTint, pngLimits: PNGDecoder.Limits = .standard,
                svgTime: SVGTimeBudget? = nil) {
        self.tint = tint
        self.pngLimits = pngLimits
        self.svgTime = svgTime
    }

    /// The bundle for `appearance`, `pixelSize` pixels square (1 to `maximumPixelSize`; clamped).
    /// Never fails: a layer that cannot be drawn is left out with a warning.
    package func render(_ bundle: IconComposerBundle, appearance: IconAppearance, pixelSize: Int) -> IconComposerRendering {
        let size = min(max(pixelSize, 1), Self.maximumPixelSize)
        let composition = bundle.composition(for: appearance)
        var canvas = CompositeCanvas(width: size, height: size)
        canvas.paint(composition.background)
        var artwork = LayerArtwork(pngLimits: pngLimits, shared: svgTime)
        var warnings: [CatalogWarning] = []
        let file = (bundle.path as NSString).appendingPathComponent("icon.json")
        for group in composition.groups {
            // Source-over is associative: a fully opaque group's layers may go straight onto the
            // canvas; a translucent group is composed apart first, then faded as a whole.
            let apart = group.opacity < 1
            var target = apart ? CompositeCanvas(width: size, height: size) : canvas
            for layer in group.layers {
                do {
                    let frame = try Self.frame(of: layer, artwork: &artwork, pixelSize: size)
                    guard var patch = try artwork.draw(layer.asset, in: frame, clip: canvas.bounds) else { continue }
                    if let fill = layer.fill { patch.recolor(with: fill, over: frame) }
                    target.composite(patch, opacity: Float(layer.opacity))
                } catch {
                    warnings.append(undrawable(layer, reason: error.reason, file: file))
                }
            }
            if apart {
                canvas.composite(target.patch, opacity: Float(group.opacity))
            } else {
                canvas = target
            }
        }
        var bitmap = canvas.bitmap
        if appearance == .tinted { bitmap = TintedIcon.tinted(bitmap, with: tint) }
        return IconComposerRendering(bitmap: bitmap, warnings: warnings, derivation: composition.derivation,
                                     unsimulatedEffects: bundle.unsimulatedEffects)
    }

    /// Where the layer lands in a `pixelSize` canvas, from its artwork's natural size.
    private static func frame(of layer: IconComposerComposition.Layer, artwork: inout LayerArtwork,
                              pixelSize: Int) throws(LayerArtwork.Failure) -> LayerFrame {
        let natural = try artwork.naturalSize(of: layer.asset)
        let pixelsPerPoint = Double(pixelSize) / canvasPoints
        let width = natural.width * layer.position.scale * pixelsPerPoint
        let height = natural.height * layer.position.scale * pixelsPerPoint
        let centreX = (canvasPoints / 2 + layer.position.translationX) * pixelsPerPoint
        let centreY = (canvasPoints / 2 + layer.position.translationY) * pixelsPerPoint
        return LayerFrame(x: centreX - width / 2, y: centreY - height / 2, width: width, height: height)
    }

    private func undrawable(_ layer: IconComposerComposition.Layer, reason: String, file: String) -> CatalogWarning {
        CatalogWarning(subject: "\(file): \(layer.key).image-name",
                       message: "“\(layer.asset.imageName)” cannot be drawn: \(reason)", code: .iconLayerUndrawable)
    }
}

/// Each layer file of one rendering, decoded once however many layers use it.
private struct LayerArtwork {
    struct Failure: Error { let reason: String }

    let pngLimits: PNGDecoder.Limits
    /// The seconds shared with other renderings, where there are any.
    let shared: SVGTimeBudget?
    /// What is left of `IconComposerRenderer.svgSecondsPerRendering`.
    private var svgSecondsLeft = IconComposerRenderer.svgSecondsPerRendering
    private var pictures: [String: Result<RGBABitmap, Failure>] = [:]
    private var drawings: [String: Result<SVGDocument, Failure>] = [:]

    init(pngLimits: PNGDecoder.Limits, shared: SVGTimeBudget?) {
        self.pngLimits = pngLimits
        self.shared = shared
    }

    mutating func naturalSize(of asset: IconLayerAsset) throws(Failure) -> (width: Double, height: Double) {
        switch asset.format {
        case .png:
            if case .success(let picture)? = pictures[asset.path] { return (Double(picture.width), Double(picture.height)) }
            // The header is enough to place the layer; decoding waits until it is drawn.
            guard let header = try? BoundedFile.readPrefix(asset.path, count: 64), let size = PNGHeader.size(of: header) else {
                throw Failure(reason: "not a PNG file (no PNG signature)")
            }
            return (Double(size.width), Double(size.height))
        case .svg:
            let drawing = try svg(asset).get()
            return (drawing.width, drawing.height)
        }
    }

    mutating func draw(_ asset: IconLayerAsset, in frame: LayerFrame, clip: PixelRect) throws(Failure) -> LayerPatch? {
        switch asset.format {
        case .png:
            let target = frame.pixels
            if pictures[asset.path] == nil, target.intersection(clip) == target,
               let size = try? naturalSize(of: asset), frame.width <= size.width, frame.height <= size.height {
                // Wholly in view and shrinking: decoded straight into the resampler a few rows
                // at a time, as a tile is, never holding the whole picture.
                var resampler = BoxResampler.Streaming(width: target.width, height: target.height)
                do {
                    try PNGDecoder.decode(contentsOf: asset.path, limits: pngLimits, into: &resampler)
                } catch {
                    throw Failure(reason: Self.withoutPath(error.description, asset.path))
                }
                return LayerPatch(encoding: resampler.result, at: target)
            }
            return LayerPatch.drawing(try png(asset).get(), in: frame, clip: clip)
        case .svg:
            let drawing = try svg(asset).get()
            let budget = try svgBudget()
            var seconds = 0.0
            defer { spend(seconds) }
            do {
                return try drawing.draw(in: frame, clip: clip, budget: budget, spent: &seconds)
            } catch {
                throw Failure(reason: error.description)
            }
        }
    }

    /// One librsvg call's budget: `SVGDocument.budget`, cut to what the rendering, and the
    /// renderings it shares time with (the command's), have left.
    private func svgBudget() throws(Failure) -> iconchooser_svg_budget {
        guard svgSecondsLeft >= 0.05 else {
            throw Failure(reason: "not drawn: this icon's SVG layers took their \(IconComposerRenderer.svgSecondsPerRendering) s already")
        }
        if let shared, shared.secondsLeft < 0.05 {
            throw Failure(reason: "not drawn: the command's SVG layers took their \(shared.seconds) s already")
        }
        var budget = SVGDocument.budget
        budget.seconds = min(budget.seconds, svgSecondsLeft, shared?.secondsLeft ?? .infinity)
        return budget
    }

    /// Charges `seconds` of librsvg's CPU time: what drawing cost, however busy the machine was.
    private mutating func spend(_ seconds: Double) {
        svgSecondsLeft -= seconds
        shared?.spend(seconds)
    }

    private mutating func png(_ asset: IconLayerAsset) -> Result<RGBABitmap, Failure> {
        if let known = pictures[asset.path] { return known }
        let result: Result<RGBABitmap, Failure>
        do {
            result = .success(try PNGDecoder.decode(contentsOf: asset.path, limits: pngLimits))
        } catch {
            result = .failure(Failure(reason: Self.withoutPath(error.description, asset.path)))
        }
        pictures[asset.path] = result
        return result
    }

    private mutating func svg(_ asset: IconLayerAsset) -> Result<SVGDocument, Failure> {
        if let known = drawings[asset.path] { return known }
        let result: Result<SVGDocument, Failure>
        var seconds = 0.0
        switch Result(catching: { () throws(Failure) in try svgBudget() }) {
        case .failure(let failure):
            result = .failure(failure)
        case .success(let budget):
            do {
                result = .success(try SVGDocument(contentsOf: asset.path, budget: budget, spent: &seconds))
            } catch {
                result = .failure(Failure(reason: error.description))
            }
        }
        spend(seconds)
        drawings[asset.path] = result
        return result
    }

    /// The decoder's messages start with the path, which the warning's subject already names.
    private static func withoutPath(_ message: String, _ path: String) -> String {
        message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message
    }
}
