import Foundation
import IconArt
import TestSupport

/// Pictures and PNG facts the image and icon set tests share.
enum IconImageFixture {
    /// A square RGBA picture with a diagonal gradient and a sharp-edged disc: detail a resampler can get wrong.
    static func picture(side: Int, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> RGBABitmap {
        var bitmap = RGBABitmap(width: side, height: side, filledWith: (0, 0, 0, 255))
        let centre = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let inDisc = hypot(Double(x) - centre, Double(y) - centre) < Double(side) / 3
                bitmap[x, y] = inDisc ? (250, 250, 245, alpha(x, y))
                    : (UInt8(x * 255 / side), UInt8(y * 255 / side), 90, alpha(x, y))
            }
        }
        return bitmap
    }

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
