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

    @Test func truncateMiddleKeepsTheStartAndTheEnd() {
        #expect(DisplayWidth.truncateMiddle("PrideHabitica-AltBlack", to: 22) == "PrideHabitica-AltBlack")
        #expect(DisplayWidth.middleCut("PrideHabitica-AltBlack", to: 22) == nil)
        #expect(DisplayWidth.truncateMiddle("PrideHabitica-AltBlack", to: 13) == "PrideH…tBlack")
        #expect(DisplayWidth.truncateMiddle("PrideHabitica-AltBlack", to: 14) == "PrideHa…tBlack")  // the start takes the odd column
        #expect(DisplayWidth.truncateMiddle("PrideHabitica-AltBlack", to: 14, ellipsis: "...") == "PrideH...Black")
        #expect(DisplayWidth.truncateMiddle("abcdef", to: 1) == "…")
        #expect(DisplayWidth.truncateMiddle("abcdef", to: 2, ellipsis: "...") == "..")
        #expect(DisplayWidth.truncateMiddle("abcdef", to: 0) == "")
    }

    /// Wide characters and emoji of several scalars are kept whole or not at all, each side
    /// within its half of the columns even when that leaves one unused.
    @Test func truncateMiddleCutsWideCharactersAndEmojiWhole() {
        #expect(DisplayWidth.truncateMiddle("红色的应用图标", to: 9) == "红色…图标")
        #expect(DisplayWidth.truncateMiddle("红色的应用图标", to: 8) == "红色…标")
        #expect(DisplayWidth.truncateMiddle("ab红色cd", to: 6) == "ab…cd")
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", france = "\u{1F1EB}\u{1F1F7}"
        let thumb = "\u{1F44D}\u{1F3FD}", japan = "\u{1F1EF}\u{1F1F5}"
        let emoji = family + france + thumb + "x" + japan + family
        #expect(DisplayWidth.of(emoji) == 11)
        #expect(DisplayWidth.truncateMiddle(emoji, to: 8) == family + france + "…" + family)
        #expect(DisplayWidth.middleCut(emoji, to: 8)! == (head: 2, tail: 1))
    }

    /// At every width: no wider than asked, the original's own Characters before and after the
    /// ellipsis, the start no narrower than the end and neither wider than its share.
    @Test func truncateMiddleAtEveryWidth() {
        let names = ["PrideHabitica-AltBlack", "红色的应用图标", "ab红色cd", "icon\u{1F1EB}\u{1F1F7}\u{1F44D}\u{1F3FD}end",
                     "e\u{301}te\u{301}-\u{D55C}\u{AE00}-long-name"]
        for name in names {
            let characters = Array(name)
            for width in 1...DisplayWidth.of(name) + 1 {
                let shown = DisplayWidth.truncateMiddle(name, to: width)
                #expect(DisplayWidth.of(shown) <= width, "\(name) \(width)")
                guard let cut = DisplayWidth.middleCut(name, to: width) else {
                    #expect(shown == name && DisplayWidth.of(name) <= width)
                    continue
                }
                #expect(cut.head + cut.tail < characters.count)
                let head = String(characters.prefix(cut.head)), tail = String(characters.suffix(cut.tail))
                #expect(shown == head + "…" + tail, "\(name) \(width)")
                let room = width - 1
                #expect(DisplayWidth.of(head) <= room - room / 2 && DisplayWidth.of(tail) <= room / 2, "\(name) \(width)")
            }
        }
    }

    @Test func wrapByWordsAndBreaksLongWords() {
        #expect(DisplayWidth.wrap("You have changed the icon for “Colourful”.", to: 20)
            == ["You have changed the", "icon for", "“Colourful”."])
        #expect(DisplayWidth.wrap("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
        #expect(DisplayWidth.wrap("", to: 4) == [""])
    }
}
