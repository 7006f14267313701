import FileAccess
import Foundation
import TerminalDetection
import TerminalInput

/// Finds out what the controlling terminal can do, for a command that does not take the
/// screen over (`preview`): puts it in raw mode, asks in one write, and reads the answers for
/// at most `timeoutMilliseconds` (less once DA1 has answered). What is known then is final.
///
/// Answers still out may come later; `finish` (after the command's output, so that waiting
/// delays nothing the user sees) reads and drops them until their window closes, flushes
/// what came of them so nothing is left for the shell to read as typing, and restores the
/// terminal's modes. A local terminal that has not answered within the time-out never will,
/// so it costs nothing more; over SSH, or through tmux's passthrough, answers may be a slow
/// link's round trip away (`QueryPlan.answerWindowMilliseconds`).
public final class TerminalProbe {
    public let capabilities: TerminalCapabilities
    private var probe: CapabilityProbe
    private var decoder = InputDecoder()
    private var descriptor: Int32?
    private var ownsDescriptor: Bool
    private var modes: RawMode?
    /// Until when (monotonic milliseconds) answers may still come.
    private let answersDue: Int

    /// Asks the controlling terminal (`/dev/tty`); `finish` closes it.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment, choice: GraphicsChoice,
                              timeoutMilliseconds: Int = QueryPlan.localAnswerMilliseconds) -> TerminalProbe {
        let (opened, _) = TTY.open()
        return TerminalProbe(on: opened, owning: true, environment: environment, choice: choice,
                             timeoutMilliseconds: timeoutMilliseconds)
    }

    /// The same on a terminal already open (nil: there is none), which stays open.
    static func detect(on descriptor: Int32?, environment: [String: String], choice: GraphicsChoice,
                       timeoutMilliseconds: Int) -> TerminalProbe {
        TerminalProbe(on: descriptor, owning: false, environment: environment, choice: choice,
                      timeoutMilliseconds: timeoutMilliseconds)
    }

    private init(on descriptor: Int32?, owning: Bool, environment: [String: String], choice: GraphicsChoice,
                 timeoutMilliseconds: Int) {
        let started = Monotonic.milliseconds()
        self.descriptor = descriptor
        ownsDescriptor = owning
        var probe = CapabilityProbe(environment: environment, choice: choice, canQuery: descriptor != nil,
                                    windowSize: descriptor.flatMap(TTY.size(of:)) ?? TerminalSize(columns: 0, rows: 0))
        if descriptor != nil, probe.needsTmux { probe.tmuxAnswered(TmuxQuestion.ask(environment: environment)) }
        let plan = probe.plan
        answersDue = started + plan.answerWindowMilliseconds(in: probe.environment)
        if let descriptor, !plan.isEmpty, let modes = RawMode(descriptor), TTY.write(plan.bytes, to: descriptor) {
            self.modes = modes
            Self.read(descriptor, &decoder, until: started + timeoutMilliseconds) {
                probe.receive($0)
                return probe.isComplete
            }
        }
        capabilities = probe.capabilities(elapsedMilliseconds: Monotonic.milliseconds() - started)
        self.probe = probe
    }

    deinit { finish() }

    /// Reads and drops answers still out until their window closes, flushes whatever part
    /// of one came, restores the terminal and (when opened here) closes it. Safe to call
    /// more than once.
    public func finish() {
        guard let descriptor else { return }
        self.descriptor = nil
        if var modes {
            var probe = self.probe
            if !probe.isComplete {
                Self.read(descriptor, &decoder, until: answersDue) {
                    probe.receive($0)
                    return probe.isComplete
                }
                if !probe.isComplete { tcflush(descriptor, TCIFLUSH) }
            }
            modes.restore()
            self.modes = nil
        }
        if ownsDescriptor { close(descriptor) }
    }

    /// Reads replies until `done` says so or `deadline` (monotonic milliseconds) passes.
    private static func read(_ descriptor: Int32, _ decoder: inout InputDecoder, until deadline: Int,
                             _ done: (TerminalReply) -> Bool) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let now = Monotonic.milliseconds()
            guard now < deadline else { return }
            var source = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = (try? systemCall("poll") { poll(&source, 1, Int32(deadline - now)) }) ?? -1
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
        guard var modes = try? Descriptors.terminalModes(of: descriptor) else { return nil }
        saved = modes
        self.descriptor = descriptor
        cfmakeraw(&modes)
        modes.c_oflag = saved.c_oflag  // keep output processing: nothing is drawn meanwhile anyway
        guard (try? Descriptors.setTerminalModes(modes, of: descriptor)) != nil else { return nil }
        active = true
    }

    mutating func restore() {
        guard active else { return }
        active = false
        try? Descriptors.setTerminalModes(saved, of: descriptor)
    }
}
