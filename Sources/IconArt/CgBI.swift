import CPNG

/// Xcode's "crushed" PNGs, the ones inside built .app bundles. They differ from a standard
/// PNG in three ways: a `CgBI` chunk comes before `IHDR`; the `IDAT` stream is raw deflate
/// (no zlib header, no Adler-32); and the pixels are stored B, G, R(, A) with the colour
/// premultiplied by alpha. libpng refuses them, so this turns one into a standard PNG in
/// memory (inflate, re-deflate with a zlib wrapper, fresh CRCs) for libpng to decode, then
/// `restore` swaps the channels back and undoes the premultiplication.
///
/// Only what Xcode writes is accepted: 8-bit samples. Colour-space chunks (`gAMA`, `sRGB`,
/// `iCCP`, `cHRM`) are dropped so libpng never gamma-converts premultiplied values; the
/// files are made for iOS's sRGB pipeline anyway.
struct CgBI: Sendable {
    /// The standard PNG to hand to libpng.
    let png: [UInt8]
    /// Colour types 2 and 6 store blue first.
    let swapsRedAndBlue: Bool
    /// Colour types 4 and 6 store colour premultiplied by alpha.
    let premultiplied: Bool

    /// Rewrites a crushed PNG (one whose first chunk is `CgBI`) as a standard one.
    static func standardPNG(fromCrushed file: PNGChunks, name: String, limits: PNGDecoder.Limits) throws(PNGDecodeError) -> CgBI {
        func invalid(_ reason: String) -> PNGDecodeError { .invalid(path: name, reason: "CgBI: " + reason) }

        guard let headerChunk = file.chunks.first(where: { $0.type == "IHDR" }), headerChunk.body.count == 13 else {
            throw invalid("missing or malformed IHDR")
        }
        let header = Array(file.data[headerChunk.body])
        let width = Int(PNGChunks.bigEndian32(header, at: 0)), height = Int(PNGChunks.bigEndian32(header, at: 4))
        let depth = Int(header[8]), colorType = Int(header[9]), interlaced = header[12] == 1
        guard width > 0, height > 0 else { throw invalid("zero width or height") }
        guard limits.allows(width: width, height: height, bytesPerPixel: 4) else {
            throw .tooLarge(path: name, width: width, height: height)
        }
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw invalid("unknown colour type \(colorType)")
        }
        guard depth == 8 else { throw invalid("\(depth)-bit samples (Xcode writes only 8-bit)") }

        var compressed: [UInt8] = []
        for chunk in file.chunks where chunk.type == "IDAT" { compressed.append(contentsOf: file.data[chunk.body]) }
        let expected = filteredSize(width: width, height: height, bytesPerPixel: channels, interlaced: interlaced)
        let raw = try inflateRaw(compressed, expected: expected, invalid: invalid)
        let zlibStream = try deflateZlib(raw, invalid: invalid)

        // Only what makes pixels: CgBI, colour-space and metadata chunks are left out.
        var png = PNGDecoder.pngSignature
        appendChunk("IHDR", header[...], to: &png)
        for chunk in file.chunks where chunk.type == "PLTE" || chunk.type == "tRNS" {
            png.append(contentsOf: file.data[chunk.whole])
        }
        appendChunk("IDAT", zlibStream[...], to: &png)
        appendChunk("IEND", [], to: &png)
        return CgBI(png: png, swapsRedAndBlue: colorType == 2 || colorType == 6,
                    premultiplied: colorType == 4 || colorType == 6)
    }

    /// Puts the decoded pixels of the rewritten PNG back into RGBA order with straight alpha.
    func restore(_ bitmap: inout RGBABitmap) {
        guard swapsRedAndBlue || premultiplied else { return }
        bitmap.pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                if swapsRedAndBlue { p.swapAt(i, i + 2) }
                guard premultiplied else { continue }
                let alpha = Int(p[i + 3])
                if alpha == 255 { continue }
                for c in i ..< i + 3 {
                    // The nearest straight value; clamped because a damaged file may store colour > alpha.
                    p[c] = alpha == 0 ? 0 : UInt8(min(255, (Int(p[c]) * 255 + alpha / 2) / alpha))
                }
            }
        }
    }

    /// Bytes of filtered scanlines (a filter byte per row) for the image, per Adam7 pass if interlaced.
    static func filteredSize(width: Int, height: Int, bytesPerPixel: Int, interlaced: Bool) -> Int {
        guard interlaced else { return height * (1 + width * bytesPerPixel) }
        // (x start, y start, x step, y step) of the seven passes.
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.reduce(0) { total, pass in
            let columns = max(0, (width - pass.0 + pass.2 - 1) / pass.2)
            let rows = max(0, (height - pass.1 + pass.3 - 1) / pass.3)
            return columns == 0 ? total : total + rows * (1 + columns * bytesPerPixel)
        }
    }

    /// Inflates a raw deflate stream into exactly `expected` bytes. Data past that is ignored,
    /// as libpng ignores surplus image data; a stream that ends short is an error.
    private static func inflateRaw(_ input: [UInt8], expected: Int,
                                   invalid: (String) -> PNGDecodeError) throws(PNGDecodeError) -> [UInt8] {
        guard expected <= Int(UInt32.max), input.count <= Int(UInt32.max) else { throw invalid("image data too large") }
        var input = input
        var output = [UInt8](repeating: 0, count: expected)
        var stream = z_stream()
        guard iconchooser_inflate_init_raw(&stream) == Z_OK else { throw invalid("zlib could not start") }
        defer { inflateEnd(&stream) }
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        switch status {
        case Z_STREAM_END where produced == expected, Z_BUF_ERROR where produced == expected:
            return output
        case Z_STREAM_END, Z_BUF_ERROR:
            throw invalid("image data ends early (\(produced) of \(expected) bytes)")
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "error \(status)"
            throw invalid("damaged image data (zlib: \(message))")
        }
    }

    /// Deflates into a zlib stream, the form libpng expects in IDAT. Fastest level: the result
    /// is read once, straight away.
    private static func deflateZlib(_ input: [UInt8], invalid: (String) -> PNGDecodeError) throws(PNGDecodeError) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(compressBound(uLong(input.count))))
        var length = uLongf(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { compress2(out.baseAddress, &length, $0.baseAddress, uLong($0.count), Z_BEST_SPEED) }
        }
        guard status == Z_OK else { throw invalid("could not re-compress image data (zlib error \(status))") }
        output.removeLast(output.count - Int(length))
        return output
    }

    private static func appendChunk(_ type: String, _ body: ArraySlice<UInt8>, to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian32(UInt32(body.count), to: &png)
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: body)
        // The CRC covers the type and the data. (zlib's crc32 with a null buffer returns its initial
        // value instead, hence the check for an empty body.)
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        if !body.isEmpty {
            crc = body.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        }
        appendBigEndian32(UInt32(crc), to: &png)
    }

    private static func appendBigEndian32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
