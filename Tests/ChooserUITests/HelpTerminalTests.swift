import CellCanvas
@testable import ChooserUI
import TerminalInput
import Testing

/// The `?` help's lines about the terminal: below the keys, wrapped to the box, in ASCII
/// where the screen is.
@Suite struct HelpTerminalTests {
    static let lines = [
        "Terminal: tmux 3.3a, cells 16×32 px",
        "Pictures: symbols, as tmux's allow-passthrough is off; `tmux set -g allow-passthrough on` lets pictures through",
    ]

    /// The rows of the screen from the help box's top to its bottom.
    func box(_ state: ChooserState) -> [String] {
        let rows = text(of: state).lines
        guard let top = rows.firstIndex(where: { $0.contains("Keys") }),
              let bottom = rows.lastIndex(where: { $0.contains("╰") || $0.contains("+---") }) else { return [] }
        return Array(rows[top...bottom])
    }

    @Test func theTerminalIsDescribedBelowTheKeys() {
        var state = chooser(width: 60, height: 30)
        _ = update(&state, .terminalDescribed(Self.lines))
        press(.character("?"), in: &state)
        #expect(Array(box(state).suffix(8)) == [
            "   DDD│ q / Esc          leave                       │      ",
            "   DDD│ Ctrl-C           leave (status 130)          │      ",
            "   DDD├──────────────────────────────────────────────┤      ",
            "   DDD│ Terminal: tmux 3.3a, cells 16×32 px          │      ",
            "   DDD│ Pictures: symbols, as tmux's                 │      ",
            "      │ allow-passthrough is off; `tmux set -g       │      ",
            "      │ allow-passthrough on` lets pictures through  │      ",
            "      ╰──────────────────────────────────────────────╯      ",
        ])
    }

    @Test func withoutADescriptionTheHelpIsTheKeysAlone() {
        var state = chooser(width: 60, height: 30)
        press(.character("?"), in: &state)
        #expect(!box(state).contains { $0.contains("├") })
    }

    @Test func inASCIIEverythingIsASCII() {
        var state = chooser(width: 60, height: 30, configuration: ChooserConfiguration(ascii: true))
        _ = update(&state, .terminalDescribed(Self.lines + ["Terminal: “kitty” — ✓ 10×20"]))
        press(.character("?"), in: &state)
        let rows = box(state)
        #expect(rows.contains { $0.contains("cells 16x32 px") })
        #expect(rows.contains { $0.contains("Terminal: \"kitty\" - ? 10x20") })
        #expect(rows.allSatisfy { $0.unicodeScalars.allSatisfy { $0.isASCII } })
    }

    @Test func controlCharactersInADescriptionAreRemoved() {
        var state = chooser(width: 60, height: 30)
        _ = update(&state, .terminalDescribed(["Terminal: evil\u{1B}[2J\u{202E}name"]))
        #expect(state.terminalLines == ["Terminal: evil[2Jname"])
    }
}
