import CellCanvas
import Testing

struct SGRWriterTests {
    let esc = "\u{1B}["

    func line(_ cells: [Cell]) -> String {
        var grid = CellGrid(width: cells.count, height: 1)
        for (x, cell) in cells.enumerated() { grid[x, 0] = cell }
        return SGRWriter().lines(grid)[0]
    }

    @Test func plainTextHasNoEscapesAndNoTrailingBlanks() {
        let grid = CellGrid(lines: ["ab  ", "  cd"])
        #expect(SGRWriter().render(grid) == "ab\n  cd\n")
        #expect(SGRWriter(trimsTrailingBlanks: false).render(grid) == "ab  \n  cd\n")
    }

    @Test func truecolorSequences() {
        let cell = Cell("▀", foreground: .rgb(1, 2, 3), background: .rgb(4, 5, 6))
        #expect(line([cell, cell, Cell("x")]) == "\(esc)38;2;1;2;3;48;2;4;5;6m▀▀\(esc)0mx")
    }

    @Test func palette256Sequences() {
        #expect(line([Cell("▀", foreground: .indexed(196), background: .indexed(21))])
            == "\(esc)38;5;196;48;5;21m▀\(esc)0m")
    }

    @Test func sixteenColourSequences() {
        #expect(line([Cell("▀", foreground: .indexed(1), background: .indexed(4)),
                      Cell("▀", foreground: .indexed(9), background: .indexed(12))])
            == "\(esc)31;44m▀\(esc)91;104m▀\(esc)0m")
        // Where `▄` with the colours swapped is shorter to select, it is used instead.
        #expect(line([Cell("▀", foreground: .indexed(1), background: .indexed(12))]) == "\(esc)94;41m▄\(esc)0m")
    }

    @Test func onlyWhatChangesIsWritten() {
        let a = Cell("a", foreground: .indexed(1), background: .indexed(4))
        let b = Cell("b", foreground: .indexed(2), background: .indexed(4))
        let c = Cell("c", foreground: .indexed(2), background: .default)
        #expect(line([a, a, b, c]) == "\(esc)31;44maa\(esc)32mb\(esc)49mc\(esc)0m")
    }

    @Test func halfBlocksFlipToAvoidAChange() {
        let upper = Cell("▀", foreground: .indexed(196), background: .indexed(21))
        let lower = Cell("▄", foreground: .indexed(21), background: .indexed(196))
        #expect(line([upper, lower]) == "\(esc)38;5;196;48;5;21m▀▀\(esc)0m")
    }

    @Test func aSolidCellUsesWhicheverColourIsAlreadySet() {
        let upper = Cell("▀", foreground: .indexed(196), background: .indexed(21))
        let solidRed = Cell(" ", foreground: .default, background: .indexed(196))
        let solidBlue = Cell(" ", foreground: .default, background: .indexed(21))
        #expect(line([upper, solidRed, solidBlue]) == "\(esc)38;5;196;48;5;21m▀█ \(esc)0m")
    }

    @Test func attributesTurnOnAndOff() {
        #expect(line([Cell("a", style: CellStyle(attributes: .bold)), Cell("b"),
                      Cell("c", style: CellStyle(attributes: .underline))])
            == "\(esc)1ma\(esc)0mb\(esc)4mc\(esc)0m")
        #expect(line([Cell("a", style: CellStyle(attributes: [.bold, .reverse])),
                      Cell("b", style: CellStyle(attributes: [.reverse]))])
            == "\(esc)1;7ma\(esc)22mb\(esc)0m")
    }

    @Test func aDepthReducesColoursOnTheWayOut() {
        var grid = CellGrid(width: 1, height: 1)
        grid[0, 0] = Cell("x", foreground: .rgb(255, 0, 0), background: .indexed(196), attributes: .bold)
        #expect(SGRWriter(depth: .ansi16).lines(grid) == ["\(esc)1;91;101mx\(esc)0m"])
        #expect(SGRWriter(depth: .noColor).lines(grid) == ["\(esc)1mx\(esc)0m"])
    }

    @Test func wideCharactersAreWrittenOnce() {
        #expect(SGRWriter().render(CellGrid(lines: ["红x"])) == "红x\n")
    }

    @Test func controlCharactersInACellAreNeutralised() {
        var grid = CellGrid(width: 2, height: 1)
        grid[0, 0] = Cell("\u{1B}")
        grid[1, 0] = Cell("\u{9B}")
        #expect(SGRWriter().render(grid) == "\u{FFFD}\u{FFFD}\n")
    }
}
