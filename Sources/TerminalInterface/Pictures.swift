import CellCanvas
import TerminalInput

/// A rectangle of cells: where a picture goes.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var rows: Range<Int> { y..<y + height }
    public var columns: Range<Int> { x..<x + width }

    public var description: String { "\(width)×\(height) at \(x),\(y)" }
}

/// A picture the encoder knows by number: transmitted once, placed wherever and as often
/// as frames ask.
public struct PictureID: Hashable, Sendable, Comparable {
    public var value: UInt32

    public init(_ value: UInt32) { self.value = value }

    public static func < (lhs: PictureID, rhs: PictureID) -> Bool { lhs.value < rhs.value }
}

/// One picture shown over these cells, or the part of it a box leaves in sight.
public struct PicturePlacement: Hashable, Sendable {
    public var picture: PictureID
    public var cells: CellRect
    /// The part of the picture shown, in the picture's own cells (as many as `cells`); nil for
    /// the whole picture.
    public var source: CellRect?
    /// Which of the picture's parts on screen this is (0 for the first or only one): a picture
    /// that a box cuts into an L shows as two parts at once.
    public var piece: Int

    public init(picture: PictureID, cells: CellRect, source: CellRect? = nil, piece: Int = 0) {
        self.picture = picture
        self.cells = cells
        self.source = source
        self.piece = max(0, piece)
    }
}

/// What the picture layer must write to go from the pictures shown to those wanted.
public enum PictureCommand: Hashable, Sendable {
    /// Draw the picture over these cells (again, where text was drawn over it).
    case place(PicturePlacement)
    /// Take this placement away (kitty: delete it; the cells' text shows again).
    case remove(PicturePlacement)
    /// Take every picture away: leaving, or before the terminal redraws everything.
    case removeAll
    /// The screen was cleared (a full repaint), and with it every placement: kitty also
    /// frees the data of pictures a clear leaves without a placement, so each picture is
    /// sent again before it is placed.
    case cleared
    /// The picture will not be placed again (its icon is gone or was drawn anew): its data
    /// is freed (kitty: the image deleted, with any placement of it).
    case forget(PictureID)
}

/// Turns picture commands into a protocol's bytes (kitty, sixel, iTerm2).
public protocol PictureEncoder: Sendable {
    /// True when text drawn over a picture's cells wipes it (sixel, iTerm2: the picture is
    /// pixels in the cells), so it must be placed again after the text; false when the
    /// terminal keeps pictures apart from text (kitty).
    var textErasesPictures: Bool { get }
    func encode(_ commands: [PictureCommand]) -> [UInt8]
    /// For pictures shown by text (kitty's Unicode placeholders): the cells to draw where the
    /// placement goes, which then move with the text; nil for pictures placed at a position.
    func text(for placement: PicturePlacement) -> CellGrid?
    /// What frees everything the encoder sent (kitty: the pictures' data), once leaving.
    func release() -> [UInt8]
    /// Takes the terminal's answer about a picture (kitty's `OK` or error for an image id);
    /// false when it is not about one of this encoder's.
    func receive(_ reply: TerminalReply) -> Bool
    /// Whether placements sent are still waiting for the terminal to confirm them.
    var awaitsConfirmation: Bool { get }
    /// The commands that place again, at `now`, each picture the terminal has not confirmed
    /// since it was last placed `confirmationWait` ago (its data first, where the terminal
    /// said it lacks it), each under its own ids, so that a terminal never shows one twice.
    func placeUnconfirmed(now: ContinuousClock.Instant) -> [UInt8]
    /// The commands that place every picture shown again where it belongs, quietly, for a
    /// terminal that keeps pictures apart from the text (kitty): a placement moved by anything
    /// the program did not ask for (lines the terminal scrolled, a window resized while it
    /// was drawing) goes back. Empty where pictures are pixels in the cells.
    func placeShownAgain() -> [UInt8]
}

extension PictureEncoder {
    public func text(for placement: PicturePlacement) -> CellGrid? { nil }
    public func release() -> [UInt8] { [] }
    public func receive(_ reply: TerminalReply) -> Bool { false }
    public var awaitsConfirmation: Bool { false }
    public func placeUnconfirmed(now: ContinuousClock.Instant) -> [UInt8] { [] }
    public func placeShownAgain() -> [UInt8] { [] }
}

/// How long a placement may go unconfirmed before it is sent again: kitty answers within a
/// frame, and a busy link or machine within a second.
public let confirmationWait: Duration = .seconds(1)

extension Frame {
    /// The text to draw for this frame with `encoder`: the grid, with the cells of pictures
    /// shown by text written on the blank cells they cover.
    public func text(with encoder: (any PictureEncoder)?) -> CellGrid {
        guard let encoder else { return grid }
        var text = grid
        for placement in pictures {
            guard let cells = encoder.text(for: placement) else { continue }
            for y in 0..<cells.height {
                for x in 0..<cells.width {
                    let (column, row) = (placement.cells.x + x, placement.cells.y + y)
                    if text.contains(x: column, y: row), text[column, row] == .blank { text[column, row] = cells[x, y] }
                }
            }
        }
        return text
    }
}

