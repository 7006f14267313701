import Foundation
import IconCatalog
@testable import IconLint
import TerminalText
import Testing

/// `lint` on plists written to hurt (`HostileInput`): findings stay few and short, every one
/// still counted, and the work grows no faster than n log n.
@Suite struct HostileLintTests {
    /// Lints `plist` (written into a fresh folder); the report and how long the lint took.
    private func lint(_ plist: Data, binary name: String = "Info.plist") throws -> (report: LintReport, seconds: Double) {
        let folder = TemporaryFolder()
        let path = folder.write(name, plist)
        let started = Date()
        let report = try Linter.lint(app: path)
        return (report, Date().timeIntervalSince(started))
    }

    @Test func findingsAreCappedPerRuleAndTheRestCounted() throws {
        let (report, _) = try lint(HostileInput.hostileText(bytes: 400_000))
        let byRule = Dictionary(grouping: report.findings, by: \.rule)
        for (rule, findings) in byRule {
            #expect(findings.count <= LintRule.Hits.shownPerRule, "\(rule): \(findings.count) findings shown")
        }
        let notFound = try #require(report.omitted.first { $0.rule == .fileNotFound })
        #expect(notFound.count > 10_000)
        #expect(report.count(.error) == report.findings.count { $0.severity == .error }
            + report.omitted.filter { $0.severity == .error }.reduce(0) { $0 + $1.count })
        let text = LintOutput.text(report)
        #expect(text.contains(": error: … and \(MessageText.grouped(notFound.count)) more file-not-found findings [file-not-found]"))
        #expect(text.utf8.count < 200_000, "the text report is \(text.utf8.count) bytes")
        #expect(text.hasSuffix("\(report.summary)\n"))
        #expect(report.exitStatus(strict: false) == .failure)
    }

    @Test func everyLineIsShortInTextAndJSON() throws {
        let (report, _) = try lint(HostileInput.hostileText(bytes: 200_000))
        for line in LintOutput.text(report).split(separator: "\n") {
            #expect(line.count < 1_000, "\(line.prefix(120))…")
        }
        let encoder = JSONEncoder()
        for finding in report.listed {
            let object = try #require(try JSONSerialization.jsonObject(with: encoder.encode(finding)) as? [String: Any])
            for (key, value) in object {
                guard let text = value as? String else { continue }
                #expect(text.count < 1_000, "\(key): \(text.prefix(120))…")
            }
        }
        // The long names are abbreviated where they are shown, saying how long they were.
        #expect(report.findings.contains { $0.message.contains("characters)") && $0.message.contains("…") })
        #expect(report.listed.contains { finding in
            guard let data = try? encoder.encode(finding), let json = String(data: data, encoding: .utf8) else { return false }
            return json.contains("characters)")
        })
    }

    @Test func quotedTextAndListsAreBounded() {
        let quoted = LintText.quote(String(repeating: "\u{7}", count: 1_000_000))
        #expect(quoted.count < 1_000)
        #expect(quoted.contains("\\u{7}") && quoted.contains("(1,000,000 characters)"))
        #expect(LintText.list((0..<100_000).map { "n\($0)" }) == "“n0”, “n1”, “n2”, “n3”, “n4” and 99,995 more")
        #expect(LintText.list(["a", "b"]) == "“a” and “b”")
    }

    @Test func aSizeSuffixThatFitsNoIntegerIsNoSizePromise() throws {
        let nines = String(repeating: "9", count: 120)
        #expect(LintRules.sizePromise(in: "Icon-\(nines)x\(nines)@2x.png") == nil)
        #expect(LintRules.sizePromise(in: "Icon-2147483647x2147483647.png")?.pixels == 2_147_483_647)
        #expect(LintRules.sizePromise(in: "Icon-2147483648x2147483648.png") == nil)
        // And the rule itself, on a real file with such a name, finds nothing (it trapped).
        var app = TestApp()
        app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: ["Icon-\(nines)x\(nines)"], in: [.phone])
        app.folder.write("Icon-\(nines)x\(nines)@2x.png", TestApp.image(120))
        #expect(try app.findings(.sizeNameMismatch).isEmpty)
    }

    @Test func scaleSuffixesAreReadFromTheEnd() {
        #expect(LintRules.splitScale("Blue@2.5x.PNG").map { [$0.base, $0.scale] } == ["Blue", "@2.5x"])
        #expect(LintRules.splitScale("Blue@.5x") == nil)
        #expect(LintRules.splitScale("Blue@2.x") == nil)
        #expect(LintRules.splitScale("@2x").map { [$0.base, $0.scale] } == ["", "@2x"])
        #expect(LintRules.splitScale(String(repeating: "a", count: 1_000_000) + "@3x")?.scale == "@3x")
    }

    /// The median of three timings (CPU time, see `ResourceUse`) of `work`.
    private func seconds(_ work: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<3 {
            times.append(try ResourceUse.measure(work).1.seconds)
        }
        return times.sorted()[1]
    }

    /// 16 times the input may take at most 40 times as long: n log n and noise fit, n² (256) does not.
    @Test func workGrowsNoFasterThanNLogN() throws {
        let cases: [(String, (Int) -> Data, Int)] = [
            ("alternates", HostileInput.manyAlternates, 1_000),
            ("file entries", HostileInput.manyFileEntries, 4_000),
            ("hostile text", { HostileInput.hostileText(bytes: $0 * 100) }, 1_000),
        ]
        for (what, make, small) in cases {
            let folder = TemporaryFolder()
            let smallPath = folder.write("small/Info.plist", make(small))
            let largePath = folder.write("large/Info.plist", make(small * 16))
            let smallTime = try seconds { _ = try Linter.lint(app: smallPath) }
            let largeTime = try seconds { _ = try Linter.lint(app: largePath) }
            #expect(largeTime / max(smallTime, 0.001) <= 40,
                    "\(what): \(small) took \(smallTime) s, \(small * 16) took \(largeTime) s")
        }
    }
}
