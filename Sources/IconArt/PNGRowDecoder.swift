import CISAL

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
    /// either, so the libpng path reports them exactly as before.
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

    /// Decodes into `sink`, applying `gamma` and clearing the colour of fully transparent
    /// pixels as `PNGDecoder` does. false: the file has a problem, and `sink` must be started
    /// over by another decoder (it may have taken some rows).
    func decode<Sink: RGBARowSink>(gamma: Gamma?, into sink: inout Sink) -> Bool {
        file.data.withUnsafeBufferPointer { data in
            decode(data, gamma: gamma, into: &sink)
        }
    }

    private func decode<Sink: RGBARowSink>(_ data: UnsafeBufferPointer<UInt8>, gamma: Gamma?, into sink: inout Sink) -> Bool {
        // The image data is the concatenation of the IDAT chunks' data: `input` is what is left
        // of chunk number `chunk`.
        var chunk = 0
        var input = imageData[0].body
        func nextStretch() -> Bool {
            while input.isEmpty {
                chunk += 1
                guard chunk < imageData.count else { return false }
                input = imageData[chunk].body
            }
            return true
        }
        func nextByte() -> UInt8? {
            guard nextStretch() else { return nil }
            defer { input = input.dropFirst() }
            return data[input.lowerBound]
        }
        let state = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
        defer { state.deallocate() }
        isal_inflate_init(state)
        if crushed {
            // Raw deflate: no header to check, no checksum to verify, the largest window.
            state.pointee.crc_flag = UInt32(ISAL_DEFLATE)
            state.pointee.hist_bits = 15
        } else {
            // The zlib header, checked as zlib checks it; ISA-L then inflates the raw deflate data
            // with the window the header declares, and verifies the Adler-32 trailer itself.
            guard let cmf = nextByte(), let flg = nextByte(),
                  cmf & 0x0F == 8, cmf >> 4 <= 7, (Int(cmf) << 8 | Int(flg)) % 31 == 0, flg & 0x20 == 0 else { return false }
            state.pointee.crc_flag = UInt32(ISAL_ZLIB_NO_HDR_VER)
            state.pointee.hist_bits = UInt32(cmf >> 4) + 8
        }

        /// Points ISA-L at the next stretch of image data; false when there is none left.
        func refill() -> Bool {
            guard nextStretch() else { return false }
            state.pointee.next_in = UnsafeMutablePointer(mutating: data.baseAddress! + input.lowerBound)
            state.pointee.avail_in = UInt32(input.count)
            input = input.upperBound ..< input.upperBound
            return true
        }
        guard refill() else { return false }

        // Rows are inflated a batch at a time (about 64 KiB) and unfiltered in place; each row's
        // filter byte comes first. `prior` keeps the last unfiltered row of the previous batch.
        let stride = 1 + width * channels
        let batchRows = max(1, (1 << 16) / stride)
        let batch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: batchRows * stride)
        let prior = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: stride)
        let rgba = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width * 4)
        defer { batch.deallocate(); prior.deallocate(); rgba.deallocate() }
        prior.initialize(repeating: 0)  // the row above the first is all zeros
        rgba.initialize(repeating: 255)  // alpha of RGB files stays 255
        let table = gamma.map { gamma in (0 ... 255).map { gamma.encode(Double($0) / 255) } }

        sink.start(width: width, height: height)
        var done = 0
        while done < height {
            let rows = min(batchRows, height - done)
            state.pointee.next_out = batch.baseAddress
            state.pointee.avail_out = UInt32(rows * stride)
            while state.pointee.avail_out > 0 {
                if state.pointee.avail_in == 0, !refill() { return false }  // not enough image data
                guard isal_inflate(state) == ISAL_DECOMP_OK else { return false }
                // ISA-L returns with room left only to ask for more input; input left over, or
                // a finished stream, means the image data ended before the rows did.
                if state.pointee.avail_out > 0,
                   state.pointee.avail_in > 0 || state.pointee.block_state == ISAL_BLOCK_FINISH {
                    return false
                }
            }
            for r in 0 ..< rows {
                let row = batch.baseAddress! + r * stride
                let above = r == 0 ? UnsafePointer(prior.baseAddress!) : UnsafePointer(row - stride + 1)
                guard Self.unfilter(row[0], row + 1, above: above, count: stride - 1, channels: channels) else { return false }
                if crushed {
                    Self.expandCrushed(UnsafePointer(row + 1), channels: channels, width: width, into: rgba.baseAddress!)
                } else {
                    Self.expand(UnsafePointer(row + 1), channels: channels, width: width, into: rgba.baseAddress!, table: table)
                }
                sink.take(row: UnsafeBufferPointer(rgba))
            }
            prior.baseAddress!.update(from: batch.baseAddress! + (rows - 1) * stride + 1, count: stride - 1)
            done += rows
        }
        return finish(state, refill: refill)
    }

    /// After the last row: the deflate stream must end there, with a good Adler-32, and no image
    /// data may follow it (libpng would warn about extra data; libpng decides such files).
    private func finish(_ state: UnsafeMutablePointer<inflate_state>, refill: () -> Bool) -> Bool {
        var spare: UInt8 = 0
        while state.pointee.block_state != ISAL_BLOCK_FINISH {
            if state.pointee.avail_in == 0, !refill() { return false }  // the stream is cut short
            let status = withUnsafeMutablePointer(to: &spare) { out -> Int32 in
                state.pointee.next_out = out
                state.pointee.avail_out = 1
                return isal_inflate(state)
            }
            guard status == ISAL_DECOMP_OK, state.pointee.avail_out == 1 else { return false }  // damaged, or more pixels
            if state.pointee.block_state != ISAL_BLOCK_FINISH && state.pointee.avail_in > 0 { return false }
        }
        return state.pointee.avail_in == 0 && !refill()
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
        case 2:  // Up: plus the byte above
            for i in 0 ..< count { row[i] &+= above[i] }
        case 3:  // Average: plus the mean of left and above, rounded down
            for i in 0 ..< min(bpp, count) { row[i] &+= above[i] >> 1 }
            var i = bpp
            while i < count {
                row[i] &+= UInt8(truncatingIfNeeded: (Int(row[i - bpp]) + Int(above[i])) >> 1)
                i += 1
            }
        case 4:  // Paeth: plus whichever of left, above, upper-left is nearest to left + above - upper-left
            for i in 0 ..< min(bpp, count) { row[i] &+= above[i] }
            var i = bpp
            while i < count {
                let a = Int(row[i - bpp]), b = Int(above[i]), c = Int(above[i - bpp])
                let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                row[i] &+= UInt8(truncatingIfNeeded: predictor)
                i += 1
            }
        default:
            return false
        }
        return true
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
