import CPNG
import Foundation
import IconArt

/// Test-side readers for what the encoders write, written from the protocols' documents and
/// independent of the encoders' code, so a test decodes the stream as a terminal would.
/// Shared by the encoder tests, the chooser's runtime tests and the end-to-end tests.

public struct DecodingError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One kitty graphics command: its keys in order and its payload (still base64).
public struct KittyCommand: Equatable {
    public var keys: [(String, String)]
    public var payload: [UInt8]

    public subscript(key: String) -> String? { keys.first { $0.0 == key }?.1 }
    public var keyNames: [String] { keys.map(\.0) }

    public static func == (a: KittyCommand, b: KittyCommand) -> Bool {
        a.keys.map { "\($0.0)=\($0.1)" } == b.keys.map { "\($0.0)=\($0.1)" } && a.payload == b.payload
    }
}

/// Every `ESC _ G … ESC \` in `bytes`; anything else in the stream is an error.
public func kittyCommands(_ bytes: [UInt8]) throws -> [KittyCommand] {
    var commands: [KittyCommand] = []
    var i = 0
    while i < bytes.count {
        guard bytes[i...].starts(with: [0x1B, UInt8(ascii: "_"), UInt8(ascii: "G")]) else {
            throw DecodingError("byte \(i) is not the start of a kitty command")
        }
        guard let end = (i + 3..<bytes.count - 1).first(where: { bytes[$0] == 0x1B && bytes[$0 + 1] == UInt8(ascii: "\\") }) else {
            throw DecodingError("unterminated command at \(i)")
        }
        let body = Array(bytes[i + 3..<end])
        let split = body.firstIndex(of: UInt8(ascii: ";")) ?? body.count
        let control = String(decoding: body[..<split], as: UTF8.self)
        let keys = control.split(separator: ",").map { pair -> (String, String) in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        commands.append(KittyCommand(keys: keys, payload: split < body.count ? Array(body[(split + 1)...]) : []))
        i = end + 2
    }
    return commands
}

/// The image a run of transmission chunks carries: chunks joined, base64 decoded, then
/// inflated (`o=z`, raw RGBA of `s`×`v`) or read as PNG (`f=100`).
public func kittyImage(_ chunks: [KittyCommand]) throws -> RGBABitmap {
    guard let first = chunks.first else { throw DecodingError("no chunks") }
    let base64 = chunks.flatMap(\.payload)
    guard let data = Data(base64Encoded: Data(base64)) else { throw DecodingError("payload is not base64") }
    switch first["f"] {
    case "100":
        return try PNGDecoder.decode(Array(data), name: "kitty payload")
    case "32":
        guard first["o"] == "z", let width = first["s"].flatMap(Int.init), let height = first["v"].flatMap(Int.init) else {
            throw DecodingError("f=32 without o=z, s and v")
        }
        let pixels = try inflate(Array(data), expected: width * height * 4)
        return RGBABitmap(width: width, height: height, pixels: pixels)
    default:
        throw DecodingError("unexpected format \(first["f"] ?? "none")")
    }
}

/// zlib-format data inflated to exactly `expected` bytes.
public func inflate(_ data: [UInt8], expected: Int) throws -> [UInt8] {
    var out = [UInt8](repeating: 0, count: expected + 1)
    var size = uLong(out.count)
    let status = out.withUnsafeMutableBufferPointer { out in
        data.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong($0.count)) }
    }
    guard status == Z_OK, Int(size) == expected else { throw DecodingError("zlib: status \(status), \(size) bytes") }
    return Array(out.prefix(expected))
}

/// A sixel picture as a terminal would draw it.
public struct DecodedSixel {
    /// `P2` of the DCS: 1 leaves unset pixels as they are.
    public var transparentBackground: Bool
    /// From the raster attributes.
    public var width: Int
    public var height: Int
    /// `width * height`, row-major; nil where no sixel bit was set.
    public var pixels: [(UInt8, UInt8, UInt8)?]
    /// The furthest pixel any set bit reached, which a terminal would draw even outside
    /// the raster attributes' size.
    public var drawnWidth = 0
    public var drawnHeight = 0
    public var registersDefined = 0

    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8)? { pixels[y * width + x] }
}

