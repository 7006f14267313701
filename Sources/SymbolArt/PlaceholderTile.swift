import CellCanvas
import Foundation
import IconArt
import IconCatalog
import TerminalText

extension TileRenderer {
    /// The neutral grey of a placeholder (iOS's system grey).
    static let placeholderGrey: (UInt8, UInt8, UInt8) = (142, 142, 147)

    /// A tile for an icon whose picture could not be read: the same rounded outline and
    /// size as a real tile, in neutral grey, with the icon's initials in the middle, so
    /// the grid of icons stays aligned and the entry is still recognisable.
    public func placeholder(name: String, columns: Int, rows: Int) -> CellGrid {
        guard columns > 0, rows > 0 else { return CellGrid(width: max(0, columns), height: max(0, rows)) }
        let (r, g, b) = Self.placeholderGrey
        var grid = drawsSymbols ? roundedSquare(depth.color(red: r, green: g, blue: b), columns: columns, rows: rows)
            : cells(from: canvas(for: RGBABitmap(width: 1, height: 1, filledWith: (r, g, b, 255)), columns: columns, rows: rows),
                    columns: columns, rows: rows)

        // No colour: a blank column either side, so the letters stand out from the shading.
        let padding = depth == .noColor ? 1 : 0
        let text = Self.initials(of: name, ascii: ascii, maxColumns: columns - 2 * padding)
        guard !text.isEmpty else { return grid }
        let width = DisplayWidth.of( text) + 2 * padding
        let x = (columns - width) / 2, y = (rows - 1) / 2

        var style = CellStyle(attributes: .bold)
        if depth != .noColor {
            let background = grid[columns / 2, y].background
            style.background = background
            style.foreground = Self.contrasting(with: background, depth: depth)
        }
        let padded = String(repeating: " ", count: padding) + text + String(repeating: " ", count: padding)
        grid.write(padded, x: x, y: y, style: style)
        return grid
    }

    /// The icon's outline filled with one colour, in symbols: the sub-pixels at least half
    /// inside the outline. A flat picture needs no matching, and the chooser draws a
    /// placeholder for every tile still loading, on every frame.
    func roundedSquare(_ color: TerminalColor, columns: Int, rows: Int) -> CellGrid {
        let across = symbols.columns, down = symbols.rows
        let coverage = IconMask.sharedCoverage(width: columns * across, height: rows * down,
                                               pixelAspect: Float(2 * across) / Float(down))
        var grid = CellGrid(width: columns, height: rows)
        let full = (1 << symbols.subpixels) - 1
        for row in 0..<rows {
            for column in 0..<columns {
                var pattern = 0
                for y in 0..<down {
                    for x in 0..<across where coverage[(row * down + y) * columns * across + column * across + x] >= 0.5 {
                        pattern |= 1 << (y * across + x)
                    }
                }
                grid[column, row] = pattern == 0 ? .blank
                    : pattern == full ? Cell(" ", foreground: .default, background: color)
                    : Cell(String(symbols.glyph(pattern)), foreground: color)
            }
        }
        return grid
    }

    /// Up to two initials: the first character of the name's first and last words (words
    /// are runs of letters and digits, so "black-white" gives "BW", "AppIcon-blue" "AB",
    /// "Default" "D", "红色" "红"), uppercased, no wider than `maxColumns`. In ASCII mode
    /// the name is transliterated to Latin and stripped of accents first ("Été" → "E");
    /// "?" when nothing usable is left.
    public static func initials(of name: String, ascii: Bool = false, maxColumns: Int = 2) -> String {
        var source = name
        if ascii {
            source = (source.applyingTransform(.toLatin, reverse: false) ?? source)
                .folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            source = String(source.unicodeScalars.filter(\.isASCII).map(Character.init))
        }
        let words = source.split { !($0.isLetter || $0.isNumber) }
        var letters = words.compactMap(\.first).map { String($0).uppercased() }
        if letters.count > 2 { letters = [letters[0], letters[letters.count - 1]] }
        while !letters.isEmpty && DisplayWidth.of( letters.joined()) > maxColumns {
            letters.removeLast()
        }
        if letters.isEmpty { return maxColumns >= 1 ? "?" : "" }
        return letters.joined()
    }

    /// Black or white, whichever stands out more from `background` as this depth shows it.
    static func contrasting(with background: TerminalColor, depth: ColorDepth) -> TerminalColor {
        let rgb: (UInt8, UInt8, UInt8)
        switch background {
        case .default: return .default
        case let .rgb(r, g, b): rgb = (r, g, b)
        case let .indexed(n): rgb = Palette.xterm(n)
        }
        let light = OKLab(red: rgb.0, green: rgb.1, blue: rgb.2).l > 0.5
        return light ? depth.color(red: 0, green: 0, blue: 0) : depth.color(red: 255, green: 255, blue: 255)
    }
}
