import Foundation

/// Reads the plain JSON that Xcode writes (`Contents.json`, `icon.json`) straight into
/// `JSONValue`s, in one pass over the bytes. Going through `JSONSerialization` built
/// Foundation objects and then converted them, a cast per value, which was most of the time
/// spent on a project's asset catalogs.
///
/// It reads a strict subset and gives up (nil) on anything else: text that is not UTF-8,
/// duplicate keys, numbers that are very long or negative zero, nesting deeper than real files
/// go, and every error. `JSONFile` then asks Foundation, so what is accepted, what is
/// refused and every message stay Foundation's.
struct PlainJSONParser {
    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The value `data` holds (any value at the top, as `.fragmentsAllowed`), or nil when it is
    /// not in the subset read here.
    static func parse(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw -> JSONValue? in
            var parser = PlainJSONParser(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipSpace()
            return parser.index == parser.bytes.count ? value : nil
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        guard index < bytes.count, depth < Self.maximumDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth + 1)
        case UInt8(ascii: "["): return array(depth: depth + 1)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return number()
        }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let member = value(depth: depth), members.updateValue(member, forKey: key) == nil else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            guard let element = value(depth: depth) else { return nil }
            elements.append(element)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(elements)
        }
    }

    /// A string from its opening quote; nil for a control character, a lone surrogate or
    /// bytes that are not UTF-8.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // Most strings have no escapes: one slice, validated as UTF-8.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { return nil }
            index += 1
        }
        var decoded = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = escapedScalar() else { return nil }
                    decoded.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            default:
                if byte < 0x20 { return nil }
                decoded.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (the `\u` read), a surrogate pair taking the `\uXXXX` after it.
    private mutating func escapedScalar() -> Unicode.Scalar? {
        guard let high = hexQuad() else { return nil }
        if !(0xD800...0xDFFF).contains(high) { return Unicode.Scalar(high) }
        guard high < 0xDC00, index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        index += 2
        guard let low = hexQuad(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    private mutating func hexQuad() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// JSON's number grammar exactly; at most 15 digits before any fraction (so the value is
    /// the one Foundation's integer reading gives), never `-0`.
    private mutating func number() -> JSONValue? {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits <= 15,
              bytes[integerStart] != UInt8(ascii: "0") || integerDigits == 1 else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return nil }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite, !(value == 0 && value.sign == .minus) else { return nil }
        return .number(value)
    }
}
