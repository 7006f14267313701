#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// A system call that failed: which call, and swift-system's `Errno` for why. Code decides by
/// `code` (`.fileExists`, `.interrupted`); a message takes the system's words (`message`), or
/// the call's name with them (`description`) where nothing around it says what was being done.
public struct SystemCallError: Error, Equatable, CustomStringConvertible {
    /// The call's name as its manual page has it: `flock`, `mkdir`, `tcsetattr`.
    public let call: String
    /// Why it failed.
    public let code: Errno

    public init(_ call: String, _ code: Errno) {
        self.call = call
        self.code = code
    }

    /// `strerror`'s words for the failure.
    public var message: String { code.message }

    /// "flock: Resource temporarily unavailable".
    public var description: String { "\(call): \(code.message)" }
}

/// The one place a raw system call's result becomes a value or a typed error, as swift-nio's
/// `syscall(where:)` does: a call interrupted by a signal (EINTR) is made again, any other
/// failure is thrown as a `SystemCallError` naming the call (`name`). For the calls swift-system's
/// `FileDescriptor` does not wrap (flock, poll, pread into a caller's buffer, waitpid, a C
/// shim's call…); where it does, use it with `retryOnInterrupt`. Nothing outside this module
/// reads `errno`, nor makes the descriptor calls of `Descriptors` raw.
@inlinable @discardableResult
public func systemCall<Result: FixedWidthInteger>(_ name: String, _ call: () -> Result) throws(SystemCallError) -> Result {
    while true {
        let result = call()
        if result != -1 { return result }
        let code = Errno(rawValue: errno)
        if code != .interrupted { throw SystemCallError(name, code) }
    }
}

extension Errno {
    /// `strerror`'s words for this error, for a message.
    public var message: String { String(cString: strerror(rawValue)) }

    /// What a swift-system call (or `systemCall`) threw: its API says only `throws`, and it
    /// throws an `Errno` (a `SystemCallError` holding one).
    public init(thrown error: any Error) {
        self = error as? Errno ?? (error as? SystemCallError)?.code ?? .ioError
    }
}

/// `realpath(3)`: `path` with every symbolic link, `.` and `..` resolved, or why not.
public func realPath(_ path: String) throws(Errno) -> String {
    guard let resolved = realpath(path, nil) else { throw Errno(rawValue: errno) }
    defer { free(resolved) }
    return String(cString: resolved)
}
