import Foundation
import TestSupport
import Testing

/// `FileAccess` is the one place that knows `errno`: a failed call becomes swift-system's
/// `Errno` through `systemCall` (or swift-system's own wrappers), and its words come from
/// `Errno.message`. Code elsewhere that read `errno` by hand could read it after another call
/// had changed it, or forget to retry an interrupted call.
@Suite struct ErrnoFunnelTests {
    /// Lines of Swift code (comments left out) that read `errno` or call `strerror`.
    static func handWrittenErrno(in text: String) -> [String] {
        let pattern = /(^|[^A-Za-z0-9_])(errno|strerror)([^A-Za-z0-9_]|$)/
        return text.split(separator: "\n").map(String.init).filter { line in
            let code = line.components(separatedBy: "//")[0]
            return code.contains(pattern)
        }
    }

    @Test func onlyFileAccessReadsErrno() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("FileAccess/") } ?? []
        #expect(files.count > 100, "found \(files.count) Swift files under Sources")
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
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
}
