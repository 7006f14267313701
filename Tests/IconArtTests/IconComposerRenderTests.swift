import Foundation
import IconCatalog
import Testing
import TestSupport
@testable import IconArt

/// Icon Composer bundles written by the tests.
enum IconBundleFixture {
    /// `icon.json` from `document`, and each of `files` (name → bytes) in `Assets/`.
    static func write(_ document: [String: Any], files: [String: Data], in folder: TemporaryFolder,
                      named name: String = "Test.icon") -> IconComposerBundle {
        folder.write("\(name)/icon.json", try! JSONSerialization.data(withJSONObject: document))
        for (file, bytes) in files { folder.write("\(name)/Assets/\(file)", bytes) }
        return IconComposerBundle.read(at: folder.url(name))
    }

    static func solidPNG(_ width: Int, _ height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> Data {
        PNGWriter.png(width: width, height: height, alpha: true) { _, _ in rgba }
    }

    static func svg(_ body: String, width: Int, height: Int) -> Data {
        Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\">\(body)</svg>".utf8)
    }
}

extension RGBABitmap {
    /// A pixel as a comparable tuple array.
    func at(_ x: Int, _ y: Int) -> [UInt8] {
        let p = self[x, y]
        return [p.r, p.g, p.b, p.a]
    }
}

@Suite struct IconComposerRenderTests {
    /// A blue canvas (dark grey in dark); a 256 px red PNG, 60 % opaque, centred 256 points up
    /// and left of the middle; a 256×128 green SVG at half scale, 256 points down and right,
    /// filled yellow in dark. Drawn at 256 px, a quarter of a pixel per point.
    private func knownBundle(_ folder: TemporaryFolder) -> IconComposerBundle {
        IconBundleFixture.write([
            "fill": ["solid": "srgb:0,0,1,1"],
            "fill-specializations": [["appearance": "dark", "value": ["solid": "srgb:0.2,0.2,0.2,1"]]],
            "groups": [
                ["layers": [[
                    "name": "green", "image-name": "green.svg",
                    "position": ["scale": 0.5, "translation-in-points": [256, 256]],
                    "fill-specializations": [["appearance": "dark", "value": ["solid": "srgb:1,1,0,1"]]],
                ]]],
                ["layers": [[
                    "name": "red", "image-name": "red.png", "opacity": 0.6,
                    "position": ["scale": 1, "translation-in-points": [-256, -256]],
                ]]],
            ],
        ], files: [
            "red.png": IconBundleFixture.solidPNG(256, 256, (255, 0, 0, 255)),
            "green.svg": IconBundleFixture.svg("<rect width=\"256\" height=\"128\" fill=\"#00FF00\"/>", width: 256, height: 128),
        ], in: folder)
    }

    /// Renderings that share a budget of SVG time (a command's) stop drawing SVG layers once it is
    /// spent, each such layer a warning; the others are drawn, and a rendering of its own has its own time.
    @Test func renderingsSharingSVGTimeStopDrawingOnceItIsSpent() {
        let folder = TemporaryFolder()
        let bundle = knownBundle(folder)
        let shared = SVGTimeBudget(seconds: 5)
        let first = IconComposerRenderer(svgTime: shared).render(bundle, appearance: .light, pixelSize: 256)
        #expect(first.warnings.isEmpty, "\(first.warnings)")
        #expect(first.bitmap.at(190, 190) == [0, 255, 0, 255])
        #expect(shared.secondsLeft < 5)

        let spent = SVGTimeBudget(seconds: 0)
        let late = IconComposerRenderer(svgTime: spent).render(bundle, appearance: .light, pixelSize: 256)
        #expect(late.warnings.map(\.message) == ["“green.svg” cannot be drawn: not drawn: the command's SVG layers took their 0.0 s already"])
        #expect(late.bitmap.at(190, 190) == [0, 0, 255, 255])  // the canvas, no layer
        #expect(late.bitmap.at(64, 64) == [153, 0, 102, 255])  // the PNG layer still drawn

        let alone = IconComposerRenderer(svgTime: nil).render(bundle, appearance: .light, pixelSize: 256)
        #expect(alone.warnings.isEmpty && alone.bitmap.at(190, 190) == [0, 255, 0, 255])
    }

