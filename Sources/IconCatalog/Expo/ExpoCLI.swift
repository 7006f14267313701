import FileAccess
import Foundation

/// An `app.config.js` or `app.config.ts` is a program: what it declares is known only by running
/// it. The project's own Expo CLI does that (`expo config --json --type public`), within a time
/// limit, its output bounded; where the project has none, or the caller does not allow running
/// the project's code (`serve`), the reading stops with one line saying how to make a JSON file
/// `--app` reads.
package enum ExpoCLI {
    /// The config programs Expo looks for, in its order.
    package static let programNames = ["app.config.ts", "app.config.js", "app.config.mjs", "app.config.cjs"]
    /// What the config program may print; real ones are a few kilobytes.
    static let maximumOutput = ExpoProject.maximumConfigBytes
    /// How to make a file `--app` reads without running anything.
    package static let jsonHint = "make a JSON file --app can read with `npx expo config --json > expo-config.json`"

    /// The config program in `folder`, if any.
    package static func program(in folder: String) -> String? {
        programNames.map { (folder as NSString).appendingPathComponent($0) }.first { FileKind.following($0) == .regularFile }
    }

    /// The project's Expo CLI, `node_modules/.bin/expo` beside the program.
    static func executable(for program: String) -> String? {
        let root = (ProjectPaths.absolute(program) as NSString).deletingLastPathComponent
        let path = (root as NSString).appendingPathComponent("node_modules/.bin/expo")
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// The config `program` evaluates to, as `expo config --json --type public` prints it, read
    /// as a project rooted at the program's folder. Throws the one line a user needs when it
    /// cannot be run (not allowed, no CLI), fails, prints no config, or takes longer than `timeout` seconds.
    package static func evaluate(_ program: String, options: CatalogOptions) throws(CatalogError) -> ExpoProject {
        let name = (program as NSString).lastPathComponent
        guard options.runsExpoCLI else {
            throw .expoConfig(path: program, problem: "\(name) is a program, which is not run here; \(jsonHint)")
        }
        guard let expo = executable(for: program) else {
            throw .expoConfig(path: program, problem: "\(name) is a program and the project has no Expo CLI "
                + "(node_modules/.bin/expo) to run it; \(jsonHint)")
        }
        let root = (ProjectPaths.absolute(program) as NSString).deletingLastPathComponent
        let process = Process()
        process.executableURL = URL(fileURLWithPath: expo)
        process.arguments = ["config", "--json", "--type", "public"]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "1"
        environment["EXPO_NO_TELEMETRY"] = "1"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .expoConfig(path: program, problem: "\(expo) could not be started (\(error.localizedDescription)); \(jsonHint)")
        }
        let collected = BoundedOutput(limit: maximumOutput)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { collected.drain(output.fileHandleForReading, into: \.output) }
        DispatchQueue.global().async(group: group) { collected.drain(errors.fileHandleForReading, into: \.errors) }
        if group.wait(timeout: .now() + .seconds(options.expoCLITimeout)) == .timedOut {
            process.terminate()
            _ = group.wait(timeout: .now() + .seconds(1))
            // SIGTERM may be blocked in the child (a parent that blocked it passes that on): then it is killed.
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            throw .expoConfig(path: program, problem: "`expo config` did not finish within \(options.expoCLITimeout) s; \(jsonHint)")
        }
        process.waitUntilExit()
        let (out, err, cut) = collected.result
        guard process.terminationStatus == 0 else {
            let last = String(decoding: err, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            throw .expoConfig(path: program, problem: "`expo config` failed (exit \(process.terminationStatus))"
                + (last.isEmpty ? "" : ": \(last.prefix(200))"))
        }
        guard !cut else {
            throw .expoConfig(path: program, problem: "`expo config` printed over \(maximumOutput) bytes; it is not read")
        }
        return try ExpoProject.read(bytes: Array(out), configPath: program, root: root)
    }
}

/// A child's two pipes read to their ends, keeping at most `limit` bytes of each.
private final class BoundedOutput: @unchecked Sendable {
    struct Streams {
        var output = Data()
        var errors = Data()
        var cut = false
    }

    private let lock = NSLock()
    private var streams = Streams()
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func drain(_ handle: FileHandle, into stream: WritableKeyPath<Streams, Data>) {
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { return }
            lock.withLock {
                let room = limit - streams[keyPath: stream].count
                if chunk.count > room { streams.cut = streams.cut || stream == \Streams.output }
                if room > 0 { streams[keyPath: stream].append(chunk.prefix(room)) }
            }
        }
    }

    var result: (Data, Data, Bool) { lock.withLock { (streams.output, streams.errors, streams.cut) } }
}
