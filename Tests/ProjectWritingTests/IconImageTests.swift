import FileAccess
import Foundation
import IconArt
import IconCatalog
@testable import ProjectWriting
import Testing
import TestSupport

@Suite struct IconImageTests {
    @Test func backgroundColoursAreParsedAsHexRGB() {
        #expect(IconBackground(parsing: "#1A2b3C") == IconBackground(red: 0x1A, green: 0x2B, blue: 0x3C))
        #expect(IconBackground(parsing: "ffffff") == IconBackground(red: 255, green: 255, blue: 255))
        #expect(IconBackground(parsing: "#FFF") == nil)
        #expect(IconBackground(parsing: "#GG0000") == nil)
        #expect(IconBackground(parsing: "#+12345") == nil)
        #expect(IconBackground(parsing: "") == nil)
        #expect(IconBackground(red: 1, green: 171, blue: 255).description == "#01ABFF")
    }

    @Test func anOpaqueSourceGivesEightBitRGBPNGsWithoutAlphaAtEverySize() throws {
        let folder = TemporaryFolder()
        let path = IconImageFixture.writePNG(IconImageFixture.picture(side: 1024), to: "icon.png", in: folder)
        var changes = ChangeSet()
        let source = try IconSourceImage.load(path, appearance: .light, changes: changes)
        #expect(!source.hasTransparency)
        for side in [1024, 180, 167, 120, 40] {
            let png = try source.png(pixels: side)
            let header = try #require(IconImageFixture.depthAndColourType(of: png))
            #expect(header.depth == 8 && header.colourType == 2, "\(side) px: RGB, no alpha channel (ITMS-90717)")
            #expect(png.range(of: Data("sRGB".utf8)) != nil, "marked sRGB")
            let decoded = try PNGDecoder.decode([UInt8](png), name: "out")
            #expect(decoded.width == side && decoded.height == side)
        }
        #expect(changes.changes.isEmpty, "reading stages nothing")
    }

