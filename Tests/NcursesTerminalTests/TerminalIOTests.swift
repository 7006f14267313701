import CPseudoTerminal
import Foundation
@testable import NcursesTerminal
import Testing
import CellCanvas
import TerminalDetection
import TerminalInput

/// A pseudo-terminal pair: the program's side (`slave`) and the terminal's (`master`),
/// where a fake terminal reads the queries and writes its answers.
final class PseudoTerminalPair: @unchecked Sendable {
    let master: Int32
    let slave: Int32
    private var masterOpen = true

    init(columns: UInt16 = 100, rows: UInt16 = 30, pixelWidth: UInt16 = 1000, pixelHeight: UInt16 = 600) throws {
        var master: Int32 = -1
        var path = [CChar](repeating: 0, count: 256)
        guard iconchooser_pty_open(&master, &path, path.count) == 0 else {
            throw Failure(what: "posix_openpt: \(String(cString: strerror(errno)))")
        }
        self.master = master
        slave = open(String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw Failure(what: "open slave: \(String(cString: strerror(errno)))") }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: pixelWidth, ws_ypixel: pixelHeight)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
    }

    deinit {
        if masterOpen { close(master) }
        close(slave)
    }

    /// The terminal goes away (an SSH client quitting, a window closed).
    func hangUp() {
        close(master)
        masterOpen = false
    }

    struct Failure: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }

    /// Reads the master until `marker` has come (or `timeout` seconds pass); returns what came.
    func readMaster(until marker: [UInt8], timeout: Double = 5) -> [UInt8] {
        var seen: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var source = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&source, 1, 50) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1024)
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            seen += chunk[..<count]
            if seen.count >= marker.count, (0...(seen.count - marker.count)).contains(where: { Array(seen[$0..<$0 + marker.count]) == marker }) {
                break
            }
        }
        return seen
    }

    /// Writes `bytes` to the program as the terminal would, `piece` bytes at a time.
    func answer(_ bytes: [UInt8], piece: Int = 1024, pause: useconds_t = 0) {
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + piece)
            _ = bytes[offset..<end].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            offset = end
            if pause > 0 { usleep(pause) }
        }
    }

    /// What the program's side has waiting to be read, within `milliseconds`.
    func pendingOnSlave(milliseconds: Int32 = 100) -> [UInt8] {
        var source = pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
        guard poll(&source, 1, milliseconds) > 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 1024)
        let count = chunk.withUnsafeMutableBytes { read(slave, $0.baseAddress, $0.count) }
        return count > 0 ? Array(chunk[..<count]) : []
    }
}

let primaryQuery = Array("\u{1B}[c".utf8)
let kittyAnswers = Array(("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t"
    + "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;c").utf8)

/// Asking a terminal on a pseudo-terminal, with a fake terminal on the other side.
@Suite struct TerminalProbeTests {
    /// What the probe found, once it has finished (late answers read and dropped).
    static func detect(on pair: PseudoTerminalPair, timeout: Int = 250,
                       environment: [String: String] = ["TERM": "xterm-256color"]) -> TerminalCapabilities {
        let probe = TerminalProbe.detect(on: pair.slave, environment: environment, choice: .auto, timeoutMilliseconds: timeout)
        probe.finish()
        return probe.capabilities
    }

    @Test func answersSplitIntoPiecesAreRead() throws {
        let pair = try PseudoTerminalPair()
        let terminal = Thread {
            let queries = pair.readMaster(until: primaryQuery)
            if queries.starts(with: Array("\u{1B}_Gi=31,".utf8)) { pair.answer(kittyAnswers, piece: 3, pause: 500) }
        }
        terminal.start()
        let found = Self.detect(on: pair, timeout: 2000)
        #expect(found.graphics == .kitty)
        #expect(found.terminalDescription == "kitty 0.26.5")
        #expect(found.cellSize == CellPixelSize(width: 10, height: 20))
        #expect(found.cellSizeReason == "CSI 16t, and TIOCGWINSZ agrees")
        #expect(found.background == RGBColor(red: 0, green: 0, blue: 0))
        #expect(pair.pendingOnSlave().isEmpty)
    }

