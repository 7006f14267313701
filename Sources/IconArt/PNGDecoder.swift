import CPNG
import FileAccess
import Foundation
import IconCatalog
import SystemPackage
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a PNG could not be decoded. One case per thing a caller may want to treat
/// differently (skip a special file, report a damaged one); every case carries the file's
/// name so `description` is a complete, one-line message for a log or the status line.
public enum PNGDecodeError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path is a FIFO, device, directory or socket (`kind` says which). Refused before
    /// reading: a FIFO would block the decoder forever and a device may never end.
    case notARegularFile(path: String, kind: FileKind)
    /// `open`, `stat` or `read` failed; `reason` is the system's message for `errno`.
    case unreadable(path: String, reason: String)
    /// The file is bigger than the decoder is willing to read into memory.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The header declares more pixels than the decoder is willing to allocate.
    case tooLarge(path: String, width: Int, height: Int)
    /// The data does not start with the PNG signature.
    case notPNG(path: String)
    /// A damaged or unsupported PNG. `reason` says what is wrong: libpng's message prefixed
    /// `libpng:`, a chunk that runs past the end of the file, or a problem with an
    /// Xcode-crushed file prefixed `CgBI:`.
    case invalid(path: String, reason: String)

    public var description: String {
        switch self {
        case let .notARegularFile(path, kind):
            return "\(path): not a regular file (\(kind)); not reading it"
        case let .unreadable(path, reason):
            return "\(path): cannot read (\(reason))"
        case let .fileTooLarge(path, bytes, limit):
            return "\(path): file too large (\(bytes) bytes; the limit is \(limit) bytes)"
        case let .tooLarge(path, width, height):
            return "\(path): image too large to decode (\(width)×\(height) pixels)"
        case let .notPNG(path):
            return "\(path): not a PNG file (no PNG signature)"
        case let .invalid(path, reason):
            return "\(path): damaged or unsupported PNG (\(reason))"
        }
    }
}

/// Turns PNG files, including the Xcode-crushed ("CgBI") ones found in built .app bundles,
/// into `RGBABitmap`s. Decoding goes through libpng's simplified API because it reports
/// errors by return value instead of `longjmp`, which Swift cannot survive.
///
/// What comes out (the contract `reference_decode.py` restates for the tests):
/// - Samples are scaled to 8 bits with rounding: `round(255 × v / (2^depth − 1))`, which for
///   depths below 8 is bit replication. Palettes are expanded; `tRNS` makes the keyed colour or
///   palette entries transparent; images without alpha are opaque; alpha is straight.
/// - A `gAMA` chunk is honoured, as browsers and iOS honour it (see `Gamma`): a file that
///   says its samples are linear light looks right instead of dark. Files with an `sRGB`
///   chunk or no colour information, 8- or 16-bit, are taken as sRGB and passed through
///   (libpng on its own would take a 16-bit file without `gAMA` as linear and brighten it).
///   `cHRM`, `cICP` and ICC profiles are ignored: a terminal has no wider gamut to map to.
/// - Fully transparent pixels are 0, 0, 0, 0.
/// - 16-bit files with partial alpha: colour is exact to within one step once multiplied by
///   alpha (it passes through libpng's premultiplied 16-bit form); everything else is exact.
///
/// Work is bounded before memory is committed: only regular files are read, files over
/// `Limits.maxFileBytes` are refused, a chunk claiming more bytes than the file holds is
/// refused, only the chunks that make pixels reach libpng, and the image size is checked
/// against `Limits` after the header is read and before the pixel buffer is allocated.
public struct PNGDecoder: Sendable {
    /// Bounds that keep a hostile or accidental file from costing unbounded memory.
    public struct Limits: Equatable, Sendable {
        /// Widest and tallest image accepted.
        public var maxDimension: Int
        /// Largest decoded buffer accepted: `width × height × 4` bytes, or `× 8` while a
        /// 16-bit file is being reduced.
        public var maxDecodedBytes: Int
        /// Largest file read into memory.
        public var maxFileBytes: Int

        public init(maxDimension: Int, maxDecodedBytes: Int, maxFileBytes: Int) {
            self.maxDimension = maxDimension
            self.maxDecodedBytes = maxDecodedBytes
            self.maxFileBytes = maxFileBytes
        }

        /// 4096×4096 and 64 MiB decoded: four times the side of the largest icon an app ships
        /// (1024×1024, the App Store icon). Files up to 64 MiB are read, about what a 4096×4096
        /// RGBA image takes with no compression at all; real icons are a few hundred KiB.
        public static let standard = Limits(maxDimension: 4096, maxDecodedBytes: 64 << 20, maxFileBytes: 64 << 20)

