import CellCanvas
@testable import SymbolArt
import Testing
@testable import IconArt

/// The per-cell matcher on cells whose answer is known, and tiles drawn with each set.
struct SymbolMatcherTests {
    typealias RGB = (UInt8, UInt8, UInt8)
    static let red: RGB = (220, 30, 40), blue: RGB = (20, 60, 200)

    /// A cell model (`SymbolMatcher.gridPixels` premultiplied linear pixels) whose sub-pixels
    /// of `layout` set in `pattern` are `foreground` and the others `background` (nil: transparent).
    static func cell(_ layout: SymbolSet, pattern: Int, _ foreground: RGB, _ background: RGB?) -> [SIMD4<Float>] {
        (0..<SymbolMatcher.gridPixels).map { p in
            let x = p % SymbolMatcher.gridColumns, y = p / SymbolMatcher.gridColumns
            let bit = (y * layout.rows / SymbolMatcher.gridRows) * layout.columns + x * layout.columns / SymbolMatcher.gridColumns
            guard let colour = pattern & 1 << bit != 0 ? foreground : background else { return SIMD4() }
            return SIMD4(SRGB.toLinear[Int(colour.0)], SRGB.toLinear[Int(colour.1)], SRGB.toLinear[Int(colour.2)], 1)
        }
    }

    static func match(_ pixels: [SIMD4<Float>], _ symbols: SymbolSet, _ depth: ColorDepth = .truecolor) -> Cell {
        pixels.withUnsafeBufferPointer { SymbolMatcher(symbols: symbols, depth: depth).cell($0) }
    }

    static func rgb(_ c: RGB) -> TerminalColor { .rgb(c.0, c.1, c.2) }

    /// Every pattern of every set, in two colours, comes back as that pattern's symbol: the
    /// smaller region (of two equal ones, the one holding the top left) in the foreground.
    @Test(arguments: SymbolSet.allCases)
    func aCellThatIsExactlyAPatternComesBackAsThatSymbol(symbols: SymbolSet) {
        let full = (1 << symbols.subpixels) - 1
        for pattern in 1..<full {
            let complement = full ^ pattern
            let keeps = pattern.nonzeroBitCount < complement.nonzeroBitCount
                || (pattern.nonzeroBitCount == complement.nonzeroBitCount && pattern & 1 != 0)
            let expected = keeps ? Cell(String(symbols.glyph(pattern)), foreground: Self.rgb(Self.red), background: Self.rgb(Self.blue))
                                 : Cell(String(symbols.glyph(complement)), foreground: Self.rgb(Self.blue), background: Self.rgb(Self.red))
            let got = Self.match(Self.cell(symbols, pattern: pattern, Self.red, Self.blue), symbols)
            #expect(got == expected, "\(symbols) pattern \(String(pattern, radix: 2))")
        }
    }

    /// A coarser set's pattern is found by a finer matcher too: a terminal that draws
    /// octants draws sextants, and one that draws sextants draws quadrants.
    @Test func finerSetsKeepTheCoarserShapes() {
        let thirds = Self.cell(.sextant, pattern: 0b000011, Self.red, Self.blue)  // the top third
        #expect(Self.match(thirds, .octant) == Cell("\u{1FB02}", foreground: Self.rgb(Self.red), background: Self.rgb(Self.blue)))
        let quadrant = Self.cell(.quadrant, pattern: 0b1001, Self.red, Self.blue)  // ▚
        #expect(Self.match(quadrant, .sextant) == Cell("▚", foreground: Self.rgb(Self.red), background: Self.rgb(Self.blue)))
    }

    /// The lowest eighth (`▁`) and the left three eighths (`▍`): shapes no pattern grid has.
    @Test func eighthBlocksAreMatchedWhereTheSetHasThem() {
        let lower = (0..<SymbolMatcher.gridPixels).map { p -> SIMD4<Float> in
            let colour = p / SymbolMatcher.gridColumns >= SymbolMatcher.gridRows * 7 / 8 ? Self.red : Self.blue
            return SIMD4(SRGB.toLinear[Int(colour.0)], SRGB.toLinear[Int(colour.1)], SRGB.toLinear[Int(colour.2)], 1)
        }
        #expect(Self.match(lower, .quadrant) == Cell("▁", foreground: Self.rgb(Self.red), background: Self.rgb(Self.blue)))
        let left = (0..<SymbolMatcher.gridPixels).map { p -> SIMD4<Float> in
            let colour = p % SymbolMatcher.gridColumns < 3 ? Self.red : Self.blue
            return SIMD4(SRGB.toLinear[Int(colour.0)], SRGB.toLinear[Int(colour.1)], SRGB.toLinear[Int(colour.2)], 1)
        }
        #expect(Self.match(left, .octant) == Cell("▍", foreground: Self.rgb(Self.red), background: Self.rgb(Self.blue)))
        // Half blocks are only ▀ and ▄: the thin stripe is folded into the bottom half.
        #expect(Self.match(lower, .half).text == "▀")
    }

