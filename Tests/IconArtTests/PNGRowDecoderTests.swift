// The row decoder is built only with ISA-L (the ISAL trait).
#if ISAL
import Foundation
@testable import SymbolArt
import Testing
@testable import IconArt

/// The row decoder (ISA-L inflate, our unfiltering, rows handed on as they are decoded) against
/// the libpng path it stands in for. The rule it must keep: on every file, the same outcome as
/// libpng alone, the same pixels or the same error, whether it takes the file or hands it on.
@Suite("PNGRowDecoder")
struct PNGRowDecoderTests {
    typealias Outcome = Result<RGBABitmap, PNGDecodeError>

    static func outcome(_ data: [UInt8], rowDecoder: Bool, limits: PNGDecoder.Limits = .standard) -> Outcome {
        Result { () throws(PNGDecodeError) in
            var sink = BitmapSink()
            try PNGDecoder.decode(data, name: "file.png", limits: limits, into: &sink, rowDecoder: rowDecoder)
            return sink.bitmap
        }
    }

    /// Whether the row decoder itself decodes `data` to the end (false: it hands the file to libpng).
    static func rowDecoderTakes(_ data: [UInt8], limits: PNGDecoder.Limits = .standard) -> Bool {
        guard let file = try? PNGChunks(data, name: "file.png"), let rows = PNGRowDecoder(file, limits: limits) else {
            return false
        }
        var sink = BitmapSink()
        return rows.decode(gamma: Gamma(fileGamma: file.gamma), into: &sink)
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: PNGCorpus.path(relative))))
    }

    // MARK: - The corpus

    @Test("every corpus file, valid, corrupt or hostile, has the same outcome as with libpng alone",
          .enabled(if: PNGCorpus.available, "needs ../shared/corpus/png; skipped"))
    func corpusMatchesLibpng() throws {
        let files = PNGCorpus.validImages + PNGCorpus.suiteCorrupt + PNGCorpus.hostile
        var taken: [String] = []
        for relative in files {
            let data = try Self.bytes(relative)
            let rows = Self.outcome(data, rowDecoder: true), libpng = Self.outcome(data, rowDecoder: false)
            #expect(rows == libpng, "\(relative)")
            if Self.rowDecoderTakes(data) { taken.append(relative) }
        }
        // The comparison means something only if the row decoder really decodes files: every
        // 8-bit RGB and RGBA file without tRNS or interlacing, with and without gAMA or sRGB.
        let expected = ["pngsuite/basn2c08", "pngsuite/basn6a08"]
            + ["", "-1.8", "-linear", "-sRGB"].flatMap { ["testpngs/rgb-8\($0)", "testpngs/rgb-alpha-8\($0)"] }
        for relative in expected.map({ $0 + ".png" }) where files.contains(relative) {
            #expect(taken.contains(relative), "the row decoder handed \(relative) to libpng")
        }
        print("PNGRowDecoder: took \(taken.count) of \(files.count) corpus files")
    }

    @Test("a tile decoded straight from the file is the tile of the decoded bitmap",
          .enabled(if: PNGCorpus.available, "needs ../shared/corpus/png; skipped"))
    func streamedTilesMatch() throws {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/App Icons").path
        let demoFiles = try FileManager.default.contentsOfDirectory(atPath: demo).filter { $0.hasSuffix(".png") }.map { demo + "/" + $0 }
        // RGB, RGBA (row decoder), palette and 16-bit (libpng) and an interlaced one.
        let corpusFiles = ["basn2c08", "basn6a08", "basn3p08", "basn6a16", "ibasn6a08"].map { PNGCorpus.path("pngsuite/\($0).png") }
            + ["rgb-alpha-8-linear"].map { PNGCorpus.path("testpngs/\($0).png") }
        for path in demoFiles + corpusFiles {
            for (columns, rows) in [(16, 8), (5, 2), (64, 32)] {
                var renderer = TileRenderer(depth: .truecolor)
                let streamed = try renderer.tile(forPNGAt: path, name: "x", columns: columns, rows: rows)
                let whole = renderer.tile(for: try PNGDecoder.decode(contentsOf: path), name: "x", columns: columns, rows: rows)
                #expect(streamed == whole, "\(path) at \(columns)x\(rows)")
                // One core for the tile (as preview draws many side by side): the same cells.
                renderer.spreadsOneTile = false
                #expect(try renderer.tile(forPNGAt: path, name: "x", columns: columns, rows: rows) == whole,
                        "\(path) at \(columns)x\(rows) on one core")
            }
        }
    }

    // MARK: - Fixtures

    @Test("every filter type, RGB and RGBA, in one or many IDAT chunks", arguments: [3, 4])
    func filtersAndChunking(channels: Int) throws {
        let image = PNGFixture.sampleImage(width: 23, height: 11)
        var samples: [UInt8] = []
        for i in stride(from: 0, to: image.pixels.count, by: 4) {
            samples += image.pixels[i ..< i + channels]
        }
        var expected = image
        if channels == 3 { for i in stride(from: 3, to: expected.pixels.count, by: 4) { expected.pixels[i] = 255 } }
        // Each row a different filter, then every row the same filter, for each type.
        let patterns: [[UInt8]] = [(0 ..< 11).map { UInt8($0 % 5) }] + (0 ... 4).map { [UInt8](repeating: $0, count: 11) }
        for filters in patterns {
            let stream = PNGFixture.zlib(Self.filtered(samples, width: 23, height: 11, channels: channels, filters: filters))
            let header = PNGFixture.header(width: 23, height: 11, depth: 8, colorType: channels == 4 ? 6 : 2)
            // One IDAT; IDATs of 1 and 7 bytes (splitting the zlib header and the trailer); an empty IDAT between.
            let splits: [[[UInt8]]] = [[stream], Self.split(stream, by: 1), Self.split(stream, by: 7),
                                       [Array(stream.prefix(5)), [], Array(stream.dropFirst(5))]]
            for parts in splits {
                let png = PNGFixture.signature + PNGFixture.chunk("IHDR", header)
                    + parts.flatMap { PNGFixture.chunk("IDAT", $0) } + PNGFixture.chunk("IEND", [])
                let taken = Self.rowDecoderTakes(png), same = try Self.outcome(png, rowDecoder: true).get() == expected
                #expect(taken, "filters \(filters), \(parts.count) IDATs: handed to libpng")
                #expect(same, "filters \(filters), \(parts.count) IDATs: other pixels")
            }
        }
    }

    @Test("a big image crosses the decoder's batches of rows, gamma and transparency as libpng")
    func batchesGammaAndTransparency() throws {
        // 700 px RGBA rows: 2801 bytes with the filter byte, so 23 rows a batch and a short last batch.
        let image = PNGFixture.sampleImage(width: 700, height: 50)
        let header = PNGFixture.header(width: 700, height: 50, depth: 8, colorType: 6)
        let data = Self.filtered(image.pixels, width: 700, height: 50, channels: 4, filters: (0 ..< 50).map { UInt8($0 % 5) })
        let gAMA = PNGFixture.chunk("gAMA", PNGFixture.bigEndian(100_000))
        for extra in [[], [gAMA]] {
            let png = PNGFixture.png(header: header, chunks: extra, imageData: data)
            #expect(Self.rowDecoderTakes(png))
            let rows = try Self.outcome(png, rowDecoder: true).get()
            #expect(rows == (try Self.outcome(png, rowDecoder: false).get()))
            if extra.isEmpty { #expect(rows == image) }
        }
    }

    @Test("inflating on a thread of its own hands on what inflating in turn does, on good and damaged files")
    func pipelinedMatchesSerial() throws {
        // 700 px rows: 23 rows a batch, so 400 rows are 18 batches, more than twice the ring's 8.
        let (width, height) = (700, 400)
        let image = PNGFixture.sampleImage(width: width, height: height)
        let header = PNGFixture.header(width: width, height: height, depth: 8, colorType: 6)
        let scanlines = Self.filtered(image.pixels, width: width, height: height, channels: 4,
                                      filters: (0 ..< height).map { UInt8($0 % 5) })
        let stream = PNGFixture.zlib(scanlines)
        var badAdler = stream
        badAdler[badAdler.count - 1] ^= 1
        var badFilter = scanlines
        badFilter[380 * (1 + width * 4)] = 7  // row 380's filter byte, in the seventeenth batch, after the ring wrapped
        let gAMA = PNGFixture.chunk("gAMA", PNGFixture.bigEndian(100_000))
        let cases: [(String, [UInt8])] = [
            ("whole", PNGFixture.png(header: header, chunks: [], imageData: scanlines)),
            ("with gamma", PNGFixture.png(header: header, chunks: [gAMA], imageData: scanlines)),
            ("half the image data", PNGFixture.signature + PNGFixture.chunk("IHDR", header)
                + PNGFixture.chunk("IDAT", Array(stream.prefix(stream.count / 2))) + PNGFixture.chunk("IEND", [])),
            ("bad Adler-32", PNGFixture.signature + PNGFixture.chunk("IHDR", header)
                + PNGFixture.chunk("IDAT", badAdler) + PNGFixture.chunk("IEND", [])),
            ("filter type 7", PNGFixture.png(header: header, chunks: [], imageData: badFilter)),
        ]
        for (label, data) in cases {
            let file = try PNGChunks(data, name: "file.png")
            let rows = try #require(PNGRowDecoder(file, limits: .standard), "\(label)")
            let gamma = Gamma(fileGamma: file.gamma)
            var serial = BitmapSink(), pipelined = BitmapSink()
            let serialTaken = rows.decode(gamma: gamma, into: &serial, pipelined: false)
            let pipelinedTaken = rows.decode(gamma: gamma, into: &pipelined, pipelined: true)
            #expect(serialTaken == pipelinedTaken, "\(label)")
            #expect(serialTaken == label.hasPrefix("w"), "\(label)")
            if serialTaken { #expect(serial.bitmap == pipelined.bitmap, "\(label)") }
            // The resampler takes RGBA rows as they are inflated: the same averages.
            var straight = BoxResampler.Streaming(width: 37, height: 11), copied = BoxResampler.Streaming(width: 37, height: 11)
            if rows.decode(gamma: gamma, into: &straight, pipelined: true), serialTaken {
                serial.bitmap.feed(into: &copied)
                #expect(straight.result == copied.result, "\(label)")
            }
        }
    }

    @Test("files with something wrong go to libpng, which decides")
    func anomaliesFallBackToLibpng() throws {
        let image = PNGFixture.sampleImage(width: 9, height: 6)
        let header = PNGFixture.header(width: 9, height: 6, depth: 8, colorType: 6)
        let scanlines = Self.filtered(image.pixels, width: 9, height: 6, channels: 4, filters: [0, 1, 2, 3, 4, 4])
        let stream = PNGFixture.zlib(scanlines)
        func png(_ streams: [[UInt8]]) -> [UInt8] {
            PNGFixture.signature + PNGFixture.chunk("IHDR", header)
                + streams.flatMap { PNGFixture.chunk("IDAT", $0) } + PNGFixture.chunk("IEND", [])
        }
        var badAdler = stream
        badAdler[badAdler.count - 1] ^= 1
        var badFilter = scanlines
        badFilter[5 * (1 + 9 * 4)] = 5  // the last row's filter byte
        var badCRC = png([stream])
        badCRC[badCRC.count - 13] ^= 0x40  // the last byte of IDAT's CRC
        // A 1 KiB window (CINFO 2) in a valid header: stored blocks never look back, so the stream is fine.
        let window1K = [0x28, UInt8((31 - 0x2800 % 31) % 31)] + stream.dropFirst(2)
        let cases: [(String, [UInt8])] = [
            ("bad Adler-32", png([badAdler])),
            ("no Adler-32", png([Array(stream.dropLast(4))])),
            ("half the image data", png([Array(stream.prefix(stream.count / 2))])),
            ("more rows than the header says", png([PNGFixture.zlib(scanlines + scanlines.prefix(37))])),
            ("data after the stream", png([stream + [0, 0, 0]])),
            ("an IDAT after the stream", png([stream, [1, 2, 3]])),
            ("filter type 5", png([PNGFixture.zlib(badFilter)])),
            ("IDAT CRC", badCRC),
            ("preset dictionary", png([[0x78, UInt8(0x20 + (31 - 0x7820 % 31) % 31)] + stream.dropFirst(2)])),
            ("no IEND", Array(png([stream]).dropLast(12))),
        ]
        for (label, data) in cases {
            let taken = Self.rowDecoderTakes(data)
            let rows = Self.outcome(data, rowDecoder: true), libpng = Self.outcome(data, rowDecoder: false)
            #expect(!taken, "\(label): the row decoder should hand it on")
            #expect(rows == libpng, "\(label): \(rows.map(\.width)) with the row decoder, \(libpng.map(\.width)) with libpng")
            print("PNGRowDecoder: \(label): libpng says \(libpng.map { "\($0.width)×\($0.height)" })")
        }
        let smallWindowTaken = Self.rowDecoderTakes(png([window1K]))
        #expect(smallWindowTaken, "a smaller declared window is still a valid stream")
        #expect(try Self.outcome(png([window1K]), rowDecoder: true).get() == image)
    }

    @Test("a tile started by the row decoder and finished by libpng is the whole picture's tile")
    func sinkStartsOver() throws {
        // Bytes after the end of the deflate stream are only found after the last row, when every
        // row is already in the sink; libpng tolerates them, so the sink must start over.
        let image = PNGFixture.sampleImage(width: 40, height: 40)
        let stream = PNGFixture.zlib(Self.filtered(image.pixels, width: 40, height: 40, channels: 4,
                                                   filters: [UInt8](repeating: 4, count: 40))) + [0, 0, 0]
        let file = PNGFixture.signature + PNGFixture.chunk("IHDR", PNGFixture.header(width: 40, height: 40, depth: 8, colorType: 6))
            + PNGFixture.chunk("IDAT", stream) + PNGFixture.chunk("IEND", [])

        var counter = CountingSink()
        try PNGDecoder.decode(file, name: "extra.png", limits: .standard, into: &counter)
        #expect(counter.starts == 2 && counter.rows == 80, "\(counter.starts) starts, \(counter.rows) rows")

        let bitmap = try Self.outcome(file, rowDecoder: false).get()
        #expect(bitmap == image)
        try PNGTestSupport.withTemporaryDirectory { dir in
            let path = dir + "/extra.png"
            try Data(file).write(to: URL(fileURLWithPath: path))
            let renderer = TileRenderer(depth: .truecolor)
            #expect(try renderer.tile(forPNGAt: path, name: "x", columns: 8, rows: 4)
                    == renderer.tile(for: bitmap, name: "x", columns: 8, rows: 4))
        }
    }

    struct CountingSink: RGBARowSink {
        var starts = 0, rows = 0
        mutating func start(width: Int, height: Int) { starts += 1 }
        mutating func take(row: UnsafeBufferPointer<UInt8>) { rows += 1 }
    }

    @Test("limits: an image over them is refused as before, not taken by the row decoder")
    func limits() throws {
        let png = PNGFixture.png(PNGFixture.sampleImage())  // 13×7
        let small = PNGDecoder.Limits(maxDimension: 100, maxDecodedBytes: 13 * 7 * 4 - 1, maxFileBytes: 1 << 20)
        #expect(!Self.rowDecoderTakes(png, limits: small))
        #expect(Self.outcome(png, rowDecoder: true, limits: small) == .failure(.tooLarge(path: "file.png", width: 13, height: 7)))
        let exact = PNGDecoder.Limits(maxDimension: 13, maxDecodedBytes: 13 * 7 * 4, maxFileBytes: 1 << 20)
        #expect(Self.rowDecoderTakes(png, limits: exact))
    }

    // MARK: - Helpers (the test's own filter encoder, written from the PNG specification)

    /// Scanlines of `samples` with `filters[y]` applied to row `y`.
    static func filtered(_ samples: [UInt8], width: Int, height: Int, channels bpp: Int, filters: [UInt8]) -> [UInt8] {
        let stride = width * bpp
        var out: [UInt8] = []
        for y in 0 ..< height {
            out.append(filters[y])
            for i in 0 ..< stride {
                let x = Int(samples[y * stride + i])
                let a = i >= bpp ? Int(samples[y * stride + i - bpp]) : 0
                let b = y > 0 ? Int(samples[(y - 1) * stride + i]) : 0
                let c = i >= bpp && y > 0 ? Int(samples[(y - 1) * stride + i - bpp]) : 0
                let predictor: Int
                switch filters[y] {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                default:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                }
                out.append(UInt8(truncatingIfNeeded: x - predictor))
            }
        }
        return out
    }

    static func split(_ bytes: [UInt8], by size: Int) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0 ..< min($0 + size, bytes.count)]) }
    }
}

