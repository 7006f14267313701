/// Writes a `CellGrid` as text with SGR escape sequences, for output that is not drawn by
/// ncurses (`--print`-style previews, pipes, logs). It keeps the bytes few, because
/// thumbnails printed for a whole icon set add up: a sequence is written only where the
/// pen changes, and a cell is drawn in whichever equivalent form changes the pen least
/// (a space only needs the right background, `█` only the right foreground, and `▀` in
/// A over B is `▄` in B over A). Each line ends in the terminal's own colours (`0m` if
/// anything was set), so an interrupted or piped print never leaves the terminal coloured.
public struct SGRWriter: Sendable {
    /// Colours are reduced to this depth on the way out; nil writes them as they are.
    public var depth: ColorDepth?
    /// Leaves out spaces at the end of a line that show the terminal's own background.
    public var trimsTrailingBlanks: Bool

    public init(depth: ColorDepth? = nil, trimsTrailingBlanks: Bool = true) {
        self.depth = depth
        self.trimsTrailingBlanks = trimsTrailingBlanks
    }

    /// The grid's rows, each a complete line without a newline.
    public func lines(_ grid: CellGrid) -> [String] {
        (0..<grid.height).map { y in line((0..<grid.width).map { grid[$0, y] }) }
    }

    /// The grid's rows, each followed by a newline.
    public func render(_ grid: CellGrid) -> String {
        lines(grid).map { $0 + "\n" }.joined()
    }

    private func line(_ row: [Cell]) -> String {
        var cells = row.filter { !$0.isContinuation }.map { cell -> Cell in
            var cell = cell
            if let depth {
                cell.foreground = depth.reduce(cell.foreground)
                cell.background = depth.reduce(cell.background)
            }
            if cell.text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                cell.text = "\u{FFFD}"  // never let a control character reach the terminal
            }
            return cell
        }
        if trimsTrailingBlanks {
            while let last = cells.last, last.text == " ", last.background == .default,
                  last.attributes.isDisjoint(with: [.underline, .reverse]) {
                cells.removeLast()
            }
        }
        var out = ""
        var pen = CellStyle.plain
        for cell in cells {
            // The cheapest way to draw the cell from the current pen; the cell as it is on a tie.
            let (text, style) = equivalents(of: cell, pen: pen).min { a, b in
                Self.transition(from: pen, to: a.1).utf8.count + a.0.utf8.count
                    < Self.transition(from: pen, to: b.1).utf8.count + b.0.utf8.count
            }!
            out += Self.transition(from: pen, to: style) + text
            pen = style
        }
        if pen != .plain { out += "\u{1B}[0m" }
        return out
    }

    /// Ways to draw `cell` that look the same, the cell itself first. Only without
    /// attributes (bold can brighten a foreground, reverse swaps the colours) and, for
    /// the swaps, without `.default` (the default foreground is not the default background).
    private func equivalents(of cell: Cell, pen: CellStyle) -> [(String, CellStyle)] {
        var result = [(cell.text, cell.style)]
        guard cell.attributes.isEmpty else { return result }
        let fg = cell.foreground, bg = cell.background
        switch cell.text {
        case " ":
            result.append((" ", CellStyle(foreground: pen.foreground, background: bg)))
            if bg != .default { result.append(("█", CellStyle(foreground: bg, background: pen.background))) }
        case "█":
            result.append(("█", CellStyle(foreground: fg, background: pen.background)))
            if fg != .default { result.append((" ", CellStyle(foreground: pen.foreground, background: fg))) }
        case "▀" where fg != .default && bg != .default:
            result.append(("▄", CellStyle(foreground: bg, background: fg)))
        case "▄" where fg != .default && bg != .default:
            result.append(("▀", CellStyle(foreground: bg, background: fg)))
        default: break
        }
        return result
    }

    /// The shortest SGR sequence that turns the pen `from` into `to`: changing only what
    /// differs, or resetting (`0`) and setting what `to` needs, whichever is shorter.
    package static func transition(from: CellStyle, to: CellStyle) -> String {
        if from == to { return "" }
        var changes: [String] = []
        let removed = from.attributes.subtracting(to.attributes)
        var added = to.attributes.subtracting(from.attributes)
        if !removed.isDisjoint(with: [.bold, .dim]) {
            changes.append("22")  // turns off both bold and dim; put back the one that stays
            added.formUnion(to.attributes.intersection([.bold, .dim]))
        }
        if removed.contains(.underline) { changes.append("24") }
        if removed.contains(.reverse) { changes.append("27") }
        changes += codes(for: added)
        if from.foreground != to.foreground { changes.append(code(foreground: to.foreground)) }
        if from.background != to.background { changes.append(code(background: to.background)) }

        var reset = ["0"] + codes(for: to.attributes)
        if to.foreground != .default { reset.append(code(foreground: to.foreground)) }
        if to.background != .default { reset.append(code(background: to.background)) }

        let shorter = reset.joined(separator: ";").utf8.count < changes.joined(separator: ";").utf8.count ? reset : changes
        return "\u{1B}[" + shorter.joined(separator: ";") + "m"
    }

    private static func codes(for attributes: CellAttributes) -> [String] {
        [(CellAttributes.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7")]
            .filter { attributes.contains($0.0) }.map(\.1)
    }

    private static func code(foreground color: TerminalColor) -> String {
        switch color {
        case .default: "39"
        case let .rgb(r, g, b): "38;2;\(r);\(g);\(b)"
        case let .indexed(n) where n < 8: "3\(n)"
        case let .indexed(n) where n < 16: "9\(n - 8)"
        case let .indexed(n): "38;5;\(n)"
        }
    }

    private static func code(background color: TerminalColor) -> String {
        switch color {
        case .default: "49"
        case let .rgb(r, g, b): "48;2;\(r);\(g);\(b)"
        case let .indexed(n) where n < 8: "4\(n)"
        case let .indexed(n) where n < 16: "10\(n - 8)"
        case let .indexed(n): "48;5;\(n)"
        }
    }
}
