import CellCanvas
import IconArt

/// Chooses, for one cell, the block symbol and the two colours that best reproduce the
/// cell's pixels.
///
/// The model of a cell is `gridColumns`×`gridRows` pixels, area-averaged from the source in
/// linear light. That grid divides evenly into every symbol's shapes: halves, quadrants,
/// sextants (thirds of the height), octants (quarters) and the eighth blocks, so each
/// symbol's two regions are unions of whole pixels. The error of a region drawn in one
/// colour is measured on the sRGB-encoded pixels, the space in which equal steps look
/// about equal: a region's best colour is then its pixels' mean there. (The mean in linear
/// light draws a fine dark line on a light ground as a wash too light to be seen, and
/// measured 0.4 dB worse against the source.)
///
/// For a partition of the cell into a foreground region F and a background region B,
/// that error is a constant minus |ΣF|²/wF − |ΣB|²/wB (sums of alpha-weighted colour,
/// weights the sums of alpha). The regions of the set's grid patterns are summed once;
/// every pattern (at most 128 partitions, for octants) is then scored from subset sums in
/// a few operations, and the eighth blocks from sums of rows and columns. The search is
/// exhaustive: no shortlist, no pattern missed.
///
/// Sub-pixels of the symbol grid less than half covered by the icon stay the terminal's
/// background (`.default`), so a cell on the edge draws its covered part in one colour and
/// leaves the rest to the terminal, which the two colours of one cell allow exactly.
///
/// With a palette, each region's colour is one of the few entries perceptually nearest to
/// its mean (OKLab, see `ColorDepth.nearestEntries`), and the best few partitions are
/// compared again with the colours the terminal will really show, picking the pair with the
/// least error over the cell: the best pattern in true colour can lose to a simpler one
/// once both its colours snap to the same entry, and the nearest entry to a mean is not
/// always the one that leaves the least error over the region's pixels. Ordered dithering
/// (a 4×4 Bayer offset across cells) was measured and left out: on the corpus's app icons
/// it cost 0.25–0.5 dB in 16 and 8 colours, even compared after blurring by a cell's width.
struct SymbolMatcher {
    let symbols: SymbolSet
    let depth: ColorDepth

    /// The cell model: 8 columns (halves and eighths) by 24 rows (halves, thirds, quarters, eighths).
    static let gridColumns = 8
    static let gridRows = 24
    static let gridPixels = gridColumns * gridRows
    /// A sub-pixel counts as part of the icon from this much alpha on.
    static let opaqueThreshold: Float = 0.5
    /// How many of the best partitions are compared again after a palette's rounding.
    static let paletteCandidates = 6
    /// How many of the nearest palette entries each region's colour is chosen from.
    static let paletteShortlist = 3

    /// The pattern grids whose symbols the set draws, finest first: a terminal that draws
    /// a finer set draws the coarser ones too (sextants' thirds are not octants' quarters,
    /// so both are tried). The half-block grid is within the quadrant grid.
    private let layouts: [SymbolSet]
    /// Where `cell` keeps its sums in its scratch buffer.
    private let scratch: Scratch
    /// For layout `l` and grid pixel `p`, at `l * gridPixels + p`: the scratch slot of the
    /// layout's sub-pixel the pixel lies in.
    private let regionSlot: [UInt16]
    /// Eighth blocks (`▁`…`▇`, `▏`…`▉`): in the same Unicode block as the quadrants, drawn
    /// wherever they are. Half blocks alone stay half blocks.
    private let eighthShapes: [Shape]
    /// Every partition scored for a cell with no transparent sub-pixel: each layout's patterns
    /// (a pattern and its complement are one partition, so those with the last sub-pixel in
    /// the background; pattern 0, the uniform cell, once) and the eighth blocks.
    private let shapes: [Shape]
    /// Palette shortlists already found, by a region's 8-bit mean colour: the cells of an
    /// icon share colours (flat areas, repeated edges), and the search over the palette is
    /// the costliest step in 256, 16 and 8 colours. One matcher draws one tile on one thread.
    private let shortlists = ShortlistMemo()

