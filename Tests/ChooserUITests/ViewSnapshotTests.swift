import CellCanvas
@testable import ChooserUI
import IconArt
import SymbolArt
import Testing

/// Text snapshots of whole screens. Pictures are fake tiles filled with one letter per
/// icon (A for the first, B for the second, …) so what is drawn where stays readable.
@Suite struct ViewSnapshotTests {
    @Test func wideTerminalShowsLargeTilesInOneRow() {
        var state = chooser(current: "white-black", width: 100, height: 30)
        press(.right, in: &state)
        #expect(state.tileSize == .large)
        #expect(marks(of: state) == CellGrid(lines: [
            "                                        App Icon — Colourful                                        ",
            "                                                                                                    ",
            "                                                                                                    ",
            "    AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC   DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE    ",
            "    AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC   DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE    ",
            "    AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC   DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE    ",
            "    AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC   DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE    ",
            "    AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC   DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE    ",
            "    AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC   DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE    ",
            "    AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC   DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE    ",
            "    AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC   DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE    ",
            "                                                        ✓                                           ",
            "        Default          black-white        white-black        multi-black        black-multi       ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            "                                                                                                    ",
            " ←↑↓→ move  Enter use  / filter  a appearance  i details  ? help  q quit                            ",
        ], styles: [
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            ".......................................................ccc..........................................",
            "............................................................ffffffffffffffffff......................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
            "....................................................................................................",
        ], legend: markLegend()))
    }

    @Test func mediumTerminalWrapsToASecondRow() {
        var state = chooser(current: "white-black", width: 60, height: 24)
        press(.right, in: &state)
        #expect(state.tileSize == .medium)
        #expect(marks(of: state) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "                                                            ",
            "                                                            ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            "                                         ✓                  ",
            "   Default      black-white    white-black    multi-black   ",
            "                                                            ",
            " EEEEEEEEEEEE                                               ",
            " EEEEEEEEEEEE                                               ",
            " EEEEEEEEEEEE                                               ",
            " EEEEEEEEEEEE                                               ",
            " EEEEEEEEEEEE                                               ",
            " EEEEEEEEEEEE                                               ",
            "                                                            ",
            " black-multi                                                ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            " Enter use  / filter  a appearance  ? help  q quit          ",
        ], styles: [
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "........................................ccc.................",
            ".............................................ffffffffffffff.",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
        ], legend: markLegend()))
    }

    @Test func narrowTerminalUsesSmallTilesAndTruncatesCaptions() {
        var state = chooser(current: "white-black", width: 40, height: 20)
        press(.right, in: &state)
        #expect(state.tileSize == .small)
        #expect(marks(of: state) == CellGrid(lines: [
            "          App Icon — Colourful          ",
            "                                        ",
            "                                        ",
            "     AAAAAAAA   BBBBBBBB   CCCCCCCC     ",
            "     AAAAAAAA   BBBBBBBB   CCCCCCCC     ",
            "     AAAAAAAA   BBBBBBBB   CCCCCCCC     ",
            "     AAAAAAAA   BBBBBBBB   CCCCCCCC     ",
            "                                 ✓      ",
            "     Default   black…hite white…lack    ",
            "                                        ",
            "     DDDDDDDD   EEEEEEEE                ",
            "     DDDDDDDD   EEEEEEEE                ",
            "     DDDDDDDD   EEEEEEEE                ",
            "     DDDDDDDD   EEEEEEEE                ",
            "                                        ",
            "    multi-black  blac…lti               ",
            "                                        ",
            "                                        ",
            "                                        ",
            " Enter use  / filter  ? help  q quit    ",
        ], styles: [
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "................................ccc.....",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "...fffffffffffff........................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
        ], legend: markLegend()))
    }

    @Test func scrolledToTheEndShowsOnlyMoreAbove() {
        var state = chooser(numberedItems(30), width: 60, height: 24)
        press(.end, in: &state)
        #expect(marks(of: state) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "                        ▲ more above                        ",
            "                                                            ",
            " YYYYYYYYYYYY   ZZZZZZZZZZZZ   AAAAAAAAAAAA   BBBBBBBBBBBB  ",
            " YYYYYYYYYYYY   ZZZZZZZZZZZZ   AAAAAAAAAAAA   BBBBBBBBBBBB  ",
            " YYYYYYYYYYYY   ZZZZZZZZZZZZ   AAAAAAAAAAAA   BBBBBBBBBBBB  ",
            " YYYYYYYYYYYY   ZZZZZZZZZZZZ   AAAAAAAAAAAA   BBBBBBBBBBBB  ",
            " YYYYYYYYYYYY   ZZZZZZZZZZZZ   AAAAAAAAAAAA   BBBBBBBBBBBB  ",
            " YYYYYYYYYYYY   ZZZZZZZZZZZZ   AAAAAAAAAAAA   BBBBBBBBBBBB  ",
            "                                                            ",
            "   Icon 24        Icon 25        Icon 26        Icon 27     ",
            "                                                            ",
            " CCCCCCCCCCCC   DDDDDDDDDDDD                                ",
            " CCCCCCCCCCCC   DDDDDDDDDDDD                                ",
            " CCCCCCCCCCCC   DDDDDDDDDDDD                                ",
            " CCCCCCCCCCCC   DDDDDDDDDDDD                                ",
            " CCCCCCCCCCCC   DDDDDDDDDDDD                                ",
            " CCCCCCCCCCCC   DDDDDDDDDDDD                                ",
            "                                                            ",
            "   Icon 28        Icon 29                                   ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            " Enter use  / filter  a appearance  ? help  q quit          ",
        ], styles: [
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "...............ffffffffffffff...............................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
        ], legend: markLegend()))
    }

    @Test func scrolledToTheMiddleShowsBothIndicators() {
        var state = chooser(numberedItems(30), width: 60, height: 24)
        press(.end, .up, .up, .up, in: &state)
        #expect(marks(of: state) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "                        ▲ more above                        ",
            "                                                            ",
            " QQQQQQQQQQQQ   RRRRRRRRRRRR   SSSSSSSSSSSS   TTTTTTTTTTTT  ",
            " QQQQQQQQQQQQ   RRRRRRRRRRRR   SSSSSSSSSSSS   TTTTTTTTTTTT  ",
            " QQQQQQQQQQQQ   RRRRRRRRRRRR   SSSSSSSSSSSS   TTTTTTTTTTTT  ",
            " QQQQQQQQQQQQ   RRRRRRRRRRRR   SSSSSSSSSSSS   TTTTTTTTTTTT  ",
            " QQQQQQQQQQQQ   RRRRRRRRRRRR   SSSSSSSSSSSS   TTTTTTTTTTTT  ",
            " QQQQQQQQQQQQ   RRRRRRRRRRRR   SSSSSSSSSSSS   TTTTTTTTTTTT  ",
            "                                                            ",
            "   Icon 16        Icon 17        Icon 18        Icon 19     ",
            "                                                            ",
            " UUUUUUUUUUUU   VVVVVVVVVVVV   WWWWWWWWWWWW   XXXXXXXXXXXX  ",
            " UUUUUUUUUUUU   VVVVVVVVVVVV   WWWWWWWWWWWW   XXXXXXXXXXXX  ",
            " UUUUUUUUUUUU   VVVVVVVVVVVV   WWWWWWWWWWWW   XXXXXXXXXXXX  ",
            " UUUUUUUUUUUU   VVVVVVVVVVVV   WWWWWWWWWWWW   XXXXXXXXXXXX  ",
            " UUUUUUUUUUUU   VVVVVVVVVVVV   WWWWWWWWWWWW   XXXXXXXXXXXX  ",
            " UUUUUUUUUUUU   VVVVVVVVVVVV   WWWWWWWWWWWW   XXXXXXXXXXXX  ",
            "                                                            ",
            "   Icon 20        Icon 21        Icon 22        Icon 23     ",
            "                                                            ",
            "                        ▼ more below                        ",
            "                                                            ",
            " Enter use  / filter  a appearance  ? help  q quit          ",
        ], styles: [
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "...............ffffffffffffff...............................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
        ], legend: markLegend()))
    }

    @Test func tooSmallTerminalSaysHowBigItMustBe() {
        let state = chooser(width: 19, height: 12)
        #expect(state.layout == nil)
        #expect(text(of: state) == CellGrid(lines: [
            "                   ",
            "                   ",
            "                   ",
            "                   ",
            "                   ",
            "Terminal too small:",
            "need at least 20×12",
            "                   ",
            "                   ",
            "                   ",
            "                   ",
            "                   ",
        ]))
    }

    @Test func forcedLargeTilesNeedATallerTerminal() {
        let state = chooser(width: 30, height: 15, configuration: ChooserConfiguration(iconSize: .large))
        #expect(text(of: state) == CellGrid(lines: [
            "                              ",
            "                              ",
            "                              ",
            "                              ",
            "                              ",
            "                              ",
            " Terminal too small: need at  ",
            "         least 20×16          ",
            "                              ",
            "                              ",
            "                              ",
            "                              ",
            "                              ",
            "                              ",
            "                              ",
        ]))
    }

    @Test func asciiModeUsesPlainBadgeAndEllipsis() {
        var state = chooser(current: "white-black", width: 40, height: 20, configuration: ChooserConfiguration(ascii: true))
        press(.right, in: &state)
        #expect(view(state).lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        #expect(marks(of: state) == CellGrid(lines: [
            "          App Icon - Colourful          ",
            "                                        ",
            "                                        ",
            "     AAAAAAAA   BBBBBBBB   CCCCCCCC     ",
            "     AAAAAAAA   BBBBBBBB   CCCCCCCC     ",
            "     AAAAAAAA   BBBBBBBB   CCCCCCCC     ",
            "     AAAAAAAA   BBBBBBBB   CCCCCCCC     ",
            "                                [x]     ",
            "     Default   blac...ite whit...ack    ",
            "                                        ",
            "     DDDDDDDD   EEEEEEEE                ",
            "     DDDDDDDD   EEEEEEEE                ",
            "     DDDDDDDD   EEEEEEEE                ",
            "     DDDDDDDD   EEEEEEEE                ",
            "                                        ",
            "    multi-black  bla...ti               ",
            "                                        ",
            "                                        ",
            "                                        ",
            " Enter use  / filter  ? help  q quit    ",
        ], styles: [
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "................................ccc.....",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "...fffffffffffff........................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
        ], legend: markLegend()))
    }

    @Test func helpOverlayListsTheKeys() {
        var state = chooser(current: "white-black", width: 60, height: 24)
        press(.character("?"), in: &state)
        #expect(marks(of: state) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "                                                            ",
            "                                                            ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAA╭─ Keys ───────────────────────────────────────╮DDDD  ",
            " AAAAA│ ←↑↓→ h j k l     move (left/right wrap)      │DDDD  ",
            " AAAAA│ Tab / Shift-Tab  next / previous             │DDDD  ",
            " AAAAA│ Home g / End G   first / last icon           │DDDD  ",
            " AAAAA│ PgUp / PgDn      one screen up / down        │DDDD  ",
            "      │ Enter / Space    use the focused icon        │      ",
            "      │ click            use that icon               │      ",
            "      │ /                filter by name (Esc clears) │      ",
            " EEEEE│ a                light, dark, tinted         │      ",
            " EEEEE│ i                details (files, lint)       │      ",
            " EEEEE│ f                fix what lint found (in i)  │      ",
            " EEEEE│ p                iPhone / iPad icons         │      ",
            " EEEEE│ ?                close this help             │      ",
            " EEEEE│ q / Esc          leave                       │      ",
            "      │ Ctrl-C           leave (status 130)          │      ",
            "      ╰──────────────────────────────────────────────╯      ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            " Enter use  / filter  a appearance  ? help  q quit          ",
        ], styles: [
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
        ], legend: markLegend()))
    }

    /// Where nothing carries out fixes (`--no-fix`, `serve`'s visitors) the help has no `f`
    /// row: the box is a row shorter, and the footer is as before.
    @Test func helpOverlayWithoutFixesListsNoFixKey() {
        var state = chooser(current: "white-black", width: 60, height: 24, configuration: ChooserConfiguration(fixes: false))
        press(.character("?"), in: &state)
        #expect(text(of: state) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "                                                            ",
            "                                                            ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAA╭─ Keys ───────────────────────────────────────╮DDDD  ",
            " AAAAA│ ←↑↓→ h j k l     move (left/right wrap)      │DDDD  ",
            " AAAAA│ Tab / Shift-Tab  next / previous             │DDDD  ",
            " AAAAA│ Home g / End G   first / last icon           │DDDD  ",
            " AAAAA│ PgUp / PgDn      one screen up / down        │DDDD  ",
            "      │ Enter / Space    use the focused icon        │      ",
            "      │ click            use that icon               │      ",
            "      │ /                filter by name (Esc clears) │      ",
            " EEEEE│ a                light, dark, tinted         │      ",
            " EEEEE│ i                details (files, lint)       │      ",
            " EEEEE│ p                iPhone / iPad icons         │      ",
            " EEEEE│ ?                close this help             │      ",
            " EEEEE│ q / Esc          leave                       │      ",
            " EEEEE│ Ctrl-C           leave (status 130)          │      ",
            "      ╰──────────────────────────────────────────────╯      ",
            " black-multi                                                ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            " Enter use  / filter  a appearance  ? help  q quit          ",
        ]))
    }

    @Test func alertAfterAChangeNamesTheApp() {
        var state = chooser(current: "white-black", width: 60, height: 24)
        press(.right, .enter, in: &state)
        _ = update(&state, .applyFinished(name: "multi-black", error: nil))
        #expect(marks(of: state) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "                                                            ",
            "                                                            ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA   BBBBBBBBBBBB   CCCCCCCCCCCC   DDDDDDDDDDDD  ",
            " AAAAAAAAAAAA╭───────────────────────────────╮DDDDDDDDDDDD  ",
            "             │                               │          ✓   ",
            "   Default   │ You have changed the icon for │multi-black   ",
            "             │         “Colourful”.          │              ",
            " EEEEEEEEEEEE│                               │              ",
            " EEEEEEEEEEEE├───────────────────────────────┤              ",
            " EEEEEEEEEEEE│              OK               │              ",
            " EEEEEEEEEEEE╰───────────────────────────────╯              ",
            " EEEEEEEEEEEE                                               ",
            " EEEEEEEEEEEE                                               ",
            "                                                            ",
            " black-multi                                                ",
            "                                                            ",
            "                                                            ",
            " Now using “multi-black”.                                   ",
            " Enter use  / filter  a appearance  ? help  q quit          ",
        ], styles: [
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            ".......................................................ccc..",
            "..............................................fffffffffffff.",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
        ], legend: markLegend()))
    }

    @Test func appWithoutAlternatesSaysSoAndShowsThePrimary() {
        let state = chooser([.primary()], width: 40, height: 14)
        #expect(marks(of: state) == CellGrid(lines: [
            "          App Icon — Colourful          ",
            "   Colourful has no alternate icons.    ",
            "                                        ",
            "              AAAAAAAAAAAA              ",
            "              AAAAAAAAAAAA              ",
            "              AAAAAAAAAAAA              ",
            "              AAAAAAAAAAAA              ",
            "              AAAAAAAAAAAA              ",
            "              AAAAAAAAAAAA              ",
            "                        ✓               ",
            "                Default                 ",
            "                                        ",
            "                                        ",
            " Enter use  / filter  ? help  q quit    ",
        ], styles: [
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            ".......................ccc..............",
            ".............ffffffffffffff.............",
            "........................................",
            "........................................",
            "........................................",
        ], legend: markLegend()))
    }

    /// Without colour the badge and the focused tile's name plate are reverse video: both still show.
    @Test func noColourMarksWithAttributesOnly() {
        var state = chooser(width: 40, height: 14, configuration: ChooserConfiguration(colorDepth: .noColor))
        press(.right, in: &state)
        let bold = CellStyle(attributes: .bold), boldReverse = CellStyle(attributes: [.bold, .reverse])
        let dim = CellStyle(attributes: .dim)
        #expect(view(state) == CellGrid(lines: [
            "          App Icon — Colourful          ",
            "                                        ",
            "                                        ",
            "      AAAAAAAAAAAA   BBBBBBBBBBBB       ",
            "      AAAAAAAAAAAA   BBBBBBBBBBBB       ",
            "      AAAAAAAAAAAA   BBBBBBBBBBBB       ",
            "      AAAAAAAAAAAA   BBBBBBBBBBBB       ",
            "      AAAAAAAAAAAA   BBBBBBBBBBBB       ",
            "      AAAAAAAAAAAA   BBBBBBBBBBBB       ",
            "                ✓                       ",
            "        Default      black-white        ",
            "              ▼ more below              ",
            "                                        ",
            " Enter use  / filter  ? help  q quit    ",
        ], styles: [
            "..........bbbbbbbb......................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "........................................",
            "...............rrr......................",
            "....................rrrrrrrrrrrrrr......",
            "..............dddddddddddd..............",
            "........................................",
            ".ddddddddddddddddddddddddddddddddddd....",
        ], legend: ["b": bold, "r": boldReverse, "d": dim]))
    }

    /// With colour the badge is white on iOS green and the focused name plate white on iOS blue.
    @Test func colourBadgeIsGreenAndFocusBlue() {
        var state = chooser(width: 40, height: 14, configuration: ChooserConfiguration(colorDepth: .truecolor))
        press(.right, in: &state)
        let screen = view(state)
        let badge = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(52, 199, 89), attributes: .bold)
        #expect((15...17).map { screen[$0, 9].style } == [badge, badge, badge])
        #expect(screen[16, 9].text == "✓")
        // The plate spans black-white's whole slot (columns 20–33) on the caption row.
        let plate = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(10, 132, 255), attributes: .bold)
        #expect((20...33).map { screen[$0, 10].style } == Array(repeating: plate, count: 14))
        #expect(screen[19, 10].style == .plain && screen[34, 10].style == .plain)
        #expect((0..<10).allSatisfy { y in (0..<40).allSatisfy { screen[$0, y].style != plate } })

        var palette = chooser(width: 40, height: 14, configuration: ChooserConfiguration(colorDepth: .ansi8))
        press(.right, in: &palette)
        #expect(view(palette)[16, 9].background == .indexed(2))  // ANSI green
        #expect(view(palette)[20, 10].background == .indexed(4))  // ANSI blue
    }

    @Test func missingPicturesShowIconArtPlaceholders() {
        let state = chooser(width: 40, height: 14, loadPictures: false)
        let screen = view(state)
        let placeholder = TileRenderer(depth: .palette256).placeholder(name: "black-white", columns: 12, rows: 6)
        for y in 0..<6 {
            for x in 0..<12 { #expect(screen[21 + x, 3 + y] == placeholder[x, y]) }
        }
    }

    @Test func footerShowsAnErrorInRed() {
        var state = chooser(width: 60, height: 24, configuration: ChooserConfiguration(colorDepth: .truecolor))
        press(.right, .enter, in: &state)
        _ = update(&state, .applyFinished(name: "black-white", error: "state file is read-only"))
        let screen = view(state)
        #expect(screen.lines[22] == " Could not change the icon: state file is read-only".padding(60))
        #expect(screen[1, 22].foreground == .rgb(255, 59, 48))
        #expect(screen.lines[23].hasPrefix(" Enter use"))
    }

    @Test func longAndWideCaptionsAreTruncatedByDisplayWidth() {
        let items = [ChooserItem.primary(), ChooserItem(name: "cjk", title: "红色的应用图标"),
                     ChooserItem(name: "long", title: "A very long alternate name")]
        let state = chooser(items, width: 40, height: 14, configuration: ChooserConfiguration(iconSize: .small))
        #expect(view(state).lines[8] == "    " + " Default " + "  " + "红色…图标" + "  " + "A ver…name" + "    ")
    }

    @Test func viewIsAlwaysExactlyTheScreenSize() {
        for width in [0, 1, 5, 19, 20, 21, 33, 57, 80, 200] {
            for height in [0, 1, 3, 11, 12, 13, 17, 24, 60] {
                var state = chooser(numberedItems(13), current: "icon7", width: width, height: height)
                press(.character("?"), in: &state)
                var grid = view(state)
                #expect(grid.width == width && grid.height == height)
                press(.escape, .enter, in: &state)
                _ = update(&state, .applyFinished(name: state.focusedItem?.name, error: nil))
                grid = view(state)
                #expect(grid.width == width && grid.height == height)
            }
        }
    }
}

extension String {
    /// Padded with spaces to `width` columns (ASCII text only).
    func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
