import CompiledAssetCatalog
import Foundation
import Testing
import TestSupport

/// Cars the tests write: every encoding and shape the reader meets, read back.
@Suite struct CarWriterTests {
    static func read(_ writer: CarWriter) throws -> CompiledCatalog { try CompiledCatalog(bytes: [UInt8](writer.build())) }

    /// A gradient with partial alpha: straight colour comes back within 1 of what was premultiplied.
    static func gradient(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        (UInt8(x * 9 % 256), UInt8(y * 13 % 256), 200, UInt8(255 - (x + y) % 128))
    }

    @Test(arguments: [CarWriter.Encoding.uncompressed, .lzvn, .lzfse, .zlib, .gzip])
    func everyEncodingDecodesToThePixelsWritten(_ encoding: CarWriter.Encoding) throws {
        let car = try Self.read(CarWriter(images: [.init(asset: "AppIcon", size: 29, encoding: encoding, pixel: Self.gradient)]))
        let rendition = try #require(car.images(named: "AppIcon").first)
        let bitmap = try car.bitmap(of: rendition)
        for y in 0..<29 {
            for x in 0..<29 {
                let (r, g, b, a) = Self.gradient(x, y)
                let at = (y * 29 + x) * 4
                #expect(bitmap.rgba[at + 3] == a)
                for (got, want) in zip(bitmap.rgba[at..<(at + 3)], [r, g, b]) {
                    #expect(abs(Int(got) - Int(want)) <= 1, "(\(x), \(y))")
                }
            }
        }
    }