/// Xcode's crushed PNGs: the common ones (8-bit RGB and RGBA, not interlaced) row by row, the
/// rest through the rewrite for libpng, which now goes a piece at a time.
@Suite("crushed PNGs")
struct CrushedPNGTests {
    typealias Outcome = PNGRowDecoderTests.Outcome

    /// A picture with every alpha from 0 to 255 and colours that premultiplication rounds.
    static func picture(width: Int, height: Int) -> RGBABitmap {
        var image = RGBABitmap(width: width, height: height, filledWith: (0, 0, 0, 0))
        for y in 0 ..< height {
            for x in 0 ..< width {
                image[x, y] = (UInt8((x * 7 + y) & 255), UInt8((y * 5) & 255), UInt8((x * y) & 255), UInt8((x + y * 3) & 255))
            }
        }
        return image
    }

    @Test("crushed RGB and RGBA files are decoded row by row, as the rewrite for libpng decodes them",
          arguments: [(13, 7), (1, 1), (300, 260)])
    func rowDecoderTakesCrushedFiles(size: (Int, Int)) throws {
        let image = Self.picture(width: size.0, height: size.1)
        for alpha in [true, false] {
            let crushed = PNGFixture.crushed(image, alpha: alpha)
            #expect(PNGRowDecoderTests.rowDecoderTakes(crushed), "alpha: \(alpha)")
            let rows = try PNGRowDecoderTests.outcome(crushed, rowDecoder: true).get()
            #expect(rows == (try PNGRowDecoderTests.outcome(crushed, rowDecoder: false).get()), "alpha: \(alpha)")
            #expect(rows.width == size.0 && rows.height == size.1)
        }
    }