    @Test func knownLayersLandOnKnownPixels() {
        let folder = TemporaryFolder()
        let bundle = knownBundle(folder)
        #expect(bundle.warnings.isEmpty, "\(bundle.warnings)")
        let rendering = IconComposerRenderer().render(bundle, appearance: .light, pixelSize: 256)
        let picture = rendering.bitmap
        #expect(rendering.warnings.isEmpty, "\(rendering.warnings)")
        #expect(picture.width == 256 && picture.height == 256)
        #expect(picture.at(0, 0) == [0, 0, 255, 255])
        #expect(picture.at(255, 255) == [0, 0, 255, 255])
        // The PNG covers x and y 32 ..< 96: red at 0.6 over blue.
        #expect(picture.at(64, 64) == [153, 0, 102, 255])
        #expect(picture.at(32, 32) == [153, 0, 102, 255])
        #expect(picture.at(95, 95) == [153, 0, 102, 255])
        #expect(picture.at(31, 64) == [0, 0, 255, 255])
        #expect(picture.at(64, 96) == [0, 0, 255, 255])
        // The SVG covers x 176 ..< 208, y 184 ..< 200.
        #expect(picture.at(192, 192) == [0, 255, 0, 255])
        #expect(picture.at(176, 184) == [0, 255, 0, 255])
        #expect(picture.at(207, 199) == [0, 255, 0, 255])
        #expect(picture.at(175, 192) == [0, 0, 255, 255])
        #expect(picture.at(192, 200) == [0, 0, 255, 255])
        #expect(rendering.derivation == nil)
    }

    @Test func theDarkSpecializationChangesTheCanvasAndTheLayerFill() {
        let folder = TemporaryFolder()
        let rendering = IconComposerRenderer().render(knownBundle(folder), appearance: .dark, pixelSize: 256)
        let picture = rendering.bitmap
        #expect(picture.at(0, 0) == [51, 51, 51, 255])
        // 0.6 red over 0.2 grey: 0.6 + 0.2 × 0.4 = 0.68 red, 0.08 green and blue.
        #expect(picture.at(64, 64) == [173, 20, 20, 255])
        #expect(picture.at(192, 192) == [255, 255, 0, 255])
        #expect(rendering.derivation == nil)
    }

    @Test func theTintedAppearanceIsGreyAndTinted() {
        let folder = TemporaryFolder()
        let renderer = IconComposerRenderer(tint: IconColor(red: 1, green: 0.5, blue: 0))
        let picture = renderer.render(knownBundle(folder), appearance: .tinted, pixelSize: 256).bitmap
        // Green's luminance (0.7152) times the tint in linear light.
        #expect(picture.at(192, 192) == [220, 109, 0, 255])
        // No tinted canvas of its own: the system's near-black one, tinted.
        let corner = picture.at(0, 0)
        #expect(corner[2] == 0 && corner[0] < 60 && corner[0] >= corner[1])
    }

    @Test func groupOpacityAppliesToTheGroupAsAWhole() {
        let folder = TemporaryFolder()
        // Two opaque white layers on top of each other in a group at 0.5: the group shows
        // as one white layer at 0.5, not as two half layers (which would give 0.75).
        let bundle = IconBundleFixture.write([
            "fill": ["solid": "srgb:0,0,0,1"],
            "groups": [["opacity": 0.5, "layers": [["image-name": "white.png"], ["image-name": "white.png"]]]],
        ], files: ["white.png": IconBundleFixture.solidPNG(1024, 1024, (255, 255, 255, 255))], in: folder)
        let picture = IconComposerRenderer().render(bundle, appearance: .light, pixelSize: 64).bitmap
        #expect(picture.at(32, 32) == [128, 128, 128, 255])
    }

