import FileAccess
import Foundation
import IconArt
import Testing

// MARK: - Where the shared corpus and the reference decoder are

/// The PNG corpus shared between checkouts: `../shared/corpus/png` next to the repository
/// root (three levels up from this file). Tests that need it are disabled, with a reason
/// Swift Testing prints, when it is missing; no corpus file is ever copied into the repo.
enum PNGCorpus {
    static let root: String = {
        let repo = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return repo.appendingPathComponent("../shared/corpus/png").standardizedFileURL.path
    }()

    static var available: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `*.png` directly in `folder` (relative to `root`), as relative paths, sorted.
    static func pngs(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
        return names.filter { $0.hasSuffix(".png") }.sorted().map { folder + "/" + $0 }
    }

    static func path(_ relative: String) -> String { root + "/" + relative }

    /// Valid images: every PNG in pngsuite and testpngs except pngsuite's deliberately corrupt `x*` files.
    static let validImages: [String] = (pngs(in: "pngsuite") + pngs(in: "testpngs")).filter { !isSuiteCorrupt($0) }
    /// pngsuite's deliberately corrupt files (their names start with `x`).
    static let suiteCorrupt: [String] = pngs(in: "pngsuite").filter(isSuiteCorrupt)
    /// Files made to break decoders: any outcome but a crash, hang or runaway memory is fine.
    static let hostile: [String] = pngs(in: "testpngs/crashers") + pngs(in: "testpngs/badpal")

    private static func isSuiteCorrupt(_ relative: String) -> Bool {
        relative.hasPrefix("pngsuite/x")
    }
}

/// The independent decoder: `reference_decode.py` (next to this file) on pypng, run once for
/// all corpus files. It needs a python3 that can `import png` (Debian: python3-png); the
/// system one is tried first because a pyenv/venv python on PATH often lacks it.
enum PNGReference {
    enum Outcome: Sendable {
        case image(RGBABitmap)
        case rejected(String)
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("reference_decode.py").path

    static let python: String? = {
        let candidates = ["/usr/bin/python3", "/usr/local/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/python3" }
        return candidates.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate) else { return false }
            return (try? run(candidate, ["-c", "import png"], showErrors: false))?.status == 0
        }
    }()

    static var available: Bool { PNGCorpus.available && python != nil }

    /// PNGReference outcome per corpus-relative path.
    static let outcomes: [String: Outcome] = {
        guard let python, PNGCorpus.available else { return [:] }
        guard let result = try? run(python, [script] + PNGCorpus.validImages.map(PNGCorpus.path)), result.status == 0 else {
            return [:]
        }
        let output = [UInt8](result.output)
        var outcomes: [String: Outcome] = [:]
        var offset = 0
        while let newline = output[offset...].firstIndex(of: UInt8(ascii: "\n")) {
            let fields = String(decoding: output[offset ..< newline], as: UTF8.self)
                .split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            offset = newline + 1
            guard fields.count >= 3 else { break }
            let relative = String(fields[0].dropFirst(PNGCorpus.root.count + 1))
            if fields[1] == "OK", fields.count == 4, let width = Int(fields[2]), let height = Int(fields[3]),
               output.count - offset >= width * height * 4 {
                let pixels = Array(output[offset ..< offset + width * height * 4])
                offset += pixels.count
                outcomes[relative] = .image(RGBABitmap(width: width, height: height, pixels: pixels))
            } else {
                outcomes[relative] = .rejected(fields[2])
            }
        }
        return outcomes
    }()

    /// Runs a program and collects stdout (read to the end before waiting, so a full pipe can't
    /// deadlock); its stderr goes to ours, so a Python traceback shows in the test log.
    static func run(_ executable: String, _ arguments: [String], showErrors: Bool = true) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        if !showErrors { process.standardError = FileHandle.nullDevice }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, data)
    }
}

// MARK: - Helpers

