import CellCanvas
import IconCatalog

/// A rectangle of whole pixels.
struct PixelRect: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var isEmpty: Bool { width <= 0 || height <= 0 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }

    func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        return PixelRect(x: left, y: top, width: max(0, min(maxX, other.maxX) - left),
                         height: max(0, min(maxY, other.maxY) - top))
    }
}

/// Where a layer lands on the canvas, in pixels, before rounding or clipping.
struct LayerFrame: Equatable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// The frame rounded to whole pixels (at least one each way).
    var pixels: PixelRect {
        let left = Int(x.rounded()), top = Int(y.rounded())
        return PixelRect(x: left, y: top, width: max(1, Int((x + width).rounded()) - left),
                         height: max(1, Int((y + height).rounded()) - top))
    }
}

/// Pixels of one layer for part of the canvas, premultiplied, gamma-encoded sRGB, R G B A.
struct LayerPatch: Sendable {
    var rect: PixelRect
    var samples: [Float]

    init(rect: PixelRect, samples: [Float]? = nil) {
        self.rect = rect
        self.samples = samples ?? [Float](repeating: 0, count: rect.width * rect.height * 4)
    }

    /// The artwork's shape in `fill`'s colours: each pixel keeps its coverage (alpha) and
    /// takes the fill's colour there, a gradient spanning `frame`.
    mutating func recolor(with fill: IconFill, over frame: LayerFrame) {
        let painter = FillPainter(fill, frame: frame)
        for row in 0..<rect.height {
            for column in 0..<rect.width {
                let i = (row * rect.width + column) * 4
                let coverage = samples[i + 3]
                guard coverage > 0 else { continue }
                let color = painter.color(x: rect.x + column, y: rect.y + row)
                samples[i] = color.0 * coverage
                samples[i + 1] = color.1 * coverage
                samples[i + 2] = color.2 * coverage
                samples[i + 3] = color.3 * coverage
            }
        }
    }
}

/// A fill's premultiplied colour at any pixel.
struct FillPainter {
    private let start: (Float, Float, Float, Float)
    private let end: (Float, Float, Float, Float)
    private let frame: LayerFrame
    private let from: GradientPoint
    private let direction: (Double, Double)
    private let lengthSquared: Double

    /// `fill` must be drawable: `.none`, `.solid` or `.linearGradient`.
    init(_ fill: IconFill, frame: LayerFrame) {
        func premultiplied(_ color: IconColor) -> (Float, Float, Float, Float) {
            let alpha = Float(color.alpha)
            return (Float(color.red) * alpha, Float(color.green) * alpha, Float(color.blue) * alpha, alpha)
        }
        self.frame = frame
        switch fill {
        case .solid(let color):
            start = premultiplied(color); end = start; from = .top; direction = (0, 0)
        case .linearGradient(let first, let second, let startPoint, let stopPoint):
            start = premultiplied(first); end = premultiplied(second); from = startPoint
            direction = (stopPoint.x - startPoint.x, stopPoint.y - startPoint.y)
        default:
            start = (0, 0, 0, 0); end = start; from = .top; direction = (0, 0)
        }
        lengthSquared = direction.0 * direction.0 + direction.1 * direction.1
    }

    /// At the pixel's centre; a gradient runs along `start`→`stop` in the frame's unit square
    /// and holds its end colours beyond them. Colours mix in encoded sRGB, as Core Graphics' do.
    func color(x: Int, y: Int) -> (Float, Float, Float, Float) {
        guard lengthSquared > 0 else { return start }
        let u = (Double(x) + 0.5 - frame.x) / frame.width - from.x
        let v = (Double(y) + 0.5 - frame.y) / frame.height - from.y
        let t = Float(min(max((u * direction.0 + v * direction.1) / lengthSquared, 0), 1))
        return (start.0 + (end.0 - start.0) * t, start.1 + (end.1 - start.1) * t,
                start.2 + (end.2 - start.2) * t, start.3 + (end.3 - start.3) * t)
    }
}

