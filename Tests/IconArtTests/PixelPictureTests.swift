import CellCanvas
import Foundation
import IconArt
import Testing

struct PixelPictureTests {
    static let tenByTwenty = CellPixelSize(width: 10, height: 20)!
    static let tile = TileGeometry(columns: 16, rows: 8, cell: tenByTwenty)!

    /// An opaque icon, left half red and right half blue.
    static func redBlue(size: Int = 120) -> RGBABitmap {
        var icon = RGBABitmap(width: size, height: size, filledWith: (255, 0, 0, 255))
        for y in 0..<size { for x in size / 2..<size { icon[x, y] = (0, 0, 255, 255) } }
        return icon
    }

    @Test func aTileIsItsCellsTimesTheCellSize() {
        #expect(Self.tile.width == 160 && Self.tile.height == 160)
        let picture = PixelPicture(icon: Self.redBlue(), geometry: Self.tile)
        #expect(picture.width == 160 && picture.height == 160)
        let narrow = TileGeometry(columns: 12, rows: 6, cell: CellPixelSize(width: 7, height: 15)!)!
        #expect((narrow.width, narrow.height) == (84, 90))
    }

    @Test func aPictureTheTerminalScalesHasNoMorePixelsThanTheIcon() {
        // 16×8 cells of 16×32 pixels (a detached tmux's cell): a 256×256 tile for a 120-pixel icon.
        let large = TileGeometry(columns: 16, rows: 8, cell: CellPixelSize(width: 16, height: 32)!)!
        let icon = Self.redBlue(size: 120)
        let exact = PixelPicture(icon: icon, geometry: large)
        #expect((exact.width, exact.height) == (256, 256))
        let scaled = PixelPicture(icon: icon, geometry: large, sizing: .atMostSource)
        #expect(scaled.geometry == large)
        #expect((scaled.width, scaled.height) == (120, 120))
        // The same pixels as a tile of exactly the icon's size: fitted, masked, centred alike.
        let iconSized = TileGeometry(columns: 8, rows: 4, cell: CellPixelSize(width: 15, height: 30)!)!
        #expect(scaled.bitmap == PixelPicture(icon: icon, geometry: iconSized).bitmap)
        // An icon with more pixels than the tile is reduced to the tile either way.
        let big = Self.redBlue(size: 400)
        #expect(PixelPicture(icon: big, geometry: large, sizing: .atMostSource) == PixelPicture(icon: big, geometry: large))
        // A tile that is not square keeps its shape: 256×160 for a 40-pixel icon is 64×40.
        let wide = TileGeometry(columns: 16, rows: 8, cell: CellPixelSize(width: 16, height: 20)!)!
        let small = PixelPicture(icon: Self.redBlue(size: 40), geometry: wide, sizing: .atMostSource)
        #expect((small.width, small.height) == (64, 40))
        #expect(small.bitmap[2, 20].a == 0 && small.bitmap[31, 20] == (255, 0, 0, 255) && small.bitmap[40, 20] == (0, 0, 255, 255))
    }

    @Test func tilesTooLargeOrEmptyAreRefused() {
        #expect(TileGeometry(columns: 0, rows: 8, cell: Self.tenByTwenty) == nil)
        #expect(TileGeometry(columns: 500, rows: 8, cell: Self.tenByTwenty) == nil)  // 5000 pixels wide
        #expect(TileGeometry(columns: Int.max, rows: 8, cell: Self.tenByTwenty) == nil)  // overflows
    }

