import CellCanvas
import IconArt
import SymbolArt
import Testing

struct PlaceholderTileTests {
    @Test(arguments: [
        ("black-white", "BW"), ("Default", "D"), ("AppIcon-blue", "AB"), ("multi black", "MB"),
        ("Dark Blue Night", "DN"), ("Jetpack's Green", "JG"), ("红色", "红"), ("🔥 fire", "F"),
        ("42", "4"), ("", "?"), ("---", "?"), ("straße", "S"), ("élan vital", "ÉV"),
    ])
    func initials(name: String, expected: String) {
        #expect(TileRenderer.initials(of: name) == expected)
    }

    @Test func asciiInitialsTransliterate() {
        #expect(TileRenderer.initials(of: "Été", ascii: true) == "E")
        #expect(TileRenderer.initials(of: "élan vital", ascii: true) == "EV")
        #expect(TileRenderer.initials(of: "红色", ascii: true) == "HS")
        #expect(TileRenderer.initials(of: "🔥", ascii: true) == "?")
    }

    @Test func initialsFitTheRoomGiven() {
        #expect(TileRenderer.initials(of: "black-white", maxColumns: 1) == "B")
        #expect(TileRenderer.initials(of: "红色 蓝色", maxColumns: 3) == "红")
        #expect(TileRenderer.initials(of: "红色", maxColumns: 1) == "?")
        #expect(TileRenderer.initials(of: "black-white", maxColumns: 0) == "")
    }

    @Test func truecolorPlaceholderIsAGreyRoundedTileWithInitials() {
        let grey = TerminalColor.rgb(142, 142, 147)
        let grid = TileRenderer(depth: .truecolor).placeholder(name: "black-white", columns: 8, rows: 4)
        #expect(grid == CellGrid(
            lines: ["▄      ▄",
                    "   BW   ",
                    "        ",
                    "▀      ▀"],
            styles: ["egggggge",
                     "gggiiggg",
                     "gggggggg",
                     "egggggge"],
            legend: ["e": CellStyle(foreground: grey),
                     "g": CellStyle(background: grey),
                     "i": CellStyle(foreground: .rgb(0, 0, 0), background: grey, attributes: .bold)]))
    }

    /// In 8 colours the grey becomes white (7), so the initials turn black to stay readable.
    @Test func initialsContrastWithTheGreyAsTheDepthShowsIt() {
        for depth in [ColorDepth.ansi8, .ansi16, .palette256] {
            let grid = TileRenderer(depth: depth).placeholder(name: "Default", columns: 8, rows: 4)
            let letter = grid[3, 1]
            #expect(letter.text == "D")
            #expect(letter.background == grid[2, 1].background)
            #expect(letter.foreground == depth.color(red: 0, green: 0, blue: 0))
        }
    }

    @Test func noColorPlaceholderPadsTheInitials() {
        let grid = TileRenderer(depth: .noColor).placeholder(name: "black-white", columns: 8, rows: 4)
        let bold = CellStyle(attributes: .bold)
        #expect(grid == CellGrid(
            lines: ["▓▓▓▓▓▓▓▓",
                    "▓▓ BW ▓▓",
                    "▓▓▓▓▓▓▓▓",
                    "▓▓▓▓▓▓▓▓"],
            styles: ["........", "..bbbb..", "........", "........"],
            legend: ["b": bold]))
        let ascii = TileRenderer(depth: .noColor, ascii: true).placeholder(name: "black-white", columns: 8, rows: 4)
        #expect(ascii == CellGrid(
            lines: ["********",
                    "** BW **",
                    "********",
                    "********"],
            styles: ["........", "..bbbb..", "........", "........"],
            legend: ["b": bold]))
    }

    @Test func wideInitialsStayAligned() {
        let grid = TileRenderer(depth: .palette256).placeholder(name: "红色", columns: 8, rows: 4)
        #expect(grid.lines[1] == "   红   ")
        #expect(grid[3, 1].text == "红" && grid[4, 1].isContinuation)
    }

    @Test func aTileTooNarrowForInitialsIsJustTheShape() {
        let grid = TileRenderer(depth: .noColor).placeholder(name: "black-white", columns: 2, rows: 1)
        #expect(grid.width == 2 && grid.height == 1)
        #expect(!grid.text.contains("B"))
    }
}
