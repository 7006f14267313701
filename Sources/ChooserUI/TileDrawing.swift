import CellCanvas
import IconArt
import IconCatalog
import SymbolArt
import TerminalText

/// Draws one slot of the grid: the picture (or a placeholder), the checkmark badge and the
/// caption, which becomes a solid name plate on the focused tile. See `GridLayout` for the
/// slot's shape.
///
/// The focus is marked on the caption row alone (not with a border round the picture) so
/// that a focus move rewrites two short runs of one row each: over ssh or a slow link one
/// arrow key costs about as many bytes as a move in `dialog --menu`, where a border cost
/// six times as much. The plate spans the whole slot (or the focused name where that is
/// wider) and is the only solid bar on the screen, so it stays plain in monochrome (reverse
/// video) and in ASCII. Other captions too long for their slot are cut in the middle.
struct TileDrawing {
    /// The picture's size in cells; the slot adds a margin column on each side, a margin
    /// row above and below, and the caption row.
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
        self.renderer = TileRenderer(depth: configuration.colorDepth, symbols: configuration.symbols,
                                     ascii: configuration.ascii)
    }

    init(tileSize: TileSize, configuration: ChooserConfiguration) {
        self.init(columns: tileSize.columns, rows: tileSize.rows, configuration: configuration)
    }

    /// A slot: the picture inside a one-cell margin, the caption below it.
    static func slotWidth(columns: Int) -> Int { columns + 2 }
    static func slotHeight(rows: Int) -> Int { rows + 3 }
    var slotWidth: Int { Self.slotWidth(columns: columns) }
    var slotHeight: Int { Self.slotHeight(rows: rows) }

    /// Where the picture of the slot at `x`, `y` goes: inside the margin.
    static func pictureOrigin(slotX x: Int, slotY y: Int) -> (x: Int, y: Int) { (x + 1, y + 1) }

    /// How a tile's picture is shown.
    enum Picture {
        /// Symbol art: the tile's picture, or nil for the placeholder until it arrives.
        case symbols(CellGrid?)
        /// The terminal draws the picture in pixels over the tile's cells, which stay blank.
        case pixels
    }

    /// `marked`: the offsets of the caption's characters a filter matched, drawn in
    /// `Theme.matchedLetter` (those cut out of a long caption are not shown). `captionColumns`:
    /// the columns the caption may use, nil for the slot's own: the focused tile's name plate
    /// (`ChooserState.focusedPlate`), or what that plate leaves of a neighbour's slot
    /// (`captionColumns(slotX:beside:)`). `coveredCaptionColumns`: the columns of the caption's
    /// row a box (help, alert) is drawn over; a caption or plate that would lie partly under one
    /// is not drawn, so that no fragment of a name ("ica", a lone "b") or stub of the plate
    /// shows beside the box.
    func draw(_ item: ChooserItem, picture: Picture, isCurrent: Bool, isFocused: Bool, marked: [Int] = [],
              captionColumns: Range<Int>? = nil, coveredCaptionColumns: [Range<Int>] = [],
              x: Int, y: Int, into grid: inout CellGrid) {
        let origin = Self.pictureOrigin(slotX: x, slotY: y)
        switch picture {
        case .symbols(let tile):
            // Until the picture arrives, IconArt's placeholder keeps the grid aligned and the
            // icon recognisable by its initials.
            grid.draw(tile ?? renderer.placeholder(name: item.title, columns: columns, rows: rows), x: origin.x, y: origin.y)
        case .pixels:
            grid.fill(x: origin.x, y: origin.y, width: columns, height: rows)
        }

        if isCurrent {
            // Under the picture's bottom-right corner, where iOS puts `checkmark.circle.fill`,
            // on the row between picture and caption: it covers none of the icon's cells, in
            // symbols as in pixels (where no picture may cover text anyway).
            let badge = glyphs.badge
            grid.write(badge, x: x + 1 + columns - DisplayWidth.of(badge), y: y + rows + 1, style: theme.badge)
        }
        let captionRow = y + rows + 2
        let style = isFocused ? theme.focusCaption : .plain
        let room = captionColumns ?? x..<x + slotWidth
        guard !room.isEmpty else { return }
        let caption = DisplayWidth.truncateMiddle(item.title, to: room.count, ellipsis: glyphs.ellipsis)
        let captionWidth = DisplayWidth.of(caption)
        // Centred on the slot where that lies inside the room, so a neighbour's caption the plate
        // leaves room for does not move.
        let centredOnSlot = x + (slotWidth - captionWidth) / 2
        let captionX = room.lowerBound <= centredOnSlot && centredOnSlot + captionWidth <= room.upperBound
            ? centredOnSlot : room.lowerBound + (room.count - captionWidth) / 2
        // A box over part of the name hides it all, and its plate (a box over the plate's blank
        // ends alone leaves the name whole, on what is left of the plate).
        if coveredCaptionColumns.contains(where: { $0.overlaps(captionX..<captionX + captionWidth) }) { return }
        if isFocused {
            grid.fill(x: room.lowerBound, y: captionRow, width: room.count, height: 1, with: Cell(" ", style: style))
        }
        grid.write(caption, x: captionX, y: captionRow, style: style)
        guard !marked.isEmpty, DisplayWidth.of(glyphs.ellipsis) <= room.count else { return }
        // The kept start, the ellipsis, the kept end: each marked letter that was kept, at its column.
        let letters = Array(item.title)
        let cut = DisplayWidth.middleCut(item.title, to: room.count, ellipsis: glyphs.ellipsis)
        let head = cut?.head ?? letters.count, tailStart = letters.count - (cut?.tail ?? 0)
        let markStyle = theme.matchedLetter(on: isFocused)
        var column = captionX, offset = 0
        for position in marked where position < head || (position >= tailStart && position < letters.count) {
            if offset < tailStart && position >= tailStart {
                column += DisplayWidth.of(String(letters[offset..<head])) + DisplayWidth.of(glyphs.ellipsis)
                offset = tailStart
            }
            column += DisplayWidth.of(String(letters[offset..<position]))
            grid.write(String(letters[position]), x: column, y: captionRow, style: markStyle)
            column += DisplayWidth.of(letters[position])
            offset = position + 1
        }
    }

    /// The columns of the focused tile's name plate: its slot, or where the name is wider, the
    /// name with a blank column either side, centred on the slot and moved inside `bounds` (the
    /// grid's own columns), no wider than them.
    static func plate(for title: String, slotX x: Int, slotWidth: Int, within bounds: Range<Int>) -> Range<Int> {
        let nameWidth = DisplayWidth.of(title)
        guard nameWidth > slotWidth else { return x..<x + slotWidth }
        let width = min(nameWidth + 2, max(slotWidth, bounds.count))
        let start = min(max(x + (slotWidth - width) / 2, bounds.lowerBound), bounds.upperBound - width)
        return start..<start + width
    }

    /// What the focused tile's `plate` leaves of the slot at `x` on the same row, for its caption,
    /// less one blank column beside the plate, so that the caption never touches it and reads
    /// as a name of its own.
    func captionColumns(slotX x: Int, beside plate: Range<Int>) -> Range<Int> {
        let slot = x..<x + slotWidth
        guard slot.overlaps(plate) || slot.upperBound == plate.lowerBound || plate.upperBound == slot.lowerBound else {
            return slot
        }
        if x < plate.lowerBound { return x..<max(x, min(slot.upperBound, plate.lowerBound - 1)) }
        let start = min(plate.upperBound + 1, slot.upperBound)
        return max(start, slot.lowerBound)..<slot.upperBound
    }
}