    @Test func theMaskIsAntialiasedAtPixelResolution() {
        let white = RGBABitmap(width: 120, height: 120, filledWith: (255, 255, 255, 255))
        let picture = PixelPicture(icon: white, geometry: Self.tile).bitmap
        let alpha = { (x: Int, y: Int) in picture[x, y].a }
        // Corners transparent, the middle and the middle of each straight edge opaque.
        for (x, y) in [(0, 0), (159, 0), (0, 159), (159, 159), (5, 5)] { #expect(alpha(x, y) == 0, "(\(x), \(y))") }
        for (x, y) in [(80, 80), (80, 0), (0, 80), (159, 80), (80, 159)] { #expect(alpha(x, y) == 255, "(\(x), \(y))") }
        // Along the corner's diagonal alpha rises from 0 to 255 through partial values.
        let diagonal = (0..<40).map { alpha($0, $0) }
        #expect(diagonal == diagonal.sorted())
        #expect(diagonal.contains { $0 > 20 && $0 < 235 })
        // The arc is partial all along: every row of the corner has at most two partial pixels,
        // and the first row with a partial pixel is the top edge.
        let partialRows = (0..<36).filter { y in (0..<40).contains { alpha($0, y) > 0 && alpha($0, y) < 255 } }
        #expect(partialRows.first == 0 && partialRows.count >= 30)
        // Symmetric in both axes.
        for y in 0..<160 { for x in 0..<40 { #expect(alpha(x, y) == alpha(159 - x, y) && alpha(x, y) == alpha(y, x)) } }
        // Colour is not darkened at the edge: straight alpha keeps white white.
        #expect(picture[3, 10].r == 255 || picture[3, 10].a == 0)
    }

    @Test func theIconIsFittedAndCentredOnTallCells() {
        // 16×8 cells of 8×17 pixels: 128×136, so the square icon is 128×128 with 4 rows above and below.
        let geometry = TileGeometry(columns: 16, rows: 8, cell: CellPixelSize(width: 8, height: 17)!)!
        let picture = PixelPicture(icon: Self.redBlue(), geometry: geometry).bitmap
        #expect(picture.width == 128 && picture.height == 136)
        for x in 0..<128 {
            for y in [0, 1, 2, 3, 132, 133, 134, 135] { #expect(picture[x, y].a == 0, "(\(x), \(y))") }
            #expect(picture[x, 68].a == 255)
        }
        #expect(picture[32, 68] == (255, 0, 0, 255))
        #expect(picture[96, 68] == (0, 0, 255, 255))
    }

    @Test func aPictureFromAPNGFileMatchesOneFromItsBitmap() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pixel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("icon.png").path
        let icon = Self.redBlue(size: 180)
        try Data(PNGEncoder.encode(icon)).write(to: URL(fileURLWithPath: path))
        let fromFile = try PixelPicture(iconPNGAt: path, geometry: Self.tile)
        #expect(fromFile == PixelPicture(icon: icon, geometry: Self.tile))
    }

    @Test func flatteningMixesTheEdgeWithTheBackgroundInLinearLight() {
        var bitmap = RGBABitmap(width: 20, height: 20, filledWith: (0, 0, 0, 0))
        bitmap[0, 0] = (255, 255, 255, 128)  // half-covered white
        bitmap[1, 0] = (10, 200, 30, 255)
        let picture = PixelPicture(bitmap: bitmap, geometry: TileGeometry(columns: 2, rows: 1, cell: CellPixelSize(width: 10, height: 20)!)!)
        let flat = picture.flattened(onto: (0, 0, 0))
        // Half the light of white is sRGB 188, not 128 (mixing the bytes would darken the edge).
        let edge = flat[0, 0]
        #expect(edge.a == 255 && abs(Int(edge.r) - 188) <= 1 && edge.r == edge.g && edge.g == edge.b)
        #expect(flat[1, 0] == (10, 200, 30, 255))
        #expect(flat[5, 5] == (0, 0, 0, 255))
        let onWhite = picture.flattened(onto: (255, 255, 255))
        #expect(onWhite[0, 0] == (255, 255, 255, 255))
        #expect(onWhite[5, 5] == (255, 255, 255, 255))
    }
}

struct PNGEncoderTests {
    @Test(arguments: PNGEncoder.Effort.allCases)
    func writtenPNGsDecodeToTheSamePixels(effort: PNGEncoder.Effort) throws {
        var bitmap = RGBABitmap(width: 37, height: 23, filledWith: (0, 0, 0, 0))
        for y in 0..<23 { for x in 0..<37 { bitmap[x, y] = (UInt8(x * 7), UInt8(y * 11), UInt8((x * y) % 256), UInt8((x + y) * 5 % 256)) } }
        // The decoder gives fully transparent pixels as 0, 0, 0, 0; so does every picture we make.
        for i in stride(from: 0, to: bitmap.pixels.count, by: 4) where bitmap.pixels[i + 3] == 0 {
            bitmap.pixels[i] = 0; bitmap.pixels[i + 1] = 0; bitmap.pixels[i + 2] = 0
        }
        let png = try PNGEncoder.encode(bitmap, effort: effort)
        #expect(Array(png.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(try PNGDecoder.decode(png, name: "written") == bitmap)
    }

    @Test func anIncompressiblePictureStillFits() throws {
        var generator = SystemRandomNumberGenerator()
        let pixels = (0..<64 * 64 * 4).map { _ in UInt8.random(in: 1...255, using: &generator) }
        let bitmap = RGBABitmap(width: 64, height: 64, pixels: pixels)
        #expect(try PNGDecoder.decode(PNGEncoder.encode(bitmap, effort: .small), name: "noise") == bitmap)
    }

    @Test func anEmptyPictureIsAnError() {
        #expect(throws: PNGEncodeError.self) { try PNGEncoder.encode(RGBABitmap(width: 0, height: 0, pixels: [])) }
    }
}
