/// Pieces of one-line messages (warnings, lint findings) about untrusted input, kept short
/// whatever the input holds: a megabyte-long name costs a message a few dozen columns, and
/// the work of making it is bounded by what is shown, not by what was read.
public enum MessageText {
    /// How many columns of a name a message shows before abbreviating it.
    public static let nameWidth = 60

    /// `text` unchanged when it takes at most `width` columns; else its start, "…" and its length,
    /// e.g. `aaaa… (1,048,576 characters)`. Every scalar counts at least one column, so a run of
    /// control, invisible or combining characters is cut as surely as visible text. `escape` may
    /// show a scalar as other text (`\u{1B}` for a control character), which then counts as shown.
    public static func abbreviated(_ text: String, to width: Int = nameWidth,
                                   escape: (Unicode.Scalar) -> String? = { _ in nil }) -> String {
        let scalars = text.unicodeScalars
        /// The scalars of `part` as shown.
        func shown(_ part: Substring.UnicodeScalarView) -> String {
            var out = ""
            for scalar in part {
                if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
            }
            return out
        }
        var used = 0
        var escapes = false
        for index in scalars.indices {
            let escaped = escape(scalars[index])
            escapes = escapes || escaped != nil
            used += escaped?.count ?? max(1, DisplayWidth.of(Character(scalars[index])))
            if used > width {
                let length = text.count
                return shown(Substring(text).unicodeScalars[..<index]) + "… (\(grouped(length)) character\(length == 1 ? "" : "s"))"
            }
        }
        return escapes ? shown(Substring(text).unicodeScalars[...]) : text
    }

    /// The first `limit` of `items`, each through `show` (abbreviated, by default), joined by ", ",
    /// then " and 379,990 more" for the rest: a list in a message stays a line however long it is.
    public static func shortList(_ items: [String], limit: Int = 10,
                                 show: (String) -> String = { abbreviated($0) }) -> String {
        let shown = items.prefix(limit).map(show).joined(separator: ", ")
        return items.count > limit ? shown + " and \(grouped(items.count - limit)) more" : shown
    }

    /// “a”, “b” and “c”, each item through `show`; past `limit` items, “a”, “b”, “c”, “d”, “e” and
    /// 379,990 more.
    public static func list(_ items: [String], limit: Int = 5, show: (String) -> String = { abbreviated($0) }) -> String {
        guard items.count > 1, items.count <= limit else { return shortList(items, limit: limit, show: show) }
        return items.dropLast().map(show).joined(separator: ", ") + " and " + show(items[items.count - 1])
    }

    /// `number` with thousands separated by commas: `379,990`.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = number < 0 ? "-" : ""
        for (position, digit) in digits.enumerated() {
            if position > 0, (digits.count - position) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
