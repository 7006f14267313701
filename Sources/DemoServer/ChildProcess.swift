import CPseudoTerminal
import FileAccess
import Foundation
import Synchronization
import SystemPackage
import TerminalText

/// A program the server started for a session, in a session (and process group) of its
/// own, so one signal reaches all of it. Its exit is waited for on a thread of its own,
/// never on the event loop; signals are never sent once it has been reaped, so a reused
/// pid is never hit.
final class ChildProcess: Sendable {
    let pid: pid_t
    /// Whether the child has been reaped; held while signalling and while reaping.
    private let reaped = Mutex(false)

    struct SpawnError: Error, CustomStringConvertible {
        let executable: String
        let code: Errno
        var description: String { "cannot start \(executable): \(code.message)" }
    }

    /// Where the child's stdin, stdout and stderr come from.
    enum Stdio {
        /// The slave side of a pseudo-terminal, by path; it becomes the controlling terminal.
        case terminal(String)
        case descriptors(input: Int32, output: Int32, error: Int32)
    }

    private init(pid: pid_t) {
        self.pid = pid
    }

    static func spawn(executable: String, arguments: [String], environment: [String: String],
                      stdio: Stdio) throws(SpawnError) -> ChildProcess {
        let argv = [executable] + arguments
        let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let result = withCStringArray(argv) { cArgv in
            withCStringArray(envp) { cEnv in
                switch stdio {
                case .terminal(let path):
                    iconchooser_spawn(executable, cArgv, cEnv, path, -1, -1, -1, &pid)
                case .descriptors(let input, let output, let error):
                    iconchooser_spawn(executable, cArgv, cEnv, nil, input, output, error, &pid)
                }
            }
        }
        guard result == 0 else { throw SpawnError(executable: executable, code: Errno(rawValue: result)) }
        return ChildProcess(pid: pid)
    }

    /// Sends `number` to the child's whole process group, unless it has already been reaped.
    func signal(_ number: Int32) {
        reaped.withLock { reaped in
            guard !reaped else { return }
            if kill(-pid, number) != 0 { kill(pid, number) }
        }
    }

    /// Waits on a thread of its own, then calls `body` with the exit status as a shell
    /// reports it (the code, or 128 + the signal number).
    func whenExited(_ body: @escaping @Sendable (Int32) -> Void) {
        let thread = Thread { [self] in
            body(waitForExit())
        }
        thread.name = "iconchooser serve: wait for \(pid)"
        thread.start()
    }

    private func waitForExit() -> Int32 {
        // Wait without reaping first, so `signal` can never race with the pid being reused.
        var info = siginfo_t()
        _ = try? systemCall("waitid") { waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) }
        return reaped.withLock { reaped in
            var status: Int32 = 0
            _ = try? systemCall("waitpid") { waitpid(pid, &status, 0) }
            reaped = true
            return Self.shellStatus(status)
        }
    }

    /// The status a shell would show: the exit code, or 128 + the signal that ended it.
    static func shellStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : ExitStatus.signalled(signal)
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
private func withCStringArray<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}

/// A system call that failed while a session's terminal or pipes were being made.
struct SessionSetupFailure: Error, CustomStringConvertible {
    let step: String
    let code: Errno
    var description: String { "cannot set up the session (\(step): \(code.message))" }
}

/// A pseudo-terminal for one session: the master goes to NIO for the bytes; the server
/// also holds the slave open until the program has exited, so reading the master never
/// fails before the program has opened its side, and it resizes through it.
final class PseudoTerminal {
    private(set) var master: Int32
    let slavePath: String
    private var slave: Int32

    init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) throws(SessionSetupFailure) {
        var master: Int32 = -1
        var path = [CChar](repeating: 0, count: 256)
        do throws(SystemCallError) {
            try systemCall("posix_openpt") { iconchooser_pty_open(&master, &path, path.count) }
        } catch {
            throw SessionSetupFailure(step: "posix_openpt", code: error.code)
        }
        let slavePath = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave: Int32
        do throws(SystemCallError) {
            slave = try systemCall("open") { open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC) }
        } catch {
            close(master)
            throw SessionSetupFailure(step: "open \(slavePath)", code: error.code)
        }
        self.master = master
        self.slave = slave
        self.slavePath = slavePath
        resize(columns: columns, rows: rows, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// Hands the master to its new owner (NIO closes it from then on).
    func takeMaster() -> Int32 {
        defer { master = -1 }
        return master
    }

    /// TIOCSWINSZ: the program gets SIGWINCH and reads the new size. Sizes are clamped to what the kernel holds.
    func resize(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        guard slave >= 0 else { return }
        func clamp(_ value: Int) -> UInt16 { UInt16(max(0, min(value, Int(UInt16.max)))) }
        _ = iconchooser_pty_set_size(slave, clamp(columns), clamp(rows), clamp(pixelWidth), clamp(pixelHeight))
    }

    /// Lets go of the slave: once the program has gone too, reading the master ends.
    func releaseSlave() {
        if slave >= 0 { close(slave) }
        slave = -1
    }

    deinit {
        releaseSlave()
        if master >= 0 { close(master) }
    }
}
