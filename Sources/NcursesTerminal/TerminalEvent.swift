/// What the terminal reports, in terminal terms: keys as typed, clicks at cells, size
/// changes, signals and a vanished terminal. What a key *means* is the chooser's business.
public enum TerminalEvent: Hashable, Sendable {
    case key(TerminalKey)
    /// Button 1 pressed at a cell (0-based column and row).
    case click(column: Int, row: Int)
    case resize(width: Int, height: Int)
    /// SIGINT, SIGTERM or SIGHUP arrived.
    case signal(Int32)
    /// The terminal is gone (hang-up, EIO): nothing can be drawn or read any more.
    case hangup
}

public enum TerminalKey: Hashable, Sendable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case tab, backTab, enter, escape, backspace
    /// A control character typed with Ctrl: `.control("c")` for Ctrl-C.
    case control(Character)
    case character(Character)
}
