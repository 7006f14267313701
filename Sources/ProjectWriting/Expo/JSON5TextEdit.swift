import IconCatalog

/// Minimal edits of a JSON5 document's text (an Expo `app.json`): a member or element added to
/// an object or array, or taken out, changing only the bytes that must change, so comments,
/// trailing commas, indentation (tabs or spaces), line ends and the order of keys stay as
/// written. Positions come from `JSON5Reader.outline`. Adding then removing the same child gives
/// back the document byte for byte. Pure: bytes in, bytes out.
package struct JSON5TextEdit: Sendable {
    /// One replacement: the bytes of `range` become `text`.
    package struct Splice: Sendable, Equatable {
        package let range: Range<Int>
        package let text: [UInt8]

        package init(_ range: Range<Int>, _ text: String) {
            self.range = range
            self.text = Array(text.utf8)
        }
    }

    package let bytes: [UInt8]
    /// The document's line end: `\r\n` where its first line ends so.
    package let newline: String
    /// One level of indentation: the first indented line's (a tab, or its spaces); two spaces
    /// in a document with none.
    package let indentUnit: String

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let firstEnd = bytes.firstIndex(of: 0x0A)
        newline = firstEnd.map { $0 > 0 && bytes[$0 - 1] == 0x0D } == true ? "\r\n" : "\n"
        indentUnit = Self.firstIndent(bytes) ?? "  "
    }

    /// `bytes` with `splices` made (they must not overlap; several at one place go in their order).
    package func applying(_ splices: [Splice]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + splices.reduce(0) { $0 + $1.text.count })
        var position = 0
        for splice in splices.enumerated().sorted(by: { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) })
            .map(\.element) {
            precondition(splice.range.lowerBound >= position, "splices overlap")
            result += bytes[position..<splice.range.lowerBound]
            result += splice.text
            position = splice.range.upperBound
        }
        result += bytes[position...]
        return result
    }

    // MARK: Adding

    /// The splices that add `child` (a member's `"key": value`, or an element, as `render` makes
    /// it at an indentation) as the last child of `container`: on a line of its own, indented as
    /// the last child is, where children stand on their own lines; after a comma on the same
    /// line where they are written in one line; between the brackets of an empty one. A trailing
    /// comma after the last child is kept after the new one.
    package func adding(_ child: (_ indent: String?) -> String, to container: JSON5Node) -> [Splice] {
        let children = Self.children(of: container)
        guard let last = children.last else {
            let inner = (container.range.lowerBound + 1)..<(container.range.upperBound - 1)
            let indent = lineIndent(at: container.range.lowerBound)
            if bytes[inner].allSatisfy(Self.isSpace) {
                return [Splice(inner, newline + indent + indentUnit + child(indent + indentUnit) + newline + indent)]
            }
            // Comments only: the child goes after the last of them, before the closing bracket's line.
            var end = inner.upperBound
            while end > inner.lowerBound, Self.isSpace(bytes[end - 1]) { end -= 1 }
            return [Splice(end..<end, newline + indent + indentUnit + child(indent + indentUnit))]
        }
        let comma = commaAfter(last.upperBound)
        guard startsLine(last.lowerBound) else {
            if let comma { return [Splice(comma + 1..<comma + 1, " " + child(nil) + ",")] }
            return [Splice(last.upperBound..<last.upperBound, ", " + child(nil))]
        }
        let indent = lineIndent(at: last.lowerBound)
        if let comma {
            let end = blankLineEnd(from: comma + 1) ?? comma + 1
            return [Splice(end..<end, newline + indent + child(indent) + ",")]
        }
        let end = blankLineEnd(from: last.upperBound) ?? last.upperBound
        return [Splice(last.upperBound..<last.upperBound, ","), Splice(end..<end, newline + indent + child(indent))]
    }

    // MARK: Removing

    /// The splices that take child `index` of `container` out: its line(s) where it stands on its
    /// own, with the comma that joined it to the one before when it was last without a trailing
    /// comma; the brackets left empty (`[]`, `{}`) when it was the only child and nothing but
    /// spaces was around it. The inverse of `adding`.
    package func removing(_ index: Int, of container: JSON5Node) -> [Splice] {
        let children = Self.children(of: container)
        let child = children[index]
        let comma = commaAfter(child.upperBound)
        if children.count == 1 {
            let inner = (container.range.lowerBound + 1)..<(container.range.upperBound - 1)
            let outside = bytes[inner.lowerBound..<child.lowerBound] + bytes[(comma.map { $0 + 1 } ?? child.upperBound)..<inner.upperBound]
            if outside.allSatisfy(Self.isSpace) { return [Splice(inner, "")] }
        }
        if index + 1 < children.count {
            let next = children[index + 1].lowerBound
            guard let comma else { return [Splice(child.lowerBound..<next, "")] }
            if startsLine(child.lowerBound), startsLine(next), let end = blankLineEnd(from: comma + 1) {
                return [Splice(lineStart(of: child.lowerBound)..<end + newlineLength(at: end), "")]
            }
            return [Splice(child.lowerBound..<next, "")]
        }
        if let comma {
            if startsLine(child.lowerBound), let end = blankLineEnd(from: comma + 1) {
                return [Splice(lineStart(of: child.lowerBound)..<end + newlineLength(at: end), "")]
            }
            let start = index > 0 ? (commaAfter(children[index - 1].upperBound).map { $0 + 1 } ?? child.lowerBound) : child.lowerBound
            return [Splice(start..<comma + 1, "")]
        }
        guard index > 0, let previousComma = commaAfter(children[index - 1].upperBound) else {
            // The only child, with comments beside it: its line goes, the comments stay.
            if startsLine(child.lowerBound) {
                let start = lineStart(of: child.lowerBound)
                let lineBreak = start >= 2 && bytes[start - 2] == 0x0D ? start - 2 : start - 1
                if lineBreak > container.range.lowerBound { return [Splice(lineBreak..<child.upperBound, "")] }
            }
            return [Splice(child.lowerBound..<child.upperBound, "")]
        }
        if startsLine(child.lowerBound) {
            let start = lineStart(of: child.lowerBound)
            let lineBreak = start >= 2 && bytes[start - 2] == 0x0D ? start - 2 : start - 1
            if lineBreak > previousComma {
                return [Splice(previousComma..<previousComma + 1, ""), Splice(lineBreak..<child.upperBound, "")]
            }
        }
        return [Splice(previousComma..<child.upperBound, "")]
    }

    // MARK: Reading the text around a value

    /// A container's children's text: members from their key to the end of their value.
    static func children(of container: JSON5Node) -> [Range<Int>] {
        if !container.members.isEmpty { return container.members.map { $0.keyRange.lowerBound..<$0.node.range.upperBound } }
        return container.elements.map(\.range)
    }

    /// The spaces and tabs the line holding `offset` starts with.
    package func lineIndent(at offset: Int) -> String {
        var end = lineStart(of: offset)
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return String(decoding: bytes[lineStart(of: offset)..<end], as: UTF8.self)
    }

    func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        return start
    }

    /// Whether only spaces and tabs stand before `offset` on its line.
    package func startsLine(_ offset: Int) -> Bool {
        bytes[lineStart(of: offset)..<offset].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// Where the comma after a value ending at `end` is, past spaces, line ends and comments; nil
    /// when the next thing is not a comma.
    func commaAfter(_ end: Int) -> Int? {
        var index = end
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            case UInt8(ascii: ","): return index
            default: return nil
            }
        }
        return nil
    }

    /// Where the line holding `offset` ends (its line break, or the document's end) when all that
    /// follows `offset` on it is spaces and a `//` comment; nil when something else is there.
    func blankLineEnd(from offset: Int) -> Int? {
        var index = offset
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        }
        return index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D ? index : nil
    }

    private func newlineLength(at offset: Int) -> Int {
        guard offset < bytes.count else { return 0 }
        return bytes[offset] == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func firstIndent(_ bytes: [UInt8]) -> String? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                var end = index + 1
                while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
                if end > index + 1, end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D {
                    return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                }
                index = end
            } else {
                index += 1
            }
        }
        return nil
    }
}

