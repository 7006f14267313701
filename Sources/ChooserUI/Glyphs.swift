/// Every non-ASCII character the chooser draws, with its ASCII stand-in, so a terminal
/// without a UTF-8 locale never receives a byte it would show as mojibake.
struct Glyphs: Sendable {
    let ascii: Bool

    var ellipsis: String { ascii ? "..." : "…" }
    var dash: String { ascii ? "-" : "—" }
    var moreAbove: String { ascii ? "^ more above" : "▲ more above" }
    var moreBelow: String { ascii ? "v more below" : "▼ more below" }
    /// The checkmark badge: three cells, so it reads as a small filled circle when coloured.
    var badge: String { ascii ? "[x]" : " ✓ " }
    var times: String { ascii ? "x" : "×" }
    var arrows: String { ascii ? "arrows" : "←↑↓→" }
    /// Between the keys of an Info.plist key path.
    var keyPathSeparator: String { ascii ? ">" : "›" }
    var box: BoxGlyphs { ascii ? .ascii : .rounded }

    /// Curly quotes as iOS writes them, straight ones in ASCII.
    func quoted(_ text: String) -> String { ascii ? "\"\(text)\"" : "“\(text)”" }

    /// Text from elsewhere (the terminal's description) as this screen can show it: in
    /// ASCII, the typographic characters it uses become their stand-ins, anything else `?`.
    func shown(_ text: String) -> String {
        guard ascii else { return text }
        let standIns: [Character: String] = ["×": "x", "“": "\"", "”": "\"", "‘": "'", "’": "'", "—": "-", "–": "-", "…": "..."]
        return text.map { character in
            if character.isASCII { return String(character) }
            return standIns[character] ?? "?"
        }.joined()
    }
}

/// The characters of a box outline.
struct BoxGlyphs: Sendable {
    let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String
    /// Where a separator line meets the left and right sides.
    let teeLeft, teeRight: String

    static let rounded = BoxGlyphs(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
                                   horizontal: "─", vertical: "│", teeLeft: "├", teeRight: "┤")
    static let ascii = BoxGlyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
                                 horizontal: "-", vertical: "|", teeLeft: "+", teeRight: "+")
}
