import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import IconArt
import TerminalDetection
import TerminalGraphics
import TerminalStreams
import Testing

/// `preview --graphics …` as the command will call it: the demo app's five icons, each a
/// pixel picture on its tile's cells, the captions and checkmark as text.
struct PreviewSheetGraphicsTests {
    static let names = ["default", "black-white", "white-black", "multi-black", "black-multi"]
    static let titles = ["Default", "Black on white", "White on black", "Rainbow on black", "Black on rainbow"]
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Assets/App Icons")
    static let geometry = TileGeometry(columns: 16, rows: 8, cell: CellPixelSize.standard)!

    static func items() -> [ChooserItem] {
        zip(names, titles).map { ChooserItem(name: $0 == "default" ? nil : $0, title: $1) }
    }

    static func pictures() throws -> [PixelPicture] {
        try names.map { try PixelPicture(iconPNGAt: assets.appendingPathComponent("app-icon--\($0)@3x.png").path, geometry: geometry) }
    }

    /// 80 columns: four 18-column slots a row, one apart; slots 11 rows tall, the first margin row cut.
    static func origin(_ index: Int) -> (column: Int, row: Int) {
        ((index % 4) * 19 + 1, (index / 4) * 11)
    }

    @Test(arguments: GraphicsProtocol.allCases)
    func theFiveDemoIconsOnTheirTiles(graphics: GraphicsProtocol) throws {
        let configuration = ChooserConfiguration(colorDepth: .truecolor)
        let bytes = try PreviewSheet.render(items: Self.items(), pictures: try Self.pictures(), currentName: "white-black",
                                            columns: 16, rows: 8, width: 80, configuration: configuration, graphics: graphics)
        var terminal = MiniTerminal(cell: (10, 20))
        try terminal.feed(bytes)
        // The text is the symbol sheet's text with the pictures' cells blank.
        let blank = CellGrid(width: 16, height: 8)
        let text = PreviewSheet.render(items: Self.items(), pictures: Array(repeating: blank, count: 5), currentName: "white-black",
                                       columns: 16, rows: 8, width: 80, configuration: configuration)
        #expect(terminal.lines(height: text.height) == text.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) })
        #expect(terminal.lines(height: text.height).joined().contains("✓"))
        #expect(terminal.erased.isEmpty)
        // Five pictures, each on its 16×8 tile inside its slot's margin.
        #expect(terminal.pictures.count == 5)
        for (index, shown) in terminal.pictures.enumerated() {
            #expect((shown.column, shown.row) == Self.origin(index), "picture \(index)")
            let cells = try terminal.cells(of: shown)
            #expect(cells.columns == 16 && cells.rows == 8)
        }
    }

    @Test func anIconWithoutAPictureKeepsItsPlaceholderTile() throws {
        var pictures: [PixelPicture?] = try Self.pictures()
        pictures[2] = nil
        let bytes = try PreviewSheet.render(items: Self.items(), pictures: pictures, currentName: nil, columns: 16, rows: 8,
                                            width: 80, configuration: ChooserConfiguration(colorDepth: .truecolor),
                                            graphics: .kitty)
        var terminal = MiniTerminal(cell: (10, 20))
        try terminal.feed(bytes)
        #expect(terminal.pictures.map { "\($0.column),\($0.row)" } == [0, 1, 3, 4].map { "\(Self.origin($0).column),\(Self.origin($0).row)" })
        // The placeholder's initials are text in the third tile.
        let tileRows = terminal.lines(height: 8).map { Array($0).dropFirst(Self.origin(2).column).prefix(16) }
        #expect(tileRows.contains { String($0).contains("WB") })
    }
}
