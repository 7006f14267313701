import IconCatalog

/// Edits an XML plist as text: each change becomes one replacement of a byte range, made of
/// whole lines laid out like their neighbours, so that an entry added then removed leaves the
/// bytes as they were. In a preprocessed plist, a replacement that falls inside an `#if` block
/// is refused with the lines the developer can change instead.
struct XMLPlistEditor {
    private(set) var bytes: [UInt8]
    let path: String
    /// A preprocessed plist may hold a key twice (in `#if` and `#else`); a plain one may not.
    let preprocessed: Bool

    /// One replacement of the text.
    struct Replacement {
        let range: Range<Int>
        let text: [UInt8]
    }

    init(bytes: [UInt8], path: String, preprocessed: Bool) {
        self.bytes = bytes
        self.path = path
        self.preprocessed = preprocessed
    }

    mutating func apply(_ change: InfoPlistChange) throws(InfoPlistEditError) {
        let tree: PlistXMLTree
        do {
            tree = try PlistXMLTree(bytes)
        } catch {
            throw failure(.malformed(line: PlistXMLTree.line(of: error.offset, in: bytes), problem: error.message))
        }
        guard let replacement = try replacement(for: change, in: tree) else { return }
        let blocks = ConditionalBlocks.ranges(in: bytes)
        if let edit = ConditionalBlocks.handEdit(for: replacement, in: bytes, blocks: blocks) {
            throw failure(.insideConditionalBlock(edit))
        }
        bytes.replaceSubrange(replacement.range, with: replacement.text)
    }

    private func failure(_ kind: InfoPlistEditProblem) -> InfoPlistEditError {
        InfoPlistEditError(path: path, kind: kind)
    }

    // MARK: - The changes

    private func replacement(for change: InfoPlistChange, in tree: PlistXMLTree) throws(InfoPlistEditError) -> Replacement? {
        let document = Document(tree: tree, path: path, allowsDuplicateKeys: preprocessed)
        switch change {
        case .addAlternate(let entry, let idiom):
            return try document.addAlternate(named: entry.name, PlistText(entry), idiom: idiom)
        case .copyAlternateToPad(let name):
            let alternatesPath = "\(Idiom.phone.iconsKey).CFBundleAlternateIcons"
            guard let source = try document.find([Idiom.phone.iconsKey, "CFBundleAlternateIcons", name]) else {
                throw failure(.noSuchAlternate(name: name, keyPath: alternatesPath))
            }
            return try document.addAlternate(named: name, document.copy(of: source.value), idiom: .pad)
        case .removeAlternate(let name, let idiom):
            let keys = [idiom.iconsKey, "CFBundleAlternateIcons", name]
            guard let chain = try document.chain(keys) else {
                throw failure(.noSuchAlternate(name: name, keyPath: "\(idiom.iconsKey).CFBundleAlternateIcons"))
            }
            return try document.removal(of: chain)
        case .removeNewsstandIcon(let idiom):
            let keys = [idiom.iconsKey, "UINewsstandIcon"]
            guard let chain = try document.chain(keys) else { throw failure(.noSuchKey(keyPath: keys.joined(separator: "."))) }
            return try document.removal(of: chain)
        case .setPrimaryIconName(let name, let place):
            let keys: [String]
            switch place {
            case .topLevel:
                keys = ["CFBundleIconName"]
            case .primaryIcon(let idiom):
                if idiom == .pad, try document.find([idiom.iconsKey]) == nil { throw failure(.noSuchKey(keyPath: idiom.iconsKey)) }
                keys = [idiom.iconsKey, "CFBundlePrimaryIcon", "CFBundleIconName"]
            }
            return try document.set(keys, to: .string(name), replacingUnless: { text in text == name })
        }
    }
}

/// A parsed plist and the layout of its text, answering where a change goes.
private struct Document {
    let tree: PlistXMLTree
    let path: String
    let allowsDuplicateKeys: Bool
    let layout: PlistText.Layout

    /// A dictionary's entry found by key.
    struct Found {
        let entry: PlistXMLTree.Entry
        var value: PlistXMLTree.Element { entry.value }
    }

