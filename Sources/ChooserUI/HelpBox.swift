import CellCanvas
import IconArt
import IconCatalog
import TerminalText

/// The `?` overlay: every key and what it does, in a box centred on the grid. It is
/// clipped (never wrapped) on a small screen, where the footer's hints still show. It lists
/// the keys the configuration enables only.
struct HelpBox: Widget {
    let glyphs: Glyphs
    let theme: Theme
    let entries: [(keys: String, meaning: String)]
    /// What is known about the terminal, below the keys (wrapped to the box's width).
    let terminal: [String]
    let screen: ScreenSize

    init(glyphs: Glyphs, theme: Theme, configuration: ChooserConfiguration, terminal: [String], screen: ScreenSize) {
        self.glyphs = glyphs
        self.theme = theme
        entries = KeyBindings.helpEntries(glyphs: glyphs, configuration: configuration)
        self.terminal = terminal
        self.screen = screen
    }

    var lines: [String] {
        let keysWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        return entries.map { entry in
            entry.keys + String(repeating: " ", count: keysWidth - DisplayWidth.of(entry.keys)) + "  " + entry.meaning
        }
    }

    /// The lines the box shows on a screen of `height` rows (nil: the separator rule), and
    /// its width: the keys, then what is known about the terminal, clipped to the screen.
    private func content(width screenWidth: Int, height screenHeight: Int) -> (lines: [String?], width: Int) {
        let keys = self.lines
        let naturalWidth = (keys.map { DisplayWidth.of($0) }.max() ?? 0) + 4
        let width = min(screenWidth, naturalWidth)
        let about = terminal.flatMap { DisplayWidth.wrap(glyphs.shown($0), to: max(1, width - 4)) }
        let separator = about.isEmpty ? [] : [nil as String?]
        let shown = Array((keys.map { $0 as String? } + separator + about.map { $0 as String? }).prefix(max(0, screenHeight - 2)))
        return (shown, width)
    }

    /// Where the box goes on its screen: centred.
    var area: (x: Int, y: Int, width: Int, height: Int) {
        let (shown, width) = content(width: screen.width, height: screen.height)
        let height = shown.count + 2
        return ((screen.width - width) / 2, max(0, (screen.height - height) / 2), width, height)
    }

    func draw(into grid: inout CellGrid) {
        let keyCount = entries.count
        let (shown, _) = content(width: screen.width, height: screen.height)
        let (x, y, width, height) = area
        grid.drawBox(x: x, y: y, width: width, height: height, glyphs: glyphs.box, filled: true)
        grid.write(" Keys ", x: x + 2, y: y, style: theme.title)
        for (offset, line) in shown.enumerated() {
            guard let line else {
                let rule = glyphs.box.teeLeft + String(repeating: glyphs.box.horizontal, count: max(0, width - 2)) + glyphs.box.teeRight
                grid.write(rule, x: x, y: y + 1 + offset)
                continue
            }
            grid.write(DisplayWidth.truncate(line, to: width - 4, ellipsis: glyphs.ellipsis), x: x + 2, y: y + 1 + offset,
                       style: offset > keyCount ? theme.subtle : .plain)
        }
    }
}
