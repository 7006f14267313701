import Foundation

/// One tmux server and session per test (its own socket), driven like a person at a
/// terminal: type keys, look at the screen, wait until it shows what is expected.
final class Tmux {
    let socket: String
    let session = "chooser"
    let scratch: TemporaryFolder

    /// Starts `command` (run by /bin/sh) in a detached window of the given size.
    /// tmux sets TERM in a new pane to its `default-terminal` whatever `-e` says, so a TERM
    /// in `environment` is set by `env` inside the pane.
    init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        scratch = TemporaryFolder()
        socket = "iconchooser-test-\(UUID().uuidString.prefix(8))"
        var arguments = ["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name != "TERM" {
            arguments += ["-e", "\(name)=\(value)"]
        }
        if let term = environment["TERM"] { arguments += ["/usr/bin/env", "TERM=\(term)"] }
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

    /// Writes `bytes` to the program as the terminal would, in one piece (`send-keys -H`):
    /// for escape sequences tmux has no key name for, such as mouse reports.
    func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", session, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// The screen as plain text, one string per row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", session]).components(separatedBy: "\n")
    }

    /// The screen with its SGR colour and attribute sequences (`capture-pane -e`).
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", session])
    }

    /// The screen as cells that know whether they stand out (see `ScreenCell`).
    func cells() throws -> [[ScreenCell]] {
        ScreenCell.parse(try styledScreen())
    }

    /// Polls the styled screen until `predicate` holds, up to `timeout` seconds; returns it.
    @discardableResult
    func waitForCells(_ what: String, timeout: TimeInterval = 15,
                      _ predicate: ([[ScreenCell]]) -> Bool) throws -> [[ScreenCell]] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [[ScreenCell]] = []
        while Date() < deadline {
            last = try cells()
            if predicate(last) { return last }
            usleep(50_000)
        }
        throw WaitFailed(what: what, screen: last.map { String($0.map(\.character)) })
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

/// One character of a `capture-pane -e` screen and how it stands out: in reverse video,
/// on a background colour (as a selection is), both or neither; underlined or not. One cell
/// per character (the chooser's captions and marks are one column wide).
struct ScreenCell: Equatable {
    let character: Character
    let reverse: Bool
    /// The background's SGR parameters ("48;5;33", "44"), nil for the terminal's own.
    let background: String?
    var underline = false

    var highlighted: Bool { reverse || background != nil }

    /// Follows the SGR sequences tmux writes (`ESC [ … m`) through each line.
    static func parse(_ styled: String) -> [[ScreenCell]] {
        var rows: [[ScreenCell]] = []
        var reverse = false
        var underline = false
        var background: String?
        for line in styled.components(separatedBy: "\n") {
            var row: [ScreenCell] = []
            var rest = Substring(line)
            while let first = rest.first {
                if first == "\u{1B}", let match = rest.prefixMatch(of: /\x1B\[([0-9;]*)m/) {
                    let codes = match.output.1.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var index = 0
                    while index < codes.count {
                        let code = codes[index]
                        // 38 and 48 take 5;N or 2;R;G;B after them.
                        let extra = code == 38 || code == 48
                            ? (index + 1 < codes.count && codes[index + 1] == 5 ? 2 : 4) : 0
                        switch code {
                        case 0: reverse = false; underline = false; background = nil
                        case 4: underline = true
                        case 24: underline = false
                        case 7: reverse = true
                        case 27: reverse = false
                        case 40...47, 100...107: background = "\(code)"
                        case 48: background = codes[index...min(codes.count - 1, index + extra)].map(String.init).joined(separator: ";")
                        case 49: background = nil
                        default: break
                        }
                        index += 1 + extra
                    }
                    rest = rest[match.range.upperBound...]
                } else {
                    row.append(ScreenCell(character: first, reverse: reverse, background: background, underline: underline))
                    rest = rest.dropFirst()
                }
            }
            rows.append(row)
        }
        return rows
    }
}

/// Shell-quotes one argument.
func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
