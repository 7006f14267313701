import CNcurses
import TerminalDetection

/// Where ncurses finds a description of the terminal that writes 24-bit colours. Most
/// terminals that take them set `TERM=xterm-256color` (and `COLORTERM=truecolor`), and
/// ncurses writes colours only as the terminfo entry says, so the chooser draws with the
/// entry's direct-colour sibling, which ncurses ships for the common families
/// (`xterm-direct`, `tmux-direct`, `kitty-direct`, `vte-direct`, `alacritty-direct`…).
enum DirectColorTerminfo {
    /// The endings that name a palette size rather than a terminal.
    private static let paletteSuffixes = ["-256color", "-88color", "-16color", "-color"]

    /// The entries to try for `term`, best first: itself where it is a direct entry, else its
    /// family's `-direct` entry, then its TERM family's (`TermFamily`: `xterm-direct` for any
    /// xterm-like name). Pure.
    static func candidates(for term: String) -> [String] {
        guard !term.isEmpty else { return [] }
        if term.hasSuffix("-direct") { return [term] }
        if let entry = KnownTerminal.all.first(where: { $0.terms.contains(term) })?.directColorTerminfo { return [entry] }
        var family = term
        if let suffix = paletteSuffixes.first(where: { term.hasSuffix($0) }) { family = String(term.dropLast(suffix.count)) }
        var names = [family + "-direct"]
        if let entry = TermFamily.of(term: term)?.directColorTerminfo, !names.contains(entry) { names.append(entry) }
        return names
    }

    /// The first of `candidates(for: term)` that this machine's terminfo has, with direct
    /// colour; nil where there is none. `descriptor`: the terminal, for ncurses' size check.
    static func entry(for term: String, descriptor: Int32) -> String? {
        candidates(for: term).first { name in
            var rgb: Int32 = 0
            let colors = iconchooser_terminfo_colors(name, descriptor, &rgb)
            return colors >= 1 << 24 || (colors > 0 && rgb != 0)
        }
    }
}
