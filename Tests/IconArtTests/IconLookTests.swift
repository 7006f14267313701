import CellCanvas
import Foundation
import IconArt
import IconCatalog
import SymbolArt
import Testing
import TestSupport

/// What is drawn for an icon in each appearance: its own image, the light one standing in
/// (tinted greys for tinted), or an Icon Composer bundle rendered flat.
@Suite struct IconLookTests {
    let folder = TemporaryFolder()

    /// A set's icon with a blue light image and, when asked, a red dark one.
    func setIcon(withDark: Bool) -> AppIcon {
        let light = folder.write("light.png", PNGWriter.opaque(width: 64, height: 64, colour: (40, 120, 220)))
        var images = [IconImage(storage: .file(light), width: 64, height: 64, idiom: .universal, appearance: .light)]
        if withDark {
            let dark = folder.write("dark.png", PNGWriter.opaque(width: 64, height: 64, colour: (200, 20, 20)))
            images.append(IconImage(storage: .file(dark), width: 64, height: 64, idiom: .universal, appearance: .dark))
        }
        return AppIcon(name: "Blue", picturesFrom: .appiconset, assetName: "Blue", ordinal: nil, iconFiles: [],
                       prerendered: nil, images: images)
    }

    func file(_ artwork: IconArtwork?) -> String? {
        if case .file(let source)? = artwork { return (source.path as NSString).lastPathComponent }
        return nil
    }