/// Reads `ESC P p1;p2;p3 q "pan;pad;ph;pv #…  ESC \`: colour definitions in percent (`#n;2;r;g;b`),
/// colour selection (`#n`), repeats (`!count c`), `$` back to the band's start, `-` to the next band.
public func decodeSixel(_ bytes: [UInt8]) throws -> DecodedSixel {
    guard bytes.starts(with: [0x1B, UInt8(ascii: "P")]), let q = bytes.firstIndex(of: UInt8(ascii: "q")) else {
        throw DecodingError("no DCS … q")
    }
    let parameters = String(decoding: bytes[2..<q], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    guard bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")] else { throw DecodingError("not terminated by ST") }
    let body = Array(bytes[(q + 1)..<(bytes.count - 2)])
    var i = 0
    func number() -> Int? {
        var value: Int?
        while i < body.count, (48...57).contains(body[i]) {
            value = (value ?? 0) * 10 + Int(body[i] - 48)
            i += 1
        }
        return value
    }
    func numbers() -> [Int] {
        var values: [Int] = []
        repeat {
            if i < body.count && body[i] == UInt8(ascii: ";") { i += 1 }
            values.append(number() ?? 0)
        } while i < body.count && body[i] == UInt8(ascii: ";")
        return values
    }
    guard body.first == UInt8(ascii: "\"") else { throw DecodingError("no raster attributes") }
    i = 1
    let raster = numbers()
    guard raster.count == 4, raster[0] == 1, raster[1] == 1 else { throw DecodingError("raster attributes \(raster)") }
    var picture = DecodedSixel(transparentBackground: parameters.count > 1 && parameters[1] == 1,
                               width: raster[2], height: raster[3],
                               pixels: Array(repeating: nil, count: raster[2] * raster[3]))
    var palette: [Int: (UInt8, UInt8, UInt8)] = [:]
    var color: (UInt8, UInt8, UInt8)?
    var x = 0, band = 0
    func draw(_ sixel: UInt8, count: Int) throws {
        guard (63...126).contains(sixel) else { throw DecodingError("byte \(sixel) is not a sixel") }
        let bits = sixel - 63
        for _ in 0..<count {
            for bit in 0..<6 where bits & (1 << bit) != 0 {
                guard let color else { throw DecodingError("a sixel before any colour") }
                let y = band * 6 + bit
                picture.drawnWidth = max(picture.drawnWidth, x + 1)
                picture.drawnHeight = max(picture.drawnHeight, y + 1)
                if x < picture.width && y < picture.height { picture.pixels[y * picture.width + x] = color }
            }
            x += 1
        }
    }
    while i < body.count {
        let byte = body[i]
        switch byte {
        case UInt8(ascii: "#"):
            i += 1
            let values = numbers()
            if values.count == 5 {
                guard values[1] == 2, values[2...].allSatisfy({ (0...100).contains($0) }) else {
                    throw DecodingError("colour \(values)")
                }
                func byte(_ percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }
                palette[values[0]] = (byte(values[2]), byte(values[3]), byte(values[4]))
                picture.registersDefined += 1
            } else if values.count != 1 {
                throw DecodingError("colour \(values)")
            }
            guard let defined = palette[values[0]] else { throw DecodingError("register \(values[0]) used undefined") }
            color = defined
        case UInt8(ascii: "!"):
            i += 1
            guard let count = number(), i < body.count else { throw DecodingError("bad repeat") }
            try draw(body[i], count: count)
            i += 1
        case UInt8(ascii: "$"):
            x = 0; i += 1
        case UInt8(ascii: "-"):
            x = 0; band += 1; i += 1
        default:
            try draw(byte, count: 1)
            i += 1
        }
    }
    return picture
}

/// An OSC 1337 inline image: its arguments and the file it carries, in either form.
public struct ITerm2File {
    public var arguments: [String: String]
    public var file: [UInt8]
    /// How many escape sequences carried it, and the longest.
    public var sequences: Int
    public var longestSequence: Int
}

public func decodeITerm2(_ bytes: [UInt8]) throws -> ITerm2File {
    // Split into OSC sequences: ESC ] … BEL.
    var sequences: [[UInt8]] = []
    var i = 0
    while i < bytes.count {
        guard bytes[i...].starts(with: [0x1B, UInt8(ascii: "]")]), let end = bytes[i...].firstIndex(of: 0x07) else {
            throw DecodingError("byte \(i) does not start an OSC sequence ending in BEL")
        }
        sequences.append(Array(bytes[(i + 2)..<end]))
        i = end + 1
    }
    func arguments(_ text: Substring) -> [String: String] {
        Dictionary(text.split(separator: ";").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }, uniquingKeysWith: { $1 })
    }
    let texts = sequences.map { String(decoding: $0, as: UTF8.self) }
    let longest = sequences.map { $0.count + 3 }.max() ?? 0
    var base64 = ""
    let found: [String: String]
    if texts.count == 1, texts[0].hasPrefix("1337;File="), let colon = texts[0].firstIndex(of: ":") {
        found = arguments(texts[0][texts[0].index(texts[0].startIndex, offsetBy: 10)..<colon])
        base64 = String(texts[0][texts[0].index(after: colon)...])
    } else if let first = texts.first, first.hasPrefix("1337;MultipartFile="), texts.last == "1337;FileEnd" {
        found = arguments(first.dropFirst("1337;MultipartFile=".count))
        for part in texts.dropFirst().dropLast() {
            guard part.hasPrefix("1337;FilePart=") else { throw DecodingError("unexpected \(part.prefix(20))") }
            base64 += part.dropFirst("1337;FilePart=".count)
        }
    } else {
        throw DecodingError("neither File= nor MultipartFile … FileEnd")
    }
    guard let data = Data(base64Encoded: base64) else { throw DecodingError("not base64") }
    return ITerm2File(arguments: found, file: Array(data), sequences: sequences.count, longestSequence: longest)
}
