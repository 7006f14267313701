import TerminalInput

/// What a key means in the chooser. Which keys give which command is the table in `KeyBindings`.
enum ChooserCommand: Hashable, Sendable, CaseIterable {
    /// The previous icon in reading order, wrapping from the first to the last.
    case previous
    /// The next icon in reading order, wrapping from the last to the first.
    case next
    /// One grid row up; stays on the top row.
    case up
    /// One grid row down (to the last icon when the row below is shorter); stays on the last row.
    case down
    case first, last
    case pageUp, pageDown
    /// Make the focused icon current.
    case apply
    case toggleHelp
    /// Show every icon in the next appearance (light, dark, tinted), as iOS 18's home screen does.
    case cycleAppearance
    /// Open or close the focused icon's details beside the grid (or over it).
    case toggleDetails
    /// Narrow the grid to the icons whose name matches what is typed next.
    case startFilter
    /// The iPad icon set instead of the iPhone one, and back, where the app has both.
    case switchIdiom
    /// Fix the focused icon's fixable lint findings, after a confirmation.
    case fix
    /// Leave with status 0.
    case quit
    /// Leave with status 130, like a shell's SIGINT.
    case interrupt

    /// Close the open filter's line, every icon shown again.
    case clearFilter
    /// Delete the open filter's last character.
    case deleteBackward

    /// What `key` does in `mode`, from the one table of bindings (`KeyBindings`).
    init?(key: TerminalKey, mode: KeyMode = .grid) {
        guard let command = KeyBindings.command(for: key, in: mode) else { return nil }
        self = command
    }
}
