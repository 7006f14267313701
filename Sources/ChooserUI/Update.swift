import CellCanvas
import IconArt
import TerminalText

/// The chooser's only way to change: applies `event` to `state` and returns the work the
/// shell must do. No I/O, no clock, no terminal: everything it needs is in the event.
///
/// Modal order: Ctrl-C always quits; an alert takes every other input (Enter, Esc or a
/// click on OK dismiss it); then the help box (`?`, Esc, q or Enter close it); then, if
/// the terminal is too small, only q/Esc work; else the grid's bindings.
public func update(_ state: inout ChooserState, _ event: ChooserEvent) -> [ChooserEffect] {
    switch event {
    case let .key(key):
        return state.handle(key)
    case let .click(column, row):
        return state.handleClick(column: column, row: row)
    case let .resize(width, height):
        return state.resize(to: ScreenSize(width: width, height: height))
    case let .pictureLoaded(index, tileSize, picture):
        state.store(picture, index: index, tileSize: tileSize)
        return []
    case let .applyFinished(name, error):
        state.finishApply(name: name, error: error)
        return []
    case let .terminalDescribed(lines):
        state.terminalLines = lines.map(TextSanitizer.clean)
        return []
    }
}

extension ChooserState {
    mutating func handle(_ key: Key) -> [ChooserEffect] {
        let command = ChooserCommand(key: key)
        if command == .interrupt { return [.quit(status: 130)] }
        if alert != nil {
            if key == .enter || key == .escape { alert = nil }
            return []
        }
        if showsHelp {
            if key == .enter || command == .toggleHelp || command == .quit { showsHelp = false }
            return []
        }
        guard let command else { return [] }
        switch command {
        case .quit: return [.quit(status: 0)]
        case .interrupt: return [.quit(status: 130)]
        case .toggleHelp:
            showsHelp = layout != nil  // a too-small screen has no room for it
            return []
        case .apply:
            return layout == nil ? [] : apply(focus)
        case .previous, .next, .up, .down, .first, .last, .pageUp, .pageDown:
            guard let layout else { return [] }
            if command == .pageUp { firstVisibleRow = max(0, firstVisibleRow - layout.visibleRows) }
            if command == .pageDown { firstVisibleRow = min(layout.lastFirstRow, firstVisibleRow + layout.visibleRows) }
            focus = Navigation.target(of: command, from: focus, count: items.count, layout: layout)
            scrollFocusIntoView()
            return []
        }
    }

    /// A click on a tile focuses it and applies it; on the alert's OK button dismisses
    /// the alert; anywhere while the help box shows closes it.
    mutating func handleClick(column: Int, row: Int) -> [ChooserEffect] {
        if let alert {
            let box = AlertBox(alert, screen: screen, ascii: configuration.ascii)
            if box.isOnButton(column: column, row: row) { self.alert = nil }
            return []
        }
        if showsHelp {
            showsHelp = false
            return []
        }
        guard let layout, let index = layout.index(atColumn: column, row: row, firstRow: firstVisibleRow) else {
            return []
        }
        focus = index
        return apply(index)
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

    /// Re-lays out for the new size, keeps the focus on screen, and asks for pictures at
    /// the new tile size if it changed.
    mutating func resize(to size: ScreenSize) -> [ChooserEffect] {
        screen = size
        scrollFocusIntoView()
        return requestMissingPictures()
    }

    /// Keeps a rendered picture if it is for a known item and exactly the tile's size (a
    /// wrongly sized picture would break the grid's alignment).
    mutating func store(_ picture: CellGrid, index: Int, tileSize: TileSize) {
        guard items.indices.contains(index), picture.width == tileSize.columns, picture.height == tileSize.rows else {
            return
        }
        pictures[tileSize, default: [:]][index] = picture
        requestedPictures[tileSize, default: []].insert(index)
    }

    func quoted(_ text: String) -> String { Glyphs(ascii: configuration.ascii).quoted(text) }
}
