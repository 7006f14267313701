import Foundation
import TestSupport
import Testing

/// A command ends with a status the README documents, named by `ExitStatus`; a bare number
/// handed out as one (`exitCode: 2`, `exit(64)`, `.quit(status: 130)`) could drift from the
/// document unseen.
@Suite struct ExitStatusTests {
    /// Lines of Swift code (comments and string literals left out) that hand out a bare number
    /// as an exit status.
    static func bareStatuses(in text: String) -> [String] {
        let patterns: [Regex<Substring>] = [
            /(?:^|[^A-Za-z0-9_])(?:exitCode|status|exitStatus)\s*:\s*-?[0-9]/,
            /(?:^|[^A-Za-z0-9_])(?:exitCode|status|exitStatus)\s*\?\?\s*-?[0-9]/,
            /(?:^|[^A-Za-z0-9_.])exit\(\s*-?[0-9]/,
            /(?:^|[^A-Za-z0-9_])ExitCode\(\s*(?:rawValue:\s*)?-?[0-9]/,
        ]
        var inMultilineString = false
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            if inMultilineString {
                if quotes % 2 == 1 { inMultilineString = false }
                continue
            }
            if quotes % 2 == 1 { inMultilineString = true }
            let code = SourceScan.code(of: line, emptyingStrings: true)
            if patterns.contains(where: { code.contains($0) }) { found.append(line) }
        }
        return found
    }

    @Test func noSourceHandsOutABareExitNumber() throws {
        let files = try SourceScan.swiftFiles()
        #expect(files.count > 100, "found \(files.count) Swift files under Sources")
        for (file, text) in files {
            let lines = Self.bareStatuses(in: text)
            #expect(lines.isEmpty, "Sources/\(file) hands out a bare exit number, not an ExitStatus: \(lines.first ?? "")")
        }
    }

    /// The scan finds each way a number is handed out, and not the words of help text or a
    /// comparison with another program's status.
    @Test func theScanSeesBareNumbersOnly() {
        #expect(Self.bareStatuses(in: #"throw CommandFailure("no app", exitCode: 2)"#).count == 1)
        #expect(Self.bareStatuses(in: "    exit(64)").count == 1)
        #expect(Self.bareStatuses(in: "return [.quit(status: 130)]").count == 1)
        #expect(Self.bareStatuses(in: "if status != 0 { throw ExitCode(1) }").count == 1)
        #expect(Self.bareStatuses(in: "end(message: m, status: exitStatus ?? 1, toStandardError: true)").count == 1)
        #expect(Self.bareStatuses(in: #"throw CommandFailure("no app", exitCode: .unreadable)"#).isEmpty)
        #expect(Self.bareStatuses(in: "    exit(ExitStatus.usage.rawValue)").isEmpty)
        #expect(Self.bareStatuses(in: "guard outcome.status == 0 else {").isEmpty)
        #expect(Self.bareStatuses(in: #"    let why = "exit status: 2""#).isEmpty)
        #expect(Self.bareStatuses(in: "    /// exitCode: 2 when the app cannot be read").isEmpty)
        #expect(Self.bareStatuses(in: "let help = \"\"\"\n    Exit status: 0 success; 1 failed.\n    \"\"\"\n").isEmpty)
    }
}