    /// 8-bit grey with premultiplied alpha comes back as straight RGBA, the grey in all three
    /// colour channels, within 1.
    @Test(arguments: [CarWriter.Encoding.uncompressed, .lzvn, .lzfse, .zlib])
    func greyWithAlphaDecodesToStraightGrey(_ encoding: CarWriter.Encoding) throws {
        var image = CarWriter.Image(asset: "AppIcon", size: 17, encoding: encoding, pixel: Self.gradient)
        image.greyAlpha = true
        let car = try Self.read(CarWriter(images: [image]))
        let rendition = try #require(car.images(named: "AppIcon").first)
        #expect(rendition.pixelFormat == "GA8 ")
        let bitmap = try car.bitmap(of: rendition)
        #expect(bitmap.width == 17 && bitmap.rgba.count == 17 * 17 * 4)
        for y in 0..<17 {
            for x in 0..<17 {
                let (_, grey, _, a) = Self.gradient(x, y)
                let at = (y * 17 + x) * 4
                #expect(bitmap.rgba[at + 3] == a)
                for channel in 0..<3 { #expect(abs(Int(bitmap.rgba[at + channel]) - Int(grey)) <= 1, "(\(x), \(y))") }
            }
        }
    }

    /// Appearances are matched by the names the car gives its numbers, whatever the numbers.
    @Test func appearancesGoByNameNotNumber() throws {
        var writer = CarWriter(images: ["UIAppearanceAny", "UIAppearanceDark", "ISAppearanceTintable"].map {
            .init(asset: "AppIcon", size: 1024, appearance: $0, colour: (1, 2, 3, 255))
        })
        writer.appearanceNumbers = ["UIAppearanceAny": 0, "UIAppearanceDark": 3, "ISAppearanceTintable": 1]
        let car = try Self.read(writer)
        #expect(Set(car.images(named: "AppIcon").compactMap { car.appearance(of: $0) }) == [.light, .dark, .tinted])
        writer.appearanceNumbers = ["UIAppearanceAny": 0, "UIAppearanceDark": 1, "ISAppearanceTintable": 3]
        #expect(try Self.read(writer).images(named: "AppIcon").compactMap { try Self.read(writer).appearance(of: $0) }.count == 3)
    }

    @Test func aTwoLevelTreeIsReadWhole() throws {
        var writer = CarWriter(images: (0..<40).map { .init(asset: "Icon\($0)", size: 2, colour: (UInt8($0), 0, 0, 255)) })
        writer.leafSize = 3
        let car = try Self.read(writer)
        #expect(car.renditions.count == 40)
        #expect(car.identifiers.count == 40)
        #expect(try car.bitmap(of: try #require(car.images(named: "Icon17").first)).rgba.prefix(4) == [17, 0, 0, 255])
    }

    /// Free slots of the block table (all ones, as `carutil` thins a car, or zero) are not
    /// checked, as nothing uses them; a tree that does use one is refused when it is read.
    @Test func freeSlotsAreCheckedOnlyWhenUsed() throws {
        var writer = CarWriter(images: [.init(asset: "Icon", size: 8, colour: (200, 100, 50, 255))])
        writer.freeSlots = [(0xFFFF_FFFF, 0xFFFF_FFFF), (0, 0), (0xFFFF_FFFF, 0xFFFF_FFFF)]
        let bytes = [UInt8](writer.build())
        let car = try CompiledCatalog(bytes: bytes)
        let icon = try #require(car.images(named: "Icon").first)
        #expect(Array(try car.bitmap(of: icon).rgba.prefix(4)) == [200, 100, 50, 255])

        // RENDITIONS named slot 1, a slot of all ones, instead of its own tree.
        var used = bytes
        let variables = (0..<4).reduce(0) { $0 << 8 | Int(bytes[24 + $1]) }
        let count = (0..<4).reduce(0) { $0 << 8 | Int(bytes[variables + $1]) }
        var at = variables + 4
        for _ in 0..<count {
            let length = Int(bytes[at + 4])
            if String(decoding: bytes[(at + 5)..<(at + 5 + length)], as: UTF8.self) == "RENDITIONS" {
                used.replaceSubrange(at..<(at + 4), with: [0, 0, 0, 1])
            }
            at += 5 + length
        }
        #expect(throws: CarError.badTable("block 1")) { try CompiledCatalog(bytes: used) }
    }

    @Test func aCycleAcrossLeavesIsRefused() throws {
        var writer = CarWriter(images: (0..<6).map { .init(asset: "Icon\($0)", size: 2, colour: (1, 0, 0, 255)) })
        writer.leafSize = 2
        writer.cycle = true
        #expect(throws: CarError.badTree(name: "RENDITIONS", reason: "loops back on itself")) { try Self.read(writer) }
    }

    @Test func anEncodingNotDecodedIsNamed() throws {
        let car = try Self.read(CarWriter(images: [.init(asset: "AppIcon", size: 8, encoding: .deepmap, colour: (1, 2, 3, 255))]))
        let rendition = try #require(car.images(named: "AppIcon").first)
        #expect(car.undecodableEncoding(of: rendition) == "deepmap (LZFSE)")
        #expect(throws: CarError.unsupportedEncoding(name: "AppIcon-8.png", encoding: "deepmap (LZFSE)")) { try car.bitmap(of: rendition) }
    }

    /// Seven colours with partial alpha, neighbours always different: a pair of pixels read in
    /// the wrong order would show.
    static func sevenColours(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let k = (x + 3 * y) % 7
        return (UInt8(30 * k), UInt8(255 - 20 * k), UInt8(k * k * 5), UInt8(255 - 17 * k))
    }

    @Test func aPaletteImageDecodesToThePixelsWritten() throws {
        let car = try Self.read(CarWriter(images: [.init(asset: "AppIcon", size: 30, encoding: .paletteImage, pixel: Self.sevenColours)]))
        let rendition = try #require(car.images(named: "AppIcon").first)
        #expect(rendition.compression == .paletteImage && car.undecodableEncoding(of: rendition) == nil)
        let bitmap = try car.bitmap(of: rendition)
        for y in 0..<30 {
            for x in 0..<30 {
                let (r, g, b, a) = Self.sevenColours(x, y)
                let at = (y * 30 + x) * 4
                #expect(bitmap.rgba[at + 3] == a, "(\(x), \(y))")
                for (got, want) in zip(bitmap.rgba[at..<(at + 3)], [r, g, b]) { #expect(abs(Int(got) - Int(want)) <= 1, "(\(x), \(y))") }
            }
        }
    }

    /// How a row of odd width pairs its pixels is not known (no real file has one): such a palette
    /// image is named as not decoded, never drawn in a guessed order.
    @Test func aPaletteImageOfOddWidthIsNamedNotGuessed() throws {
        let writer = CarWriter(images: [.init(asset: "AppIcon", size: 30, encoding: .paletteImage, pixel: Self.sevenColours)])
        var bytes = [UInt8](writer.build())
        // Say 29 pixels wide in the image header (its width field follows `CTSI`'s version and flags).
        let header = try #require((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(Array("ISTC".utf8)) })
        bytes[header + 12] = 29
        let car = try CompiledCatalog(bytes: bytes)
        let rendition = try #require(car.images(named: "AppIcon").first)
        #expect(rendition.width == 29)
        #expect(car.undecodableEncoding(of: rendition) == "a palette image of odd width")
        #expect(throws: CarError.unsupportedEncoding(name: "AppIcon-30.png", encoding: "a palette image of odd width")) {
            try car.bitmap(of: rendition)
        }
    }

    /// Palette images that lie: more pixels than the image has, a colour number past the palette, no header.
    @Test func aLyingPaletteImageIsAnError() throws {
        func stream(_ body: [UInt8]) -> [UInt8] { [UInt8](CarWriter.lzfseStored(Data(body))) }
        let header: [UInt8] = [0x0D, 0xF0, 0xFE, 0xCA, 1, 0, 0, 0, 2, 0] + [255, 1, 2, 3, 255, 4, 5, 6]
        #expect(try PaletteImage.decode(stream(header + [0, 1, 1, 0]), width: 2, height: 2, rowBytes: 8)
            == [6, 5, 4, 255, 3, 2, 1, 255, 3, 2, 1, 255, 6, 5, 4, 255])
        #expect(throws: DecompressionError.shortOutput(expected: 18 + 4, got: 18 + 5)) {
            try PaletteImage.decode(stream(header + [0, 1, 1, 0, 0]), width: 2, height: 2, rowBytes: 8)
        }
        #expect(throws: DecompressionError.malformed(.badPalette("a pixel names colour 2 of 2"))) {
            try PaletteImage.decode(stream(header + [0, 2, 1, 0]), width: 2, height: 2, rowBytes: 8)
        }
        #expect(throws: DecompressionError.malformed(.badPalette("no palette header"))) {
            try PaletteImage.decode(stream([1, 2, 3, 4] + header.dropFirst(4) + [0, 1, 1, 0]), width: 2, height: 2, rowBytes: 8)
        }
        // A stream that inflates past the largest palette image of that size is cut off there.
        #expect(throws: DecompressionError.exceedsLimit(10 + 1024 + 4)) {
            try PaletteImage.decode(stream(header + [UInt8](repeating: 0, count: 2000)), width: 2, height: 2, rowBytes: 8)
        }
    }

    /// The offset of the first image header (`CTSI`, written `ISTC`) in a written car.
    static func firstHeader(_ bytes: [UInt8]) throws -> Int {
        try #require((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(Array("ISTC".utf8)) })
    }

    /// An image header that declares more data than its block holds is refused when the car is opened.
    @Test func anImageDeclaringMoreDataThanItsBlockIsRefused() throws {
        var bytes = [UInt8](CarWriter(images: [.init(asset: "AppIcon", size: 8, colour: (1, 2, 3, 255))]).build())
        let header = try Self.firstHeader(bytes)
        bytes[header + 183] = 0x40
        #expect(throws: CarError.badRendition(name: "AppIcon-8.png", reason: "declares more data than its block holds")) {
            try CompiledCatalog(bytes: bytes)
        }
    }

    /// Pixels that decompress to more than the header's size (it says 16 rows, the data holds 32)
    /// are refused in every encoding, never cut to fit.
    @Test(arguments: [CarWriter.Encoding.uncompressed, .lzvn, .lzfse, .zlib, .gzip, .paletteImage])
    func pixelsBeyondTheDeclaredHeightAreRefused(_ encoding: CarWriter.Encoding) throws {
        var bytes = [UInt8](CarWriter(images: [.init(asset: "AppIcon", size: 32, encoding: encoding, pixel: Self.sevenColours)]).build())
        bytes[try Self.firstHeader(bytes) + 16] = 16
        let car = try CompiledCatalog(bytes: bytes)
        let rendition = try #require(car.images(named: "AppIcon").first)
        #expect(rendition.height == 16)
        do {
            _ = try car.bitmap(of: rendition)
            Issue.record("an image of 16 rows decoded from 32 rows of \(encoding)")
        } catch {
            guard case .decompression(name: "AppIcon-32.png", _) = error else { Issue.record("\(error)"); return }
        }
    }

    /// Whether the reference LZFSE encoder is there for the atlases; says why not, and fails in CI.
    static func referenceEncoderInstalled() -> Bool {
        guard ReferenceLZFSE.available else {
            if ReferenceLZFSE.inCI { Issue.record("PyPI's lzfse must be installed in CI: \(ReferenceLZFSE.skipMessage)") }
            print(ReferenceLZFSE.skipMessage)
            return false
        }
        return true
    }

    /// A pattern of its own for each packed image `k`, with partial alpha.
    static func packed(_ k: Int) -> (Int, Int) -> (UInt8, UInt8, UInt8, UInt8) {
        { x, y in (UInt8((x * 5 + k * 40) % 256), UInt8((y * 7 + k * 20) % 256), UInt8(k * 60), UInt8(255 - (x ^ y) % 64)) }
    }

    /// Four images of other sizes packed into one atlas at other corners, as Xcode packs icons:
    /// each reads back as exactly its own pixels, cut from the atlas's LZFSE bands.
    @Test func imagesPackedIntoAnLZFSEAtlasCropTheirOwnPixels() throws {
        guard Self.referenceEncoderInstalled() else { return }
        let corners = [(40, 2, 2), (24, 44, 2), (30, 2, 44), (36, 60, 40)]
        let images: [CarWriter.Image] = corners.enumerated().map { k, corner in
            var image = CarWriter.Image(asset: "Icon\(k)", size: corner.0, scale: 2, idiom: 1, pixel: Self.packed(k))
            image.placement = .init(atlas: 3, x: corner.1, y: corner.2)
            return image
        }
        let written = CarWriter(images: images, atlases: [.init(number: 3, width: 100, height: 80, scale: 2, idiom: 1, rowsPerChunk: 16)]).build()
        // The atlas is stored as five bands, each a real LZFSE stream of the reference encoder.
        let bytes = [UInt8](written)
        let bands = (0..<(bytes.count - 24)).filter { bytes[$0..<($0 + 4)].elementsEqual(Array("KCBC".utf8)) }
        #expect(bands.count == 5)
        #expect(bands.allSatisfy { bytes[($0 + 20)..<($0 + 24)].elementsEqual(Array("bvx2".utf8)) })

        let car = try CompiledCatalog(bytes: bytes)
        for (k, corner) in corners.enumerated() {
            let rendition = try #require(car.images(named: "Icon\(k)").first)
            let link = try #require(rendition.link)
            // The link's rectangle is measured from the atlas's bottom-left corner, as Xcode writes it.
            #expect((link.x, link.y, link.width, link.height) == (corner.1, 80 - corner.2 - corner.0, corner.0, corner.0))
            #expect(car.undecodableEncoding(of: rendition) == nil && car.linkProblem(of: rendition) == nil)
            let bitmap = try car.bitmap(of: rendition)
            #expect(bitmap.width == corner.0 && bitmap.height == corner.0)
            var largest = 0
            for y in 0..<corner.0 {
                for x in 0..<corner.0 {
                    let (r, g, b, a) = Self.packed(k)(x, y)
                    let at = (y * corner.0 + x) * 4
                    #expect(bitmap.rgba[at + 3] == a, "Icon\(k) at (\(x), \(y))")
                    largest = max(largest, CarCorpus.largestDifference(Array(bitmap.rgba[at..<(at + 3)]), [r, g, b]))
                }
            }
            #expect(largest <= 1, "Icon\(k) differs by \(largest)")
        }
    }

    /// A link past its atlas's edge and a link to an atlas the car lacks are refused with what is
    /// wrong; the sound image beside them still reads.
    @Test func brokenAtlasLinksAreRefused() throws {
        guard Self.referenceEncoderInstalled() else { return }
        var sound = CarWriter.Image(asset: "Sound", size: 16, pixel: Self.packed(1))
        sound.placement = .init(atlas: 1, x: 2, y: 2)
        var outside = CarWriter.Image(asset: "Outside", size: 32, pixel: Self.packed(2))
        outside.placement = .init(atlas: 1, x: 40, y: 8)
        var missing = CarWriter.Image(asset: "Missing", size: 16, pixel: Self.packed(3))
        missing.placement = .init(atlas: 9, x: 2, y: 2)
        let car = try Self.read(CarWriter(images: [sound, outside, missing], atlases: [.init(number: 1, width: 64, height: 64)]))
        let outsideError = CarError.badRendition(name: "Outside-32.png", reason: "links to a rectangle outside its atlas")
        let missingError = CarError.badRendition(name: "Missing-16.png", reason: "links into an atlas the car does not have")
        for (name, error) in [("Outside", outsideError), ("Missing", missingError)] {
            let rendition = try #require(car.images(named: name).first)
            #expect(car.linkProblem(of: rendition) == error)
            #expect(throws: error) { try car.bitmap(of: rendition) }
        }
        let good = try car.bitmap(of: try #require(car.images(named: "Sound").first))
        #expect(good.width == 16 && good.rgba[3] == Self.packed(1)(0, 0).3)
    }

    /// The writer's structure is the real cars': the same trees, the same headers, read by one reader.
    @Test(.enabled(if: CarCorpus.available, "\(CarCorpus.skipMessage)"))
    func writtenAndRealCarsHaveTheSameStructure() throws {
        let real = try CarCorpus.open(CarCorpus.calSmoke + "/Assets.car")
        let written = try Self.read(CarWriter(images: [.init(asset: "AppIcon", size: 120, scale: 2, idiom: 1, colour: (1, 2, 3, 255))]))
        for car in [real, written] {
            let icon = try #require(car.images(named: "AppIcon").first { $0.width == 120 })
            #expect(icon.scale == 2 && icon.idiom == .phone && icon.pixelFormat == "ARGB")
            #expect(car.keyFormat.contains(.identifier) && car.keyFormat.contains(.scale) && car.keyFormat.contains(.idiom))
        }
    }
}
