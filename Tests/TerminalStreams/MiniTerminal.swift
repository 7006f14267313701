import CellCanvas
import Foundation

/// Follows an output stream the way a terminal's cursor would, on an unbounded screen:
/// text, `\n` (with the tty's usual CR), `\r`, `CSI n A/B/C`, `CSI row;column H`, `ESC 7`/`ESC 8`, SGR (read as
/// no-ops), and pictures drawn at the cursor (kitty `a=T`/`a=p`, sixel, iTerm2). It records
/// where each picture went and the text left on screen, so a test can check placement
/// without comparing escape bytes.
public struct MiniTerminal {
    public struct Shown {
        public enum Kind: Equatable, Sendable { case kitty, sixel, iterm2 }
        public var kind: Kind
        public var column: Int
        public var row: Int
        /// The picture's whole sequence (for kitty, every chunk of the transmission).
        public var bytes: [UInt8]
    }

    /// The cell size the pictures were made for, to know how many cells a sixel covers.
    public let cell: (width: Int, height: Int)
    public private(set) var screen: [Int: [Int: String]] = [:]
    public private(set) var pictures: [Shown] = []
    /// Cells where a blank (a space in the terminal's own colours) was written over a sixel
    /// or iTerm2 picture, which erases that part of the picture for nothing.
    public private(set) var erased: [(column: Int, row: Int)] = []
    /// Whether the pen paints a background (SGR 4x, 10x, 48, or reverse video).
    private var penPaints = false
    /// The cells of each sixel and iTerm2 picture so far.
    private var covering: [(columns: Range<Int>, rows: Range<Int>)] = []
    public private(set) var x = 0
    public private(set) var y = 0
    /// The highest row the cursor ever reached (negative: above where the stream began).
    public private(set) var top = 0
    private var saved: (Int, Int)?
    private var pendingKitty: [UInt8] = []

    public init(cell: (width: Int, height: Int)) { self.cell = cell }

