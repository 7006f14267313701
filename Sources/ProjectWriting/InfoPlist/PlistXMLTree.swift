import IconCatalog

/// The elements of an XML plist with the byte offsets of their tags: enough to find a key and
/// replace or insert whole lines beside it, which is all the text editor needs. Not a
/// validating parser (Foundation reads the result); it refuses what it cannot place:
/// unbalanced tags, a dictionary whose children are not key–value pairs, nesting or tag
/// counts beyond what a plist may hold. Text between elements (white space, or a
/// preprocessed plist's `#if` lines) is skipped.
struct PlistXMLTree {
    /// One element: `<name …>…</name>` or `<name/>`.
    struct Element {
        let name: String
        /// The offset of its `<`.
        let start: Int
        /// Just past the `>` of its end tag (or of the empty-element tag).
        let end: Int
        /// Just past the start tag's `>`, and the `<` of the end tag: equal for `<name/>`.
        let contentStart: Int
        let contentEnd: Int
        let isEmptyTag: Bool
        var children: [Element]
    }

    /// A dictionary's entry: its `<key>` element and the value after it.
    struct Entry {
        let key: String
        let keyElement: Element
        let value: Element
    }

    /// Where the tree could not be read; `offset` is where the problem is.
    struct Problem: Error {
        let offset: Int
        let message: String
    }

    let bytes: [UInt8]
    /// The top-level dictionary, the one `<plist>` holds.
    let root: Element

    init(_ bytes: [UInt8]) throws(Problem) {
        self.bytes = bytes
        let top = try Self.parse(bytes)
        guard let plist = top.first(where: { $0.name == "plist" }) else {
            throw Problem(offset: 0, message: "no <plist> element")
        }
        guard plist.children.count == 1, let dictionary = plist.children.first, dictionary.name == "dict" else {
            throw Problem(offset: plist.start, message: "the <plist> element does not hold one <dict>")
        }
        root = dictionary
    }

