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
        let env = ["PATH=/usr/bin:/bin", "HOME=\(scratch.path)", "TERM=xterm-256color"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test runner's threads block every signal, and a spawned process inherits that
        // mask: a tmux server started with it never reaps its panes or hears SIGTERM. Start
        // tmux with nothing blocked and default handlers.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = withCStrings(argv) { cArgv in
            withCStrings(env) { cEnv in posix_spawn(&pid, argv[0], &actions, &attributes, cArgv, cEnv) }
        }
        guard spawned == 0 else { throw SpawnFailed(command: argv.joined(separator: " "), code: spawned) }
        let deadline = Date().addingTimeInterval(10)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                throw CLI.TimedOut(command: argv.joined(separator: " "), seconds: 10)
            }
            usleep(5_000)
        }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    struct SpawnFailed: Error {
        let command: String
        let code: Int32
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
/// on a background colour (as a selection is), both or neither. One cell per character
/// (the chooser's captions and marks are one column wide).
struct ScreenCell: Equatable {
    let character: Character
    let reverse: Bool
    /// The background's SGR parameters ("48;5;33", "44"), nil for the terminal's own.
    let background: String?

    var highlighted: Bool { reverse || background != nil }

    /// Follows the SGR sequences tmux writes (`ESC [ … m`) through each line.
    static func parse(_ styled: String) -> [[ScreenCell]] {
        var rows: [[ScreenCell]] = []
        var reverse = false
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
                        case 0: reverse = false; background = nil
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
                    row.append(ScreenCell(character: first, reverse: reverse, background: background))
                    rest = rest.dropFirst()
                }
            }
            rows.append(row)
        }
        return rows
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}

/// Shell-quotes one argument.
func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
