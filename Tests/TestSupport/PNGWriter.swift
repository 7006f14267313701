import Foundation

/// Writes small, valid PNG files (8-bit RGB or RGBA, deflate as uncompressed "stored"
/// blocks) for tests that need images a real decoder accepts: opaque, translucent,
/// non-square. Its own CRC-32 and Adler-32, so it shares no code with the decoder under test.
public enum PNGWriter {
    /// A PNG of `width`×`height`; `pixel(x, y)` gives each pixel's RGBA. With `alpha: false`
    /// the file has no alpha channel (colour type 2) and the alpha component is ignored.
    public static func png(width: Int, height: Int, alpha: Bool,
                           pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Data {
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (1 + width * (alpha ? 4 : 3)))
        for y in 0..<height {
            rows.append(0)  // filter: None
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                rows += alpha ? [r, g, b, a] : [r, g, b]
            }
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, alpha ? 6 : 2, 0, 0, 0]
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", header) + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
        return Data(out)
    }

    /// An Xcode-crushed ("CgBI") PNG, as a built app holds its icons: a `CgBI` chunk before
    /// `IHDR`, raw deflate without the zlib wrapper, samples B G R A with colour premultiplied by alpha.
    public static func crushed(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Data {
        func premultiplied(_ colour: UInt8, _ alpha: UInt8) -> UInt8 { UInt8((Int(colour) * Int(alpha) + 127) / 255) }
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (1 + width * 4))
        for y in 0..<height {
            rows.append(0)
            for x in 0..<width {
                let (r, g, b, a) = pixel(x, y)
                rows += [premultiplied(b, a), premultiplied(g, a), premultiplied(r, a), a]
            }
        }
        let zlib = zlibStored(rows)
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0]
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("CgBI", [0x50, 0x00, 0x20, 0x06]) + chunk("IHDR", header)
            + chunk("IDAT", Array(zlib.dropFirst(2).dropLast(4))) + chunk("IEND", [])
        return Data(out)
    }

    /// An opaque image in one colour, without an alpha channel.
    public static func opaque(width: Int, height: Int, colour: (UInt8, UInt8, UInt8) = (40, 120, 220)) -> Data {
        png(width: width, height: height, alpha: false) { _, _ in (colour.0, colour.1, colour.2, 255) }
    }

    /// One chunk: length, type, data and CRC, for tests that splice chunks into a file.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

extension TemporaryFolder {
    /// A real, decodable PNG: opaque unless `transparentPixels` > 0, which makes that many
    /// pixels, from the top left in reading order, fully transparent (and gives the file an alpha channel).
    @discardableResult
    public func writePNG(_ relative: String, width: Int, height: Int? = nil, transparentPixels: Int = 0) -> String {
        let height = height ?? width
        guard transparentPixels > 0 else { return write(relative, PNGWriter.opaque(width: width, height: height)) }
        return write(relative, PNGWriter.png(width: width, height: height, alpha: true) { x, y in
            y * width + x < transparentPixels ? (0, 0, 0, 0) : (40, 120, 220, 255)
        })
    }
}
