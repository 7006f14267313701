/// Reads JSON5, the form Expo reads `app.json` and `app.config.json` in (its `@expo/json-file`
/// parses them with the `json5` package): `//` and `/* */` comments, trailing commas, single-quoted
/// strings, unquoted keys, hexadecimal numbers, `+1`, `.5`, `Infinity` and `NaN`, and lines of a
/// string continued with a backslash. Written here because swift-corelibs-foundation's
/// `JSONSerialization` has no `.json5Allowed` (Darwin's has; Linux's rejects the option) and no
/// package the project depends on reads JSON5; real apps put comments inside their plugin blocks.
///
/// Bounded: a document is read once, byte by byte, nesting stops at `maximumDepth`, and the
/// caller gives it no more than its size limit of bytes. A duplicate key keeps the last value,
/// as `json5` does. Errors name the line and column. `outline` also gives where each value's
/// text is and the members in the order they are written, for edits that change a few bytes.
package struct JSON5Reader {
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        package let line: Int
        package let column: Int
        package let problem: String

        package var description: String { "line \(line), column \(column): \(problem)" }
    }

    /// The `json5` package has no limit; 128 levels is far beyond any real config.
    package static let maximumDepth = 128

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The document's value, or where and why it is not JSON5.
    package static func parse<Bytes: Collection<UInt8>>(_ data: Bytes) -> Result<JSONValue, Failure> {
        outline(data).map(\.value)
    }

    /// The document's value with where its text is (byte offsets into `data`), or where and why it is not JSON5.
    package static func outline<Bytes: Collection<UInt8>>(_ data: Bytes) -> Result<JSON5Node, Failure> {
        var reader = JSON5Reader(Array(data))
        do throws(Failure) {
            // A byte order mark is skipped, as Node's file reading leaves it to the parser and json5 allows it.
            if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
            try reader.skipSpace()
            let value = try reader.value(depth: 0)
            try reader.skipSpace()
            guard reader.index == reader.bytes.count else { throw reader.failure("more text after the value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func failure(_ problem: String, at position: Int? = nil) -> Failure {
        let stop = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[..<stop] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return Failure(line: line, column: column, problem: problem)
    }

    /// Spaces, line ends and comments (including Unicode spaces json5 allows: U+00A0, U+FEFF, U+2028, U+2029).
    private mutating func skipSpace() throws(Failure) {
        while let byte = current {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                index += 1
            case UInt8(ascii: "/"):
                let start = index
                guard index + 1 < bytes.count else { throw failure("a lone “/”") }
                if bytes[index + 1] == UInt8(ascii: "/") {
                    while let byte = current, byte != 0x0A, byte != 0x0D { index += 1 }
                } else if bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    guard index + 1 < bytes.count else { throw failure("a comment that is never closed", at: start) }
                    index += 2
                } else {
                    throw failure("a lone “/”")
                }
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0:
                index += 2
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                index += 3
            default:
                return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSON5Node {
        guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        guard let byte = current else { throw failure("the document ends where a value was expected") }
        let start = index
        let scalar: JSONValue
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): scalar = .string(try string())
        case UInt8(ascii: "t"): scalar = try word("true", .bool(true))
        case UInt8(ascii: "f"): scalar = try word("false", .bool(false))
        case UInt8(ascii: "n"): scalar = try word("null", .null)
        default: scalar = .number(try number())
        }
        return JSON5Node(range: start..<index, value: scalar)
    }

    private mutating func object(depth: Int) throws(Failure) -> JSON5Node {
        let start = index
        index += 1
        var members: [String: JSONValue] = [:]
        var written: [JSON5Node.Member] = []
        while true {
            try skipSpace()
            if current == UInt8(ascii: "}") {
                index += 1
                return JSON5Node(range: start..<index, value: .object(members), members: written)
            }
            let keyStart = index
            let key = current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") ? try string() : try identifier()
            let keyRange = keyStart..<index
            try skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("“:” expected after the key “\(key.prefix(40))”") }
            index += 1
            try skipSpace()
            let member = try value(depth: depth + 1)
            members[key] = member.value
            written.append(JSON5Node.Member(key: key, keyRange: keyRange, node: member))
            try skipSpace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?: continue
            case nil: throw failure("the document ends inside an object")
            default: throw failure("“,” or “}” expected")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSON5Node {
        let start = index
        index += 1
        var elements: [JSON5Node] = []
        while true {
            try skipSpace()
            if current == UInt8(ascii: "]") {
                index += 1
                return JSON5Node(range: start..<index, value: .array(elements.map(\.value)), elements: elements)
            }
            elements.append(try value(depth: depth + 1))
            try skipSpace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?: continue
            case nil: throw failure("the document ends inside an array")
            default: throw failure("“,” or “]” expected")
            }
        }
    }

    /// An unquoted key: ASCII letters, digits, `_` and `$` (not starting with a digit), or any
    /// non-ASCII letters, which json5 allows as ECMAScript identifiers do.
    private mutating func identifier() throws(Failure) -> String {
        let start = index
        while let byte = current, byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || isLetter(byte)
            || byte >= 0x80 || (index > start && isDigit(byte)) {
            index += 1
        }
        guard index > start else { throw failure("a key expected") }
        guard let key = String(validating: bytes[start..<index], as: UTF8.self) else { throw failure("a key that is not UTF-8", at: start) }
        return key
    }

    private mutating func word(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else {
            throw failure("an unexpected character")
        }
        index += utf8.count
        return value
    }

    /// JSON's numbers, and json5's: a sign of `+`, a leading or trailing point, `0x` hexadecimal, `Infinity`, `NaN`.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        var sign = 1.0
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
            if current == UInt8(ascii: "-") { sign = -1 }
            index += 1
        }
        if current == UInt8(ascii: "I") {
            _ = try word("Infinity", .null)
            return sign * .infinity
        }
        if current == UInt8(ascii: "N") {
            _ = try word("NaN", .null)
            return .nan
        }
        if current == UInt8(ascii: "0"), index + 1 < bytes.count, bytes[index + 1] | 0x20 == UInt8(ascii: "x") {
            index += 2
            var value = 0.0
            let digits = index
            while let byte = current, let digit = hexDigit(byte) {
                value = value * 16 + Double(digit)
                index += 1
            }
            guard index > digits else { throw failure("a hexadecimal number without digits", at: start) }
            return sign * value
        }
        let body = index
        while let byte = current, isDigit(byte) { index += 1 }
        let integerDigits = index - body
        var fractionDigits = 0
        if current == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while let byte = current, isDigit(byte) { index += 1 }
            fractionDigits = index - fraction
        }
        guard integerDigits + fractionDigits > 0 else { throw failure("an unexpected character", at: start) }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            let exponent = index
            while let byte = current, isDigit(byte) { index += 1 }
            guard index > exponent else { throw failure("a number without exponent digits", at: start) }
        }
        var text = String(decoding: bytes[body..<index], as: UTF8.self)
        if text.hasPrefix(".") { text = "0" + text }
        if let point = text.firstIndex(of: "."), text.index(after: point) == text.endIndex || !text[text.index(after: point)].isNumber {
            text.insert("0", at: text.index(after: point))
        }
        guard let value = Double(text) else { throw failure("a number Swift cannot read", at: start) }
        return sign * value
    }

    /// A string in double or single quotes, its escapes decoded.
    private mutating func string() throws(Failure) -> String {
        let quote = bytes[index]
        let start = index
        index += 1
        var decoded: [UInt8] = []
        while let byte = current {
            index += 1
            switch byte {
            case quote:
                guard let text = String(validating: decoded, as: UTF8.self) else { throw failure("a string that is not UTF-8", at: start) }
                return text
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0x0A, 0x0D:
                throw failure("a line break inside a string", at: index - 1)
            default:
                decoded.append(byte)
            }
        }
        throw failure("a string that is never closed", at: start)
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(Failure) {
        guard let byte = current else { throw failure("the document ends inside a string") }
        index += 1
        switch byte {
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "v"): decoded.append(0x0B)
        case UInt8(ascii: "0"):
            guard !(current.map(isDigit) ?? false) else { throw failure("an octal escape, which json5 refuses") }
            decoded.append(0)
        case UInt8(ascii: "\n"):
            break
        case UInt8(ascii: "\r"):
            if current == UInt8(ascii: "\n") { index += 1 }
        case UInt8(ascii: "x"):
            guard let unit = hex(count: 2) else { throw failure("a malformed \\x escape") }
            decoded.append(contentsOf: UTF8.encode(Unicode.Scalar(UInt8(unit)))!)
        case UInt8(ascii: "u"):
            guard let unit = hex(count: 4) else { throw failure("a malformed \\u escape") }
            var scalar = unit
            if (0xD800..<0xDC00).contains(unit), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
               bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                guard let low = hex(count: 4), (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate") }
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let value = Unicode.Scalar(scalar) else { throw failure("a lone surrogate") }
            decoded.append(contentsOf: UTF8.encode(value)!)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw failure("a digit escape, which json5 refuses")
        default:
            // Any other character stands for itself: \" \' \\ \/ and the rest.
            decoded.append(byte)
        }
    }

    private mutating func hex(count: Int) -> UInt32? {
        guard bytes.count - index >= count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let digit = hexDigit(bytes[index]) else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// A value of a JSON5 document with where its text is: byte offsets into the document, the
/// members of an object in the order they are written (duplicates included) and the elements
/// of an array, so an edit can change a few bytes and leave the rest as written.
package struct JSON5Node: Sendable {
    /// An object's member: its key, where the key's text is (quotes included), and its value.
    package struct Member: Sendable {
        package let key: String
        package let keyRange: Range<Int>
        package let node: JSON5Node
    }

    /// From the value's first byte (`{`, `[`, a quote, a digit…) to just past its last.
    package let range: Range<Int>
    package let value: JSONValue
    /// An object's members as written; empty for anything else.
    package let members: [Member]
    /// An array's elements; empty for anything else.
    package let elements: [JSON5Node]

    init(range: Range<Int>, value: JSONValue, members: [Member] = [], elements: [JSON5Node] = []) {
        self.range = range
        self.value = value
        self.members = members
        self.elements = elements
    }

    /// The last member written with `key` (the one whose value counts, as with `json5`).
    package func member(_ key: String) -> Member? { members.last { $0.key == key } }
}
