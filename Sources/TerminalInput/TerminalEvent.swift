/// What a terminal tells the program, in terminal terms: keys as typed, clicks at cells,
/// size changes, signals, a vanished terminal, and answers to queries. What a key *means*
/// is the chooser's business; an answer is never a key.
public enum TerminalEvent: Hashable, Sendable {
    case key(TerminalKey)
    /// Button 1 pressed at a cell (0-based column and row).
    case click(column: Int, row: Int)
    case resize(TerminalSize)
    /// SIGINT, SIGTERM or SIGHUP arrived.
    case signal(Int32)
    /// The terminal is gone (hang-up, EIO): nothing can be drawn or read any more.
    case hangup
    /// The terminal answered a query (see `TerminalReply`).
    case reply(TerminalReply)
}

public enum TerminalKey: Hashable, Sendable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case tab, backTab, enter, escape, backspace
    /// A control character typed with Ctrl: `.control("c")` for Ctrl-C.
    case control(Character)
    /// Any other printable character, including Space.
    case character(Character)

    /// Space, spelled out because `.character(" ")` is easy to misread.
    public static let space = TerminalKey.character(" ")
}

/// The terminal's size in cells, and in pixels where the terminal reports them
/// (TIOCGWINSZ's `ws_xpixel` and `ws_ypixel`, zero when it does not).
public struct TerminalSize: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.pixelWidth = max(0, pixelWidth)
        self.pixelHeight = max(0, pixelHeight)
    }
}
