import Foundation
import Testing
@testable import IconCatalog

@Suite struct AppIconSetTests {
    @Test func singleSizeSetWithAppearancesIgnoresOtherPlatforms() {
        let folder = TemporaryFolder()
        let path = folder.writeIconSet("Blue.appiconset", [
            SetEntries.single("blue.png"),
            SetEntries.single("blue-dark.png", appearance: "dark"),
            SetEntries.single("blue-tinted.png", appearance: "tinted"),
            SetEntries.single("watch.png", platform: "watchos"),
            ["idiom": "mac", "size": "512x512", "scale": "2x", "filename": "mac.png"],
        ])
        let set = AppIconSet.read(at: path)
        #expect(set.name == "Blue")
        #expect(set.warnings.isEmpty, "\(set.warnings)")
        #expect(set.images.map(\.filename) == ["blue.png", "blue-dark.png", "blue-tinted.png"])
        #expect(set.images.map(\.appearance) == [.light, .dark, .tinted])
        #expect(set.images.allSatisfy { $0.idiom == .universal && $0.scale == 1 && $0.pixelWidth == 1024 })
        #expect(set.images.map(\.key) == ["images[0]", "images[1]", "images[2]"])
        for appearance in IconAppearance.allCases {
            let choice = set.choose(for: .pad, appearance: appearance, width: 32, height: 32)
            #expect(choice?.image.appearance == appearance && choice?.isDerived == false)
        }
        #expect(set.appearances(for: .phone) == [.light, .dark, .tinted])
    }

    @Test func legacySetReadsEveryIdiomAndScale() {
        let folder = TemporaryFolder()
        let path = folder.writeIconSet("Legacy.appiconset", [
            SetEntries.legacy("iphone", "20x20", "2x", "i40.png"),
            SetEntries.legacy("iphone", "60x60", "2x", "i120.png"),
            SetEntries.legacy("iphone", "60x60", "3x", "i180.png"),
            SetEntries.legacy("ipad", "76x76", "2x", "p152.png"),
            SetEntries.legacy("ipad", "83.5x83.5", "2x", "p167.png"),
            SetEntries.legacy("ipad", "20x20", "1x"),
            SetEntries.legacy("ios-marketing", "1024x1024", "1x", "store.png"),
            SetEntries.legacy("car", "60x60", "2x", "car.png"),
        ])
        let set = AppIconSet.read(at: path)
        #expect(set.warnings.isEmpty, "\(set.warnings)")
        #expect(set.images.map(\.expectedPixelWidth) == [40, 120, 180, 152, 167, 1024])
        #expect(set.images.map(\.pixelWidth) == [40, 120, 180, 152, 167, 1024])
        #expect(set.images[4].pointWidth == 83.5 && set.images[4].scale == 2)
        #expect(set.choose(for: .phone, appearance: .light, width: 100, height: 100)?.image.filename == "i120.png")
        #expect(set.choose(for: .phone, appearance: .light, width: 500, height: 500)?.image.filename == "i180.png")
        #expect(set.choose(for: .pad, appearance: .light, width: 160, height: 160)?.image.filename == "p167.png")
        #expect(set.choose(for: .pad, appearance: .light, width: 20, height: 20)?.image.filename == "p152.png")
        // Dark falls back to the light image of the same device.
        let dark = set.choose(for: .pad, appearance: .dark, width: 160, height: 160)
        #expect(dark?.image.filename == "p167.png" && dark?.derivation == .lightInsteadOfDark)
    }

