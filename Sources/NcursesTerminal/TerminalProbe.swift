import Foundation
import TerminalDetection
import TerminalInput

/// Finds out what the controlling terminal can do, for a command that does not take the
/// screen over (`preview`): puts it in raw mode for a moment, asks in one write, reads the
/// answers for at most `timeoutMilliseconds` (less once DA1 has answered), then waits a
/// bounded time for any answer still out and drops what came of it, so nothing is left
/// for the shell to read as typing, and restores the terminal's modes.
public enum TerminalProbe {
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment,
                              choice: GraphicsChoice, timeoutMilliseconds: Int = 250) -> TerminalCapabilities {
        let (opened, _) = TTY.open()
        defer { if let opened { close(opened) } }
        return detect(on: opened, environment: environment, choice: choice, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// The same on a terminal already open (nil: there is none).
    static func detect(on descriptor: Int32?, environment: [String: String], choice: GraphicsChoice,
                       timeoutMilliseconds: Int) -> TerminalCapabilities {
        let started = Monotonic.milliseconds()
        var probe = CapabilityProbe(environment: environment, choice: choice, canQuery: descriptor != nil,
                                    windowSize: descriptor.flatMap(TTY.size(of:)) ?? TerminalSize(columns: 0, rows: 0))
        guard let descriptor else { return probe.capabilities(elapsedMilliseconds: 0) }
        if probe.needsTmux { probe.tmuxAnswered(TmuxQuestion.ask(environment: environment)) }
        let plan = probe.plan
        guard !plan.isEmpty, var modes = RawMode(descriptor) else {
            return probe.capabilities(elapsedMilliseconds: Monotonic.milliseconds() - started)
        }
        defer { modes.restore() }
        guard TTY.write(plan.bytes, to: descriptor) else {
            return probe.capabilities(elapsedMilliseconds: Monotonic.milliseconds() - started)
        }
        var decoder = InputDecoder()
        let deadline = started + timeoutMilliseconds
        read(descriptor, &decoder, until: deadline) { probe.receive($0); return probe.isComplete }
        let found = probe.capabilities(elapsedMilliseconds: Monotonic.milliseconds() - started)
        if !probe.isComplete {
            // Late answers are read and dropped; whatever is still on its way after that
            // is flushed, so the shell never sees it.
            let waitUntil = started + NcursesTerminal.answerWaitMilliseconds
            read(descriptor, &decoder, until: waitUntil) { probe.receive($0); return probe.isComplete }
            if !probe.isComplete { tcflush(descriptor, TCIFLUSH) }
        }
        return found
    }

    /// Reads replies until `done` says so or `deadline` (monotonic milliseconds) passes.
    private static func read(_ descriptor: Int32, _ decoder: inout InputDecoder, until deadline: Int,
                             _ done: (TerminalReply) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let now = Monotonic.milliseconds()
            guard now < deadline else { return }
            var source = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&source, 1, Int32(deadline - now))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0, source.revents & Int16(POLLIN) != 0 else { return }
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var finished = false
            for case .reply(let reply) in decoder.feed(buffer[..<count], at: Monotonic.milliseconds()) where done(reply) {
                finished = true
            }
            if finished { return }
        }
    }
}

/// The terminal without echo or line editing for as long as the value lives, then as it was.
struct RawMode {
    private let descriptor: Int32
    private var saved: termios
    private var active: Bool

    init?(_ descriptor: Int32) {
        var modes = termios()
        guard tcgetattr(descriptor, &modes) == 0 else { return nil }
        saved = modes
        self.descriptor = descriptor
        cfmakeraw(&modes)
        modes.c_oflag = saved.c_oflag  // keep output processing: nothing is drawn meanwhile anyway
        guard tcsetattr(descriptor, TCSANOW, &modes) == 0 else { return nil }
        active = true
    }

    mutating func restore() {
        guard active else { return }
        active = false
        _ = tcsetattr(descriptor, TCSANOW, &saved)
    }
}