    @Test func aPlainRGBSourceIsWrittenAsGivenAtItsOwnSizeMarkedSRGBAndEncodedAtTheOthers() throws {
        let folder = TemporaryFolder()
        let given = PNGWriter.png(width: 1024, height: 1024, alpha: false) { x, y in IconImageFixture.opaque1024[x, y] }
        let path = folder.write("plain.png", given)
        var changes = ChangeSet()
        let source = try IconSourceImage.load(path, appearance: .light, changes: changes)
        let png = try source.png(pixels: 1024)
        // The given bytes, with the encoder's own sRGB chunk after IHDR (signature 8 bytes, IHDR 25).
        #expect(png == given.prefix(33) + IconSourceImage.sRGBChunk + given.dropFirst(33))
        let encoded = try PNGEncoder.encode(IconImageFixture.picture(side: 8), channels: .rgb)
        #expect(encoded[33 ..< 33 + IconSourceImage.sRGBChunk.count].elementsEqual(IconSourceImage.sRGBChunk),
                "the chunk is the one libpng writes, CRC included")
        #expect(try PNGDecoder.decode([UInt8](png), name: "out") == source.bitmap)
        // A file already marked sRGB, trailing bytes after IEND left out, is the file itself.
        let marked = given.prefix(33) + IconSourceImage.sRGBChunk + given.dropFirst(33)
        let markedPath = folder.write("marked.png", marked + Data("trailing".utf8))
        #expect(try IconSourceImage.load(markedPath, appearance: .dark, changes: changes).png(pixels: 1024) == marked)
        // Other sizes are made from the pixels, as ever.
        let small = try source.png(pixels: 180)
        #expect(IconImageFixture.depthAndColourType(of: small)! == (8, 2))
        #expect(try PNGDecoder.decode([UInt8](small), name: "small").width == 180)
    }

    @Test func aSourceWhoseChunksChangeItsColourOrThatHasAlphaOrADamagedChunkIsEncodedAgain() throws {
        let folder = TemporaryFolder()
        let plain = [UInt8](PNGWriter.png(width: 1024, height: 1024, alpha: false) { x, y in IconImageFixture.opaque1024[x, y] })
        func withChunk(_ chunk: [UInt8]) -> Data { Data(plain[..<33] + chunk + plain[33...]) }
        var damaged = PNGWriter.chunk("tEXt", Array("Software\0test".utf8))
        damaged[damaged.count - 1] ^= 1
        let variants: [(String, Data)] = [
            ("gamma", withChunk(PNGWriter.chunk("gAMA", [0, 0, 0xB1, 0x8F]))),
            ("profile", withChunk(PNGWriter.chunk("iCCP", Array("p\0\0".utf8) + [0x78, 0x01, 0x03, 0, 0, 0, 0, 1]))),
            ("damaged text", withChunk(damaged)),
            ("alpha channel", PNGWriter.png(width: 1024, height: 1024, alpha: true) { x, y in IconImageFixture.opaque1024[x, y] }),
        ]
        for (name, data) in variants {
            let path = folder.write("\(name).png", data)
            var changes = ChangeSet()
            let source = try IconSourceImage.load(path, appearance: .light, changes: changes)
            #expect(source.fileAsGiven == nil, "\(name)")
            let png = try source.png(pixels: 1024)
            #expect(IconImageFixture.depthAndColourType(of: png)! == (8, 2), "\(name): encoded as RGB")
            #expect(png.range(of: Data("gAMA".utf8)) == nil && png.range(of: Data("iCCP".utf8)) == nil, "\(name)")
            #expect(png.range(of: Data("sRGB".utf8)) != nil, "\(name): marked sRGB")
        }
    }

    @Test func aLargerSourceIsShrunkToEachSize() throws {
        let folder = TemporaryFolder()
        let path = IconImageFixture.writePNG(IconImageFixture.picture(side: 1100), to: "big.png", in: folder, alpha: false)
        var changes = ChangeSet()
        let source = try IconSourceImage.load(path, appearance: .light, changes: changes)
        let decoded = try PNGDecoder.decode([UInt8](try source.png(pixels: 1024)), name: "out")
        #expect(decoded.width == 1024)
        // The disc's centre stays the disc's colour, a corner the gradient's.
        #expect(decoded[512, 512] == (250, 250, 245, 255))
        #expect(decoded[2, 2].b == 90 && decoded[2, 2].r < 8)
    }

    @Test func aNewIconsLargerPictureIsHeldAt1024PixelsOnceChecked() throws {
        let folder = TemporaryFolder()
        let big = IconImageFixture.picture(side: 2048)
        let path = IconImageFixture.writePNG(big, to: "big.png", in: folder, alpha: false)
        var changes = ChangeSet()
        let images = IconSetImages(light: try IconSourceImage.load(path, appearance: .light, changes: changes),
                                   dark: try IconSourceImage.load(path, appearance: .dark, changes: changes),
                                   tinted: try IconSourceImage.load(path, appearance: .tinted, changes: changes))
        // Each appearance's 2048 px picture is let go as soon as it is checked: what is held of three is three 1024 px ones.
        #expect(images.appearances.allSatisfy { images.image(for: $0)?.bitmap.width == 1024 })
        // That first step is the 1024 px image itself, as one reduction from the source makes it.
        let made = try PNGDecoder.decode([UInt8](try images.light.png(pixels: 1024)), name: "made")
        #expect(made == big.lanczosResampled(width: 1024, height: 1024))
        // An image already in a project is kept at its size: lint --fix writes it back at that size.
        let existing = try IconSourceImage.load(path, appearance: .light, requirement: .existingImage, changes: changes)
        #expect(existing.bitmap.width == 2048)
    }

    @Test func aNonSquareSmallOrUnreadableSourceIsRefusedNamingTheFileAndTheSize() throws {
        let folder = TemporaryFolder()
        let wide = folder.write("wide.png", PNGWriter.opaque(width: 1100, height: 1024))
        let small = folder.write("small.png", PNGWriter.opaque(width: 512, height: 512))
        let text = folder.write("notes.png", "not a picture")
        var changes = ChangeSet()
        let notSquare = IconImageError(path: wide, kind: .notSquare(width: 1100, height: 1024))
        #expect(throws: notSquare) { try IconSourceImage.load(wide, appearance: .light, changes: changes) }
        #expect(notSquare.description == "\(wide): is 1100×1024 pixels; an app icon must be square")
        let tooSmall = IconImageError(path: small, kind: .tooSmall(width: 512, height: 512, minimum: 1024))
        #expect(throws: tooSmall) { try IconSourceImage.load(small, appearance: .dark, changes: changes) }
        #expect(tooSmall.description.contains("512×512") && tooSmall.description.contains("1024×1024"))
        do {
            _ = try IconSourceImage.load(text, appearance: .light, changes: changes)
            Issue.record("a text file was taken as a picture")
        } catch {
            #expect(error.path == text)
            #expect(error.description == "\(text): not a PNG file (no PNG signature)")
        }
        let missing = folder.url("absent.png")
        #expect(throws: IconImageError(path: missing, kind: .unreadable("does not exist"))) {
            try IconSourceImage.load(missing, appearance: .light, changes: changes)
        }
        // An existing set's image may be any size, but still square.
        #expect(try IconSourceImage.load(small, appearance: .light, requirement: .existingImage, changes: changes).pixels == 512)
    }

    @Test func aTransparentLightImageIsRefusedUnlessABackgroundIsGiven() throws {
        let folder = TemporaryFolder()
        let bitmap = IconImageFixture.picture(side: 1024) { x, y in x < 10 && y < 10 ? 0 : (x < 20 && y < 10 ? 128 : 255) }
        let path = IconImageFixture.writePNG(bitmap, to: "clear.png", in: folder)
        var changes = ChangeSet()
        let refusal = IconImageError(path: path, kind: .transparentLightImage(pixels: 200))
        #expect(throws: refusal) { try IconSourceImage.load(path, appearance: .light, changes: changes) }
        #expect(refusal.description.contains("ITMS-90717") && refusal.description.contains("--background"))

        let flattened = try IconSourceImage.load(path, appearance: .light, background: IconBackground(red: 255, green: 0, blue: 0),
                                                 changes: changes)
        #expect(!flattened.hasTransparency)
        #expect(flattened.bitmap[0, 0] == (255, 0, 0, 255), "a clear pixel becomes the background")
        let half = flattened.bitmap[15, 0], original = bitmap[15, 0]
        let red: Int = (Int(original.r) * 128 + 255 * 127 + 127) / 255
        let blue: Int = (90 * 128 + 127) / 255
        #expect(half == (UInt8(red), 0, UInt8(blue), 255), "half alpha: half the colour over the background")
        #expect(IconImageFixture.depthAndColourType(of: try flattened.png(pixels: 120))?.colourType == 2)

        // Dark and tinted images may be transparent: iOS puts them on its own background; they stay RGBA.
        let dark = try IconSourceImage.load(path, appearance: .dark, changes: changes)
        #expect(dark.hasTransparency)
        let darkPNG = try dark.png(pixels: 1024)
        #expect(IconImageFixture.depthAndColourType(of: darkPNG)?.colourType == 6)
        #expect(try PNGDecoder.decode([UInt8](darkPNG), name: "dark")[0, 0].a == 0)
    }

    @Test func anIconComposerBundleIsCheckedAndCopiedFileByFile() throws {
        let folder = TemporaryFolder()
        let icon = """
            {"groups":[{"layers":[{"image-name":"front.png","name":"front"}]}],"fill":{"solid":"srgb:0.1,0.2,0.3,1"}}
            """
        _ = folder.write("Sun.icon/icon.json", icon)
        _ = folder.write("Sun.icon/Assets/front.png", PNGWriter.opaque(width: 64, height: 64))
        let source = try IconBundleSource.load(folder.url("Sun.icon"))
        var changes = ChangeSet()
        let target = folder.url("Project/Sun.icon")
        let created = try source.copy(to: target, changes: &changes)
        #expect(created == [target + "/Assets/front.png", target + "/icon.json"])
        #expect(changes.changes.map(\.path) == created)
        #expect(changes.changes.last?.replacement == Data(icon.utf8))
        #expect(!FileManager.default.fileExists(atPath: target), "nothing is written by staging")
        #expect(throws: IconImageError(path: folder.url("Sun.icon"), kind: .alreadyExists)) {
            try source.copy(to: folder.url("Sun.icon"), changes: &changes)
        }

        _ = folder.write("Broken.icon/icon.json", #"{"groups":[{"layers":[{"image-name":"gone.png"}]}]}"#)
        do {
            _ = try IconBundleSource.load(folder.url("Broken.icon"))
            Issue.record("a bundle whose layer is missing was taken")
        } catch {
            #expect(error.path == folder.url("Broken.icon"))
            #expect(error.description.contains("gone.png"))
        }
        #expect(throws: IconImageError(path: folder.url("Sun.icon/icon.json"), kind: .unusableIconBundle("not a folder"))) {
            try IconBundleSource.load(folder.url("Sun.icon/icon.json"))
        }
    }

    @Test func lanczosKeepsFlatColourAndAveragesInLinearLight() {
        let flat = RGBABitmap(width: 300, height: 300, filledWith: (200, 100, 50, 255))
        let small = flat.lanczosResampled(width: 41, height: 41)
        #expect(small.pixels.count == 41 * 41 * 4)
        for y in 0..<41 { for x in 0..<41 { #expect(small[x, y] == (200, 100, 50, 255)) } }
        // Fine black and white stripes average to half the light (188 in sRGB), not half the code value (128).
        var stripes = RGBABitmap(width: 512, height: 512, filledWith: (0, 0, 0, 255))
        for y in 0..<512 { for x in stride(from: 0, to: 512, by: 2) { stripes[x, y] = (255, 255, 255, 255) } }
        let grey = stripes.lanczosResampled(width: 64, height: 64)
        #expect(abs(Int(grey[32, 32].r) - 188) <= 1)
        // A transparent pixel's colour does not bleed into its neighbours (premultiplied alpha).
        var edge = RGBABitmap(width: 256, height: 256, filledWith: (255, 0, 0, 255))
        for y in 0..<256 { for x in 0..<128 { edge[x, y] = (0, 255, 0, 0) } }
        let shrunk = edge.lanczosResampled(width: 32, height: 32)
        #expect(shrunk[16, 16].g == 0 && shrunk[16, 16].r == 255 && shrunk[16, 16].a > 0 && shrunk[16, 16].a < 255)
        #expect(flat.lanczosResampled(width: 300, height: 300) == flat, "the same size is the same picture")
    }

    @Test func theEncoderWritesRGBOrRGBAAsAsked() throws {
        let bitmap = IconImageFixture.picture(side: 32) { x, _ in UInt8(x * 8) }
        let rgb = try PNGEncoder.encode(bitmap, channels: .rgb, effort: .small)
        #expect(IconImageFixture.depthAndColourType(of: Data(rgb))?.colourType == 2)
        let back = try PNGDecoder.decode(rgb, name: "rgb")
        #expect(back[5, 7] == (bitmap[5, 7].r, bitmap[5, 7].g, bitmap[5, 7].b, 255), "colour kept, alpha dropped")
        let rgba = try PNGEncoder.encode(bitmap, channels: .rgba, effort: .small)
        #expect(IconImageFixture.depthAndColourType(of: Data(rgba))?.colourType == 6)
        #expect(try PNGDecoder.decode(rgba, name: "rgba")[5, 7] == bitmap[5, 7])
    }
}
