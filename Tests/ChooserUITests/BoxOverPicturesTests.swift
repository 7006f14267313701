import CellCanvas
@testable import ChooserUI
import Testing

/// A box (the help, the alert, the details panel over the grid) over tiles hides exactly the
/// cells it covers: pixel pictures show in the parts it leaves, never as symbol art, and no
/// caption or focus plate is cut into fragments beside it.
struct BoxOverPicturesTests {
    @Test func aBoxHidesExactlyTheCellsItCoversOfAPicture() {
        let box = [(x: 6, y: 4, width: 48, height: 15)]
        // Under the box from its second row, right of its fifth column: its top row whole, then the left.
        #expect(PicturePiece.visible(x: 1, y: 3, columns: 12, rows: 6, under: box)
                == [PicturePiece(column: 0, row: 0, columns: 12, rows: 1), PicturePiece(column: 0, row: 1, columns: 5, rows: 5)])
        // Its corner over the middle of a picture's bottom: an L of two rectangles, then the rest of the rows.
        #expect(PicturePiece.visible(x: 0, y: 0, columns: 10, rows: 4, under: [(x: 3, y: 2, width: 4, height: 1)])
                == [PicturePiece(column: 0, row: 0, columns: 10, rows: 2), PicturePiece(column: 0, row: 2, columns: 3, rows: 1),
                    PicturePiece(column: 7, row: 2, columns: 3, rows: 1), PicturePiece(column: 0, row: 3, columns: 10, rows: 1)])
        #expect(PicturePiece.visible(x: 10, y: 5, columns: 4, rows: 2, under: box) == [], "covered whole")
        #expect(PicturePiece.visible(x: 60, y: 5, columns: 4, rows: 2, under: box) == [PicturePiece(column: 0, row: 0, columns: 4, rows: 2)])
    }

    @Test func theHelpOverPixelPicturesLeavesTheirUncoveredCellsToThePictures() throws {
        var state = chooser(current: "white-black", width: 60, height: 24)
        _ = update(&state, .pixelPictures(cell: .standard))
        for item in state.items {
            _ = update(&state, .pixelPictureLoaded(icon: item.key, tileSize: try #require(state.tileSize), cell: .standard, ready: true))
        }
        #expect(state.pixelTiles.count == 5 && state.pixelTiles.allSatisfy { $0.pieces.count == 1 })
        press(.character("?"), in: &state)
        let box = HelpBox(glyphs: Glyphs(ascii: false), theme: Theme(depth: state.configuration.colorDepth),
                          configuration: state.configuration, terminal: state.terminalLines, screen: state.screen).area
        let tiles = state.pixelTiles
        // Each tile the box covers in part is still a picture, in the parts the box leaves.
        #expect(tiles.map(\.index) == [0, 1, 2, 3, 4])
        let first = try #require(tiles.first)
        #expect(first.pieces == [PicturePiece(column: 0, row: 0, columns: 12, rows: 1),
                                 PicturePiece(column: 0, row: 1, columns: box.x - first.x, rows: 5)])
        for tile in tiles {
            for piece in tile.pieces {
                let cells = (tile.y + piece.row..<tile.y + piece.row + piece.rows).flatMap { y in
                    (tile.x + piece.column..<tile.x + piece.column + piece.columns).map { (x: $0, y: y) }
                }
                #expect(cells.allSatisfy { cell in !(box.x..<box.x + box.width).contains(cell.x) || !(box.y..<box.y + box.height).contains(cell.y) })
            }
        }
        // The grid leaves those cells blank for the pictures: no symbol art anywhere.
        let screen = text(of: state)
        #expect(!screen.lines.contains { $0.contains("AAAAA") || $0.contains("EEEEE") || $0.contains("DDDD") }, "\(screen)")
    }

    @Test func captionsABoxCoversInPartAreNotCutIntoFragments() {
        var state = chooser(current: "white-black", width: 60, height: 24)
        press(.character("?"), in: &state)
        let screen = text(of: state)
        // Default's and multi-black's captions run under the box, black-multi's under its border.
        #expect(!screen.lines.contains { $0.contains("Def") || $0.contains("ack ") || $0.contains(" black") }, "\(screen)")
        // The focused tile's plate lies under the box in part: none of it shows beside the box.
        let plate = Theme(depth: state.configuration.colorDepth).focusCaption
        let grid = view(state)
        let plated = (0..<grid.height).flatMap { y in (0..<grid.width).filter { grid[$0, y].style == plate }.map { ($0, y) } }
        #expect(plated.isEmpty, "\(plated)")
        // Closed, they are back whole.
        press(.character("?"), in: &state)
        #expect(text(of: state).lines.contains { $0.contains("Default") && $0.contains("multi-black") })
    }
}
