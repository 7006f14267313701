/// Pure geometry of the chooser screen: which tile size fits, how many tiles per row,
/// where each tile sits, which tile a click hits, and how far to scroll. `view` draws with
/// it and `update` moves and hit-tests with it, so the two can never disagree.
///
/// The screen, top to bottom:
///
///     row 0            title ("App Icon — Colourful")
///     row 1            "▲ more above", or the no-alternates notice
///     rows 2 … h-4     the grid: whole slots only, scrolled by grid rows
///     row h-3          "▼ more below"
///     row h-2          status message
///     row h-1          key hints
///
/// A slot is one tile with a one-cell margin round it, and its caption:
///
///                  margin row
///      PICTURE     tile rows, with a margin column either side
///      PICTU ✓     the checkmark badge on the tile's last row, right-aligned
///                  margin row
///      Caption     centred in the slot's full width, cut in the middle when longer; on
///                  the focused tile a solid name plate as wide as the slot, or as the
///                  whole name over the neighbours' captions
///
/// Slots are `gap` columns apart; the grid is centred horizontally.
public struct GridLayout: Hashable, Sendable {
    /// Blank columns between neighbouring slots (on top of their margin columns).
    public static let gap = 1
    /// Rows that are not grid: title, above indicator, below indicator, status, hints.
    public static let chromeRows = 5
    /// The first screen row of the grid.
    public static let gridTop = 2
    /// Narrower than this and the title and key hints lose their meaning.
    public static let minimumWidth = 20

    public let screen: ScreenSize
    public let tileSize: TileSize
    public let itemCount: Int
    /// Slots per grid row (at most `itemCount`, so a short list is centred as a whole).
    public let columns: Int
    /// Whole grid rows that fit on screen at once (at least 1).
    public let visibleRows: Int

    /// nil when not even one slot of `tileSize` fits beside the title and footer.
    public init?(tileSize: TileSize, itemCount: Int, screen: ScreenSize) {
        let minimum = Self.minimumScreen(for: tileSize)
        guard screen.width >= minimum.width, screen.height >= minimum.height else { return nil }
        let slotWidth = Self.slotWidth(tileSize), slotHeight = Self.slotHeight(tileSize)
        self.screen = screen
        self.tileSize = tileSize
        self.itemCount = max(0, itemCount)
        self.columns = max(1, min((screen.width + Self.gap) / (slotWidth + Self.gap), max(1, itemCount)))
        self.visibleRows = (screen.height - Self.chromeRows) / slotHeight
    }

    private init(screen: ScreenSize, tileSize: TileSize, itemCount: Int, columns: Int, visibleRows: Int) {
        self.screen = screen
        self.tileSize = tileSize
        self.itemCount = itemCount
        self.columns = columns
        self.visibleRows = visibleRows
    }

    /// The same grid (tile size, columns, rows on screen) holding `count` items from its
    /// top-left: what a filter shows, so its tiles neither change size nor move sideways
    /// with every key typed.
    public func holding(_ count: Int) -> GridLayout {
        GridLayout(screen: screen, tileSize: tileSize, itemCount: max(0, count), columns: columns, visibleRows: visibleRows)
    }

    /// The layout for `--icon-size`: the forced size, or the largest size that shows every
    /// icon without scrolling; when none does, the largest that shows two grid rows (so a
    /// scrolled screen keeps some context), else the largest that shows one. Sizes above
    /// `atMost` are not considered (the grid beside the details panel keeps the size it had
    /// or takes a smaller one, so opening the panel never enlarges the tiles). nil: too small.
    public static func choose(_ choice: IconSizeChoice, itemCount: Int, screen: ScreenSize,
                              atMost largest: TileSize? = nil) -> GridLayout? {
        if let forced = choice.forcedSize {
            return GridLayout(tileSize: forced, itemCount: itemCount, screen: screen)
        }
        let candidates = TileSize.largestFirst.filter { size in largest.map { size <= $0 } ?? true }.compactMap {
            GridLayout(tileSize: $0, itemCount: itemCount, screen: screen)
        }
        return candidates.first { $0.rowCount <= $0.visibleRows }
            ?? candidates.first { $0.visibleRows >= 2 }
            ?? candidates.first
    }

    /// The smallest screen for one slot of `tileSize`, the title and the footer.
    public static func minimumScreen(for tileSize: TileSize) -> ScreenSize {
        ScreenSize(width: max(minimumWidth, slotWidth(tileSize)),
                   height: chromeRows + slotHeight(tileSize))
    }

    static func slotWidth(_ size: TileSize) -> Int { TileDrawing.slotWidth(columns: size.columns) }
    static func slotHeight(_ size: TileSize) -> Int { TileDrawing.slotHeight(rows: size.rows) }

    public var slotWidth: Int { Self.slotWidth(tileSize) }
    public var slotHeight: Int { Self.slotHeight(tileSize) }
    /// Grid rows in all, at least 1.
    public var rowCount: Int { max(1, (itemCount + columns - 1) / columns) }
    /// Width of the whole grid, from the first slot's left edge to the last one's right.
    public var gridWidth: Int { columns * slotWidth + (columns - 1) * Self.gap }
    /// The screen column of the grid's left edge.
    public var originX: Int { max(0, (screen.width - gridWidth) / 2) }

    public var aboveIndicatorRow: Int { 1 }
    public var belowIndicatorRow: Int { screen.height - 3 }
    public var statusRow: Int { screen.height - 2 }
    public var hintsRow: Int { screen.height - 1 }

    public func row(of index: Int) -> Int { index / columns }
    public func column(of index: Int) -> Int { index % columns }

    /// The largest first row: scrolled to the bottom with no empty rows below.
    public var lastFirstRow: Int { max(0, rowCount - visibleRows) }

    /// Items whose slots are on screen when the grid starts at `firstRow`.
    public func visibleIndices(firstRow: Int) -> Range<Int> {
        let first = min(itemCount, max(0, firstRow) * columns)
        let end = min(itemCount, (max(0, firstRow) + visibleRows) * columns)
        return first..<max(first, end)
    }

    /// `proposed`, clamped to the scroll range and moved as little as possible so that
    /// the row of `index` is on screen.
    public func firstRow(_ proposed: Int, showing index: Int) -> Int {
        var first = min(max(0, proposed), lastFirstRow)
        let target = row(of: max(0, index))
        if target < first { first = target }
        if target >= first + visibleRows { first = target - visibleRows + 1 }
        return first
    }

    /// The top-left screen cell of the slot of `index`, or nil when it is scrolled away.
    public func slotOrigin(of index: Int, firstRow: Int) -> (x: Int, y: Int)? {
        guard index >= 0, index < itemCount else { return nil }
        let visibleRow = row(of: index) - firstRow
        guard visibleRow >= 0, visibleRow < visibleRows else { return nil }
        return (originX + column(of: index) * (slotWidth + Self.gap), Self.gridTop + visibleRow * slotHeight)
    }

    /// The item whose slot (margin, picture or caption) covers a screen cell; gaps hit nothing.
    public func index(atColumn x: Int, row y: Int, firstRow: Int) -> Int? {
        guard x >= originX, y >= Self.gridTop else { return nil }
        let (slotColumn, inColumn) = (x - originX).quotientAndRemainder(dividingBy: slotWidth + Self.gap)
        let (visibleRow, _) = (y - Self.gridTop).quotientAndRemainder(dividingBy: slotHeight)
        guard inColumn < slotWidth, slotColumn < columns, visibleRow < visibleRows else { return nil }
        let index = (firstRow + visibleRow) * columns + slotColumn
        return index < itemCount ? index : nil
    }
}
