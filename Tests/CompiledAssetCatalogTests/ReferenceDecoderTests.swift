import CompiledAssetCatalog
import Foundation
import Testing
import TestSupport

@Suite struct ReferenceDecoderTests {
    @Test func theReferenceEncodersStreamsDecodeToTheirInput() throws {
        guard ReferenceLZFSE.available else {
            if ReferenceLZFSE.inCI { Issue.record("PyPI's lzfse must be installed in CI: \(ReferenceLZFSE.skipMessage)") }
            print(ReferenceLZFSE.skipMessage)
            return
        }
        var kinds = Set<String>()
        for sample in ReferenceLZFSE.samples() {
            let stream = try ReferenceLZFSE.compress(sample)
            kinds.insert(String(decoding: stream.prefix(4), as: UTF8.self))
            let decoded = try LZFSE.decompress(stream, limit: sample.count)
            #expect(decoded == sample, "a \(sample.count)-byte sample, stream \(String(decoding: stream.prefix(4), as: UTF8.self))")
            if sample.count > 0 {
                #expect(throws: DecompressionError.self) { try LZFSE.decompress(stream, limit: sample.count - 1) }
            }
        }
        #expect(kinds.isSuperset(of: ["bvx2", "bvxn"]))
    }

    @Test func truncatedReferenceStreamsAreErrors() throws {
        guard ReferenceLZFSE.available else { print(ReferenceLZFSE.skipMessage); return }
        let sample = ReferenceLZFSE.samples()[8]
        let stream = try ReferenceLZFSE.compress(sample)
        for length in stride(from: 0, to: stream.count, by: max(1, stream.count / 97)) {
            #expect(throws: DecompressionError.self) { try LZFSE.decompress(Array(stream.prefix(length)), limit: sample.count) }
        }
    }
}

/// LZVN streams written by hand, one instruction kind each.
@Suite struct LZVNInstructionTests {
    @Test func eachInstructionKind() throws {
        // 4 literals "abcd", then a small-distance match (L=0, M=3+3=6, D=4): "abcdab" …
        let end: [UInt8] = [0x06, 0, 0, 0, 0, 0, 0, 0]
        #expect(try LZVN.decompress([0xE4] + Array("abcd".utf8) + [0x18, 0x04] + end, limit: 100) == Array("abcdabcdab".utf8))
        // A large literal run (0xE0, n + 16), a match with the previous distance (0xF2: 2 bytes).
        let run = [UInt8](repeating: 0x41, count: 20)
        #expect(try LZVN.decompress([0xE0, 4] + run + [0x00, 0x01, 0xF2] + end, limit: 100).count == 20 + 3 + 2)
        // Medium distance: 101LLMMM DDDDDDMM DDDDDDDD — L 0, M (0·4 + 1) + 3, D 2.
        #expect(try LZVN.decompress([0xE2, 0x61, 0x62, 0xA0, 0x09, 0x00] + end, limit: 100) == Array("ababab".utf8))
        // Large distance (LLMMM111): L 0, M 3, D 2 in the next two bytes.
        #expect(try LZVN.decompress([0xE2, 0x61, 0x62, 0x07, 0x02, 0x00] + end, limit: 100) == Array("ababa".utf8))
        // Undefined instructions, a distance before the start, more than the limit, no end.
        #expect(throws: DecompressionError.malformed(.undefinedOpcode(0x70))) { try LZVN.decompress([0x70] + end, limit: 10) }
        #expect(throws: DecompressionError.malformed(.distanceBeforeStart)) { try LZVN.decompress([0x00, 0x05] + end, limit: 10) }
        #expect(throws: DecompressionError.exceedsLimit(3)) { try LZVN.decompress([0xE4] + Array("abcd".utf8) + end, limit: 3) }
        #expect(throws: DecompressionError.truncated) { try LZVN.decompress([0xE4, 0x61], limit: 10) }
    }
}
