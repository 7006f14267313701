#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The descriptor and terminal calls swift-system does not wrap (or wraps without close-on-exec),
/// made here through `systemCall` so that a failure names its call; no other module makes them
/// raw (`Tests/ArchitectureTests/ErrnoFunnelTests`).
public enum Descriptors {
    /// A pipe whose two ends are closed when the process starts another program (`pipe`, then
    /// `fcntl(F_SETFD, FD_CLOEXEC)` on each end).
    public static func pipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            ends = try FileDescriptor.pipe()
        } catch {
            throw SystemCallError("pipe", Errno(thrown: error))
        }
        for end in [ends.readEnd, ends.writeEnd] {
            do throws(SystemCallError) {
                try systemCall("fcntl") { fcntl(end.rawValue, F_SETFD, FD_CLOEXEC) }
            } catch {
                try? ends.readEnd.close()
                try? ends.writeEnd.close()
                throw error
            }
        }
        return (ends.readEnd.rawValue, ends.writeEnd.rawValue)
    }

    /// A new descriptor open on what `descriptor` is, closed when the process starts another
    /// program (`fcntl(F_DUPFD_CLOEXEC)`).
    public static func duplicate(_ descriptor: Int32) throws(SystemCallError) -> Int32 {
        try systemCall("fcntl") { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }
    }

    /// `descriptor` made to be what `source` is open on (swift-system's `duplicate(as:)`, dup2).
    public static func duplicate(_ source: Int32, as descriptor: Int32) throws(SystemCallError) {
        do {
            _ = try FileDescriptor(rawValue: source).duplicate(as: FileDescriptor(rawValue: descriptor))
        } catch {
            throw SystemCallError("dup2", Errno(thrown: error))
        }
    }

    /// The size of the terminal `descriptor` is open on (`ioctl(TIOCGWINSZ)`): cells, and pixels
    /// where the terminal (or the SSH client) reports them.
    public static func windowSize(of descriptor: Int32) throws(SystemCallError) -> winsize {
        var size = winsize()
        try systemCall("ioctl") { ioctl(descriptor, UInt(TIOCGWINSZ), &size) }
        return size
    }

    /// The terminal modes of `descriptor` (`tcgetattr`).
    public static func terminalModes(of descriptor: Int32) throws(SystemCallError) -> termios {
        var modes = termios()
        try systemCall("tcgetattr") { tcgetattr(descriptor, &modes) }
        return modes
    }

    /// Sets the terminal modes of `descriptor` now (`tcsetattr(TCSANOW)`).
    public static func setTerminalModes(_ modes: termios, of descriptor: Int32) throws(SystemCallError) {
        var modes = modes
        try systemCall("tcsetattr") { tcsetattr(descriptor, TCSANOW, &modes) }
    }
}
