import Foundation
import IconCatalog
import IconLint
import Testing
import TerminalText
import TestSupport
@testable import CommandLineSupport

/// `lint --format json` goes through the one writer `list --json` uses; `LintFinding`'s
/// `Encodable` through `JSONEncoder` is what it must match byte for byte.
@Suite struct LintJSONTests {
    private func expectSameText(_ findings: [LintFinding], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let expected = TextSanitizer.escapeForJSON(String(decoding: try encoder.encode(findings), as: UTF8.self))
        #expect(try PrettyJSONWriter.text(of: findings) == expected, sourceLocation: sourceLocation)
    }

    @Test func noFindings() throws {
        try expectSameText([])
        #expect(try PrettyJSONWriter.text(of: [LintFinding]()) == "[\n\n]")
    }

    /// Findings with every member, null ones included, and hostile text in their messages and names.
    @Test func findingsOfAHostilePlist() throws {
        let folder = TemporaryFolder()
        let report = try Linter.lint(app: folder.write("Info.plist", HostileInput.hostileText(bytes: 20_000)))
        #expect(!report.listed.isEmpty)
        try expectSameText(report.listed)
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func findingsOfTheRealProjects() throws {
        let projects = try FileManager.default.contentsOfDirectory(atPath: RealProjectCorpus.root.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
        var findings = 0
        for project in projects {
            guard let report = try? Linter.lint(app: RealProjectCorpus.path(project)) else { continue }
            try expectSameText(report.listed)
            findings += report.listed.count
        }
        #expect(findings > 0)
    }

    /// `current --json`'s shape, and values the writer takes from any `Encodable`.
    @Test func anyEncodableAsTheEncoderWritesIt() throws {
        struct Sample: Encodable {
            var name: String? = nil
            var numbers: [Double] = [1, 0.5, 1e20]
            var nested: [String: [Int?]] = ["b": [1, nil], "a": []]
            var flag = true
            var unsigned: UInt8 = 255
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        for sample in [Sample(), Sample(name: "x/y \u{1B}")] {
            let expected = TextSanitizer.escapeForJSON(String(decoding: try encoder.encode(sample), as: UTF8.self))
            #expect(try PrettyJSONWriter.text(of: sample) == expected)
        }
    }
}
