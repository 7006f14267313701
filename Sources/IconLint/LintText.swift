import IconCatalog
import TerminalText

/// Wording helpers for findings. Plist strings are untrusted: `quote` shows each control or
/// bidi character as a visible `\u{…}` escape instead of passing it on, so a finding about
/// such a character still shows where it is, and the line stays one clean line; and a long
/// one is cut (`MessageText.abbreviated`), so a finding stays a line however long the name.
package enum LintText {
    /// How many items `list` names before it only counts the rest.
    package static let listedItems = 5

    /// “text”, abbreviated, with unsafe characters written as `\u{1B}`.
    package static func quote(_ text: String) -> String {
        "“\(visible(text))”"
    }

    /// `text` with every control or bidi character written as `\u{XXXX}`, cut (as
    /// `MessageText.abbreviated` cuts) once what is shown, escapes included, passes `width` columns.
    package static func visible(_ text: String, width: Int = MessageText.nameWidth) -> String {
        MessageText.abbreviated(text, to: width) { scalar in
            TextSanitizer.isUnsafe(scalar) ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : nil
        }
    }

    /// “a”, “b” and “c”; past `listedItems`, “a”, “b”, “c”, “d”, “e” and 379,990 more.
    package static func list(_ items: [String], quoted: Bool = true) -> String {
        MessageText.list(items, limit: listedItems) { quoted ? quote($0) : $0 }
    }

    /// A plist value in a message: its type, and for short scalars the value itself,
    /// e.g. `a string (“YES”)`.
    package static func describe(_ value: Any) -> String {
        let kind = PlistValue.kind(of: value)
        let type = kind.description
        switch value {
        // utf8.count first: counting the characters of a megabyte-long string only to refuse it is waste.
        case let text as String where text.utf8.count <= 160 && text.count <= 40: return "\(type) (\(quote(text)))"
        case let number as Double where kind == .real: return "\(type) (\(number))"
        default: return type
        }
    }

    /// `text` broken into lines of at most `width` columns at spaces.
    package static func wrap(_ text: String, width: Int = 78) -> String {
        DisplayWidth.wrap(text, to: width).joined(separator: "\n")
    }
}