    init(symbols: SymbolSet, depth: ColorDepth) {
        precondition(depth != .noColor, "SymbolMatcher draws colours; without colour, TileRenderer shades")
        self.symbols = symbols
        self.depth = depth
        switch symbols {
        case .half: layouts = [.half]
        case .quadrant: layouts = [.quadrant]
        case .sextant: layouts = [.sextant, .quadrant]
        case .octant: layouts = [.octant, .sextant]
        }
        // The eighth blocks no layout has already (▄ and ▌ are halves, ▂ and ▆ octant rows).
        var eighthShapes: [Shape] = []
        if symbols != .half {
            for k in 1...7 {
                if !layouts.contains(where: { k * $0.rows % 8 == 0 }) { eighthShapes.append(.lower(eighths: k)) }
                if !layouts.contains(where: { k * $0.columns % 8 == 0 }) { eighthShapes.append(.left(eighths: k)) }
            }
        }
        self.eighthShapes = eighthShapes
        let layouts = layouts
        shapes = layouts.indices.flatMap { l in
            ((l == 0 ? 0 : 1)..<(1 << layouts[l].subpixels) / 2).map { Shape.pattern(layout: l, bits: $0) }
        } + eighthShapes
        let scratch = Scratch(layouts: layouts)
        self.scratch = scratch
        regionSlot = layouts.indices.flatMap { l in
            let layout = layouts[l]
            let regionWidth = Self.gridColumns / layout.columns, regionHeight = Self.gridRows / layout.rows
            return (0..<Self.gridPixels).map { p in
                UInt16(scratch.regions[l] + (p / Self.gridColumns / regionHeight) * layout.columns + p % Self.gridColumns / regionWidth)
            }
        }
    }

    /// The layout of `cell`'s scratch buffer: each layout's sub-pixel sums, the sums of each
    /// eighth of the rows and of the columns, and each layout's subset sums.
    private struct Scratch {
        let regions: [Int]
        let rowEighths: Int
        let columnEighths: Int
        let subsetSums: [Int]
        let count: Int

        init(layouts: [SymbolSet]) {
            var next = 0
            regions = layouts.map { layout in defer { next += layout.subpixels }; return next }
            rowEighths = next
            columnEighths = next + 8
            next += 16
            subsetSums = layouts.map { layout in defer { next += 1 << layout.subpixels }; return next }
            count = next
        }
    }

    /// A partition of the cell: a pattern of one of the layouts, or an eighth block whose
    /// foreground is the lower or the left `eighths`/8 of the cell.
    private enum Shape: Equatable {
        case pattern(layout: Int, bits: Int)
        case lower(eighths: Int)
        case left(eighths: Int)

        static let uniform = Shape.pattern(layout: 0, bits: 0)
    }

    /// The cell for `pixels`: `gridPixels` premultiplied linear RGBA values, row by row
    /// from the top left.
    func cell(_ pixels: UnsafeBufferPointer<SIMD4<Float>>) -> Cell {
        precondition(pixels.count == Self.gridPixels, "SymbolMatcher: \(pixels.count) pixels, not \(Self.gridPixels)")
        // Every sum of the cell in one scratch buffer on the stack (`Scratch`): a cell is matched
        // thousands of times a preview, and arrays of arrays cost allocations and checks per pixel.
        return withUnsafeTemporaryAllocation(of: SIMD4<Float>.self, capacity: scratch.count + Self.gridPixels) { buffer in
            buffer.initialize(repeating: SIMD4())
            let weighted = buffer.baseAddress! + scratch.count
            SRGB.alphaWeighted(pixels, into: weighted)
            return cell(UnsafeBufferPointer(start: weighted, count: Self.gridPixels), sums: buffer.baseAddress!)
        }
    }