    @Test(arguments: SymbolSet.allCases, [ColorDepth.truecolor, .palette256, .ansi16, .ansi8])
    func aUniformCellIsASpaceOnItsColour(symbols: SymbolSet, depth: ColorDepth) {
        let got = Self.match(Self.cell(symbols, pattern: 0, Self.red, Self.red), symbols, depth)
        #expect(got == Cell(" ", foreground: .default, background: depth.color(red: 220, green: 30, blue: 40)))
    }

    /// Sub-pixels outside the icon stay the terminal's; the rest is one colour in the foreground.
    @Test(arguments: SymbolSet.allCases)
    func transparentSubpixelsStayTheTerminalsBackground(symbols: SymbolSet) {
        let full = (1 << symbols.subpixels) - 1
        for pattern in [1, full - 1, full >> 1] {
            let got = Self.match(Self.cell(symbols, pattern: pattern, Self.red, nil), symbols)
            #expect(got == Cell(String(symbols.glyph(pattern)), foreground: Self.rgb(Self.red), background: .default))
        }
        #expect(Self.match(Self.cell(symbols, pattern: 0, Self.red, nil), symbols) == .blank)
    }

    /// In a palette, a pattern whose colours are palette entries comes back exactly.
    @Test func paletteEntriesComeBackExactly() {
        let pattern = 0b0110_1001
        let got = Self.match(Self.cell(.octant, pattern: pattern, (255, 0, 0), (0, 0, 255)), .octant, .palette256)
        #expect(got == Cell(String(SymbolSet.octant.glyph(pattern)), foreground: .indexed(196), background: .indexed(21)))
    }

    /// The picture is resampled in linear light: black and white lines finer than the
    /// cell's model average to sRGB 188 (half the light), not to 128.
    @Test func finePatternsAverageInLinearLight() {
        // 192 rows over 4 rows of 24 model pixels: each model pixel covers one black and one white row.
        var stripes = RGBABitmap(width: 192, height: 192, filledWith: (255, 255, 255, 255))
        for y in stride(from: 0, to: 192, by: 2) { for x in 0..<192 { stripes[x, y] = (0, 0, 0, 255) } }
        let tile = TileRenderer(depth: .truecolor, symbols: .octant).tile(for: stripes, name: "s", columns: 8, rows: 4)
        #expect(tile[4, 2] == Cell(" ", foreground: .default, background: .rgb(188, 188, 188)))
    }

    /// Within one region, detail the model resolves is averaged as it looks: a region half
    /// black and half white in whole model pixels is drawn sRGB 128, the mean that leaves
    /// the least visible error over it.
    @Test func regionColoursAreMeansOfEncodedPixels() {
        let pixels = (0..<SymbolMatcher.gridPixels).map { p -> SIMD4<Float> in
            let top = p / SymbolMatcher.gridColumns < SymbolMatcher.gridRows / 2
            let white = top && p % SymbolMatcher.gridColumns >= SymbolMatcher.gridColumns / 2
            return top ? SIMD4(white ? 1 : 0, white ? 1 : 0, white ? 1 : 0, 1) : SIMD4(1, 0, 0, 1)
        }
        #expect(Self.match(pixels, .half) == Cell("▀", foreground: .rgb(128, 128, 128), background: .rgb(255, 0, 0)))
    }
}

/// Small tiles drawn with each symbol set, stated whole.
struct SymbolTileSnapshotTests {
    /// 16×16: a red disc on blue, with a white bar across the bottom quarter.
    static let picture: RGBABitmap = {
        var image = RGBABitmap(width: 16, height: 16, filledWith: (0, 0, 255, 255))
        for y in 0..<16 {
            for x in 0..<16 {
                let dx = Double(x) - 7.5, dy = Double(y) - 6.5
                if dx * dx + dy * dy < 16 { image[x, y] = (255, 0, 0, 255) }
                if y >= 12 { image[x, y] = (255, 255, 255, 255) }
            }
        }
        return image
    }()

    func tile(_ symbols: SymbolSet) -> CellGrid {
        TileRenderer(depth: .truecolor, symbols: symbols).tile(for: Self.picture, name: "disc", columns: 4, rows: 2)
    }

