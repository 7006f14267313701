import Foundation
import IconCatalog
import TerminalText

/// The human and CI renderings of a report (JSON is the findings' `Encodable` form). Every
/// line is one clean line: messages are sanitised when findings are made, paths here.
package enum LintOutput {
    /// `PATH: severity: message [rule-id]` per finding, then `N errors, M warnings, K notes`.
    package static func text(_ report: LintReport) -> String {
        var out = ""
        for finding in report.listed {
            out += "\(TextSanitizer.clean(finding.file)): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]\n"
        }
        return out + report.summary + "\n"
    }

    /// GitHub Actions workflow commands: `::error file=PATH,title=RULE::message`, with notes as
    /// `::notice`. Escaped as the runner expects: `%`, CR and LF everywhere, and `:` and `,`
    /// inside properties.
    package static func github(_ report: LintReport) -> String {
        report.listed.map { finding in
            let command = finding.severity == .note ? "notice" : finding.severity.rawValue
            let file = escapeProperty(TextSanitizer.clean(finding.file))
            return "::\(command) file=\(file),title=\(escapeProperty(finding.rule.rawValue))::\(escapeData(finding.message))\n"
        }.joined()
    }

    package static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    package static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }

    /// What `--explain RULE` prints: the id, severity and summary, then the paragraph, wrapped.
    package static func explain(_ rule: LintRule) -> String {
        let fix = rule.fix.map { "lint --fix \($0.summary)." } ?? "lint --fix has no fix for it."
        return "\(rule.id) (\(rule.severity.rawValue)): \(rule.summary)\n\n\(LintText.wrap(rule.explanation))\n\n\(LintText.wrap(fix))\n"
    }

    /// The rule ids by severity, as comma-separated lists that read well however `--help` wraps them.
    /// Built with appends: every command builds it (it is in `lint`'s help, which ArgumentParser reads
    /// to parse any command), and the generic `joined` it took cost a scan of the runtime's conformance records.
    package static func ruleList() -> String {
        var list = ""
        for severity in LintSeverity.allCases {
            if !list.isEmpty { list += "\n" }
            list += severity.rawValue + "s: "
            var first = true
            for rule in LintRules.all where rule.severity == severity {
                if !first { list += ", " }
                list += rule.id.rawValue
                first = false
            }
        }
        return list
    }
}