    /// A crushed file of 8-bit grey samples (colour type 0), its raw deflate split over `pieces` IDAT chunks.
    static func crushedGrey(width: Int, height: Int, pieces: Int) -> (png: [UInt8], image: RGBABitmap) {
        var rows: [UInt8] = [], image = RGBABitmap(width: width, height: height, filledWith: (0, 0, 0, 255))
        for y in 0 ..< height {
            rows.append(0)
            for x in 0 ..< width {
                let grey = UInt8((x * 3 + y * 11) & 255)
                rows.append(grey)
                image[x, y] = (grey, grey, grey, 255)
            }
        }
        let stream = PNGFixture.storedDeflate(rows)
        let step = (stream.count + pieces - 1) / pieces
        let idats = stride(from: 0, to: stream.count, by: step).map { PNGFixture.chunk("IDAT", Array(stream[$0 ..< min($0 + step, stream.count)])) }
        let png = PNGFixture.signature + PNGFixture.chunk("CgBI", [0x50, 0, 0x20, 6])
            + PNGFixture.chunk("IHDR", PNGFixture.header(width: width, height: height, depth: 8, colorType: 0))
            + idats.joined() + PNGFixture.chunk("IEND", [])
        return (png, image)
    }

    @Test("crushed files the row decoder leaves alone are rewritten for libpng a piece at a time")
    func rewriteInPieces() throws {
        // 300×300 grey is 90,300 bytes of rows: more than one 64 KiB piece, over one and many chunks.
        for pieces in [1, 7] {
            let (png, image) = Self.crushedGrey(width: 300, height: 300, pieces: pieces)
            #expect(!PNGRowDecoderTests.rowDecoderTakes(png))
            #expect(try PNGRowDecoderTests.outcome(png, rowDecoder: true).get() == image, "\(pieces) IDAT chunks")
        }
        // Interlaced RGBA: the rewrite, and the same pixels as the file that is not interlaced.
        let image = Self.picture(width: 19, height: 11)
        var samples: [[[UInt8]]] = []
        for y in 0 ..< image.height {
            samples.append((0 ..< image.width).map { x in
                let (r, g, b, a) = image[x, y]
                let p = PNGFixture.premultiply
                return [p(b, a), p(g, a), p(r, a), a]
            })
        }
        let interlaced = PNGFixture.signature + PNGFixture.chunk("CgBI", [0x50, 0, 0x20, 6])
            + PNGFixture.chunk("IHDR", PNGFixture.header(width: image.width, height: image.height, depth: 8, colorType: 6, interlace: 1))
            + PNGFixture.chunk("IDAT", PNGFixture.storedDeflate(PNGFixture.adam7(samples)))
            + PNGFixture.chunk("IEND", [])
        #expect(try PNGRowDecoderTests.outcome(interlaced, rowDecoder: true).get()
                == (try PNGRowDecoderTests.outcome(PNGFixture.crushed(image), rowDecoder: true).get()))
    }

    @Test("a crushed file whose data ends early is refused by the rewrite too")
    func shortRewrite() throws {
        var (png, _) = Self.crushedGrey(width: 300, height: 300, pieces: 3)
        // Drop the last IDAT chunk: the stream stops after two thirds of the rows.
        let chunks = try PNGChunks(png, name: "short.png").chunks
        let last = try #require(chunks.last { $0.type == "IDAT" })
        png.removeSubrange(last.whole)
        let outcome = PNGRowDecoderTests.outcome(png, rowDecoder: true)
        guard case .failure(.invalid(_, let reason)) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.contains("ends early"))
    }
}
#endif