    @Test func eachAppearanceShowsItsOwnImageElseTheLightOne() throws {
        let icon = setIcon(withDark: true)
        #expect(file(try IconLook(appearance: .light).artwork(for: icon, images: icon.images, width: 32, height: 32)) == "light.png")
        // The dark image is drawn on its backing, which its opaque pixels hide: red, not blue.
        guard case .bitmap(let dark, _)? = try IconLook(appearance: .dark).artwork(for: icon, images: icon.images,
                                                                                   width: 32, height: 32) else {
            Issue.record("expected the dark image drawn on its backing")
            return
        }
        #expect(dark[32, 32] == (200, 20, 20, 255))
        let lightOnly = setIcon(withDark: false)
        #expect(file(try IconLook(appearance: .dark).artwork(for: lightOnly, images: lightOnly.images, width: 32, height: 32))
                == "light.png")
    }

    @Test func tintedWithoutItsOwnImageIsTheLightOneInTintedGreys() throws {
        let icon = setIcon(withDark: false)
        let tint = try #require(IconColor(userText: "#FF0000"))
        guard case .bitmap(let bitmap, _)? = try IconLook(appearance: .tinted, tint: tint)
            .artwork(for: icon, images: icon.images, width: 32, height: 32) else {
            Issue.record("expected a drawn bitmap")
            return
        }
        #expect(bitmap.width == 64 && bitmap.height == 64)
        // Tinted red: no green or blue left, some red.
        let pixel = Array(bitmap.pixels[(32 * 64 + 32) * 4..<(32 * 64 + 32) * 4 + 4])
        #expect(pixel[0] > 0 && pixel[1] == 0 && pixel[2] == 0 && pixel[3] == 255)
    }

    /// An icon whose dark and tinted images are the artwork alone, as Apple asks: a 64 px
    /// square, transparent but for an orange 16 px square in its middle.
    func artworkOnlyIcon() -> AppIcon {
        let artwork = PNGWriter.png(width: 64, height: 64, alpha: true) { x, y in
            (24..<40).contains(x) && (24..<40).contains(y) ? (250, 140, 20, 255) : (0, 0, 0, 0)
        }
        let light = folder.write("light.png", PNGWriter.opaque(width: 64, height: 64, colour: (40, 120, 220)))
        let dark = folder.write("dark.png", artwork)
        let tinted = folder.write("tinted.png", artwork)
        return AppIcon(name: "Orange", picturesFrom: .appiconset, assetName: "Orange", ordinal: nil, iconFiles: [], prerendered: nil,
                       images: [IconImage(storage: .file(light), width: 64, height: 64, idiom: .universal, appearance: .light),
                                IconImage(storage: .file(dark), width: 64, height: 64, idiom: .universal, appearance: .dark),
                                IconImage(storage: .file(tinted), width: 64, height: 64, idiom: .universal, appearance: .tinted)])
    }

    func bitmap(_ artwork: IconArtwork?) -> RGBABitmap? {
        if case .bitmap(let bitmap, _)? = artwork { return bitmap }
        return nil
    }

    /// iOS 18 draws a dark image on its dark backing: #333333 at the top to #141414 at the
    /// bottom (`HomeScreenBacking`), mixed per row; the artwork itself keeps its colours.
    @Test func aDarkImageIsDrawnOnTheDarkBacking() throws {
        let icon = artworkOnlyIcon()
        let dark = try #require(bitmap(try IconLook(appearance: .dark).artwork(for: icon, images: icon.images, width: 64, height: 64)))
        #expect(dark[5, 0] == (51, 51, 51, 255))
        #expect(dark[5, 63] == (21, 21, 21, 255))
        #expect(dark[32, 32] == (250, 140, 20, 255))
        #expect(dark.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "opaque everywhere")
    }

    /// iOS 18 draws a tinted image as its luminance in the tint, on the backing seen through the
    /// tint: an orange image in the default grey tint is grey, however orange the file is.
    @Test func aTintedImageIsItsLuminanceInTheTintOnTheTintedBacking() throws {
        let icon = artworkOnlyIcon()
        let tinted = try #require(bitmap(try IconLook(appearance: .tinted).artwork(for: icon, images: icon.images,
                                                                                   width: 64, height: 64)))
        let middle = tinted[32, 32], corner = tinted[5, 0]
        #expect(middle.r == middle.g && middle.g == middle.b && middle.a == 255, "\(middle)")
        #expect(corner.r == corner.g && corner.g == corner.b && corner.a == 255, "\(corner)")
        // The artwork is lighter than the backing, and the backing stays near black.
        #expect(middle.r > 100 && corner.r < 50, "\(middle) \(corner)")
        // In a red tint, green and blue are gone from both.
        let red = try #require(IconColor(userText: "#FF0000"))
        let inRed = try #require(bitmap(try IconLook(appearance: .tinted, tint: red).artwork(for: icon, images: icon.images,
                                                                                               width: 64, height: 64)))
        #expect(inRed[32, 32].g == 0 && inRed[32, 32].b == 0 && inRed[32, 32].r > 100)
    }

    /// The pixel picture (what kitty, sixel and iTerm2 are sent) and the symbol art of a dark
    /// icon are opaque backing inside the rounded square where the image is transparent, and
    /// transparent outside it.
    @Test func theDarkBackingReachesThePixelPictureAndTheSymbolArt() throws {
        let icon = artworkOnlyIcon()
        let look = IconLook(appearance: .dark)
        let cell = try #require(CellPixelSize(width: 8, height: 16))
        let geometry = try #require(TileGeometry(columns: 8, rows: 4, cell: cell))
        let artwork = try #require(try look.artwork(for: icon, images: icon.images, width: geometry.width, height: geometry.height))
        let picture = try PixelPicture(artwork: artwork, geometry: geometry)
        // 64 px square in a 64×64 tile: (32, 4) is inside the rounded square, in transparent artwork.
        let inside = picture.bitmap[32, 4]
        #expect(inside.a == 255 && (35...55).contains(Int(inside.r)) && inside.r == inside.g && inside.g == inside.b, "\(inside)")
        #expect(picture.bitmap[0, 0].a == 0, "the corner stays outside the icon's shape")

        let renderer = TileRenderer(depth: .truecolor)
        let tile = try renderer.tile(forArtwork: artwork, name: "Orange", columns: 8, rows: 4)
        // The top row's middle cells lie over the backing: dark grey, never the terminal's own colours.
        for column in 3...4 {
            let cell = tile[column, 0]
            // A cell of one colour is a space, whose foreground is never seen.
            for colour in cell.text == " " ? [cell.background] : [cell.foreground, cell.background] {
                guard case .rgb(let r, let g, let b) = colour else {
                    Issue.record("cell \(column) shows \(colour), not the backing")
                    continue
                }
                #expect(r == g && g == b && (30...60).contains(Int(r)), "\(colour)")
            }
        }
    }

    @Test func anIconComposerBundleIsRenderedAtTheSizeAsked() throws {
        folder.writeJSON("Blue.icon/icon.json", [
            "fill": ["solid": "srgb:0.00000,0.00000,1.00000,1.00000"],
            "groups": [[String: Any]](),
        ])
        let icon = AppIcon(name: nil, picturesFrom: .icon, assetName: "Blue", assetPath: folder.url("Blue.icon"), ordinal: nil,
                           iconFiles: [], prerendered: nil, images: [])
        guard case .bitmap(let bitmap, _)? = try IconLook(boundary: folder.path).artwork(for: icon, images: [], width: 48, height: 40)
        else {
            Issue.record("expected a rendered bundle")
            return
        }
        #expect(bitmap.width == 48 && bitmap.height == 48)
        #expect(Array(bitmap.pixels[0..<4]) == [0, 0, 255, 255])
    }

    @Test func layersLeftOutOfABundleAreNamedWithThePicture() throws {
        folder.writeJSON("Gaps.icon/icon.json", [
            "fill": ["solid": "srgb:0.00000,0.00000,1.00000,1.00000"],
            "groups": [["layers": [["name": "one", "image-name": "gone.png"], ["name": "two", "image-name": "lost.svg"],
                                   ["name": "three", "image-name": "away.png"]]]],
        ])
        for broken in ["gone.png", "lost.svg", "away.png"] { folder.write("Gaps.icon/Assets/\(broken)", "not a picture") }
        let icon = AppIcon(name: nil, picturesFrom: .icon, assetName: "Gaps", assetPath: folder.url("Gaps.icon"), ordinal: nil,
                           iconFiles: [], prerendered: nil, images: [])
        let artwork = try IconLook(boundary: folder.path).artwork(for: icon, images: [], width: 32, height: 32)
        let problem = try #require(artwork?.problem)
        #expect(problem.hasPrefix(folder.url("Gaps.icon/icon.json") + ": groups[0].layers[2].image-name: “away.png” cannot be drawn"),
                "\(problem)")
        #expect(problem.hasSuffix(" (and 2 more layers)"), "\(problem)")
        #expect(!problem.contains("\n"))

        let whole = try IconLook(boundary: folder.path).artwork(for: setIcon(withDark: false), images: setIcon(withDark: false).images,
                                                                 width: 32, height: 32)
        #expect(whole != nil && whole?.problem == nil)
    }

    @Test func anIconWithNothingToShowHasNoArtwork() throws {
        let icon = AppIcon(name: nil, ordinal: nil, iconFiles: ["missing"], prerendered: nil, images: [])
        #expect(try IconLook().artwork(for: icon, images: [], width: 32, height: 32) == nil)
    }
}