/// Helpers for these tests, in one namespace so they can't clash with other IconArt tests.
enum PNGTestSupport {
    /// Runs `body` on its own thread and gives up after `seconds`: a hang fails the test instead of
    /// stalling the run (the stuck thread is abandoned).
    static func withinTimeLimit<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.value = body()
            done.signal()
        }.start()
        return done.wait(timeout: .now() + seconds) == .success ? box.value : nil
    }

    /// Written once by the worker thread before it signals, read only after the signal.
    final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }

    static func decodeResult(_ data: [UInt8], name: String = "fixture.png",
                      limits: PNGDecoder.Limits = .standard) -> Result<RGBABitmap, PNGDecodeError> {
        Result { () throws(PNGDecodeError) in try PNGDecoder.decode(data, name: name, limits: limits) }
    }

    static func decodeResult(contentsOf path: String, limits: PNGDecoder.Limits = .standard) -> Result<RGBABitmap, PNGDecodeError> {
        Result { () throws(PNGDecodeError) in try PNGDecoder.decode(contentsOf: path, limits: limits) }
    }

    /// A fresh temporary directory, removed after `body`.
    static func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("iconart-decode-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    /// Peak resident memory of this test process so far, in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)  // glibc imports RUSAGE_SELF as an enum case
        return Int(usage.ru_maxrss) * 1024  // KiB on Linux
        #endif
    }
}

// MARK: - Corpus conformance

@Suite("PNGDecoder against the shared corpus")
struct PNGDecoderCorpusTests {
    /// Byte-for-byte equality, with one documented exception: in a 16-bit file with an alpha
    /// channel, colour under partial alpha passes through libpng's premultiplied 16-bit output
    /// and is divided back out, which cannot be exact when alpha is small. What a viewer shows
    /// is colour × alpha, so there that product must agree within one step, and alpha exactly.
    /// (This includes 8-bit alpha 255: 16-bit alpha from 65408 up rounds to it.)
    @Test("every valid pngsuite/testpngs image decodes to the reference RGBA",
          .enabled(if: PNGReference.available,
                   "needs ../shared/corpus/png and a python3 with pypng (Debian python3-png); skipped"),
          arguments: PNGCorpus.validImages)
    func matchesReference(relative: String) throws {
        let path = PNGCorpus.path(relative)
        let decoded = try PNGDecoder.decode(contentsOf: path)
        guard case let .image(expected)? = PNGReference.outcomes[relative] else {
            Issue.record("the reference decoder gave no image for \(relative): \(String(describing: PNGReference.outcomes[relative]))")
            return
        }
        try #require(decoded.width == expected.width && decoded.height == expected.height)
        if decoded.pixels == expected.pixels { return }
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(26)
        let sixteenBitAlpha = header[24] == 16 && (header[25] == 4 || header[25] == 6)  // IHDR depth, colour type
        var mismatches: [String] = []
        for y in 0 ..< decoded.height {
            for x in 0 ..< decoded.width {
                let got = decoded[x, y], want = expected[x, y]
                let same: Bool
                if sixteenBitAlpha && want.a > 0 {
                    let visible = { (c: UInt8, a: UInt8) in (Int(c) * Int(a) + 127) / 255 }
                    same = got.a == want.a
                        && abs(visible(got.r, got.a) - visible(want.r, want.a)) <= 1
                        && abs(visible(got.g, got.a) - visible(want.g, want.a)) <= 1
                        && abs(visible(got.b, got.a) - visible(want.b, want.a)) <= 1
                } else {
                    same = got == want
                }
                if !same { mismatches.append("(\(x), \(y)): ours \(got), reference \(want)") }
            }
        }
        #expect(mismatches.isEmpty, "\(relative): \(mismatches.count) pixels differ, e.g. \(mismatches.prefix(3).joined(separator: "; "))")
    }

    @Test("pngsuite's deliberately corrupt x* files are rejected",
          .enabled(if: PNGCorpus.available, "needs ../shared/corpus/png; skipped"))
    func rejectsSuiteCorruptFiles() {
        if PNGCorpus.suiteCorrupt.isEmpty {
            // libpng's copy of pngsuite, which the corpus holds, leaves them out; the crafted
            // corrupt fixtures in PNGDecoderFixtureTests cover the same ground.
            print("PNGDecoder: this pngsuite copy has no x* files; nothing to check here")
        }
        for relative in PNGCorpus.suiteCorrupt {
            let outcome = PNGTestSupport.withinTimeLimit(seconds: 10) { PNGTestSupport.decodeResult(contentsOf: PNGCorpus.path(relative)) }
            guard let outcome else { Issue.record("\(relative): decoding did not finish in 10 s"); continue }
            if case .success = outcome { Issue.record("\(relative): decoded, but the file is corrupt") }
        }
    }