    @Test func devicesFallBackToUniversalEntriesButNeverToTheOtherDevice() {
        let folder = TemporaryFolder()
        let phoneOnly = AppIconSet.read(at: folder.writeIconSet("Phone.appiconset", [
            SetEntries.legacy("iphone", "60x60", "3x", "i180.png"),
            SetEntries.legacy("ios-marketing", "1024x1024", "1x", "store.png"),
        ]))
        #expect(phoneOnly.choose(for: .pad, appearance: .light, width: 64, height: 64) == nil)
        #expect(phoneOnly.appearances(for: .pad).isEmpty)

        let mixed = AppIconSet.read(at: folder.writeIconSet("Mixed.appiconset", [
            SetEntries.legacy("ipad", "76x76", "2x", "p152.png"),
            SetEntries.single("u.png"),
            SetEntries.single("u-dark.png", appearance: "dark"),
        ]))
        #expect(mixed.choose(for: .pad, appearance: .light, width: 64, height: 64)?.image.filename == "p152.png")
        #expect(mixed.choose(for: .phone, appearance: .light, width: 64, height: 64)?.image.filename == "u.png")
        // The iPad has no dark image of its own, but a universal one.
        let dark = mixed.choose(for: .pad, appearance: .dark, width: 64, height: 64)
        #expect(dark?.image.filename == "u-dark.png" && dark?.derivation == nil)
        let tinted = mixed.choose(for: .pad, appearance: .tinted, width: 64, height: 64)
        #expect(tinted?.image.filename == "p152.png" && tinted?.derivation == .tintedFromLight)
    }

    @Test func missingUnreferencedAndSharedFilesAreNotedOnce() {
        let folder = TemporaryFolder()
        let path = folder.writeIconSet("Icon.appiconset", [
            SetEntries.legacy("iphone", "40x40", "2x", "80.png"),
            SetEntries.legacy("ipad", "40x40", "2x", "80.png"),
            SetEntries.legacy("iphone", "60x60", "2x", "gone.png"),
            SetEntries.legacy("ipad", "76x76", "2x", "gone.png"),
        ], leaveOut: ["gone.png"])
        folder.writePNGHeader("Icon.appiconset/spare.png", width: 120, height: 120)
        folder.write("Icon.appiconset/notes.txt", "a file no entry names")
        let set = AppIconSet.read(at: path)
        #expect(set.images.map(\.filename) == ["80.png", "80.png"])
        #expect(set.warnings.map(\.code) == [.setFileMissing, .setFileUnreferenced, .setFileUnreferenced])
        #expect(set.warnings[0].subject == "\(path)/Contents.json: images[2].filename")
        #expect(set.warnings[0].message.contains("“gone.png” does not exist"))
        #expect(set.warnings[1].subject == "\(path)/notes.txt")
        #expect(set.warnings[2].subject == "\(path)/spare.png")
    }

    @Test func unsafeFileNamesAndLinksLeavingTheProjectAreNeverRead() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("outside/secret.png", width: 1024, height: 1024)
        let path = folder.writeIconSet("Project/Assets.xcassets/Evil.appiconset", [
            SetEntries.single("../../x.png"),
            SetEntries.single("/etc/passwd", appearance: "dark"),
            SetEntries.single("link.png", appearance: "tinted"),
            SetEntries.legacy("iphone", "60x60", "3x", "inside.png"),
        ], leaveOut: ["link.png", "inside.png"])
        try FileManager.default.createSymbolicLink(atPath: "\(path)/link.png", withDestinationPath: folder.url("outside/secret.png"))
        folder.writePNGHeader("Project/shared/icon180.png", width: 180, height: 180)
        try FileManager.default.createSymbolicLink(atPath: "\(path)/inside.png", withDestinationPath: "../../shared/icon180.png")

