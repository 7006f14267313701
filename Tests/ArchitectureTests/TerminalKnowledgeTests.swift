import Foundation
import TestSupport
import Testing

/// Everything known about particular terminals is one table, `KnownTerminals.swift`, as chafa's
/// term-db: which terminal sets which TERM, what a TERM family means, whose protocol is whose.
/// Code elsewhere that named a terminal (`term.hasPrefix("xterm")`, `name == "iterm2"`) would be
/// knowledge the table, its help texts and `--explain-terminal` do not see.
@Suite struct TerminalKnowledgeTests {
    /// Lines of Swift code (comments left out) with a string that is a terminal's name or TERM.
    static func terminalNames(in text: String) -> [String] {
        SourceScan.lines(in: text, matching: /"(xterm|rxvt|iterm2?|kitty|wezterm|ghostty|foot|konsole|alacritty|contour|mlterm)(-[A-Za-z0-9-]+)?"/
            .ignoresCase())
    }

    /// Files that may spell a terminal's name, and why.
    static let allowed: [String: String] = [
        "TerminalDetection/KnownTerminals.swift": "the table",
        // The TERM a visitor's chooser gets where the visitor's own has no terminfo entry on the
        // server: an entry every system ships, not knowledge of what a terminal draws.
        "DemoServer/SessionHandler.swift": "the fallback terminfo entry",
    ]

    @Test func onlyTheTableNamesTerminals() throws {
        let files = try SourceScan.swiftFiles { Self.allowed[$0] != nil }
        #expect(files.count > 100, "found \(files.count) Swift files under Sources")
        for (file, text) in files {
            let lines = Self.terminalNames(in: text)
            #expect(lines.isEmpty, "Sources/\(file) names a terminal outside KnownTerminals.swift: \(lines.first ?? "")")
        }
    }

    /// The scan finds a TERM or a terminal's name in code, and not words in messages or comments.
    @Test func theScanSeesTerminalNamesAndNotMessages() {
        #expect(Self.terminalNames(in: #"if term.hasPrefix("xterm") || term.hasPrefix("rxvt") { return .ansi16 }"#).count == 1)
        #expect(Self.terminalNames(in: #"return known.versionName == "iterm2" ? a : b"#).count == 1)
        #expect(Self.terminalNames(in: #"names.append("xterm-direct")"#).count == 1)
        #expect(Self.terminalNames(in: #"case .kitty: "kitty graphics""#).isEmpty)
        #expect(Self.terminalNames(in: #"    /// for any xterm-like name, "xterm-direct""#).isEmpty)
    }
}