    /// The cell for `weighted`: its pixels' alpha-weighted sRGB colours and alphas (`SRGB.alphaWeighted`).
    private func cell(_ weighted: UnsafeBufferPointer<SIMD4<Float>>, sums buffer: UnsafeMutablePointer<SIMD4<Float>>) -> Cell {
        // Alpha-weighted sRGB colour and alpha, summed per sub-pixel of each layout, per
        // eighth of the height and per eighth of the width.
        let regions = { (l: Int) in buffer + scratch.regions[l] }
        let rowEighths = buffer + scratch.rowEighths, columnEighths = buffer + scratch.columnEighths
        let rowsPerEighth = Self.gridRows / 8, columnsPerEighth = Self.gridColumns / 8
        let layoutCount = layouts.count
        regionSlot.withUnsafeBufferPointer { slot in
            for p in 0..<Self.gridPixels {
                let value = weighted[p]
                for l in 0..<layoutCount { buffer[Int(slot[l * Self.gridPixels + p])] += value }
                rowEighths[p / Self.gridColumns / rowsPerEighth] += value
                columnEighths[p % Self.gridColumns / columnsPerEighth] += value
            }
        }

        // Presence is decided on the finest grid, whose symbols draw the outline.
        let count = symbols.subpixels, full = (1 << count) - 1
        let pixelsPerRegion = Float(Self.gridPixels / count)
        var present = 0
        for i in 0..<count where regions(0)[i].w >= Self.opaqueThreshold * pixelsPerRegion { present |= 1 << i }
        if present == 0 { return .blank }
        if present != full {
            var sum = SIMD4<Float>()
            for i in 0..<count where present & 1 << i != 0 { sum += regions(0)[i] }
            return Cell(String(symbols.glyph(present)), foreground: color(of: sum), background: .default)
        }

        // Subset sums per layout: sums(l)[m] is the total of the sub-pixels whose bits are set in m.
        let sums = { (l: Int) in buffer + scratch.subsetSums[l] }
        for l in 0..<layoutCount {
            let table = sums(l), region = regions(l)
            for m in 1..<1 << layouts[l].subpixels { table[m] = table[m & (m - 1)] + region[m.trailingZeroBitCount] }
        }
        let total = sums(0)[full]
        func foreground(_ shape: Shape) -> SIMD4<Float> {
            switch shape {
            case let .pattern(l, bits): return sums(l)[bits]
            case .lower(let k):
                var sum = SIMD4<Float>()
                for i in (8 - k)..<8 { sum += rowEighths[i] }
                return sum
            case .left(let k):
                var sum = SIMD4<Float>()
                for i in 0..<k { sum += columnEighths[i] }
                return sum
            }
        }
        if depth == .truecolor {
            // The best partition; of equal scores, the first.
            func score(_ shape: Shape) -> Float {
                let f = foreground(shape)
                return Self.score(f) + Self.score(total - f)
            }
            var best = shapes[0], bestScore = score(best)
            for shape in shapes.dropFirst() {
                let score = score(shape)
                if score > bestScore { (best, bestScore) = (shape, score) }
            }
            let f = foreground(best)
            return draw(best, foreground: color(of: f), background: color(of: total - f), uniform: color(of: total))
        }
        var ranked: [(shape: Shape, score: Float)] = []
        for shape in shapes {
            let f = foreground(shape)
            let score = Self.score(f) + Self.score(total - f)
            if ranked.count < Self.paletteCandidates || score > ranked[ranked.count - 1].score {
                ranked.insert((shape, score), at: ranked.firstIndex { $0.score < score } ?? ranked.count)
                if ranked.count > Self.paletteCandidates { ranked.removeLast() }
            }
        }

        // The uniform cell is always a candidate: a palette often has one entry for a cell
        // whose two true-colour regions differ only slightly.
        if !ranked.contains(where: { $0.shape == .uniform }) { ranked.append((.uniform, 0)) }
        var best: (error: Float, shape: Shape, fg: UInt8, bg: UInt8) = (.infinity, .uniform, 0, 0)
        for candidate in ranked {
            let f = foreground(candidate.shape), b = total - f
            if candidate.shape == .uniform {
                for entry in nearestEntries(total) {
                    let error = Self.paletteError(total, entry)
                    if error < best.error { best = (error, .uniform, entry, entry) }
                }
                continue
            }
            let backgrounds = nearestEntries(b)
            for fg in nearestEntries(f) {
                let fgError = Self.paletteError(f, fg)
                for bg in backgrounds {
                    let error = fgError + Self.paletteError(b, bg)
                    if error < best.error { best = (error, candidate.shape, fg, bg) }
                }
            }
        }
        return draw(best.shape, foreground: .indexed(best.fg), background: .indexed(best.bg), uniform: .indexed(best.fg))
    }

