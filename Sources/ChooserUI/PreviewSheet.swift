import CellCanvas
import IconArt

/// What `iconchooser preview` prints: the chooser's own tiles, captions and checkmark,
/// row-wrapped to a width, without focus, title or footer, so a script or a pipe sees
/// the icons exactly as the chooser draws them, at any tile size.
public enum PreviewSheet {
    /// `pictures[i]` is item `i`'s tile of `columns`×`rows` cells (nil: the placeholder).
    public static func render(items: [ChooserItem], pictures: [CellGrid?], currentName: String?,
                              columns: Int, rows: Int, width: Int,
                              configuration: ChooserConfiguration) -> CellGrid {
        let layout = Layout(count: items.count, columns: columns, rows: rows, width: width, configuration: configuration)
        var sheet = CellGrid(width: layout.width, height: layout.height)
        for (index, item) in items.enumerated() {
            let (x, y) = layout.slot(index)
            layout.drawing.draw(item, picture: .symbols(index < pictures.count ? pictures[index] : nil),
                                isCurrent: item.name == currentName, isFocused: false, x: x, y: y, into: &sheet)
        }
        return sheet
    }

    /// The cell each item's tile picture starts at on the sheet `render` draws with the same
    /// arguments: where a pixel picture goes in its place.
    public static func pictureOrigins(count: Int, columns: Int, rows: Int, width: Int,
                                      configuration: ChooserConfiguration) -> [(column: Int, row: Int)] {
        let layout = Layout(count: count, columns: columns, rows: rows, width: width, configuration: configuration)
        return (0..<count).map { index in
            let slot = layout.slot(index)
            let origin = TileDrawing.pictureOrigin(slotX: slot.x, slotY: slot.y)
            return (origin.x, origin.y)
        }
    }

    /// Where each slot goes: as many to a row as fit `width`, rows one under another.
    struct Layout {
        let drawing: TileDrawing
        let perRow: Int
        let width: Int
        let height: Int

        init(count: Int, columns: Int, rows: Int, width: Int, configuration: ChooserConfiguration) {
            drawing = TileDrawing(columns: columns, rows: rows, configuration: configuration)
            perRow = max(1, min(count, (width + GridLayout.gap) / (drawing.slotWidth + GridLayout.gap)))
            let rowCount = (count + perRow - 1) / perRow
            self.width = perRow * drawing.slotWidth + (perRow - 1) * GridLayout.gap
            // Slots start with an empty margin row; the first one is cut off.
            height = max(0, rowCount * drawing.slotHeight - 1)
        }

        /// The top-left corner of slot `index` (its margin row may lie above the sheet).
        func slot(_ index: Int) -> (x: Int, y: Int) {
            let (row, column) = index.quotientAndRemainder(dividingBy: perRow)
            return (column * (drawing.slotWidth + GridLayout.gap), row * drawing.slotHeight - 1)
        }
    }
}
