import CPNG

/// Xcode's "crushed" PNGs, the ones inside built .app bundles. They differ from a standard
/// PNG in three ways: a `CgBI` chunk comes before `IHDR`; the `IDAT` stream is raw deflate
/// (no zlib header, no Adler-32); and the pixels are stored B, G, R(, A) with the colour
/// premultiplied by alpha. The common ones (8-bit RGB or RGBA, not interlaced) are decoded
/// row by row by `PNGRowDecoder`; libpng refuses the rest, so this turns one into a standard
/// PNG in memory (inflate and re-deflate with a zlib wrapper a piece at a time, fresh CRCs)
/// for libpng to decode, then `restore` swaps the channels back and undoes the premultiplication.
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

        let expected = filteredSize(width: width, height: height, bytesPerPixel: channels, interlaced: interlaced)

        // Only what makes pixels: CgBI, colour-space and metadata chunks are left out.
        var png = PNGDecoder.pngSignature
        appendChunk("IHDR", header[...], to: &png)
        for chunk in file.chunks where chunk.type == "PLTE" || chunk.type == "tRNS" {
            png.append(contentsOf: file.data[chunk.whole])
        }
        let idat = png.count
        appendBigEndian32(0, to: &png)  // the length, written once known
        png.append(contentsOf: Array("IDAT".utf8))
        try recompress(file.chunks.filter { $0.type == "IDAT" }.map { file.data[$0.body] }, expected: expected,
                       appendingTo: &png, invalid: invalid)
        let length = png.count - idat - 8
        guard length <= Int(UInt32.max >> 1) else { throw invalid("image data too large") }
        png.replaceSubrange(idat ..< idat + 4, with: bigEndian32(UInt32(length)))
        let crc = png[(idat + 4)...].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian32(UInt32(crc), to: &png)
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
                let alpha = p[i + 3]
                if alpha == 255 { continue }
                for c in i ..< i + 3 { p[c] = Self.straight(p[c], alpha: alpha) }
            }
        }
    }

    /// A colour sample premultiplied by `alpha` as straight colour: the nearest value, clamped
    /// because a damaged file may store colour above alpha; 0 where the pixel is transparent.
    static func straight(_ sample: UInt8, alpha: UInt8) -> UInt8 {
        guard alpha != 0 else { return 0 }
        return UInt8(min(255, (Int(sample) * 255 + Int(alpha) / 2) / Int(alpha)))
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

    /// Inflates the raw deflate stream held by `pieces` (the IDAT chunks' data, in order) into
    /// exactly `expected` bytes, and deflates those into a zlib stream appended to `out`: 64 KiB
    /// at a time, so neither the raw image nor a buffer of zlib's worst-case size is ever held.
    /// Data past `expected` is ignored, as libpng ignores surplus image data; a stream that ends
    /// short is an error. Fastest level: the result is read once, straight away.
    private static func recompress(_ pieces: [ArraySlice<UInt8>], expected: Int, appendingTo out: inout [UInt8],
                                   invalid: (String) -> PNGDecodeError) throws(PNGDecodeError) {
        var inflater = z_stream(), deflater = z_stream()
        guard iconchooser_inflate_init_raw(&inflater) == Z_OK else { throw invalid("zlib could not start") }
        defer { inflateEnd(&inflater) }
        guard iconchooser_deflate_init(&deflater, Z_BEST_SPEED) == Z_OK else { throw invalid("zlib could not start") }
        defer { deflateEnd(&deflater) }
        let pieceSize = 1 << 16
        var raw = [UInt8](repeating: 0, count: pieceSize)
        var packed = [UInt8](repeating: 0, count: pieceSize)
        /// Deflates `count` bytes of `raw` (finishing the stream when `last`) into `out`.
        func deflatePiece(_ count: Int, last: Bool) throws(PNGDecodeError) {
            var status = Z_OK
            raw.withUnsafeMutableBufferPointer { input in
                deflater.next_in = input.baseAddress
                deflater.avail_in = uInt(count)
                repeat {
                    packed.withUnsafeMutableBufferPointer { output in
                        deflater.next_out = output.baseAddress
                        deflater.avail_out = uInt(pieceSize)
                        status = deflate(&deflater, last ? Z_FINISH : Z_NO_FLUSH)
                    }
                    out.append(contentsOf: packed[..<(pieceSize - Int(deflater.avail_out))])
                } while status == Z_OK && (last || deflater.avail_in > 0)
            }
            guard last ? status == Z_STREAM_END : (status == Z_OK || status == Z_BUF_ERROR) else {
                throw invalid("could not re-compress image data (zlib error \(status))")
            }
        }
        var produced = 0
        var pieceIndex = 0
        var input = pieces.first ?? []
        var ended = false
        while produced < expected {
            let wanted = min(pieceSize, expected - produced)
            var filled = 0
            while filled < wanted && !ended {
                let (status, used, made): (Int32, Int, Int) = input.withUnsafeBufferPointer { source in
                    raw.withUnsafeMutableBufferPointer { target in
                        inflater.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                        inflater.avail_in = uInt(source.count)
                        inflater.next_out = target.baseAddress! + filled
                        inflater.avail_out = uInt(wanted - filled)
                        let status = inflate(&inflater, Z_NO_FLUSH)
                        return (status, source.count - Int(inflater.avail_in), wanted - filled - Int(inflater.avail_out))
                    }
                }
                input = input.dropFirst(used)
                filled += made
                switch status {
                case Z_STREAM_END: ended = true
                case Z_OK, Z_BUF_ERROR: break
                default:
                    let message = inflater.msg.map { String(cString: $0) } ?? "error \(status)"
                    throw invalid("damaged image data (zlib: \(message))")
                }
                guard used == 0 && made == 0 && !ended else { continue }
                // No progress: this piece is used up (zlib has given all it held); on to the next.
                guard input.isEmpty, pieceIndex + 1 < pieces.count else { break }
                pieceIndex += 1
                input = pieces[pieceIndex]
            }
            produced += filled
            guard filled == wanted else { throw invalid("image data ends early (\(produced) of \(expected) bytes)") }
            try deflatePiece(filled, last: produced == expected)
        }
        if expected == 0 { try deflatePiece(0, last: true) }
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
        bytes.append(contentsOf: bigEndian32(value))
    }

    private static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