    @Test func overSSHALateAnswerIsSwallowedNotLeftForTheShell() throws {
        let pair = try PseudoTerminalPair()
        let terminal = Thread {
            _ = pair.readMaster(until: primaryQuery)
            usleep(500_000)  // after the 250 ms the decision waits, within the time leaving waits
            pair.answer(kittyAnswers)
        }
        terminal.start()
        let started = Date()
        let found = Self.detect(on: pair, environment: ["TERM": "xterm-256color", "SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"])
        #expect(found.graphics == nil)
        #expect(found.answered.isEmpty)
        #expect(Date().timeIntervalSince(started) < 3)
        #expect(pair.pendingOnSlave().isEmpty)
    }

    /// Runs `attempt` (which says whether it took as little time as it should, and why not)
    /// up to three times: a probe that waits too long does so every time, while a machine busy
    /// with the rest of the suite may stall one run past a bound in wall-clock time.
    static func withinTimeOnce(_ attempt: () throws -> (fast: Bool, timing: String)) rethrows -> (fast: Bool, timings: [String]) {
        var timings: [String] = []
        for _ in 0..<3 {
            let result = try attempt()
            timings.append(result.timing)
            if result.fast { return (true, timings) }
        }
        return (false, timings)
    }

    @Test func aSilentLocalTerminalCostsOnlyTheTimeOutAndLeavesNothing() throws {
        let outcome = try Self.withinTimeOnce {
            let pair = try PseudoTerminalPair(pixelWidth: 0, pixelHeight: 0)
            let started = Date()
            let found = Self.detect(on: pair)
            let elapsed = Date().timeIntervalSince(started)
            #expect(found.graphics == nil && found.cellSize == nil)
            #expect(found.unanswered == TerminalQuery.allCases)
            #expect(pair.pendingOnSlave().isEmpty)
            // A local terminal silent for the time-out answers nothing: no longer wait for
            // late answers (over SSH that is a second). The probe's clock counts whole
            // milliseconds, so its wait may end up to one short of 250 by this clock.
            #expect(elapsed >= 0.248, "\(elapsed) s")
            return (elapsed < 0.9, "\(elapsed) s")
        }
        #expect(outcome.fast, "took \(outcome.timings.joined(separator: ", ")), not the time-out alone")
    }

    @Test func overSSHTheWaitForLateAnswersComesAtTheEnd() throws {
        let outcome = try Self.withinTimeOnce {
            let pair = try PseudoTerminalPair(pixelWidth: 0, pixelHeight: 0)
            let started = Date()
            let probe = TerminalProbe.detect(on: pair.slave, environment: ["TERM": "xterm", "SSH_TTY": "/dev/pts/3"],
                                             choice: .auto, timeoutMilliseconds: 250)
            let decided = Date().timeIntervalSince(started)
            #expect(probe.capabilities.graphics == nil)
            probe.finish()
            let finished = Date().timeIntervalSince(started)
            // The late answers' window (a second over SSH) is waited out in `finish`, never before.
            #expect(finished >= 1, "finished after \(finished) s")
            return (decided < 0.9, "decided after \(decided) s, finished after \(finished) s")
        }
        #expect(outcome.fast, "\(outcome.timings.joined(separator: "; "))")
    }

    @Test func withoutATerminalNothingIsAsked() {
        let found = TerminalProbe.detect(on: nil, environment: ["TERM": "xterm"], choice: .auto, timeoutMilliseconds: 250).capabilities
        #expect(found.notAsked == "the output is not a terminal")
    }
}

/// The terminal's reader thread on a pseudo-terminal.
@Suite struct InputReaderTests {
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [TerminalEvent] = []
        func add(_ event: TerminalEvent) { lock.withLock { events.append(event) } }
        var all: [TerminalEvent] { lock.withLock { events } }

