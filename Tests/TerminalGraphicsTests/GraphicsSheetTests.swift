import CellCanvas
import IconArt
import TerminalDetection
@testable import TerminalGraphics
import Testing
import TerminalStreams

struct GraphicsSheetTests {
    static let cell = CellPixelSize(width: 4, height: 8)!

    /// Two 3×2-cell pictures side by side under a title, captions below, a ✓ on the
    /// second picture's bottom-right cell; the picture cells are otherwise blank.
    static func sheet() -> GraphicsSheet {
        var text = CellGrid(width: 12, height: 5)
        text.write("Icons", x: 0, y: 0)
        text.write("✓", x: 9, y: 2, style: CellStyle(foreground: .rgb(0, 200, 0)))
        text.write("one", x: 1, y: 4)
        text.write("two", x: 7, y: 4)
        let red = Pictures.redBlue(columns: 3, rows: 2, cell: cell)
        let icon = Pictures.gradientIcon(columns: 3, rows: 2, cell: cell)
        return GraphicsSheet(text: text, pictures: [.init(red, column: 1, row: 1), .init(icon, column: 7, row: 1)])
    }

    static let expectedText = [
        "Icons",
        "",
        "         ✓",
        "",
        " one   two",
    ]

    @Test(arguments: GraphicsProtocol.allCases)
    func picturesLandOnTheirCellsUnderTheText(graphics: GraphicsProtocol) throws {
        let sheet = Self.sheet()
        var terminal = MiniTerminal(cell: (Self.cell.width, Self.cell.height))
        try terminal.feed(sheet.encoded(as: graphics))
        // The text is all there, nothing else; the cursor ends on the line after the sheet and
        // never went above its first line.
        #expect(terminal.lines(height: 5) == Self.expectedText)
        #expect(terminal.y == 5 && terminal.top >= 0)
        #expect(terminal.erased.isEmpty, "spaces written over pictures at \(terminal.erased)")
        // Each picture on its own cells, drawn once, covering exactly its tile.
        #expect(terminal.pictures.count == 2)
        for (shown, placed) in zip(terminal.pictures, sheet.pictures) {
            #expect(shown.column == placed.column && shown.row == placed.row)
            let size = try terminal.cells(of: shown)
            #expect(size.columns == 3 && size.rows == 2)
        }
        // And each decodes back to its picture.
        for (shown, placed) in zip(terminal.pictures, sheet.pictures) {
            switch graphics {
            case .kitty:
                #expect(try kittyImage(kittyCommands(shown.bytes)) == placed.picture.bitmap)
                #expect(try kittyCommands(shown.bytes)[0]["z"] == String(KittyGraphics.belowBackgrounds))
            case .iterm2:
                #expect(try PNGDecoder.decode(decodeITerm2(shown.bytes).file, name: "sheet") == placed.picture.bitmap)
            case .sixel:
                let decoded = try decodeSixel(shown.bytes)
                #expect(decoded.width == placed.picture.width && decoded.height == placed.picture.height)
                #expect(decoded.drawnHeight <= placed.picture.height)
            }
        }
    }

    /// The ✓ is written after the picture under it: for sixel and iTerm2 that is what keeps it visible.
    @Test func theBadgeIsWrittenAfterThePictureItCovers() throws {
        let bytes = try Self.sheet().encoded(as: .sixel)
        let text = String(decoding: bytes, as: UTF8.self)
        let badge = try #require(text.range(of: "✓"))
        let lastSixel = try #require(text.range(of: "\u{1B}P", options: .backwards))
        #expect(lastSixel.lowerBound < badge.lowerBound)
    }

    @Test func kittyPlaceholdersPutThePictureInTheText() throws {
        let sheet = Self.sheet()
        let bytes = try sheet.encoded(as: .kitty, options: GraphicsOptions(kittyPlaceholders: true, firstImageID: 500))
        // First the transmissions and virtual placements, then plain text.
        let text = String(decoding: bytes, as: UTF8.self)
        let textStart = try #require(text.range(of: "Icons")).lowerBound
        let commands = try kittyCommands(Array(text[..<textStart].utf8))
        let transmissions = commands.filter { $0["a"] == "t" }
        #expect(transmissions.map { $0["i"] } == ["500", "501"])
        #expect(commands.filter { $0["a"] == "p" }.map { "\($0["U"] ?? "")/\($0["i"] ?? "")/\($0["c"] ?? "")x\($0["r"] ?? "")" }
                == ["1/500/3x2", "1/501/3x2"])
        // Read the text back as cells, as kitty would, and find each picture cell's placeholder.
        var terminal = MiniTerminal(cell: (Self.cell.width, Self.cell.height))
        try terminal.feed(Array(text[textStart...].utf8))
        let lines = terminal.lines(height: 5).map { Array($0) }
        for (n, placed) in sheet.pictures.enumerated() {
            for row in 0..<2 {
                for column in 0..<3 {
                    let character = lines[placed.row + row][placed.column + column]
                    if n == 1 && row == 1 && column == 2 {
                        #expect(character == "✓")  // the badge stays text
                        continue
                    }
                    let scalars = Array(String(character).unicodeScalars)
                    #expect(scalars[0] == KittyPlaceholder.character)
                    #expect(KittyPlaceholder.diacritics.firstIndex(of: scalars[1]) == row)
                    #expect(KittyPlaceholder.diacritics.firstIndex(of: scalars[2]) == column)
                }
            }
        }
        // Each placeholder run is coloured with its picture's id.
        #expect(bytes.firstRange(of: Array("\u{1B}[38;2;0;1;244m\u{10EEEE}".utf8)) != nil)  // 500 = 0x0001F4
        #expect(bytes.firstRange(of: Array("\u{1B}[38;2;0;1;245m\u{10EEEE}".utf8)) != nil)
    }

    @Test func linesWithoutPicturesAreWrittenAsThey() throws {
        let text = CellGrid(lines: ["plain", "text "])
        #expect(try GraphicsSheet(text: text, pictures: []).encoded(as: .sixel) == Array("plain\ntext\n".utf8))
    }

    @Test func overlappingRowsMakeOneBand() {
        var text = CellGrid(width: 20, height: 8)
        text.write("x", x: 0, y: 7)
        let tall = Pictures.redBlue(columns: 2, rows: 4, cell: Self.cell)
        let short = Pictures.redBlue(columns: 2, rows: 2, cell: Self.cell)
        let sheet = GraphicsSheet(text: text, pictures: [.init(short, column: 5, row: 3), .init(tall, column: 0, row: 1),
                                                         .init(short, column: 10, row: 6)])
        #expect(sheet.bands() == [1..<5, 6..<8])
    }
}
