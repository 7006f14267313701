@testable import CompiledAssetCatalog
import Foundation
import Testing
import TestSupport

/// Small cars whose structure would make reading them cost far more than their size: each is
/// read at a cost bounded by the file, or refused before the work is done.
struct BoundedCarTests {
    /// 2,000 images linked into one atlas: each link's atlas is found once, when the car is
    /// opened, from an index of the atlases by key (not by scanning every rendition per question).
    @Test(.enabled(if: ReferenceLZFSE.available, "\(ReferenceLZFSE.skipMessage)"))
    func manyAtlasLinksAreResolvedOnceWhenTheCarIsOpened() throws {
        let images: [CarWriter.Image] = (0..<2_000).map { k in
            var image = CarWriter.Image(asset: "Icon\(k)", size: 1, scale: 2, idiom: 1, colour: (UInt8(k % 256), 40, 90, 255))
            image.placement = .init(atlas: 3, x: 1, y: 1)
            return image
        }
        let writer = CarWriter(images: images, atlases: [.init(number: 3, width: 4, height: 4, scale: 2, idiom: 1),
                                                         .init(number: 3, width: 4, height: 4, scale: 3, idiom: 1)])
        let car = try CompiledCatalog(bytes: [UInt8](writer.build()))
        let atlas = try #require(car.renditions.firstIndex { $0.link == nil && $0.key[.scale] == 2 })
        let linked = car.renditions.filter { $0.link != nil }
        #expect(linked.count == 2_000)
        #expect(linked.allSatisfy { $0.atlasPosition == atlas })
        #expect(linked.allSatisfy { car.linkProblem(of: $0) == nil && car.undecodableEncoding(of: $0) == nil })
        let last = try #require(car.images(named: "Icon1999").first)
        #expect(Array(try car.bitmap(of: last).rgba) == [UInt8(1_999 % 256), 40, 90, 255])
    }

    /// 60,000 entries of the RENDITIONS tree naming one image block are one rendition.
    @Test func entriesNamingOneBlockAreOneRendition() throws {
        var writer = CarWriter(images: [.init(asset: "Icon", size: 8, colour: (10, 200, 30, 255))])
        writer.repeatedEntries = 60_000
        let car = try CompiledCatalog(bytes: [UInt8](writer.build()))
        #expect(car.renditions.count == 1)
        #expect(car.images(named: "Icon").count == 1)
    }

    /// Row padding counts against the pixel limit: a 1 × 4,194,304 image (at the limit in pixels)
    /// declaring 68 bytes a row would be 285 MB; it is refused before anything is allocated.
    @Test func rowPaddingCountsAgainstThePixelLimit() throws {
        var image = CarWriter.Image(asset: "Tall", size: 1, encoding: .lzfse, colour: (1, 2, 3, 255))
        image.rowBytes = 68
        image.declaredHeight = CompiledCatalog.maximumPixels
        let car = try CompiledCatalog(bytes: [UInt8](CarWriter(images: [image]).build()))
        let tall = try #require(car.images(named: "Tall").first)
        #expect(tall.width == 1 && tall.height == CompiledCatalog.maximumPixels)
        #expect(throws: CarError.imageTooLarge(name: tall.name, bytes: 68 * CompiledCatalog.maximumPixels,
                                               limit: 4 * CompiledCatalog.maximumPixels)) { try car.bitmap(of: tall) }
    }

    /// An LZFSE block declaring no output but the most literals and matches a block may hold is
    /// refused from its header, before its tables are built or a literal decoded.
    @Test func lzfseCountsBeyondTheDeclaredOutputAreRefused() throws {
        var block: [UInt8] = Array("bvx2".utf8) + [0, 0, 0, 0]
        let v0 = UInt64(40_000) | UInt64(0) << 20 | UInt64(10_000) << 40 | UInt64(7) << 60
        let v1 = UInt64(0) | UInt64(7) << 60
        let v2 = UInt64(32)
        for field in [v0, v1, v2] { block += (0..<8).map { UInt8(truncatingIfNeeded: field >> (8 * $0)) } }
        let stream = Array(repeating: block, count: 1_000).flatMap { $0 } + Array("bvx$".utf8)
        #expect(throws: DecompressionError.malformed(.countsExceedOutput(literals: 40_000, matches: 10_000, output: 0))) {
            try LZFSE.decompress(stream, limit: 1 << 20)
        }
    }
}
