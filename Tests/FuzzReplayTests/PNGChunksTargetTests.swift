import Foundation
import FuzzHarness
import Testing
import TestSupport

/// The `png-chunks` target, whose checks include that a file `add` writes as given is still a
/// whole PNG marked sRGB: on plain RGB files the test makes, each byte of their chunk headers
/// flipped in turn, and on every PNG of the shared corpus.
@Suite struct PNGChunksTargetTests {
    @Test func holdsOnPlainRGBFilesAndTheirDamagedCopies() throws {
        let run = try #require(FuzzHarness.targets["png-chunks"])
        let plain = [UInt8](PNGWriter.png(width: 3, height: 2, alpha: false) { x, y in (UInt8(x * 80), UInt8(y * 120), 7, 255) })
        let text = PNGWriter.chunk("tEXt", Array("Software\u{0}test".utf8))
        let withText = Array(plain[..<33]) + text + Array(plain[33...])
        for file in [plain, withText] {
            run(Array(file.dropFirst(8)))
            // Every byte of the signature's end, IHDR and the first chunk header, changed.
            for index in 8..<min(file.count, 8 + 25 + 12) {
                var damaged = file
                damaged[index] ^= 0x5A
                run(Array(damaged.dropFirst(8)))
            }
            run(Array(file.dropFirst(8).dropLast(5)))
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: Repository.corpus.appendingPathComponent("png").path),
                   "skipped: ../shared/corpus/png is absent"))
    func holdsOnTheCorpusPNGs() throws {
        let run = try #require(FuzzHarness.targets["png-chunks"])
        let root = Repository.corpus.appendingPathComponent("png").path
        let files = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".png") }
        #expect(files.count > 100)
        for relative in files {
            run(Array(try Data(contentsOf: URL(fileURLWithPath: "\(root)/\(relative)")).dropFirst(8)))
        }
    }
}
