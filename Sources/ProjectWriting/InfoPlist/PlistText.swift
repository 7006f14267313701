/// A plist value to be written as XML text in a file's own layout: new values, or values
/// copied from elsewhere in the same file as written there.
indirect enum PlistText {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([PlistText])
    /// Entries in the order given.
    case dictionary([(key: String, value: PlistText)])
    /// An element of the file, copied as written; `indent` is the indentation of the line it
    /// starts on, replaced on each of its lines by the indentation of the line it goes to.
    case copied(ArraySlice<UInt8>, indent: [UInt8])

    /// The value `entry` describes, its keys in the order Xcode sorts them.
    init(_ entry: AlternateIconEntry) {
        var entries: [(key: String, value: PlistText)] = []
        if let files = entry.iconFiles { entries.append(("CFBundleIconFiles", .array(files.map(PlistText.string)))) }
        if let name = entry.iconName { entries.append(("CFBundleIconName", .string(name))) }
        if let prerendered = entry.prerendered { entries.append(("UIPrerenderedIcon", .boolean(prerendered))) }
        if let ordinal = entry.ordinal { entries.append(("ordinal", .integer(ordinal))) }
        self = .dictionary(entries)
    }

    /// How new text is laid out: on lines of their own with an indentation step (as Xcode
    /// writes), or all on one line where the file is written that way.
    struct Layout {
        /// "\n" or "\r\n"; empty for a file written on one line.
        let newline: [UInt8]
        /// One level of indentation: a tab as Xcode writes, or what the file uses.
        let step: [UInt8]
        var onLines: Bool { !newline.isEmpty }
    }

    /// `<key>key</key>` and the value, each line starting with `indent` and ending with a newline.
    static func entry(_ key: String, _ value: PlistText, indent: [UInt8], layout: Layout) -> [UInt8] {
        var out: [UInt8] = []
        out += indent
        out += element("key", escaped(key))
        out += layout.newline
        out += indent
        value.write(into: &out, indent: indent, layout: layout)
        out += layout.newline
        return out
    }

    /// The value's text starting where the current line's indentation ends; lines after the
    /// first start with `indent` and deeper.
    func write(into out: inout [UInt8], indent: [UInt8], layout: Layout) {
        switch self {
        case .string(let text): out += Self.element("string", Self.escaped(text))
        case .integer(let value): out += Self.element("integer", Array(String(value).utf8))
        case .boolean(let value): out += Array((value ? "<true/>" : "<false/>").utf8)
        case .array(let items):
            guard !items.isEmpty else { out += Array("<array/>".utf8); return }
            out += Array("<array>".utf8) + layout.newline
            let inner = layout.onLines ? indent + layout.step : []
            for item in items {
                out += inner
                item.write(into: &out, indent: inner, layout: layout)
                out += layout.newline
            }
            out += indent + Array("</array>".utf8)
        case .dictionary(let entries):
            guard !entries.isEmpty else { out += Array("<dict/>".utf8); return }
            out += Array("<dict>".utf8) + layout.newline
            let inner = layout.onLines ? indent + layout.step : []
            for (key, value) in entries { out += Self.entry(key, value, indent: inner, layout: layout) }
            out += indent + Array("</dict>".utf8)
        case .copied(let source, let sourceIndent):
            out += Self.reindented(source, from: sourceIndent, to: indent)
        }
    }

    /// `source` with `from` at the start of each line after the first replaced by `to`.
    static func reindented(_ source: ArraySlice<UInt8>, from: [UInt8], to: [UInt8]) -> [UInt8] {
        guard from != to else { return Array(source) }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var index = source.startIndex
        while index < source.endIndex {
            let byte = source[index]
            out.append(byte)
            index += 1
            if byte == 0x0A, source[index...].starts(with: from) {
                out += to
                index += from.count
            }
        }
        return out
    }

    static func element(_ name: String, _ content: [UInt8]) -> [UInt8] {
        Array("<\(name)>".utf8) + content + Array("</\(name)>".utf8)
    }

    /// Text as XML character data: `&`, `<` and `>` as entities, as Xcode writes them.
    static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            default: out.append(byte)
            }
        }
        return out
    }
}
