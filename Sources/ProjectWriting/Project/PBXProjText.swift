/// A `project.pbxproj` as the lines Xcode writes, edited a line at a time. Xcode's layout is
/// regular: objects sit in `/* Begin ISA section */` blocks sorted by id, at two tabs; small
/// objects (build files, file references) on one line, others over several with their keys
/// at three tabs and list items at four. An edit finds its object by id in that layout and
/// throws when the text is laid out otherwise, rather than guess.
struct PBXProjText {
    /// The file's path, for errors.
    let path: String
    /// The lines without their line feeds; joined with `\n` they give the file back exactly.
    private(set) var lines: [String]

    init(path: String, text: String) throws(ProjectEditError) {
        self.path = path
        guard !text.contains("\r") else {
            throw ProjectEditError(path: path, kind: .unexpectedLayout("a file with carriage returns"))
        }
        lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    var text: String { lines.joined(separator: "\n") }

    // MARK: Objects

    /// The lines of object `id`: one line, or its opening line through its `\t\t};`.
    func objectLines(_ id: String, what: String) throws(ProjectEditError) -> Range<Int> {
        let prefix = "\t\t" + id + " "
        guard let start = lines.firstIndex(where: { $0.hasPrefix(prefix) && $0.contains(" = {") }) else {
            throw ProjectEditError(path: path, kind: .objectNotFound(id: id, what: what))
        }
        if lines[start].hasSuffix("};") { return start..<(start + 1) }
        guard lines[start].hasSuffix("= {"),
              let end = lines[(start + 1)...].firstIndex(where: { $0 == "\t\t};" }) else {
            throw ProjectEditError(path: path, kind: .objectNotFound(id: id, what: what))
        }
        return start..<(end + 1)
    }

    /// The item lines of the list `key = ( … );` of the multi-line object `id` (the lines
    /// between its opening and closing, which may be none).
    func listItems(_ key: String, of id: String, what: String) throws(ProjectEditError) -> Range<Int> {
        let object = try objectLines(id, what: what)
        let opening = "\t\t\t" + key + " = ("
        guard let start = lines[object].firstIndex(of: opening),
              let end = lines[(start + 1)..<object.upperBound].firstIndex(of: "\t\t\t);") else {
            throw ProjectEditError(path: path, kind: .unexpectedLayout("the \(key) list of \(what) \(id)"))
        }
        return (start + 1)..<end
    }

    /// The entry lines of `buildSettings = { … };` of configuration `id`.
    func buildSettings(of id: String) throws(ProjectEditError) -> Range<Int> {
        let object = try objectLines(id, what: "build configuration")
        guard let start = lines[object].firstIndex(of: "\t\t\tbuildSettings = {"),
              let end = lines[(start + 1)..<object.upperBound].firstIndex(of: "\t\t\t};") else {
            throw ProjectEditError(path: path, kind: .unexpectedLayout("the buildSettings of build configuration \(id)"))
        }
        return (start + 1)..<end
    }

    /// The line in `range` listing `id` as a list item (`\t\t\t\tID /* … */,`), if any.
    func itemLine(_ id: String, in range: Range<Int>) -> Int? {
        lines[range].firstIndex { $0.hasPrefix("\t\t\t\t" + id + " ") || $0 == "\t\t\t\t" + id + "," }
    }

    mutating func insert(_ line: String, at index: Int) {
        lines.insert(line, at: index)
    }

    mutating func replace(line index: Int, with line: String) {
        lines[index] = line
    }

    mutating func removeLines(_ range: Range<Int>) {
        lines.removeSubrange(range)
    }

    // MARK: Sections

    private static func begin(_ isa: String) -> String { "/* Begin \(isa) section */" }
    private static func end(_ isa: String) -> String { "/* End \(isa) section */" }

    /// Adds the one-line object `line` of id `id` to the section of `isa`, before the first
    /// object with a greater id, making the section (in its place among the sections, sorted
    /// by isa, a blank line between two) when the file has none.
    mutating func insertObject(_ line: String, id: String, isa: String) throws(ProjectEditError) {
        if let begin = lines.firstIndex(of: Self.begin(isa)) {
            guard let end = lines[begin...].firstIndex(of: Self.end(isa)) else {
                throw ProjectEditError(path: path, kind: .unexpectedLayout("the \(isa) section"))
            }
            // Only an object's first line starts at two tabs: a multi-line object's inner lines are passed over.
            let index = lines[(begin + 1)..<end].firstIndex { Self.objectID($0).map { $0 > id } ?? false } ?? end
            lines.insert(line, at: index)
            return
        }
        let sections = lines.indices.filter { lines[$0].hasPrefix("/* Begin ") && lines[$0].hasSuffix(" section */") }
        if let next = sections.first(where: { Self.sectionName(lines[$0]) > isa }) {
            lines.insert(contentsOf: [Self.begin(isa), line, Self.end(isa), ""], at: next)
        } else if let last = lines.lastIndex(where: { $0.hasPrefix("/* End ") && $0.hasSuffix(" section */") }),
                  !lines[last...].contains(where: { $0.hasPrefix("/* Begin ") }) {
            lines.insert(contentsOf: ["", Self.begin(isa), line, Self.end(isa)], at: last + 1)
        } else {
            throw ProjectEditError(path: path, kind: .unexpectedLayout("the objects' sections"))
        }
    }

    /// Removes the one-line object `id`, and its section when that leaves it empty (with the
    /// blank line that parted it from the next section, or from the one before when last):
    /// the inverse of `insertObject`.
    mutating func removeObject(_ id: String, what: String) throws(ProjectEditError) {
        let range = try objectLines(id, what: what)
        lines.removeSubrange(range)
        let line = range.lowerBound
        guard line > 0, line < lines.count, lines[line - 1].hasPrefix("/* Begin "),
              lines[line] == "/* End " + lines[line - 1].dropFirst("/* Begin ".count) else { return }
        if line + 2 < lines.count, lines[line + 1].isEmpty, lines[line + 2].hasPrefix("/* Begin ") {
            lines.removeSubrange((line - 1)...(line + 1))
        } else if line >= 2, lines[line - 2].isEmpty {
            lines.removeSubrange((line - 2)...line)
        } else {
            lines.removeSubrange((line - 1)...line)
        }
    }

    /// The id an object's first line starts with (`\t\tID /* … */ = {…`), nil for any other line.
    static func objectID(_ line: String) -> String? {
        guard line.hasPrefix("\t\t"), !line.hasPrefix("\t\t\t") else { return nil }
        let rest = line.dropFirst(2)
        guard let space = rest.firstIndex(of: " ") else { return nil }
        let id = rest[..<space]
        return id.isEmpty || id == "};" ? nil : String(id)
    }

    private static func sectionName(_ line: String) -> String {
        String(line.dropFirst("/* Begin ".count).dropLast(" section */".count))
    }

    // MARK: Ids

    /// Every 24-hex-digit word of the file: the ids a new object's must differ from.
    var usedIDs: Set<String> {
        var ids: Set<String> = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard Self.isWordByte(bytes[index]) || Self.isHexDigit(bytes[index]) else {
                index += 1
                continue
            }
            // One word: taken when it is 24 hex digits and nothing else.
            let start = index
            var allHex = true
            while index < bytes.count, Self.isWordByte(bytes[index]) || Self.isHexDigit(bytes[index]) {
                if !Self.isHexDigit(bytes[index]) { allHex = false }
                index += 1
            }
            if allHex, index - start == 24 { ids.insert(String(decoding: bytes[start..<index], as: UTF8.self)) }
        }
        return ids
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "G")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }
}

/// Strings as Xcode writes them in a project file: bare when made only of letters, digits and
/// `_ $ / : .` (and holding neither `//` nor `___`), else in double quotes with `\"`, `\\`,
/// `\n` and `\t` escaped.
enum PBXString {
    static func encoded(_ value: String) -> String {
        let bare = !value.isEmpty && !value.contains("//") && !value.contains("___") && value.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_$/:.".unicodeScalars.contains($0)
        }
        if bare { return value }
        var result = "\""
        for character in value {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}

/// Fresh object ids: 24 uppercase hex digits, made from a seed (so one edit gives the same ids
/// each time it is planned) and checked against every id the file holds.
struct ObjectIDs {
    private var used: Set<String>
    private var state: UInt64

    init(used: Set<String>, seed: String) {
        self.used = used
        // FNV-1a over the seed.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in seed.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        state = hash
    }

    mutating func next() -> String {
        while true {
            let high = step(), low = step()
            let id = String(Self.hex(high, digits: 16) + Self.hex(low >> 32, digits: 8))
            if used.insert(id).inserted { return id }
        }
    }

    /// splitmix64.
    private mutating func step() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
