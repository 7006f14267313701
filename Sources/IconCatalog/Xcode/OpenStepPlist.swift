import Foundation

/// Reads the OpenStep ("old-style", ASCII) property-list text Xcode writes `project.pbxproj`
/// in, into the values Foundation would give, typed (`ProjectValue`): dictionaries, arrays,
/// strings and data.
///
/// Foundation reads this format too, but on Linux it builds Foundation objects and bridges
/// them to Swift, which made a 350 KB project file a quarter of `list`'s time; and its
/// parser recurses once per bracket with no limit. This one is a single pass over the
/// bytes: nesting is bounded (`maximumDepth`), every string is taken in one slice, and a
/// failure says what was wrong and where (line and column).
///
/// The grammar, as CoreFoundation reads it: `{ key = value; … }` (a key alone, `key;`,
/// is its own value), `( value, value, )`, strings quoted with `"` or `'` (escapes `\n`,
/// `\t`, `\r`, `\a`, `\b`, `\f`, `\v`, octal `\ooo`, UTF-16 `\Uxxxx`; any other escaped
/// character is itself) or unquoted from `A–Z a–z 0–9 _ $ / : . -`, `<hex digits>` data,
/// and `//` and `/* */` comments anywhere between tokens.
struct OpenStepPlist {
    /// Why the text is not a property list, and where.
    struct Failure: Error, Equatable, CustomStringConvertible {
        enum Kind: Equatable {
            case syntax(String)
            /// Containers nested deeper than the parser's limit.
            case tooDeep(limit: Int)
        }

        let kind: Kind
        let line: Int
        let column: Int

        var description: String {
            switch kind {
            case .syntax(let problem): return "line \(line), column \(column): \(problem)"
            case .tooDeep(let limit): return "line \(line), column \(column): brackets nested more than \(limit) levels deep"
            }
        }
    }

    /// The top-level value of `data`, which must hold exactly one value (comments and white
    /// space around it are fine).
    static func parse(_ data: some ContiguousBytes, maximumDepth: Int) throws(Failure) -> ProjectValue {
        let outcome: Result<ProjectValue, Failure> = data.withUnsafeBytes { raw in
            var parser = OpenStepPlist(bytes: raw.bindMemory(to: UInt8.self), maximumDepth: maximumDepth)
            return Result { () throws(Failure) -> ProjectValue in try parser.document() }
        }
        return try outcome.get()
    }