    init(tree: PlistXMLTree, path: String, allowsDuplicateKeys: Bool) {
        self.tree = tree
        self.path = path
        self.allowsDuplicateKeys = allowsDuplicateKeys
        layout = Self.layout(of: tree)
    }

    private func failure(_ kind: InfoPlistEditProblem) -> InfoPlistEditError {
        InfoPlistEditError(path: path, kind: kind)
    }

    private func entries(of dictionary: PlistXMLTree.Element) throws(InfoPlistEditError) -> [PlistXMLTree.Entry] {
        do {
            return try tree.entries(of: dictionary)
        } catch {
            throw failure(.malformed(line: tree.line(of: error.offset), problem: error.message))
        }
    }

    /// The entry of `dictionary` named `key`. A key written twice in a plain plist is refused:
    /// which of the two a reader takes is not for an edit to guess.
    private func entry(_ key: String, in dictionary: PlistXMLTree.Element) throws(InfoPlistEditError) -> PlistXMLTree.Entry? {
        let matching = try entries(of: dictionary).filter { $0.key == key }
        if matching.count > 1, !allowsDuplicateKeys {
            throw failure(.malformed(line: tree.line(of: matching[1].keyElement.start), problem: "the key \(key) appears twice in one dictionary"))
        }
        return matching.first
    }

    /// The entries along `keys` from the top, each a dictionary but the last; nil when a key is
    /// missing on the way.
    func chain(_ keys: [String]) throws(InfoPlistEditError) -> [Found]? {
        var found: [Found] = []
        var dictionary = tree.root
        for (depth, key) in keys.enumerated() {
            guard let entry = try entry(key, in: dictionary) else { return nil }
            found.append(Found(entry: entry))
            if depth < keys.count - 1 {
                guard entry.value.name == "dict" else {
                    throw failure(.wrongType(keyPath: keys[...depth].joined(separator: "."), found: Self.typeName(entry.value.name)))
                }
                dictionary = entry.value
            }
        }
        return found
    }

    func find(_ keys: [String]) throws(InfoPlistEditError) -> Found? {
        try chain(keys)?.last
    }

    /// The value of an element as written, to be put elsewhere in the file.
    func copy(of element: PlistXMLTree.Element) -> PlistText {
        .copied(tree.source(of: element), indent: lineIndent(of: element.start))
    }

    // MARK: Adding

    /// Adds `name → value` to the idiom's `CFBundleAlternateIcons`, making the dictionaries on
    /// the way; a new `CFBundleIcons~ipad` starts with `CFBundleIcons`' primary icon.
    func addAlternate(named name: String, _ value: PlistText, idiom: Idiom) throws(InfoPlistEditError) -> XMLPlistEditor.Replacement? {
        let alternatesPath = "\(idiom.iconsKey).CFBundleAlternateIcons"
        if try find([idiom.iconsKey, "CFBundleAlternateIcons", name]) != nil {
            throw failure(.alternateExists(name: name, keyPath: alternatesPath))
        }
        var made: [(key: String, value: PlistText)] = []
        if idiom == .pad, try find([idiom.iconsKey]) == nil, let primary = try find([Idiom.phone.iconsKey, "CFBundlePrimaryIcon"]) {
            made.append(("CFBundlePrimaryIcon", copy(of: primary.value)))
        }
        return try insert([idiom.iconsKey, "CFBundleAlternateIcons", name], value, alongside: made)
    }

    /// Sets the value at `keys` (making dictionaries on the way), leaving a string value for
    /// which `keep` holds as it is.
    func set(_ keys: [String], to value: PlistText, replacingUnless keep: (String) -> Bool) throws(InfoPlistEditError) -> XMLPlistEditor.Replacement? {
        if let existing = try find(keys) {
            if existing.value.name == "string", let text = try? tree.text(of: existing.value), keep(text) { return nil }
            var text: [UInt8] = []
            value.write(into: &text, indent: lineIndent(of: existing.value.start), layout: layout)
            return XMLPlistEditor.Replacement(range: existing.value.start..<existing.value.end, text: text)
        }
        return try insert(keys, value, alongside: [])
    }

