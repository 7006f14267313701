import Pixels

/// sixel, DEC's raster format, the one xterm, foot, mlterm, WezTerm, Konsole, Windows
/// Terminal and iTerm2 share: a picture as bands six pixels tall, each band one line of
/// printable characters per colour, with at most as many colours as the terminal has
/// registers.
///
/// - The picture is exactly as tall and wide as its tile (a whole number of cells), with
///   raster attributes (`"1;1;W;H`) saying so; the last band is only as tall as the rows
///   left, so nothing is drawn into the cell row below.
/// - Pixels outside the icon are transparent (`P2=1`: left as they are), so the terminal's
///   own background shows there; the antialiased edge, which sixel cannot draw
///   translucent, is mixed with `background` (the terminal's, once it is known).
/// - Colours are reduced by `ColorQuantizer`; registers are defined only for colours used.
public struct Sixel: Sendable {
    /// The terminal's background, for the icon's soft edge.
    public var background: (red: UInt8, green: UInt8, blue: UInt8)
    /// The terminal's number of colour registers (XTSMGRAPHICS, or 16 for a VT340), clamped
    /// to 2...256: on icons the palette reaches its target well before 256 colours.
    public var maxColors: Int
    /// The fidelity the palette aims for (see `ColorQuantizer`); fewer colours suffice for
    /// a lower one, and fewer colours are fewer bytes.
    public var targetPSNR: Double
    /// Floyd–Steinberg strength, 0...1, used when the registers are too few for the target.
    public var diffusion: Float

    /// What most sixel terminals have when they do not say.
    public static let defaultMaxColors = 256
    /// About one step in 255 off on average, which nobody sees; the demo icons come out at
    /// 46.3 dB, below chafa's bytes (`make bench`).
    public static let defaultTargetPSNR = 45.0

    public init(background: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0), maxColors: Int = defaultMaxColors,
                targetPSNR: Double = defaultTargetPSNR, diffusion: Float = 1) {
        self.background = background
        self.maxColors = min(256, max(2, maxColors))
        self.targetPSNR = targetPSNR
        self.diffusion = min(1, max(0, diffusion))
    }

    /// The picture as one DCS sequence. Where the cursor goes afterwards depends on the
    /// terminal and its sixel scrolling mode (DECSDM); the caller saves and restores it.
    public func encode(_ picture: PixelPicture) -> [UInt8] {
        let indexed = ColorQuantizer(maxColors: maxColors, targetPSNR: targetPSNR, diffusion: diffusion)
            .quantize(opaqueEdges(picture), width: picture.width, height: picture.height)
        return Self.encode(indexed)
    }

    /// Partial alpha mixed with the background; fully transparent pixels stay transparent.
    func opaqueEdges(_ picture: PixelPicture) -> [UInt8] {
        var pixels = picture.flattened(onto: background).pixels
        for i in stride(from: 3, to: pixels.count, by: 4) where picture.bitmap.pixels[i] == 0 { pixels[i] = 0 }
        return pixels
    }

    /// Sixel's colour components are percentages.
    static func percent(_ byte: UInt32) -> Int { Int((byte * 100 + 127) / 255) }

    /// Writes an indexed picture: header, raster attributes, the colours used, then the
    /// bands, each colour's line run-length encoded (`!n` + character for a run of four or
    /// more), `$` to return to the band's start for the next colour, `-` for the next band.
    static func encode(_ picture: ColorQuantizer.Indexed) -> [UInt8] {
        let width = picture.width, height = picture.height
        // Registers for the colours as sixel can express them; colours equal once rounded to
        // percentages share one.
        var registerOf: [Int: Int] = [:]
        var paletteRegister: [Int] = []
        var definitions: [(Int, Int, Int)] = []
        for color in picture.palette {
            let key = percent(color >> 16 & 0xFF) << 16 | percent(color >> 8 & 0xFF) << 8 | percent(color & 0xFF)
            if let existing = registerOf[key] {
                paletteRegister.append(existing)
            } else {
                registerOf[key] = definitions.count
                paletteRegister.append(definitions.count)
                definitions.append((key >> 16, key >> 8 & 0xFF, key & 0xFF))
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(width * height / 4 + definitions.count * 16 + 64)
        out += Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)

        // Which registers each band uses, to define only those that appear at all.
        var used = [Bool](repeating: false, count: definitions.count)
        for index in picture.indices where index != ColorQuantizer.Indexed.transparentIndex {
            used[paletteRegister[Int(index)]] = true
        }
        for (register, (r, g, b)) in definitions.enumerated() where used[register] {
            out += Array("#\(register);2;\(r);\(g);\(b)".utf8)
        }

        // One line of sixels per register, reused band after band; only the registers a band
        // touches are written and cleared.
        var lines = [UInt8](repeating: 0, count: definitions.count * width)
        var lastColumn = [Int](repeating: -1, count: definitions.count)
        var bandRegisters: [Int] = []
        for bandTop in stride(from: 0, to: height, by: 6) {
            bandRegisters.removeAll(keepingCapacity: true)
            for row in 0..<min(6, height - bandTop) {
                let bit = UInt8(1) << UInt8(row)
                let rowStart = (bandTop + row) * width
                for x in 0..<width {
                    let index = picture.indices[rowStart + x]
                    if index == ColorQuantizer.Indexed.transparentIndex { continue }
                    let register = paletteRegister[Int(index)]
                    if lastColumn[register] < 0 { bandRegisters.append(register) }
                    lastColumn[register] = max(lastColumn[register], x)
                    lines[register * width + x] |= bit
                }
            }
            if bandTop > 0 { out.append(UInt8(ascii: "-")) }
            for (n, register) in bandRegisters.enumerated() {
                if n > 0 { out.append(UInt8(ascii: "$")) }
                out.append(UInt8(ascii: "#"))
                appendDecimal(register, to: &out)
                let start = register * width
                appendRuns(lines[start...(start + lastColumn[register])], to: &out)
                for x in start...(start + lastColumn[register]) { lines[x] = 0 }
                lastColumn[register] = -1
            }
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// Sixel characters for six-bit columns, repeats of four or more as `!count` + character.
    private static func appendRuns(_ columns: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var i = columns.startIndex
        while i < columns.endIndex {
            let value = columns[i]
            var end = i + 1
            while end < columns.endIndex && columns[end] == value { end += 1 }
            let count = end - i, character = 63 + value
            if count >= 4 {
                out.append(UInt8(ascii: "!"))
                appendDecimal(count, to: &out)
                out.append(character)
            } else {
                for _ in 0..<count { out.append(character) }
            }
            i = end
        }
    }

    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
