import Foundation
import IconArt
import IconCatalog
import Testing
import TestSupport

/// What is drawn for an icon in each appearance: its own image, the light one standing in
/// (tinted greys for tinted), or an Icon Composer bundle rendered flat.
@Suite struct IconLookTests {
    let folder = TemporaryFolder()

    /// A set's icon with a blue light image and, when asked, a red dark one.
    func setIcon(withDark: Bool) -> AppIcon {
        let light = folder.write("light.png", PNGWriter.opaque(width: 64, height: 64, colour: (40, 120, 220)))
        var images = [IconImage(source: .file(light), width: 64, height: 64, idiom: .universal, appearance: .light)]
        if withDark {
            let dark = folder.write("dark.png", PNGWriter.opaque(width: 64, height: 64, colour: (200, 20, 20)))
            images.append(IconImage(source: .file(dark), width: 64, height: 64, idiom: .universal, appearance: .dark))
        }
        return AppIcon(name: "Blue", source: .appiconset, assetName: "Blue", ordinal: nil, iconFiles: [],
                       prerendered: nil, images: images)
    }

    func file(_ artwork: IconArtwork?) -> String? {
        if case .file(let source)? = artwork { return (source.path as NSString).lastPathComponent }
        return nil
    }

    @Test func eachAppearanceShowsItsOwnImageElseTheLightOne() throws {
        let icon = setIcon(withDark: true)
        #expect(file(try IconLook(appearance: .light).artwork(for: icon, images: icon.images, width: 32, height: 32)) == "light.png")
        #expect(file(try IconLook(appearance: .dark).artwork(for: icon, images: icon.images, width: 32, height: 32)) == "dark.png")
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

    @Test func anIconComposerBundleIsRenderedAtTheSizeAsked() throws {
        folder.writeJSON("Blue.icon/icon.json", [
            "fill": ["solid": "srgb:0.00000,0.00000,1.00000,1.00000"],
            "groups": [[String: Any]](),
        ])
        let icon = AppIcon(name: nil, source: .icon, assetName: "Blue", assetPath: folder.url("Blue.icon"), ordinal: nil,
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
        let icon = AppIcon(name: nil, source: .icon, assetName: "Gaps", assetPath: folder.url("Gaps.icon"), ordinal: nil,
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
