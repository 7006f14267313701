import TerminalText

/// `list` for scripts: one line per icon and nothing else (no header, no marks, no padding), so
/// `cut -f` and `awk -F '\t'` read it. A field never holds a tab or a line break: untrusted text is
/// cleaned of every control character first.
public struct TabSeparatedList: Sendable {
    public struct Row: Sendable, Equatable {
        /// The alternate's name; nil for the primary icon, written as an empty field (as `current` prints it).
        public let name: String?
        public let ordinal: Int?
        public let isCurrent: Bool
        /// The image files found for the icon, each in a field of its own after the third.
        public let files: [String]

        public init(name: String?, ordinal: Int?, isCurrent: Bool, files: [String]) {
            self.name = name
            self.ordinal = ordinal
            self.isCurrent = isCurrent
            self.files = files
        }
    }

    public let rows: [Row]

    public init(rows: [Row]) {
        self.rows = rows
    }

    /// Fields: name, ordinal (empty when none), `true` or `false` for current, then the files.
    public var text: String {
        var out = ""
        for row in rows {
            let fields = [row.name ?? "", row.ordinal.map(String.init) ?? "", row.isCurrent ? "true" : "false"] + row.files
            out += fields.map(TextSanitizer.clean).joined(separator: "\t")
            out += "\n"
        }
        return out
    }
}
