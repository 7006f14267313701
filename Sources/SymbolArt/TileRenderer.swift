import CellCanvas
import Foundation
import IconArt
import IconCatalog
/// Turns an icon picture into a block of terminal cells, once per terminal profile, so
/// the chooser can lay out tiles as plain cells: every tile is exactly the size asked
/// for, whatever the picture's size or shape, and an unreadable picture still gets a
/// tile (a placeholder) so the grid of icons stays aligned.
///
/// In colour, each cell is one block symbol of `symbols` in two colours, chosen by
/// `SymbolMatcher` from the cell's pixels (the picture is resampled to
/// `SymbolMatcher.gridColumns`×`gridRows` pixels per cell). Without colour and in ASCII, a
/// cell stands for two pixels stacked, drawn as shades or ramp glyphs.
/// Transparent pixels use the `.default` background, so the terminal's own background
/// shows around the rounded corners instead of a painted black.
public struct TileRenderer: Sendable {
    public var depth: ColorDepth
    /// The block symbols the terminal draws (see `SymbolSet.best(environment:detected:)`).
    public var symbols: SymbolSet
    /// Only ASCII characters in the output, for terminals without a UTF-8 locale.
    public var ascii: Bool
    /// Where pictures decoded ahead are looked for (see `readAhead(columns:rows:tiles:byteBudget:sources:)`):
    /// the command's own, for the renderer that reads ahead and the one that draws; nil, none.
    var canvasReadAhead: TileCanvasReadAhead?
    /// Whether one tile's work is spread over the cores: a large PNG inflated on a thread of its
    /// own while its rows are resampled, and the cells matched in bands on every core. A caller
    /// that draws several tiles at once on every core (`preview`) turns it off: the cores are
    /// busy with the other tiles, and splitting each one only adds hand-overs between threads
    /// (about a seventh of the CPU time of 32 large icons, measured with perf).
    public var spreadsOneTile = true

    public init(depth: ColorDepth, symbols: SymbolSet = .half, ascii: Bool = false, readAhead: TileCanvasReadAhead? = nil) {
        self.depth = depth
        self.symbols = symbols
        self.ascii = ascii
        canvasReadAhead = readAhead
    }

