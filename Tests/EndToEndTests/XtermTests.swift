import Foundation
import Testing

/// A real xterm under Xvfb (a virtual X display): what it answers, as the built binary
/// reads it, and that its answers never reach the shell.
final class VirtualDisplay {
    static let server = "/usr/bin/Xvfb"
    static let xterm = "/usr/bin/xterm"
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: server) && FileManager.default.isExecutableFile(atPath: xterm)
    }

    let folder = TemporaryFolder()
    let pid: pid_t
    /// `:N`, for DISPLAY.
    let display: String

    /// Display numbers handed out once each.
    final class DisplayNumbers: @unchecked Sendable {
        private let lock = NSLock()
        private var last = Int.random(in: 200...2000)

        func next() -> Int {
            lock.withLock {
                last += 1
                return last
            }
        }
    }

    /// The next display number to try: never one used before in this run, so that a server
    /// still shutting down (which removes its socket as it goes) cannot take a new one's with it.
    /// The numbers start at random, away from the ones people and other runs use.
    private static let numbers = DisplayNumbers()

    init() throws {
        var failures: [String] = []
        for _ in 1...5 {
            let number = Self.numbers.next()
            let numberFile = folder.url("display-\(number)")
            // -displayfd 1: Xvfb writes the display's number to stdout once it listens.
            let started = try spawnProgram([Self.server, ":\(number)", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1024x768x24"],
                                           environment: ["PATH": "/usr/bin:/bin"], stdout: numberFile, stderr: folder.url("xvfb.log"))
            var exited: Int32?
            let listening = eventually(timeout: 20) {
                if let status = waitForExit(started, timeout: 0) {
                    exited = status
                    return true
                }
                return ((try? String(contentsOfFile: numberFile, encoding: .utf8)) ?? "").hasSuffix("\n")
            }
            if listening && exited == nil {
                pid = started
                display = ":\(number)"
                return
            }
            if exited == nil {
                kill(started, SIGKILL)
                _ = waitForExit(started, timeout: 5)
            }
            failures.append(":\(number) " + (exited.map { "exited with \($0)" } ?? "did not listen within 20 s"))
        }
        throw SpawnFailed(command: "Xvfb (\(failures.joined(separator: "; ")))", code: 0)
    }

    deinit {
        kill(pid, SIGTERM)
        if waitForExit(pid, timeout: 5) == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(pid, timeout: 5)
        }
    }

    /// Runs `command` (a shell line) in an xterm with `options`, until it exits.
    func xterm(_ options: [String], running command: String, environment: [String: String]) throws {
        var env = environment
        env["DISPLAY"] = display
        let argv = [Self.xterm] + options + ["-e", "/bin/sh", "-c", command]
        let pid = try spawnProgram(argv, environment: env, stderr: folder.url("xterm.log"))
        guard waitForExit(pid, timeout: 30) != nil else {
            kill(pid, SIGKILL)
            _ = waitForExit(pid, timeout: 5)
            throw CLI.TimedOut(command: argv.joined(separator: " "), seconds: 30)
        }
    }
}

/// Every suite that runs an X server, one test at a time across the suites: software-rendered
/// terminals starve each other on a small machine, and a server shutting down while another
/// starts can leave the new one unreachable.
@Suite(.serialized) enum XDisplayTests {}

extension XDisplayTests {
    @Suite(.enabled(if: VirtualDisplay.isAvailable, "Xvfb or xterm is not installed (make test installs xvfb and xterm)"))
    struct XtermTests {
        let cli = CLI()

        @Test func xtermAsAVT340ShowsSixelWithItsRegistersAndBackground() throws {
            let screen = try VirtualDisplay()
            let out = screen.folder.url("explain")
            try screen.xterm(["-ti", "vt340"], running: "\(shellQuote(CLI.binary)) preview --explain-terminal > \(shellQuote(out)) 2>&1",
                             environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains("Terminal: XTerm "), "\(text)")
            #expect(text.contains("(XTVERSION)"))
            #expect(text.contains("  sixel: yes, DA1 ?63;"))
            #expect(text.contains("Sixel colour registers: "), "\(text)")
            #expect(!text.contains("Sixel colour registers: not reported"), "\(text)")
            #expect(text.contains("Background: #"))
            #expect(text.contains("  kitty graphics: no, no answer to kitty's graphics query"))
            #expect(text.contains("Cell size: ") && !text.contains("Cell size: unknown"), "\(text)")
        }

        @Test func aPlainXtermHasNoSixel() throws {
            let screen = try VirtualDisplay()
            let out = screen.folder.url("explain")
            try screen.xterm([], running: "\(shellQuote(CLI.binary)) preview --explain-terminal > \(shellQuote(out)) 2>&1",
                             environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.contains("  sixel: no, DA1 ?"), "\(text)")
            #expect(text.contains("Pictures: symbols, because no pixel protocol found"))
        }

        /// `preview` on xterm's own screen (recorded by `script` on the way) asks it, and draws
        /// sixel pictures exactly the size of the tiles' cells.
        @Test func previewOnAVT340DrawsSixelPicturesOfItsCellSize() throws {
            let screen = try VirtualDisplay()
            let typescript = screen.folder.url("typescript")
            try screen.xterm(["-ti", "vt340", "-geometry", "100x40"],
                             running: "script -q -c \(shellQuote("\(shellQuote(CLI.binary)) preview --size 16x8")) \(shellQuote(typescript))",
                             environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: typescript)), as: UTF8.self)
            let sizes = text.matches(of: /\x1BP0;1;0q"1;1;([0-9]+);([0-9]+)/).map { (Int($0.output.1) ?? 0, Int($0.output.2) ?? 0) }
            #expect(sizes.count == 5, "\(text.prefix(400).debugDescription)")
            // 16×8 cells: 16 cell widths by 8 cell heights, whatever xterm's font.
            #expect(sizes.allSatisfy { $0.0 > 0 && $0.0 % 16 == 0 && $0.1 % 8 == 0 && $0.0 / 16 < $0.1 / 8 }, "\(sizes)")
        }

        /// The chooser asks xterm, is ended by SIGTERM a second later, and leaves nothing of
        /// xterm's answers for the shell to read.
        @Test func theChoosersQuestionsLeaveNothingForTheShell() throws {
            let screen = try VirtualDisplay()
            let out = screen.folder.url("after")
            try screen.xterm(["-ti", "vt340"], running: "timeout --foreground --preserve-status 2 \(shellQuote(CLI.binary)); echo \"status $?\" > \(shellQuote(out)); "
                             + "stty -icanon -echo min 0 time 10; head -c 200 | od -An -c >> \(shellQuote(out))",
                             environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            let text = try String(contentsOfFile: out, encoding: .utf8)
            #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "status 143", "left for the shell: \(text)")
        }
    }
}
