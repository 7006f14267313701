import CellCanvas
import Pixels
import TerminalDetection

/// How a sheet's pictures are encoded.
public struct GraphicsOptions: Sendable {
    /// kitty: show pictures through Unicode placeholders (text that moves with the lines,
    /// as tmux needs) instead of placing them at the cursor.
    public var kittyPlaceholders: Bool
    /// kitty placeholders: how the image id is carried in the text's colour.
    public var placeholderColor: KittyPlaceholder.IDColor
    /// kitty placeholders: every kitty command goes through tmux's passthrough.
    public var throughTmux: Bool
    /// kitty placeholders: the ids pictures get, one after another from this one.
    public var firstImageID: UInt32
    /// sixel: the background the soft edges are mixed with, and the colour registers.
    public var sixel: Sixel

    public init(kittyPlaceholders: Bool = false, placeholderColor: KittyPlaceholder.IDColor = .truecolor,
                throughTmux: Bool = false, firstImageID: UInt32 = 1, sixel: Sixel = Sixel()) {
        self.kittyPlaceholders = kittyPlaceholders
        self.placeholderColor = placeholderColor
        self.throughTmux = throughTmux
        self.firstImageID = firstImageID
        self.sixel = sixel
    }
}

/// Text with pictures on it, written as one stream for a file, a pipe or a terminal that
/// is not the program's to manage (`preview`, as `chafa -f kitty` writes): the text lines
/// as SGR text, each picture on exactly the cells it covers.
///
/// Pictures are placed relative to the text, never at absolute screen positions, since the
/// stream may be shown anywhere on a screen. For each run of lines that holds pictures,
/// the lines are first made to exist (newlines, which scroll the screen if they must),
/// the cursor goes back up to the first of them, each picture is drawn from its top-left
/// cell between a cursor save and restore (so however a terminal moves the cursor after a
/// picture does not matter, and no picture ever makes the screen scroll), and then the
/// lines' text is written. Within a picture, blank cells are skipped, not written: a
/// space would erase a sixel or iTerm2 picture under it, while a badge or caption that is
/// really there is written over the picture and stays readable. kitty draws the pictures
/// under the text and under text's backgrounds (`KittyGraphics.belowBackgrounds`) for the
/// same reason.
///
/// With kitty's Unicode placeholders, the pictures are sent first and the picture cells are
/// placeholder text, so nothing is positioned at all.
public struct GraphicsSheet: Sendable {
    public struct PlacedPicture: Sendable {
        public var picture: PixelPicture
        /// The top-left cell the picture covers.
        public var column: Int
        public var row: Int

        public init(_ picture: PixelPicture, column: Int, row: Int) {
            self.picture = picture
            self.column = column
            self.row = row
        }

        var columns: Range<Int> { column..<column + picture.geometry.columns }
        var rows: Range<Int> { row..<row + picture.geometry.rows }
    }

    public var text: CellGrid
    public var pictures: [PlacedPicture]

    /// Precondition: every picture lies within the text.
    public init(text: CellGrid, pictures: [PlacedPicture]) {
        for placed in pictures {
            precondition(placed.column >= 0 && placed.row >= 0 && placed.columns.upperBound <= text.width
                         && placed.rows.upperBound <= text.height,
                         "GraphicsSheet: a picture at (\(placed.column), \(placed.row)) of \(placed.picture.geometry) "
                         + "outside the \(text.width)×\(text.height) text")
        }
        self.text = text
        self.pictures = pictures
    }

