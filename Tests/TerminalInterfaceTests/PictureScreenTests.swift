import CellCanvas
import Testing
import TerminalInterface

/// Which picture commands a sequence of frames causes, for a protocol whose pictures live
/// apart from the text (kitty) and one whose pictures are pixels in the cells (sixel).
@Suite struct PictureScreenTests {
    static let first = PicturePlacement(picture: PictureID(1), cells: CellRect(x: 1, y: 2, width: 16, height: 8))
    static let second = PicturePlacement(picture: PictureID(2), cells: CellRect(x: 20, y: 2, width: 16, height: 8))
    static let below = PicturePlacement(picture: PictureID(3), cells: CellRect(x: 1, y: 12, width: 16, height: 8))

    static func nothing() -> RepaintedCells { RepaintedCells(width: 100, height: 30) }
    static func cell(_ x: Int, _ y: Int) -> RepaintedCells {
        var cells = nothing()
        cells.mark(x: x, y: y)
        return cells
    }

    @Test func kittyPlacesOnceMovesAndRemoves() {
        var screen = PictureScreen(textErasesPictures: false)
        #expect(screen.update(to: [Self.first, Self.second], repainted: .all(width: 100, height: 30)).commands
            == [.place(Self.first), .place(Self.second)])
        #expect(screen.update(to: [Self.first, Self.second], repainted: Self.cell(5, 5)).commands.isEmpty)
        // Scrolled: the first picture now shows where the third was; the second has gone.
        let moved = PicturePlacement(picture: PictureID(1), cells: Self.below.cells)
        let update = screen.update(to: [moved], repainted: Self.nothing())
        #expect(update.commands == [.remove(Self.first), .remove(Self.second), .place(moved)])
        #expect(update.rowsToRedraw.isEmpty)
        #expect(screen.shown == [moved])
        // Repainted whole (a resize clears the screen): sent and placed anew.
        #expect(screen.update(to: [moved], repainted: .all(width: 100, height: 30)).commands == [.cleared, .place(moved)])
        #expect(screen.removeAll() == [.removeAll])
        #expect(screen.removeAll().isEmpty)
    }

    @Test func sixelIsPlacedAgainWhereTextWasDrawnInItsRows() {
        var screen = PictureScreen(textErasesPictures: true)
        _ = screen.update(to: [Self.first, Self.second, Self.below], repainted: .all(width: 100, height: 30))
        // Text written in the rows of the first two (ncurses may rewrite any cell of a row it
        // writes to): both again, the one below not.
        #expect(screen.update(to: [Self.first, Self.second, Self.below], repainted: Self.cell(50, 4)).commands
            == [.place(Self.first), .place(Self.second)])
        #expect(screen.update(to: [Self.first, Self.second, Self.below], repainted: Self.cell(50, 10)).commands.isEmpty)
        #expect(screen.update(to: [Self.first, Self.second, Self.below], repainted: .all(width: 100, height: 30)).commands
            == [.place(Self.first), .place(Self.second), .place(Self.below)])
    }

    @Test func aPictureThatWouldNotFitOrWouldScrollIsNotPlaced() {
        let outside = PicturePlacement(picture: PictureID(4), cells: CellRect(x: 90, y: 2, width: 16, height: 8))
        let bottom = PicturePlacement(picture: PictureID(5), cells: CellRect(x: 1, y: 22, width: 16, height: 8))
        var sixel = PictureScreen(textErasesPictures: true)
        #expect(sixel.update(to: [outside, bottom, Self.first], repainted: .all(width: 100, height: 30)).commands == [.place(Self.first)])
        var kitty = PictureScreen(textErasesPictures: false)
        #expect(kitty.update(to: [outside, bottom], repainted: .all(width: 100, height: 30)).commands == [.place(bottom)])
    }

    @Test func picturesShownByTextAreWrittenIntoTheFrame() {
        struct Placeholders: PictureEncoder {
            let textErasesPictures = false
            func encode(_ commands: [PictureCommand]) -> [UInt8] { [] }
            func text(for placement: PicturePlacement) -> CellGrid? {
                CellGrid(width: placement.cells.width, height: placement.cells.height, filling: Cell("P"))
            }
        }
        var grid = CellGrid(width: 6, height: 3)
        grid.write("✓", x: 3, y: 1)
        let frame = Frame(grid: grid, pictures: [PicturePlacement(picture: PictureID(1), cells: CellRect(x: 1, y: 0, width: 4, height: 2))])
        #expect(frame.text(with: nil) == grid)
        #expect(frame.text(with: Placeholders()).lines == [" PPPP ", " PP✓P ", "      "])
    }

    @Test func aSixelTakenAwayIsWipedByRedrawingItsRows() {
        var screen = PictureScreen(textErasesPictures: true)
        _ = screen.update(to: [Self.first, Self.second, Self.below], repainted: .all(width: 100, height: 30))
        let update = screen.update(to: [Self.second, Self.below], repainted: Self.nothing())
        #expect(update.rowsToRedraw == [2..<10])
        // Redrawing those rows wipes the second picture too, so it is placed again; the one below is untouched.
        #expect(update.commands == [.place(Self.second)])
    }

    @Test func repaintedCellsAreTheCellsThatChanged() {
        var grid = CellGrid(width: 10, height: 3)
        #expect(RepaintedCells.changes(from: nil, to: grid) == .all(width: 10, height: 3))
        #expect(RepaintedCells.changes(from: grid, to: grid).isEmpty)
        var changed = grid
        changed.write("✓", x: 4, y: 1)
        let cells = RepaintedCells.changes(from: grid, to: changed)
        #expect(cells.contains(x: 4, y: 1) && !cells.contains(x: 5, y: 1) && !cells.contains(x: 3, y: 1))
        #expect(cells.touchesRows(0..<2) && cells.touchesRows(1..<2) && !cells.touchesRows(2..<3) && !cells.touchesRows(0..<1))
        grid.write("界", x: 0, y: 0)  // a wide character: its second column is never drawn on its own
        #expect(RepaintedCells.changes(from: CellGrid(width: 10, height: 3), to: grid).contains(x: 0, y: 0))
        #expect(!RepaintedCells.changes(from: CellGrid(width: 10, height: 3), to: grid).contains(x: 1, y: 0))
        #expect(RepaintedCells.changes(from: CellGrid(width: 9, height: 3), to: grid) == .all(width: 10, height: 3))
    }
}
