import CompiledAssetCatalog
import Foundation
import Testing
import TestSupport

/// Apple's reference LZFSE (PyPI's `lzfse`, in the venv `make test` creates) compresses; our
/// decoders must give the bytes back. Inputs under 4 KiB come out as LZVN blocks, larger ones
/// as LZFSE blocks, so both decoders meet the reference encoder.
enum ReferenceLZFSE {
    static let python = Repository.root.appendingPathComponent(".build/oracle-venv/bin/python").path
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python)
            && (try? run(["-c", "import lzfse"], input: Data())) != nil
    }
    static let inCI = ProcessInfo.processInfo.environment["CI"] != nil
    static let skipMessage = "skipped: PyPI's lzfse is not installed in .build/oracle-venv (make test installs it)"

    /// Runs the venv's python with `arguments`, `input` on stdin; its stdout.
    static func run(_ arguments: [String], input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Write and read on separate threads: a large stream would fill one pipe while the other waits.
        let writer = Thread { stdin.fileHandleForWriting.write(input); try? stdin.fileHandleForWriting.close() }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
        return output
    }

    static func compress(_ data: [UInt8]) throws -> [UInt8] {
        [UInt8](try run(["-c", "import sys, lzfse; sys.stdout.buffer.write(lzfse.compress(sys.stdin.buffer.read()))"], input: Data(data)))
    }

    /// Inputs of the kinds pixel data is made of: runs, repeats at many distances, noise, text.
    static func samples() -> [[UInt8]] {
        var generator = SystemRandomNumberGenerator()
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 { seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return UInt8(truncatingIfNeeded: seed >> 33) }
        _ = generator
        let noise = (0..<70_000).map { _ in next() }
        let pixels = (0..<200_000).flatMap { i -> [UInt8] in let v = UInt8(truncatingIfNeeded: i / 97); return [v, v &+ 1, 0, 255] }
        let text = Array(String(repeating: "the quick brown fox jumps over the lazy dog 0123456789 ", count: 2_000).utf8)
        let mixed = noise.prefix(3_000) + pixels.prefix(50_000) + noise.prefix(20_000) + text.prefix(30_000)
        return [[], [7], Array(text.prefix(100)), Array(noise.prefix(4_000)), Array(pixels.prefix(3_000)), noise, pixels, text,
                Array(mixed), [UInt8](repeating: 0xAB, count: 1_000_000)]
    }
}

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
