import CellCanvas
import IconArt
import IconCatalog
import TerminalText

/// The `?` overlay: every key and what it does, in a box centred on the grid. It is
/// clipped (never wrapped) on a small screen, where the footer's hints still show.
struct HelpBox {
    let glyphs: Glyphs

    var entries: [(keys: String, meaning: String)] {
        [
            ("\(glyphs.arrows) h j k l", "move (left/right wrap)"),
            ("Tab / Shift-Tab", "next / previous"),
            ("Home g / End G", "first / last icon"),
            ("PgUp / PgDn", "one screen up / down"),
            ("Enter / Space", "use the focused icon"),
            ("click", "use that icon"),
            ("q / Esc", "leave"),
            ("Ctrl-C", "leave (status 130)"),
            ("?", "close this help"),
        ]
    }

    var lines: [String] {
        let keysWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        return entries.map { entry in
            entry.keys + String(repeating: " ", count: keysWidth - DisplayWidth.of(entry.keys)) + "  " + entry.meaning
        }
    }

    func draw(into grid: inout CellGrid, theme: Theme) {
        let lines = self.lines
        let naturalWidth = (lines.map { DisplayWidth.of($0) }.max() ?? 0) + 4
        let width = min(grid.width, naturalWidth)
        let shown = Array(lines.prefix(max(0, grid.height - 2)))
        let height = shown.count + 2
        let x = (grid.width - width) / 2, y = max(0, (grid.height - height) / 2)
        grid.drawBox(x: x, y: y, width: width, height: height, glyphs: glyphs.box, filled: true)
        grid.write(" Keys ", x: x + 2, y: y, style: theme.title)
        for (offset, line) in shown.enumerated() {
            grid.write(DisplayWidth.truncate(line, to: width - 4, ellipsis: glyphs.ellipsis), x: x + 2, y: y + 1 + offset)
        }
    }
}
