import Foundation

/// sRGB transfer function as lookup tables. Averaging must happen in linear light (else a
/// thin dark line on white fades to a too-light grey and edges darken), and per-pixel
/// `pow` calls would make a 1024² downscale slow, so both directions are tables.
package enum SRGB {
    /// 8-bit sRGB sample → linear intensity 0...1.
    package static let toLinear: [Float] = (0..<256).map { value in
        let c = Double(value) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }

    /// Entries in the inverse table; enough that every 8-bit value survives a round trip
    /// (the steepest part of the curve, near black, has a slope of 12.92).
    package static let encodeSteps = 4096

    /// Linear intensity (index / (encodeSteps - 1)) → nearest 8-bit sRGB sample.
    package static let fromLinearTable: [UInt8] = (0..<encodeSteps).map { index in
        let l = Double(index) / Double(encodeSteps - 1)
        let c = l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055
        return UInt8((c * 255).rounded())
    }

    /// Inlinable: the symbol matcher and the resampler call it for every pixel, from other modules.
    @inlinable
    package static func encode(_ linear: Float) -> UInt8 {
        fromLinearTable.withUnsafeBufferPointer { encode(linear, table: $0) }
    }

    /// `encode` with `fromLinearTable` already at hand, for a loop over many samples.
    @inlinable @inline(__always)
    package static func encode(_ linear: Float, table: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let scaled = linear * Float(encodeSteps - 1) + 0.5
        let index = scaled >= Float(encodeSteps - 1) ? encodeSteps - 1 : (scaled > 0 ? Int(scaled) : 0)
        return table[index]
    }

    /// Each premultiplied linear pixel's colour in 8-bit sRGB steps (0...1) weighted by its alpha,
    /// and the alpha: what the symbol matcher sums. A cell's pixels in one call, so that `encode`
    /// is inlined into the loop (a call across modules for each sample was a sixth of the
    /// matcher's time); the colour is divided by alpha in one vector division, each lane rounded
    /// as its own division would be, and not at all where the pixel is opaque.
    package static func alphaWeighted(_ pixels: UnsafeBufferPointer<SIMD4<Float>>, into out: UnsafeMutablePointer<SIMD4<Float>>) {
        let unit: Float = 1 / 255
        fromLinearTable.withUnsafeBufferPointer { table in
            for (i, pixel) in pixels.enumerated() {
                let a = pixel.w
                guard a > 0 else { out[i] = SIMD4(); continue }
                let straight = a == 1 ? pixel : pixel / SIMD4(repeating: a)
                var weighted = SIMD4<Float>(Float(encode(straight.x, table: table)), Float(encode(straight.y, table: table)),
                                            Float(encode(straight.z, table: table)), 0) * unit * a
                weighted.w = a
                out[i] = weighted
            }
        }
    }
}

/// Björn Ottosson's OKLab: a perceptual space where straight-line distance tracks how
/// different two colours look, which Euclidean distance on sRGB bytes does not (it
/// overrates differences in bright greens and underrates them in darks and blues).
package struct OKLab: Sendable {
    package var l: Float
    package var a: Float
    package var b: Float

    package init(linearRed r: Float, green g: Float, blue b: Float) {
        let l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
        let m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
        let s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
        let l3 = cbrt(l), m3 = cbrt(m), s3 = cbrt(s)
        self.l = 0.2104542553 * l3 + 0.7936177850 * m3 - 0.0040720468 * s3
        self.a = 1.9779984951 * l3 - 2.4285922050 * m3 + 0.4505937099 * s3
        self.b = 0.0259040371 * l3 + 0.7827717662 * m3 - 0.8086757660 * s3
    }

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.init(linearRed: SRGB.toLinear[Int(red)], green: SRGB.toLinear[Int(green)],
                  blue: SRGB.toLinear[Int(blue)])
    }
}
