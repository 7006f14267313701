/// The `#if … #endif` blocks of a preprocessed plist, as byte ranges of whole lines, and
/// the hand edit that replaces a text change falling inside one: which lines are kept
/// depends on the build's macros, so the tool does not choose.
enum ConditionalBlocks {
    /// The outermost blocks, from the start of the `#if` line to past the end of its `#endif` line.
    /// An unclosed block reaches the end of the file.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var openStart: Int?
        var depth = 0
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
            switch directive(bytes[lineStart..<lineEnd]) {
            case "if", "ifdef", "ifndef":
                if depth == 0 { openStart = lineStart }
                depth += 1
            case "endif" where depth > 0:
                depth -= 1
                if depth == 0, let start = openStart { blocks.append(start..<lineEnd) }
            default:
                break
            }
            lineStart = lineEnd
        }
        if depth > 0, let start = openStart { blocks.append(start..<bytes.count) }
        return blocks
    }

    /// The directive a line holds (`if`, `endif`, …), or nil for a line of text.
    private static func directive(_ line: ArraySlice<UInt8>) -> String? {
        let text = line.drop { $0 == 0x20 || $0 == 0x09 }
        guard text.first == UInt8(ascii: "#") else { return nil }
        let word = text.dropFirst().drop { $0 == 0x20 || $0 == 0x09 }
            .prefix { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }
        return String(decoding: word, as: UTF8.self)
    }

    /// The whole lines a replacement changes, before and after, when it touches a block: an
    /// insertion strictly inside one, or a range overlapping one. nil when it touches none.
    static func handEdit(for replacement: XMLPlistEditor.Replacement, in bytes: [UInt8], blocks: [Range<Int>]) -> HandEdit? {
        let range = replacement.range
        let touches = blocks.contains { block in
            range.isEmpty ? block.lowerBound < range.lowerBound && range.lowerBound < block.upperBound : range.overlaps(block)
        }
        guard touches else { return nil }
        var start = range.lowerBound
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = range.upperBound
        if end == range.lowerBound || (end > 0 && bytes[end - 1] != 0x0A) {
            end = bytes[end...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
        }
        // An insertion of whole lines at a line's start changes no existing line.
        if range.isEmpty, start == range.lowerBound, replacement.text.last == 0x0A { end = start }
        let before = Array(bytes[start..<end])
        let after = Array(bytes[start..<range.lowerBound]) + replacement.text + Array(bytes[range.upperBound..<end])
        return HandEdit(line: PlistXMLTree.line(of: start, in: bytes), removed: lines(before), added: lines(after))
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        guard !bytes.isEmpty else { return [] }
        var parts = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if bytes.last == 0x0A { parts.removeLast() }
        return parts.map { String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self) }
    }
}