    /// Inserts `value` at `keys`, into the deepest dictionary on the way that exists, wrapped
    /// in the dictionaries that do not; `siblings` go beside the first dictionary made.
    private func insert(_ keys: [String], _ value: PlistText,
                        alongside siblings: [(key: String, value: PlistText)]) throws(InfoPlistEditError) -> XMLPlistEditor.Replacement {
        var dictionary = tree.root
        var depth = 0
        while depth < keys.count - 1 {
            guard let entry = try entry(keys[depth], in: dictionary) else { break }
            guard entry.value.name == "dict" else {
                throw failure(.wrongType(keyPath: keys[...depth].joined(separator: "."), found: Self.typeName(entry.value.name)))
            }
            dictionary = entry.value
            depth += 1
        }
        // The missing dictionaries, innermost first.
        var wrapped = value
        for index in stride(from: keys.count - 1, to: depth, by: -1) {
            var entries = [(key: keys[index], value: wrapped)]
            if index == depth + 1 { entries += siblings }
            wrapped = .dictionary(entries.sorted { Self.precedes($0.key, $1.key) })
        }
        return try insertEntry(keys[depth], wrapped, into: dictionary)
    }

    /// The replacement putting `key → value` into `dictionary`: in key order where its keys
    /// are sorted, else after the last.
    private func insertEntry(_ key: String, _ value: PlistText, into dictionary: PlistXMLTree.Element) throws(InfoPlistEditError) -> XMLPlistEditor.Replacement {
        let existing = try entries(of: dictionary)
        let containerIndent = lineIndent(of: dictionary.start)
        if existing.isEmpty {
            let inner = layout.onLines ? containerIndent + layout.step : []
            let lines = PlistText.entry(key, value, indent: inner, layout: layout)
            if dictionary.isEmptyTag {
                let text = Array("<dict>".utf8) + layout.newline + lines + (layout.onLines ? containerIndent : []) + Array("</dict>".utf8)
                return XMLPlistEditor.Replacement(range: dictionary.start..<dictionary.end, text: text)
            }
            return XMLPlistEditor.Replacement(range: dictionary.contentStart..<dictionary.contentEnd,
                                            text: layout.newline + lines + (layout.onLines ? containerIndent : []))
        }
        let keys = existing.map(\.key)
        let sorted = zip(keys, keys.dropFirst()).allSatisfy { !Self.precedes($1, $0) }
        let next = sorted ? existing.first(where: { Self.precedes(key, $0.key) }) : nil
        let anchor = next ?? existing[existing.count - 1]
        if layout.onLines, let indent = ownLineIndent(of: anchor.keyElement.start),
           next != nil || lineEnd(after: anchor.value.end) != nil {
            let lines = PlistText.entry(key, value, indent: indent, layout: layout)
            let at = next != nil ? lineStart(of: anchor.keyElement.start) : lineEnd(after: anchor.value.end)!
            return XMLPlistEditor.Replacement(range: at..<at, text: lines)
        }
        let inline = PlistText.Layout(newline: [], step: [])
        let text = PlistText.entry(key, value, indent: [], layout: inline)
        let at = next != nil ? anchor.keyElement.start : anchor.value.end
        return XMLPlistEditor.Replacement(range: at..<at, text: text)
    }

    // MARK: Removing

    /// Removes the last entry of `chain`, and with it each dictionary on the way it leaves
    /// with nothing to say: empty, or a `CFBundleIcons~ipad` left with just a copy of
    /// `CFBundleIcons`' primary icon (what adding the first iPad alternate made).
    func removal(of chain: [Found]) throws(InfoPlistEditError) -> XMLPlistEditor.Replacement {
        var level = chain.count - 1
        while level > 0 {
            let parent = chain[level - 1]
            let remaining = try entries(of: parent.value).filter { $0.keyElement.start != chain[level].entry.keyElement.start }
            guard try isRedundant(parent.entry.key, remaining: remaining, depth: level - 1) else { break }
            level -= 1
        }
        let entry = chain[level].entry
        if let start = ownLineIndent(of: entry.keyElement.start).map({ _ in lineStart(of: entry.keyElement.start) }),
           let end = lineEnd(after: entry.value.end) {
            return XMLPlistEditor.Replacement(range: start..<end, text: [])
        }
        return XMLPlistEditor.Replacement(range: entry.keyElement.start..<entry.value.end, text: [])
    }

