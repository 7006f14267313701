import Testing
import IconArt

struct IconMaskTests {
    let size = 64
    var coverage: [Float] { IconMask.coverage(width: size, height: size) }

    @Test func cornersAreTransparentAndTheMiddleOpaque() {
        let c = coverage
        for (x, y) in [(0, 0), (63, 0), (0, 63), (63, 63), (2, 2)] {
            #expect(c[y * size + x] == 0, "(\(x), \(y))")
        }
        for (x, y) in [(32, 32), (32, 0), (0, 32), (63, 32), (32, 63), (15, 15)] {
            #expect(c[y * size + x] == 1, "(\(x), \(y))")
        }
    }

    @Test func theCurvedEdgeIsAntialiased() {
        let c = coverage
        let corner = (0..<20).flatMap { y in (0..<20).map { x in c[y * size + x] } }
        #expect(corner.contains { $0 > 0.1 && $0 < 0.9 })
        // Along the diagonal, coverage rises from 0 to 1 without steps backwards.
        let diagonal = (0..<20).map { c[$0 * size + $0] }
        #expect(diagonal == diagonal.sorted())
        #expect(diagonal.first == 0 && diagonal.last == 1)
        #expect(diagonal.contains { $0 > 0 && $0 < 1 })
    }

    @Test func theAreaMatchesARoundedSquare() {
        let radius = Double(IconMask.cornerRadiusFraction) * Double(size)
        let expected = Double(size * size) - (4 - Double.pi) * radius * radius
        let total = coverage.reduce(0) { $0 + Double($1) }
        #expect(abs(total - expected) / expected < 0.002)
    }

    @Test func theMaskIsSymmetric() {
        let c = coverage
        for y in 0..<size {
            for x in 0..<size {
                #expect(c[y * size + x] == c[y * size + (size - 1 - x)])
                #expect(c[y * size + x] == c[x * size + y])
            }
        }
    }

    @Test func aWideRectangleRoundsByItsShorterSide() {
        let c = IconMask.coverage(width: 40, height: 10)
        let square = IconMask.coverage(width: 10, height: 10)
        #expect(c[0] < 0.5 && abs(c[0] - square[0]) < 1e-5)
        #expect(abs(c[1 * 40 + 1] - square[1 * 10 + 1]) < 1e-5)
        #expect(c[5 * 40 + 20] == 1)
        #expect(c[0 * 40 + 20] == 1)  // the long edge stays straight
    }

    @Test func eachSizeIsComputedOnceAndShared() {
        func storage(_ outline: [Float]) -> UnsafePointer<Float>? { outline.withUnsafeBufferPointer { $0.baseAddress } }
        let first = IconMask.sharedCoverage(width: 37, height: 29, pixelAspect: 1)
        let again = IconMask.sharedCoverage(width: 37, height: 29, pixelAspect: 1)
        #expect(first == IconMask.coverage(width: 37, height: 29))
        // The same array, not an equal one made again.
        #expect(storage(first) == storage(again))
        // Another shape of sub-pixel is another outline.
        let tall = IconMask.sharedCoverage(width: 37, height: 29, pixelAspect: 2)
        #expect(tall == IconMask.coverage(width: 37, height: 29, pixelAspect: 2))
        #expect(tall != first)
    }
}