    /// The text on screen, rows `0..<height`, trailing spaces dropped.
    public func lines(height: Int) -> [String] {
        (0..<height).map { row in
            let cells = screen[row] ?? [:]
            let width = (cells.keys.max() ?? -1) + 1
            var line = ""
            var column = 0
            while column < width {
                let text = cells[column] ?? " "
                line += text
                column += max(1, Cell(text).columns)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    public mutating func feed(_ bytes: [UInt8]) throws {
        var i = 0
        func until(_ terminator: [UInt8], from start: Int) throws -> Int {
            var j = start
            while j + terminator.count <= bytes.count {
                if Array(bytes[j..<j + terminator.count]) == terminator { return j }
                j += 1
            }
            throw DecodingError("unterminated sequence at \(start)")
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x1B:
                guard i + 1 < bytes.count else { throw DecodingError("lone ESC at the end") }
                switch bytes[i + 1] {
                case UInt8(ascii: "7"): saved = (x, y); i += 2
                case UInt8(ascii: "8"):
                    guard let saved else { throw DecodingError("ESC 8 without ESC 7") }
                    (x, y) = saved; i += 2
                case UInt8(ascii: "["):
                    var j = i + 2
                    while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                    guard j < bytes.count else { throw DecodingError("unterminated CSI") }
                    let n = Int(String(decoding: bytes[(i + 2)..<j], as: UTF8.self)) ?? 1
                    switch bytes[j] {
                    case UInt8(ascii: "A"): y -= n
                    case UInt8(ascii: "B"): y += n
                    case UInt8(ascii: "C"): x += n
                    case UInt8(ascii: "H"):
                        let position = String(decoding: bytes[(i + 2)..<j], as: UTF8.self).split(separator: ";").map { Int($0) ?? 1 }
                        (y, x) = ((position.first ?? 1) - 1, (position.count > 1 ? position[1] : 1) - 1)
                    case UInt8(ascii: "m"): selectGraphicRendition(String(decoding: bytes[(i + 2)..<j], as: UTF8.self))
                    default: throw DecodingError("unexpected CSI \(UnicodeScalar(bytes[j]))")
                    }
                    top = min(top, y)
                    i = j + 1
                case UInt8(ascii: "_"):
                    let end = try until([0x1B, UInt8(ascii: "\\")], from: i)
                    let command = Array(bytes[i..<end + 2])
                    pendingKitty += command
                    let parsed = try kittyCommands(command)[0]
                    if parsed["m"] != "1" {
                        let first = try kittyCommands(pendingKitty)[0]
                        if first["a"] == "T" || first["a"] == "p" {
                            pictures.append(Shown(kind: .kitty, column: x, row: y, bytes: pendingKitty))
                        }
                        pendingKitty = []
                    }
                    i = end + 2
                case UInt8(ascii: "P"):
                    let end = try until([0x1B, UInt8(ascii: "\\")], from: i)
                    try show(Shown(kind: .sixel, column: x, row: y, bytes: Array(bytes[i..<end + 2])))
                    i = end + 2
                case UInt8(ascii: "]"):
                    // iTerm2: one File= sequence, or MultipartFile … FileEnd.
                    var end = try until([0x07], from: i)
                    if String(decoding: bytes[i..<end], as: UTF8.self).contains("MultipartFile=") {
                        end = try until(Array("FileEnd\u{07}".utf8), from: i) + 7
                    }
                    try show(Shown(kind: .iterm2, column: x, row: y, bytes: Array(bytes[i...end])))
                    i = end + 1
                default:
                    throw DecodingError("unexpected ESC \(UnicodeScalar(bytes[i + 1]))")
                }
            case UInt8(ascii: "\n"): y += 1; x = 0; i += 1
            case UInt8(ascii: "\r"): x = 0; i += 1
            default:
                var j = i
                while j < bytes.count, bytes[j] != 0x1B, bytes[j] != UInt8(ascii: "\n"), bytes[j] != UInt8(ascii: "\r") { j += 1 }
                for character in String(decoding: bytes[i..<j], as: UTF8.self) {
                    let text = String(character)
                    if text == " ", !penPaints, covering.contains(where: { $0.columns.contains(x) && $0.rows.contains(y) }) {
                        erased.append((x, y))
                    }
                    screen[y, default: [:]][x] = text
                    x += max(1, Cell(text).columns)
                }
                i = j
            }
        }
    }

    private mutating func show(_ shown: Shown) throws {
        pictures.append(shown)
        let size = try cells(of: shown)
        covering.append((shown.column..<shown.column + size.columns, shown.row..<shown.row + size.rows))
    }

    private mutating func selectGraphicRendition(_ parameters: String) {
        var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
        while let code = codes.popFirst() {
            switch code {
            case 0, 49, 27: penPaints = false
            case 40...47, 100...107, 7: penPaints = true
            case 48: penPaints = true; codes = codes.dropFirst(codes.first == 5 ? 2 : 4)
            case 38, 58: codes = codes.dropFirst(codes.first == 5 ? 2 : 4)
            default: break
            }
        }
    }

    /// The cells a picture covers.
    public func cells(of shown: Shown) throws -> (columns: Int, rows: Int) {
        switch shown.kind {
        case .kitty:
            let first = try kittyCommands(shown.bytes)[0]
            return (Int(first["c"] ?? "") ?? 0, Int(first["r"] ?? "") ?? 0)
        case .sixel:
            let picture = try decodeSixel(shown.bytes)
            return ((picture.width + cell.width - 1) / cell.width, (picture.height + cell.height - 1) / cell.height)
        case .iterm2:
            let file = try decodeITerm2(shown.bytes)
            let width = Int(file.arguments["width"]?.dropLast(2) ?? "") ?? 0
            let height = Int(file.arguments["height"]?.dropLast(2) ?? "") ?? 0
            return ((width + cell.width - 1) / cell.width, (height + cell.height - 1) / cell.height)
        }
    }
}
