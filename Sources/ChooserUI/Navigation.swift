/// Where each movement command takes the focus, as pure functions of the layout (positions
/// in the grid, which a filter reorders), so the wrap-around rules are stated once:
/// - previous/next (Left/Right, h/l, Shift-Tab/Tab) walk the icons in reading order and
///   wrap around the ends, so every icon is reachable with one key;
/// - up/down move by a grid row and stop at the top and bottom (wrapping vertically would
///   jump the view across the whole list); Down onto a shorter last row lands on the
///   last icon instead of doing nothing;
/// - page up/down move by one screenful of rows, clamped to the first and last icon.
enum Navigation {
    static func target(of command: ChooserCommand, from focus: Int, count: Int, layout: GridLayout) -> Int {
        guard count > 0 else { return 0 }
        let columns = layout.columns
        let page = layout.visibleRows * columns
        switch command {
        case .previous: return (focus - 1 + count) % count
        case .next: return (focus + 1) % count
        case .up: return focus - columns >= 0 ? focus - columns : focus
        case .down:
            if focus + columns < count { return focus + columns }
            return layout.row(of: focus) < layout.row(of: count - 1) ? count - 1 : focus
        case .first: return 0
        case .last: return count - 1
        case .pageUp: return max(0, focus - page)
        case .pageDown: return min(count - 1, focus + page)
        default: return focus
        }
    }
}
