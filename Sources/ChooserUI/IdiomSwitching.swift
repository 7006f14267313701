import IconCatalog

/// `p`: an app that declares an iPad icon set of its own (`CFBundleIcons~ipad`, or iPad images
/// in its asset catalogs) lists both sets in `items`; `p` shows the other one. Pictures are kept
/// per icon, so switching back shows the first set's pictures at once.
extension ChooserState {
    mutating func showNextIdiom() -> [ChooserEffect] {
        let all = idioms
        guard all.count > 1, let at = all.firstIndex(of: idiom) else {
            status = StatusMessage("\(appName) has no iPad icons of its own (no CFBundleIcons~ipad, no iPad images).")
            return []
        }
        let name = items.indices.contains(focus) ? items[focus].name : nil
        idiom = all[(at + 1) % all.count]
        let inIdiom = idiomItems
        // The icon of the same name where the set has it, else the set's current icon, else its first.
        focus = inIdiom.first { items[$0].name == name } ?? currentIndex ?? inIdiom.first ?? 0
        refreshShown()
        firstVisibleRow = 0
        scrollFocusIntoView()
        status = StatusMessage("Showing the \(idiom.deviceName) icons.")
        return requestMissingPictures() + requestMissingPixelPictures()
    }
}