    @Test("hostile files (crashers, badpal) give an error or a bounded image, quickly",
          .enabled(if: PNGCorpus.available, "needs ../shared/corpus/png; skipped"),
          arguments: PNGCorpus.hostile)
    func survivesHostileFile(relative: String) {
        let outcome = PNGTestSupport.withinTimeLimit(seconds: 10) { PNGTestSupport.decodeResult(contentsOf: PNGCorpus.path(relative)) }
        guard let outcome else {
            Issue.record("\(relative): decoding did not finish in 10 s")
            return
        }
        switch outcome {
        case let .success(image):
            #expect(image.width <= 4096 && image.height <= 4096)
            print("PNGDecoder: \(relative): tolerated, \(image.width)×\(image.height)")
        case let .failure(error):
            print("PNGDecoder: \(relative): \(error)")
        }
        // A runaway allocation would show as a huge peak; the whole test process stays far below this.
        #expect(PNGTestSupport.peakResidentBytes() < 1 << 30, "peak RSS \(PNGTestSupport.peakResidentBytes() >> 20) MiB after \(relative)")
    }

    @Test("the Display P3 cICP file in testpngs/png-3 decodes",
          .enabled(if: PNGCorpus.available, "needs ../shared/corpus/png; skipped"))
    func decodesPNG3File() throws {
        for relative in PNGCorpus.pngs(in: "testpngs/png-3") {
            let image = try PNGDecoder.decode(contentsOf: PNGCorpus.path(relative))
            #expect(image.width > 0 && image.height > 0)
        }
    }
}

// MARK: - Project-made fixtures

@Suite("PNGDecoder with fixtures the tests build")
struct PNGDecoderFixtureTests {
    @Test("a standard RGBA PNG decodes to exactly its pixels")
    func standardRoundTrip() throws {
        let image = PNGFixture.sampleImage()
        #expect(try PNGDecoder.decode(PNGFixture.png(image), name: "sample.png") == image)
    }

