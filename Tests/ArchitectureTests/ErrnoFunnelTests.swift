import Foundation
import TestSupport
import Testing

/// `FileAccess` is the one place that knows `errno`: a failed call becomes swift-system's
/// `Errno` through `systemCall` (or swift-system's own wrappers), and its words come from
/// `Errno.message`. Code elsewhere that read `errno` by hand could read it after another call
/// had changed it, or forget to retry an interrupted call. The descriptor and terminal calls
/// swift-system does not wrap (`pipe`, `fcntl`, `dup2`, `ioctl`, `tcgetattr`, `tcsetattr`) are
/// made by `FileAccess.Descriptors` alone, so that each failure names its call.
@Suite struct ErrnoFunnelTests {
    /// Lines of Swift code (comments left out) that read `errno` or call `strerror`.
    static func handWrittenErrno(in text: String) -> [String] {
        SourceScan.lines(in: text, matching: /(^|[^A-Za-z0-9_])(errno|strerror)([^A-Za-z0-9_]|$)/)
    }

    @Test func onlyFileAccessReadsErrno() throws {
        let files = try SourceScan.swiftFiles { $0.hasPrefix("FileAccess/") }
        #expect(files.count > 100, "found \(files.count) Swift files under Sources")
        for (file, text) in files {
            let lines = Self.handWrittenErrno(in: text)
            #expect(lines.isEmpty, "Sources/\(file) reads errno or calls strerror itself: \(lines.first ?? "")")
        }
    }

    /// The scan finds what it is for, and not a name that merely starts the same.
    @Test func theScanSeesErrnoAndNotItsNamesakes() {
        #expect(Self.handWrittenErrno(in: "    let code = errno\n").count == 1)
        #expect(Self.handWrittenErrno(in: "reason: String(cString: strerror(code))").count == 1)
        #expect(Self.handWrittenErrno(in: "Errno(rawValue: error.errnoCode).message").isEmpty)
        #expect(Self.handWrittenErrno(in: "    /// the system's message for `errno`").isEmpty)
    }

    /// Lines of Swift code (comments and string literals left out) that make one of the
    /// descriptor calls `FileAccess.Descriptors` makes through the funnel, raw.
    static func rawDescriptorCalls(in text: String) -> [String] {
        SourceScan.lines(in: text, matching: /(?:^|[^A-Za-z0-9_.])(?:Foundation\.|Glibc\.|Darwin\.)?(?:pipe|pipe2|tcsetattr|tcgetattr|fcntl|dup|dup2|dup3|ioctl)\s*\(/,
                         emptyingStrings: true)
    }

    @Test func onlyFileAccessMakesTheDescriptorCallsRaw() throws {
        let files = try SourceScan.swiftFiles { $0.hasPrefix("FileAccess/") }
        #expect(files.count > 100, "found \(files.count) Swift files under Sources")
        for (file, text) in files {
            let lines = Self.rawDescriptorCalls(in: text)
            #expect(lines.isEmpty, "Sources/\(file) makes a descriptor call raw, not through FileAccess's Descriptors: \(lines.first ?? "")")
        }
    }

    /// The scan sees each raw call, and not swift-system's or Foundation's wrappers of the same name.
    @Test func theScanSeesRawDescriptorCallsOnly() {
        for raw in ["guard pipe(&ends) == 0 else { return nil }", "_ = fcntl(end, F_SETFD, FD_CLOEXEC)", "dup2(null, STDERR_FILENO)",
                    "guard tcgetattr(descriptor, &modes) == 0", "_ = tcsetattr(descriptor, TCSANOW, &saved)",
                    "ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0", "let output = fdopen(fcntl(descriptor, F_DUPFD_CLOEXEC, 0), \"w\")"] {
            #expect(Self.rawDescriptorCalls(in: raw).count == 1, "\(raw)")
        }
        for wrapped in ["let ends = try FileDescriptor.pipe()", "let output = Pipe()", "try Descriptors.duplicate(null, as: STDERR_FILENO)",
                        "Problem(description: \"cannot start tmux (pipe)\")", "    /// `fcntl(F_DUPFD_CLOEXEC)` on stdin",
                        "posix_spawn_file_actions_adddup2(&actions, output[1], 1)"] {
            #expect(Self.rawDescriptorCalls(in: wrapped).isEmpty, "\(wrapped)")
        }
    }
}
