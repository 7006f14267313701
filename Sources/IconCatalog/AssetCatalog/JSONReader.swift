/// Reads the plain JSON that `Contents.json` and `icon.json` files hold straight into a
/// `JSONValue`, without Foundation's `Any` tree and the casts that take it apart (a third of
/// the time of reading a project's icon sets). Stricter than Foundation on purpose: anything
/// it is not sure Foundation reads the same way (a byte order mark, a non-ASCII byte outside
/// a string, a duplicate key, a lone surrogate, `\u0000`, `-0`, a number of more than 15 characters,
/// nesting over 128 levels, any error) makes it give up with nil, and `JSONFile.parse` asks
/// Foundation, so the values and the messages about malformed files stay Foundation's.
struct JSONReader {
    /// Deeper documents go to Foundation, whose own limit is 512 levels.
    static let maximumDepth = 128
    /// Longer numbers go to Foundation: up to 15 characters, a number reads the same
    /// whether it is taken as an integer or as a double.
    static let maximumNumberLength = 15

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The document's value, or nil when Foundation must decide.
    static func value<Bytes: Collection<UInt8>>(of data: Bytes) -> JSONValue? {
        var reader = JSONReader(Array(data))
        reader.skipWhitespace()
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipWhitespace()
        return reader.index == reader.bytes.count ? value : nil
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func value(depth: Int) -> JSONValue? {
        guard depth < Self.maximumDepth, let byte = current else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> JSONValue? {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { return nil }
            index += 1
            skipWhitespace()
            guard let member = value(depth: depth + 1), members.updateValue(member, forKey: key) == nil else { return nil }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return .object(members)
            default: return nil
            }
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?:
                index += 1
                return .array(elements)
            default: return nil
            }
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return nil }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return nil }
        index += count
        return value
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as Foundation reads it.
    private mutating func number() -> JSONValue? {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { return nil }
        if first == UInt8(ascii: "0") {
            index += 1
            if index - start == 2 { return nil }  // -0: an integer zero for Foundation, -0.0 for Double
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, isDigit(digit) else { return nil }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, isDigit(digit) else { return nil }
            skipDigits()
        }
        guard index - start <= Self.maximumNumberLength,
              let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else { return nil }
        return .number(number)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = current, isDigit(byte) { index += 1 }
    }

    /// A string at `current` (the opening quote), its escapes decoded; nil for a control
    /// character, a malformed escape, a lone surrogate or bytes that are not UTF-8.
    private mutating func string() -> String? {
        index += 1
        let start = index
        // The common case: no escapes, the bytes are the string.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 { index += 1 }
        guard let stop = current, stop >= 0x20 else { return nil }
        if stop == UInt8(ascii: "\"") {
            index += 1
            return String(validating: bytes[start..<(index - 1)], as: UTF8.self)
        }
        var decoded = Array(bytes[start..<index])
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard escape(into: &decoded) else { return nil }
            case 0..<0x20:
                return nil
            default:
                decoded.append(byte)
            }
        }
        return nil
    }

    /// One escape after its backslash, appended as UTF-8.
    private mutating func escape(into decoded: inout [UInt8]) -> Bool {
        guard let byte = current else { return false }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            guard let unit = hexUnit() else { return false }
            var scalarValue = UInt32(unit)
            if (0xD800..<0xDC00).contains(unit) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    return false
                }
                index += 2
                guard let low = hexUnit(), (0xDC00..<0xE000).contains(low) else { return false }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            // NUL is left to Foundation, whose strings may end there.
            guard scalarValue != 0, let scalar = Unicode.Scalar(scalarValue) else { return false }
            decoded.append(contentsOf: UTF8.encode(scalar)!)
        default:
            return false
        }
        return true
    }

    private mutating func hexUnit() -> UInt16? {
        guard bytes.count - index >= 4 else { return nil }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }
}
