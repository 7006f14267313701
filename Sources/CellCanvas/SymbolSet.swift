/// Which block symbols the terminal can draw, finest last. Symbol art divides each cell into
/// a grid of sub-pixels and draws any two-colour pattern on that grid as one character, so a
/// finer set shows more of a picture in the same cells; but sextants (Unicode 13) and octants
/// (Unicode 16) show as boxes or gaps where neither the terminal nor its font draws them,
/// which is why the set is a capability, like `ColorDepth`, and not a preference (see
/// TerminalDetection's `KnownTerminal`).
public enum SymbolSet: Int, Comparable, CaseIterable, Sendable {
    /// `▀ ▄ █`: one column, two rows. Every terminal with a UTF-8 font draws them.
    case half = 0
    /// The half blocks and quadrants (U+2596–U+259F): two columns, two rows.
    case quadrant
    /// Sextants (U+1FB00–U+1FB3B) with `▌ ▐ █`: two columns, three rows.
    case sextant
    /// Octants (U+1CD00–U+1CDE5) with the block elements they reuse: two columns, four rows.
    case octant

    public static func < (lhs: SymbolSet, rhs: SymbolSet) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Sub-pixel columns of one cell.
    public var columns: Int { self == .half ? 1 : 2 }

    /// Sub-pixel rows of one cell.
    public var rows: Int {
        switch self {
        case .half, .quadrant: 2
        case .sextant: 3
        case .octant: 4
        }
    }

    /// The number of sub-pixels, and so of bits in a pattern.
    public var subpixels: Int { columns * rows }

    /// The character that shows `pattern` in the foreground colour over the background:
    /// bit `row · columns + column` set means that sub-pixel is foreground (bit 0 is the
    /// top left). 0 is a space, all bits a full block. Patterns beyond the set's bits trap.
    public func glyph(_ pattern: Int) -> Character {
        precondition(pattern >= 0 && pattern < 1 << subpixels, "\(self): no pattern \(pattern)")
        return Self.glyphs[rawValue][pattern]
    }

    /// The pattern `glyph` draws in this set, or nil when the set has no such character.
    public func pattern(of glyph: Character) -> Int? {
        Self.patterns[rawValue][glyph]
    }

    private static let glyphs: [[Character]] = [halfGlyphs, quadrantGlyphs, sextantGlyphs, octantGlyphs]
    private static let patterns: [[Character: Int]] = glyphs.map { table in
        Dictionary(table.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    private static let halfGlyphs: [Character] = [" ", "▀", "▄", "█"]

    /// Bits: 1 upper left, 2 upper right, 4 lower left, 8 lower right.
    private static let quadrantGlyphs: [Character] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    /// U+1FB00 onward in pattern order, leaving out the four patterns that block elements
    /// already draw: empty, the left column (`▌`), the right column (`▐`) and full.
    private static let sextantGlyphs: [Character] = {
        let reused: [Int: Character] = [0: " ", 0b010101: "▌", 0b101010: "▐", 0b111111: "█"]
        var next: UInt32 = 0x1FB00
        return (0..<64).map { pattern in
            if let glyph = reused[pattern] { return glyph }
            defer { next += 1 }
            return Character(Unicode.Scalar(next)!)
        }
    }()

    /// U+1CD00 onward in pattern order, leaving out the 26 patterns Unicode encodes
    /// elsewhere: the quadrant patterns, the quarter and three-quarter blocks, and the four
    /// one-eighth corners.
    private static let octantGlyphs: [Character] = {
        var reused: [Int: Character] = [
            0b0000_0001: "\u{1CEA8}", 0b0000_0010: "\u{1CEAB}", 0b0100_0000: "\u{1CEA3}", 0b1000_0000: "\u{1CEA0}",
            0b0000_0011: "\u{1FB82}", 0b0011_1111: "\u{1FB85}", 0b1100_0000: "▂", 0b1111_1100: "▆",
            0b0001_0100: "\u{1FBE6}", 0b0010_1000: "\u{1FBE7}",
        ]
        // A quadrant covers a 2×1 block of octant rows: spread its four bits over eight.
        for (quadrant, glyph) in quadrantGlyphs.enumerated() {
            var pattern = 0
            for bit in 0..<4 where quadrant & 1 << bit != 0 {
                let column = bit % 2, row = bit / 2
                pattern |= 1 << (4 * row + column) | 1 << (4 * row + 2 + column)
            }
            reused[pattern] = glyph
        }
        var next: UInt32 = 0x1CD00
        return (0..<256).map { pattern in
            if let glyph = reused[pattern] { return glyph }
            defer { next += 1 }
            return Character(Unicode.Scalar(next)!)
        }
    }()
}