    /// Half blocks: the disc's upper and lower halves. Quadrants add the eighths (`▅`: the
    /// disc's top edge three eighths down); sextants follow its curve by thirds; octants
    /// also round the corners finer, in the edge cells' one colour.
    @Test func eachSetDrawsTheTileWithItsShapes() {
        let blue = TerminalColor.rgb(0, 0, 255), white = TerminalColor.rgb(255, 255, 255)
        let bottom = CellStyle(foreground: .rgb(143, 0, 112), background: white)
        #expect(tile(.half) == CellGrid(
            lines: [" ▀▀ ", "▀▀▀▀"], styles: ["abba", "cddc"],
            legend: ["a": CellStyle(background: blue), "b": CellStyle(foreground: .rgb(32, 0, 223), background: .rgb(239, 0, 16)),
                     "c": CellStyle(foreground: blue, background: white), "d": bottom]))
        #expect(tile(.quadrant) == CellGrid(
            lines: [" ▅▅ ", "▀▀▀▀"], styles: ["abba", "cddc"],
            legend: ["a": CellStyle(background: blue), "b": CellStyle(foreground: .rgb(217, 0, 38), background: blue),
                     "c": CellStyle(foreground: blue, background: white), "d": bottom]))
        #expect(tile(.sextant) == CellGrid(
            lines: [" \u{1FB06}\u{1FB0A} ", "▀▀▀▀"], styles: ["abba", "cddc"],
            legend: ["a": CellStyle(background: blue), "b": CellStyle(foreground: .rgb(27, 0, 228), background: .rgb(244, 0, 11)),
                     "c": CellStyle(foreground: blue, background: white), "d": bottom]))
        #expect(tile(.octant) == CellGrid(
            lines: ["\u{1CDE5}\u{1FB06}\u{1FB0A}\u{1CDE4}", "\u{1CDAB}▀▀\u{1CD70}"], styles: ["abba", "cddc"],
            legend: ["a": CellStyle(foreground: blue), "b": CellStyle(foreground: .rgb(27, 0, 228), background: .rgb(244, 0, 11)),
                     "c": CellStyle(foreground: .rgb(107, 107, 255)), "d": bottom]))
    }
}

/// Finer sets never draw a demo icon worse than half blocks do, measured on the matcher's
/// own model of every cell inside the outline: the squared error, in sRGB, of each model
/// pixel against the colour the chosen symbol puts there.
struct SymbolErrorTests {
    /// Which model pixels `glyph` draws in the foreground; nil for a glyph no set has.
    static func shape(of glyph: Character) -> [Bool]? {
        let columns = SymbolMatcher.gridColumns, rows = SymbolMatcher.gridRows
        func grid(_ inside: (Int, Int) -> Bool) -> [Bool] {
            (0..<columns * rows).map { inside($0 % columns, $0 / columns) }
        }
        for layout in SymbolSet.allCases.reversed() {
            if let pattern = layout.pattern(of: glyph) {
                return grid { x, y in
                    pattern & 1 << ((y * layout.rows / rows) * layout.columns + x * layout.columns / columns) != 0
                }
            }
        }
        let scalar = glyph.unicodeScalars.first!.value
        if (0x2581...0x2587).contains(scalar) { return grid { _, y in y >= rows - Int(scalar - 0x2580) * rows / 8 } }
        if (0x2589...0x258F).contains(scalar) { return grid { x, _ in x < Int(0x2590 - scalar) * columns / 8 } }
        return nil
    }

    static func srgb(_ color: TerminalColor) -> SIMD3<Float> {
        guard case let .rgb(r, g, b) = color else { return SIMD3() }
        return SIMD3(Float(r), Float(g), Float(b))
    }

    /// The summed squared error of `symbols`' tile for `bitmap` against the tile's model.
    static func error(_ bitmap: RGBABitmap, _ symbols: SymbolSet) -> Float {
        let renderer = TileRenderer(depth: .truecolor, symbols: symbols)
        let columns = 16, rows = 8
        let canvas = renderer.canvas(for: bitmap, columns: columns, rows: rows)
        let tile = renderer.cells(from: canvas, columns: columns, rows: rows)
        var total: Float = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = tile[column, row]
                let inside = shape(of: Character(cell.text))!
                // Cells on the outline are drawn in one colour by every set, on its own grid.
                let opaque = inside.indices.allSatisfy { p in
                    canvas[column * SymbolMatcher.gridColumns + p % SymbolMatcher.gridColumns,
                           row * SymbolMatcher.gridRows + p / SymbolMatcher.gridColumns].a >= SymbolMatcher.opaqueThreshold
                }
                guard opaque else { continue }
                for (p, isForeground) in inside.enumerated() {
                    let x = column * SymbolMatcher.gridColumns + p % SymbolMatcher.gridColumns
                    let y = row * SymbolMatcher.gridRows + p / SymbolMatcher.gridColumns
                    let pixel = canvas[x, y]
                    let (r, g, b) = pixel.srgb
                    let drawn = srgb(isForeground ? cell.foreground : cell.background)
                    let d = SIMD3(Float(r), Float(g), Float(b)) - drawn
                    total += pixel.a * (d * d).sum()
                }
            }
        }
        return total
    }

    @Test(arguments: DemoIcons.names)
    func finerSetsAreNeverWorseThanHalfBlocks(name: String) {
        let bitmap = DemoIcons.bitmap(name, size: 256)
        let half = Self.error(bitmap, .half)
        var previous = half
        for symbols in [SymbolSet.quadrant, .sextant, .octant] {
            let error = Self.error(bitmap, symbols)
            #expect(error <= half, "\(name): \(symbols) \(error) > half blocks \(half)")
            #expect(error <= previous * 1.0001, "\(name): \(symbols) \(error) > the coarser set's \(previous)")
            previous = error
        }
    }
}