        /// Whether an image of this size may be decoded into `bytesPerPixel` bytes a pixel
        /// (4 for the result, 8 for the 16-bit working buffer of a 16-bit file).
        func allows(width: Int, height: Int, bytesPerPixel: Int) -> Bool {
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            return width <= maxDimension && height <= maxDimension && !overflow && pixels <= maxDecodedBytes / bytesPerPixel
        }
    }

    /// Reads and decodes the file at `path`. Only regular files are read (a FIFO or device is
    /// refused without blocking on it); the whole file is read into memory first.
    public static func decode(contentsOf path: String, limits: Limits = .standard) throws(PNGDecodeError) -> RGBABitmap {
        try decode(from: .file(path), limits: limits)
    }

    /// Reads the file at `path` like `decode(contentsOf:limits:)`, and hands the picture to `sink`
    /// a row at a time. For the commonest PNGs, Xcode's crushed ones included (see
    /// `PNGRowDecoder`), rows go out as they are decoded, so the whole picture is never held; on
    /// any error nothing more reaches `sink`. The decode holds its share of `budget` (the most it
    /// may need, see `workingBytes`) from before the file is read until it is done.
    /// `pipelined`: whether a large picture is inflated on a thread of its own (see `PNGRowDecoder.decode`).
    public static func decode<Sink: RGBARowSink>(contentsOf path: String, limits: Limits = .standard,
                                                 budget: DecodeBudget = .shared, pipelined: Bool? = nil,
                                                 into sink: inout Sink) throws(PNGDecodeError) {
        try budget.withReservation(workingBytes(of: .file(path), limits: limits)) { () throws(PNGDecodeError) in
            let data = try readRegularFile(path, limit: limits.maxFileBytes)
            try decode(data, name: path, limits: limits, into: &sink, pipelined: pipelined)
        }
    }

    /// The most a decode of `source` may hold, judged from its size and header before it is read:
    /// the file, a rewritten copy of it (the chunks libpng is given, or a crushed file made
    /// standard) and, for an archived one, the inflated entry as well, and the decoded picture (12
    /// bytes a pixel for 16-bit files, which are reduced from a 16-bit buffer), no more than
    /// `limits` let through.
    static func workingBytes(of source: ImageSource, limits: Limits) -> Int {
        let stored: Int, copies: Int
        switch source {
        case .file(let path):
            var info = stat()
            guard stat(path, &info) == 0 else { return 0 }
            (stored, copies) = (max(0, Int(info.st_size)), 2)
        case .archived(let file):
            (stored, copies) = (Int(min(file.entry.uncompressedSize, UInt64(Int.max))), 3)
        case .compiled(let image):
            // The stored pixels and the straight copy, no more than `limits` let through.
            let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
            return overflow ? limits.maxDecodedBytes * 2 : min(pixels * 8, limits.maxDecodedBytes * 2)
        }
        let fileBytes = min(stored, limits.maxFileBytes)
        guard let header = try? source.readPrefix(64), let fields = PNGHeader.fields(of: header) else {
            return copies * fileBytes
        }
        // Each side is below 2^31, so the pixel count cannot overflow; the bytes may.
        let (decoded, overflow) = (fields.width * fields.height).multipliedReportingOverflow(by: fields.bitDepth == 16 ? 12 : 4)
        return copies * fileBytes + min(overflow ? Int.max : decoded, limits.maxDecodedBytes * 3 / 2)
    }

    /// Reads and decodes an image from a file or an archive entry.
    public static func decode(from source: ImageSource, limits: Limits = .standard) throws(PNGDecodeError) -> RGBABitmap {
        var sink = BitmapSink()
        try decode(from: source, limits: limits, into: &sink)
        return sink.bitmap
    }

    /// Reads and decodes an image from a file or an archive entry, a row at a time into `sink`.
    /// A file goes through `decode(contentsOf:limits:into:)`; an archived one is inflated into
    /// memory first, within `limits.maxFileBytes`.
    public static func decode<Sink: RGBARowSink>(from source: ImageSource, limits: Limits = .standard,
                                                 budget: DecodeBudget = .shared, pipelined: Bool? = nil,
                                                 into sink: inout Sink) throws(PNGDecodeError) {
        if case .compiled(let image) = source {
            return try budget.withReservation(workingBytes(of: source, limits: limits)) { () throws(PNGDecodeError) in
                sink.take(whole: try decodeCompiled(image, limits: limits))
            }
        }
        guard case .archived = source else {
            return try decode(contentsOf: source.path, limits: limits, budget: budget, pipelined: pipelined, into: &sink)
        }
        try budget.withReservation(workingBytes(of: source, limits: limits)) { () throws(PNGDecodeError) in
            let data: Data
            do throws(ImageReadError) {
                data = try source.read(limit: limits.maxFileBytes)
            } catch {
                throw .unreadable(path: source.path, reason: error.description)
            }
            try decode([UInt8](data), name: source.path, limits: limits, into: &sink, pipelined: pipelined)
        }
    }

