import Foundation
import Testing
@testable import CellCanvas
@testable import IconArt
import TestSupport

struct ResampleTests {
    /// A 1-pixel black line across white covers 1/8 of an output row after an 8× reduction.
    /// Averaged in linear light that row is 87.5% white, sRGB 240: visibly darker than 255,
    /// and the line's darkness is neither lost (point sampling) nor smeared into other rows.
    @Test func aThinDarkLineSurvivesAsADarkerRow() {
        var image = RGBABitmap(width: 128, height: 128, filledWith: (255, 255, 255, 255))
        for x in 0..<128 { image[x, 43] = (0, 0, 0, 255) }
        let small = image.resampled(width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let pixel = small[x, y]
                #expect(pixel.a == 255)
                #expect(pixel.r == pixel.g && pixel.g == pixel.b)
                #expect(pixel.r == (y == 43 / 8 ? 240 : 255), "(\(x), \(y))")
            }
        }
    }

    /// At a ratio that is not a whole number, source pixels cut by a box edge count by the
    /// fraction inside: the total light is the same before and after.
    @Test func fractionalCoverageKeepsTheTotal() {
        var image = RGBABitmap(width: 100, height: 100, filledWith: (255, 255, 255, 255))
        for x in 0..<100 { image[x, 37] = (0, 0, 0, 255) }
        let small = BoxResampler.resample(image, width: 30, height: 30)
        let total = stride(from: 0, to: small.samples.count, by: 4).reduce(Float(0)) { $0 + small.samples[$1] }
        #expect(abs(total / Float(30 * 30) - 0.99) < 0.0005)
        // The line straddles two output rows (37 / 3.33 = 11.1): both darker, the rest white.
        let darker = (0..<30).filter { small[0, $0].r < 0.999 }
        #expect(darker == [11])
    }

    /// Transparent pixels are stored black. Averaging straight colour would pull the edge
    /// toward black; premultiplied, an edge pixel keeps the colour of what is there.
    @Test func aTransparentNeighbourDoesNotDarkenAnEdge() {
        var image = RGBABitmap(width: 3, height: 1, filledWith: (0, 0, 0, 0))
        image[0, 0] = (255, 0, 0, 255)
        let one = image.resampled(width: 1, height: 1)
        #expect(one[0, 0] == (255, 0, 0, 85))
    }

    /// Half-transparent red next to half-transparent blue: the mix is an even purple in
    /// linear light, not the dark (128, 0, 128) of averaging bytes, and not darkened by alpha.
    @Test func aHalfTransparentRedBlueEdgeDoesNotFringe() {
        let image = RGBABitmap(width: 2, height: 1, pixels: [255, 0, 0, 128, 0, 0, 255, 128])
        let mixed = image.resampled(width: 1, height: 1)[0, 0]
        #expect(mixed == (188, 0, 188, 128))
    }

    @Test func everyGreyLevelSurvivesTheRoundTrip() {
        for value in 0...255 {
            let v = UInt8(value)
            let flat = RGBABitmap(width: 2, height: 2, filledWith: (v, v, v, 255))
            #expect(flat.resampled(width: 1, height: 1)[0, 0] == (v, v, v, 255), "grey \(value)")
        }
    }

    @Test func enlargingRepeatsPixels() {
        let image = RGBABitmap(width: 2, height: 1, pixels: [10, 20, 30, 255, 200, 100, 50, 255])
        let big = image.resampled(width: 4, height: 2)
        #expect(big[1, 1] == (10, 20, 30, 255))
        #expect(big[2, 0] == (200, 100, 50, 255))
    }

    /// The resampler's shortcuts (a whole tap's share looked up by alpha, a run of equal pixels
    /// adding the share already made, two columns summed side by side, a repeated row's average
    /// used again) give bit for bit what the plain per-tap sum gives, at whole and fractional
    /// ratios, on pictures with flat runs, repeated rows and transparent pixels of any colour.
    @Test(arguments: [(256, 256, 32, 32), (97, 61, 13, 7), (300, 200, 128, 192), (1024, 1024, 128, 192), (5, 9, 3, 2)])
    func shortcutsGiveThePlainSumsBits(_ size: (Int, Int, Int, Int)) {
        let (sourceWidth, sourceHeight, width, height) = size
        var generator = SplitMix(seed: UInt64(sourceWidth * 1000 + sourceHeight))
        var pixels: [UInt8] = []
        var row: [UInt8] = []
        for y in 0..<sourceHeight {
            // A third of the rows repeat the row above; the others have runs of one pixel.
            if y > 0, generator.next() % 3 == 0 {
                pixels += row
                continue
            }
            row = []
            var x = 0
            while x < sourceWidth {
                let run = Int(generator.next() % 12) + 1
                let alpha: UInt8 = [0, 255, 255, 255, UInt8(truncatingIfNeeded: generator.next())][Int(generator.next() % 5)]
                let pixel = [UInt8(truncatingIfNeeded: generator.next()), UInt8(truncatingIfNeeded: generator.next()),
                             UInt8(truncatingIfNeeded: generator.next()), alpha]
                for _ in 0..<min(run, sourceWidth - x) { row += pixel }
                x += run
            }
            pixels += row
        }
        let image = RGBABitmap(width: sourceWidth, height: sourceHeight, pixels: pixels)
        let fast = BoxResampler.resample(image, width: width, height: height).samples
        let plain = Self.plainResample(image, width: width, height: height)
        #expect(fast.count == plain.count)
        let differing = zip(fast, plain).filter { $0.bitPattern != $1.bitPattern }.count
        #expect(differing == 0, "\(differing) of \(plain.count) samples differ")
    }

    /// The per-tap sum the resampler's shortcuts must match: each row averaged across tap by tap
    /// (a tap's weight times its alpha, times its linear colour; transparent taps skipped), then
    /// added into the output rows it lies in, rows in order.
    static func plainResample(_ image: RGBABitmap, width: Int, height: Int) -> [Float] {
        let columns = BoxResampler.Footprints(source: image.width, destination: width)
        let rows = BoxResampler.Footprints(source: image.height, destination: height)
        var out = [Float](repeating: 0, count: width * height * 4)
        let unit: Float = 1 / 255
        for y in 0..<image.height {
            var wide = [Float](repeating: 0, count: width * 4)
            for x in 0..<width {
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                for k in 0..<columns.count[x] {
                    let p = (y * image.width + columns.first[x] + k) * 4
                    let alpha = image.pixels[p + 3]
                    guard alpha != 0 else { continue }
                    let wa = columns.weights[columns.offset[x] + k] * Float(alpha) * unit
                    r += wa * SRGB.toLinear[Int(image.pixels[p])]
                    g += wa * SRGB.toLinear[Int(image.pixels[p + 1])]
                    b += wa * SRGB.toLinear[Int(image.pixels[p + 2])]
                    a += wa
                }
                wide[x * 4] = r; wide[x * 4 + 1] = g; wide[x * 4 + 2] = b; wide[x * 4 + 3] = a
            }
            for o in 0..<height where (rows.first[o] ..< rows.first[o] + rows.count[o]).contains(y) {
                let weight = rows.weights[rows.offset[o] + y - rows.first[o]]
                for i in 0..<width * 4 { out[o * width * 4 + i] += weight * wide[i] }
            }
        }
        return out
    }

    /// The brief: 1024×1024 → 16×16 well under 10 ms in release. A debug build (the usual
    /// `swift test`) is about 25× slower, so it only gets a loose bound.
    @Test func aLargeIconShrinksQuickly() {
        let big = RGBABitmap(width: 1024, height: 1024, filledWith: (30, 140, 220, 255))
        var best = Duration.seconds(1000)
        for _ in 0..<5 {
            let elapsed = ContinuousClock().measure { _ = BoxResampler.resample(big, width: 16, height: 16) }
            best = min(best, elapsed)
        }
        #if DEBUG
        #expect(best < .milliseconds(500))
        #else
        #expect(best < .milliseconds(10))
        #endif
    }
}
