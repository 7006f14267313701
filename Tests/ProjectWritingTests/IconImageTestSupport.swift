import Foundation
import IconArt
import TestSupport

/// Pictures and PNG facts the image and icon set tests share.
enum IconImageFixture {
    /// A square RGBA picture with a diagonal gradient and a sharp-edged disc: detail a resampler can get wrong.
    static func picture(side: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> RGBABitmap {
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        let centre = side / 2, radius = side / 3
        for y in 0..<side {
            let dy = y - centre
            for x in 0..<side {
                let dx = x - centre, i = (y * side + x) * 4
                let inDisc = dx * dx + dy * dy < radius * radius
                pixels[i] = inDisc ? 250 : UInt8(x * 255 / side)
                pixels[i + 1] = inDisc ? 250 : UInt8(y * 255 / side)
                pixels[i + 2] = inDisc ? 245 : 90
                pixels[i + 3] = alpha(x, y)
            }
        }
        return RGBABitmap(width: side, height: side, pixels: pixels)
    }

    /// `picture(side: 1024)`, made once.
    static let opaque1024 = picture(side: 1024)

    /// `picture` written as a PNG file under `folder`.
    static func writePNG(_ bitmap: RGBABitmap, to relative: String, in folder: TemporaryFolder, alpha: Bool = true) -> String {
        folder.write(relative, PNGWriter.png(width: bitmap.width, height: bitmap.height, alpha: alpha) { x, y in bitmap[x, y] })
    }

    /// IHDR's bit depth and colour type (2: RGB, 6: RGBA).
    static func depthAndColourType(of png: Data) -> (depth: UInt8, colourType: UInt8)? {
        let bytes = [UInt8](png)
        guard bytes.count > 26, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return (bytes[24], bytes[25])
    }
}
