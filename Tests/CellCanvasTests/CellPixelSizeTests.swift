import CellCanvas
import Testing

struct CellPixelSizeTests {
    @Test func onlySizesARealFontCouldHaveExist() {
        #expect(CellPixelSize(width: 10, height: 20)?.description == "10×20 px")
        #expect(CellPixelSize(width: 6, height: 13) != nil)  // xterm's `fixed`
        #expect(CellPixelSize(width: 0, height: 20) == nil)  // a terminal that does not know
        #expect(CellPixelSize(width: 10, height: 65535) == nil)
        #expect(CellPixelSize(width: 1, height: 1) == nil)  // pixels reported as cells
        #expect(CellPixelSize(width: 100, height: 20) == nil)  // five times as wide as tall
        #expect(CellPixelSize(width: 4, height: 30) == nil)  // more than six times as tall as wide
        #expect(CellPixelSize(width: 256, height: 512) != nil && CellPixelSize(width: 257, height: 512) == nil)
    }
}
