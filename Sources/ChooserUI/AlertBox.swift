import CellCanvas
import IconArt
import IconCatalog
import TerminalText

/// The iOS-style alert after a successful change, as geometry and drawing: `update` asks
/// it whether a click hit the OK button, `view` draws it, from the same numbers.
///
///     ╭───────────────────────────────╮
///     │                               │
///     │ You have changed the icon for │
///     │         “Colourful”.          │
///     │                               │
///     ├───────────────────────────────┤
///     │              OK               │
///     ╰───────────────────────────────╯
struct AlertBox: Widget {
    /// The widest message line, as iOS alerts are narrow whatever the screen.
    static let maximumTextWidth = 36

    let x, y, width, height: Int
    let lines: [String]
    let glyphs: Glyphs
    let theme: Theme

    init(_ alert: ChooserAlert, screen: ScreenSize, glyphs: Glyphs, theme: Theme) {
        self.glyphs = glyphs
        self.theme = theme
        let textWidth = max(1, min(Self.maximumTextWidth, screen.width - 4))
        // Top border, padding, padding, separator, button, bottom border: six rows.
        let wrapped = DisplayWidth.wrap(alert.message, to: textWidth)
        lines = Array(wrapped.prefix(max(1, screen.height - 6)))
        let inner = max(2, lines.map { DisplayWidth.of($0) }.max() ?? 0)
        width = min(screen.width, inner + 4)
        height = lines.count + 6
        x = (screen.width - width) / 2
        y = max(0, (screen.height - height) / 2)
    }

    var area: (x: Int, y: Int, width: Int, height: Int) { (x, y, width, height) }

    var buttonRow: Int { y + height - 2 }

    /// The button spans the box's inner width, as an iOS alert button spans the alert.
    func isOnButton(column: Int, row: Int) -> Bool {
        row == buttonRow && column > x && column < x + width - 1
    }

    func draw(into grid: inout CellGrid) {
        let box = glyphs.box
        grid.drawBox(x: x, y: y, width: width, height: height, glyphs: box, filled: true)
        for (offset, line) in lines.enumerated() {
            grid.writeCentred(line, x: x + 2, width: width - 4, y: y + 2 + offset, ellipsis: glyphs.ellipsis)
        }
        let separator = box.teeLeft + String(repeating: box.horizontal, count: max(0, width - 2)) + box.teeRight
        grid.write(separator, x: x, y: buttonRow - 1)
        grid.writeCentred("OK", x: x + 1, width: width - 2, y: buttonRow, style: theme.button, ellipsis: glyphs.ellipsis)
    }
}
