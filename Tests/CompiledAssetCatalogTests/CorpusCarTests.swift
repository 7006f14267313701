import CompiledAssetCatalog
import Foundation
import IconArt
import Testing
import TestSupport

/// The real cars of `../shared/corpus/assets-car` (see its README).
enum CarCorpus {
    static let folder = Repository.corpus.appendingPathComponent("assets-car")
    static var available: Bool { FileManager.default.fileExists(atPath: folder.path) }
    static let skipMessage = "skipped: ../shared/corpus/assets-car is absent"
    static let calSmoke = folder.appendingPathComponent("CalSmoke-cal.app").path
    static let xcode8 = folder.appendingPathComponent("CalSmoke-xcode8.car").path
    static let acextract = ["ios", "iphone", "ipad", "tv", "watch", "mac"].map {
        folder.appendingPathComponent("acextract/assets_\($0).car").path
    }

    static func open(_ path: String) throws -> CompiledCatalog {
        try CompiledCatalog(bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// The largest difference of any channel between two pictures of one size.
    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }
}

@Suite(.enabled(if: CarCorpus.available, "\(CarCorpus.skipMessage)"))
struct CorpusCarTests {
    /// Xcode 10 wrote the primary icon both into the car and as loose crushed PNGs: the same pictures.
    @Test func calSmokeAppIconEqualsTheLoosePNGsXcodeWrote() throws {
        let car = try CarCorpus.open(CarCorpus.calSmoke + "/Assets.car")
        let images = car.images(named: "AppIcon")
        #expect(images.count == 25)
        var compared = 0
        for rendition in images {
            let bitmap = try car.bitmap(of: rendition)
            #expect(bitmap.width == rendition.width && bitmap.rgba.count == rendition.width * rendition.height * 4)
            let points = Double(rendition.width) / Double(rendition.scale)
            let size = points == points.rounded() ? String(Int(points)) : String(points)
            let suffix = (rendition.scale > 1 ? "@\(rendition.scale)x" : "") + (rendition.idiom == .pad ? "~ipad" : "")
            let loose = "\(CarCorpus.calSmoke)/AppIcon\(size)x\(size)\(suffix).png"
            guard FileManager.default.fileExists(atPath: loose) else { continue }
            let png = try PNGDecoder.decode(contentsOf: loose)
            #expect(png.width == bitmap.width && png.height == bitmap.height, "\(loose)")
            let difference = CarCarCorpusDifference.of(png.pixels, bitmap.rgba)
            #expect(difference <= 1, "\(rendition.name) differs from \(loose) by \(difference)")
            compared += 1
        }
        // Every loose file Xcode wrote for the primary icon (23 of them; two pairs are the same size).
        #expect(compared >= 20)
    }

    /// The icon's renditions are encoded three ways in this car: run-length, LZVN, and LZVN in row chunks.
    @Test func calSmokeUsesRunLengthLZVNAndChunks() throws {
        let car = try CarCorpus.open(CarCorpus.calSmoke + "/Assets.car")
        let names = Set(car.images(named: "AppIcon").map(\.name))
        #expect(names.isSuperset(of: ["Icon-Small.png", "20x20.png", "Icon-72.png", "iTunesArtwork@2x.png"]))
        let marketing = try #require(car.images(named: "AppIcon").first { $0.idiom == .marketing })
        #expect(marketing.width == 1024 && car.appearance(of: marketing) == .light)
    }

    /// Xcode 8.3.2 and Xcode 10 compiled the same images with other encoders: the pixels agree.
    @Test func xcode8AndXcode10BuildsAgree() throws {
        let old = try CarCorpus.open(CarCorpus.xcode8), new = try CarCorpus.open(CarCorpus.calSmoke + "/Assets.car")
        // Xcode 10 also stores most of them a second time as palette images: either twin will do.
        var newByName: [String: Rendition] = [:]
        for rendition in new.renditions where rendition.isBitmap && (try? new.bitmap(of: rendition)) != nil {
            newByName[rendition.name + "\(rendition.width)x\(rendition.height)"] = rendition
        }
        var compared = 0
        for rendition in old.renditions where rendition.isBitmap {
            guard let twin = newByName[rendition.name + "\(rendition.width)x\(rendition.height)"] else { continue }
            let newer = try new.bitmap(of: twin)
            let older = try old.bitmap(of: rendition)
            let difference = CarCarCorpusDifference.of(older.rgba, newer.rgba)
            #expect(difference <= 1, "\(rendition.name) differs by \(difference)")
            compared += 1
        }
        #expect(compared >= 40)
    }

