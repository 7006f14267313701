import ChooserRuntime
import Foundation
import IconArt
import IconCatalog
import SymbolArt
import Testing
import TestSupport

/// `preview`'s pictures draw Icon Composer bundles in the seconds of SVG drawing its command
/// started with, handed to them, in symbol tiles and in pixel pictures alike.
@Suite struct IconPicturesTests {
    /// A bundle with one SVG layer, and the icon that shows it.
    static func svgBundleIcon(in folder: TemporaryFolder) -> AppIcon {
        folder.writeJSON("Glyph.icon/icon.json", [
            "fill": ["solid": "srgb:0.00000,0.00000,1.00000,1.00000"],
            "groups": [["layers": [["name": "art", "image-name": "art.svg"]]]],
        ])
        folder.write("Glyph.icon/Assets/art.svg",
                     #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/></svg>"#)
        return AppIcon(name: nil, picturesFrom: .icon, assetName: "Glyph", assetPath: folder.url("Glyph.icon"), ordinal: nil,
                       iconFiles: [], prerendered: nil, images: [])
    }

    static let spentLayer = "the command's SVG layers took their 0.0 s already"

    @Test func tilesDrawInTheSecondsTheyAreGiven() {
        let folder = TemporaryFolder()
        let icon = Self.svgBundleIcon(in: folder)
        let look = IconLook(boundary: folder.path)
        let ample = SVGTimeBudget(seconds: 60)
        let drawn = IconPictures(renderer: TileRenderer(depth: .truecolor), look: look, svgTime: ample)
            .tile(for: icon, columns: 8, rows: 4)
        #expect(drawn.problem == nil, "\(drawn.problem ?? "")")
        #expect(ample.secondsLeft < 60)
        let late = IconPictures(renderer: TileRenderer(depth: .truecolor), look: look, svgTime: SVGTimeBudget(seconds: 0))
            .tile(for: icon, columns: 8, rows: 4)
        #expect(late.problem?.contains(Self.spentLayer) == true, "\(late.problem ?? "")")
    }

    @Test func pixelPicturesDrawInTheSecondsTheyAreGiven() throws {
        let folder = TemporaryFolder()
        let icon = Self.svgBundleIcon(in: folder)
        let geometry = try #require(TileGeometry(columns: 8, rows: 4, cell: .standard))
        let look = IconLook(boundary: folder.path)
        let drawn = IconPictures.pixelPictures(for: [icon], geometry: geometry, look: look, svgTime: SVGTimeBudget(seconds: 60))
        #expect(drawn.first?.picture != nil && drawn.first?.problem == nil, "\(drawn.first?.problem ?? "")")
        let late = IconPictures.pixelPictures(for: [icon], geometry: geometry, look: look, svgTime: SVGTimeBudget(seconds: 0))
        #expect(late.first?.problem?.contains(Self.spentLayer) == true, "\(late.first?.problem ?? "")")
    }
}
