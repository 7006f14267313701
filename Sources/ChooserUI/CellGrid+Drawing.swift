import CellCanvas
import IconArt
import IconCatalog
import TerminalText

extension CellGrid {
    /// Writes `text` centred in the columns `x ..< x + width` of row `y`, truncated to fit.
    mutating func writeCentred(_ text: String, x: Int, width: Int, y: Int, style: CellStyle = .plain,
                               ellipsis: String) {
        let shown = DisplayWidth.truncate(text, to: width, ellipsis: ellipsis)
        write(shown, x: x + (width - DisplayWidth.of(shown)) / 2, y: y, style: style)
    }

    /// Draws a box outline; with `filled`, blanks its inside first so it covers what is below.
    mutating func drawBox(x: Int, y: Int, width: Int, height: Int, glyphs: BoxGlyphs,
                          style: CellStyle = .plain, filled: Bool = false) {
        guard width >= 2, height >= 2 else { return }
        if filled { fill(x: x, y: y, width: width, height: height) }
        let horizontal = String(repeating: glyphs.horizontal, count: width - 2)
        write(glyphs.topLeft + horizontal + glyphs.topRight, x: x, y: y, style: style)
        write(glyphs.bottomLeft + horizontal + glyphs.bottomRight, x: x, y: y + height - 1, style: style)
        for row in y + 1..<y + height - 1 {
            write(glyphs.vertical, x: x, y: row, style: style)
            write(glyphs.vertical, x: x + width - 1, y: row, style: style)
        }
    }
}
