import Foundation
import Testing
@testable import IconCatalog

/// The neutral grey IconArt tints with by default (0.75), restated here.
private enum TintedIconDefault {
    static let grey = IconColor(red: 0.75, green: 0.75, blue: 0.75)
}

@Suite struct IconColorTests {
    @Test func everyColourSpaceConvertsToSRGB() throws {
        let srgb = try #require(IconColor(parsing: "srgb:0.09412,0.73725,0.94902,1.00000"))
        #expect(srgb == IconColor(red: 0.09412, green: 0.73725, blue: 0.94902))
        #expect(IconColor(parsing: "gray:0.5,0.25") == IconColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25))
        #expect(IconColor(parsing: "extended-gray:1.00000,1.00000") == .white)
        #expect(IconColor(parsing: "display-p3:1.00000,1.00000,1.00000,1.00000") == .white)
        #expect(IconColor(parsing: "display-p3:0,0,0,1") == .black)
        // P3's pure red lies outside sRGB: clipped per channel, it is sRGB's pure red.
        #expect(IconColor(parsing: "display-p3:1,0,0,1") == IconColor(red: 1, green: 0, blue: 0))
        // Extended components beyond 0…1 are clipped; missing alpha is opaque.
        #expect(IconColor(parsing: "extended-srgb:1.2,-0.1,0.5") == IconColor(red: 1, green: 0, blue: 0.5))
    }

    @Test func displayP3MidTonesMatchTheStandardConversion() throws {
        // display-p3 (0.5, 0.6, 0.7) is sRGB (0.4737, 0.6038, 0.7103), computed apart from the
        // code from both spaces' primaries and the D65 white point (numpy).
        let color = try #require(IconColor(parsing: "display-p3:0.5,0.6,0.7,1"))
        #expect(abs(color.red - 0.4737) < 0.0005)
        #expect(abs(color.green - 0.6038) < 0.0005)
        #expect(abs(color.blue - 0.7103) < 0.0005)
    }

    @Test func userColoursAreHexOrAnyDocumentForm() {
        #expect(IconColor(userText: "#ff8000") == IconColor(red: 1, green: 128.0 / 255, blue: 0))
        #expect(IconColor(userText: " #F80 ") == IconColor(red: 1, green: 136.0 / 255, blue: 0))
        #expect(IconColor(userText: "gray:0.75") == TintedIconDefault.grey)
        #expect(IconColor(userText: "srgb:0,0,1") == IconColor(red: 0, green: 0, blue: 1))
        for bad in ["#ff80", "#gg0000", "orange", "#", "#-12345"] {
            #expect(IconColor(userText: bad) == nil, "\(bad)")
        }
    }

    @Test func malformedColoursAreRefused() {
        for text in ["", "srgb", "srgb:", "srgb:1,1", "srgb:1,1,1,1,1", "rgb:1,1,1", "gray:nan,1", "srgb:a,b,c",
                     "display-p3:1,1", "gray:1,1,1", String(repeating: "9", count: 300)] {
            #expect(IconColor(parsing: text) == nil, "\(text)")
        }
    }
}

