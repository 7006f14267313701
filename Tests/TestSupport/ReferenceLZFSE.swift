import Foundation

/// Apple's reference LZFSE (PyPI's `lzfse`, in the venv `make oracles` creates) compresses, for
/// tests only: our decoders must give the bytes back, and `CarWriter` packs its atlases with it.
/// Inputs under 4 KiB come out as LZVN blocks, larger ones as LZFSE blocks, so both decoders meet
/// the reference encoder.
public enum ReferenceLZFSE {
    public static let python = Repository.root.appendingPathComponent(".build/oracle-venv/bin/python").path
    /// Whether the venv has the package: asked once.
    public static let available: Bool = FileManager.default.isExecutableFile(atPath: python)
        && (try? run(["-c", "import lzfse"], input: Data())) != nil
    public static let inCI = ProcessInfo.processInfo.environment["CI"] != nil
    public static let skipMessage = "skipped: PyPI's lzfse is not installed in .build/oracle-venv (make test installs it)"

    /// Runs the venv's python with `arguments`, `input` on stdin; its stdout.
    public static func run(_ arguments: [String], input: Data) throws -> Data {
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

    public static func compress(_ data: [UInt8]) throws -> [UInt8] {
        [UInt8](try run(["-c", "import sys, lzfse; sys.stdout.buffer.write(lzfse.compress(sys.stdin.buffer.read()))"], input: Data(data)))
    }

    /// Inputs of the kinds pixel data is made of: runs, repeats at many distances, noise, text.
    public static func samples() -> [[UInt8]] {
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
