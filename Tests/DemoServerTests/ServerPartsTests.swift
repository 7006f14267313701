@testable import DemoServer
import Foundation
import Testing
import TestSupport

@Suite struct ConnectionRateLimiterTests {
    @Test func aBurstThenOneMorePerInterval() {
        var limiter = ConnectionRateLimiter(burst: 3, refillInterval: 2)
        let answers = [100, 100, 100, 100, 101.5, 102.1, 102.2].map { limiter.admit("10.0.0.1", now: $0) }
        #expect(answers == [true, true, true, false, false, true, false])
    }

    @Test func addressesHaveTheirOwnBudget() {
        var limiter = ConnectionRateLimiter(burst: 1, refillInterval: 60)
        let answers = [("10.0.0.1", 0.0), ("10.0.0.1", 1), ("10.0.0.2", 1)].map { limiter.admit($0.0, now: $0.1) }
        #expect(answers == [true, false, true])
    }

    @Test func memoryStaysBoundedUnderManyAddresses() {
        var limiter = ConnectionRateLimiter(burst: 2, refillInterval: 0.001)
        for i in 0..<30_000 { _ = limiter.admit("addr-\(i)", now: Double(i)) }
        #expect(limiter.trackedAddresses <= 10_001)
    }

    @Test func theRegistryCountsSeatsAndConnections() {
        let registry = SessionRegistry(maxSessions: 1, limiter: ConnectionRateLimiter(burst: 100))
        var admitted = 0
        while registry.admitConnection(from: "a", now: 0) == .admitted { admitted += 1 }
        #expect(admitted == 1 * 2 + 16)
        registry.connectionClosed()
        #expect(registry.admitConnection(from: "a", now: 0) == .admitted)
    }
}

@Suite struct ListenAddressTests {
    @Test(arguments: [
        ("127.0.0.1:2222", "127.0.0.1", 2222), ("0.0.0.0:0", "0.0.0.0", 0), ("[::1]:22", "::1", 22),
        ("localhost:2022", "localhost", 2022), ("2222", "127.0.0.1", 2222),
    ])
    func parses(_ text: String, _ host: String, _ port: Int) throws {
        let address = try #require(ListenAddress(text))
        #expect(address.host == host && address.port == port)
    }

    @Test(arguments: ["", ":22", "host:", "host:65536", "host:-1", "::1:22", "[::1]", "[::1]22", "host:２２", "a:b"])
    func refuses(_ text: String) {
        #expect(ListenAddress(text) == nil)
    }

    @Test func printsIPv6InBrackets() {
        #expect(ListenAddress(host: "::1", port: 22).description == "[::1]:22")
    }
}

@Suite struct SessionRecordTests {
    @Test func oneParseableLineWithNothingAVisitorCanForge() {
        let record = SessionRecord(user: nil, address: "127.0.0.1:5000", kind: "chooser",
                                   term: "xterm\u{1B}[31m\nFAKE line\u{202E}", size: (100, 30), duration: 12.34, exitStatus: 0)
        let line = record.line
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x202A...0x202E).contains($0.value) })
        #expect(line.hasPrefix("iconchooser serve: session user=- address=127.0.0.1:5000 kind=chooser term=xterm[31mFAKE_line"))
        #expect(line.hasSuffix("size=100x30 duration=12.3s status=0"))
    }

    @Test func terminalNamesAreInstalledTerminfoNamesOrTheDefault() {
        let everything: (String) -> Bool = { _ in true }
        #expect(SessionHandler.terminalName("xterm-256color", installed: everything) == "xterm-256color")
        #expect(SessionHandler.terminalName("screen.xterm-new", installed: everything) == "screen.xterm-new")
        #expect(SessionHandler.terminalName("../../etc/passwd", installed: everything) == "xterm-256color")
        #expect(SessionHandler.terminalName("", installed: everything) == "xterm-256color")
        #expect(SessionHandler.terminalName(String(repeating: "a", count: 65), installed: everything) == "xterm-256color")
        #expect(SessionHandler.terminalName("xterm-kitty", installed: { $0 != "xterm-kitty" }) == "xterm-256color")
    }

    @Test func terminfoIsLookedUpAsNcursesDoes() {
        let folder = TemporaryFolder()
        folder.write("ti/x/xterm-made-up", "entry")
        folder.write("hex/6d/mac-style", "entry")
        #expect(Terminfo.isInstalled("xterm-made-up", environment: ["TERMINFO": folder.url("ti")]))
        #expect(Terminfo.isInstalled("mac-style", environment: ["TERMINFO_DIRS": "/nowhere:" + folder.url("hex")]))
        #expect(!Terminfo.isInstalled("xterm-made-up", environment: [:]))
        #expect(!Terminfo.isInstalled("no-such-terminal-anywhere", environment: ProcessInfo.processInfo.environment))
        // The terminal every Debian system has (ncurses-base); the chooser's own tests need it too.
        #expect(Terminfo.isInstalled("xterm", environment: [:]))
    }

    @Test func statesArePerFingerprintOrShared() {
        let user = KeyFingerprint(wireBytes: [1, 2, 3])
        #expect(ServerConfiguration.StateLayout.perUser(folder: "/s/users").stateFile(for: user) == "/s/users/\(user.hex).json")
        #expect(ServerConfiguration.StateLayout.shared(file: "/s/shared.json").stateFile(for: user) == "/s/shared.json")
    }
}

