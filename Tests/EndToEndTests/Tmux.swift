import Foundation

/// One tmux server and session per test (its own socket), driven like a person at a
/// terminal: type keys, look at the screen, wait until it shows what is expected.
final class Tmux {
    let socket: String
    let session = "chooser"
    let scratch: TemporaryFolder

    /// Starts `command` (run by /bin/sh) in a detached window of the given size.
    init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        scratch = TemporaryFolder()
        socket = "iconchooser-test-\(UUID().uuidString.prefix(8))"
        var arguments = ["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(name)=\(value)"] }
        arguments += ["/bin/sh", "-c", command]
        try tmux(arguments)
        try tmux(["set-option", "-t", session, "remain-on-exit", "on"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Runs a tmux client and returns its output. Not through Foundation's `Process`: the
    /// tmux server a client starts keeps a descriptor Process watches, so `waitUntilExit`
    /// never returns; posix_spawn and waitpid on the client alone do.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = scratch.url("tmux-output-\(UUID().uuidString)")
        defer { unlink(output) }
        let argv = ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments
        let env = ["PATH": "/usr/bin:/bin", "HOME": scratch.path, "TERM": "xterm-256color"]
        let pid = try spawnProgram(argv, environment: env, stdout: output)
        guard waitForExit(pid, timeout: 10) != nil else {
            kill(pid, SIGKILL)
            _ = waitForExit(pid, timeout: 5)
            throw CLI.TimedOut(command: argv.joined(separator: " "), seconds: 10)
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// The screen as plain text, one string per row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", session]).components(separatedBy: "\n")
    }

    /// The screen with its SGR colour and attribute sequences (`capture-pane -e`).
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", session])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pid of the program the window runs (the shell's child, or the shell itself after exec).
    func panePID() throws -> Int32 {
        Int32(try tmux(["display-message", "-p", "-t", session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// Polls the screen until `predicate` holds, up to `timeout` seconds; returns the last screen.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 15, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            usleep(50_000)
        }
        throw WaitFailed(what: what, screen: last)
    }

    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 15) throws -> [String] {
        try waitFor("“\(text)” on screen", timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Waits for a file the window's shell writes when the program has exited.
    func waitForFile(_ path: String, timeout: TimeInterval = 15) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") { return text }
            usleep(50_000)
        }
        throw WaitFailed(what: "file \(path)", screen: (try? screen()) ?? [])
    }

    struct WaitFailed: Error, CustomStringConvertible {
        let what: String
        let screen: [String]
        var description: String {
            "timed out waiting for \(what); the screen was:\n" + screen.map { "│" + $0 }.joined(separator: "\n")
        }
    }
}

/// Shell-quotes one argument.
func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
