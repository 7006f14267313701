import Foundation
import IconCatalog
import IconLint
import Testing
import TestSupport

/// The README's rule tables are written by hand; the registry (`LintRules.all`) is what `lint`
/// runs. They must agree: every registered rule in some table with its severity, and no row
/// naming a rule that is not registered, or with another severity.
@Suite struct RuleRegistryTests {
    /// Each rule row of the README's tables: its id and severity.
    static func readmeRows(_ readme: String) -> [(id: String, severity: String)] {
        readme.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /\| `([a-z0-9-]+)` \| (error|warning|note) \|.*/).map { (String($0.output.1), String($0.output.2)) }
        }
    }

    @Test func theReadmeTablesListEveryRegisteredRuleWithItsSeverity() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = Self.readmeRows(readme)
        for row in rows {
            let rule = LintRules.rule(row.id)
            #expect(rule != nil, "the README lists \(row.id), which is no rule")
            #expect(rule.map { "\($0.severity)" } ?? row.severity == row.severity, "the README gives \(row.id) another severity")
        }
        let listed = Set(rows.map(\.id))
        for rule in LintRules.all {
            #expect(listed.contains(rule.id.rawValue), "the README's rule tables lack \(rule.id)")
        }
    }

    /// The parse sees a rule row and nothing else.
    @Test func rowsAreReadFromRuleTablesOnly() {
        let text = "| rule | severity | finds |\n| --- | --- | --- |\n| `no-alternates` | warning | none |\n| `--app PATH` | an app |\n"
        #expect(Self.readmeRows(text).map(\.id) == ["no-alternates"])
    }

    @Test func idsAreRegisteredOnceAndFoundByName() {
        let ids = LintRules.ids
        #expect(Set(ids).count == ids.count)
        for rule in LintRules.all { #expect(LintRules.rule(rule.id.rawValue)?.id == rule.id) }
        #expect(LintRules.rule("no-such-rule") == nil)
    }
}
