import CTerminalSignals
import FileAccess
import Foundation
import SystemPackage
import TerminalInput

/// Reads the terminal on a thread of its own and hands every key, click, reply, resize,
/// signal and hang-up to a sink, so the program's loop sleeps until something happens:
/// an idle chooser wakes no CPU. It waits in poll() on the terminal, on the signal
/// handlers' wake pipe and on a stop pipe; the input decoder keeps replies apart from keys.
///
/// It also counts the DA1 answers still out, so that leaving can wait (a bounded time)
/// for the last of them instead of leaving it for the shell to read as typing.
final class InputReader: @unchecked Sendable {
    private let descriptor: Int32
    /// The signal handlers' wake pipe, or -1 when this reader does not take signals.
    private let signals: Int32
    private let sink: @Sendable (TerminalEvent) -> Void
    private let stopPipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)
    private let condition = NSCondition()
    private var answersAwaited = 0
    private var running = false
    private var gone = false

    /// `signals`: read the signal flags too (one reader per process does).
    init?(descriptor: Int32, takesSignals: Bool, sink: @escaping @Sendable (TerminalEvent) -> Void) {
        guard let ends = try? Descriptors.pipe() else { return nil }
        self.descriptor = descriptor
        self.signals = takesSignals ? iconchooser_signals_wake_fd() : -1
        self.sink = sink
        stopPipe = ends
    }

    deinit {
        Foundation.close(stopPipe.read)
        Foundation.close(stopPipe.write)
    }

    func start() {
        condition.withLock { running = true }
        let thread = Thread { [self] in
            run()
            condition.withLock {
                running = false
                condition.broadcast()
            }
            finished.signal()
        }
        thread.name = "iconchooser: terminal input"
        thread.start()
    }

    /// Stops reading and waits for the thread to end. Nothing reaches the sink afterwards.
    func stop() {
        let wasRunning = condition.withLock { running }
        guard wasRunning else { return }
        var byte: UInt8 = 1
        _ = Foundation.write(stopPipe.write, &byte, 1)
        finished.wait()
    }

    /// Queries that ask for `count` DA1 answers were written.
    func expectPrimaryAnswers(_ count: Int) {
        condition.withLock { answersAwaited += count }
    }

    /// Waits until every DA1 answer asked for has come (true), or `deadline` passes, or
    /// the terminal is gone (false).
    func waitForAnswers(until deadline: Date) -> Bool {
        condition.withLock {
            while answersAwaited > 0 && running && !gone {
                if !condition.wait(until: deadline) { break }
            }
            return answersAwaited <= 0
        }
    }

    private func run() {
        var decoder = InputDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let timeout = decoder.deadline.map { max(0, $0 - Monotonic.milliseconds()) } ?? -1
            var sources = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
            if signals >= 0 { sources.append(pollfd(fd: signals, events: Int16(POLLIN), revents: 0)) }
            guard (try? systemCall("poll", { poll(&sources, nfds_t(sources.count), Int32(clamping: timeout)) })) != nil else {
                return hangUp()
            }
            if sources[1].revents != 0 { return }
            if sources.count > 2, sources[2].revents != 0 { deliverSignals() }
            var events: [TerminalEvent] = []
            let terminal = sources[0].revents
            if terminal & Int16(POLLIN) != 0 {
                do {
                    let count = try systemCall("read") { buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
                    // End of file: the terminal is gone.
                    guard count > 0 else { return hangUp() }
                    events = decoder.feed(buffer[..<count], at: Monotonic.milliseconds())
                } catch let error where error.code == .resourceTemporarilyUnavailable {
                    // Nothing after all: poll said readable, another reader took it.
                } catch {
                    return hangUp()  // EIO: the SSH client or the terminal window went away
                }
            } else if terminal & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                return hangUp()
            }
            events += decoder.expire(at: Monotonic.milliseconds())
            for event in events {
                if case .reply(.primaryAttributes) = event {
                    condition.withLock {
                        answersAwaited -= 1
                        condition.broadcast()
                    }
                }
                sink(event)
            }
        }
    }

    private func deliverSignals() {
        let taken = iconchooser_signals_take()
        if taken & (1 << UInt(SIGWINCH)) != 0, let size = TTY.size(of: descriptor) {
            sink(.resize(size))
        }
        for number in [SIGINT, SIGTERM, SIGHUP] where taken & (1 << UInt(number)) != 0 {
            sink(.signal(number))
        }
    }

    private func hangUp() {
        condition.withLock {
            gone = true
            condition.broadcast()
        }
        sink(.hangup)
    }
}
