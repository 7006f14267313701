import CellCanvas
import IconArt
import IconCatalog
import SymbolArt
import TerminalText

/// The whole screen for `state`, exactly `state.screen` in size. No I/O: the terminal
/// layer draws the grid it returns (and diffs it against the last one).
public func view(_ state: ChooserState) -> CellGrid {
    var grid = CellGrid(width: state.screen.width, height: state.screen.height)
    guard grid.width > 0, grid.height > 0 else { return grid }
    let glyphs = Glyphs(ascii: state.configuration.ascii)
    let theme = Theme(depth: state.configuration.colorDepth)
    guard let layout = state.layout else {
        drawTooSmall(state, into: &grid, glyphs: glyphs)
        return grid
    }

    drawTitle(state, into: &grid, glyphs: glyphs, theme: theme)
    if state.hasNoAlternates {
        grid.writeCentred("\(state.appName) has no alternate icons.", x: 0, width: grid.width,
                          y: layout.aboveIndicatorRow, ellipsis: glyphs.ellipsis)
    } else if state.firstVisibleRow > 0 {
        grid.writeCentred(glyphs.moreAbove, x: 0, width: grid.width, y: layout.aboveIndicatorRow,
                          style: theme.subtle, ellipsis: glyphs.ellipsis)
    }

    let tiles = TileDrawing(tileSize: layout.tileSize, configuration: state.configuration)
    let pictures = state.pictures[layout.tileSize] ?? [:]
    let currentIndex = state.currentIndex
    let shownInPixels = Set(state.pixelTiles.map(\.index))
    // The focused name plate may lie over its neighbours' captions (in the grid's own columns,
    // not under a details panel beside it): they keep what it leaves of their slots.
    let plate = state.focusedPlate
    let boxes = state.overlayFrames
    for position in layout.visibleIndices(firstRow: state.firstVisibleRow) {
        guard let origin = layout.slotOrigin(of: position, firstRow: state.firstVisibleRow) else { continue }
        let index = state.shown[position]
        var captionColumns: Range<Int>?
        if let plate, plate.row == origin.y + layout.slotHeight - 1 {
            captionColumns = index == state.focus ? plate.columns : tiles.captionColumns(slotX: origin.x, beside: plate.columns)
        }
        let item = state.items[index]
        let captionRow = origin.y + layout.slotHeight - 1
        tiles.draw(item, picture: shownInPixels.contains(index) ? .pixels : .symbols(pictures[item.key]),
                   isCurrent: index == currentIndex, isFocused: index == state.focus,
                   marked: state.filter?.marks[index] ?? [], captionColumns: captionColumns,
                   coveredCaptionColumns: boxes.filter { $0.y <= captionRow && captionRow < $0.y + $0.height }
                       .map { $0.x..<$0.x + $0.width },
                   x: origin.x, y: origin.y, into: &grid)
    }
    if let filter = state.filter, filter.matched.isEmpty {
        let gridRows = layout.visibleRows * layout.slotHeight
        // Centred in the grid's own columns: a details panel beside the grid takes the rest.
        let gridWidth = state.detailsFrame?.gridScreen(of: state.screen).width ?? grid.width
        grid.writeCentred("No icon matches \(glyphs.quoted(glyphs.shown(filter.query))).", x: 0, width: gridWidth,
                          y: GridLayout.gridTop + gridRows / 2, ellipsis: glyphs.ellipsis)
    }

    if state.firstVisibleRow + layout.visibleRows < layout.rowCount {
        grid.writeCentred(glyphs.moreBelow, x: 0, width: grid.width, y: layout.belowIndicatorRow,
                          style: theme.subtle, ellipsis: glyphs.ellipsis)
    }
    if let status = state.status {
        grid.write(DisplayWidth.truncate(status.text, to: grid.width - 2, ellipsis: glyphs.ellipsis),
                   x: 1, y: layout.statusRow, style: status.isError ? theme.error : .plain)
    }
    if let filter = state.filter {
        drawFilterLine(filter, into: &grid, y: layout.hintsRow, glyphs: glyphs, theme: theme, configuration: state.configuration)
    } else {
        drawHints(state, into: &grid, y: layout.hintsRow, glyphs: glyphs, theme: theme)
    }

    if let frame = state.detailsFrame, let item = state.focusedItem {
        drawDetails(state, item: item, frame: frame, into: &grid, glyphs: glyphs, theme: theme)
    }
    for box in state.boxes { box.draw(into: &grid) }
    return grid
}

/// "App Icon — Colourful", centred, with "App Icon" in bold; then what of the app is shown
/// ("(App, Release)"), the device whose icon set it is where the app has two or an iPad's
/// is shown ("— iPad"), and an appearance other than light ("— dark").
private func drawTitle(_ state: ChooserState, into grid: inout CellGrid, glyphs: Glyphs, theme: Theme) {
    let heading = "App Icon"
    var full = "\(heading) \(glyphs.dash) \(state.appName)"
    if let context = state.context { full += " (\(context))" }
    if state.idioms.count > 1 || state.idiom == .pad { full += " \(glyphs.dash) \(state.idiom.deviceName)" }
    if state.appearance != .light { full += " \(glyphs.dash) \(state.appearance.rawValue)" }
    let shown = DisplayWidth.truncate(full, to: grid.width, ellipsis: glyphs.ellipsis)
    let x = (grid.width - DisplayWidth.of(shown)) / 2
    grid.write(shown, x: x, y: 0)
    grid.write(String(shown.prefix(heading.count)), x: x, y: 0, style: theme.title)
}

