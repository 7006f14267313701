import TerminalInput

/// The `/` filter's keys: typed characters narrow the grid, Backspace edits, Esc clears; the
/// grid's movement keys, Enter and clicks work on what is shown, as without a filter.
extension ChooserState {
    /// Opens an empty filter (every icon still shown), or keeps the one already open.
    mutating func openFilter() -> [ChooserEffect] {
        guard layout != nil, filter == nil else { return [] }
        filter = FilterState()
        refreshShown()
        return []
    }

    /// The filter's meaning of `key`, or nil when it is not the filter's (no filter is open,
    /// or it moves, applies or quits: the grid handles those).
    mutating func handleFilterKey(_ key: TerminalKey) -> [ChooserEffect]? {
        guard var filter else { return nil }
        switch (ChooserCommand(key: key, mode: .filter, enabledIn: configuration), key) {
        case (.clearFilter, _):
            return closeFilter()
        case (.deleteBackward, _):
            guard filter.deleteBackward() else { return [] }
        case (_, .character(let character)):
            guard filter.type(character) else { return [] }
        default:
            return nil
        }
        self.filter = filter
        refreshShown()
        // The best matches are at the top: show them, then the focus if it is further down.
        firstVisibleRow = 0
        scrollFocusIntoView()
        return requestMissingPixelPictures()
    }

    /// Every icon again, the focus on the icon it was on, scrolled into view.
    mutating func closeFilter() -> [ChooserEffect] {
        filter = nil
        refreshShown()
        scrollFocusIntoView()
        return requestMissingPixelPictures()
    }
}
