/// CoreUI's palette images (compression type 8), as Xcode 10 stores small images a second time:
/// an LZFSE stream holding the magic 0xCAFEF00D and version 1 (32 bits each, little-endian), a
/// 16-bit count of colours, that many colours as premultiplied ARGB (4 bytes, alpha first), then one
/// 8-bit colour number a pixel, rows top to bottom, each pair of pixels stored second one first.
///
/// No documentation describes it: the layout is what a real Xcode 10 car holds, checked there
/// against the same images stored as plain pixels (they agree exactly). That car's palette images
/// all have even widths, so how a row of odd width pairs its pixels is unknown, and such images
/// are not decoded (`isDecoded(width:)`).
public enum PaletteImage {
    static let magic: UInt32 = 0xCAFE_F00D
    static let headerSize = 10
    /// Colour numbers are 8 bits.
    static let maximumColours = 256

    /// True for the widths decoded here (even ones; see the type's note).
    public static func isDecoded(width: Int) -> Bool { width > 0 && width % 2 == 0 }

    /// The decompressed size of a palette image of `pixels` pixels with the most colours: what the
    /// LZFSE stream may produce at most.
    static func maximumSize(pixels: Int) -> Int? {
        let (size, overflow) = pixels.addingReportingOverflow(headerSize + 4 * maximumColours)
        return overflow ? nil : size
    }

    /// Decompresses `payload` (LZFSE) and expands it to premultiplied BGRA rows of `rowBytes`
    /// bytes (at least `width × 4`; the rest of each row is zero). Throws when the stream
    /// decompresses to anything but a palette image of exactly `width × height` pixels.
    public static func decode(_ payload: [UInt8], width: Int, height: Int, rowBytes: Int) throws(DecompressionError) -> [UInt8] {
        let (pixels, o1) = width.multipliedReportingOverflow(by: height)
        let (size, o2) = rowBytes.multipliedReportingOverflow(by: height)
        guard isDecoded(width: width), height > 0, !o1, !o2, rowBytes >= width * 4, let limit = maximumSize(pixels: pixels) else {
            throw .malformed(.badPalette("an image of \(width)×\(height) pixels"))
        }
        let data = Bytes(try LZFSE.decompress(payload, limit: limit))
        guard let magic = data.uint32LE(0), let version = data.uint32LE(4), let count = data.uint16LE(8) else { throw .truncated }
        guard magic == Self.magic, version == 1 else { throw .malformed(.badPalette("no palette header")) }
        guard count > 0, Int(count) <= maximumColours else { throw .malformed(.badPalette("\(count) colours")) }
        let indices = headerSize + 4 * Int(count)
        guard data.count - indices == pixels else {
            throw .shortOutput(expected: indices + pixels, got: data.count)
        }
        let source = data.array
        let start = source.startIndex
        // The palette as BGRA, the order the rest of the reader takes premultiplied pixels in.
        var colours = [UInt8](repeating: 0, count: 4 * Int(count))
        for i in 0..<Int(count) {
            let entry = start + headerSize + 4 * i
            colours[4 * i] = source[entry + 3]
            colours[4 * i + 1] = source[entry + 2]
            colours[4 * i + 2] = source[entry + 1]
            colours[4 * i + 3] = source[entry]
        }
        var out = [UInt8](repeating: 0, count: size)
        for y in 0..<height {
            let row = y * width
            for x in 0..<width {
                // Pairs are stored second pixel first: pixel k is byte k ^ 1 (widths are even).
                let colour = Int(source[start + indices + ((row + x) ^ 1)])
                guard colour < Int(count) else { throw .malformed(.badPalette("a pixel names colour \(colour) of \(count)")) }
                let at = y * rowBytes + 4 * x
                for c in 0..<4 { out[at + c] = colours[4 * colour + c] }
            }
        }
        return out
    }
}
