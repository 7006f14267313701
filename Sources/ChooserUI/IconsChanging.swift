import TerminalText

/// The list of icons changing under the chooser (the app read again after a fix): each
/// icon keeps what is known of it by its `IconKey`, whatever its new place, and what
/// belonged to an icon no longer listed goes.
extension ChooserState {
    /// The answer to `.readIcons`: the new list, or the old one where the app could not be
    /// read again. Either way every picture is asked for again, as a fix changed files.
    mutating func receiveIcons(_ newItems: [ChooserItem], failure: String?) -> [ChooserEffect] {
        if let failure {
            status = StatusMessage("Could not read the app again: \(TextSanitizer.clean(failure))", isError: true)
        }
        replaceItems(failure == nil ? newItems : items)
        return requestMissingPictures() + requestMissingPixelPictures()
    }

    /// Makes `newItems` the list. Pictures stay with their icon (shown until the new ones
    /// arrive) and every one is asked for again; a removed icon's pictures and details are
    /// dropped. The focus stays on its icon where it is still in the set shown, else takes
    /// the place it had; the set shown stays unless it is gone; an open filter applies to
    /// the new list.
    mutating func replaceItems(_ newItems: [ChooserItem]) {
        let focused = focusedItem?.key
        let place = idiomItems.firstIndex(of: focus)
        items = newItems
        let kept = Set(newItems.map(\.key))
        pictures = pictures.mapValues { $0.filter { kept.contains($0.key) } }
        requestedPictures = [:]
        pixels = pixels.map { PixelPictureState(cell: $0.cell) }
        details.known = [:]
        details.requested = []
        details.dropPictures()
        if !newItems.contains(where: { $0.idiom == idiom }), let first = newItems.first { idiom = first.idiom }
        let inIdiom = idiomItems
        focus = focused.flatMap { key in inIdiom.first { newItems[$0].key == key } }
            ?? place.flatMap { inIdiom.isEmpty ? nil : inIdiom[min($0, inIdiom.count - 1)] }
            ?? currentIndex ?? inIdiom.first ?? 0
        refreshShown()
        if let layout { firstVisibleRow = max(0, min(firstVisibleRow, layout.lastFirstRow)) }
        scrollFocusIntoView()
    }
}
