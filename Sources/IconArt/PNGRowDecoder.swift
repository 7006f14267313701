// Only with ISA-L (the ISAL trait): without it, libpng decodes every file.
#if ISAL
import CISAL
import Foundation

/// A decoder for the commonest PNG, a few rows at a time: 8-bit RGB or RGBA, not interlaced,
/// with nothing that reaches libpng but `IHDR`, the image data and `IEND` (what icon exporters
/// write), and the same in Xcode's crushed form (see `CgBI`: a `CgBI` chunk first, raw deflate,
/// blue first, colour premultiplied by alpha), which is what built apps hold. It inflates with
/// ISA-L, about twice as fast as zlib on image data, and hands each row on as soon as it is
/// unfiltered, so the whole picture never needs to be in memory: a 4096×4096 preview no
/// longer holds 64 MiB of pixels, nor (for a crushed file) the several copies a rewrite for
/// libpng takes.
///
/// libpng stays the authority: this decoder takes a file only when every check libpng would
/// make passes here too (chunk CRCs, the zlib header and Adler-32, filter types, exactly as
/// much image data as the rows need, nothing after it). Any file it does not take, or finds
/// anything wrong with part-way through, goes to libpng, which then decides the error or what
/// it tolerates. What it returns is what the libpng path returns; the tests compare both on
/// the corpus and on fixtures with every filter type.
struct PNGRowDecoder {
    let width: Int
    let height: Int
    /// 3 (RGB) or 4 (RGBA): bytes per pixel, 8 bits a sample.
    let channels: Int
    /// An Xcode-crushed file: raw deflate, B G R (A), colour premultiplied by alpha.
    let crushed: Bool
    /// The image data chunks, in order.
    private let imageData: [PNGChunks.Chunk]
    private let file: PNGChunks

    /// nil when the file is not one this decoder takes (libpng decodes it instead), judged by the
    /// chunks libpng would see (`PNGChunks.pixelChunks`). Images over `limits` are not taken
    /// either, so the libpng path is the one that reports them.
    init?(_ file: PNGChunks, limits: PNGDecoder.Limits) {
        let crushed = file.chunks.first?.type == "CgBI"
        let kept = crushed ? Array(file.pixelChunks.dropFirst()) : file.pixelChunks
        guard kept.count >= 3, let ihdr = kept.first, ihdr.type == "IHDR", ihdr.body.count == 13,
              let iend = kept.last, iend.type == "IEND", iend.body.isEmpty else { return nil }
        let imageData = kept[1 ..< kept.count - 1]
        guard imageData.allSatisfy({ $0.type == "IDAT" }) else { return nil }
        let data = file.data, at = ihdr.body.lowerBound
        let width = Int(PNGChunks.bigEndian32(data, at: at)), height = Int(PNGChunks.bigEndian32(data, at: at + 4))
        let (depth, colorType, compression, filter, interlace) = (data[at + 8], data[at + 9], data[at + 10], data[at + 11], data[at + 12])
        // libpng's own ceiling is 1,000,000 pixels a side; the limits are normally far below it.
        guard (1 ... 1_000_000).contains(width), (1 ... 1_000_000).contains(height),
              limits.allows(width: width, height: height, bytesPerPixel: 4),
              depth == 8, colorType == 2 || colorType == 6, compression == 0, filter == 0, interlace == 0,
              kept.allSatisfy(file.hasValidCRC) else { return nil }
        self.width = width
        self.height = height
        self.channels = colorType == 6 ? 4 : 3
        self.crushed = crushed
        self.imageData = Array(imageData)
        self.file = file
    }

    /// From this many pixels on, inflating runs on a thread of its own while the calling thread
    /// hands rows on: inflate and the sink (the tile resampler) each take about half the time.
    static let pipelinedPixels = 512 * 512

    /// Decodes into `sink`, applying `gamma` and clearing the colour of fully transparent
    /// pixels as `PNGDecoder` does. false: the file has a problem, and `sink` must be started
    /// over by another decoder (it may have taken some rows). `pipelined` overrides the choice
    /// by size (`pipelinedPixels`), for the tests.
    func decode<Sink: RGBARowSink>(gamma: Gamma?, into sink: inout Sink, pipelined: Bool? = nil) -> Bool {
        let inBackground = pipelined ?? (width * height >= Self.pipelinedPixels && ProcessInfo.processInfo.activeProcessorCount > 1)
        return file.data.withUnsafeBufferPointer { data in
            guard let inflater = RowInflater(data, imageData: imageData.map(\.body), crushed: crushed,
                                             width: width, height: height, channels: channels, pipelined: inBackground) else { return false }
            var emitter = RowEmitter(width: width, channels: channels, crushed: crushed, gamma: gamma,
                                     readsTransparentColor: sink.readsColorOfTransparentPixels)
            sink.start(width: width, height: height)
            return inBackground ? inflater.pipelined(into: &sink, emitter: &emitter) : inflater.serial(into: &sink, emitter: &emitter)
        }
    }

