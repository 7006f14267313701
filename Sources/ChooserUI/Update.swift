import CellCanvas
import IconArt
import IconCatalog
import TerminalInput
import TerminalText

/// The chooser's only way to change: applies `event` to `state` and returns the work the
/// shell must do. No I/O, no clock, no terminal: everything it needs is in the event.
///
/// Modal order: Ctrl-C always quits; an alert takes every other input (Enter, Esc, q or a
/// click on OK dismiss it, as they close the help box; Space does not, so a second Space
/// meant to apply cannot dismiss it unseen); then the help box (`?`, Esc, q or Enter close it); then an open
/// filter takes what is typed (Esc clears it, Backspace edits); then, if the terminal is too
/// small, only q/Esc work; else the grid's bindings, where Esc closes the details panel before
/// it leaves. The panel follows the focus: after every event, what it lacks for the icon now
/// focused is asked for.
public func update(_ state: inout ChooserState, _ event: ChooserEvent) -> [ChooserEffect] {
    let drawnWith = (state.appearance, state.configuration.symbols, state.pixels?.cell)
    let effects = respond(&state, to: event)
    if state.appearance != drawnWith.0 { state.details.dropPictures() }
    if state.configuration.symbols != drawnWith.1 { state.details.dropSymbolPicture() }
    if state.pixels?.cell != drawnWith.2 { state.details.dropPixelPictures() }
    return effects + state.requestDetails()
}

private func respond(_ state: inout ChooserState, to event: ChooserEvent) -> [ChooserEffect] {
    switch event {
    case let .key(key):
        return state.handle(key)
    case let .click(column, row):
        return state.handleClick(column: column, row: row)
    case let .resize(width, height):
        return state.resize(to: ScreenSize(width: width, height: height))
    case let .pictureLoaded(icon, tileSize, picture, appearance):
        guard appearance == state.appearance else { return [] }
        state.store(picture, icon: icon, tileSize: tileSize)
        return []
    case let .applyFinished(name, error):
        state.finishApply(name: name, error: error)
        return []
    case let .terminalDescribed(lines):
        state.terminalLines = lines.map(TextSanitizer.clean)
        return []
    case let .symbolsChanged(symbols):
        guard symbols != state.configuration.symbols else { return [] }
        state.configuration.symbols = symbols
        state.requestedPictures = [:]
        return state.requestMissingPictures()
    case let .colorDepthChanged(depth):
        guard depth != state.configuration.colorDepth else { return [] }
        state.configuration.colorDepth = depth
        state.requestedPictures = [:]
        return state.requestMissingPictures()
    case let .pixelPictures(cell):
        guard cell != state.pixels?.cell else { return [] }
        state.pixels = cell.map(PixelPictureState.init)
        return state.requestMissingPixelPictures()
    case let .pixelPictureLoaded(icon, tileSize, cell, ready, appearance):
        guard appearance == state.appearance, cell == state.pixels?.cell, state.items.contains(where: { $0.key == icon }) else {
            return []
        }
        if ready { state.pixels?.ready[tileSize, default: []].insert(icon) }
        return []
    case .detailsLoaded, .findingsLoaded, .detailsPictureLoaded, .detailsPixelPictureLoaded:
        state.receiveDetails(event)
        return []
    case let .fixPlanned(proposal, failure):
        state.receiveFixPlan(proposal, failure: failure)
        return []
    case let .fixApplied(error, summary):
        return state.finishFix(error: error, summary: summary)
    case let .iconsRead(items, failure):
        return state.receiveIcons(items, failure: failure)
    }
}

extension ChooserState {
    mutating func handle(_ key: TerminalKey) -> [ChooserEffect] {
        let command = ChooserCommand(key: key, enabledIn: configuration)
        if command == .interrupt { return [.quit(status: ExitStatus.interrupted.rawValue)] }
        if alert != nil {
            if key == .enter || command == .quit { alert = nil }
            return []
        }
        if showsHelp {
            if key == .enter || command == .toggleHelp || command == .quit { showsHelp = false }
            return []
        }
        if fix != nil { return handleFixKey(key) }
        if let effects = handleFilterKey(key) { return effects }
        return command?.perform(key, on: &self) ?? []
    }

    /// A click on a tile focuses it and applies it (on the focused name plate, where it lies
    /// over a neighbour's caption, the focused tile); on the alert's OK button dismisses the
    /// alert; anywhere while the help box shows closes it.
    mutating func handleClick(column: Int, row: Int) -> [ChooserEffect] {
        if let box = alertBox {
            if box.isOnButton(column: column, row: row) { alert = nil }
            return []
        }
        if showsHelp {
            showsHelp = false
            return []
        }
        if let panel = detailsFrame, panel.intersects(x: column, y: row, width: 1, height: 1) { return [] }
        if let plate = focusedPlate, plate.row == row, plate.columns.contains(column) { return apply(focus) }
        guard let layout, let position = layout.index(atColumn: column, row: row, firstRow: firstVisibleRow) else {
            return []
        }
        focus = shown[position]
        return apply(focus)
    }

    /// Starts making `items[index]` current, unless it already is or a change is under way.
    mutating func apply(_ index: Int) -> [ChooserEffect] {
        guard !isApplying, items.indices.contains(index), items[index].name != currentName else { return [] }
        isApplying = true
        status = StatusMessage("Changing the icon to \(quoted(items[index].title))\(Glyphs(ascii: configuration.ascii).ellipsis)")
        return [.apply(name: items[index].name)]
    }

    mutating func finishApply(name: String?, error: String?) {
        isApplying = false
        if let error {
            status = StatusMessage("Could not change the icon: \(error)", isError: true)
            return
        }
        currentName = name
        let title = items.first { $0.name == name }?.title ?? name ?? "Default"
        status = StatusMessage("Now using \(quoted(title)).")
        if configuration.alertOnApply {
            alert = ChooserAlert(message: "You have changed the icon for \(quoted(appName)).")
        }
    }

    /// Every icon in the next appearance: the pictures shown so far are dropped (their
    /// placeholders show until the new ones arrive) and asked for again.
    mutating func showNextAppearance() -> [ChooserEffect] {
        let all = IconAppearance.allCases
        appearance = all[((all.firstIndex(of: appearance) ?? 0) + 1) % all.count]
        pictures = [:]
        requestedPictures = [:]
        pixels = pixels.map { PixelPictureState(cell: $0.cell) }
        status = StatusMessage("Showing the \(appearance.rawValue) appearance.")
        return requestMissingPictures() + requestMissingPixelPictures()
    }

    /// Re-lays out for the new size, keeps the focus on screen, and asks for pictures at
    /// the new tile size if it changed (pixel pictures for the tiles that came on screen).
    mutating func resize(to size: ScreenSize) -> [ChooserEffect] {
        screen = size
        scrollFocusIntoView()
        return requestMissingPictures() + requestMissingPixelPictures()
    }

    /// Keeps a rendered picture if it is for an icon in the list and exactly the tile's size
    /// (a wrongly sized picture would break the grid's alignment).
    mutating func store(_ picture: CellGrid, icon: IconKey, tileSize: TileSize) {
        guard items.contains(where: { $0.key == icon }), picture.width == tileSize.columns, picture.height == tileSize.rows else {
            return
        }
        pictures[tileSize, default: [:]][icon] = picture
        requestedPictures[tileSize, default: []].insert(icon)
    }

    func quoted(_ text: String) -> String { Glyphs(ascii: configuration.ascii).quoted(text) }
}
