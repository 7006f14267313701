@testable import IconCatalog
@testable import TerminalText
import Testing

@Suite struct DisplayWidthTests {
    @Test func columnsCountWideCharactersTwice() {
        #expect(DisplayWidth.of("Default") == 7)
        #expect(DisplayWidth.of("红色") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
    }

    @Test func symbolArtMeasuredWithoutPropertiesIsWhatThePropertiesSay() {
        for range in DisplayWidth.narrowSymbolRanges {
            for value in range {
                let scalar = Unicode.Scalar(value)!
                #expect(scalar.properties.generalCategory == .otherSymbol, "U+\(String(value, radix: 16))")
                #expect(!scalar.properties.isEmojiPresentation, "U+\(String(value, radix: 16))")
                #expect(DisplayWidth.of(Character(scalar)) == 1)
                #expect(DisplayWidth.of(Character("\(scalar)\u{FE0F}")) == 2)
            }
        }
    }

    @Test func aStringMeasuresAsTheSumOfItsGraphemes() {
        let samples = ["", "a", "Default", "\r\n", "a\r\nb", "tab\there", "\u{7F}", "\u{FE0F}", "\u{301}", "e\u{301}",
                       "▀", "\u{1FB00}", "\u{1CD00}", "❤\u{FE0F}", "😀", "红", "红色 app", "\u{200B}", "\u{1160}", "▀\u{FE0F}"]
        for text in samples {
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.unicodeScalars.map(\.value))")
            #expect(DisplayWidth.of(Substring(text)) == DisplayWidth.of(text))
        }
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
