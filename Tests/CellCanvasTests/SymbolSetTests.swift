import CellCanvas
import Testing

struct SymbolSetTests {
    /// Every pattern has its own character, and reading it back gives the pattern.
    @Test(arguments: SymbolSet.allCases)
    func everyPatternHasOneGlyph(symbols: SymbolSet) {
        let glyphs = (0..<1 << symbols.subpixels).map(symbols.glyph)
        #expect(Set(glyphs).count == glyphs.count)
        for (pattern, glyph) in glyphs.enumerated() {
            #expect(symbols.pattern(of: glyph) == pattern)
        }
        #expect(glyphs.first == " " && glyphs.last == "█")
    }

    /// The Legacy Computing blocks are used whole and in order: sextants U+1FB00–U+1FB3B,
    /// octants U+1CD00–U+1CDE5; what is not among them is a block element Unicode
    /// encoded before (Block Elements, or the quarter blocks of Legacy Computing).
    @Test func theNewBlocksAreUsedWholeAndInOrder() {
        func codes(_ symbols: SymbolSet, in range: ClosedRange<UInt32>) -> [UInt32] {
            (0..<1 << symbols.subpixels).map { symbols.glyph($0).unicodeScalars.first!.value }.filter(range.contains)
        }
        #expect(codes(.sextant, in: 0x1FB00...0x1FB3B) == Array(0x1FB00...0x1FB3B))
        #expect(codes(.octant, in: 0x1CD00...0x1CDE5) == Array(0x1CD00...0x1CDE5))
        #expect(SymbolSet.octant.glyph(0b0000_0100) == "\u{1CD00}")        // BLOCK OCTANT-3
        #expect(SymbolSet.octant.glyph(0b1111_1110) == "\u{1CDE5}")        // BLOCK OCTANT-2345678
        #expect(SymbolSet.octant.glyph(0b0000_0011) == "\u{1FB82}")        // UPPER ONE QUARTER BLOCK
        #expect(SymbolSet.octant.glyph(0b1100_0000) == "▂")
        #expect(SymbolSet.octant.glyph(0b0101_0101) == "▌")
        #expect(SymbolSet.octant.glyph(0b1010_0000) == "▗")
        #expect(SymbolSet.sextant.glyph(0b010101) == "▌" && SymbolSet.sextant.glyph(1) == "\u{1FB00}")
        #expect(SymbolSet.quadrant.glyph(0b1001) == "▚" && SymbolSet.half.glyph(1) == "▀")
    }
}
