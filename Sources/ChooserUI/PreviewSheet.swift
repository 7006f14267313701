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
        let drawing = TileDrawing(columns: columns, rows: rows, configuration: configuration)
        let perRow = max(1, min(items.count, (width + GridLayout.gap) / (drawing.slotWidth + GridLayout.gap)))
        let rowCount = (items.count + perRow - 1) / perRow
        let sheetWidth = perRow * drawing.slotWidth + (perRow - 1) * GridLayout.gap
        // Slots start with an empty margin row; the first one is cut off.
        var sheet = CellGrid(width: sheetWidth, height: max(0, rowCount * drawing.slotHeight - 1))
        for (index, item) in items.enumerated() {
            let (row, column) = index.quotientAndRemainder(dividingBy: perRow)
            drawing.draw(item, picture: index < pictures.count ? pictures[index] : nil,
                         isCurrent: item.name == currentName, isFocused: false,
                         x: column * (drawing.slotWidth + GridLayout.gap), y: row * drawing.slotHeight - 1,
                         into: &sheet)
        }
        return sheet
    }
}
