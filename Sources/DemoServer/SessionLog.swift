import Foundation
import TerminalText

/// One line per finished session on stderr, for whoever runs a public demo. Every value a
/// client chose (TERM, the command, the user name) has its control and bidi characters
/// stripped and is cut short, so a visitor cannot forge log lines or hide text.
public struct SessionRecord: Sendable {
    public var user: KeyFingerprint?
    public var address: String
    public var kind: String
    public var term: String?
    public var size: (columns: Int, rows: Int)?
    public var duration: TimeInterval
    public var exitStatus: Int?

    public var line: String {
        var fields = [
            "user=\(user?.description ?? "-")",
            "address=\(Self.clean(address))",
            "kind=\(Self.clean(kind))",
            "term=\(term.map(Self.clean) ?? "-")",
            "size=\(size.map { "\($0.columns)x\($0.rows)" } ?? "-")",
            String(format: "duration=%.1fs", duration),
        ]
        fields.append("status=\(exitStatus.map(String.init) ?? "-")")
        return "iconchooser serve: session " + fields.joined(separator: " ")
    }

    /// Clean, no blanks (so fields stay parseable), at most 64 columns.
    static func clean(_ text: String) -> String {
        let cleaned = TextSanitizer.clean(text).map { $0 == " " || $0 == "\t" ? "_" : String($0) }.joined()
        return cleaned.isEmpty ? "\"\"" : DisplayWidth.truncate(cleaned, to: 64)
    }
}
