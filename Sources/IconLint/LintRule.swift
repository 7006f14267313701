import IconCatalog

/// One check with a stable id (used by `--disable` and `--explain`), a fixed severity, a
/// one-line summary and a paragraph that says how to fix what it finds. The check itself
/// is a pure function of the parsed plist, the file index and the image facts.
public struct LintRule: Sendable, Identifiable {
    /// What a check reports before the rule stamps its id and severity on it.
    public struct Hit {
        public let subject: LintSubject
        public let idiom: Idiom?
        /// nil for the Info.plist itself.
        public let file: String?
        public let message: String

        public init(_ subject: LintSubject, idiom: Idiom?, file: String? = nil, _ message: String) {
            self.subject = subject
            self.idiom = idiom
            self.file = file
            self.message = message
        }
    }

    /// Kebab-case and never renamed: scripts and CI configurations name rules by it.
    public let id: String
    public let severity: LintSeverity
    /// One line: what the rule finds.
    public let summary: String
    /// A paragraph for `--explain`: why it matters and how to fix it.
    public let explanation: String
    let check: @Sendable (LintContext) -> [Hit]

    public init(id: String, severity: LintSeverity, summary: String, explanation: String,
                check: @escaping @Sendable (LintContext) -> [Hit]) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.check = check
    }

    public func run(_ context: LintContext) -> [LintFinding] {
        check(context).map { hit in
            LintFinding(rule: id, severity: severity, message: hit.message, subject: hit.subject,
                        idiom: hit.idiom, file: hit.file ?? context.plistPath)
        }
    }
}