        // With the project as the boundary, the link to a file inside it is followed.
        let set = AppIconSet.read(at: path, boundary: PathBoundary(root: folder.url("Project")))
        #expect(set.images.map(\.filename) == ["inside.png"])
        #expect(set.images.first?.pixelWidth == 180)
        #expect(set.warnings.map(\.code) == [.setFileUnsafe, .setFileUnsafe, .setFileUnsafe])
        #expect(set.warnings.map(\.subject) == ["images[0]", "images[1]", "images[2]"].map { "\(path)/Contents.json: \($0).filename" })
        #expect(set.warnings[2].message.contains("leading outside"))
        // With the default boundary (the set itself), the same link inside the project is refused too.
        #expect(AppIconSet.read(at: path).images.isEmpty)
    }

    @Test func contentsThatAreNotJSONOrOfTheWrongTypesAreWarnings() {
        let folder = TemporaryFolder()
        folder.write("NotJSON.appiconset/Contents.json", "{ \"images\": [ {\"idiom\": ")
        let notJSON = AppIconSet.read(at: folder.url("NotJSON.appiconset"))
        #expect(notJSON.images.isEmpty)
        #expect(notJSON.warnings.map(\.code) == [.setContentsMalformed])
        #expect(notJSON.warnings[0].message.hasPrefix("is not valid JSON ("))

        folder.writeJSON("Array.appiconset/Contents.json", [1, 2, 3])
        #expect(AppIconSet.read(at: folder.url("Array.appiconset")).warnings.map(\.message) == ["is an array, expected an object"])

        folder.writeJSON("Images.appiconset/Contents.json", ["images": "all of them"])
        let images = AppIconSet.read(at: folder.url("Images.appiconset"))
        #expect(images.warnings.map(\.subject) == [folder.url("Images.appiconset/Contents.json") + ": images"])

        let path = folder.writeIconSet("Types.appiconset", [
            SetEntries.single("good.png"),
        ])
        folder.writeJSON("Types.appiconset/Contents.json", ["images": [
            42,
            ["idiom": "universal", "platform": "ios", "size": 1024, "filename": "good.png"],
            ["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": 7],
            ["idiom": "iphone", "size": "60x60", "scale": "9x", "filename": "good.png"],
            ["idiom": "iphone", "size": "huge", "scale": "2x", "filename": "good.png"],
            ["idiom": true, "size": "60x60"],
            ["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "good.png",
             "appearances": "dark"],
            ["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "good.png"],
        ]])
        let types = AppIconSet.read(at: path)
        #expect(types.images.map(\.key) == ["images[7]"])
        #expect(types.warnings.map(\.code) == Array(repeating: .setEntryMalformed, count: 7))
        #expect(types.warnings.map { String($0.subject.split(separator: " ").last!) } == [
            "images[0]", "images[1].size", "images[2].filename", "images[3].scale", "images[4].size",
            "images[5].idiom", "images[6].appearances",
        ])
        #expect(types.warnings[1].message == "is a number, expected a string")
    }

    @Test func sizesAreReadOnlyWhenAskedAndNonPNGFilesAreWarnedAbout() throws {
        let folder = TemporaryFolder()
        let path = folder.writeIconSet("Icon.appiconset", [SetEntries.single("icon.png"), SetEntries.single("text.png", appearance: "dark")],
                                       leaveOut: ["text.png"])
        folder.write("Icon.appiconset/text.png", "not a picture")
        let quick = AppIconSet.read(at: path, readingSizes: false)
        #expect(quick.images.map(\.pixelWidth) == [nil, nil])
        #expect(quick.images.map(\.iconImage.width) == [1024, 1024])
        #expect(quick.warnings.isEmpty)
        let full = AppIconSet.read(at: path)
        #expect(full.images.map(\.pixelWidth) == [1024])
        #expect(full.warnings.map(\.code) == [.setFileNotPng])
    }

    @Test func aFIFONamedAsAnImageIsRefusedWithoutWaiting() throws {
        let folder = TemporaryFolder()
        let path = folder.writeIconSet("Icon.appiconset", [SetEntries.single("pipe.png")], leaveOut: ["pipe.png"])
        #expect(mkfifo("\(path)/pipe.png", 0o600) == 0)
        let (set, use) = ResourceUse.measure { AppIconSet.read(at: path) }
        #expect(set.images.isEmpty)
        #expect(set.warnings.map(\.code) == [.setFileNotPng])
        #expect(set.warnings[0].message.contains("a FIFO"))
        #expect(use.seconds < 1, "\(use)")
    }

    @Test func aSetWithoutContentsJSONSaysSo() {
        let folder = TemporaryFolder()
        folder.writePNGHeader("Bare.appiconset/icon.png", width: 1024, height: 1024)
        let set = AppIconSet.read(at: folder.url("Bare.appiconset"))
        #expect(set.warnings.map(\.code) == [.setContentsMissing])
    }
}
