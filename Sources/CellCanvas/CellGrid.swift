import TerminalText

/// One terminal cell. Text is a `String`, not a `Character`, so that the second column of
/// a wide character can be represented: it is a cell with empty text, which drawing code
/// skips because the wide character to its left already covers it.
public struct Cell: Hashable, Sendable {
    /// One grapheme one column wide; or a wide grapheme, followed by an empty-text cell.
    public var text: String
    public var style: CellStyle

    public init(_ text: String = " ", style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    public init(_ text: String, foreground: TerminalColor, background: TerminalColor = .default,
                attributes: CellAttributes = []) {
        self.init(text, style: CellStyle(foreground: foreground, background: background, attributes: attributes))
    }

    /// A space in the terminal's own colours.
    public static let blank = Cell()

    public var foreground: TerminalColor {
        get { style.foreground }
        set { style.foreground = newValue }
    }
    public var background: TerminalColor {
        get { style.background }
        set { style.background = newValue }
    }
    public var attributes: CellAttributes {
        get { style.attributes }
        set { style.attributes = newValue }
    }

    /// True for the second column of a wide character.
    public var isContinuation: Bool { text.isEmpty }

    package var columns: Int { text.isEmpty ? 0 : DisplayWidth.of( text) }
}

/// The screen model every layer shares: ChooserUI renders into it, the terminal layer
/// draws it, tests compare it. A plain value with `==` and a readable `description`, so a
/// test states the whole expected screen as strings and a failure prints both screens
/// line by line (ratatui's `Buffer`), with no terminal and no escape sequences involved.
///
/// Writing keeps wide characters consistent: overwriting either half of one blanks the
/// other half, and a wide character that would stick out of the grid becomes a space.
public struct CellGrid: Hashable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Row-major, `width * height` cells.
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, filling cell: Cell = .blank) {
        precondition(width >= 0 && height >= 0, "CellGrid: negative size \(width)×\(height)")
        self.width = width
        self.height = height
        self.cells = Array(repeating: cell, count: width * height)
    }

    /// A grid written as text, the way tests state an expected screen. Each line is one row
    /// (wide characters take two columns); all rows must be equally wide. `styles`, if
    /// given, has one character per column naming a style in `legend`; a name missing from
    /// the legend (such as `.`) means `CellStyle.plain`.
    public init(lines: [String], styles: [String]? = nil, legend: [Character: CellStyle] = [:]) {
        var rows: [[Cell]] = []
        for line in lines {
            var row: [Cell] = []
            for character in line {
                let columns = DisplayWidth.of( character)
                precondition(columns > 0, "CellGrid(lines:): zero-width \(character.unicodeScalars.map { $0.value }) in \(line)")
                row.append(Cell(String(character)))
                if columns == 2 { row.append(Cell("")) }
            }
            rows.append(row)
        }
        let width = rows.first?.count ?? 0
        precondition(rows.allSatisfy { $0.count == width },
                     "CellGrid(lines:): rows of different widths \(rows.map(\.count))")
        if let styles {
            precondition(styles.count == rows.count, "CellGrid(lines:): \(styles.count) style rows for \(rows.count) rows")
            for (y, names) in styles.enumerated() {
                precondition(names.count == width, "CellGrid(lines:): style row \(y) has \(names.count) columns, not \(width)")
                for (x, name) in names.enumerated() {
                    rows[y][x].style = legend[name] ?? .plain
                }
            }
        }
        self.width = width
        self.height = rows.count
        self.cells = rows.flatMap { $0 }
    }

    public subscript(x: Int, y: Int) -> Cell {
        get {
            precondition(contains(x: x, y: y), "CellGrid: (\(x), \(y)) outside \(width)×\(height)")
            return cells[y * width + x]
        }
        set {
            precondition(contains(x: x, y: y), "CellGrid: (\(x), \(y)) outside \(width)×\(height)")
            if newValue.isContinuation {
                cells[y * width + x] = newValue
            } else {
                put(newValue, x: x, y: y)
            }
        }
    }

    public func contains(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height
    }

    /// The characters only, one string per row, for tests and logs that ignore colour.
    public var lines: [String] {
        (0..<height).map { y in cells[y * width..<(y + 1) * width].map(\.text).joined() }
    }

    /// `lines` joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// Writes `text` from column `x` of row `y`, clipped to the grid, and returns the column
    /// after it (where the next piece of text would go). Control characters become U+FFFD
    /// so they can never reach the terminal; other zero-width characters are dropped.
    @discardableResult
    public mutating func write(_ text: some StringProtocol, x: Int, y: Int, style: CellStyle = .plain) -> Int {
        var column = x
        let rowVisible = y >= 0 && y < height
        for character in text {
            guard let (shown, columns) = Self.cellText(for: character) else { continue }
            if rowVisible {
                if column >= 0 && column + columns <= width {
                    put(Cell(shown, style: style), x: column, y: y)
                } else if column < 0 && column + columns > 0 && column + columns <= width {
                    put(Cell(" ", style: style), x: 0, y: y)  // a wide character cut by the left edge
                }
            }
            column += columns
        }
        return column
    }

    /// The columns `write` advances by for `text`, for laying text out before writing it.
    public static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + (cellText(for: $1)?.columns ?? 0) }
    }

    /// What `write` puts in a cell for `character`, and how many columns it takes; nil
    /// for characters it drops.
    private static func cellText(for character: Character) -> (text: String, columns: Int)? {
        let columns = DisplayWidth.of( character)
        if columns > 0 { return (String(character), columns) }
        return character.unicodeScalars.first?.properties.generalCategory == .control ? ("\u{FFFD}", 1) : nil
    }

    /// Sets every cell of a rectangle (clipped to the grid) to `cell`.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, with cell: Cell = .blank) {
        let step = max(1, cell.columns)
        for row in max(0, y)..<max(max(0, y), min(self.height, y + height)) {
            for column in stride(from: max(0, x), to: min(self.width, x + width), by: step) {
                put(cell, x: column, y: row)
            }
        }
    }

    /// Copies `grid` onto this one with its top-left corner at (`x`, `y`), clipped; cells
    /// are copied as they are, including `.default` backgrounds.
    public mutating func draw(_ grid: CellGrid, x: Int, y: Int) {
        for sourceY in max(0, -y)..<max(max(0, -y), min(grid.height, height - y)) {
            let firstX = max(0, -x), endX = min(grid.width, width - x)
            guard firstX < endX else { return }
            for sourceX in firstX..<endX {
                let cell = grid[sourceX, sourceY]
                if cell.isContinuation {
                    // Already written with its wide character, unless that was clipped away.
                    if sourceX == firstX { put(Cell(" ", style: cell.style), x: x + sourceX, y: y + sourceY) }
                } else if cell.columns == 2 && sourceX + 1 >= endX {
                    put(Cell(" ", style: cell.style), x: x + sourceX, y: y + sourceY)
                } else {
                    put(cell, x: x + sourceX, y: y + sourceY)
                }
            }
        }
    }

    /// Stores a cell that is not a continuation, repairing any wide character it cuts.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        let row = y * width
        func breakWide(at column: Int) {
            let old = cells[row + column]
            if old.isContinuation, column > 0 {
                cells[row + column - 1].text = " "
            } else if old.columns == 2, column + 1 < width, cells[row + column + 1].isContinuation {
                cells[row + column + 1].text = " "
            }
        }
        breakWide(at: x)
        if cell.columns == 2 {
            guard x + 1 < width else {
                cells[row + x] = Cell(" ", style: cell.style)
                return
            }
            cells[row + x] = cell
            breakWide(at: x + 1)
            cells[row + x + 1] = Cell("", style: cell.style)
        } else {
            cells[row + x] = cell
        }
    }

    /// Rows framed by `│` so trailing spaces show, then, unless every cell is plain, a
    /// column of style names per row and a legend, the same shape `init(lines:styles:legend:)`
    /// takes.
    public var description: String {
        var out = "CellGrid \(width)×\(height)\n"
        var names: [CellStyle: Character] = [.plain: "."]
        var legend: [(Character, CellStyle)] = []
        var styleRows: [String] = []
        for y in 0..<height {
            var styleRow = ""
            for x in 0..<width {
                let style = cells[y * width + x].style
                if let name = names[style] {
                    styleRow.append(name)
                } else {
                    let name = Self.styleName(legend.count)
                    names[style] = name
                    legend.append((name, style))
                    styleRow.append(name)
                }
            }
            styleRows.append(styleRow)
        }
        for (y, line) in lines.enumerated() {
            out += "│\(line)│"
            if !legend.isEmpty { out += " \(styleRows[y])" }
            out += "\n"
        }
        for (name, style) in legend { out += "\(name): \(style)\n" }
        return out
    }

    private static let styleNames = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        + (0xC0...0x24F).filter { $0 != 0xD7 && $0 != 0xF7 }.map { Character(Unicode.Scalar($0)!) }

    private static func styleName(_ index: Int) -> Character {
        index < styleNames.count ? styleNames[index] : "?"
    }
}
