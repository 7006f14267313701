/// A key press as the chooser understands it. The terminal shell turns ncurses key codes
/// into these, so the core never sees a key code, an escape sequence or a locale.
///
/// Letters, digits and symbols (`h j k l`, `g G`, `q`, `?`, Space) arrive as `.character`:
/// what they mean lives in one place, `ChooserCommand.init?(key:)`.
public enum Key: Hashable, Sendable {
    case up, down, left, right
    case home, end, pageUp, pageDown
    case tab
    /// Shift-Tab (`KEY_BTAB`).
    case backTab
    case enter
    case escape
    /// Backspace (or Delete where the terminal sends it for the key left of Enter): edits the filter.
    case backspace
    /// Ctrl-C read as a key (raw mode); the shell also sends it for SIGINT.
    case controlC
    /// Any other printable character, including Space.
    case character(Character)

    /// Space, spelled out because `.character(" ")` is easy to misread.
    public static let space = Key.character(" ")
}