@Suite struct IconComposerBundleTests {
    /// A bundle with this `icon.json` and these layer files (written as small PNG headers or SVG text).
    private func bundle(_ json: Any, files: [String] = [], in folder: TemporaryFolder = TemporaryFolder()) -> IconComposerBundle {
        folder.writeJSON("Test.icon/icon.json", json)
        for file in files {
            if file.hasSuffix(".svg") {
                folder.write("Test.icon/Assets/\(file)", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>")
            } else {
                folder.writePNGHeader("Test.icon/Assets/\(file)", width: 10, height: 10)
            }
        }
        return IconComposerBundle.read(at: folder.url("Test.icon"))
    }

    @Test func specializationsGiveEachAppearanceItsValues() {
        let icon = bundle([
            "fill-specializations": [
                ["value": ["solid": "srgb:1,0,0,1"]],
                ["appearance": "dark", "value": ["solid": "srgb:0,0,1,1"]],
                ["idiom": "watchOS", "value": ["solid": "srgb:0,1,0,1"]],
            ],
            "groups": [[
                "layers": [
                    ["name": "top", "image-name": "top.svg", "opacity": 0.5,
                     "opacity-specializations": [["appearance": "tinted", "value": 0.25]],
                     "hidden-specializations": [["appearance": "dark", "value": true]]],
                    ["name": "bottom", "image-name": "bottom.png",
                     "image-name-specializations": [["appearance": "dark", "value": "bottom-dark.png"]],
                     "position": ["scale": 0.5, "translation-in-points": [10, -20]],
                     "fill": ["automatic-gradient": "gray:0.4,1"],
                     "fill-specializations": [["appearance": "tinted", "value": "none"]]],
                ],
                "position": ["scale": 2, "translation-in-points": [100, 0]],
            ]],
        ], files: ["top.svg", "bottom.png", "bottom-dark.png"])
        #expect(icon.warnings.isEmpty, "\(icon.warnings)")
        #expect(icon.document.fill == AppearanceValues(.solid(IconColor(red: 1, green: 0, blue: 0)),
                                                        dark: .solid(IconColor(red: 0, green: 0, blue: 1))))
        #expect(icon.document.specializedAppearances == [.dark, .tinted])