/// Which cells the text layer wrote in one frame.
public struct RepaintedCells: Hashable, Sendable {
    public let width: Int
    public let height: Int
    private var marked: [Bool]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        marked = Array(repeating: false, count: self.width * self.height)
    }

    /// Every cell: after a full repaint.
    public static func all(width: Int, height: Int) -> RepaintedCells {
        var cells = RepaintedCells(width: width, height: height)
        cells.marked = Array(repeating: true, count: cells.marked.count)
        return cells
    }

    public mutating func mark(x: Int, y: Int) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return }
        marked[y * width + x] = true
    }

    public mutating func markRows(_ rows: Range<Int>) {
        for y in rows.clamped(to: 0..<height) {
            for x in 0..<width { marked[y * width + x] = true }
        }
    }

    public func contains(x: Int, y: Int) -> Bool {
        (0..<width).contains(x) && (0..<height).contains(y) && marked[y * width + x]
    }

    public var isEmpty: Bool { !marked.contains(true) }

    /// Whether every cell was written: the screen was repainted whole.
    public var isFull: Bool { !marked.contains(false) }

    /// Whether any cell of these rows was written.
    public func touchesRows(_ rows: Range<Int>) -> Bool {
        rows.clamped(to: 0..<height).contains { y in marked[y * width..<(y + 1) * width].contains(true) }
    }

    /// The cells of `grid` that differ from `previous` (all of them without a previous grid
    /// of the same size); wide characters' second columns are never marked.
    public static func changes(from previous: CellGrid?, to grid: CellGrid) -> RepaintedCells {
        guard let previous, previous.width == grid.width, previous.height == grid.height else {
            return .all(width: grid.width, height: grid.height)
        }
        var cells = RepaintedCells(width: grid.width, height: grid.height)
        for y in 0..<grid.height {
            for x in 0..<grid.width where !grid[x, y].isContinuation && previous[x, y] != grid[x, y] {
                cells.mark(x: x, y: y)
            }
        }
        return cells
    }
}

/// The pictures on screen, and the commands that bring them to what a frame wants: a
/// picture is placed once and stays until it moves or goes. Where text wipes pictures
/// (sixel, iTerm2), a picture in a row the text layer wrote to is placed again: ncurses may
/// have rewritten any cell of that row, not only those that changed (it moves the cursor
/// right by writing what is there, and clears to the end of a line). Where it does not
/// (kitty), only a full repaint does: it clears the screen, and with it the pictures. A picture taken
/// away where text wipes pictures is wiped by redrawing the text rows it covered.
///
/// A picture that would not fit the screen is not placed; where text wipes pictures, nor
/// one on the last row, below which the terminal would move the cursor and so scroll. Pure.
public struct PictureScreen: Hashable, Sendable {
    public private(set) var shown: [PicturePlacement] = []
    public let textErasesPictures: Bool

    public init(textErasesPictures: Bool) {
        self.textErasesPictures = textErasesPictures
    }

    /// What changes, and which text rows must be redrawn to wipe pictures taken away
    /// (only where text erases pictures; the caller redraws them before placing).
    public struct Update: Hashable, Sendable {
        public var commands: [PictureCommand]
        public var rowsToRedraw: [Range<Int>]
    }

    /// Brings the screen to `wanted`, after the text layer wrote `repainted` (whose size is
    /// the screen's).
    public mutating func update(to wanted: [PicturePlacement], repainted: RepaintedCells) -> Update {
        let usableRows = textErasesPictures ? repainted.height - 1 : repainted.height
        let wanted = wanted.filter { placement in
            let cells = placement.cells
            return cells.x >= 0 && cells.y >= 0 && cells.width > 0 && cells.height > 0
                && cells.x + cells.width <= repainted.width && cells.y + cells.height <= usableRows
        }
        var commands: [PictureCommand] = []
        var rowsToRedraw: [Range<Int>] = []
        var repainted = repainted
        if !textErasesPictures && repainted.isFull {
            // Nothing shown is left to move or take away: every picture wanted is placed anew.
            if !shown.isEmpty { commands.append(.cleared) }
            shown = []
        }
        for placement in shown where !wanted.contains(placement) {
            if textErasesPictures {
                rowsToRedraw.append(placement.cells.rows)
                repainted.markRows(placement.cells.rows)
            } else {
                commands.append(.remove(placement))
            }
        }
        for placement in wanted {
            let overwritten = textErasesPictures ? repainted.touchesRows(placement.cells.rows) : repainted.isFull
            if overwritten || !shown.contains(placement) { commands.append(.place(placement)) }
        }
        shown = wanted
        return Update(commands: commands, rowsToRedraw: rowsToRedraw)
    }

    /// Takes every picture away (leaving, or a full repaint that wipes them anyway).
    public mutating func removeAll() -> [PictureCommand] {
        defer { shown = [] }
        return shown.isEmpty ? [] : [.removeAll]
    }
}