@Suite struct ChildProcessTests {
    @Test func exitCodesAndSignalsReadAsAShellShowsThem() {
        #expect(ChildProcess.shellStatus(0) == 0)
        #expect(ChildProcess.shellStatus(3 << 8) == 3)
        #expect(ChildProcess.shellStatus(SIGHUP) == 129)
        #expect(ChildProcess.shellStatus(SIGKILL) == 137)
    }

    /// A program started on a pseudo-terminal has it as its controlling terminal with the
    /// size that was set, and hears a hang-up when the session goes.
    @Test func aProgramOnATerminalSeesItsSizeAndIsItsSessionLeader() throws {
        let folder = TemporaryFolder()
        let out = folder.url("out")
        let terminal = try PseudoTerminal(columns: 91, rows: 27)
        let child = try ChildProcess.spawn(
            executable: "/bin/sh",
            arguments: ["-c", "stty size > \(out).tmp; tty >> \(out).tmp; ps -o sid= -p $$ >> \(out).tmp; echo $$ >> \(out).tmp; mv \(out).tmp \(out)"],
            environment: ["PATH": "/usr/bin:/bin"], stdio: .terminal(terminal.slavePath))
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status: Int32 = -1
        child.whenExited { status = $0; done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(status == 0)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count == 4)
        #expect(lines.first == "27 91")
        #expect(lines.count > 1 && lines[1] == terminal.slavePath)
        #expect(lines.count > 3 && lines[2] == lines[3], "the program leads its own session")
    }

    /// The client's window in pixels (from `pty-req`, then `window-change`) reaches the
    /// program, which sizes pictures by it.
    @Test func theTerminalCarriesTheClientsPixelSize() throws {
        let terminal = try PseudoTerminal(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 600)
        func size() -> [UInt16] {
            let descriptor = open(terminal.slavePath, O_RDWR | O_NOCTTY)
            defer { close(descriptor) }
            var size = winsize()
            guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return [] }
            return [size.ws_col, size.ws_row, size.ws_xpixel, size.ws_ypixel]
        }
        #expect(size() == [100, 30, 1000, 600])
        terminal.resize(columns: 44, rows: 30, pixelWidth: 440, pixelHeight: 600)
        #expect(size() == [44, 30, 440, 600])
        terminal.resize(columns: 80, rows: 24, pixelWidth: 1 << 20, pixelHeight: -5)  // clamped, never wrapped
        #expect(size() == [80, 24, UInt16.max, 0])
    }

    @Test func signalsReachTheProgramAndItIsReaped() throws {
        let child = try ChildProcess.spawn(executable: "/bin/sleep", arguments: ["30"], environment: [:],
                                           stdio: .descriptors(input: 0, output: 1, error: 2))
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var status: Int32 = -1
        child.whenExited { status = $0; done.signal() }
        child.signal(SIGHUP)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(status == 128 + SIGHUP)
        #expect(kill(child.pid, 0) != 0, "reaped, not a zombie")
        child.signal(SIGKILL)  // after the reap: must not reach anyone
    }
}