        let light = icon.composition(for: .light)
        #expect(light.background == .solid(IconColor(red: 1, green: 0, blue: 0)))
        #expect(light.groups.count == 1)
        #expect(light.groups[0].layers.map(\.name) == ["bottom", "top"])
        #expect(light.groups[0].layers.map(\.opacity) == [1, 0.5])
        // The group's position applies on top of the layer's.
        #expect(light.groups[0].layers[0].position == IconPosition(scale: 1, translationX: 120, translationY: -40))
        #expect(light.groups[0].layers[0].fill == .linearGradient(IconColor(red: 0.55, green: 0.55, blue: 0.55),
                                                                   IconColor(red: 0.4, green: 0.4, blue: 0.4),
                                                                   start: .top, stop: .bottom))

        let dark = icon.composition(for: .dark)
        #expect(dark.background == .solid(IconColor(red: 0, green: 0, blue: 1)))
        #expect(dark.groups[0].layers.map(\.asset.imageName) == ["bottom-dark.png"])
        #expect(dark.derivation == nil)

        let tinted = icon.composition(for: .tinted)
        // No tinted canvas of its own: the system's dark one.
        #expect(tinted.background == IconFill.systemDarkGradient)
        #expect(tinted.groups[0].layers.map(\.opacity) == [1, 0.25])
        #expect(tinted.groups[0].layers[0].fill == nil)
        #expect(tinted.derivation == nil)
    }

    @Test func squareSpecializationsWinOverGeneralOnes() {
        let icon = bundle(["groups": [["layers": [[
            "image-name": "a.png",
            "opacity-specializations": [
                ["idiom": "square", "appearance": "dark", "value": 0.75],
                ["appearance": "dark", "value": 0.5],
            ],
        ]]]]], files: ["a.png"])
        #expect(icon.document.groups[0].layers[0].opacity == AppearanceValues(1, dark: 0.75))
    }

    @Test func hiddenGroupsAndInvisibleLayersAreLeftOut() {
        let icon = bundle(["groups": [
            ["hidden": true, "layers": [["image-name": "a.png"]]],
            ["opacity": 0, "layers": [["image-name": "a.png"]]],
            ["layers": [["image-name": "a.png", "opacity": 0], ["image-name": "a.png", "hidden": true]]],
            ["layers": [["image-name": "a.png"]], "hidden-specializations": [["appearance": "dark", "value": true]]],
        ]], files: ["a.png"])
        #expect(icon.composition(for: .light).groups.count == 1)
        #expect(icon.composition(for: .dark).groups.isEmpty)
    }

    @Test func unsimulatedEffectsAreCollected() {
        let icon = bundle(["groups": [
            ["layers": [["image-name": "a.png", "glass": true, "blend-mode": "normal"]],
             "shadow": ["kind": "none", "opacity": 0.5], "translucency": ["enabled": false, "value": 0.5],
             "specular": false, "blur-material": NSNull()],
            ["layers": [["image-name": "a.png", "glass-specializations": [["appearance": "dark", "value": false]]]],
             "shadow-specializations": [["appearance": "dark", "value": ["kind": "neutral", "opacity": 0.5]]],
             "blend-mode": "multiply"],
        ]], files: ["a.png"])
        #expect(icon.unsimulatedEffects == [.glass, .shadow, .blendMode])
    }

    @Test func missingUnsafeAndUndrawableLayersAreWarningsNamingTheKey() throws {
        let folder = TemporaryFolder()
        folder.write("secret.png", "outside the bundle")
        folder.write("Test.icon/Assets/notes.txt", "text")
        try FileManager.default.createDirectory(atPath: folder.url("Test.icon/Assets"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url("Test.icon/Assets/link.png"),
                                                   withDestinationPath: folder.url("secret.png"))
        let icon = bundle(["groups": [["layers": [
            ["image-name": "gone.svg"],
            ["image-name": "../../secret.png"],
            ["image-name": "link.png"],
            ["image-name": "notes.txt"],
            ["name": "nameless"],
            ["image-name": "ok.svg"],
        ]]]], files: ["ok.svg"], in: folder)
        let file = folder.url("Test.icon/icon.json")
        #expect(icon.warnings.map(\.code) == [.iconJsonMalformed, .iconLayerMissing, .iconLayerUnsafe,
                                              .iconLayerUnsafe, .iconLayerUndrawable])
        #expect(icon.warnings.map(\.subject) == ["groups[0].layers[4]", "groups[0].layers[0].image-name",
                                                 "groups[0].layers[1].image-name", "groups[0].layers[2].image-name",
                                                 "groups[0].layers[3].image-name"].map { "\(file): \($0)" })
        #expect(icon.assets.keys.sorted() == ["ok.svg"])
        #expect(icon.composition(for: .light).groups[0].layers.map(\.asset.imageName) == ["ok.svg"])
    }

    @Test func malformedDocumentsKeepWhatCanBeRead() {
        let folder = TemporaryFolder()
        folder.write("Broken.icon/icon.json", "{\"groups\": [")
        let broken = IconComposerBundle.read(at: folder.url("Broken.icon"))
        #expect(broken.warnings.map(\.code) == [.iconJsonMalformed])
        #expect(broken.composition(for: .light).groups.isEmpty)
        #expect(broken.composition(for: .light).background == .solid(.white))

        let missing = IconComposerBundle.read(at: folder.url("Nothing.icon"))
        #expect(missing.warnings.map(\.code) == [.iconJsonMissing])

        let typed = bundle([
            "fill": ["solid": "cmyk:1,0,0,0"],
            "groups": "not an array",
        ])
        #expect(typed.warnings.map { $0.subject.components(separatedBy: ": ").last! } == ["fill.solid", "groups"])

        let values = bundle(["groups": [
            7,
            ["layers": [[
                "image-name": "a.png", "opacity": "half", "hidden": 1,
                "position": ["scale": -3, "translation-in-points": [1e9, 0]],
                "fill": ["linear-gradient": ["srgb:1,1,1,1"]],
            ]]],
        ]], files: ["a.png"])
        #expect(values.warnings.map { $0.subject.components(separatedBy: ": ").last! } == [
            "groups[0]", "groups[1].layers[0].hidden", "groups[1].layers[0].opacity",
            "groups[1].layers[0].position.scale", "groups[1].layers[0].position.translation-in-points",
            "groups[1].layers[0].fill.linear-gradient",
        ])
        let layer = values.composition(for: .light).groups[0].layers[0]
        #expect(layer.opacity == 1 && layer.fill == nil)
        #expect(layer.position == IconPosition(scale: 0, translationX: IconComposerParser.maximumTranslation, translationY: 0))
    }
}