    /// The pixels of an image of a compiled asset catalog, within `limits`.
    static func decodeCompiled(_ image: CarImage, limits: Limits) throws(PNGDecodeError) -> RGBABitmap {
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        guard !overflow, pixels * 4 <= limits.maxDecodedBytes else {
            throw .tooLarge(path: image.path, width: image.width, height: image.height)
        }
        do {
            let bitmap = try image.pixels()
            return RGBABitmap(width: bitmap.width, height: bitmap.height, pixels: bitmap.rgba)
        } catch {
            throw .invalid(path: image.car.path, reason: error.description)
        }
    }

    /// Decodes PNG bytes already in memory; `name` is only used in error messages.
    public static func decode(_ data: [UInt8], name: String, limits: Limits = .standard) throws(PNGDecodeError) -> RGBABitmap {
        var sink = BitmapSink()
        try decode(data, name: name, limits: limits, into: &sink)
        return sink.bitmap
    }

    /// Decodes PNG bytes into `sink` row by row. `rowDecoder: false` sends every file through
    /// libpng (the tests and the fuzzer compare the two paths), as a build without ISA-L (the
    /// ISAL trait) does with every file; `pipelined` makes the row decoder
    /// inflate on a second thread or not, whatever the image's size (the fuzzer compares both).
    package static func decode<Sink: RGBARowSink>(_ data: [UInt8], name: String, limits: Limits, into sink: inout Sink,
                                          rowDecoder: Bool = true, pipelined: Bool? = nil) throws(PNGDecodeError) {
        guard data.count >= pngSignature.count, data.prefix(pngSignature.count).elementsEqual(pngSignature) else {
            throw .notPNG(path: name)
        }
        let file = try PNGChunks(data, name: name)
        let isCrushed = file.chunks.first?.type == "CgBI"
        // Crushed files are made for iOS's sRGB pipeline: their colour-space chunks are ignored.
        let gamma = isCrushed ? nil : Gamma(fileGamma: file.gamma)
        #if ISAL
        if rowDecoder, let rows = PNGRowDecoder(file, limits: limits), rows.decode(gamma: gamma, into: &sink, pipelined: pipelined) {
            return
        }
        #endif
        // Not a file the row decoder takes, or one it found a problem in: libpng decides.
        guard isCrushed else {
            sink.take(whole: try decodeWithLibpng(file.pixelsOnly(), name: name, limits: limits, gamma: gamma))
            return
        }
        let crushed = try CgBI.standardPNG(fromCrushed: file, name: name, limits: limits)
        var bitmap = try decodeWithLibpng(crushed.png, name: name, limits: limits, gamma: nil)
        crushed.restore(&bitmap)
        sink.take(whole: bitmap)
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Decodes a PNG that has no colour-space chunks with libpng's simplified API, so libpng
    /// returns the samples as stored, then applies `gamma`.
    ///
    /// Up to 8 bits a sample, libpng's 8-bit RGBA output is exact (low depths and palettes
    /// expanded, `tRNS` turned into alpha). 16-bit files are read as 16-bit instead and reduced
    /// here: libpng 1.6's own 16-to-8-bit path garbles interlaced 16-bit images (pngsuite's
    /// ibasn0g16 comes out with 132 for 0), and 16 bits keep precision for the gamma step. That
    /// output is premultiplied by alpha (the only 16-bit form the simplified API offers), so colour
    /// under partial alpha is divided back out; what shows after compositing is within one step.
    static func decodeWithLibpng(_ data: [UInt8], name: String, limits: Limits, gamma: Gamma?) throws(PNGDecodeError) -> RGBABitmap {
        // libpng reads from `data` until png_image_finish_read returns, so everything happens
        // inside one withUnsafeBytes; errors come out as a Result to keep the throw typed.
        let result: Result<RGBABitmap, PNGDecodeError> = data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png_image_free(&image) }  // a no-op once libpng has freed it itself
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                return .failure(.invalid(path: name, reason: "libpng: " + LibPNG.message(of: image)))
            }
            let width = Int(image.width), height = Int(image.height)
            let sixteenBit = image.format & png_uint_32(PNG_FORMAT_FLAG_LINEAR) != 0
            guard limits.allows(width: width, height: height, bytesPerPixel: sixteenBit ? 8 : 4) else {
                return .failure(.tooLarge(path: name, width: width, height: height))
            }
            // PNG_FORMAT_RGBA / PNG_FORMAT_LINEAR_RGB_ALPHA, spelled out: Swift cannot import a
            // macro built from other macros.
            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | (sixteenBit ? PNG_FORMAT_FLAG_LINEAR : 0))
            var pixels: [UInt8]
            let finished: Int32
            if sixteenBit {
                var samples = [UInt16](repeating: 0, count: width * height * 4)
                finished = samples.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
                pixels = finished != 0 ? reduce16(samples, gamma: gamma) : []
            } else {
                pixels = [UInt8](repeating: 0, count: width * height * 4)
                finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
                if let gamma { gamma.apply(toRGBA8: &pixels) }
            }
            guard finished != 0 else {
                return .failure(.invalid(path: name, reason: "libpng: " + LibPNG.message(of: image)))
            }
            clearTransparent(&pixels)
            return .success(RGBABitmap(width: width, height: height, pixels: pixels))
        }
        return try result.get()
    }

    /// 16-bit premultiplied RGBA (libpng's linear format) to 8-bit straight RGBA.
    static func reduce16(_ samples: [UInt16], gamma: Gamma?) -> [UInt8] {
        let opaqueTable = gamma?.table16()
        var pixels = [UInt8](repeating: 0, count: samples.count)
        samples.withUnsafeBufferPointer { s in
            pixels.withUnsafeMutableBufferPointer { p in
                for i in stride(from: 0, to: s.count, by: 4) {
                    let alpha = Int(s[i + 3])
                    if alpha == 0 { continue }  // stays 0, 0, 0, 0
                    p[i + 3] = UInt8((alpha * 255 + 32767) / 65535)
                    for c in i ..< i + 3 {
                        if alpha == 65535 {
                            let value = Int(s[c])
                            p[c] = opaqueTable?[value] ?? UInt8((value * 255 + 32767) / 65535)
                        } else {
                            let straight = min(1, Double(s[c]) / Double(alpha))
                            p[c] = gamma?.encode(straight) ?? UInt8((255 * straight + 0.5).rounded(.down))
                        }
                    }
                }
            }
        }
        return pixels
    }

    /// Fully transparent pixels become 0, 0, 0, 0: their colour is invisible, and this way it
    /// can't bleed into neighbours when the bitmap is scaled.
    static func clearTransparent(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] == 0 {
                p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
            }
        }
    }

    /// Reads a whole regular file, refusing anything else without blocking on it.
    static func readRegularFile(_ path: String, limit: Int) throws(PNGDecodeError) -> [UInt8] {
        do {
            return try BoundedFile.readBytes(path, limit: limit)
        } catch {
            switch error {
            case .notARegularFile(let kind): throw .notARegularFile(path: path, kind: kind)
            case .tooLarge(let bytes): throw .fileTooLarge(path: path, bytes: bytes, limit: limit)
            case .notFound: throw .unreadable(path: path, reason: Errno.noSuchFileOrDirectory.message)
            case .badLink(let problem): throw .unreadable(path: path, reason: problem)
            case .system(let reason): throw .unreadable(path: path, reason: reason)
            }
        }
    }
}

