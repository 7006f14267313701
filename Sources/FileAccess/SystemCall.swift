#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The one place a raw system call's result becomes a value or a typed error, as swift-nio's
/// `syscall` does: a call interrupted by a signal (EINTR) is made again, any other failure
/// is thrown as swift-system's `Errno`. For the calls swift-system's `FileDescriptor` does
/// not wrap (flock, poll, pread into a caller's buffer, waitpid, tcsetattr…); where it
/// does, use it with `retryOnInterrupt`. Nothing outside this module reads `errno`.
@inlinable @discardableResult
public func systemCall<Result: FixedWidthInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
        let result = call()
        if result != -1 { return result }
        let code = Errno(rawValue: errno)
        if code != .interrupted { throw code }
    }
}

extension Errno {
    /// `strerror`'s words for this error, for a message.
    public var message: String { String(cString: strerror(rawValue)) }

    /// What a swift-system call threw: its API says only `throws`, and it throws an `Errno`.
    public init(thrown error: any Error) {
        self = error as? Errno ?? .ioError
    }
}

/// `realpath(3)`: `path` with every symbolic link, `.` and `..` resolved, or why not.
public func realPath(_ path: String) throws(Errno) -> String {
    guard let resolved = realpath(path, nil) else { throw Errno(rawValue: errno) }
    defer { free(resolved) }
    return String(cString: resolved)
}
