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

    @Test func aCycleAcrossLeavesIsRefused() throws {
        var writer = CarWriter(images: (0..<6).map { .init(asset: "Icon\($0)", size: 2, colour: (1, 0, 0, 255)) })
        writer.leafSize = 2
        writer.cycle = true
        #expect(throws: CarError.badTree(name: "RENDITIONS", reason: "loops back on itself")) { try Self.read(writer) }
    }

    @Test func anEncodingNotDecodedIsNamed() throws {
        let car = try Self.read(CarWriter(images: [.init(asset: "AppIcon", size: 8, encoding: .paletteImage, colour: (1, 2, 3, 255))]))
        let rendition = try #require(car.images(named: "AppIcon").first)
        #expect(throws: CarError.unsupportedEncoding(name: "AppIcon-8.png", encoding: "a palette image")) { try car.bitmap(of: rendition) }
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
