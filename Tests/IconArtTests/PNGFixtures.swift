import IconArt

/// Builds PNG files for the tests byte by byte. It shares no code with the decoder (its own
/// CRC-32 and Adler-32, deflate as uncompressed "stored" blocks), so a fixture can't carry the
/// same bug as the code it tests.
enum PNGFixture {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A standard 8-bit RGBA PNG of `image`, rows filtered with None, Sub and Up in turn.
    static func png(_ image: RGBABitmap) -> [UInt8] {
        signature
            + chunk("IHDR", header(width: image.width, height: image.height, depth: 8, colorType: 6))
            + chunk("IDAT", zlib(filteredRows(image.pixels, width: image.width, height: image.height, bytesPerPixel: 4)))
            + chunk("IEND", [])
    }

    /// An Xcode-crushed PNG of `image`: a `CgBI` chunk first, B G R A samples premultiplied by
    /// alpha, and IDAT holding raw deflate (no zlib header or Adler-32). With `alpha: false`
    /// the image is stored as colour type 2 (B G R, alpha dropped).
    static func crushed(_ image: RGBABitmap, alpha: Bool = true) -> [UInt8] {
        var samples: [UInt8] = []
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            let r = image.pixels[i], g = image.pixels[i + 1], b = image.pixels[i + 2], a = image.pixels[i + 3]
            samples += alpha ? [premultiply(b, a), premultiply(g, a), premultiply(r, a), a] : [b, g, r]
        }
        let bytesPerPixel = alpha ? 4 : 3
        // The CgBI chunk's payload as Xcode writes it; decoders only look at the chunk's presence.
        return signature
            + chunk("CgBI", [0x50, 0x00, 0x20, 0x06])
            + chunk("IHDR", header(width: image.width, height: image.height, depth: 8, colorType: alpha ? 6 : 2))
            + chunk("sRGB", [0])
            + chunk("IDAT", storedDeflate(filteredRows(samples, width: image.width, height: image.height, bytesPerPixel: bytesPerPixel)))
            + chunk("IEND", [])
    }

    /// Colour premultiplied by alpha, rounded to nearest: what a crushed PNG stores.
    static func premultiply(_ colour: UInt8, _ alpha: UInt8) -> UInt8 {
        UInt8((Int(colour) * Int(alpha) + 127) / 255)
    }

    /// A valid header for an image of `width`×`height` followed by a few bytes of image data:
    /// small on disk, huge once decoded.
    static func oversized(width: Int, height: Int) -> [UInt8] {
        signature
            + chunk("IHDR", header(width: width, height: height, depth: 8, colorType: 6))
            + chunk("IDAT", zlib([0, 0, 0, 0, 0]))
            + chunk("IEND", [])
    }

    /// A PNG with the given header, extra chunks (placed before the image data) and image data
    /// (filtered scanlines, see `scanlines` and `adam7`).
    static func png(header: [UInt8], chunks extra: [[UInt8]] = [], imageData: [UInt8]) -> [UInt8] {
        signature + chunk("IHDR", header) + extra.joined() + chunk("IDAT", zlib(imageData)) + chunk("IEND", [])
    }

    /// Packed rows (without filter bytes) as scanlines with filter None.
    static func scanlines(_ rows: [[UInt8]]) -> [UInt8] {
        rows.flatMap { [0] + $0 }
    }

    /// Adam7 image data (filter None) for `pixels[y][x]`, each pixel its bytes (8 bits a sample or more).
    static func adam7(_ pixels: [[[UInt8]]]) -> [UInt8] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        let height = pixels.count, width = pixels.first?.count ?? 0
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                out.append(0)
                for x in stride(from: x0, to: width, by: dx) { out += pixels[y][x] }
            }
        }
        return out
    }

    /// An image whose pixels exercise every alpha class (0, 255 and in between) and varied colours.
    static func sampleImage(width: Int = 13, height: Int = 7) -> RGBABitmap {
        var image = RGBABitmap(width: width, height: height, filledWith: (0, 0, 0, 0))
        let alphas: [UInt8] = [255, 0, 1, 2, 3, 64, 127, 128, 129, 200, 254, 255, 17]
        var seed: UInt32 = 0x1234_5678
        for y in 0 ..< height {
            for x in 0 ..< width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let alpha = alphas[(x + 3 * y) % alphas.count]
                image[x, y] = (UInt8(truncatingIfNeeded: seed >> 24), UInt8(truncatingIfNeeded: seed >> 16),
                               UInt8(truncatingIfNeeded: seed >> 8), alpha)
            }
        }
        // Transparent pixels carry no colour once premultiplied; give them black so a round trip can match.
        for i in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[i + 3] == 0 {
            image.pixels[i] = 0; image.pixels[i + 1] = 0; image.pixels[i + 2] = 0
        }
        return image
    }

    // MARK: - Pieces

    static func header(width: Int, height: Int, depth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [depth, colorType, 0, 0, interlace]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// Scanlines with a filter byte each; rows cycle through None (0), Sub (1) and Up (2).
    static func filteredRows(_ samples: [UInt8], width: Int, height: Int, bytesPerPixel: Int) -> [UInt8] {
        let stride = width * bytesPerPixel
        var out: [UInt8] = []
        for y in 0 ..< height {
            let filter = UInt8(y % 3)
            out.append(filter)
            for i in 0 ..< stride {
                let value = samples[y * stride + i]
                let left = i >= bytesPerPixel ? samples[y * stride + i - bytesPerPixel] : 0
                let up = y > 0 ? samples[(y - 1) * stride + i] : 0
                out.append(filter == 1 ? value &- left : filter == 2 ? value &- up : value)
            }
        }
        return out
    }

    /// A zlib stream: header (deflate, 32K window, no dictionary), stored blocks, Adler-32.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        [0x78, 0x01] + storedDeflate(data) + bigEndian(adler32(data))
    }

    /// A raw deflate stream of stored (uncompressed) blocks, at most 65535 bytes each.
    static func storedDeflate(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + 65535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start ..< end]
            start = end
        } while start < data.count
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
