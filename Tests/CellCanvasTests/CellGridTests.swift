import CellCanvas
import Testing

struct CellGridTests {
    let red = CellStyle(foreground: .rgb(255, 0, 0))
    let onBlue = CellStyle(foreground: .indexed(15), background: .indexed(4), attributes: [.bold])

    @Test func linesBuildPlainCellsAndReadBack() {
        let grid = CellGrid(lines: ["ab ", " cd"])
        #expect(grid.width == 3 && grid.height == 2)
        #expect(grid[1, 0] == Cell("b"))
        #expect(grid[0, 1] == .blank)
        #expect(grid.lines == ["ab ", " cd"])
        #expect(grid.text == "ab \n cd")
    }

    @Test func writeClipsAtTheRightEdgeAndReturnsTheNextColumn() {
        var grid = CellGrid(width: 5, height: 2)
        #expect(grid.write("hello world", x: 2, y: 0, style: red) == 13)
        #expect(grid.write("ok", x: -1, y: 1) == 1)
        let expected = CellGrid(lines: ["  hel", "k    "], styles: ["..rrr", "....."], legend: ["r": red])
        #expect(grid == expected)
    }

    @Test func writeOutsideTheGridChangesNothing() {
        var grid = CellGrid(width: 3, height: 1)
        grid.write("abc", x: 0, y: 1)
        grid.write("abc", x: 0, y: -1)
        grid.write("abc", x: 3, y: 0)
        #expect(grid == CellGrid(width: 3, height: 1))
    }

    @Test func wideCharactersTakeTwoCellsTheSecondEmpty() {
        var grid = CellGrid(width: 6, height: 1)
        #expect(grid.write("红色!", x: 0, y: 0) == 5)
        #expect(grid[0, 0].text == "红")
        #expect(grid[1, 0].isContinuation)
        #expect(grid[2, 0].text == "色")
        #expect(grid.lines == ["红色! "])
        #expect(grid == CellGrid(lines: ["红色! "]))
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = CellGrid(lines: ["红色"])
        grid.write("x", x: 1, y: 0)  // second half of 红
        grid.write("y", x: 2, y: 0)  // first half of 色
        #expect(grid.lines == [" xy "])
    }

    @Test func aWideCharacterThatDoesNotFitIsNotWritten() {
        var grid = CellGrid(width: 3, height: 1)
        #expect(grid.write("a红", x: 1, y: 0) == 4)
        #expect(grid.lines == [" a "])
        grid.write("红", x: -1, y: 0)  // cut by the left edge: its right half becomes a space
        #expect(grid.lines == [" a "])
    }

    @Test func controlCharactersNeverReachACell() {
        var grid = CellGrid(width: 6, height: 1)
        grid.write("a\u{1B}[2J\u{7}", x: 0, y: 0)
        #expect(grid.lines == ["a\u{FFFD}[2J\u{FFFD}"])
        var marks = CellGrid(width: 4, height: 1)
        #expect(marks.write("\u{301}e\u{301}\u{200F}!", x: 0, y: 0) == 2)  // lone mark and RLM dropped
        #expect(marks.lines == ["e\u{301}!  "])
    }

    @Test func drawCopiesAGridAtAnOffsetClipped() {
        var screen = CellGrid(lines: ["......", "......", "......"])
        let tile = CellGrid(lines: ["ab", "cd"], styles: ["xx", ".."], legend: ["x": onBlue])
        screen.draw(tile, x: 1, y: 1)
        screen.draw(tile, x: 5, y: -1)
        screen.draw(tile, x: -1, y: 2)
        let expected = CellGrid(lines: [".....c", ".ab...", "bcd..."],
                                styles: ["......", ".xx...", "x....."], legend: ["x": onBlue])
        #expect(screen == expected)
    }

    @Test func drawSplitsWideCharactersCutByTheEdge() {
        var screen = CellGrid(width: 3, height: 1, filling: Cell("."))
        screen.draw(CellGrid(lines: ["红色"]), x: -1, y: 0)
        #expect(screen.lines == [" 色"])
        screen.draw(CellGrid(lines: ["红"]), x: 2, y: 0)
        #expect(screen.lines == ["   "])  // 色's lead was overwritten by the clipped 红
    }

    @Test func fillSetsARectangle() {
        var grid = CellGrid(width: 4, height: 3)
        grid.fill(x: 1, y: 1, width: 9, height: 1, with: Cell("-", style: red))
        #expect(grid == CellGrid(lines: ["    ", " ---", "    "], styles: ["....", ".rrr", "...."], legend: ["r": red]))
    }

    @Test func gridsWithTheSameTextButDifferentStylesDiffer() {
        let plain = CellGrid(lines: ["ab"])
        var styled = plain
        styled[1, 0] = Cell("b", style: red)
        #expect(plain != styled)
        #expect(plain.text == styled.text)
    }

    @Test func descriptionPrintsTheScreenWithAStyleMap() {
        let grid = CellGrid(lines: ["▀▀ ", "ab "], styles: ["xy.", "yy."],
                            legend: ["x": red, "y": onBlue])
        #expect(grid.description == """
            CellGrid 3×2
            │▀▀ │ ab.
            │ab │ bb.
            a: fg .rgb(255, 0, 0) bg .default
            b: fg .indexed(15) bg .indexed(4) [.bold]

            """)
        #expect(CellGrid(lines: ["hi"]).description == "CellGrid 2×1\n│hi│\n")
    }
}

extension CellGridTests {
    @Test func columnsMeasuresWhatWriteAdvances() {
        for text in ["", "abc", "红色!", "a\u{1B}b", "e\u{301}\u{200F}", "🔥x"] {
            var grid = CellGrid(width: 10, height: 1)
            #expect(CellGrid.columns(of: text) == grid.write(text, x: 0, y: 0), "\(text.unicodeScalars.map(\.value))")
        }
        #expect(CellGrid.columns(of: "红色!") == 5)
    }
}
