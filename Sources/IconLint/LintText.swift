import IconCatalog
import TerminalText

/// Wording helpers for findings. Plist strings are untrusted: `quote` shows each control or
/// bidi character as a visible `\u{…}` escape instead of passing it on, so a finding about
/// such a character still shows where it is, and the line stays one clean line.
public enum LintText {
    /// “text”, with unsafe characters written as `\u{1B}`.
    public static func quote(_ text: String) -> String {
        "“\(visible(text))”"
    }

    /// `text` with every control or bidi character written as `\u{XXXX}`.
    public static func visible(_ text: String) -> String {
        guard TextSanitizer.containsUnsafe(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if TextSanitizer.isUnsafe(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// “a”, “b” and “c”.
    public static func list(_ items: [String], quoted: Bool = true) -> String {
        let shown = quoted ? items.map(quote) : items
        guard shown.count > 1 else { return shown.first ?? "" }
        return shown.dropLast().joined(separator: ", ") + " and " + shown.last!
    }

    /// A plist value in a message: its type, and for short scalars the value itself,
    /// e.g. `a string (“YES”)`.
    public static func describe(_ value: Any) -> String {
        let type = PlistValue.typeName(value)
        switch value {
        case let text as String where text.count <= 40: return "\(type) (\(quote(text)))"
        case let number as Double where type == "a real number": return "\(type) (\(number))"
        default: return type
        }
    }

    public static func deviceName(_ idiom: Idiom) -> String { idiom == .phone ? "iPhone" : "iPad" }

    /// `text` broken into lines of at most `width` columns at spaces.
    public static func wrap(_ text: String, width: Int = 78) -> String {
        DisplayWidth.wrap(text, to: width).joined(separator: "\n")
    }
}
