import CellCanvas
import IconArt
import SymbolArt
import Testing

struct TileRendererTests {
    /// 4×4 pixels: a white top row over red (left half) and blue (right half).
    static let twoColour: RGBABitmap = {
        var image = RGBABitmap(width: 4, height: 4, filledWith: (255, 0, 0, 255))
        for y in 0..<4 { for x in 2..<4 { image[x, y] = (0, 0, 255, 255) } }
        for x in 0..<4 { image[x, 0] = (255, 255, 255, 255) }
        return image
    }()

    func tile(_ depth: ColorDepth, ascii: Bool = false, _ image: RGBABitmap = twoColour,
              columns: Int = 4, rows: Int = 2) -> CellGrid {
        TileRenderer(depth: depth, ascii: ascii).tile(for: image, name: "two", columns: columns, rows: rows)
    }

    @Test func truecolorHalfBlocks() {
        let white = TerminalColor.rgb(255, 255, 255), red = TerminalColor.rgb(255, 0, 0), blue = TerminalColor.rgb(0, 0, 255)
        #expect(tile(.truecolor) == CellGrid(
            lines: ["▀▀▀▀",
                    "    "],
            styles: ["wwWW",
                     "rrbb"],
            legend: ["w": CellStyle(foreground: white, background: red),
                     "W": CellStyle(foreground: white, background: blue),
                     "r": CellStyle(background: red),
                     "b": CellStyle(background: blue)]))
    }

    @Test func palette256HalfBlocks() {
        #expect(tile(.palette256) == CellGrid(
            lines: ["▀▀▀▀", "    "],
            styles: ["wwWW", "rrbb"],
            legend: ["w": CellStyle(foreground: .indexed(231), background: .indexed(196)),
                     "W": CellStyle(foreground: .indexed(231), background: .indexed(21)),
                     "r": CellStyle(background: .indexed(196)),
                     "b": CellStyle(background: .indexed(21))]))
    }

    @Test func ansi16And8HalfBlocks() {
        #expect(tile(.ansi16) == CellGrid(
            lines: ["▀▀▀▀", "    "],
            styles: ["wwWW", "rrbb"],
            legend: ["w": CellStyle(foreground: .indexed(15), background: .indexed(9)),
                     "W": CellStyle(foreground: .indexed(15), background: .indexed(4)),
                     "r": CellStyle(background: .indexed(9)),
                     "b": CellStyle(background: .indexed(4))]))
        #expect(tile(.ansi8) == CellGrid(
            lines: ["▀▀▀▀", "    "],
            styles: ["wwWW", "rrbb"],
            legend: ["w": CellStyle(foreground: .indexed(7), background: .indexed(1)),
                     "W": CellStyle(foreground: .indexed(7), background: .indexed(4)),
                     "r": CellStyle(background: .indexed(1)),
                     "b": CellStyle(background: .indexed(4))]))
    }

    /// No colour: shades by tone, in the terminal's own colours. White over red averages to
    /// ▓; red alone is ▒; blue (darker in tone) dithers between ▒ and ░.
    @Test func noColorShades() {
        #expect(tile(.noColor) == CellGrid(lines: ["▓▓▓▓", "▒▒▒░"]))
    }

    @Test func asciiWithColourIsAMosaicOfBackgrounds() {
        #expect(tile(.palette256, ascii: true) == CellGrid(
            lines: ["    ", "    "],
            styles: ["ppPP", "rrbb"],
            legend: ["p": CellStyle(background: .indexed(217)),
                     "P": CellStyle(background: .indexed(147)),
                     "r": CellStyle(background: .indexed(196)),
                     "b": CellStyle(background: .indexed(21))]))
    }

    @Test func asciiWithoutColourIsADensityRamp() {
        #expect(tile(.noColor, ascii: true) == CellGrid(lines: ["####", "==::"]))
    }

    /// A transparent pixel leaves the terminal's background (`.default`), never black;
    /// alpha below one half counts as transparent, above it as the full colour.
    @Test func transparencyShowsTheTerminalBackground() {
        var image = RGBABitmap(width: 3, height: 4, filledWith: (0, 200, 0, 255))
        for x in 0..<3 {
            image[x, 0] = (0, 0, 0, 0)
            image[x, 2] = (0, 200, 0, 77)
            image[x, 3] = (0, 200, 0, 178)
        }
        let green = CellStyle(foreground: .rgb(0, 200, 0))
        #expect(tile(.truecolor, image, columns: 3, rows: 2)
            == CellGrid(lines: ["▄▄▄", "▄▄▄"], styles: ["ggg", "ggg"], legend: ["g": green]))

        var topOnly = RGBABitmap(width: 2, height: 2, filledWith: (0, 0, 0, 0))
        topOnly[0, 0] = (255, 255, 255, 255); topOnly[1, 0] = (255, 255, 255, 255)
        #expect(tile(.palette256, topOnly, columns: 2, rows: 1)
            == CellGrid(lines: ["▀▀"], styles: ["ww"], legend: ["w": CellStyle(foreground: .indexed(231))]))
        #expect(tile(.noColor, topOnly, columns: 2, rows: 1) == CellGrid(lines: ["▀▀"]))
    }

    @Test func theIconOutlineIsRounded() {
        let blue = TerminalColor.rgb(0, 122, 255)
        let square = RGBABitmap(width: 64, height: 64, filledWith: (0, 122, 255, 255))
        #expect(tile(.truecolor, square, columns: 16, rows: 8) == CellGrid(
            lines: [" ▄            ▄ ",
                    "                ",
                    "                ",
                    "                ",
                    "                ",
                    "                ",
                    "                ",
                    " ▀            ▀ "],
            styles: [".ebbbbbbbbbbbbe.",
                     "bbbbbbbbbbbbbbbb",
                     "bbbbbbbbbbbbbbbb",
                     "bbbbbbbbbbbbbbbb",
                     "bbbbbbbbbbbbbbbb",
                     "bbbbbbbbbbbbbbbb",
                     "bbbbbbbbbbbbbbbb",
                     ".ebbbbbbbbbbbbe."],
            legend: ["e": CellStyle(foreground: blue), "b": CellStyle(background: blue)]))
    }

    @Test func aWideImageIsCentredVertically() {
        let wide = RGBABitmap(width: 32, height: 16, filledWith: (255, 255, 255, 255))
        let grid = tile(.noColor, wide, columns: 16, rows: 8)
        #expect(grid.width == 16 && grid.height == 8)
        #expect(grid.lines[0] == String(repeating: " ", count: 16))
        #expect(grid.lines[1] == String(repeating: " ", count: 16))
        #expect(grid.lines[4] == String(repeating: "█", count: 16))
        #expect(grid.lines[6] == String(repeating: " ", count: 16))
    }

    @Test func aTallImageIsCentredHorizontally() {
        let tall = RGBABitmap(width: 8, height: 32, filledWith: (255, 255, 255, 255))
        let grid = tile(.noColor, tall, columns: 16, rows: 8)
        #expect(grid.lines[4] == "      ████      ")
    }

    @Test(arguments: [(1, 1), (3, 2), (16, 8), (20, 8), (7, 11)])
    func everyTileHasTheSizeAskedFor(columns: Int, rows: Int) {
        for depth in ColorDepth.allCases {
            for ascii in [false, true] {
                let renderer = TileRenderer(depth: depth, ascii: ascii)
                let grid = renderer.tile(for: DemoIcons.bitmap("default", size: 60), name: "default", columns: columns, rows: rows)
                #expect(grid.width == columns && grid.height == rows)
                let missing = renderer.tile(for: nil, name: "default", columns: columns, rows: rows)
                #expect(missing.width == columns && missing.height == rows)
            }
        }
    }

    @Test func aMissingOrEmptyImageGetsThePlaceholder() {
        let renderer = TileRenderer(depth: .palette256)
        let placeholder = renderer.placeholder(name: "black-white", columns: 8, rows: 4)
        #expect(renderer.tile(for: nil, name: "black-white", columns: 8, rows: 4) == placeholder)
        #expect(renderer.tile(for: RGBABitmap(width: 0, height: 0, pixels: []), name: "black-white",
                              columns: 8, rows: 4) == placeholder)
    }

    /// The five demo designs must stay apart at the smallest tile size in every mode, and
    /// from the placeholder: at least a quarter of their cells differ.
    @Test(arguments: ColorDepth.allCases, [false, true])
    func theDemoIconsStayDistinguishable(depth: ColorDepth, ascii: Bool) {
        let renderer = TileRenderer(depth: depth, ascii: ascii)
        let grids = DemoIcons.names.map { renderer.tile(for: DemoIcons.bitmap($0), name: $0, columns: 16, rows: 8) }
            + [renderer.placeholder(name: "default", columns: 16, rows: 8)]
        for i in grids.indices {
            for j in grids.indices where j > i {
                let differing = zip(grids[i].cells, grids[j].cells).filter { $0 != $1 }.count
                #expect(differing >= 32, "\(i) vs \(j): \(differing) cells differ")
            }
        }
    }

    @Test(arguments: ColorDepth.allCases)
    func asciiModeWritesOnlyASCII(depth: ColorDepth) {
        let renderer = TileRenderer(depth: depth, ascii: true)
        let grids = DemoIcons.names.map { renderer.tile(for: DemoIcons.bitmap($0), name: $0, columns: 16, rows: 8) }
            + ["红色", "Été", "🔥"].map { renderer.placeholder(name: $0, columns: 16, rows: 8) }
        for grid in grids {
            #expect(grid.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(grid)")
        }
    }

    @Test func noColorModeUsesNoColours() {
        let renderer = TileRenderer(depth: .noColor)
        for name in DemoIcons.names {
            let grid = renderer.tile(for: DemoIcons.bitmap(name), name: name, columns: 16, rows: 8)
            #expect(grid.cells.allSatisfy { $0.foreground == .default && $0.background == .default })
        }
    }
}

/// What the demo tiles cost as text with SGR sequences, the bytes `preview` writes.
struct TileBytesTests {
    let esc = "\u{1B}["

    /// chafa 1.12 (`--symbols vhalf --colors 256 --size 16x8`) writes 1396–1805 bytes for the
    /// demo app's @2x icons (ours: 1050–1307 for the same files). The drawn stand-ins here
    /// must stay under chafa's smallest; and the writer never emits two sequences in a row,
    /// nor leaves a line coloured.
    @Test(arguments: DemoIcons.names)
    func demoTilesAreSmallerThanChafas(name: String) {
        let grid = TileRenderer(depth: .palette256).tile(for: DemoIcons.bitmap(name), name: name, columns: 16, rows: 8)
        let output = SGRWriter().render(grid)
        #expect(output.utf8.count < 1396)
        #expect(!output.contains("m\(esc)"))
        for line in output.split(separator: "\n") where line.contains(esc) {
            #expect(line.hasSuffix("\(esc)0m"))
        }
    }
}
