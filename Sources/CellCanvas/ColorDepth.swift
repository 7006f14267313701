/// How many colours the terminal can show. Everything that produces colour reduces to
/// this once, at the edge, so the rest of the app can think in RGB; and the reduction
/// picks the nearest colour in OKLab because nearest-in-RGB picks visibly wrong palette
/// entries (greys for dark blues, the wrong green).
public enum ColorDepth: Int, Comparable, CaseIterable, Sendable {
    /// No colour at all (`NO_COLOR`, a monochrome terminal): shapes and shades carry the picture.
    case noColor = 0
    /// The eight ANSI colours, 0–7.
    case ansi8
    /// The sixteen ANSI colours, 0–15.
    case ansi16
    /// xterm's 256: the 6×6×6 cube (16–231) and the grey ramp (232–255). Entries 0–15
    /// are never chosen for pictures because themes redefine them.
    case palette256
    /// Direct 24-bit colour.
    case truecolor

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The closest colour this depth can show; `.default` for `.noColor`.
    public func color(red: UInt8, green: UInt8, blue: UInt8) -> TerminalColor {
        switch self {
        case .truecolor: return .rgb(red, green, blue)
        case .noColor: return .default
        case .palette256, .ansi16, .ansi8:
            return .indexed(Palette.nearest(to: OKLab(red: red, green: green, blue: blue), in: paletteRange,
                                            chromaWeight: chromaWeight))
        }
    }

    /// The `count` palette entries nearest to the colour, nearest first, by the distance
    /// `color(red:green:blue:)` uses (whose answer is the first). Empty for `.truecolor` and
    /// `.noColor`, which have no palette to choose from.
    public func nearestEntries(red: UInt8, green: UInt8, blue: UInt8, count: Int) -> [UInt8] {
        guard self != .truecolor && self != .noColor else { return [] }
        return Palette.nearest(to: OKLab(red: red, green: green, blue: blue), in: paletteRange,
                               chromaWeight: chromaWeight, count: count)
    }

    /// `color` converted to what this depth can show: direct colours and palette entries
    /// outside the depth's palette go to the nearest entry inside it; `.default` stays.
    public func reduce(_ color: TerminalColor) -> TerminalColor {
        switch (self, color) {
        case (_, .default), (.truecolor, _), (.palette256, .indexed): return color
        case (.noColor, _): return .default
        case let (_, .rgb(r, g, b)): return self.color(red: r, green: g, blue: b)
        case let (_, .indexed(n)):
            if paletteRange.contains(Int(n)) { return color }
            let (r, g, b) = Palette.xterm(n)
            return self.color(red: r, green: g, blue: b)
        }
    }

    /// How much a difference in hue and saturation (OKLab a, b) counts against one in
    /// lightness. 1 (plain OKLab distance) where the palette is dense enough to have a
    /// near grey for every grey. With 16 or 8 entries, plain distance turns the greys of
    /// antialiased edges and pale tints into cyan and red (those are closer in lightness
    /// than black or white), which reads as coloured noise; weighting chroma keeps greys
    /// grey, and saturated colours still find their hue.
    private var chromaWeight: Float {
        switch self {
        case .ansi8: 8
        case .ansi16: 3
        default: 1
        }
    }

    private var paletteRange: Range<Int> {
        switch self {
        case .ansi8: 0..<8
        case .ansi16: 0..<16
        default: 16..<256
        }
    }
}

/// xterm's default palette, the reference for what palette entries look like.
public enum Palette {
    /// xterm's default values for the sixteen ANSI colours.
    package static let ansi: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six channel levels of the 6×6×6 cube.
    package static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The RGB value xterm gives palette entry `index` by default.
    public static func xterm(_ index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch index {
        case 0..<16: return ansi[Int(index)]
        case 16..<232:
            let i = Int(index) - 16
            return (cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
        default:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return (grey, grey, grey)
        }
    }

    private static let oklab: [OKLab] = (0..<256).map { index in
        let (r, g, b) = xterm(UInt8(index))
        return OKLab(red: r, green: g, blue: b)
    }

    package static func nearest(to colour: OKLab, in range: Range<Int>, chromaWeight: Float = 1) -> UInt8 {
        nearest(to: colour, in: range, chromaWeight: chromaWeight, count: 1)[0]
    }

    /// The `count` entries of `range` nearest to `colour`, nearest first (the lower index on a tie).
    package static func nearest(to colour: OKLab, in range: Range<Int>, chromaWeight: Float, count: Int) -> [UInt8] {
        var best: [(index: Int, distance: Float)] = []
        best.reserveCapacity(count + 1)
        for index in range {
            let entry = oklab[index]
            let dl = entry.l - colour.l, da = entry.a - colour.a, db = entry.b - colour.b
            let distance = dl * dl + chromaWeight * (da * da + db * db)
            if best.count < count || distance < best[best.count - 1].distance {
                best.insert((index, distance), at: best.firstIndex { $0.distance > distance } ?? best.count)
                if best.count > count { best.removeLast() }
            }
        }
        return best.map { UInt8($0.index) }
    }
}