/// The details panel for the focused item, with its large picture in pixels where the
/// terminal draws it (its cells left blank), else in symbols once it has arrived.
private func drawDetails(_ state: ChooserState, item: ChooserItem, frame: DetailsPanelFrame, into grid: inout CellGrid,
                         glyphs: Glyphs, theme: Theme) {
    let picture: DetailsPanel.Picture
    if state.detailsPixelPlacement != nil {
        picture = .pixels
    } else {
        let wanted = state.detailsPictureWanted
        picture = .symbols(state.details.picture.flatMap { $0.key == wanted ? $0.grid : nil })
    }
    let renderer = TileRenderer(depth: state.configuration.colorDepth, symbols: state.configuration.symbols,
                                ascii: state.configuration.ascii)
    DetailsPanel(frame: frame, glyphs: glyphs, theme: theme, item: item, isCurrent: state.focus == state.currentIndex,
                 details: state.details.known[item.key], findings: state.details.findings, own: state.findings(of: item),
                 picture: picture, renderer: renderer,
                 offersFix: KeyBindings.isEnabled(.fix, in: state.configuration)).draw(into: &grid)
}

/// The key summary: as many hints as fit, in a fixed order, the least needed dropped first,
/// so a narrow terminal still shows how to get help and leave.
private func drawHints(_ state: ChooserState, into grid: inout CellGrid, y: Int, glyphs: Glyphs, theme: Theme) {
    let hints = KeyBindings.hints(filtering: false, glyphs: glyphs, otherIdiom: state.idioms.first { $0 != state.idiom },
                                  configuration: state.configuration)
    grid.write(FooterHints.fit(hints, width: grid.width - 2, ellipsis: glyphs.ellipsis), x: 1, y: y, style: theme.subtle)
}

/// The open filter's line: "/query▌  N of M", then the keys that act on it where they fit.
private func drawFilterLine(_ filter: FilterState, into grid: inout CellGrid, y: Int, glyphs: Glyphs, theme: Theme,
                            configuration: ChooserConfiguration) {
    let count = "\(filter.matched.count) of \(filter.total)"
    let room = grid.width - 2
    // The query's end stays in sight: a query too long for the line loses its start.
    let queryRoom = max(1, room - 2 - 2 - DisplayWidth.of(count))
    var query = glyphs.shown(filter.query)
    if DisplayWidth.of(query) > queryRoom {
        let kept = queryRoom - DisplayWidth.of(glyphs.ellipsis)
        var tail = ""
        for character in query.reversed() {
            guard DisplayWidth.of(tail) + DisplayWidth.of(character) <= kept else { break }
            tail.insert(character, at: tail.startIndex)
        }
        query = glyphs.ellipsis + tail
    }
    var x = grid.write("/", x: 1, y: y, style: theme.title)
    x = grid.write(query, x: x, y: y)
    x = grid.write(" ", x: x, y: y, style: theme.cursor)
    x = grid.write("  \(count)", x: x, y: y, style: filter.matched.isEmpty ? theme.error : .plain)
    let keys = FooterHints.fit(KeyBindings.hints(filtering: true, glyphs: glyphs, otherIdiom: nil, configuration: configuration),
                               width: grid.width - 1 - x - 2, ellipsis: nil)
    if !keys.isEmpty { grid.write(keys, x: grid.width - 1 - DisplayWidth.of(keys), y: y, style: theme.subtle) }
}

/// Key hints joined by two spaces, as many as fit in `width`.
enum FooterHints {
    /// Drops the highest-ranked hints first until the rest fit; what is left keeps its order.
    /// When not even the rank-0 ones fit, they are cut with `ellipsis` (or dropped without one).
    static func fit(_ hints: [(text: String, rank: Int)], width: Int, ellipsis: String?) -> String {
        var kept = hints
        func line() -> String { kept.map(\.text).joined(separator: "  ") }
        while DisplayWidth.of(line()) > width, let worst = kept.map(\.rank).max(), worst > 0 {
            kept.remove(at: kept.lastIndex { $0.rank == worst }!)
        }
        guard DisplayWidth.of(line()) > width else { return line() }
        guard let ellipsis else { return "" }
        return DisplayWidth.truncate(line(), to: width, ellipsis: ellipsis)
    }
}

/// "Terminal too small: need at least W×H", wrapped and centred, until the terminal grows.
private func drawTooSmall(_ state: ChooserState, into grid: inout CellGrid, glyphs: Glyphs) {
    let minimum = state.minimumScreen
    let message = "Terminal too small: need at least \(minimum.width)\(glyphs.times)\(minimum.height)"
    let lines = Array(DisplayWidth.wrap(message, to: grid.width).prefix(grid.height))
    let top = (grid.height - lines.count) / 2
    for (offset, line) in lines.enumerated() {
        grid.writeCentred(line, x: 0, width: grid.width, y: top + offset, ellipsis: glyphs.ellipsis)
    }
}
