import CellCanvas
import Foundation

/// Lanczos-3 resampling in linear light with premultiplied alpha: the filter the images an
/// app ships are made with, where the chooser's tiles use `BoxResampler`. A box filter keeps a
/// thin line's weight but blurs a 1024 px icon made 120 px visibly softer than an image tool
/// does; Lanczos keeps the edges. It is ImageMagick's `-colorspace RGB -filter Lanczos -resize`
/// (`sinc(x)·sinc(x/3)` over 3 source pixels each side, widened by the reduction factor when
/// shrinking, weights cut at the picture's edge and renormalised), so the generated icons match
/// what developers make with it.
enum LanczosResampler {
    /// The filter's half-width in (output-scaled) pixels.
    static let lobes = 3.0

    static func kernel(_ x: Double) -> Double {
        let x = abs(x)
        guard x < lobes else { return 0 }
        return sinc(x) * sinc(x / lobes)
    }

    static func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        let px = Double.pi * x
        return sin(px) / px
    }

    /// For every output index along one axis, the first source index it reads and the
    /// weights of the source indices from there (summing to 1).
    struct Taps {
        var first: [Int] = []
        var count: [Int] = []
        var offset: [Int] = []
        var weights: [Float] = []

        init(source: Int, destination: Int) {
            let scale = Double(source) / Double(destination)
            // Shrinking widens the filter so every source pixel counts; enlarging keeps it at 3.
            let stretch = max(scale, 1)
            let support = lobes * stretch
            for i in 0..<destination {
                let centre = (Double(i) + 0.5) * scale
                let start = max(0, Int((centre - support + 0.5).rounded(.down)))
                let stop = min(source, Int((centre + support + 0.5).rounded(.down)))
                var row: [Double] = []
                for j in start..<max(start, stop) {
                    row.append(kernel((Double(j) + 0.5 - centre) / stretch))
                }
                let total = row.reduce(0, +)
                first.append(start)
                offset.append(weights.count)
                count.append(row.count)
                weights.append(contentsOf: row.map { Float(total != 0 ? $0 / total : 0) })
            }
        }
    }

    /// `bitmap` scaled to `width`×`height`. Across first, a source row at a time straight from
    /// its 8-bit samples, into `width` premultiplied linear pixels per source row; then down.
    /// Memory: `width × bitmap.height` linear pixels between the passes.
    static func resample(_ bitmap: RGBABitmap, width: Int, height: Int) -> RGBABitmap {
        precondition(width > 0 && height > 0 && bitmap.width > 0 && bitmap.height > 0,
                     "resample: \(bitmap.width)×\(bitmap.height) → \(width)×\(height)")
        if width == bitmap.width && height == bitmap.height { return bitmap }
        let columns = Taps(source: bitmap.width, destination: width)
        let rows = Taps(source: bitmap.height, destination: height)
        var across = [Float](repeating: 0, count: width * bitmap.height * 4)
        bitmap.pixels.withUnsafeBufferPointer { source in
            SRGB.toLinear.withUnsafeBufferPointer { linear in
                across.withUnsafeMutableBufferPointer { out in
                    let unit: Float = 1 / 255
                    for y in 0..<bitmap.height {
                        let sourceRow = y * bitmap.width * 4
                        let outRow = y * width * 4
                        for x in 0..<width {
                            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                            var p = sourceRow + columns.first[x] * 4
                            let w0 = columns.offset[x]
                            for k in 0..<columns.count[x] {
                                let alpha = source[p + 3]
                                if alpha != 0 {
                                    let weight = columns.weights[w0 + k]
                                    let wa = weight * Float(alpha) * unit
                                    r += wa * linear[Int(source[p])]
                                    g += wa * linear[Int(source[p + 1])]
                                    b += wa * linear[Int(source[p + 2])]
                                    a += wa
                                }
                                p += 4
                            }
                            let o = outRow + x * 4
                            out[o] = r; out[o + 1] = g; out[o + 2] = b; out[o + 3] = a
                        }
                    }
                }
            }
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        across.withUnsafeBufferPointer { across in
            pixels.withUnsafeMutableBufferPointer { out in
                var sum = [Float](repeating: 0, count: width * 4)
                for y in 0..<height {
                    for i in 0..<sum.count { sum[i] = 0 }
                    let w0 = rows.offset[y]
                    for k in 0..<rows.count[y] {
                        let weight = rows.weights[w0 + k]
                        let inRow = (rows.first[y] + k) * width * 4
                        for i in 0..<width * 4 { sum[i] += weight * across[inRow + i] }
                    }
                    let outRow = y * width * 4
                    for x in 0..<width {
                        let i = x * 4
                        // The negative lobes can overshoot: alpha is clamped, and colour to what the alpha allows.
                        let a = min(max(sum[i + 3], 0), 1)
                        guard a > 0 else { continue }
                        out[outRow + i] = SRGB.encode(min(max(sum[i] / a, 0), 1))
                        out[outRow + i + 1] = SRGB.encode(min(max(sum[i + 1] / a, 0), 1))
                        out[outRow + i + 2] = SRGB.encode(min(max(sum[i + 2] / a, 0), 1))
                        out[outRow + i + 3] = UInt8((a * 255).rounded())
                    }
                }
            }
        }
        return RGBABitmap(width: width, height: height, pixels: pixels)
    }
}

extension RGBABitmap {
    /// This picture scaled to `width`×`height` by Lanczos-3 in linear light on premultiplied
    /// alpha (see `LanczosResampler`): for images written into a project, where the sharpness
    /// of an image tool is expected. The same size gives the picture back unchanged.
    package func lanczosResampled(width: Int, height: Int) -> RGBABitmap {
        LanczosResampler.resample(self, width: width, height: height)
    }
}
