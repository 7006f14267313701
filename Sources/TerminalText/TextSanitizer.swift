/// Every string from a plist or a file name is untrusted: before it reaches a terminal
/// or a log, control characters (which could move the cursor or recolour the screen)
/// and bidirectional-formatting characters (which could make text read backwards)
/// are removed.
public enum TextSanitizer {
    /// True for C0/C1 controls, DEL, and the Unicode bidi embedding, override and isolate marks.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether `text` holds any scalar `clean(_:)` would remove.
    public static func containsUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isUnsafe)
    }

    /// The text with every unsafe scalar removed.
    public static func clean(_ text: String) -> String {
        guard containsUnsafe(text) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isUnsafe($0) })
        return String(scalars)
    }

    /// JSON text with every unsafe scalar written as a `\uXXXX` escape. JSONEncoder already
    /// escapes C0 controls inside strings (so a raw tab or newline is layout); this also
    /// covers DEL, C1 controls and bidi marks, which can only occur inside strings, so
    /// escaping them keeps the JSON valid.
    public static func escapeForJSON(_ json: String) -> String {
        let layout: Set<UInt32> = [0x09, 0x0A, 0x0D]
        guard json.unicodeScalars.contains(where: { isUnsafe($0) && !layout.contains($0.value) }) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar) && !layout.contains(scalar.value) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// How many terminal columns text takes, so names line up, truncate and wrap cleanly,
/// and what is measured is what `CellGrid` draws. Per grapheme, not per scalar: an emoji
/// ZWJ sequence or a heart with U+FE0F is one two-column picture. (It cannot ask the C
/// library: `wcwidth` answers -1 for all non-ASCII until `setlocale` has run.) Wide: the
/// East Asian Wide/Fullwidth blocks and Unicode's emoji presentation property; ambiguous
/// width counts as one column, as most terminals outside CJK locales draw it.
public enum DisplayWidth {
    /// 0 for what must not occupy a cell on its own (controls, format characters, a lone
    /// combining mark), 2 for wide characters, else 1.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        return width(startingWith: first) { scalars.contains("\u{FE0F}") }
    }

    /// The sum over the text's graphemes.
    public static func of(_ text: some StringProtocol) -> Int {
        // A cell holds one scalar almost always, and most names are ASCII: both are measured
        // without breaking the text into graphemes, which is what dominated drawing a frame.
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        if scalars.next() == nil { return width(startingWith: first) { false } }
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {  // each ASCII scalar is a grapheme, but for CR LF (both 0)
            return utf8.reduce(0) { $0 + ($1 >= 0x20 && $1 < 0x7F ? 1 : 0) }
        }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The width of a grapheme whose first scalar is `first`; `selectsEmoji` says whether
    /// U+FE0F follows in it (asked only where that matters).
    static func width(startingWith first: Unicode.Scalar, selectsEmoji: () -> Bool) -> Int {
        let value = first.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }  // the common case, fast
        if isNarrowSymbol(value) { return selectsEmoji() ? 2 : 1 }  // symbol art, without property look-ups
        switch first.properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator,
             .surrogate, .unassigned:
            return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        if selectsEmoji() || first.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// Box drawing, block elements, sextants and octants: the cells of every tile and frame.
    /// Each is an assigned symbol, one column, never an emoji (a test checks that against the
    /// Unicode properties the general path reads).
    static let narrowSymbolRanges: [ClosedRange<UInt32>] = [0x2500...0x259F, 0x1CD00...0x1CDE5, 0x1FB00...0x1FB3B]

    private static func isNarrowSymbol(_ value: UInt32) -> Bool {
        value >= 0x2500 && narrowSymbolRanges.contains { $0.contains(value) }
    }

    /// East Asian Width W and F blocks (outside emoji, which the scalar property covers).
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        return wideRanges.contains { $0.contains(value) }
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        guard of(text) > width else { return text }
        let room = width - of(ellipsis)
        guard room >= 0 else { return String(ellipsis.prefix(width)) }
        var result = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > room { break }
            result.append(character)
            used += w
        }
        return result + ellipsis
    }

    /// `text` cut to at most `width` columns in the middle, as Finder, Xcode and the iOS home
    /// screen cut names: related names (`PrideHabitica-AltBlack`, `PrideHabitica-AltWhite`) tend to
    /// share their start and differ at their end, so both ends stay. `ellipsis` marks the cut.
    public static func truncateMiddle(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        guard let cut = middleCut(text, to: width, ellipsis: ellipsis) else { return text }
        guard of(ellipsis) <= width else { return String(ellipsis.prefix(width)) }
        return String(text.prefix(cut.head)) + ellipsis + String(text.suffix(cut.tail))
    }

    /// Where `truncateMiddle` cuts `text`: how many Characters it keeps from the start and from
    /// the end (the ellipsis between them), or nil when the text fits whole. The columns left
    /// beside the ellipsis are shared evenly, the start taking the odd one; a wide Character is
    /// kept only whole, so a side may use a column less than its share.
    public static func middleCut(_ text: String, to width: Int, ellipsis: String = "…") -> (head: Int, tail: Int)? {
        guard of(text) > width else { return nil }
        let characters = Array(text)
        let room = max(0, width - of(ellipsis))
        let tailRoom = room / 2, headRoom = room - tailRoom
        var head = 0, used = 0
        while head < characters.count {
            let w = of(characters[head])
            if used + w > headRoom { break }
            used += w
            head += 1
        }
        var tail = 0
        used = 0
        while tail < characters.count - head {
            let w = of(characters[characters.count - 1 - tail])
            if used + w > tailRoom { break }
            used += w
            tail += 1
        }
        return (head, tail)
    }

    /// `text` followed by spaces up to `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    /// Greedy word wrap into lines of at most `width` columns; a word longer than a line is
    /// broken wherever it must be.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = "", lineWidth = 0
        for word in text.split(separator: " ") {
            var word = String(word)
            var wordWidth = of(word)
            if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 { lines.append(line) }
            while wordWidth > width {
                var head = "", headWidth = 0
                for character in word {
                    let characterWidth = of(character)
                    if headWidth + characterWidth > width { break }
                    head.append(character)
                    headWidth += characterWidth
                }
                if head.isEmpty { head = String(word.prefix(1)) }  // a wide character in a 1-column line
                lines.append(head)
                word = String(word.dropFirst(head.count))
                wordWidth = of(word)
            }
            line = word
            lineWidth = wordWidth
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }
}
