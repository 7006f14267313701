import IconArt
import IconCatalog

/// Draws one slot of the grid: the picture (or a placeholder), the checkmark badge, the
/// focus border and the caption. See `GridLayout` for the slot's shape.
struct TileDrawing {
    /// The picture's size in cells; the slot adds a border's width on each side and a caption below.
    let columns: Int
    let rows: Int
    let theme: Theme
    let glyphs: Glyphs
    let renderer: TileRenderer

    init(columns: Int, rows: Int, configuration: ChooserConfiguration) {
        self.columns = columns
        self.rows = rows
        self.theme = Theme(depth: configuration.colorDepth)
        self.glyphs = Glyphs(ascii: configuration.ascii)
        self.renderer = TileRenderer(depth: configuration.colorDepth, ascii: configuration.ascii)
    }

    init(tileSize: TileSize, configuration: ChooserConfiguration) {
        self.init(columns: tileSize.columns, rows: tileSize.rows, configuration: configuration)
    }

    /// A slot: the picture inside a one-cell border (drawn when focused), the caption below.
    static func slotWidth(columns: Int) -> Int { columns + 2 }
    static func slotHeight(rows: Int) -> Int { rows + 3 }
    var slotWidth: Int { Self.slotWidth(columns: columns) }
    var slotHeight: Int { Self.slotHeight(rows: rows) }

    func draw(_ item: ChooserItem, picture: CellGrid?, isCurrent: Bool, isFocused: Bool,
              x: Int, y: Int, into grid: inout CellGrid) {
        // Until the picture arrives, IconArt's placeholder keeps the grid aligned and the
        // icon recognisable by its initials.
        let tile = picture ?? renderer.placeholder(name: item.title, columns: columns, rows: rows)
        grid.draw(tile, x: x + 1, y: y + 1)

        if isCurrent {
            // Bottom-right corner of the picture, where iOS puts `checkmark.circle.fill`.
            let badge = glyphs.badge
            grid.write(badge, x: x + 1 + columns - DisplayWidth.of(badge), y: y + rows, style: theme.badge)
        }
        if isFocused {
            grid.drawBox(x: x, y: y, width: slotWidth, height: rows + 2, glyphs: glyphs.box, style: theme.focusBorder)
        }

        var caption = DisplayWidth.truncate(item.title, to: slotWidth, ellipsis: glyphs.ellipsis)
        if isFocused && DisplayWidth.of(caption) + 2 <= slotWidth { caption = " \(caption) " }
        grid.writeCentred(caption, x: x, width: slotWidth, y: y + rows + 2,
                          style: isFocused ? theme.focusCaption : .plain, ellipsis: glyphs.ellipsis)
    }
}
