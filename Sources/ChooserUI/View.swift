import CellCanvas
import IconArt
import IconCatalog
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
    for index in layout.visibleIndices(firstRow: state.firstVisibleRow) {
        guard let origin = layout.slotOrigin(of: index, firstRow: state.firstVisibleRow) else { continue }
        tiles.draw(state.items[index], picture: shownInPixels.contains(index) ? .pixels : .symbols(pictures[index]),
                   isCurrent: index == currentIndex, isFocused: index == state.focus, x: origin.x, y: origin.y, into: &grid)
    }

    if state.firstVisibleRow + layout.visibleRows < layout.rowCount {
        grid.writeCentred(glyphs.moreBelow, x: 0, width: grid.width, y: layout.belowIndicatorRow,
                          style: theme.subtle, ellipsis: glyphs.ellipsis)
    }
    if let status = state.status {
        grid.write(DisplayWidth.truncate(status.text, to: grid.width - 2, ellipsis: glyphs.ellipsis),
                   x: 1, y: layout.statusRow, style: status.isError ? theme.error : .plain)
    }
    drawHints(into: &grid, y: layout.hintsRow, glyphs: glyphs, theme: theme)

    if let frame = state.detailsFrame, let item = state.focusedItem {
        drawDetails(state, item: item, frame: frame, into: &grid, glyphs: glyphs, theme: theme)
    }
    if state.showsHelp {
        HelpBox(glyphs: glyphs, terminal: state.terminalLines).draw(into: &grid, theme: theme)
    }
    if let alert = state.alert {
        AlertBox(alert, screen: state.screen, ascii: glyphs.ascii).draw(into: &grid, theme: theme, glyphs: glyphs)
    }
    return grid
}

/// "App Icon — Colourful", centred, with "App Icon" in bold; then what of the app is shown
/// ("(App, Release)") and an appearance other than light ("— dark").
private func drawTitle(_ state: ChooserState, into grid: inout CellGrid, glyphs: Glyphs, theme: Theme) {
    let heading = "App Icon"
    var full = "\(heading) \(glyphs.dash) \(state.appName)"
    if let context = state.context { full += " (\(context))" }
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
    DetailsPanel(frame: frame, glyphs: glyphs, theme: theme).draw(
        item: item, isCurrent: state.focus == state.currentIndex, details: state.details.known[state.focus],
        findings: state.details.findings, picture: picture, renderer: renderer, into: &grid)
}

/// The longest key summary that fits, so a narrow terminal still shows how to get help and leave.
private func drawHints(into grid: inout CellGrid, y: Int, glyphs: Glyphs, theme: Theme) {
    let variants = [
        "\(glyphs.arrows) move  Enter use  i details  ? help  q quit",
        "\(glyphs.arrows) move  Enter use  ? help  q quit",
        "Enter use  i details  ? help  q quit",
        "Enter use  ? help  q quit",
        "? help  q quit",
    ]
    let room = grid.width - 2
    let hint = variants.first { DisplayWidth.of($0) <= room }
        ?? DisplayWidth.truncate(variants[variants.count - 1], to: room, ellipsis: glyphs.ellipsis)
    grid.write(hint, x: 1, y: y, style: theme.subtle)
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