/// How a file's `gAMA` is honoured. Browsers and iOS show a PNG according to its gamma, so this
/// decoder does too, with libpng's model of the display: sRGB taken as a pure 2.2 power. A
/// sample x in 0...1 becomes x^(1 / (2.2 × file gamma)). A file gamma within 5% of 1/2.2 (the
/// value most tools write to mean sRGB, as libpng treats it) is left alone, as are files with
/// an `sRGB` chunk or no colour information. Alpha is never touched.
struct Gamma: Sendable {
    let exponent: Double

    /// nil when nothing needs doing. `fileGamma` is the `gAMA` value (1/100000 units), nil for sRGB.
    init?(fileGamma: Int?) {
        guard let fileGamma else { return nil }
        let product = 2.2 * Double(fileGamma) / 100000
        guard abs(product - 1) > 0.05 else { return nil }
        exponent = 1 / product
    }

    /// A sample in 0...1 to its display value in 0...255, rounded to nearest.
    func encode(_ x: Double) -> UInt8 {
        UInt8((255 * pow(x, exponent) + 0.5).rounded(.down))
    }

    func apply(toRGBA8 pixels: inout [UInt8]) {
        let table = (0 ... 255).map { encode(Double($0) / 255) }
        pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices where i % 4 != 3 { p[i] = table[Int(p[i])] }
        }
    }

    /// Display values of the 65536 16-bit samples.
    func table16() -> [UInt8] {
        (0 ... 65535).map { encode(Double($0) / 65535) }
    }
}
