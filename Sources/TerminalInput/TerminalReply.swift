/// An answer to one of the queries that find out what the terminal can do. Replies arrive
/// on the same stream as keys; the input decoder tells them apart so that no answer is ever
/// taken for typing, whenever it comes.
public enum TerminalReply: Hashable, Sendable {
    /// kitty's graphics protocol answering a command (`ESC _ G i=ID;MESSAGE ESC \`): the
    /// image id the command carried, and "OK" or an error such as "ENOTSUPPORTED:…".
    case kittyGraphics(id: Int?, message: String)
    /// XTVERSION (`ESC P > | TEXT ESC \`): the terminal's name and version, as it words them
    /// ("kitty(0.26.5)", "XTerm(379)", "tmux 3.3a"). Untrusted text.
    case terminalVersion(String)
    /// `CSI 6 ; HEIGHT ; WIDTH t`, the answer to `CSI 16 t`: one cell's size in pixels.
    case cellSize(width: Int, height: Int)
    /// OSC 11 (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB`): the default background, scaled to 8 bits.
    case background(red: UInt8, green: UInt8, blue: UInt8)
    /// XTSMGRAPHICS (`CSI ? ITEM ; STATUS ; VALUES S`): item 1 is the number of sixel colour
    /// registers; status 0 means success.
    case graphicsAttribute(item: Int, status: Int, values: [Int])
    /// DA1 (`CSI ? ATTRIBUTES c`): the terminal's class and features; 4 means sixel.
    case primaryAttributes([Int])
    /// XTGETTCAP (`ESC P 1 + r NAME[=VALUE] ESC \` when the terminal has the capability,
    /// `ESC P 0 + r NAME ESC \` when not): the capability's name, decoded from hex, and
    /// whether the terminal has it. A reply naming no capability it could decode is `.other`.
    case capability(name: String, present: Bool)
    /// Any other report or control string (`ESC P…`, `ESC ]…`, `ESC _…`, `CSI ?…`): not a key,
    /// and nothing the program asked about. The text is what came between the introducer
    /// and the terminator, cut short; untrusted.
    case other(String)
}