/// A JSON value to write into a document, its members in the order given, in the style of the
/// text beside it: on one line or across lines, with or without spaces inside braces and after colons.
package indirect enum JSON5Fragment: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case object([(String, JSON5Fragment)])
    case array([JSON5Fragment])

    /// How a neighbour is written, which the new text follows.
    package struct Style: Sendable, Equatable {
        /// Across lines (each member on its own line), or on one.
        package var multiLine: Bool
        /// `{ "a": 1 }` rather than `{"a": 1}` on one line.
        package var spacedBraces: Bool
        /// What stands between a key and its value: `": "` or `":"`.
        package var colon: String

        package init(multiLine: Bool, spacedBraces: Bool = true, colon: String = ": ") {
            self.multiLine = multiLine
            self.spacedBraces = spacedBraces
            self.colon = colon
        }

        /// The style of the value whose text is `text` (a neighbour of what is added).
        package init(of text: [UInt8]) {
            multiLine = text.contains(0x0A)
            spacedBraces = text.count > 1 && (text[1] == 0x20)
            if let colonAt = text.firstIndex(of: UInt8(ascii: ":")) {
                var end = colonAt + 1
                while end < text.count, text[end] == 0x20 { end += 1 }
                colon = ":" + String(repeating: " ", count: end - colonAt - 1)
            } else {
                colon = ": "
            }
        }
    }

    /// The text at `indent` (the indentation of the line it starts on), each level `unit` deeper.
    package func render(indent: String, unit: String, newline: String, style: Style) -> String {
        switch self {
        case .string(let text): return Self.quoted(text)
        case .bool(let value): return value ? "true" : "false"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let parts = members.map { Self.quoted($0.0) + style.colon + $0.1.render(indent: indent + unit, unit: unit, newline: newline, style: style) }
            return Self.join(parts, open: "{", close: "}", indent: indent, unit: unit, newline: newline, style: style)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            let parts = elements.map { $0.render(indent: indent + unit, unit: unit, newline: newline, style: style) }
            return Self.join(parts, open: "[", close: "]", indent: indent, unit: unit, newline: newline, style: style)
        }
    }

    private static func join(_ parts: [String], open: String, close: String, indent: String, unit: String, newline: String,
                             style: Style) -> String {
        if style.multiLine {
            return open + newline + parts.map { indent + unit + $0 }.joined(separator: "," + newline) + newline + indent + close
        }
        let space = style.spacedBraces && open == "{" ? " " : ""
        return open + space + parts.joined(separator: ", ") + space + close
    }

    /// `text` as a JSON string: quotes, backslashes, control characters and line separators escaped.
    package static func quoted(_ text: String) -> String { JSONString.quoted(text, escapingLineSeparators: true) }

    package static func == (lhs: JSON5Fragment, rhs: JSON5Fragment) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: return false
        }
    }
}