/// The picture being composed: premultiplied, gamma-encoded sRGB in Float, so opacity and
/// source-over mix exactly as Core Graphics and Core Animation mix an icon's layers (in the
/// encoded values, not in linear light), and as librsvg's cairo surfaces come.
struct CompositeCanvas: Sendable {
    let width: Int
    let height: Int
    private(set) var samples: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        samples = [Float](repeating: 0, count: width * height * 4)
    }

    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Covers the empty canvas with a drawable fill (`.none` leaves it empty).
    mutating func paint(_ fill: IconFill) {
        guard fill != .none else { return }
        let painter = FillPainter(fill, frame: LayerFrame(x: 0, y: 0, width: Double(width), height: Double(height)))
        let width = width
        samples.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                for x in 0..<width {
                    let color = painter.color(x: x, y: y)
                    let i = (y * width + x) * 4
                    target[i] = color.0; target[i + 1] = color.1; target[i + 2] = color.2; target[i + 3] = color.3
                }
            }
        }
    }

    /// Source-over of `patch`, scaled by `opacity`, onto what is there.
    mutating func composite(_ patch: LayerPatch, opacity: Float) {
        let area = patch.rect.intersection(bounds)
        guard !area.isEmpty, opacity > 0 else { return }
        patch.samples.withUnsafeBufferPointer { source in
            samples.withUnsafeMutableBufferPointer { target in
                for y in area.y..<area.maxY {
                    var s = ((y - patch.rect.y) * patch.rect.width + (area.x - patch.rect.x)) * 4
                    var t = (y * width + area.x) * 4
                    for _ in 0..<area.width {
                        let alpha = source[s + 3] * opacity
                        if alpha > 0 {
                            let keep = 1 - alpha
                            target[t] = source[s] * opacity + target[t] * keep
                            target[t + 1] = source[s + 1] * opacity + target[t + 1] * keep
                            target[t + 2] = source[s + 2] * opacity + target[t + 2] * keep
                            target[t + 3] = alpha + target[t + 3] * keep
                        }
                        s += 4
                        t += 4
                    }
                }
            }
        }
    }

    /// This canvas as one patch, to composite a group onto the canvas below it.
    var patch: LayerPatch { LayerPatch(rect: bounds, samples: samples) }

    /// 8-bit sRGB with straight alpha.
    var bitmap: RGBABitmap {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        samples.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for i in stride(from: 0, to: source.count, by: 4) {
                    // `alpha > 0` is false for NaN, and a NaN channel becomes 0: a Float→UInt8
                    // conversion of NaN traps, and `min`/`max` would let it through.
                    let alpha = min(source[i + 3], 1)
                    guard alpha > 0 else { continue }
                    for channel in i..<i + 3 {
                        let value = source[channel] / alpha
                        target[channel] = value > 0 ? UInt8((min(value, 1) * 255).rounded()) : 0
                    }
                    target[i + 3] = UInt8((alpha * 255).rounded())
                }
            }
        }
        return RGBABitmap(width: width, height: height, pixels: pixels)
    }
}

extension LayerPatch {
    /// A decoded PNG drawn into `frame`, only where it meets `clip`. Shrinking averages
    /// areas in linear light (`BoxResampler`, as every tile does), over the part of the
    /// picture that is seen; enlarging interpolates between the nearest four pixels. Either
    /// way the work is bounded by the clip, however large the frame.
    static func drawing(_ bitmap: RGBABitmap, in frame: LayerFrame, clip: PixelRect) -> LayerPatch? {
        guard bitmap.width > 0, bitmap.height > 0, frame.width > 0, frame.height > 0 else { return nil }
        let target = frame.pixels
        let visible = target.intersection(clip)
        guard !visible.isEmpty else { return nil }
        if frame.width <= Double(bitmap.width) && frame.height <= Double(bitmap.height) {
            return shrinking(bitmap, target: target, visible: visible)
        }
        return enlarging(bitmap, frame: frame, visible: visible)
    }

