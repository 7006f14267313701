import CellCanvas
import Foundation
/// A picture in the form averaging needs: linear light (so a thin dark line keeps its
/// weight instead of fading) with premultiplied alpha (so a transparent pixel's colour,
/// often black, cannot bleed into its neighbours as a dark fringe). Float samples in
/// R, G, B, A order, row-major.
package struct LinearImage: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package var samples: [Float]

    package init(width: Int, height: Int, samples: [Float]? = nil) {
        self.width = width
        self.height = height
        self.samples = samples ?? [Float](repeating: 0, count: width * height * 4)
    }

    package subscript(x: Int, y: Int) -> LinearPixel {
        get {
            let i = (y * width + x) * 4
            return LinearPixel(r: samples[i], g: samples[i + 1], b: samples[i + 2], a: samples[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            samples[i] = newValue.r; samples[i + 1] = newValue.g; samples[i + 2] = newValue.b; samples[i + 3] = newValue.a
        }
    }

    /// Back to 8-bit sRGB with straight alpha.
    package var bitmap: RGBABitmap {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        samples.withUnsafeBufferPointer { samples in
            precondition(samples.count == width * height * 4, "LinearImage: \(samples.count) samples for \(width)×\(height)")
            bytes.withUnsafeMutableBufferPointer { bytes in
                for i in 0..<width * height {
                    let pixel = LinearPixel(r: samples[i * 4], g: samples[i * 4 + 1], b: samples[i * 4 + 2], a: samples[i * 4 + 3])
                    let (r, g, b) = pixel.srgb
                    bytes[i * 4] = r; bytes[i * 4 + 1] = g; bytes[i * 4 + 2] = b
                    bytes[i * 4 + 3] = UInt8((min(max(pixel.a, 0), 1) * 255).rounded())
                }
            }
        }
        return RGBABitmap(width: width, height: height, pixels: bytes)
    }
}

/// One premultiplied linear RGBA pixel.
package struct LinearPixel: Equatable, Sendable {
    package var r: Float
    package var g: Float
    package var b: Float
    package var a: Float

    package static let clear = LinearPixel(r: 0, g: 0, b: 0, a: 0)

    /// The colour with alpha divided out, as 8-bit sRGB (black when fully transparent).
    package var srgb: (UInt8, UInt8, UInt8) {
        guard a > 0 else { return (0, 0, 0) }
        return (SRGB.encode(r / a), SRGB.encode(g / a), SRGB.encode(b / a))
    }

    /// The average of two pixels, for a cell that shows both as one.
    package func mixed(with other: LinearPixel) -> LinearPixel {
        LinearPixel(r: (r + other.r) / 2, g: (g + other.g) / 2, b: (b + other.b) / 2, a: (a + other.a) / 2)
    }
}

/// Area-average ("box") resampling. Each output pixel is the mean of the source area it
/// covers, with source pixels cut by the area's edge counted by the fraction inside, so
/// no source pixel is skipped (as point sampling would skip a 1-pixel line) and none is
/// counted twice. Separable, and fed a source row at a time (see `Streaming`): each row is
/// first averaged across into `width` pixels, straight from the 8-bit input, then added
/// with its weight into the output rows whose area it lies in.
package enum BoxResampler {
    /// For every output index along one axis, which input indices it covers and with what
    /// weight (the weights of one output sum to 1).
    struct Footprints {
        var first: [Int] = []
        var count: [Int] = []
        /// `count[i]` weights for output `i`, starting at `offset[i]`.
        var offset: [Int] = []
        var weights: [Float] = []

        /// No outputs yet, for another filter to fill in (`LanczosResampler.taps`).
        init() {}

        init(source: Int, destination: Int) {
            let scale = Double(source) / Double(destination)
            for i in 0..<destination {
                let start = Double(i) * scale, end = Double(i + 1) * scale
                let firstIndex = Int(start.rounded(.down))
                let endIndex = min(source, Int(end.rounded(.up)))
                first.append(firstIndex)
                offset.append(weights.count)
                count.append(endIndex - firstIndex)
                for j in firstIndex..<endIndex {
                    let covered = min(end, Double(j + 1)) - max(start, Double(j))
                    weights.append(Float(covered / scale))
                }
            }
        }

        /// The four arrays as buffer pointers, for the resampler's inner loop: read through
        /// the arrays of a struct held by another, each access there was a retain and a check,
        /// and that loop is the resampler's whole cost.
        func withBuffers<R>(_ body: (_ first: UnsafeBufferPointer<Int>, _ count: UnsafeBufferPointer<Int>,
                                     _ offset: UnsafeBufferPointer<Int>, _ weights: UnsafeBufferPointer<Float>) -> R) -> R {
            first.withUnsafeBufferPointer { first in
                count.withUnsafeBufferPointer { count in
                    offset.withUnsafeBufferPointer { offset in
                        weights.withUnsafeBufferPointer { weights in body(first, count, offset, weights) }
                    }
                }
            }
        }
    }

    /// The resampler as an `RGBARowSink`: holds one averaged row and the output, never the
    /// source picture, so a decoder can feed it as it decodes. `outputSize` gives the output's
    /// size once the source's is known (at `start`).
    package struct Streaming: RGBARowSink {
        private let outputSize: (_ width: Int, _ height: Int) -> (width: Int, height: Int)
        /// The output so far; complete once every source row was taken.
        package private(set) var result = LinearImage(width: 0, height: 0)
        private var columns = Footprints(source: 0, destination: 0)
        /// For source row `y`, the output rows it adds into and with what weight:
        /// `targetRow[k]`, `targetWeight[k]` for `k` in `targetStart[y] ..< targetStart[y + 1]`.
        private var targetStart: [Int] = []
        private var targetRow: [Int] = []
        private var targetWeight: [Float] = []
        /// The current source row averaged across: `result.width` premultiplied linear pixels.
        private var wide: [Float] = []
        /// The source row before the current one, and whether there was one: a row equal to it
        /// (as the rows of an icon's flat areas are, nearly half of those of real icons) averages
        /// across to the same `wide`, which is then used again as it is.
        private var previousRow: [UInt8] = []
        private var hasPreviousRow = false
        /// For every alpha, the share of a whole source pixel in a column's footprint: `Footprints`
        /// gives every tap but the two ends of a footprint the same weight.
        private var interiorAlphaWeights: [Float] = []
        /// The source's size, once `start` has been called.
        private(set) var sourceWidth = 0
        private(set) var sourceHeight = 0
        private var y = 0

        init(outputSize: @escaping (_ width: Int, _ height: Int) -> (width: Int, height: Int)) {
            self.outputSize = outputSize
        }

        init(width: Int, height: Int) {
            self.init { _, _ in (width, height) }
        }

        package mutating func start(width sourceWidth: Int, height sourceHeight: Int) {
            let (width, height) = outputSize(sourceWidth, sourceHeight)
            precondition(width > 0 && height > 0 && sourceWidth > 0 && sourceHeight > 0,
                         "resample: \(sourceWidth)×\(sourceHeight) → \(width)×\(height)")
            self.sourceWidth = sourceWidth
            self.sourceHeight = sourceHeight
            columns = Footprints(source: sourceWidth, destination: width)
            let interiorWeight = Float(1 / (Double(sourceWidth) / Double(width)))  // as `Footprints` computes a whole tap's
            interiorAlphaWeights = (0..<256).map { Self.alphaWeight(interiorWeight, UInt8($0)) }
            // Turn the rows' footprints around: for each source row, the output rows it is in,
            // each list in output order (a counting sort over the footprints).
            let rows = Footprints(source: sourceHeight, destination: height)
            var counts = [Int](repeating: 0, count: sourceHeight + 1)
            for out in 0..<height {
                for k in 0..<rows.count[out] { counts[rows.first[out] + k + 1] += 1 }
            }
            for i in 0..<sourceHeight { counts[i + 1] += counts[i] }
            targetStart = counts
            targetRow = [Int](repeating: 0, count: rows.weights.count)
            targetWeight = [Float](repeating: 0, count: rows.weights.count)
            var next = counts
            for out in 0..<height {
                for k in 0..<rows.count[out] {
                    let source = rows.first[out] + k
                    targetRow[next[source]] = out
                    targetWeight[next[source]] = rows.weights[rows.offset[out] + k]
                    next[source] += 1
                }
            }
            result = LinearImage(width: width, height: height)
            wide = [Float](repeating: 0, count: width * 4)
            previousRow = [UInt8](repeating: 0, count: sourceWidth * 4)
            hasPreviousRow = false
            y = 0
        }

        /// A tap's share of its output pixel's colour: its weight times its opacity.
        @inline(__always)
        static func alphaWeight(_ weight: Float, _ alpha: UInt8) -> Float {
            weight * Float(alpha) * (1 / 255)
        }

        /// A fully transparent pixel adds nothing to an average, whatever its colour.
        package var readsColorOfTransparentPixels: Bool { false }

        package mutating func take(row source: UnsafeBufferPointer<UInt8>) {
            precondition(y + 1 < targetStart.count && source.count == sourceWidth * 4, "resample: row \(y) does not fit")
            let width = result.width
            let repeated = hasPreviousRow && previousRow.withUnsafeBytes { memcmp($0.baseAddress!, source.baseAddress!, source.count) == 0 }
            if !repeated {
                averageAcross(source, width: width)
                previousRow.withUnsafeMutableBytes { _ = memcpy($0.baseAddress!, source.baseAddress!, source.count) }
                hasPreviousRow = true
            }
            // Down: into every output row this source row lies in, by its share of that row.
            let rowLength = width * 4
            wide.withUnsafeBufferPointer { wide in
                result.samples.withUnsafeMutableBufferPointer { out in
                    for t in targetStart[y]..<targetStart[y + 1] {
                        let weight = targetWeight[t]
                        let outRow = out.baseAddress! + targetRow[t] * rowLength
                        for i in 0..<rowLength {
                            outRow[i] += weight * wide[i]
                        }
                    }
                }
            }
            y += 1
        }

        /// Averages `source` across into `wide`: `width` premultiplied linear pixels.
        private mutating func averageAcross(_ source: UnsafeBufferPointer<UInt8>, width: Int) {
            // Across: `width` premultiplied linear pixels from this row. Every footprint lies
            // within the source row (`Footprints`), whose length is checked above. The four
            // channels are summed as one vector, lane by lane in tap order as four sums would be.
            // Every tap but a footprint's two ends is a whole source pixel with the same weight
            // (`interiorAlphaWeights`): its share is looked up by alpha, and a run of equal pixels (an
            // icon's flat areas) adds the same share again without computing it. Two columns of
            // equal footprints are summed side by side: each sum waits on its last addition, and
            // two sums in flight keep the core busy. Each output is bit for bit the plain loop's.
            let columns = columns
            columns.withBuffers { firsts, counts, offsets, weights in
                SRGB.toLinear.withUnsafeBufferPointer { linear in
                    interiorAlphaWeights.withUnsafeBufferPointer { alphaWeights in
                        wide.withUnsafeMutableBufferPointer { out in
                            let pixels = PixelShares(row: source, linear: linear, interiorAlphaWeights: alphaWeights)
                            var even = PixelShares.Run(), odd = PixelShares.Run()
                            var x = 0
                            while x < width {
                                let count = counts[x]
                                var p = firsts[x] * 4
                                var sum = pixels.share(at: p, weight: weights[offsets[x]])
                                if x + 1 < width, counts[x + 1] == count, count > 1 {
                                    var q = firsts[x + 1] * 4
                                    var next = pixels.share(at: q, weight: weights[offsets[x + 1]])
                                    for _ in 1 ..< count - 1 {
                                        p += 4
                                        q += 4
                                        sum += pixels.interiorShare(at: p, run: &even)
                                        next += pixels.interiorShare(at: q, run: &odd)
                                    }
                                    sum += pixels.share(at: p + 4, weight: weights[offsets[x] + count - 1])
                                    next += pixels.share(at: q + 4, weight: weights[offsets[x + 1] + count - 1])
                                    (out.baseAddress! + x * 4).storeSIMD(sum)
                                    (out.baseAddress! + x * 4 + 4).storeSIMD(next)
                                    x += 2
                                    continue
                                }
                                if count > 2 {
                                    for _ in 1 ..< count - 1 {
                                        p += 4
                                        sum += pixels.interiorShare(at: p, run: &even)
                                    }
                                }
                                if count > 1 { sum += pixels.share(at: p + 4, weight: weights[offsets[x] + count - 1]) }
                                (out.baseAddress! + x * 4).storeSIMD(sum)
                                x += 1
                            }
                        }
                    }
                }
            }
        }
    }

    static func resample(_ bitmap: RGBABitmap, width: Int, height: Int) -> LinearImage {
        var resampler = Streaming(width: width, height: height)
        bitmap.feed(into: &resampler)
        return resampler.result
    }
}

extension RGBABitmap {
    /// This picture scaled to `width`×`height` by area averaging in linear light on
    /// premultiplied alpha (see `BoxResampler`); enlarging works too but only copies pixels.
    public func resampled(width: Int, height: Int) -> RGBABitmap {
        BoxResampler.resample(self, width: width, height: height).bitmap
    }
}

/// The shares of one source row's pixels in `BoxResampler`'s averages: a pixel's premultiplied
/// linear colour and its opacity, times its tap's weight.
private struct PixelShares {
    let row: UnsafeBufferPointer<UInt8>
    let linear: UnsafeBufferPointer<Float>
    /// `weight * alpha / 255` for a whole tap's weight, for every alpha.
    let interiorAlphaWeights: UnsafeBufferPointer<Float>

    /// The last pixel whose whole-tap share was computed, and that share: a run of equal pixels
    /// reuses it.
    struct Run {
        var pixel: UInt32 = 0
        var share = SIMD4<Float>()
    }

    /// The share of the pixel at byte `p` for a tap of `weight` (zero where it is transparent).
    @inline(__always)
    func share(at p: Int, weight: Float) -> SIMD4<Float> {
        let alpha = row[p + 3]
        guard alpha != 0 else { return SIMD4() }
        return BoxResampler.Streaming.alphaWeight(weight, alpha) * color(at: p)
    }

    /// The share of the pixel at byte `p` for a whole tap, from `run` where it is the same pixel.
    @inline(__always)
    func interiorShare(at p: Int, run: inout Run) -> SIMD4<Float> {
        let pixel = UnsafeRawPointer(row.baseAddress!).loadUnaligned(fromByteOffset: p, as: UInt32.self)
        if pixel != run.pixel {
            run.pixel = pixel
            let alpha = row[p + 3]
            run.share = alpha == 0 ? SIMD4() : interiorAlphaWeights[Int(alpha)] * color(at: p)
        }
        return run.share
    }

    /// The pixel's colour in linear light, and 1 for its opacity's lane.
    @inline(__always)
    private func color(at p: Int) -> SIMD4<Float> {
        SIMD4(linear[Int(row[p])], linear[Int(row[p + 1])], linear[Int(row[p + 2])], 1)
    }
}

private extension UnsafeMutablePointer where Pointee == Float {
    /// Stores the four lanes at this pointer and the three after it.
    func storeSIMD(_ value: SIMD4<Float>) {
        UnsafeMutableRawPointer(self).storeBytes(of: value, as: SIMD4<Float>.self)
    }
}
