import Foundation
@_exported import TestSupport

/// Runs the built `iconchooser` binary as a user would, reading its stdout and stderr
/// while it runs (so a full pipe can never deadlock it) and killing it after a time-out.
struct CLI {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    /// `$ICONCHOOSER_BIN`, else the binary beside this test bundle (same build folder).
    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["ICONCHOOSER_BIN"] { return path }
        let testExecutable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        var folder = testExecutable.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("iconchooser").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return Repository.root.appendingPathComponent(".build/debug/iconchooser").path
    }()

    /// A private home and state folder per test, so tests never share a choice.
    let home: TemporaryFolder

    init(home: TemporaryFolder = TemporaryFolder()) {
        self.home = home
    }

    var environment: [String: String] {
        [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": home.path,
            "XDG_STATE_HOME": home.url("state"),
            "LANG": "C.UTF-8",
        ]
    }

    @discardableResult
    func run(_ arguments: [String], environment extra: [String: String] = [:], timeout: TimeInterval = 30) throws -> Outcome {
        try Self.run(executable: Self.binary, arguments, environment: environment.merging(extra) { $1 }, timeout: timeout)
    }

    static func run(executable: String, _ arguments: [String], environment: [String: String],
                    timeout: TimeInterval = 30) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let group = DispatchGroup()
        nonisolated(unsafe) var stdout = Data(), stderr = Data()
        DispatchQueue.global().async(group: group) { stdout = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { stderr = errors.fileHandleForReading.readDataToEndOfFile() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            group.wait()
            process.waitUntilExit()
            throw TimedOut(command: ([executable] + arguments).joined(separator: " "), seconds: timeout)
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus,
                       stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }

    struct TimedOut: Error, CustomStringConvertible {
        let command: String
        let seconds: TimeInterval
        var description: String { "\(command) did not finish within \(Int(seconds)) s" }
    }
}

/// Parses JSON output into plain dictionaries for checking.
func jsonObject(_ text: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
}

/// A terminal that answers the start-up queries as kitty 0.35 does (answering-terminal.py):
/// runs `command` on it until what the command wrote holds `until`, then types `keys`.
enum AnsweringTerminal {
    static let script = Repository.root.appendingPathComponent("Tests/EndToEndTests/answering-terminal.py").path

    /// The command's exit status (3: `until` never came within 60 s) and everything it wrote.
    static func run(_ command: [String], until: String, keys: String, in folder: TemporaryFolder,
                    environment: [String: String]) throws -> (status: Int32, written: String) {
        let transcript = folder.url("transcript-\(UUID().uuidString)")
        let outcome = try CLI.run(executable: "/usr/bin/python3", [script, transcript, until, keys] + command,
                                  environment: environment, timeout: 90)
        return (outcome.status, (try? String(contentsOfFile: transcript, encoding: .utf8)) ?? "")
    }
}
