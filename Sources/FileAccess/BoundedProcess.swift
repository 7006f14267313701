import Foundation

/// Another program run to its end: nothing on its standard input, both outputs read while it
/// runs (a full pipe would stop it), at most `outputLimit` bytes of each kept, and ended past
/// `timeoutSeconds`: SIGTERM, then SIGKILL a second later (a child may inherit SIGTERM blocked
/// from its parent). Foundation's `Process` starts it; this adds the bounds every caller needs.
public enum BoundedProcess {
    /// What the program did.
    public struct Outcome: Sendable {
        public let status: Int32
        public let output: Data
        public let errors: Data
        /// Its standard output went past the limit; `output` holds the first `outputLimit` bytes.
        public let outputCut: Bool
    }

    public enum Failure: Error, Equatable, Sendable {
        /// It could not be started: why.
        case notStarted(String)
        /// It was still running after the time allowed, and was ended.
        case timedOut(seconds: Int)
    }

    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String], timeoutSeconds: Int,
                           outputLimit: Int = .max) throws(Failure) -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .notStarted(error.localizedDescription)
        }
        let collected = BoundedStreams(limit: outputLimit)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { collected.drain(output.fileHandleForReading, into: \.output) }
        DispatchQueue.global().async(group: group) { collected.drain(errors.fileHandleForReading, into: \.errors) }
        if group.wait(timeout: .now() + .seconds(timeoutSeconds)) == .timedOut {
            process.terminate()
            _ = group.wait(timeout: .now() + .seconds(1))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw .timedOut(seconds: timeoutSeconds)
        }
        process.waitUntilExit()
        let streams = collected.streams
        return Outcome(status: process.terminationStatus, output: streams.output, errors: streams.errors, outputCut: streams.cut)
    }
}

/// A child's two pipes read to their ends on two threads, keeping at most `limit` bytes of each.
private final class BoundedStreams: @unchecked Sendable {
    struct Streams {
        var output = Data()
        var errors = Data()
        /// The output (not the errors) went past the limit.
        var cut = false
    }

    private let lock = NSLock()
    private var kept = Streams()
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func drain(_ handle: FileHandle, into stream: WritableKeyPath<Streams, Data>) {
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return }
            lock.withLock {
                let room = limit - kept[keyPath: stream].count
                if chunk.count > room, stream == \Streams.output { kept.cut = true }
                if room > 0 { kept[keyPath: stream].append(chunk.prefix(room)) }
            }
        }
    }

    var streams: Streams { lock.withLock { kept } }
}
