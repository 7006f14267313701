import Foundation
import TestSupport

/// What the architecture tests read: the package's Swift sources, file by file, and each line's
/// code without its comment (and, where a scan asks, without its string literals' contents).
enum SourceScan {
    static let sources = Repository.root.appendingPathComponent("Sources")

    /// Every Swift file under `Sources` (its path there, and its text) that `skip` does not
    /// leave out.
    static func swiftFiles(skipping skip: (String) -> Bool = { _ in false }) throws -> [(path: String, text: String)] {
        let paths = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !skip($0) }.sorted() ?? []
        return try paths.map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// A line's code: with `emptyingStrings`, each string literal's contents taken out, then its
    /// `//` comment cut off.
    static func code(of line: some StringProtocol, emptyingStrings: Bool = false) -> String {
        let text = emptyingStrings ? String(line).replacing(/"(?:\\.|[^"\\])*"/, with: "\"\"") : String(line)
        return text.components(separatedBy: "//")[0]
    }

    /// The lines of `text` whose code (see `code(of:emptyingStrings:)`) matches `pattern`.
    static func lines(in text: String, matching pattern: some RegexComponent, emptyingStrings: Bool = false) -> [String] {
        text.split(separator: "\n").map(String.init).filter { code(of: $0, emptyingStrings: emptyingStrings).contains(pattern) }
    }

    /// The swift executable the tests run `swift package` with.
    static let swift = ProcessInfo.processInfo.environment["PATH"].flatMap { path in
        path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    } ?? "/opt/swift/usr/bin/swift"

    /// What `swift ARGUMENTS` prints on standard output (standard error dropped).
    static func swiftOutput(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}