    /// A pixel counts as painted from this much alpha on; below it the terminal shows through.
    static let opaqueThreshold: Float = SymbolMatcher.opaqueThreshold
    /// The shades of the no-colour mode, from sparse to full: index 0 is "nothing painted".
    static let shades: [String] = [" ", "░", "▒", "▓", "█"]
    /// The ASCII ramp, sparse to dense: index 0 is "nothing painted".
    static let asciiRamp: [String] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]

    /// Whether cells are block symbols in colour; else shades or ASCII over two stacked pixels.
    var drawsSymbols: Bool { !ascii && depth != .noColor }

    /// The pixels one cell is resampled to: the matcher's model in colour; two stacked
    /// pixels for the shades of no colour and for ASCII, which have no finer shapes.
    var grid: (columns: Int, rows: Int) {
        drawsSymbols ? (SymbolMatcher.gridColumns, SymbolMatcher.gridRows) : (1, 2)
    }

    /// A grid pixel's height over its width, in a cell twice as tall as it is wide.
    private var pixelAspect: Float { Float(2 * grid.columns) / Float(grid.rows) }

    /// The picture size a tile stands for, the size to choose an image file by: twice the
    /// symbols' sub-pixels each way, so each sub-pixel's colour is a mean over detail.
    public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        drawsSymbols ? (columns * symbols.columns * 2, rows * symbols.rows * 2) : (columns, rows * 2)
    }

    /// The tile for `bitmap`: fitted into the tile keeping its aspect ratio (centred),
    /// cut to the icon's rounded square, reduced to the colour depth. A missing or empty
    /// bitmap gets `placeholder(name:columns:rows:)`.
    public func tile(for bitmap: RGBABitmap?, name: String, columns: Int, rows: Int) -> CellGrid {
        guard let bitmap, bitmap.width > 0, bitmap.height > 0, columns > 0, rows > 0 else {
            return placeholder(name: name, columns: columns, rows: rows)
        }
        return cells(from: canvas(for: bitmap, columns: columns, rows: rows), columns: columns, rows: rows)
    }

    /// The tile for the PNG file at `path`, decoded straight into the tile's resampler a few
    /// rows at a time where the file allows (see `PNGDecoder.decode(contentsOf:limits:into:)`),
    /// so a big picture is never held whole. The same cells as `tile(for:)` on the decoded bitmap.
    public func tile(forPNGAt path: String, name: String, columns: Int, rows: Int,
                     limits: PNGDecoder.Limits = .standard) throws(PNGDecodeError) -> CellGrid {
        try tile(forPNGFrom: .file(path), name: name, columns: columns, rows: rows, limits: limits)
    }

    /// The tile for an image in a file or an archive entry, as `tile(forPNGAt:)` draws it.
    public func tile(forPNGFrom source: ImageSource, name: String, columns: Int, rows: Int,
                     limits: PNGDecoder.Limits = .standard) throws(PNGDecodeError) -> CellGrid {
        guard columns > 0, rows > 0 else { return placeholder(name: name, columns: columns, rows: rows) }
        if case .file(let path) = source, limits == .standard,
           let readAhead = canvasReadAhead?.take(path: path, columns: columns, rows: rows, grid: grid) {
            return cells(from: try readAhead.get(), columns: columns, rows: rows)
        }
        return cells(from: try canvas(forPNGFrom: source, columns: columns, rows: rows, limits: limits), columns: columns, rows: rows)
    }

    /// The tile's pixels (see `canvas(for:columns:rows:)`) for an image in a file or an archive entry.
    func canvas(forPNGFrom source: ImageSource, columns: Int, rows: Int,
                limits: PNGDecoder.Limits = .standard) throws(PNGDecodeError) -> LinearImage {
        var resampler = fittingResampler(columns: columns, rows: rows)
        try PNGDecoder.decode(from: source, limits: limits, pipelined: spreadsOneTile ? nil : false, into: &resampler)
        return canvas(fitted: resampler.result, columns: columns, rows: rows)
    }

    /// Starts decoding, on another core, the tiles of `sources` (files, in the order they will
    /// most likely be asked for) at `columns`×`rows` cells, for `tile(forPNGFrom:…)` to take
    /// (see `TileCanvasReadAhead`). `sources` runs on that core too: it reads the app. At most
    /// the first `tiles` are read ahead (a command line is parsed in a few milliseconds; the
    /// rest are decoded on every core once it is), within `byteBudget` bytes of pictures.
    public func readAhead(columns: Int, rows: Int, tiles: Int = 8, byteBudget: Int = 32 << 20,
                          sources: @escaping @Sendable () -> [String]) {
        let grid = grid
        // A canvas is four floats a pixel.
        var bytes = MemoryLayout<Float>.size * 4
        for factor in [columns, grid.columns, rows, grid.rows] {
            let (product, overflow) = bytes.multipliedReportingOverflow(by: factor)
            guard factor > 0, !overflow else { return }
            bytes = product
        }
        let count = min(tiles, byteBudget / bytes)
        guard count > 0, let canvasReadAhead else { return }
        canvasReadAhead.begin(
            choose: {
                Array(sources().lazy.compactMap { TileCanvasReadAhead.Key(path: $0, columns: columns, rows: rows, grid: grid) }.prefix(count))
            },
            decode: { [self] key in
                Result { () throws(PNGDecodeError) in try canvas(forPNGFrom: .file(key.path), columns: columns, rows: rows) }
            })
    }

    /// The picture as the tile's pixels (`grid` per cell): resampled, masked, centred.
    func canvas(for bitmap: RGBABitmap, columns: Int, rows: Int) -> LinearImage {
        var resampler = fittingResampler(columns: columns, rows: rows)
        bitmap.feed(into: &resampler)
        return canvas(fitted: resampler.result, columns: columns, rows: rows)
    }

    /// A resampler to the size a picture takes in the tile: as large as fits, keeping its
    /// aspect ratio on screen, where a cell is twice as tall as it is wide.
    func fittingResampler(columns: Int, rows: Int) -> BoxResampler.Streaming {
        IconFit.resampler(width: columns * grid.columns, height: rows * grid.rows, pixelAspect: Double(pixelAspect))
    }

    /// The resampled picture masked to the icon's shape and centred on the tile's pixels.
    func canvas(fitted resampled: LinearImage, columns: Int, rows: Int) -> LinearImage {
        IconFit.canvas(fitted: resampled, width: columns * grid.columns, height: rows * grid.rows, pixelAspect: pixelAspect)
    }

    func cells(from canvas: LinearImage, columns: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(width: columns, height: rows)
        guard drawsSymbols else {
            for row in 0..<rows {
                for column in 0..<columns {
                    let top = canvas[column, 2 * row], bottom = canvas[column, 2 * row + 1]
                    grid[column, row] = ascii ? asciiCell(top.mixed(with: bottom))
                        : shadeCell(top: top, bottom: bottom, column: column, row: row)
                }
            }
            return grid
        }
        // A large tile's rows are matched in bands on all cores: `preview` of one icon, or the
        // details panel's picture, has nothing else to run beside it.
        let cores = spreadsOneTile ? ProcessInfo.processInfo.activeProcessorCount : 1
        let bandCount = max(1, min(cores, columns * rows / Self.cellsPerBand, rows))
        let bands = (0..<bandCount).map { band in band * rows / bandCount..<(band + 1) * rows / bandCount }
        let matched = bands.concurrentMap { band in matchedCells(canvas, columns: columns, rows: band) }
        for (band, cells) in zip(bands, matched) {
            for (offset, cell) in cells.enumerated() { grid[offset % columns, band.lowerBound + offset / columns] = cell }
        }
        return grid
    }

    /// The fewest cells worth a thread of their own: a band of a 16×8 tile takes about a millisecond.
    static let cellsPerBand = 32

    /// The matched cells of `rows`, row by row. Each call has a matcher of its own (its
    /// palette memo is not shared between threads).
    private func matchedCells(_ canvas: LinearImage, columns: Int, rows: Range<Int>) -> [Cell] {
        let matcher = SymbolMatcher(symbols: symbols, depth: depth)
        let across = SymbolMatcher.gridColumns, down = SymbolMatcher.gridRows
        var cells: [Cell] = []
        cells.reserveCapacity(columns * rows.count)
        withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: SymbolMatcher.gridPixels) { cell in
            canvas.samples.withUnsafeBufferPointer { samples in
                for row in rows {
                    for column in 0..<columns {
                        for y in 0..<down {
                            let start = ((row * down + y) * canvas.width + column * across) * 4
                            for x in 0..<across {
                                let i = start + x * 4
                                cell[y * across + x] = SIMD4(samples[i], samples[i + 1], samples[i + 2], samples[i + 3])
                            }
                        }
                        cells.append(matcher.cell(UnsafeBufferPointer(cell)))
                    }
                }
            }
        }
        return cells
    }


    /// The colour a pixel is shown in, or nil where the terminal should show through. A
    /// partly transparent pixel above the threshold shows its own colour at full strength:
    /// the terminal's background is unknown, and mixing toward an assumed black would
    /// draw a dark fringe around every icon on a light terminal.
    private func color(of pixel: LinearPixel) -> TerminalColor? {
        guard pixel.a >= Self.opaqueThreshold else { return nil }
        let (r, g, b) = pixel.srgb
        return depth.color(red: r, green: g, blue: b)
    }

    /// No colour: the pixel's tone becomes one of four shades (`░▒▓█`, black to white) and only
    /// transparency becomes blank, so a dark icon's outline still shows and a dark mark
    /// differs from the space around the icon. A full half over an empty one is a half
    /// block (crisp top and bottom edges); otherwise the cell's tone (the mean of its
    /// painted halves) is ordered-dithered between the two nearest shades, so tones
    /// between the four shades (a yellow stroke on off-white paper, an orange ground
    /// against a white one) still differ from their neighbours.
    private func shadeCell(top: LinearPixel, bottom: LinearPixel, column: Int, row: Int) -> Cell {
        func tone(_ pixel: LinearPixel) -> Float? {
            pixel.a >= Self.opaqueThreshold ? 1 + 3 * pixel.tone : nil
        }
        let tones = (tone(top), tone(bottom))
        let cellTone: Float
        switch tones {
        case (nil, nil): return .blank
        case let (upper?, nil) where upper >= 3.5: return Cell("▀")
        case let (nil, lower?) where lower >= 3.5: return Cell("▄")
        case let (upper?, lower?): cellTone = (upper + lower) / 2
        case let (upper?, nil): cellTone = upper
        case let (nil, lower?): cellTone = lower
        }
        let threshold = Self.bayer2x2[row % 2][column % 2]
        return Cell(Self.shades[min(4, max(1, Int(cellTone + threshold)))])
    }

    /// Ordered-dither thresholds, so an even tone becomes an even pattern, not noise. A 2×2
    /// Bayer matrix squeezed into 0.25...0.75: tones within a quarter step of a shade
    /// (off-white paper, a dark grey) stay that shade instead of gaining speckles.
    private static let bayer2x2: [[Float]] = [[0.3125, 0.5625], [0.6875, 0.4375]]

    /// ASCII has no half blocks, so a cell shows the mean of its two pixels. With colour,
    /// a space on that background colour (the colour says more than any glyph could, and
    /// a glyph in the foreground colour would leave dark areas empty); without, a glyph
    /// from the density ramp by tone, starting at `.` so opaque black still shows.
    private func asciiCell(_ pixel: LinearPixel) -> Cell {
        guard pixel.a >= Self.opaqueThreshold else { return .blank }
        if depth == .noColor {
            return Cell(Self.asciiRamp[1 + min(8, Int(pixel.tone * 9))])
        }
        return Cell(" ", foreground: .default, background: color(of: pixel) ?? .default)
    }
}

extension LinearPixel {
    /// How light the pixel is drawn without colour: OKLab lightness minus chroma, 0...1.
    /// Plain lightness would show a yellow or orange stroke on white paper as nearly
    /// white, and a rainbow mark like a white one; taking saturation as darkness keeps
    /// coloured areas apart from white ones, as they are apart in colour.
    var tone: Float {
        guard a > 0 else { return 0 }
        let lab = OKLab(linearRed: r / a, green: g / a, blue: b / a)
        return min(max(lab.l - (lab.a * lab.a + lab.b * lab.b).squareRoot(), 0), 1)
    }
}
