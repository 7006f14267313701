import CPNG

/// libpng could not write a picture; `reason` is its message.
public struct PNGEncodeError: Error, CustomStringConvertible, Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let reason: String

    public var description: String { "cannot write a \(width)×\(height) PNG: \(reason)" }
}

/// Writes pictures as PNG for the terminal protocols that carry whole files (kitty's
/// `f=100`, iTerm2's inline images): lossless, with alpha, and far smaller than raw RGBA
/// because PNG's row filters turn an icon's flat areas and gradients into runs of zeros.
/// Uses libpng's simplified write API, which reports errors instead of longjmp-ing.
public enum PNGEncoder {
    /// How hard libpng works. `.fast` is libpng's `PNG_IMAGE_FLAG_FAST` (no row filters,
    /// zlib level 3); `.small` its default (adaptive filters, zlib's default level).
    public enum Effort: Sendable, CaseIterable {
        case fast, small
    }

    /// `.fast`: a few more bytes than `.small` in a fraction of the time (bench/NOTES.md has
    /// the figures). Sent to the terminal, the extra bytes cost less than the time saved on
    /// every local terminal and most SSH sessions.
    public static let defaultEffort = Effort.fast

    /// Which samples the file holds.
    public enum Channels: Sendable, CaseIterable {
        /// Colour type 6: red, green, blue and alpha.
        case rgba
        /// Colour type 2: red, green and blue, no alpha channel, as the App Store wants an app
        /// icon (ITMS-90717). The bitmap's alpha is dropped, not composited: flatten first.
        case rgb

        var bytesPerPixel: Int { self == .rgba ? 4 : 3 }
    }

    /// The bitmap as a PNG file in memory: 8-bit sRGB, straight alpha when `channels` keeps it.
    public static func encode(_ bitmap: RGBABitmap, channels: Channels = .rgba,
                              effort: Effort = defaultEffort) throws(PNGEncodeError) -> [UInt8] {
        let failure = { (reason: String) in PNGEncodeError(width: bitmap.width, height: bitmap.height, reason: reason) }
        guard bitmap.width > 0, bitmap.height > 0 else { throw failure("the picture is empty") }
        let bytesPerPixel = channels.bytesPerPixel
        guard let rowStride = Int32(exactly: bitmap.width * bytesPerPixel) else { throw failure("rows too long") }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(bitmap.width)
        image.height = png_uint_32(bitmap.height)
        // PNG_FORMAT_RGBA and PNG_FORMAT_RGB spelled out: Swift cannot import a macro built from other macros.
        image.format = png_uint_32(channels == .rgba ? PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA : PNG_FORMAT_FLAG_COLOR)
        image.flags = effort == .fast ? png_uint_32(PNG_IMAGE_FLAG_FAST) : 0
        defer { png_image_free(&image) }
        let samples = channels == .rgba ? bitmap.pixels : rgbSamples(of: bitmap)
        let result: Result<[UInt8], PNGEncodeError> = samples.withUnsafeBytes { pixels in
            // One pass into a buffer that holds even an incompressible picture (rows, their filter
            // bytes, deflate's stored-block headers and the chunks around them); should libpng
            // still need more, it says how much, and a second pass writes into that.
            let rowBytes = bitmap.width * bytesPerPixel + 1
            var capacity = bitmap.height * rowBytes + bitmap.height * rowBytes / 1024 + 4096
            for _ in 0..<2 {
                var output = [UInt8](repeating: 0, count: capacity)
                var size = png_alloc_size_t(capacity)
                let written = output.withUnsafeMutableBytes { out in
                    png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, rowStride, nil)
                }
                if written != 0 {
                    output.removeSubrange(Int(size)...)
                    return .success(output)
                }
                guard Int(size) > capacity else { break }
                capacity = Int(size)
            }
            return .failure(failure(LibPNG.message(of: image)))
        }
        return try result.get()
    }

    /// Red, green and blue of every pixel, alpha left out.
    private static func rgbSamples(of bitmap: RGBABitmap) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 3)
        bitmap.pixels.withUnsafeBufferPointer { rgba in
            rgb.withUnsafeMutableBufferPointer { out in
                for i in 0..<bitmap.width * bitmap.height {
                    out[i * 3] = rgba[i * 4]; out[i * 3 + 1] = rgba[i * 4 + 1]; out[i * 3 + 2] = rgba[i * 4 + 2]
                }
            }
        }
        return rgb
    }
}

/// What libpng's simplified API says went wrong: the text it leaves in the image's `message`.
package enum LibPNG {
    package static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown error" : text
    }
}