    private func isRedundant(_ key: String, remaining: [PlistXMLTree.Entry], depth: Int) throws(InfoPlistEditError) -> Bool {
        if remaining.isEmpty { return true }
        guard depth == 0, key == Idiom.pad.iconsKey, remaining.count == 1, remaining[0].key == "CFBundlePrimaryIcon",
              let phonePrimary = try find([Idiom.phone.iconsKey, "CFBundlePrimaryIcon"]) else { return false }
        return tree.source(of: phonePrimary.value).elementsEqual(tree.source(of: remaining[0].value))
    }

    // MARK: Layout

    /// The line break the file uses, and its indentation step: the first found where an element
    /// on its own line holds another on its own line, deeper.
    private static func layout(of tree: PlistXMLTree) -> PlistText.Layout {
        let bytes = tree.bytes
        guard let firstBreak = bytes.firstIndex(of: 0x0A), tree.root.children.first.map({ isOwnLine(bytes, $0.start) }) ?? true else {
            return PlistText.Layout(newline: [], step: [])
        }
        let newline: [UInt8] = firstBreak > 0 && bytes[firstBreak - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        var queue = [tree.root]
        var next = 0
        while next < queue.count, next < 10_000 {
            let element = queue[next]
            next += 1
            let outer = indentOfLine(bytes, element.start)
            for child in element.children where isOwnLine(bytes, child.start) {
                let inner = indentOfLine(bytes, child.start)
                if inner.count > outer.count, inner.starts(with: outer) {
                    return PlistText.Layout(newline: newline, step: Array(inner.dropFirst(outer.count)))
                }
            }
            queue += element.children.filter { !$0.children.isEmpty }
        }
        return PlistText.Layout(newline: newline, step: [0x09])
    }

    private static func isOwnLine(_ bytes: [UInt8], _ offset: Int) -> Bool {
        var cursor = offset
        while cursor > 0 {
            let byte = bytes[cursor - 1]
            if byte == 0x0A { return true }
            guard byte == 0x20 || byte == 0x09 else { return false }
            cursor -= 1
        }
        return true
    }

    private static func indentOfLine(_ bytes: [UInt8], _ offset: Int) -> [UInt8] {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        return Array(bytes[start..<offset].prefix { $0 == 0x20 || $0 == 0x09 })
    }

    /// The blanks before `offset` on its line, whatever comes before them.
    func lineIndent(of offset: Int) -> [UInt8] { Self.indentOfLine(tree.bytes, offset) }

    /// The blanks before `offset` when nothing else precedes it on its line.
    func ownLineIndent(of offset: Int) -> [UInt8]? {
        Self.isOwnLine(tree.bytes, offset) ? lineIndent(of: offset) : nil
    }

    func lineStart(of offset: Int) -> Int {
        var start = offset
        while start > 0, tree.bytes[start - 1] != 0x0A { start -= 1 }
        return start
    }

    /// Just past the line break ending the line when only blanks follow `offset` on it.
    func lineEnd(after offset: Int) -> Int? {
        var cursor = offset
        let bytes = tree.bytes
        while cursor < bytes.count {
            switch bytes[cursor] {
            case 0x0A: return cursor + 1
            case 0x20, 0x09, 0x0D: cursor += 1
            default: return nil
            }
        }
        return nil
    }

    /// Key order as Xcode sorts: by bytes, so `UIPrerenderedIcon` before `ordinal`.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// An element name as a type, for messages.
    static func typeName(_ element: String) -> String {
        switch element {
        case "string": return "a string"
        case "array": return "an array"
        case "integer": return "an integer"
        case "real": return "a real number"
        case "true", "false": return "a boolean"
        case "data": return "data"
        case "date": return "a date"
        default: return "<\(element)>"
        }
    }
}
