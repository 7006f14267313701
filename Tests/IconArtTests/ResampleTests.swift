import Foundation
import Testing
@testable import IconArt

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
