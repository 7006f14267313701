import FileAccess
import Foundation
import IconArt
import IconCatalog
@testable import ProjectWriting
import Testing
import TestSupport

@Suite struct IconSetWriterTests {
    /// Habitica's `Red.appiconset/Contents.json` without its watchOS entry, as Xcode 16 writes
    /// a single-size set with dark and tinted images.
    static let xcodeSingleSize = """
        {
          "images" : [
            {
              "filename" : "red.png",
              "idiom" : "universal",
              "platform" : "ios",
              "size" : "1024x1024"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                }
              ],
              "filename" : "red_dark.png",
              "idiom" : "universal",
              "platform" : "ios",
              "size" : "1024x1024"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "tinted"
                }
              ],
              "filename" : "tinted.png",
              "idiom" : "universal",
              "platform" : "ios",
              "size" : "1024x1024"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    /// Light, dark (transparent at the left) and tinted pictures, made once for every test.
    static let sources: (light: IconSourceImage, dark: IconSourceImage, tinted: IconSourceImage) = {
        var clear = IconImageFixture.opaque1024
        for y in 0..<1024 { for x in 0..<100 { clear.pixels[(y * 1024 + x) * 4 + 3] = 0 } }
        return (IconSourceImage(path: "light.png", appearance: .light, bitmap: IconImageFixture.opaque1024),
                IconSourceImage(path: "dark.png", appearance: .dark, bitmap: clear),
                IconSourceImage(path: "tinted.png", appearance: .tinted, bitmap: IconImageFixture.opaque1024))
    }()

    static func images(dark: Bool = true, tinted: Bool = true) -> IconSetImages {
        IconSetImages(light: sources.light, dark: dark ? sources.dark : nil, tinted: tinted ? sources.tinted : nil)
    }

    /// Writes what `changes` staged, so the catalog's own reader can read it back.
    static func apply(_ changes: ChangeSet) throws {
        for change in changes.changes {
            try FileManager.default.createDirectory(atPath: (change.path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            if let data = change.replacement { try data.write(to: URL(fileURLWithPath: change.path)) }
        }
    }

    @Test func singleSizeContentsAreXcodesBytes() {
        let entries = [IconSetEntry.singleSize, IconSetEntry.singleSize.for(.dark), IconSetEntry.singleSize.for(.tinted)]
            .enumerated().map { index, entry in
                var named = entry
                named.filename = ["red.png", "red_dark.png", "tinted.png"][index]
                return named
            }
        #expect(IconSetWriter.contents(entries) == Self.xcodeSingleSize)
    }

    @Test func aSingleSizeSetHasOneUniversalImagePerAppearanceAndReadsBack() throws {
        let folder = TemporaryFolder()
        let images = Self.images()
        var changes = ChangeSet()
        let setPath = folder.url("App/Assets.xcassets/Sunset.appiconset")
        let created = try IconSetWriter.write(setAt: setPath, form: .singleSize, images: images, changes: &changes)
        #expect(created == ["Contents.json", "Sunset-1024-dark.png", "Sunset-1024-tinted.png", "Sunset-1024.png"].map { setPath + "/" + $0 })
        #expect(!FileManager.default.fileExists(atPath: setPath), "nothing is written by staging")
        let contents = try #require(changes.changes.first { $0.path.hasSuffix("Contents.json") }?.replacement)
        #expect(String(decoding: contents, as: UTF8.self) == Self.xcodeSingleSize
            .replacingOccurrences(of: "red_dark.png", with: "Sunset-1024-dark.png")
            .replacingOccurrences(of: "tinted.png", with: "Sunset-1024-tinted.png")
            .replacingOccurrences(of: "red.png", with: "Sunset-1024.png"))
        let light = try #require(changes.changes.first { $0.path.hasSuffix("Sunset-1024.png") }?.replacement)
        #expect(IconImageFixture.depthAndColourType(of: light)?.colourType == 2, "the light image has no alpha channel")
        let dark = try #require(changes.changes.first { $0.path.hasSuffix("-dark.png") }?.replacement)
        #expect(IconImageFixture.depthAndColourType(of: dark)?.colourType == 6, "the transparent dark image keeps its alpha")

        try Self.apply(changes)
        let set = AppIconSet.read(at: setPath)
        #expect(set.warnings.isEmpty)
        #expect(set.images.map(\.appearance) == [.light, .dark, .tinted])
        #expect(set.images.allSatisfy { $0.idiom == .universal && $0.pixelWidth == 1024 && $0.pixelHeight == 1024 })
    }

    @Test func aLegacySetWithoutASiblingHasEveryXcodeSlotAndReadsBack() throws {
        let folder = TemporaryFolder()
        let images = Self.images(dark: false, tinted: false)
        var changes = ChangeSet()
        let setPath = folder.url("Assets.xcassets/Old.appiconset")
        let created = try IconSetWriter.write(setAt: setPath, form: .allSizes, images: images, changes: &changes)
        let sizes = [40, 60, 58, 87, 80, 120, 180, 20, 29, 76, 152, 167, 1024]
        #expect(Set(created) == Set(sizes.map { "\(setPath)/Old-\($0).png" } + ["\(setPath)/Contents.json"]))
        try Self.apply(changes)
        let set = AppIconSet.read(at: setPath)
        #expect(set.warnings.isEmpty)
        #expect(set.images.count == 18)
        #expect(set.images.allSatisfy { $0.pixelWidth == $0.expectedPixelWidth }, "every file is its slot's size")
        #expect(set.images.filter { $0.idiom == .iphone }.map(\.expectedPixelWidth) == [40, 60, 58, 87, 80, 120, 120, 180])
        #expect(set.images.filter { $0.idiom == .ipad }.map(\.expectedPixelWidth) == [20, 40, 29, 58, 40, 80, 76, 152, 167])
        #expect(set.images.last?.idiom == .iosMarketing)
        let text = try String(contentsOfFile: setPath + "/Contents.json", encoding: .utf8)
        #expect(text.contains("""
                {
                  "filename" : "Old-167.png",
                  "idiom" : "ipad",
                  "scale" : "2x",
                  "size" : "83.5x83.5"
                },
            """))
    }

    @Test func aLegacySetFollowsItsSiblingsEntriesAndFileNames() {
        // appicon.co's naming: files named by pixels, shared by slots of one size.
        let sibling = [IconSetEntry(idiom: .iphone, points: 40, scale: 3, filename: "120.png"),
                       IconSetEntry(idiom: .iphone, points: 60, scale: 2, filename: "120.png"),
                       IconSetEntry(idiom: .ipad, points: 83.5, scale: 2, filename: "167.png"),
                       IconSetEntry(idiom: .iosMarketing, points: 1024, scale: 1, filename: "1024.png")]
        let entries = IconSetWriter.entries(name: "teal", form: .allSizes, appearances: [.light], like: ("blue", sibling))
        #expect(entries == sibling)
        // A sibling whose files carry its name: the name is replaced; a dark image gets its own file.
        let named = [IconSetEntry(idiom: .iphone, points: 60, scale: 2, filename: "Blue-60@2x.png"),
                     IconSetEntry(idiom: .iphone, points: 60, scale: 2, appearance: .dark, filename: "Blue-60@2x.png")]
        let withDark = IconSetWriter.entries(name: "Teal", form: .allSizes, appearances: [.light, .dark], like: ("Blue", named))
        #expect(withDark.map(\.filename) == ["Teal-60@2x.png", "Teal-120-dark.png"])
        #expect(withDark.map(\.appearance) == [.light, .dark])
        // A single-size sibling of a legacy set (`--sizes all`) is not followed.
        let single = [IconSetEntry(idiom: .universal, platform: "ios", points: 1024, scale: nil, filename: "x.png")]
        #expect(IconSetWriter.entries(name: "N", form: .allSizes, appearances: [.light], like: ("S", single)).count == 18)
    }

    @Test func aSingleSizeSetFollowsARealSiblingsNames() throws {
        guard RealProjectCorpus.available else { print(RealProjectCorpus.skipMessage); return }
        let folder = TemporaryFolder()
        let images = Self.images()
        let root = "home-assistant_iOS/Sources/App/Resources/Assets.xcassets/AlternateIcons/"
        for (siblingName, expected) in [("red", ["Color=Teal_1024pt@1x.png", "Teal-1024-dark.png", "Teal-1024-tinted.png"]),
                                        ("rainbow", ["Color=Pride - Teal Flag_1024pt@1x.png", "Teal-1024-dark.png", "Icon-Tinted-1024x1-24.png"])] {
            let sibling = AppIconSet.read(at: RealProjectCorpus.path(root + siblingName + ".appiconset"))
            var changes = ChangeSet()
            // The set's name in its files is replaced; a dark entry sharing the light one's file gets its own.
            let setPath = folder.url("\(siblingName)/Teal.appiconset")
            _ = try IconSetWriter.write(setAt: setPath, form: .singleSize, images: images, like: sibling, changes: &changes)
            try Self.apply(changes)
            let set = AppIconSet.read(at: setPath)
            #expect(set.warnings.isEmpty)
            #expect(set.images.map(\.filename) == expected, "\(siblingName)")
        }
    }

    @Test func anExistingSetIsNotOverwritten() throws {
        let folder = TemporaryFolder()
        let images = Self.images(dark: false, tinted: false)
        _ = folder.write("Here.appiconset/Contents.json", "{}")
        var changes = ChangeSet()
        #expect(throws: IconImageError(path: folder.url("Here.appiconset"), kind: .alreadyExists)) {
            try IconSetWriter.write(setAt: folder.url("Here.appiconset"), form: .singleSize, images: images, changes: &changes)
        }
        #expect(changes.changes.isEmpty)
    }

    /// Every `Contents.json` Xcode wrote in the corpus comes back byte for byte from `XcodeJSON`.
    @Test func xcodeJSONReproducesEveryXcodeWrittenContentsFile() throws {
        guard RealProjectCorpus.available else { print(RealProjectCorpus.skipMessage); return }
        let enumerator = FileManager.default.enumerator(atPath: RealProjectCorpus.root.path)
        var checked = 0
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix("Contents.json") else { continue }
            let data = try Data(contentsOf: RealProjectCorpus.root.appendingPathComponent(relative))
            let text = String(decoding: data, as: UTF8.self)
            // Xcode's files: its info member, its spacing, a final newline. Files from older Xcodes, with no
            // final newline or the info's version before its author, are left out.
            guard text.contains("\"author\" : \"xcode\""), text.hasSuffix("}\n"), !text.contains("\"version\" : 1,\n    \"author\""),
                  case .success(let json) = JSONFile.parse([UInt8](data))
            else { continue }
            #expect(XcodeJSON.format(json) == text, "\(relative)")
            checked += 1
        }
        #expect(checked > 100)
    }
}
