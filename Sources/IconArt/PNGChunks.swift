#if ISAL
import CISAL
#else
import CPNG
#endif

/// The chunk layer of a PNG, walked before libpng sees the file, for three reasons:
/// - Bounds: libpng allocates a buffer the size a chunk *claims* before reading it, so a
///   57-byte file declaring a 1 GiB `tEXt` costs 1 GiB. A chunk running past the end of the
///   data is refused here.
/// - Less to attack: libpng only gets the chunks that make pixels (the critical ones and
///   `tRNS`). Text, ICC profiles, `sPLT` and the rest never reach it, nor their decompressors.
/// - Colour policy in one place: without `gAMA`/`sRGB` chunks libpng returns the samples as
///   stored, and `PNGDecoder` applies the file's gamma itself (see `Gamma`), the same way for
///   8- and 16-bit files.
package struct PNGChunks: Sendable {
    package struct Chunk: Sendable {
        /// Four ASCII letters.
        package let type: String
        /// Where the chunk, from its length field to its CRC, sits in the data.
        package let whole: Range<Int>
        /// Where its data sits.
        package let body: Range<Int>

        /// Critical chunks (first letter upper case) must be understood to decode the image.
        package var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? false }
    }

    package let data: [UInt8]
    /// The chunks up to and including `IEND`, or up to where fewer than 12 bytes remain.
    package let chunks: [Chunk]

    /// Walks the chunks of `data`, which starts with the PNG signature.
    package init(_ data: [UInt8], name: String) throws(PNGDecodeError) {
        var chunks: [Chunk] = []
        var offset = PNGDecoder.pngSignature.count
        while data.count - offset >= 12 {
            let length = Int(Self.bigEndian32(data, at: offset))
            let type = String(decoding: data[offset + 4 ..< offset + 8], as: UTF8.self)
            guard length <= data.count - offset - 12 else {
                throw .invalid(path: name, reason: "the \(Self.printable(type)) chunk claims \(length) bytes, "
                               + "but only \(data.count - offset - 8) follow")
            }
            let end = offset + 12 + length
            chunks.append(Chunk(type: type, whole: offset ..< end, body: offset + 8 ..< offset + 8 + length))
            offset = end
            if type == "IEND" { break }
        }
        self.data = data
        self.chunks = chunks
    }

    /// The chunk's data, if its CRC is right (libpng discards a damaged ancillary chunk too).
    package func verifiedBody(_ chunk: Chunk) -> ArraySlice<UInt8>? {
        hasValidCRC(chunk) ? data[chunk.body] : nil
    }

    /// Whether the chunk's stored CRC matches its type and data.
    package func hasValidCRC(_ chunk: Chunk) -> Bool {
        let stored = Self.bigEndian32(data, at: chunk.body.upperBound)
        let computed = data.withUnsafeBufferPointer { bytes in
            // The same CRC-32: ISA-L's, with carry-less multiplication, where it is built in; else zlib's.
            #if ISAL
            crc32_gzip_refl(0, bytes.baseAddress! + chunk.whole.lowerBound + 4, UInt64(chunk.body.count + 4))
            #else
            UInt32(crc32(0, bytes.baseAddress! + chunk.whole.lowerBound + 4, UInt32(chunk.body.count + 4)))
            #endif
        }
        return computed == stored
    }

    /// The file's gamma in units of 1/100000 as libpng reads it: an `sRGB` chunk means sRGB,
    /// else the first `gAMA` is used; either only before `PLTE` and `IDAT`. nil: sRGB (also
    /// when the file says nothing).
    package var gamma: Int? {
        var gamma: Int?
        for chunk in chunks {
            switch chunk.type {
            case "PLTE", "IDAT", "IEND": return gamma
            case "sRGB" where verifiedBody(chunk)?.count == 1: return nil
            case "gAMA" where gamma == nil:
                guard let body = verifiedBody(chunk), body.count == 4 else { continue }
                let value = Int(Self.bigEndian32(data, at: body.startIndex))
                if value > 0 { gamma = value }
            default: continue
            }
        }
        return gamma
    }

    /// The chunks that make pixels, the only ones libpng gets: all critical ones (an unknown
    /// critical chunk must still make libpng fail) and `tRNS`.
    package var pixelChunks: [Chunk] {
        chunks.filter { $0.isCritical || $0.type == "tRNS" }
    }

    /// A PNG with only the chunks that make pixels: all critical ones (an unknown critical chunk
    /// must still make libpng fail) and `tRNS`, each copied as it was, CRC included.
    package func pixelsOnly() -> [UInt8] {
        let kept = pixelChunks
        // Nothing to drop (the usual exported icon): share the file's bytes instead of copying them.
        if kept.count == chunks.count, data.starts(with: PNGDecoder.pngSignature),
           chunks.last.map({ $0.whole.upperBound == data.count }) ?? false {
            return data
        }
        var out = PNGDecoder.pngSignature
        out.reserveCapacity(data.count)
        for chunk in kept {
            out.append(contentsOf: data[chunk.whole])
        }
        return out
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset ..< offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A chunk type for a message: letters kept, anything else shown as `?`.
    static func printable(_ type: String) -> String {
        "'" + String(type.map { $0.isASCII && $0.isLetter ? $0 : "?" }) + "'"
    }
}