    /// The sheet as bytes. The text is written with its colours as they are (the caller
    /// drew it for the terminal's colour depth).
    public func encoded(as graphics: GraphicsProtocol,
                        options: GraphicsOptions = GraphicsOptions()) throws(GraphicsEncodingError) -> [UInt8] {
        if graphics == .kitty && options.kittyPlaceholders { return try withPlaceholders(options) }
        var out: [UInt8] = []
        var line = 0
        for band in bands() {
            for y in line..<band.lowerBound { out += Array((textLine(y, holes: []) + "\n").utf8) }
            let inBand = pictures.filter { band.contains($0.row) }
            let lines = band.count
            // One line more than the band: a terminal that moves the cursor below a sixel
            // picture's last band of six pixels (which may reach into the next line) then
            // has a line to move to.
            out += Array((String(repeating: "\n", count: lines + 1) + "\r\u{1B}[\(lines + 1)A").utf8)
            for placed in inBand {
                out += Array(("\u{1B}7" + (placed.row > band.lowerBound ? "\u{1B}[\(placed.row - band.lowerBound)B" : "")
                              + (placed.column > 0 ? "\u{1B}[\(placed.column)C" : "")).utf8)
                out += try encode(placed.picture, as: graphics, options: options)
                out += Array("\u{1B}8".utf8)
            }
            for y in band { out += Array((textLine(y, holes: inBand) + "\n").utf8) }
            line = band.upperBound
        }
        for y in line..<text.height { out += Array((textLine(y, holes: []) + "\n").utf8) }
        return out
    }

    private func encode(_ picture: PixelPicture, as graphics: GraphicsProtocol,
                        options: GraphicsOptions) throws(GraphicsEncodingError) -> [UInt8] {
        try PictureProtocol.of(graphics).atCursor(picture, options)
    }

    /// Runs of lines that pictures cover, merged where pictures overlap, top to bottom.
    func bands() -> [Range<Int>] {
        var merged: [Range<Int>] = []
        for rows in pictures.map(\.rows).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, rows.lowerBound < last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, rows.upperBound)
            } else {
                merged.append(rows)
            }
        }
        return merged
    }

    /// Line `y` as SGR text; blank cells under `holes` are stepped over (`CSI n C`) instead
    /// of written, and any at the end of the line left out.
    func textLine(_ y: Int, holes: [PlacedPicture]) -> String {
        let skipped = (0..<text.width).map { x in
            text[x, y] == .blank && holes.contains { $0.columns.contains(x) && $0.rows.contains(y) }
        }
        var out = "", x = 0
        while x < text.width {
            var end = x + 1
            while end < text.width && skipped[end] == skipped[x] { end += 1 }
            if skipped[x] {
                if end < text.width { out += "\u{1B}[\(end - x)C" }
            } else {
                var run = CellGrid(width: end - x, height: 1)
                for column in x..<end { run[column - x, 0] = text[column, y] }
                out += SGRWriter(trimsTrailingBlanks: end == text.width).lines(run)[0]
            }
            x = end
        }
        return out
    }

    /// kitty with Unicode placeholders: every picture sent and given a virtual placement,
    /// then the text with placeholder cells where the pictures go.
    private func withPlaceholders(_ options: GraphicsOptions) throws(GraphicsEncodingError) -> [UInt8] {
        var ids = KittyImageIDs(first: options.firstImageID, carriedBy: options.placeholderColor)
        var out: [UInt8] = []
        var grid = text
        func wrapped(_ bytes: [UInt8]) -> [UInt8] { options.throughTmux ? KittyGraphics.passedThroughTmux(bytes) : bytes }
        for placed in pictures {
            let id = ids.allocate()
            let geometry = placed.picture.geometry
            out += wrapped(try KittyGraphics.transmit(placed.picture, imageID: id))
            out += wrapped(KittyGraphics.placeVirtually(.init(imageID: id, columns: geometry.columns, rows: geometry.rows)))
            let cells = KittyPlaceholder.cells(imageID: id, columns: geometry.columns, rows: geometry.rows,
                                               color: options.placeholderColor)
            for y in placed.rows {
                for x in placed.columns where text[x, y] == .blank {
                    grid[x, y] = cells[x - placed.column, y - placed.row]
                }
            }
        }
        out += Array(SGRWriter().render(grid).utf8)
        return out
    }
}