        func wait(for count: Int) -> Bool {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline {
                if all.count >= count { return true }
                usleep(2_000)
            }
            return false
        }
    }

    /// A reader started on the program's side of `pair` (in raw mode), and what it delivers.
    func reading(_ pair: PseudoTerminalPair) throws -> (InputReader, Events, RawMode) {
        let modes = try #require(RawMode(pair.slave))
        let events = Events()
        let reader = try #require(InputReader(descriptor: pair.slave, takesSignals: false) { events.add($0) })
        reader.start()
        return (reader, events, modes)
    }

    @Test func keysAndAnswersArriveApart() throws {
        let pair = try PseudoTerminalPair()
        var (reader, events, modes) = try reading(pair)
        defer { modes.restore() }
        reader.expectPrimaryAnswers(1)
        pair.answer(Array("j\u{1B}[?62;4c\u{1B}[<0;5;3Mq".utf8))
        #expect(events.wait(for: 4))
        #expect(events.all == [.key(.character("j")), .reply(.primaryAttributes([62, 4])), .click(column: 4, row: 2),
                               .key(.character("q"))])
        #expect(reader.waitForAnswers(until: Date()))
        reader.expectPrimaryAnswers(1)
        #expect(!reader.waitForAnswers(until: Date().addingTimeInterval(0.05)))
        reader.stop()
    }

    @Test func aHangUpEndsReading() throws {
        let pair = try PseudoTerminalPair()
        var (reader, events, modes) = try reading(pair)
        defer { modes.restore() }
        reader.expectPrimaryAnswers(1)
        pair.hangUp()
        #expect(events.wait(for: 1))
        #expect(events.all == [.hangup])
        #expect(!reader.waitForAnswers(until: Date().addingTimeInterval(5)))
        reader.stop()
    }

    @Test func aLoneEscIsTheEscKeyAfterItsWait() throws {
        let pair = try PseudoTerminalPair()
        var (reader, events, modes) = try reading(pair)
        defer { modes.restore() }
        pair.answer([0x1B])
        #expect(events.wait(for: 1))
        #expect(events.all == [.key(.escape)])
        reader.stop()
    }
}

/// Where ncurses finds a description that writes 24-bit colours for a TERM that has fewer.
@Suite struct DirectColorTerminfoTests {
    @Test func eachFamilyItsDirectSibling() {
        #expect(DirectColorTerminfo.candidates(for: "xterm-256color") == ["xterm-direct"])
        #expect(DirectColorTerminfo.candidates(for: "tmux-256color") == ["tmux-direct"])
        #expect(DirectColorTerminfo.candidates(for: "xterm-kitty") == ["kitty-direct"])
        #expect(DirectColorTerminfo.candidates(for: "vte-256color") == ["vte-direct"])
        #expect(DirectColorTerminfo.candidates(for: "alacritty") == ["alacritty-direct"])
        #expect(DirectColorTerminfo.candidates(for: "xterm-ghostty") == ["xterm-ghostty-direct", "xterm-direct"])
        #expect(DirectColorTerminfo.candidates(for: "xterm-direct") == ["xterm-direct"])
        #expect(DirectColorTerminfo.candidates(for: "") == [])
    }

    /// Read from this machine's terminfo (ncurses-base has xterm-direct; ncurses-term the others).
    @Test func foundInTerminfoOnlyWithDirectColour() throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/share/terminfo/x/xterm-direct")
                     || FileManager.default.fileExists(atPath: "/lib/terminfo/x/xterm-direct"), "no xterm-direct terminfo here")
        #expect(DirectColorTerminfo.entry(for: "xterm-256color", descriptor: -1) == "xterm-direct")
        #expect(DirectColorTerminfo.entry(for: "xterm-direct", descriptor: -1) == "xterm-direct")
        #expect(DirectColorTerminfo.entry(for: "no-such-terminal-256color", descriptor: -1) == nil)
        #expect(DirectColorTerminfo.entry(for: "dumb", descriptor: -1) == nil)
    }
}