    /// |Σ colour|² / Σ alpha: how much a region drawn in its mean colour takes off the error.
    @inline(__always)
    private static func score(_ sum: SIMD4<Float>) -> Float {
        guard sum.w > 0 else { return 0 }
        let c = SIMD3(sum.x, sum.y, sum.z)
        return (c * c).sum() / sum.w
    }

    /// The error of drawing a region in palette entry `index`, less a constant: w·|p|² − 2·Σ·p.
    @inline(__always)
    private static func paletteError(_ region: SIMD4<Float>, _ index: UInt8) -> Float {
        guard region.w > 0 else { return 0 }
        let p = PaletteSRGB.entries[Int(index)]
        return region.w * (p * p).sum() - 2 * (SIMD3(region.x, region.y, region.z) * p).sum()
    }

    /// Draws the partition (`shape`'s foreground region in `foreground`). For a grid
    /// pattern the smaller region (or, of two equal ones, the one holding the top left)
    /// takes the foreground, so a cell reads as marks on a ground. A cell whose two colours
    /// came out the same is a space on that colour.
    private func draw(_ shape: Shape, foreground: TerminalColor, background: TerminalColor,
                      uniform: TerminalColor) -> Cell {
        if shape == .uniform { return Cell(" ", foreground: .default, background: uniform) }
        if foreground == background { return Cell(" ", foreground: .default, background: foreground) }
        switch shape {
        case .lower(let k):
            return Cell(String(UnicodeScalar(0x2580 + UInt32(k))!), foreground: foreground, background: background)
        case .left(let k):
            return Cell(String(UnicodeScalar(0x2590 - UInt32(k))!), foreground: foreground, background: background)
        case let .pattern(l, pattern):
            let layout = layouts[l]
            let complement = (1 << layout.subpixels) - 1 ^ pattern
            let foregroundBits = pattern.nonzeroBitCount, backgroundBits = complement.nonzeroBitCount
            if backgroundBits < foregroundBits || (backgroundBits == foregroundBits && complement & 1 != 0) {
                return Cell(String(layout.glyph(complement)), foreground: background, background: foreground)
            }
            return Cell(String(layout.glyph(pattern)), foreground: foreground, background: background)
        }
    }

    /// The mean colour of a region, as this depth shows it.
    private func color(of sum: SIMD4<Float>) -> TerminalColor {
        let (r, g, b) = meanSRGB(sum)
        return depth.color(red: r, green: g, blue: b)
    }

    /// The mean colour of a region in 8-bit sRGB (black for an empty one).
    private func meanSRGB(_ sum: SIMD4<Float>) -> (UInt8, UInt8, UInt8) {
        guard sum.w > 0 else { return (0, 0, 0) }
        func byte(_ value: Float) -> UInt8 { UInt8(min(max(value / sum.w * 255, 0), 255).rounded()) }
        return (byte(sum.x), byte(sum.y), byte(sum.z))
    }

    /// The palette entries perceptually nearest to a region's mean colour, nearest first:
    /// the shortlist its colour is chosen from by the error the whole cell would show.
    private func nearestEntries(_ sum: SIMD4<Float>) -> [UInt8] {
        let (r, g, b) = meanSRGB(sum)
        let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        if let known = shortlists.entries[key] { return known }
        let found = depth.nearestEntries(red: r, green: g, blue: b, count: Self.paletteShortlist)
        shortlists.entries[key] = found
        return found
    }
}

/// `SymbolMatcher`'s shortlists, kept across the cells of one tile (at most a few per cell).
private final class ShortlistMemo {
    var entries: [UInt32: [UInt8]] = [:]
}

/// xterm's palette in sRGB (0...1), for measuring what a cell drawn in palette entries shows.
private enum PaletteSRGB {
    static let entries: [SIMD3<Float>] = (0..<256).map { index in
        let (r, g, b) = Palette.xterm(UInt8(index))
        return SIMD3(Float(r), Float(g), Float(b)) / 255
    }
}