    /// Xcode 10 stores 135 of the images a second time as palette images (see `PaletteImage`):
    /// each decodes to the same pixels as its twin stored as plain pixels (LZVN or run-length).
    @Test func calSmokePaletteImagesEqualTheirPlainTwins() throws {
        let car = try CarCorpus.open(CarCorpus.calSmoke + "/Assets.car")
        let palettes = car.renditions.filter { $0.compression == .paletteImage }
        #expect(palettes.count == 135)
        var compared = 0
        for palette in palettes {
            #expect(car.undecodableEncoding(of: palette) == nil, "\(palette.name)")
            let twin = try #require(car.renditions.first {
                $0.compression != .paletteImage && $0.key[.identifier] == palette.key[.identifier] && $0.name == palette.name
                    && $0.width == palette.width && $0.height == palette.height && $0.scale == palette.scale
            }, "\(palette.name) has no plain twin")
            #expect([.lzvn, .runLength].contains(twin.compression))
            let decoded = try car.bitmap(of: palette), plain = try car.bitmap(of: twin)
            let difference = CarCarCorpusDifference.of(decoded.rgba, plain.rgba)
            #expect(difference <= 1, "\(palette.name) (\(palette.width)×\(palette.height)) differs from its twin by \(difference)")
            compared += 1
        }
        #expect(compared == 135)
    }

    /// Xcode 7.3's catalogues: every image decodes (LZFSE atlases and the images packed into them).
    @Test(arguments: CarCorpus.acextract)
    func acextractImagesDecode(_ path: String) throws {
        let car = try CarCorpus.open(path)
        let bitmaps = car.renditions.filter(\.isBitmap)
        #expect(bitmaps.count > 30)
        for rendition in bitmaps {
            let bitmap = try car.bitmap(of: rendition)
            #expect(bitmap.rgba.count == rendition.width * rendition.height * 4)
        }
    }

    /// Packed images are cut from their atlas at the link's rectangle, whose origin is the atlas's
    /// bottom-left corner: the atlas packs 50 px rounded squares two pixels apart, so a right crop
    /// is opaque in the middle and clear in its corner, one pixel off would not be; and each square
    /// has the colour of the file it was compiled from (`cyan.png` is cyan), which a crop measured
    /// from the top would not have.
    @Test func acextractAtlasLinksCropTheRightRectangle() throws {
        let car = try CarCorpus.open(CarCorpus.acextract[0])
        let cyan = try #require(car.images(named: "g_3v1").first { $0.scale == 1 })
        let link = try #require(cyan.link)
        #expect((link.x, link.y, link.width, link.height) == (54, 2, 50, 50))
        let bitmap = try car.bitmap(of: cyan)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(bitmap.rgba[(y * 50 + x) * 4..<(y * 50 + x) * 4 + 4]) }
        #expect(cyan.name == "cyan.png")
        #expect(pixel(25, 25) == [0, 255, 255, 255])
        #expect(pixel(0, 0)[3] < 64)
        #expect(pixel(25, 0)[3] == 255 && pixel(0, 25)[3] == 255 && pixel(49, 25)[3] == 255 && pixel(25, 49)[3] == 255)
        let blueRendition = try #require(car.images(named: "m_2gb").first { $0.scale == 1 })
        #expect(blueRendition.name == "blue.png")
        let blue = try car.bitmap(of: blueRendition)
        #expect(Array(blue.rgba[(25 * 50 + 25) * 4..<(25 * 50 + 25) * 4 + 4]) == [0, 0, 255, 255])
    }
}

enum CarCarCorpusDifference {
    static func of(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return Int.max }
        return CarCorpus.largestDifference(a, b)
    }
}
