import TerminalText
import Testing

@Suite struct TextTests {
    @Test func sanitizerRemovesControlAndBidiCharacters() {
        #expect(TextSanitizer.clean("a\u{1B}[31mb\u{202E}c\u{7F}d\u{9B}e\u{2066}f") == "a[31mbcdef")
        #expect(TextSanitizer.clean("Spectrum '22 小猫") == "Spectrum '22 小猫")
    }

    @Test func jsonEscapingKeepsLayoutAndEscapesTheRest() {
        #expect(TextSanitizer.escapeForJSON("{\n  \"a\" : \"x\u{202E}y\u{85}\"\n}") == "{\n  \"a\" : \"x\\u202ey\\u0085\"\n}")
    }

    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("─", 1), ("▀", 1),
        ("红", 2), ("한", 2), ("Ａ", 2),
        ("🔥", 2), ("❤\u{FE0F}", 2), ("🇫🇷", 2), ("👨\u{200D}👩\u{200D}👧", 2),
        ("\u{7}", 0), ("\u{200F}", 0), ("\u{301}", 0),
    ])
    func displayWidthPerGrapheme(text: String, columns: Int) {
        #expect(DisplayWidth.of(Character(text)) == columns)
    }

    @Test func displayWidthCountsWideCharactersTwice() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("小猫") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.truncate("天天特价", to: 5) == "天天…")
        #expect(DisplayWidth.truncate("short", to: 5) == "short")
        #expect(DisplayWidth.pad("小", to: 4) == "小  ")
    }
}