    /// Values in one file at most: the largest real project file holds about 35,000.
    static let maximumValues = 400_000
    /// The longest string: real ones (a build phase's script included) are far shorter.
    static let maximumStringBytes = 1 << 20

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    private var index = 0
    private var values = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private mutating func document() throws(Failure) -> ProjectValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        guard try skipToToken() else { throw failure(at: index, "the file holds no value") }
        let top = try value(depth: 0)
        if try skipToToken() {
            throw failure(at: index, "unexpected \(describe(at: index)) after the end of the top-level value")
        }
        return top
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Failure) -> ProjectValue {
        guard try skipToToken() else { throw failure(at: index, "the file ends where a value was expected") }
        values += 1
        guard values <= Self.maximumValues else {
            throw failure(at: index, "more than \(Self.maximumValues) values; no Xcode project file holds that many")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return .dictionary(try dictionary(depth: depth + 1))
        case UInt8(ascii: "("):
            return .array(try array(depth: depth + 1))
        case UInt8(ascii: "<"):
            return .data(try hexData())
        default:
            guard let string = try string() else {
                throw failure(at: index, "unexpected \(describe(at: index)) where a value was expected")
            }
            return .string(string)
        }
    }

    private mutating func dictionary(depth: Int) throws(Failure) -> ProjectDictionary {
        let opening = index
        guard depth <= maximumDepth else { throw Failure(kind: .tooDeep(limit: maximumDepth), position: opening, in: bytes) }
        index += 1
        var entries: [ProjectDictionary.Entry] = []
        while true {
            guard try skipToToken() else { throw failure(at: opening, "the dictionary opened here is never closed") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return ProjectDictionary(entries: entries)
            }
            let keyStart = index
            guard let key = try string() else {
                throw failure(at: index, "unexpected \(describe(at: index)) where a dictionary key was expected")
            }
            guard try skipToToken() else { throw failure(at: opening, "the dictionary opened here is never closed") }
            let element: ProjectValue
            switch bytes[index] {
            case UInt8(ascii: ";"):
                element = .string(key)
            case UInt8(ascii: "="):
                index += 1
                element = try value(depth: depth)
                guard try skipToToken() else { throw failure(at: opening, "the dictionary opened here is never closed") }
                guard bytes[index] == UInt8(ascii: ";") else {
                    throw failure(at: index, "expected “;” after the value of “\(Self.shown(key))”, found \(describe(at: index))")
                }
            default:
                throw failure(at: index, "expected “=” after the key “\(Self.shown(key))” (line \(position(of: keyStart).line)), found \(describe(at: index))")
            }
            index += 1
            entries.append(ProjectDictionary.Entry(key: key, value: element))
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> [ProjectValue] {
        let opening = index
        guard depth <= maximumDepth else { throw Failure(kind: .tooDeep(limit: maximumDepth), position: opening, in: bytes) }
        index += 1
        var result: [ProjectValue] = []
        while true {
            guard try skipToToken() else { throw failure(at: opening, "the array opened here is never closed") }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return result
            }
            result.append(try value(depth: depth))
            guard try skipToToken() else { throw failure(at: opening, "the array opened here is never closed") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: ")"):
                index += 1
                return result
            default:
                throw failure(at: index, "expected “,” or “)” after an array element, found \(describe(at: index))")
            }
        }
    }

    /// A quoted or unquoted string at `index`, or nil when no string starts there.
    private mutating func string() throws(Failure) -> String? {
        let first = bytes[index]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try quoted(first) }
        let start = index
        while index < bytes.count, Self.isUnquotedCharacter(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func quoted(_ quote: UInt8) throws(Failure) -> String {
        let opening = index
        index += 1
        let start = index
        // The common case, no escapes: one slice, found with memchr.
        guard let closing = find(quote, from: index) else {
            throw failure(at: opening, "the string opened here is never closed")
        }
        guard closing - start <= Self.maximumStringBytes else {
            throw failure(at: opening, "a string longer than \(Self.maximumStringBytes) bytes; no Xcode project file holds one")
        }
        index = find(UInt8(ascii: "\\"), from: start, before: closing) ?? closing
        if index == closing {
            index += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<closing]), as: UTF8.self)
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw failure(at: opening, "the string opened here is never closed") }
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            guard index - start <= Self.maximumStringBytes else {
                throw failure(at: opening, "a string longer than \(Self.maximumStringBytes) bytes; no Xcode project file holds one")
            }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw failure(at: opening, "the string opened here is never closed") }
            try escape(into: &utf8)
        }
    }

    /// The escape after a backslash, appended as UTF-8.
    private mutating func escape(into utf8: inout [UInt8]) throws(Failure) {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "a"): utf8.append(0x07)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "v"): utf8.append(0x0B)
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var code = Int(byte - UInt8(ascii: "0"))
            var digits = 1
            while digits < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                code = code * 8 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            // Octal escapes name bytes of the NeXTSTEP encoding, ASCII below 128.
            let text = code < 0x80 ? String(UnicodeScalar(UInt8(code)))
                : String(bytes: [UInt8(truncatingIfNeeded: code)], encoding: .nextstep) ?? "\u{FFFD}"
            utf8.append(contentsOf: text.utf8)
        case UInt8(ascii: "U"):
            var unit = hexUnit()
            if UTF16.isLeadSurrogate(unit), index + 1 < bytes.count,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "U") {
                let save = index
                index += 2
                let trail = hexUnit()
                if UTF16.isTrailSurrogate(trail) {
                    let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                    utf8.append(contentsOf: String(UnicodeScalar(scalar)!).utf8)
                    return
                }
                index = save
                unit = 0xFFFD
            }
            utf8.append(contentsOf: String(UnicodeScalar(unit) ?? "\u{FFFD}").utf8)
        default:
            utf8.append(byte)
        }
    }

    /// Up to four hex digits after `\U`.
    private mutating func hexUnit() -> UInt16 {
        var unit: UInt16 = 0
        var digits = 0
        while digits < 4, index < bytes.count, let digit = Self.hexValue(bytes[index]) {
            unit = unit << 4 | UInt16(digit)
            index += 1
            digits += 1
        }
        return unit
    }

    /// `<0fbd 7777>`: pairs of hex digits, white space between them ignored.
    private mutating func hexData() throws(Failure) -> Data {
        let opening = index
        index += 1
        var result = Data()
        var high: UInt8?
        while true {
            guard index < bytes.count else { throw failure(at: opening, "the data opened here is never closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                guard high == nil else { throw failure(at: index, "data holds an odd number of hex digits") }
                index += 1
                return result
            }
            if Self.isSpace(byte) {
                index += 1
                continue
            }
            guard let digit = Self.hexValue(byte) else {
                throw failure(at: index, "unexpected \(describe(at: index)) in data (only hex digits may stand between < and >)")
            }
            if let first = high {
                result.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
            index += 1
        }
    }

    // MARK: Between tokens

    /// Moves past white space and comments; false at the end of the text.
    private mutating func skipToToken() throws(Failure) -> Bool {
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                index = find(0x0A, from: index + 2) ?? bytes.count
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                // Each `/` after the opening `/*` may end the comment.
                let opening = index
                var from = index + 3
                while true {
                    guard let slash = find(UInt8(ascii: "/"), from: from) else {
                        throw failure(at: opening, "the comment opened here is never closed")
                    }
                    if bytes[slash - 1] == UInt8(ascii: "*") {
                        index = slash + 1
                        break
                    }
                    from = slash + 1
                }
            } else {
                return true
            }
        }
        return false
    }

    /// The first `byte` at or after `start` and before `end` (default: the end of the text).
    private func find(_ byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard start < end, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    // MARK: Characters

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A key for a message: control characters dropped, at most 40 characters.
    private static func shown(_ key: String) -> String {
        let clean = String(key.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return clean.count > 40 ? String(clean.prefix(40)) + "…" : clean
    }

    /// The character at `offset`, for a message: “x”, or a byte's value when it is not printable ASCII.
    private func describe(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "“\(Character(UnicodeScalar(byte)))”" }
        return String(format: "byte 0x%02X", byte)
    }

    // MARK: Positions

    private func failure(at offset: Int, _ problem: String) -> Failure {
        Failure(kind: .syntax(problem), position: offset, in: bytes)
    }

    private func position(of offset: Int) -> (line: Int, column: Int) {
        Self.position(of: offset, in: bytes)
    }

    /// The 1-based line and column (in bytes) of `offset`.
    fileprivate static func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let end = min(offset, bytes.count)
        var line = 1, lineStart = 0
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return (line, end - lineStart + 1)
    }
}

extension OpenStepPlist.Failure {
    fileprivate init(kind: Kind, position offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        let (line, column) = OpenStepPlist.position(of: offset, in: bytes)
        self.init(kind: kind, line: line, column: column)
    }
}
