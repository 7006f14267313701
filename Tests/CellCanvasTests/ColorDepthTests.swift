@testable import CellCanvas
import Testing

struct ColorDepthTests {
    @Test func truecolorIsExact() {
        #expect(ColorDepth.truecolor.color(red: 12, green: 200, blue: 99) == .rgb(12, 200, 99))
    }

    @Test func xtermPaletteValues() {
        #expect(Palette.xterm(1) == (205, 0, 0))
        #expect(Palette.xterm(12) == (92, 92, 255))
        #expect(Palette.xterm(16) == (0, 0, 0))
        #expect(Palette.xterm(67) == (95, 135, 175))
        #expect(Palette.xterm(231) == (255, 255, 255))
        #expect(Palette.xterm(232) == (8, 8, 8))
        #expect(Palette.xterm(255) == (238, 238, 238))
    }

    @Test func palette256MapsItsOwnColoursToThemselves() {
        for index in UInt8(16)...UInt8(255) {
            let (r, g, b) = Palette.xterm(index)
            let chosen = ColorDepth.palette256.color(red: r, green: g, blue: b)
            // The cube's black and white also sit on no grey step, so every entry comes back as itself.
            #expect(chosen == .indexed(index), "entry \(index)")
        }
    }

    @Test func palette256NeverPicksTheThemeColours() {
        for value in stride(from: 0, through: 255, by: 17) {
            guard case let .indexed(n) = ColorDepth.palette256.color(red: UInt8(value), green: 0, blue: UInt8(255 - value)) else {
                Issue.record("not indexed"); return
            }
            #expect(n >= 16)
        }
    }

    /// Goldenrod (200, 150, 50): Euclidean distance on sRGB bytes picks 173 (215, 135, 95), a
    /// dusty tan, because it is closer in blue; OKLab picks 172 (215, 135, 0), the saturated
    /// orange the eye sees as nearer.
    @Test func palette256ChoosesByOKLabNotEuclideanRGB() {
        let colour: (Int, Int, Int) = (200, 150, 50)
        let euclidean = (16...255).min { a, b in
            func distance(_ i: Int) -> Int {
                let (r, g, b) = Palette.xterm(UInt8(i))
                return (Int(r) - colour.0) * (Int(r) - colour.0) + (Int(g) - colour.1) * (Int(g) - colour.1)
                    + (Int(b) - colour.2) * (Int(b) - colour.2)
            }
            return distance(a) < distance(b)
        }
        #expect(euclidean == 173)
        #expect(ColorDepth.palette256.color(red: 200, green: 150, blue: 50) == .indexed(172))
        // Dark navy: Euclidean RGB settles on a grey, OKLab keeps a blue-violet hue.
        #expect(ColorDepth.palette256.color(red: 50, green: 50, blue: 120) == .indexed(54))
    }

    @Test func ansi16PicksTheNearestStandardColour() {
        let depth = ColorDepth.ansi16
        #expect(depth.color(red: 255, green: 0, blue: 0) == .indexed(9))
        #expect(depth.color(red: 200, green: 10, blue: 10) == .indexed(1))
        #expect(depth.color(red: 0, green: 0, blue: 255) == .indexed(4))
        #expect(depth.color(red: 255, green: 255, blue: 255) == .indexed(15))
        #expect(depth.color(red: 10, green: 10, blue: 10) == .indexed(0))
        #expect(depth.color(red: 120, green: 120, blue: 124) == .indexed(8))
        #expect(depth.color(red: 52, green: 172, blue: 76) == .indexed(2))
    }

    /// Plain OKLab distance sends light greys and pale tints to cyan (closer in lightness
    /// than white); weighting chroma keeps them grey, which antialiased edges depend on.
    @Test func greysStayGreyInSmallPalettes() {
        for grey in [30, 60, 99, 127, 142, 180, 210, 240] {
            let g = UInt8(grey)
            #expect([0, 7, 8, 15].contains(index(ColorDepth.ansi16.color(red: g, green: g, blue: g))), "grey \(grey)")
            #expect([0, 7].contains(index(ColorDepth.ansi8.color(red: g, green: g, blue: g))), "grey \(grey)")
        }
        #expect(ColorDepth.ansi16.color(red: 200, green: 170, blue: 150) == .indexed(8))
    }

    @Test func ansi8UsesOnlyTheFirstEight() {
        #expect(ColorDepth.ansi8.color(red: 255, green: 0, blue: 0) == .indexed(1))
        #expect(ColorDepth.ansi8.color(red: 255, green: 255, blue: 255) == .indexed(7))
        for value in stride(from: 0, through: 255, by: 15) {
            #expect(index(ColorDepth.ansi8.color(red: UInt8(value), green: UInt8(255 - value), blue: 128)) < 8)
        }
    }

    @Test func noColorIsTheTerminalDefault() {
        #expect(ColorDepth.noColor.color(red: 255, green: 0, blue: 0) == .default)
    }

    @Test func reduceConvertsColoursAlreadyChosen() {
        #expect(ColorDepth.palette256.reduce(.rgb(255, 0, 0)) == .indexed(196))
        #expect(ColorDepth.palette256.reduce(.indexed(3)) == .indexed(3))
        #expect(ColorDepth.ansi16.reduce(.indexed(196)) == .indexed(9))
        #expect(ColorDepth.ansi16.reduce(.indexed(12)) == .indexed(12))
        #expect(ColorDepth.ansi8.reduce(.indexed(9)) == .indexed(1))
        #expect(ColorDepth.truecolor.reduce(.indexed(200)) == .indexed(200))
        #expect(ColorDepth.noColor.reduce(.indexed(2)) == .default)
        for depth in ColorDepth.allCases { #expect(depth.reduce(.default) == .default) }
    }

    @Test func depthsAreOrderedByRichness() {
        #expect(ColorDepth.allCases.sorted() == [.noColor, .ansi8, .ansi16, .palette256, .truecolor])
    }

    private func index(_ colour: TerminalColor) -> Int {
        if case let .indexed(n) = colour { return Int(n) }
        return -1
    }
}
