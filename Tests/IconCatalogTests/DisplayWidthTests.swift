@testable import IconCatalog
import TerminalText
import Testing

@Suite struct DisplayWidthTests {
    @Test func columnsCountWideCharactersTwice() {
        #expect(DisplayWidth.of("Default") == 7)
        #expect(DisplayWidth.of("红色") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func truncateByColumns() {
        #expect(DisplayWidth.truncate("Colourful", to: 9, ellipsis: "…") == "Colourful")
        #expect(DisplayWidth.truncate("Colourful", to: 8, ellipsis: "…") == "Colourf…")
        #expect(DisplayWidth.truncate("Colourful", to: 8, ellipsis: "...") == "Colou...")
        #expect(DisplayWidth.truncate("红色的应用", to: 6, ellipsis: "…") == "红色…")  // never half a character
        #expect(DisplayWidth.truncate("abc", to: 0, ellipsis: "…") == "")
        #expect(DisplayWidth.truncate("abcdef", to: 2, ellipsis: "...") == "..")
    }

    @Test func wrapByWordsAndBreaksLongWords() {
        #expect(DisplayWidth.wrap("You have changed the icon for “Colourful”.", to: 20)
            == ["You have changed the", "icon for", "“Colourful”."])
        #expect(DisplayWidth.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
        #expect(DisplayWidth.wrap("", to: 4) == [""])
    }
}