    @Test func gradientsRunTopToBottomAndLayerFillsKeepTheShape() {
        let folder = TemporaryFolder()
        let bundle = IconBundleFixture.write([
            "fill": ["linear-gradient": ["srgb:0,0,0,1", "srgb:1,1,1,1"]],
            "groups": [["layers": [[
                "image-name": "ring.png",
                "fill": ["solid": "display-p3:1,0,0,1"],
            ]]]],
        ], files: [
            // A 1024 px picture, opaque only in its middle 512 × 512.
            "ring.png": PNGWriter.png(width: 1024, height: 1024, alpha: true) { x, y in
                (256..<768).contains(x) && (256..<768).contains(y) ? (0, 0, 255, 255) : (0, 0, 0, 0)
            },
        ], in: folder)
        let picture = IconComposerRenderer().render(bundle, appearance: .light, pixelSize: 256).bitmap
        // Row y shows (y + 0.5) / 256 of the way from black to white.
        for y in [0, 10, 127, 200, 255] {
            let expected = UInt8((((Double(y) + 0.5) / 256) * 255).rounded())
            #expect(picture.at(5, y) == [expected, expected, expected, 255], "row \(y)")
        }
        // The blue square is filled with the layer's P3 red, which is sRGB red once clipped.
        #expect(picture.at(128, 128) == [255, 0, 0, 255])
        #expect(picture.at(63, 128)[0] == picture.at(63, 128)[1])
    }

    @Test func layersLargerThanTheCanvasAreDrawnOnlyWhereSeen() {
        let folder = TemporaryFolder()
        // A 64 px PNG at scale 40 (2560 points), half of it off the canvas, enlarged.
        let bundle = IconBundleFixture.write([
            "fill": "none",
            "groups": [["layers": [[
                "image-name": "halves.png",
                "position": ["scale": 40, "translation-in-points": [1280, 0]],
            ]]]],
        ], files: [
            "halves.png": PNGWriter.png(width: 64, height: 64, alpha: true) { x, _ in x < 32 ? (255, 0, 0, 255) : (0, 0, 255, 255) },
        ], in: folder)
        let (rendering, use) = ResourceUse.measure { IconComposerRenderer().render(bundle, appearance: .light, pixelSize: 128) }
        #expect(use.seconds < 1, "\(use)")
        // The layer's left edge is at the canvas's centre; its red half covers the rest.
        #expect(rendering.bitmap.at(10, 64) == [0, 0, 0, 0])
        #expect(rendering.bitmap.at(100, 64) == [255, 0, 0, 255])
    }

