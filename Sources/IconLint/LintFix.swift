import IconCatalog

/// What `lint --fix` does about a rule's findings, carried by the rule (`LintRule.fix`); the
/// edit is `ProjectWriting`'s `LintFixer`, by the rule's id. A fix is offered only where it is
/// safe: it adds what is missing or removes what is wrong without changing how any icon looks,
/// except one that `needsBackground`, which runs only with a background colour given.
public struct LintFix: Sendable, Hashable {
    /// One line for `--explain`: what `lint --fix` does.
    public let summary: String
    /// True for a fix that changes how an icon looks, which runs only when asked for with
    /// the colour to use (`--background`).
    public let needsBackground: Bool

    package init(_ summary: String, needsBackground: Bool = false) {
        self.summary = summary
        self.needsBackground = needsBackground
    }

    /// The fix for a rule's findings, where it has one.
    public static func fix(for rule: ProblemCode) -> LintFix? { LintRules.rule(rule)?.fix }
}
