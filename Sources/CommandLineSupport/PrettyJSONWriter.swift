import TerminalText

/// JSON text as the commands print it for scripts (`list --json`, `lint --format json`, `current
/// --json`): what `JSONEncoder` writes with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes`, passed through `TextSanitizer.escapeForJSON`, byte for byte
/// (two-space indents, `"key" : value`, an empty container as `[`, a blank line, `]`, C0 controls
/// escaped as the encoder escapes them and DEL, C1 and bidi marks as `\uXXXX`). Written from a
/// `JSONValue`, without the encoder's boxed values; the tests compare this writer with the encoder.
public struct PrettyJSONWriter {
    /// A value the encoder refuses: a non-finite number.
    public struct InvalidValue: Error, CustomStringConvertible {
        public let key: String?
        public let value: Double
        public var description: String {
            "cannot write \(value) as JSON" + (key.map { " (key \($0))" } ?? "")
        }
    }

    public private(set) var bytes: [UInt8] = []
    /// For each open container, how many members it has so far.
    private var counts: [Int] = []
    private var lastKey: String?

    public init() {
        bytes.reserveCapacity(4096)
    }

    /// The text written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `value`'s JSON: its `Encodable` conformance is its schema.
    public static func text<Value: Encodable>(of value: Value) throws -> String {
        var writer = PrettyJSONWriter()
        try writer.write(JSONValue(encoding: value))
        return writer.text
    }

    /// Writes `value`, each object's keys sorted.
    public mutating func write(_ value: JSONValue) throws {
        switch value {
        case .null: null()
        case .bool(let bool): self.bool(bool)
        case .int(let int): self.int(int)
        case .double(let double): try self.double(double)
        case .string(let string): self.string(string)
        case .array(let elements):
            try array { writer in for element in elements { try writer.write(element) } }
        case .object(let members):
            try object { writer in
                for key in members.keys.sorted() {
                    writer.key(key)
                    try writer.write(members[key]!)
                }
            }
        }
    }

    private mutating func object(_ members: (inout PrettyJSONWriter) throws -> Void) rethrows {
        try container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), members)
    }

    private mutating func array(_ elements: (inout PrettyJSONWriter) throws -> Void) rethrows {
        try container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), elements)
    }

    /// The next member's key, inside `object`: the value follows with one of the value writers.
    private mutating func key(_ name: String) {
        startMember()
        appendQuoted(name)
        bytes.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
        lastKey = name
    }

    private mutating func string(_ value: String) {
        startValue()
        appendQuoted(value)
    }

    private mutating func int(_ value: Int) {
        startValue()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// As the encoder writes a `Double`: its shortest round-trip form, without a trailing `.0`.
    private mutating func double(_ value: Double) throws {
        guard value.isFinite else { throw InvalidValue(key: lastKey, value: value) }
        startValue()
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func bool(_ value: Bool) {
        startValue()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    private mutating func null() {
        startValue()
        bytes.append(contentsOf: "null".utf8)
    }

    // MARK: Layout

    private mutating func container(open: UInt8, close: UInt8, _ body: (inout PrettyJSONWriter) throws -> Void) rethrows {
        startValue()
        bytes.append(open)
        counts.append(0)
        try body(&self)
        let members = counts.removeLast()
        bytes.append(0x0A)
        if members == 0 { bytes.append(0x0A) }
        indent()
        bytes.append(close)
    }

    /// A key in an object or a value in an array starts on a new line, after a comma if it is
    /// not the first; a value after a key (or at the top) continues the line.
    private mutating func startValue() {
        if lastKey != nil {
            lastKey = nil
        } else if !counts.isEmpty {
            startMember()
        }
    }

    private mutating func startMember() {
        if counts[counts.count - 1] > 0 { bytes.append(UInt8(ascii: ",")) }
        counts[counts.count - 1] += 1
        bytes.append(0x0A)
        indent()
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * counts.count))
    }

    private mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: utf8)
        } else {
            for scalar in text.unicodeScalars { appendEscaped(scalar) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
        case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        default:
            if TextSanitizer.isUnsafe(scalar) {
                let hex = String(scalar.value, radix: 16)
                bytes.append(contentsOf: "\\u".utf8)
                bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 4 - hex.utf8.count)))
                bytes.append(contentsOf: hex.utf8)
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
    }
}
