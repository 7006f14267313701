import CellCanvas
import ChooserRuntime
import IconArt
import IconCatalog
import SymbolArt
@testable import TerminalGraphics
import Testing
import TerminalStreams
import TestSupport

/// Habitica's dark and tinted icons as the chooser sends them to kitty and draws them in
/// symbols: its dark images are the artwork alone (84–88% transparent), which iOS 18 draws on
/// its dark backing, and `PrideHabiticaAltBlack`'s tinted image is an orange picture, which
/// iOS 18 shows as its luminance in the tint.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct HomeScreenAppearanceTests {
    let catalog: AppIconCatalog
    let geometry = TileGeometry(columns: 12, rows: 6, cell: CellPixelSize(width: 10, height: 20)!)!

    init() throws {
        catalog = try CatalogReader.read(app: RealProjectCorpus.path("HabitRPG_habitica-ios"))
    }

    /// The picture kitty is sent for `name` in `appearance`, decoded back from its bytes.
    func kittyPicture(_ name: String, _ appearance: IconAppearance) throws -> RGBABitmap {
        let icon = try #require(catalog.alternate(named: name))
        let look = IconLook(catalog: catalog, appearance: appearance)
        let picture = try #require(IconPictures.pixelPictures(for: [icon], geometry: geometry, look: look).first?.picture)
        return try kittyImage(try kittyCommands(try KittyGraphics.transmit(picture, imageID: 1, format: .zlibRGBA)))
    }

    /// The share of the picture's pixels that are opaque.
    func opaqueShare(_ bitmap: RGBABitmap) -> Double {
        var opaque = 0
        for y in 0..<bitmap.height { for x in 0..<bitmap.width where bitmap[x, y].a == 255 { opaque += 1 } }
        return Double(opaque) / Double(bitmap.width * bitmap.height)
    }

    @Test func aDarkIconFillsItsRoundedSquareWithTheBacking() throws {
        for name in ["Red", "BlueAltBlack", "PrideHabiticaAltBlack"] {
            let dark = try kittyPicture(name, .dark)
            // The rounded square covers about 95% of its square; the picture is that square.
            #expect(opaqueShare(dark) > 0.9, "\(name): \(opaqueShare(dark))")
            // Just inside the top edge, the artwork leaves the backing's top: #333333.
            let top = dark[dark.width / 2, 3]
            #expect(top.a == 255 && abs(Int(top.r) - 51) <= 3 && top.r == top.g && top.g == top.b, "\(name): \(top)")
            #expect(dark[0, 0].a == 0, "\(name): the corner is outside the icon")
        }
        // A light icon is as it was: Habitica's light images are opaque squares, cut to the shape.
        let light = try kittyPicture("Red", .light)
        #expect(light[light.width / 2, 3].a == 255 && light[light.width / 2, 3].r > 150)
    }

    @Test func aTintedIconIsGreyInTheDefaultTintWhateverItsImage() throws {
        for name in ["PrideHabiticaAltBlack", "Red"] {
            let tinted = try kittyPicture(name, .tinted)
            var coloured = 0
            for y in 0..<tinted.height {
                for x in 0..<tinted.width where tinted[x, y].a > 0 {
                    let p = tinted[x, y]
                    if p.r != p.g || p.g != p.b { coloured += 1 }
                }
            }
            #expect(coloured == 0, "\(name): \(coloured) pixels are not grey")
            #expect(opaqueShare(tinted) > 0.9, "\(name): \(opaqueShare(tinted))")
        }
    }

    @Test func theSymbolArtShowsTheBackingAndTheTintToo() throws {
        let renderer = TileRenderer(depth: .truecolor)
        let pictures = IconPictures(renderer: renderer, look: IconLook(catalog: catalog))
        let icon = try #require(catalog.alternate(named: "PrideHabiticaAltBlack"))
        func colours(_ tile: CellGrid) -> [TerminalColor] {
            (0..<tile.height).flatMap { y in (0..<tile.width).flatMap { x in [tile[x, y].foreground, tile[x, y].background] } }
        }
        let tinted = pictures.tile(for: icon, columns: 12, rows: 6, appearance: .tinted).picture
        for colour in colours(tinted) {
            if case .rgb(let r, let g, let b) = colour { #expect(r == g && g == b, "\(colour) is not grey") }
        }
        let dark = pictures.tile(for: icon, columns: 12, rows: 6, appearance: .dark).picture
        // The top row's middle cells lie over the backing, not over the terminal's background.
        for x in 4..<8 {
            guard case .rgb(let r, let g, let b) = dark[x, 0].background else {
                Issue.record("cell \(x) of the top row shows \(dark[x, 0].background), not the backing")
                continue
            }
            #expect(r == g && g == b && (35...60).contains(Int(r)), "\(dark[x, 0].background)")
        }
    }
}
