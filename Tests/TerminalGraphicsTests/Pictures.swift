import CellCanvas
import IconArt

/// Pictures the encoder tests feed in.
enum Pictures {
    static let cell = CellPixelSize(width: 10, height: 20)!

    /// A whole tile, left half pure red, right half pure blue, opaque everywhere: the picture
    /// the issue asks every protocol to show exactly.
    static func redBlue(columns: Int = 4, rows: Int = 2, cell: CellPixelSize = cell) -> PixelPicture {
        let geometry = TileGeometry(columns: columns, rows: rows, cell: cell)!
        var bitmap = RGBABitmap(width: geometry.width, height: geometry.height, filledWith: (255, 0, 0, 255))
        for y in 0..<geometry.height { for x in geometry.width / 2..<geometry.width { bitmap[x, y] = (0, 0, 255, 255) } }
        return PixelPicture(bitmap: bitmap, geometry: geometry)
    }

    /// An icon-like picture: a smooth two-axis gradient cut to the rounded outline, so it has
    /// transparent corners, a soft edge and far more than 256 colours.
    static func gradientIcon(columns: Int = 8, rows: Int = 4, cell: CellPixelSize = cell) -> PixelPicture {
        let size = 96
        var icon = RGBABitmap(width: size, height: size, filledWith: (0, 0, 0, 255))
        for y in 0..<size {
            for x in 0..<size {
                icon[x, y] = (UInt8(x * 255 / (size - 1)), UInt8(y * 255 / (size - 1)), UInt8((x + y) * 255 / (2 * size - 2)), 255)
            }
        }
        return PixelPicture(icon: icon, geometry: TileGeometry(columns: columns, rows: rows, cell: cell)!)
    }

    /// Largest difference of any channel between two pictures of one size, over pixels `where` holds.
    static func maxDifference(_ a: RGBABitmap, _ b: RGBABitmap, where include: (Int, Int) -> Bool = { _, _ in true }) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width where include(x, y) {
                let p = a[x, y], q = b[x, y]
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                            abs(Int(p.a) - Int(q.a)))
            }
        }
        return worst
    }
}
