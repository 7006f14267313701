import IconCatalog

/// One check with a stable id (used by `--disable` and `--explain`), a fixed severity, a
/// one-line summary, a paragraph that says how to fix what it finds and, where `lint --fix`
/// can, what that does. The check itself is a pure function of the parsed plist, the file
/// index and the image facts. A rule is registered by its value in `LintRules.all`.
public struct LintRule: Sendable, Identifiable {
    /// What a check reports before the rule stamps its id and severity on it.
    package struct Hit {
        package let subject: LintSubject
        package let idiom: Idiom?
        /// nil for the Info.plist itself.
        package let file: String?
        package let message: String
        /// The icons a finding about the whole app names (see `LintFinding.icons`).
        package let icons: [String?]

        package init(_ subject: LintSubject, idiom: Idiom?, file: String? = nil, _ message: String, icons: [String?] = []) {
            self.subject = subject
            self.idiom = idiom
            self.file = file
            self.message = message
            self.icons = icons
        }
    }

    /// The hits of one run of a check, readable however many a hostile plist causes: the
    /// first `shownPerRule` are kept and the rest only counted, their messages never built.
    package struct Hits {
        package static let shownPerRule = 50

        package private(set) var kept: [Hit] = []
        /// Every hit, kept or not.
        package private(set) var total = 0

        package init() {}

        package mutating func add(_ subject: LintSubject, idiom: Idiom?, file: String? = nil, _ message: @autoclosure () -> String,
                                  about icons: [String?] = []) {
            total += 1
            if kept.count < Self.shownPerRule { kept.append(Hit(subject, idiom: idiom, file: file, message(), icons: icons)) }
        }

        package var omitted: Int { total - kept.count }
    }

    /// Kebab-case and never renamed: scripts and CI configurations name rules by it.
    public let id: ProblemCode
    /// Fixed per rule, so a rule's findings always weigh the same.
    public let severity: LintSeverity
    /// One line: what the rule finds.
    public let summary: String
    /// A paragraph for `--explain`: why it matters and how to fix it.
    public let explanation: String
    /// What `lint --fix` does about its findings; nil when it has no safe fix.
    public let fix: LintFix?
    let check: @Sendable (LintContext, inout Hits) -> Void

    package init(id: ProblemCode, severity: LintSeverity, summary: String, explanation: String, fix: LintFix? = nil,
                 check: @escaping @Sendable (LintContext, inout Hits) -> Void) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.fix = fix
        self.check = check
    }

    /// The findings to show, and how many more there were.
    package func run(_ context: LintContext) -> (findings: [LintFinding], omitted: Int) {
        var hits = Hits()
        check(context, &hits)
        let findings = hits.kept.map { hit in
            LintFinding(rule: id, severity: severity, message: hit.message, subject: hit.subject,
                        idiom: hit.idiom, file: hit.file ?? context.plistPath, icons: hit.icons)
        }
        return (findings, hits.omitted)
    }
}
