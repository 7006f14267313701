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

    /// For every output index along one axis, the source indices it reads and their weights
    /// (summing to 1), in the form the box filter uses.
    static func taps(source: Int, destination: Int) -> BoxResampler.Footprints {
        var taps = BoxResampler.Footprints()
        let scale = Double(source) / Double(destination)
        // Shrinking widens the filter so every source pixel counts; enlarging keeps it at 3.
        let stretch = max(scale, 1)
        let support = lobes * stretch
        for i in 0..<destination {
            let centre = (Double(i) + 0.5) * scale
            let start = max(0, Int((centre - support + 0.5).rounded(.down)))
            let stop = min(source, Int((centre + support + 0.5).rounded(.down)))
            let row = (start..<max(start, stop)).map { kernel((Double($0) + 0.5 - centre) / stretch) }
            let total = row.reduce(0, +)
            taps.first.append(start)
            taps.offset.append(taps.weights.count)
            taps.count.append(row.count)
            taps.weights.append(contentsOf: row.map { Float(total != 0 ? $0 / total : 0) })
        }
        return taps
    }

    /// `bitmap` scaled to `width`×`height`. Across first, a source row at a time, into `width`
    /// premultiplied linear pixels per source row; then down.
    /// The rows across are made as the rows down need them and kept in a ring of as many rows
    /// as one output row reads (`rows.count`'s largest, about 6 × the reduction factor): a
    /// 4096 px picture made 1024 px holds 25 such rows, not the 64 MB all 4096 would take.
    /// Each output row adds the same terms in the same order as it would from all of them.
    static func resample(_ bitmap: RGBABitmap, width: Int, height: Int) -> RGBABitmap {
        precondition(width > 0 && height > 0 && bitmap.width > 0 && bitmap.height > 0,
                     "resample: \(bitmap.width)×\(bitmap.height) → \(width)×\(height)")
        if width == bitmap.width && height == bitmap.height { return bitmap }
        let columns = taps(source: bitmap.width, destination: width)
        let rows = taps(source: bitmap.height, destination: height)
        let rowLength = width * 4
        let ringRows = max(1, rows.count.max() ?? 1)
        var ring = [Float](repeating: 0, count: ringRows * rowLength)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var sum = [Float](repeating: 0, count: rowLength)
        let sourceWidth = bitmap.width
        // One source row as the across pass reads it: each pixel's linear R, G, B and its alpha
        // as a Float. Made once per row, not once per tap (a pixel of a 4× reduction is read by
        // six outputs); the taps then do the same arithmetic as on the 8-bit samples. Plain
        // Floats, not SIMD4: the debug build's generic SIMD operations made the tests' adds
        // several times slower.
        var colours = [Float](repeating: 0, count: sourceWidth * 3)
        var alphas = [Float](repeating: 0, count: sourceWidth)
        // Source rows below this one have been made across (each into slot `row % ringRows`).
        var made = 0
        columns.withBuffers { firsts, counts, offsets, weights in
            rows.withBuffers { rowFirsts, rowCounts, rowOffsets, rowWeights in
                bitmap.pixels.withUnsafeBufferPointer { source in
                    SRGB.toLinear.withUnsafeBufferPointer { linear in
                        ring.withUnsafeMutableBufferPointer { ring in
                            sum.withUnsafeMutableBufferPointer { sum in
                                pixels.withUnsafeMutableBufferPointer { out in
                                    colours.withUnsafeMutableBufferPointer { colours in
                                        alphas.withUnsafeMutableBufferPointer { alphas in
                                            let unit: Float = 1 / 255
                                            for y in 0..<height {
                                                // The rows this output row reads lie in one window that only moves down.
                                                let needed = rowFirsts[y] + rowCounts[y]
                                                while made < needed {
                                                    let sourceRow = made * sourceWidth * 4
                                                    for x in 0..<sourceWidth {
                                                        let p = sourceRow + x * 4
                                                        colours[x * 3] = linear[Int(source[p])]
                                                        colours[x * 3 + 1] = linear[Int(source[p + 1])]
                                                        colours[x * 3 + 2] = linear[Int(source[p + 2])]
                                                        alphas[x] = Float(source[p + 3])
                                                    }
                                                    let ringRow = (made % ringRows) * rowLength
                                                    for x in 0..<width {
                                                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                                                        var p = firsts[x]
                                                        let w0 = offsets[x]
                                                        for k in 0..<counts[x] {
                                                            let wa = weights[w0 + k] * alphas[p] * unit
                                                            r += wa * colours[p * 3]
                                                            g += wa * colours[p * 3 + 1]
                                                            b += wa * colours[p * 3 + 2]
                                                            a += wa
                                                            p += 1
                                                        }
                                                        // Between the passes, as ImageMagick keeps them: alpha within 0…1, colour within 0…alpha.
                                                        a = min(max(a, 0), 1)
                                                        let o = ringRow + x * 4
                                                        ring[o] = min(max(r, 0), a); ring[o + 1] = min(max(g, 0), a)
                                                        ring[o + 2] = min(max(b, 0), a); ring[o + 3] = a
                                                    }
                                                    made += 1
                                                }
                                                for i in 0..<rowLength { sum[i] = 0 }
                                                let w0 = rowOffsets[y]
                                                for k in 0..<rowCounts[y] {
                                                    let weight = rowWeights[w0 + k]
                                                    let inRow = ((rowFirsts[y] + k) % ringRows) * rowLength
                                                    for i in 0..<rowLength { sum[i] += weight * ring[inRow + i] }
                                                }
                                                let outRow = y * rowLength
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
                                }
                            }
                        }
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