    @Test("an Xcode-crushed (CgBI) PNG decodes to the image it was made from")
    func crushedRoundTrip() throws {
        let image = PNGFixture.sampleImage()
        let crushed = PNGFixture.crushed(image)
        // libpng alone refuses these; that is why the decoder converts them.
        #expect(throws: PNGDecodeError.self) { try PNGDecoder.decode(Array(crushed[..<8] + crushed[24...]), name: "x.png") }

        let decoded = try PNGDecoder.decode(crushed, name: "crushed.png")
        #expect(decoded.width == image.width && decoded.height == image.height)
        for y in 0 ..< image.height {
            for x in 0 ..< image.width {
                let want = image[x, y], got = decoded[x, y]
                #expect(got.a == want.a, "alpha at (\(x), \(y))")
                switch want.a {
                case 255, 0:
                    // Opaque colour survives untouched; transparent colour is stored as 0.
                    #expect(got.r == want.r && got.g == want.g && got.b == want.b, "colour at (\(x), \(y))")
                default:
                    // Premultiplication loses precision at low alpha, so compare what the file stores:
                    // our straight colour, premultiplied again, must give back the stored values.
                    let p = PNGFixture.premultiply
                    #expect([p(got.r, got.a), p(got.g, got.a), p(got.b, got.a)] == [p(want.r, want.a), p(want.g, want.a), p(want.b, want.a)],
                            "premultiplied colour at (\(x), \(y)): got \(got), want \(want)")
                }
            }
        }
    }

    @Test("a crushed PNG without alpha (BGR) decodes to its colours, opaque")
    func crushedWithoutAlpha() throws {
        var image = PNGFixture.sampleImage()
        for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
        #expect(try PNGDecoder.decode(PNGFixture.crushed(image, alpha: false), name: "bgr.png") == image)
    }

    @Test("a crushed PNG with damaged or short image data is an error")
    func crushedDamaged() throws {
        let crushed = PNGFixture.crushed(PNGFixture.sampleImage())
        // Find the IDAT payload: the first stored-block header byte follows the chunk type.
        let idat = try #require((0 ..< crushed.count - 4).first { crushed[$0 ..< $0 + 4].elementsEqual("IDAT".utf8) })
        var damaged = crushed
        damaged[idat + 4] = 0x07  // block type 3: reserved, invalid
        let error = try #require(throws: PNGDecodeError.self) { try PNGDecoder.decode(damaged, name: "bad.png") }
        guard case let .invalid(path, reason) = error else { Issue.record("got \(error)"); return }
        #expect(path == "bad.png" && reason.hasPrefix("CgBI:"))

        let image = PNGFixture.sampleImage()
        let short = PNGFixture.signature + PNGFixture.chunk("CgBI", [0x50, 0, 0x20, 6])
            + PNGFixture.chunk("IHDR", PNGFixture.header(width: image.width, height: image.height, depth: 8, colorType: 6))
            + PNGFixture.chunk("IDAT", PNGFixture.storedDeflate([0, 1, 2, 3]))
            + PNGFixture.chunk("IEND", [])
        #expect(throws: PNGDecodeError.self) { try PNGDecoder.decode(short, name: "short.png") }
    }

    @Test("an image over 4096×4096 is refused from its header, before allocating")
    func oversizedDimensions() throws {
        let huge = PNGFixture.oversized(width: 5000, height: 5000)
        #expect(huge.count < 100)
        let outcome = PNGTestSupport.withinTimeLimit(seconds: 5) { PNGTestSupport.decodeResult(huge, name: "icons/huge.png") }
        #expect(outcome.map { Self.error($0) } == .tooLarge(path: "icons/huge.png", width: 5000, height: 5000))
        #expect(Self.error(PNGTestSupport.decodeResult(PNGFixture.oversized(width: 4097, height: 1)))
                == .tooLarge(path: "fixture.png", width: 4097, height: 1))

        // The same for a crushed PNG: refused before its image data is inflated.
        var crushed = PNGFixture.crushed(PNGFixture.sampleImage())
        let ihdr = PNGFixture.chunk("IHDR", PNGFixture.header(width: 5000, height: 5000, depth: 8, colorType: 6))
        crushed.replaceSubrange(24 ..< 49, with: ihdr)  // after the signature and the 16-byte CgBI chunk
        #expect(Self.error(PNGTestSupport.decodeResult(crushed, name: "crushed.png")) == .tooLarge(path: "crushed.png", width: 5000, height: 5000))

        try PNGTestSupport.withTemporaryDirectory { dir in
            let path = dir + "/huge.png"
            try Data(huge).write(to: URL(fileURLWithPath: path))
            #expect(Self.error(PNGTestSupport.decodeResult(contentsOf: path)) == .tooLarge(path: path, width: 5000, height: 5000))
        }
        let error = PNGDecodeError.tooLarge(path: "icons/huge.png", width: 5000, height: 5000)
        #expect(error.description == "icons/huge.png: image too large to decode (5000×5000 pixels)")
    }

    @Test("custom limits bound dimensions, decoded bytes and file size")
    func customLimits() throws {
        let image = PNGFixture.sampleImage()  // 13×7
        let png = PNGFixture.png(image)
        let narrow = PNGDecoder.Limits(maxDimension: 8, maxDecodedBytes: 1 << 20, maxFileBytes: 1 << 20)
        #expect(Self.error(PNGTestSupport.decodeResult(png, limits: narrow)) == .tooLarge(path: "fixture.png", width: 13, height: 7))
        let small = PNGDecoder.Limits(maxDimension: 100, maxDecodedBytes: 13 * 7 * 4 - 1, maxFileBytes: 1 << 20)
        #expect(Self.error(PNGTestSupport.decodeResult(png, limits: small)) == .tooLarge(path: "fixture.png", width: 13, height: 7))
        let exact = PNGDecoder.Limits(maxDimension: 13, maxDecodedBytes: 13 * 7 * 4, maxFileBytes: png.count)

        try PNGTestSupport.withTemporaryDirectory { dir in
            let path = dir + "/sample.png"
            try Data(png).write(to: URL(fileURLWithPath: path))
            #expect(try PNGTestSupport.decodeResult(contentsOf: path, limits: exact).get() == image)
            let tiny = PNGDecoder.Limits(maxDimension: 4096, maxDecodedBytes: 64 << 20, maxFileBytes: 100)
            #expect(Self.error(PNGTestSupport.decodeResult(contentsOf: path, limits: tiny))
                    == .fileTooLarge(path: path, bytes: png.count, limit: 100))
        }
    }

    @Test("damaged and non-PNG data is an error naming the file")
    func corruptFixtures() throws {
        let good = PNGFixture.png(PNGFixture.sampleImage())
        #expect(Self.error(PNGTestSupport.decodeResult([], name: "empty.png")) == .notPNG(path: "empty.png"))
        #expect(Self.error(PNGTestSupport.decodeResult(Array("hello, not a picture".utf8), name: "text.png")) == .notPNG(path: "text.png"))
        #expect(PNGDecodeError.notPNG(path: "icons/x.png").description == "icons/x.png: not a PNG file (no PNG signature)")

        var badHeaderCRC = good
        badHeaderCRC[29] ^= 0xFF  // a byte of IHDR's CRC
        var badDepth = good
        badDepth.replaceSubrange(8 ..< 33, with: PNGFixture.chunk("IHDR", PNGFixture.header(width: 13, height: 7, depth: 3, colorType: 6)))
        let noImageData = PNGFixture.signature
            + PNGFixture.chunk("IHDR", PNGFixture.header(width: 13, height: 7, depth: 8, colorType: 6))
            + PNGFixture.chunk("IEND", [])
        let badZlib = PNGFixture.signature
            + PNGFixture.chunk("IHDR", PNGFixture.header(width: 13, height: 7, depth: 8, colorType: 6))
            + PNGFixture.chunk("IDAT", [0x78, 0x01, 0x07, 0xFF, 0xFF, 0xFF])
            + PNGFixture.chunk("IEND", [])
        // A 1 GiB text chunk in a 60-byte file: libpng alone would allocate the gigabyte.
        let hugeText = PNGFixture.signature
            + PNGFixture.chunk("IHDR", PNGFixture.header(width: 1, height: 1, depth: 8, colorType: 0))
            + PNGFixture.bigEndian(0x3FFF_FFFF) + Array("tEXt".utf8) + [0x42, 0x43, 0x44, 0x45]
        let cases: [(String, [UInt8])] = [
            ("huge tEXt", hugeText),
            ("signature only", PNGFixture.signature),
            ("truncated", Array(good.prefix(good.count / 2))),
            ("IHDR CRC", badHeaderCRC),
            ("bit depth 3", badDepth),
            ("no IDAT", noImageData),
            ("bad zlib data", badZlib),
        ]
        for (label, data) in cases {
            let outcome = PNGTestSupport.withinTimeLimit(seconds: 5) { PNGTestSupport.decodeResult(data, name: "icons/\(label).png") }
            guard case let .failure(.invalid(path, reason))? = outcome else {
                Issue.record("\(label): expected .invalid, got \(String(describing: outcome))")
                continue
            }
            #expect(path == "icons/\(label).png")
            if label == "huge tEXt" {
                // Refused before libpng could allocate what the chunk claims.
                #expect(reason == "the 'tEXt' chunk claims 1073741823 bytes, but only 4 follow")
            }
            let description = PNGDecodeError.invalid(path: path, reason: reason).description
            #expect(description == "icons/\(label).png: damaged or unsupported PNG (\(reason))" && !description.contains("\n"))
            print("PNGDecoder: \(label): \(description)")
        }
    }

    @Test("FIFOs, devices, directories and missing files are refused without blocking")
    func specialFiles() throws {
        try PNGTestSupport.withTemporaryDirectory { dir in
            let fifo = dir + "/icon.png"
            try #require(mkfifo(fifo, 0o600) == 0)
            // Nobody ever opens the FIFO for writing: a decoder that opened it blocking would hang here.
            let fifoOutcome = PNGTestSupport.withinTimeLimit(seconds: 5) { PNGTestSupport.decodeResult(contentsOf: fifo) }
            #expect(fifoOutcome.map { Self.error($0) } == .notARegularFile(path: fifo, kind: .fifo))

            #expect(Self.error(PNGTestSupport.decodeResult(contentsOf: dir)) == .notARegularFile(path: dir, kind: .directory))
            let missing = dir + "/missing.png"
            #expect(Self.error(PNGTestSupport.decodeResult(contentsOf: missing)) == .unreadable(path: missing, reason: "No such file or directory"))
            #expect(PNGDecodeError.unreadable(path: missing, reason: "No such file or directory").description
                    == "\(missing): cannot read (No such file or directory)")
        }
        let devNull = PNGTestSupport.withinTimeLimit(seconds: 5) { PNGTestSupport.decodeResult(contentsOf: "/dev/null") }
        #expect(devNull.map { Self.error($0) } == .notARegularFile(path: "/dev/null", kind: .characterDevice))
        #expect(PNGDecodeError.notARegularFile(path: "/dev/null", kind: .characterDevice).description
                == "/dev/null: not a regular file (a character device); not reading it")
    }

    @Test("gAMA is honoured; sRGB, no colour information and gamma ≈ 1/2.2 pass samples through")
    func gamma() throws {
        let header = PNGFixture.header(width: 4, height: 1, depth: 8, colorType: 0)
        let data = PNGFixture.scanlines([[0, 64, 128, 255]])
        func grey(_ chunks: [[UInt8]]) throws -> [UInt8] {
            let image = try PNGDecoder.decode(PNGFixture.png(header: header, chunks: chunks, imageData: data), name: "grey.png")
            return (0 ..< 4).map { image[$0, 0].r }
        }
        let gAMA = { (value: UInt32) in PNGFixture.chunk("gAMA", PNGFixture.bigEndian(value)) }
        #expect(try grey([]) == [0, 64, 128, 255])
        #expect(try grey([PNGFixture.chunk("sRGB", [0])]) == [0, 64, 128, 255])
        #expect(try grey([gAMA(45455)]) == [0, 64, 128, 255])
        #expect(try grey([gAMA(47000)]) == [0, 64, 128, 255], "within 5% of 1/2.2 counts as sRGB")
        // Linear light (gamma 1.0) shown on a gamma-2.2 display: 255 × (v / 255)^(1 / 2.2).
        #expect(try grey([gAMA(100_000)]) == [0, 136, 186, 255])
        #expect(try grey([gAMA(65909)]) == [0, 98, 159, 255])
        // sRGB wins over gAMA; a gAMA after PLTE/IDAT or with a bad CRC is ignored, as libpng does.
        #expect(try grey([gAMA(100_000), PNGFixture.chunk("sRGB", [0])]) == [0, 64, 128, 255])
        var damaged = gAMA(100_000)
        damaged[damaged.count - 1] ^= 1
        #expect(try grey([damaged]) == [0, 64, 128, 255])
    }

    @Test("16-bit samples round to 8 bits, without colour information taken as sRGB, interlaced or not")
    func sixteenBit() throws {
        // 8×8 grey ramp; v / 257 is the exact 8-bit value when v is a multiple of 257, else it rounds.
        let values: [[UInt16]] = (0 ..< 8).map { y in (0 ..< 8).map { x in UInt16(y * 8 + x) * 1000 + 258 } }
        let expected = values.map { row in row.map { UInt8((Int($0) * 255 + 32767) / 65535) } }
        let pixels = values.map { row in row.map { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        let plain = PNGFixture.png(header: PNGFixture.header(width: 8, height: 8, depth: 16, colorType: 0),
                                   imageData: PNGFixture.scanlines(pixels.map { $0.flatMap { $0 } }))
        let interlaced = PNGFixture.png(header: PNGFixture.header(width: 8, height: 8, depth: 16, colorType: 0, interlace: 1),
                                        imageData: PNGFixture.adam7(pixels))
        for (label, file) in [("plain", plain), ("interlaced", interlaced)] {
            let image = try PNGDecoder.decode(file, name: "\(label).png")
            let grey = (0 ..< 8).map { y in (0 ..< 8).map { x in image[x, y].r } }
            #expect(grey == expected, "\(label)")
            #expect(image.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "\(label): opaque")
        }
    }

    /// The error of a failed decode, nil for a success.
    static func error(_ result: Result<RGBABitmap, PNGDecodeError>) -> PNGDecodeError? {
        if case let .failure(error) = result { return error }
        return nil
    }
}
