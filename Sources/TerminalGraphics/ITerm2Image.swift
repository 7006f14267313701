import Foundation
import Pixels

/// iTerm2's inline images (iTerm2, WezTerm, Konsole, mintty): a whole image file in an
/// OSC 1337 sequence, shown at the cursor. The file is the picture as PNG, sized in pixels
/// with the aspect ratio not preserved, so it covers exactly the cells it was made for.
///
/// iTerm2 3.5 and later refuse any escape sequence over 1 MiB; a picture whose sequence
/// would be longer is sent in the multipart form (`MultipartFile`, then `FilePart`s, then
/// `FileEnd`), which older versions do not know, so it is used only when needed.
public enum ITerm2Image {
    /// The longest sequence sent whole: iTerm2's limit.
    public static let maxSequenceBytes = 1 << 20
    /// Base64 bytes per `FilePart`: well under the limit, and under what tmux passes through.
    public static let partBytes = 256 << 10

    public static func encode(_ picture: PixelPicture, maxSequenceBytes: Int = maxSequenceBytes,
                              partBytes: Int = partBytes) throws(GraphicsEncodingError) -> [UInt8] {
        let png: [UInt8]
        do { png = try PNGEncoder.encode(picture.bitmap) } catch { throw .png(error) }
        let base64 = Array(Data(png).base64EncodedData())
        let arguments = "inline=1;size=\(png.count);width=\(picture.width)px;height=\(picture.height)px;preserveAspectRatio=0"
        let whole = "\u{1B}]1337;File=\(arguments):"
        if whole.utf8.count + base64.count + 1 <= maxSequenceBytes {
            return Array(whole.utf8) + base64 + [0x07]
        }
        precondition(partBytes > 0 && partBytes % 4 == 0, "FilePart size \(partBytes) is not a multiple of 4")
        var out = Array("\u{1B}]1337;MultipartFile=\(arguments)\u{07}".utf8)
        for start in stride(from: 0, to: base64.count, by: partBytes) {
            out += Array("\u{1B}]1337;FilePart=".utf8)
            out += base64[start..<min(base64.count, start + partBytes)]
            out.append(0x07)
        }
        out += Array("\u{1B}]1337;FileEnd\u{07}".utf8)
        return out
    }
}
