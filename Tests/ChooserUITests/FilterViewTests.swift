import CellCanvas
@testable import ChooserUI
import IconArt
import Testing

/// Text snapshots of the filtered grid: which icons, where, the letters marked, the footer.
@Suite struct FilterViewTests {
    /// The marks a filtered screen adds to `markLegend`: `m` a matched letter, `M` one on the
    /// focused name plate, `q` the cursor after the query, `x` the count when nothing matched.
    func legend(_ depth: ColorDepth) -> [Character: CellStyle] {
        let theme = Theme(depth: depth)
        return markLegend(depth).merging(["m": theme.matchedLetter(on: false), "M": theme.matchedLetter(on: true),
                                          "q": theme.cursor, "x": theme.error]) { $1 }
    }

    /// The screen with only the styles of `legend` kept.
    func marked(_ state: ChooserState) -> CellGrid { marks(of: state, legend: legend(state.configuration.colorDepth)) }

    func filtered(_ query: String, configuration: ChooserConfiguration = ChooserConfiguration(),
                  current: String? = "pride-dark") -> ChooserState {
        var state = chooser(namedItems, current: current, width: 60, height: 24, configuration: configuration)
        press(.character("/"), in: &state)
        type(query, in: &state)
        return state
    }

    @Test func matchesFillTheGridFromTheTopLeftWithTheirLettersMarked() {
        #expect(marked(filtered("dark")) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "                                                            ",
            "                                                            ",
            " CCCCCCCCCCCC   FFFFFFFFFFFF   DDDDDDDDDDDD                 ",
            " CCCCCCCCCCCC   FFFFFFFFFFFF   DDDDDDDDDDDD                 ",
            " CCCCCCCCCCCC   FFFFFFFFFFFF   DDDDDDDDDDDD                 ",
            " CCCCCCCCCCCC   FFFFFFFFFFFF   DDDDDDDDDDDD                 ",
            " CCCCCCCCCCCC   FFFFFFFFFFFF   DDDDDDDDDDDD                 ",
            " CCCCCCCCCCCC   FFFFFFFFFFFF   DDDDDDDDDDDD                 ",
            "                          ✓                                 ",
            "     Dark        pride-dark    Classic Dark                 ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            " /dark   3 of 8             ←↑↓→ move  Enter use  Esc clear ",
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
            ".........................ccc................................",
            ".....mmmm......ffffffffMMMMff..........mmmm.................",
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
            "......q.....................................................",
        ], legend: legend(.palette256)))
    }

    @Test func inMonochromeAndASCIITheMarksAreUnderlined() {
        let state = filtered("cd", configuration: ChooserConfiguration(ascii: true, colorDepth: .noColor), current: nil)
        #expect(marked(state) == CellGrid(lines: [
            "                    App Icon - Colourful                    ",
            "                                                            ",
            "                                                            ",
            " DDDDDDDDDDDD                                               ",
            " DDDDDDDDDDDD                                               ",
            " DDDDDDDDDDDD                                               ",
            " DDDDDDDDDDDD                                               ",
            " DDDDDDDDDDDD                                               ",
            " DDDDDDDDDDDD                                               ",
            "                                                            ",
            " Classic Dark                                               ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            " /cd   1 of 8             arrows move  Enter use  Esc clear ",
        ], styles: [
            "....................xxxxxxxx................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "............................................................",
            "fMfffffffMffff..............................................",
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
            ".x..q.......................................................",
        ], legend: legend(.noColor)))
    }

    @Test func nothingMatchedSaysSoInTheGrid() {
        #expect(marked(filtered("xyz")) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                   No icon matches “xyz”.                   ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            " /xyz   0 of 8              ←↑↓→ move  Enter use  Esc clear ",
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
            ".....qxxxxxxxx..............................................",
        ], legend: legend(.palette256)))
    }

    @Test func theFilterLineKeepsTheQuerysEndInSight() {
        var state = chooser(namedItems, width: 30, height: 14)
        press(.character("/"), in: &state)
        type("pride-dark-and-then-some-more", in: &state)
        #expect(view(state).lines.last == " /…nd-then-some-more   0 of 8 ")
    }

    @Test(arguments: [
        (100, " ←↑↓→ move  Enter use  / filter  a appearance  i details  p iPad  ? help  q quit"),
        (69, " Enter use  / filter  a appearance  i details  ? help  q quit"),
        (60, " Enter use  / filter  a appearance  ? help  q quit"),
        (50, " Enter use  / filter  ? help  q quit"),
        (40, " Enter use  / filter  ? help  q quit"),
        (30, " Enter use  ? help  q quit"),
        (20, " ? help  q quit"),
    ])
    func theKeyHintsDropTheLeastNeededFirst(width: Int, hints: String) {
        let state = chooser(twinItems, width: width, height: 14, configuration: ChooserConfiguration(iconSize: .small))
        #expect(view(state).lines.last == hints.padding(toLength: width, withPad: " ", startingAt: 0))
    }

    @Test func theFilterLineDropsItsKeysBeforeTheCount() {
        var state = chooser(namedItems, width: 40, height: 14)
        press(.character("/"), in: &state)
        type("da", in: &state)
        #expect(view(state).lines.last == " /da   4 of 8      Enter use  Esc clear ")
        var narrow = chooser(namedItems, width: 24, height: 14, configuration: ChooserConfiguration(iconSize: .small))
        press(.character("/"), in: &narrow)
        type("da", in: &narrow)
        #expect(narrow.layout != nil)
        #expect(view(narrow).lines.last == " /da   4 of 8           ")   // no room for a key
    }
}