    @Test func undrawableLayersAreLeftOutWithAWarning() {
        let folder = TemporaryFolder()
        let bundle = IconBundleFixture.write([
            "fill": ["solid": "srgb:1,1,1,1"],
            "groups": [["layers": [
                ["image-name": "broken.png"],
                ["image-name": "broken.svg"],
                ["image-name": "sizeless.svg"],
                ["image-name": "ok.png", "opacity": 0.5],
            ]]],
        ], files: [
            "broken.png": Data("\u{89}PNG not really".utf8),
            "broken.svg": Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8),
            "sizeless.svg": Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"5\" height=\"5\"/></svg>".utf8),
            "ok.png": IconBundleFixture.solidPNG(1024, 1024, (0, 0, 0, 255)),
        ], in: folder)
        let rendering = IconComposerRenderer().render(bundle, appearance: .light, pixelSize: 32)
        let file = folder.url("Test.icon/icon.json")
        #expect(rendering.warnings.map(\.code) == Array(repeating: .iconLayerUndrawable, count: 3))
        #expect(rendering.warnings.map(\.subject) == ["groups[0].layers[2]", "groups[0].layers[1]", "groups[0].layers[0]"]
            .map { "\(file): \($0).image-name" })
        #expect(rendering.warnings[0].message == "“sizeless.svg” cannot be drawn: declares neither a size nor a viewBox")
        #expect(rendering.warnings[1].message.hasPrefix("“broken.svg” cannot be drawn: not a valid SVG ("))
        #expect(rendering.warnings[2].message == "“broken.png” cannot be drawn: not a PNG file (no PNG signature)")
        // What could be drawn still is: black at half over white.
        #expect(rendering.bitmap.at(16, 16) == [128, 128, 128, 255])
    }

    @Test func hostileLayerFilesCostLittle() {
        let folder = TemporaryFolder()
        // A PNG header declaring 100000×100000 pixels, and a huge hostile SVG beside it.
        var bomb = PNGWriter.png(width: 1, height: 1, alpha: true) { _, _ in (0, 0, 0, 0) }
        bomb.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        let crc = ~bomb[12..<29].reduce(UInt32.max) { crc, byte in
            (0..<8).reduce(crc ^ UInt32(byte)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        bomb.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 255), UInt8(crc >> 8 & 255), UInt8(crc & 255)])
        let bundle = IconBundleFixture.write([
            "groups": [["layers": [["image-name": "bomb.png"], ["image-name": "laughs.svg"]]]],
        ], files: [
            "bomb.png": bomb,
            "laughs.svg": Data("<!DOCTYPE svg [<!ENTITY a \"x\"><!ENTITY b \"&a;&a;&a;&a;\">]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"9\" height=\"9\">&b;</svg>".utf8),
        ], in: folder)
        let (rendering, use) = ResourceUse.measure { IconComposerRenderer().render(bundle, appearance: .light, pixelSize: 512) }
        #expect(use.seconds < 1, "\(use)")
        #expect(use.peakGrowthBytes < 200 << 20, "\(use)")
        #expect(rendering.warnings.map(\.code) == [.iconLayerUndrawable, .iconLayerUndrawable])
        #expect(rendering.warnings[1].message.contains("too large"))
        // The canvas is still drawn: the system's white.
        #expect(rendering.bitmap.at(256, 256) == [255, 255, 255, 255])
    }

    /// Colours whose numbers are finite but whose conversion to sRGB is not (the P3 curve
    /// overflows to infinity, the matrix makes NaN) are warnings naming the key, in the solid
    /// fill and both gradient kinds, and never reach a pixel.
    @Test func coloursThatConvertToNaNAreWarningsNotTraps() {
        let folder = TemporaryFolder()
        let huge = "display-p3:1e300,1e300,1e300,1"
        let bundle = IconBundleFixture.write([
            "fill": ["linear-gradient": [huge, "srgb:0,0,1,1"]],
            "groups": [["layers": [
                ["image-name": "square.svg", "fill": ["solid": huge]],
                ["image-name": "square.svg", "fill": ["automatic-gradient": "extended-display-p3:-1e300,1e300,0"]],
                ["image-name": "square.svg", "fill": ["linear-gradient": ["extended-srgb:1e300,-1e300,1e300,1e300", huge]]],
            ]]],
        ], files: [
            "square.svg": IconBundleFixture.svg("<rect width=\"64\" height=\"64\" fill=\"#00FF00\"/>", width: 64, height: 64),
        ], in: folder)
        let file = folder.url("Test.icon/icon.json")
        let malformed = bundle.warnings.filter { $0.code == .iconJsonMalformed }
        #expect(malformed.map(\.subject) == ["fill.linear-gradient[0]", "groups[0].layers[0].fill.solid",
                                             "groups[0].layers[1].fill.automatic-gradient",
                                             "groups[0].layers[2].fill.linear-gradient[1]"].map { "\(file): \($0)" })
        #expect(malformed.first?.message == "“\(huge)” gives no finite colour in sRGB (its components are too large); not drawn")
        for appearance in [IconAppearance.light, .dark, .tinted] {
            let rendering = IconComposerRenderer().render(bundle, appearance: appearance, pixelSize: 64)
            #expect(rendering.bitmap.pixels.count == 64 * 64 * 4)
        }
        // Extended sRGB's huge components are clamped, not refused: they convert to no NaN.
        #expect(IconColor(parsing: "extended-srgb:1e300,-1e300,0.5,1e300") == IconColor(red: 1, green: 0, blue: 0.5, alpha: 1))
        #expect(IconColor(red: .nan, green: .infinity, blue: -.infinity, alpha: .nan) == IconColor(red: 0, green: 1, blue: 0, alpha: 0))
    }

    /// A NaN that reaches the canvas by any other way becomes 0, never a Float→UInt8 trap.
    @Test func aNaNSampleOnTheCanvasIsDrawnAsNothing() {
        var canvas = CompositeCanvas(width: 2, height: 1)
        canvas.composite(LayerPatch(rect: PixelRect(x: 0, y: 0, width: 2, height: 1),
                                    samples: [.nan, .nan, .nan, 1, .nan, 0.5, 0.5, .nan]), opacity: 1)
        #expect(canvas.bitmap.pixels.count == 8)
    }

    @Test func effectsThatAreNotDrawnAreReported() {
        let folder = TemporaryFolder()
        let bundle = IconBundleFixture.write([
            "groups": [["layers": [["image-name": "a.png", "glass": true]], "shadow": ["kind": "neutral", "opacity": 0.5],
                        "translucency": ["enabled": true, "value": 0.4], "specular": true]],
        ], files: ["a.png": IconBundleFixture.solidPNG(8, 8, (0, 0, 0, 255))], in: folder)
        let rendering = IconComposerRenderer().render(bundle, appearance: .dark, pixelSize: 16)
        #expect(rendering.unsimulatedEffects == [.glass, .shadow, .translucency, .specular])
        #expect(rendering.derivation == .systemRendition)
    }
}