    /// Undoes one row's PNG filter in place. `above` is the previous row, unfiltered (zeros
    /// for the first). false for an unknown filter type, which libpng refuses.
    static func unfilter(_ type: UInt8, _ row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>,
                         count: Int, channels bpp: Int) -> Bool {
        switch type {
        case 0:
            return true
        case 1:  // Sub: plus the byte one pixel to the left
            var i = bpp
            while i < count { row[i] &+= row[i - bpp]; i += 1 }
        case 2:  // Up: plus the byte above, 16 bytes at once (most rows of icon artwork are Up rows)
            let raw = UnsafeMutableRawPointer(row), rawAbove = UnsafeRawPointer(above)
            var i = 0
            while i + 16 <= count {
                let sum = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                    &+ rawAbove.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                raw.storeBytes(of: sum, toByteOffset: i, as: SIMD16<UInt8>.self)
                i += 16
            }
            while i < count { row[i] &+= above[i]; i += 1 }
        case 3:  // Average: plus the mean of left and above, rounded down
            for i in 0 ..< min(bpp, count) { row[i] &+= above[i] >> 1 }
            var i = bpp
            while i < count {
                row[i] &+= UInt8(truncatingIfNeeded: (Int(row[i - bpp]) + Int(above[i])) >> 1)
                i += 1
            }
        case 4:  // Paeth: plus whichever of left, above, upper-left is nearest to left + above - upper-left
            for i in 0 ..< min(bpp, count) { row[i] &+= above[i] }
            if bpp == 4 {
                unfilterPaethRGBA(row, above: above, count: count)
                return true
            }
            var i = bpp
            while i < count {
                row[i] &+= paeth(row[i - bpp], above[i], above[i - bpp])
                i += 1
            }
        default:
            return false
        }
        return true
    }

    /// Paeth for RGBA rows after the first pixel, a pixel's four samples at once: each sample's
    /// choice is the scalar one, made lane by lane, so the bytes are the same. The samples of a
    /// row depend on the pixel to their left, so pixels stay in turn; the rows of an icon's
    /// artwork are Paeth-filtered often, and the scalar loop was most of unfiltering's time.
    private static func unfilterPaethRGBA(_ row: UnsafeMutablePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int) {
        let raw = UnsafeMutableRawPointer(row), rawAbove = UnsafeRawPointer(above)
        var left = SIMD4<Int16>(truncatingIfNeeded: raw.loadUnaligned(as: SIMD4<UInt8>.self))
        var upperLeft = SIMD4<Int16>(truncatingIfNeeded: rawAbove.loadUnaligned(as: SIMD4<UInt8>.self))
        var i = 4
        while i + 4 <= count {
            let up = SIMD4<Int16>(truncatingIfNeeded: rawAbove.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt8>.self))
            let pa = magnitude(up &- upperLeft), pb = magnitude(left &- upperLeft), pc = magnitude(left &+ up &- 2 &* upperLeft)
            let nearest = left.replacing(with: up, where: (pa .> pb) .| (pa .> pc))
                .replacing(with: upperLeft, where: ((pa .> pb) .| (pa .> pc)) .& (pb .> pc))
            let filtered = SIMD4<Int16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i, as: SIMD4<UInt8>.self))
            let value = (filtered &+ nearest) & 0xFF
            raw.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: value), toByteOffset: i, as: SIMD4<UInt8>.self)
            left = value
            upperLeft = up
            i += 4
        }
    }

    @inline(__always)
    private static func magnitude(_ v: SIMD4<Int16>) -> SIMD4<Int16> { v.replacing(with: 0 &- v, where: v .< 0) }

    /// The Paeth predictor of one sample.
    @inline(__always)
    private static func paeth(_ left: UInt8, _ up: UInt8, _ upperLeft: UInt8) -> UInt8 {
        let a = Int(left), b = Int(up), c = Int(upperLeft)
        let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
        return UInt8(truncatingIfNeeded: pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
    }

    /// One unfiltered row of a crushed file to RGBA in `out` (whose alpha is already 255 for RGB
    /// rows): blue and red swapped back, and alpha divided out as `CgBI.restore` does it.
    static func expandCrushed(_ row: UnsafePointer<UInt8>, channels: Int, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        for x in 0 ..< width {
            let from = row + x * channels, to = out + x * 4
            to[0] = from[2]; to[1] = from[1]; to[2] = from[0]
            guard channels == 4 else { continue }
            let alpha = from[3]
            to[3] = alpha
            if alpha != 255 {
                for c in 0 ..< 3 { to[c] = CgBI.straight(to[c], alpha: alpha) }
            }
        }
    }

    /// One unfiltered row to RGBA in `out` (whose alpha is already 255 for RGB rows): the gamma
    /// `table` applied to colour, and the colour of fully transparent pixels cleared to 0.
    static func expand(_ row: UnsafePointer<UInt8>, channels: Int, width: Int, into out: UnsafeMutablePointer<UInt8>,
                       table: [UInt8]?) {
        if channels == 4 {
            out.update(from: row, count: width * 4)
        } else {
            for x in 0 ..< width {
                out[x * 4] = row[x * 3]; out[x * 4 + 1] = row[x * 3 + 1]; out[x * 4 + 2] = row[x * 3 + 2]
            }
        }
        if let table {
            table.withUnsafeBufferPointer { table in
                for x in 0 ..< width {
                    out[x * 4] = table[Int(out[x * 4])]
                    out[x * 4 + 1] = table[Int(out[x * 4 + 1])]
                    out[x * 4 + 2] = table[Int(out[x * 4 + 2])]
                }
            }
        }
        if channels == 4 {
            for x in 0 ..< width where out[x * 4 + 3] == 0 {
                out[x * 4] = 0; out[x * 4 + 1] = 0; out[x * 4 + 2] = 0
            }
        }
    }
}
#endif
