import IconCatalog
import IconLint
@testable import ProjectWriting
import Testing

/// A rule says it has a fix (`LintRule.fix`); `LintFixer` makes the edit, chosen by the rule's id.
/// A fix declared and not planned, or planned for a rule that declares none, fails here.
@Suite struct FixRegistrationTests {
    @Test func theFixerPlansExactlyTheRulesThatCarryAFix() {
        let declared = LintRules.all.filter { $0.fix != nil }.map(\.id)
        #expect(Set(declared) == Set(LintFixer.fixedRules))
        #expect(Set(LintFixer.fixedRules).count == LintFixer.fixedRules.count)
    }
}
