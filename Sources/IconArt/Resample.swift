/// A picture in the form averaging needs: linear light (so a thin dark line keeps its
/// weight instead of fading) with premultiplied alpha (so a transparent pixel's colour,
/// often black, cannot bleed into its neighbours as a dark fringe). Float samples in
/// R, G, B, A order, row-major.
struct LinearImage: Equatable, Sendable {
    let width: Int
    let height: Int
    var samples: [Float]

    init(width: Int, height: Int, samples: [Float]? = nil) {
        self.width = width
        self.height = height
        self.samples = samples ?? [Float](repeating: 0, count: width * height * 4)
    }

    subscript(x: Int, y: Int) -> LinearPixel {
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
    var bitmap: RGBABitmap {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<width * height {
            let pixel = LinearPixel(r: samples[i * 4], g: samples[i * 4 + 1], b: samples[i * 4 + 2], a: samples[i * 4 + 3])
            let (r, g, b) = pixel.srgb
            bytes[i * 4] = r; bytes[i * 4 + 1] = g; bytes[i * 4 + 2] = b
            bytes[i * 4 + 3] = UInt8((min(max(pixel.a, 0), 1) * 255).rounded())
        }
        return RGBABitmap(width: width, height: height, pixels: bytes)
    }
}

/// One premultiplied linear RGBA pixel.
struct LinearPixel: Equatable, Sendable {
    var r: Float
    var g: Float
    var b: Float
    var a: Float

    static let clear = LinearPixel(r: 0, g: 0, b: 0, a: 0)

    /// The colour with alpha divided out, as 8-bit sRGB (black when fully transparent).
    var srgb: (UInt8, UInt8, UInt8) {
        guard a > 0 else { return (0, 0, 0) }
        return (SRGB.encode(r / a), SRGB.encode(g / a), SRGB.encode(b / a))
    }

    /// The average of two pixels, for a cell that shows both as one.
    func mixed(with other: LinearPixel) -> LinearPixel {
        LinearPixel(r: (r + other.r) / 2, g: (g + other.g) / 2, b: (b + other.b) / 2, a: (a + other.a) / 2)
    }
}

/// Area-average ("box") resampling. Each output pixel is the mean of the source area it
/// covers, with source pixels cut by the area's edge counted by the fraction inside, so
/// no source pixel is skipped (as point sampling would skip a 1-pixel line) and none is
/// counted twice. Separable: rows first, straight from the 8-bit input (every source
/// pixel is touched once), then columns on the much smaller intermediate.
enum BoxResampler {
    /// For every output index along one axis, which input indices it covers and with what
    /// weight (the weights of one output sum to 1).
    struct Footprints {
        var first: [Int] = []
        var count: [Int] = []
        /// `count[i]` weights for output `i`, starting at `offset[i]`.
        var offset: [Int] = []
        var weights: [Float] = []

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
    }

    static func resample(_ bitmap: RGBABitmap, width: Int, height: Int) -> LinearImage {
        precondition(width > 0 && height > 0 && bitmap.width > 0 && bitmap.height > 0,
                     "resample: \(bitmap.width)×\(bitmap.height) → \(width)×\(height)")
        let columns = Footprints(source: bitmap.width, destination: width)
        let rows = Footprints(source: bitmap.height, destination: height)

        // Pass 1: every source row → `width` premultiplied linear pixels.
        var wide = [Float](repeating: 0, count: bitmap.height * width * 4)
        bitmap.pixels.withUnsafeBufferPointer { source in
            SRGB.toLinear.withUnsafeBufferPointer { linear in
                wide.withUnsafeMutableBufferPointer { out in
                    let unit: Float = 1 / 255
                    for y in 0..<bitmap.height {
                        let rowStart = y * bitmap.width * 4
                        for x in 0..<width {
                            var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                            var p = rowStart + columns.first[x] * 4
                            let w0 = columns.offset[x]
                            for k in 0..<columns.count[x] {
                                let alpha = source[p + 3]
                                if alpha != 0 {
                                    let wa = columns.weights[w0 + k] * Float(alpha) * unit
                                    r += wa * linear[Int(source[p])]
                                    g += wa * linear[Int(source[p + 1])]
                                    b += wa * linear[Int(source[p + 2])]
                                    a += wa
                                }
                                p += 4
                            }
                            let o = (y * width + x) * 4
                            out[o] = r; out[o + 1] = g; out[o + 2] = b; out[o + 3] = a
                        }
                    }
                }
            }
        }

        // Pass 2: columns of the intermediate → `height` rows.
        var result = LinearImage(width: width, height: height)
        wide.withUnsafeBufferPointer { source in
            result.samples.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let w0 = rows.offset[y]
                    for k in 0..<rows.count[y] {
                        let weight = rows.weights[w0 + k]
                        let sourceRow = (rows.first[y] + k) * width * 4
                        let outRow = y * width * 4
                        for i in 0..<width * 4 {
                            out[outRow + i] += weight * source[sourceRow + i]
                        }
                    }
                }
            }
        }
        return result
    }
}

extension RGBABitmap {
    /// This picture scaled to `width`×`height` by area averaging in linear light on
    /// premultiplied alpha (see `BoxResampler`); enlarging works too but only copies pixels.
    public func resampled(width: Int, height: Int) -> RGBABitmap {
        BoxResampler.resample(self, width: width, height: height).bitmap
    }
}