@Suite struct TintedIconTests {
    @Test func lightnessBecomesTheTint() {
        let pixels: [UInt8] = [255, 255, 255, 255, 255, 0, 0, 255, 128, 128, 128, 200, 0, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 255]
        let picture = RGBABitmap(width: 6, height: 1, pixels: pixels)
        let grey = picture.tinted()
        #expect(grey.pixels == [191, 191, 191, 255, 94, 94, 94, 255, 94, 94, 94, 200, 0, 0, 0, 255, 0, 0, 0, 0, 164, 164, 164, 255])
        // Expected values from the same formula in Python's floats, none of them near a rounding tie.
        let orange = TintedIcon.tinted(picture, with: IconColor(red: 1, green: 0.4, blue: 0.2))
        #expect(orange.pixels.prefix(20) == [255, 102, 51, 255, 127, 47, 20, 255, 128, 47, 20, 200, 0, 0, 0, 255, 0, 0, 0, 0])
        #expect(TintedIcon.tinted(picture, with: .white).pixels.prefix(8) == [255, 255, 255, 255, 127, 127, 127, 255])
    }
}

/// The real bundles of `../shared/corpus/real-projects`, checked by pixels at known places.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct IconComposerCorpusRenderTests {
    private func render(_ relative: String, _ appearance: IconAppearance, size: Int = 128) -> IconComposerRendering {
        let bundle = IconComposerBundle.read(at: RealProjectCorpus.path(relative))
        return IconComposerRenderer().render(bundle, appearance: appearance, pixelSize: size)
    }

    /// Close to `expected` in every channel (gradients and antialiasing move values a little).
    private func near(_ pixel: [UInt8], _ expected: [UInt8], within tolerance: Int = 6) -> Bool {
        zip(pixel, expected).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test func keepassiumDrawsAWhiteSymbolOnItsBlueGradient() {
        let rendering = render("keepassium_KeePassium/KeePassium/app-icon.icon", .light)
        #expect(rendering.warnings.isEmpty, "\(rendering.warnings)")
        let picture = rendering.bitmap
        // Near the bottom corner, inside the rounded mask: the automatic gradient's own colour
        // (display-p3 0.039, 0.639, 0.918 is sRGB 0, 166, 240), lighter towards the top.
        #expect(near(picture.at(40, 120), [0, 166, 240, 255]), "\(picture.at(40, 120))")
        #expect(picture.at(64, 20)[0] > picture.at(64, 120)[0] + 30)
        // The symbol's left ball (at 26, 72 of 128) is white.
        #expect(picture.at(26, 72) == [255, 255, 255, 255], "\(picture.at(26, 72))")
        // Dark: the same white symbol on the system's dark canvas.
        let dark = render("keepassium_KeePassium/KeePassium/app-icon.icon", .dark).bitmap
        #expect(dark.at(26, 72) == [255, 255, 255, 255])
        #expect(dark.at(40, 120)[0] < 30 && dark.at(40, 120)[2] < 30)
    }

    @Test func keepassiumEMMPutsItsBriefcaseOnTheBlueCorner() {
        let picture = render("keepassium_KeePassium/KeePassium/app-icon-emm.icon", .light).bitmap
        #expect(picture.at(20, 115) == [255, 255, 255, 255])
        // The corner triangle (#0AA3EA) …
        #expect(picture.at(125, 5) == [10, 163, 234, 255])
        // … with the white briefcase (its first layer, so the topmost) drawn over it.
        // Drawn under the corner instead, none of these would be light.
        var light = 0
        for y in 14..<26 { for x in 96..<118 where picture.at(x, y)[0] > 200 { light += 1 } }
        #expect(light > 20, "\(light) light pixels where the briefcase is")
    }

    @Test func homeAssistantShowsItsFrameInLightAndItsLogoInDark() {
        let light = render("home-assistant_iOS/Sources/App/Resources/AppIcon.icon", .light)
        #expect(light.warnings.isEmpty, "\(light.warnings)")
        // The PNG frame is filled white, with the canvas (the automatic gradient of #18BCF2)
        // showing through where the logo is cut out of it.
        #expect(light.bitmap.at(40, 90) == [255, 255, 255, 255], "\(light.bitmap.at(40, 90))")
        #expect(near(light.bitmap.at(10, 122), [24, 188, 242, 255]), "\(light.bitmap.at(10, 122))")
        #expect(near(light.bitmap.at(64, 64), [24, 188, 242, 255], within: 40))
        // Dark: the SVG logo instead, its house #18BCF2 and its mark #F2F4F9, on the dark canvas.
        let dark = render("home-assistant_iOS/Sources/App/Resources/AppIcon.icon", .dark)
        #expect(dark.bitmap.at(30, 90) == [24, 188, 242, 255], "\(dark.bitmap.at(30, 90))")
        #expect(dark.bitmap.at(64, 64) == [242, 244, 249, 255], "\(dark.bitmap.at(64, 64))")
        #expect(dark.bitmap.at(10, 122)[2] < 40)
        #expect(dark.unsimulatedEffects.contains(.glass))
    }

    @Test func everyRealBundleRendersInEveryAppearanceWithoutWarnings() {
        let bundles = ["home-assistant_iOS/Sources/App/Resources/AppIcon.icon",
                       "home-assistant_iOS/Sources/App/Resources/AppIcon.dev.icon",
                       "keepassium_KeePassium/KeePassium/app-icon.icon",
                       "keepassium_KeePassium/KeePassium/app-icon-pro.icon",
                       "keepassium_KeePassium/KeePassium/app-icon-emm.icon"]
        for relative in bundles {
            for appearance in IconAppearance.allCases {
                let rendering = render(relative, appearance, size: 48)
                #expect(rendering.warnings.isEmpty, "\(relative) \(appearance): \(rendering.warnings)")
                // Opaque everywhere: every real canvas fill covers the square.
                #expect(stride(from: 3, to: rendering.bitmap.pixels.count, by: 4).allSatisfy { rendering.bitmap.pixels[$0] == 255 })
                if appearance == .tinted {
                    #expect(stride(from: 0, to: rendering.bitmap.pixels.count, by: 4).allSatisfy {
                        rendering.bitmap.pixels[$0] == rendering.bitmap.pixels[$0 + 1]
                    }, "\(relative) tinted should be grey")
                }
            }
        }
    }
}