    private static func shrinking(_ bitmap: RGBABitmap, target: PixelRect, visible: PixelRect) -> LayerPatch {
        var source = bitmap
        if visible != target {
            // Only the part of the picture that lands in view, to whole source pixels.
            let scaleX = Double(bitmap.width) / Double(target.width), scaleY = Double(bitmap.height) / Double(target.height)
            let left = Int((Double(visible.x - target.x) * scaleX).rounded(.down))
            let right = min(bitmap.width, max(left + 1, Int((Double(visible.maxX - target.x) * scaleX).rounded(.up))))
            let top = Int((Double(visible.y - target.y) * scaleY).rounded(.down))
            let bottom = min(bitmap.height, max(top + 1, Int((Double(visible.maxY - target.y) * scaleY).rounded(.up))))
            var cropped = [UInt8]()
            cropped.reserveCapacity((right - left) * (bottom - top) * 4)
            for y in top..<bottom {
                let row = (y * bitmap.width + left) * 4
                cropped.append(contentsOf: bitmap.pixels[row..<row + (right - left) * 4])
            }
            source = RGBABitmap(width: right - left, height: bottom - top, pixels: cropped)
        }
        return LayerPatch(encoding: BoxResampler.resample(source, width: visible.width, height: visible.height), at: visible)
    }

    /// A resampled picture (linear light) as a patch at `rect`, which has its size.
    init(encoding linear: LinearImage, at rect: PixelRect) {
        self.init(rect: rect)
        for i in stride(from: 0, to: linear.samples.count, by: 4) {
            let alpha = min(linear.samples[i + 3], 1)
            guard alpha > 0 else { continue }
            for channel in 0..<3 {
                samples[i + channel] = Float(SRGB.encode(linear.samples[i + channel] / alpha)) / 255 * alpha
            }
            samples[i + 3] = alpha
        }
    }

    private static func enlarging(_ bitmap: RGBABitmap, frame: LayerFrame, visible: PixelRect) -> LayerPatch {
        var patch = LayerPatch(rect: visible)
        let scaleX = Double(bitmap.width) / frame.width, scaleY = Double(bitmap.height) / frame.height
        let unit: Float = 1 / 255
        func premultiplied(_ x: Int, _ y: Int) -> (Float, Float, Float, Float) {
            let i = (y * bitmap.width + x) * 4
            let alpha = Float(bitmap.pixels[i + 3]) * unit
            return (Float(bitmap.pixels[i]) * unit * alpha, Float(bitmap.pixels[i + 1]) * unit * alpha,
                    Float(bitmap.pixels[i + 2]) * unit * alpha, alpha)
        }
        for row in 0..<visible.height {
            let centreY = Double(visible.y + row) + 0.5
            guard centreY >= frame.y, centreY < frame.y + frame.height else { continue }
            let v = min(max((centreY - frame.y) * scaleY - 0.5, 0), Double(bitmap.height - 1))
            let y0 = Int(v), y1 = min(y0 + 1, bitmap.height - 1), fy = Float(v - Double(y0))
            for column in 0..<visible.width {
                let centreX = Double(visible.x + column) + 0.5
                guard centreX >= frame.x, centreX < frame.x + frame.width else { continue }
                let u = min(max((centreX - frame.x) * scaleX - 0.5, 0), Double(bitmap.width - 1))
                let x0 = Int(u), x1 = min(x0 + 1, bitmap.width - 1), fx = Float(u - Double(x0))
                let a = premultiplied(x0, y0), b = premultiplied(x1, y0), c = premultiplied(x0, y1), d = premultiplied(x1, y1)
                func mix(_ p: Float, _ q: Float, _ r: Float, _ s: Float) -> Float {
                    (p + (q - p) * fx) * (1 - fy) + (r + (s - r) * fx) * fy
                }
                let i = (row * visible.width + column) * 4
                patch.samples[i] = mix(a.0, b.0, c.0, d.0)
                patch.samples[i + 1] = mix(a.1, b.1, c.1, d.1)
                patch.samples[i + 2] = mix(a.2, b.2, c.2, d.2)
                patch.samples[i + 3] = mix(a.3, b.3, c.3, d.3)
            }
        }
        return patch
    }
}