    /// The entries of a `<dict>` element, in order.
    func entries(of dictionary: Element) throws(Problem) -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(dictionary.children.count / 2)
        var index = 0
        let children = dictionary.children
        while index < children.count {
            let key = children[index]
            guard key.name == "key" else {
                throw Problem(offset: key.start, message: "<\(key.name)> where a <key> was expected in a <dict>")
            }
            guard index + 1 < children.count else {
                throw Problem(offset: key.start, message: "<key> with no value after it")
            }
            result.append(Entry(key: try text(of: key), keyElement: key, value: children[index + 1]))
            index += 2
        }
        return result
    }

    /// The text of a `<key>` or `<string>`, its entities and CDATA sections decoded.
    func text(of element: Element) throws(Problem) -> String {
        var decoded: [UInt8] = []
        var index = element.contentStart
        let end = element.contentEnd
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                let cdata = Array("<![CDATA[".utf8)
                guard bytes[index..<end].starts(with: cdata),
                      let close = Self.find(Array("]]>".utf8), in: bytes, from: index + cdata.count, before: end) else {
                    throw Problem(offset: index, message: "markup inside <\(element.name)>")
                }
                decoded += bytes[(index + cdata.count)..<close]
                index = close + 3
            } else if byte == UInt8(ascii: "&") {
                guard let semicolon = bytes[index..<min(end, index + 12)].firstIndex(of: UInt8(ascii: ";")) else {
                    throw Problem(offset: index, message: "an & that starts no entity")
                }
                let name = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
                guard let scalar = Self.entity(name) else { throw Problem(offset: index, message: "unknown entity &\(name);") }
                decoded += Array(String(Character(scalar)).utf8)
                index = semicolon + 1
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The bytes of `element` as written.
    func source(of element: Element) -> ArraySlice<UInt8> { bytes[element.start..<element.end] }

    /// 1-based line of an offset, for messages.
    func line(of offset: Int) -> Int { Self.line(of: offset, in: bytes) }

    static func line(of offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") || digits.hasPrefix("X") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }

    /// Markup between elements that holds no element: skipped whole.
    private static let skippedMarkup: [(opening: [UInt8], closing: [UInt8], name: String)] = [
        (Array("<!--".utf8), Array("-->".utf8), "a comment"),
        (Array("<![CDATA[".utf8), Array("]]>".utf8), "a CDATA section"),
        (Array("<?".utf8), Array("?>".utf8), "a processing instruction"),
    ]

    /// The top-level elements, each with its children, built with an explicit stack so that
    /// depth costs no recursion.
    private static func parse(_ bytes: [UInt8]) throws(Problem) -> [Element] {
        struct Open {
            let name: String
            let start: Int
            let contentStart: Int
            var children: [Element] = []
        }
        var stack: [Open] = []
        var top: [Element] = []
        var tags = 0
        var index = 0
        func attach(_ element: Element) {
            if stack.isEmpty { top.append(element) } else { stack[stack.count - 1].children.append(element) }
        }
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open
            let rest = bytes[index...]
            if let skipped = skippedMarkup.first(where: { rest.starts(with: $0.opening) }) {
                guard let close = find(skipped.closing, in: bytes, from: index + skipped.opening.count, before: bytes.count) else {
                    throw Problem(offset: index, message: "\(skipped.name) that never ends")
                }
                index = close + skipped.closing.count
                continue
            }
            if rest.starts(with: Array("<!".utf8)) {
                // A DOCTYPE, with an internal subset in brackets if any.
                var depth = 0
                var cursor = index + 2
                while cursor < bytes.count, !(bytes[cursor] == UInt8(ascii: ">") && depth == 0) {
                    if bytes[cursor] == UInt8(ascii: "[") { depth += 1 }
                    if bytes[cursor] == UInt8(ascii: "]") { depth -= 1 }
                    cursor += 1
                }
                guard cursor < bytes.count else { throw Problem(offset: index, message: "a declaration that never ends") }
                index = cursor + 1
                continue
            }
            let close = try tagEnd(bytes, from: index)
            tags += 1
            guard tags <= PlistLoader.maximumTags else {
                throw Problem(offset: index, message: "more than \(PlistLoader.maximumTags) tags, more than a plist may hold")
            }
            if bytes[index + 1] == UInt8(ascii: "/") {
                let name = tagName(bytes, from: index + 2, to: close)
                guard let current = stack.popLast() else { throw Problem(offset: index, message: "</\(name)> closes nothing") }
                guard current.name == name else {
                    throw Problem(offset: index, message: "</\(name)> where </\(current.name)> was expected")
                }
                attach(Element(name: name, start: current.start, end: close + 1, contentStart: current.contentStart,
                               contentEnd: index, isEmptyTag: false, children: current.children))
            } else {
                let name = tagName(bytes, from: index + 1, to: close)
                guard !name.isEmpty else { throw Problem(offset: index, message: "a tag with no name") }
                if bytes[close - 1] == UInt8(ascii: "/") {
                    attach(Element(name: name, start: index, end: close + 1, contentStart: close + 1, contentEnd: close + 1,
                                   isEmptyTag: true, children: []))
                } else {
                    guard stack.count < BinaryPlistGuard.maximumDepth else {
                        throw Problem(offset: index, message: "elements nested more than \(BinaryPlistGuard.maximumDepth) deep")
                    }
                    stack.append(Open(name: name, start: index, contentStart: close + 1))
                }
            }
            index = close + 1
        }
        if let open = stack.last { throw Problem(offset: open.start, message: "<\(open.name)> is never closed") }
        return top
    }

    /// The offset of the `>` ending the tag at `start`, past quoted attribute values.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) throws(Problem) -> Int {
        var quote: UInt8?
        var cursor = start + 1
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return cursor
            } else if byte == UInt8(ascii: "<") {
                break
            }
            cursor += 1
        }
        throw Problem(offset: start, message: "a tag that never ends")
    }

    private static func tagName(_ bytes: [UInt8], from start: Int, to end: Int) -> String {
        var cursor = start
        while cursor < end, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">")].contains(bytes[cursor]) { cursor += 1 }
        return String(decoding: bytes[start..<cursor], as: UTF8.self)
    }

    /// The first offset of `needle` in `bytes[from..<before]`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, before: Int) -> Int? {
        guard let first = needle.first, from <= before else { return nil }
        var cursor = from
        while cursor + needle.count <= before, let next = bytes[cursor..<before].firstIndex(of: first) {
            if next + needle.count <= before, bytes[next..<(next + needle.count)].elementsEqual(needle) { return next }
            cursor = next + 1
        }
        return nil
    }
}
