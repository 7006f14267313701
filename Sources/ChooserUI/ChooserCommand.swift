/// What a key means in the grid, kept apart from the keys themselves so the bindings can
/// be read (and changed) in one table, and the help box can describe them.
enum ChooserCommand: Hashable, Sendable {
    /// Left, `h`, Shift-Tab: the previous icon in reading order, wrapping from the first to the last.
    case previous
    /// Right, `l`, Tab: the next icon in reading order, wrapping from the last to the first.
    case next
    /// Up, `k`: one grid row up; stays on the top row.
    case up
    /// Down, `j`: one grid row down (to the last icon when the row below is shorter); stays on the last row.
    case down
    case first, last
    case pageUp, pageDown
    /// Enter, Space: make the focused icon current.
    case apply
    case toggleHelp
    /// `a`: show every icon in the next appearance (light, dark, tinted), as iOS 18's home screen does.
    case cycleAppearance
    /// `i`: open or close the focused icon's details beside the grid (or over it).
    case toggleDetails
    /// `/`: narrow the grid to the icons whose name matches what is typed next.
    case startFilter
    /// `p`: the iPad icon set instead of the iPhone one, and back, where the app has both.
    case switchIdiom
    /// q, Esc: leave with status 0.
    case quit
    /// Ctrl-C: leave with status 130, like a shell's SIGINT.
    case interrupt

    init?(key: Key) {
        switch key {
        case .left, .character("h"), .backTab: self = .previous
        case .right, .character("l"), .tab: self = .next
        case .up, .character("k"): self = .up
        case .down, .character("j"): self = .down
        case .home, .character("g"): self = .first
        case .end, .character("G"): self = .last
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .enter, .character(" "): self = .apply
        case .character("?"): self = .toggleHelp
        case .character("a"): self = .cycleAppearance
        case .character("i"): self = .toggleDetails
        case .character("/"): self = .startFilter
        case .character("p"): self = .switchIdiom
        case .escape, .character("q"): self = .quit
        case .controlC: self = .interrupt
        default: return nil
        }
    }
}
