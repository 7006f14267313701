import CellCanvas
@testable import TerminalDetection
import TerminalInput
import Testing

/// The one table of terminals (`KnownTerminal.all`) and the decisions that read it: the
/// environment and the terminal's answers must agree about what a terminal draws.
@Suite struct KnownTerminalTests {
    static func capabilities(_ environment: [String: String], replies: [TerminalReply] = []) -> TerminalCapabilities {
        CapabilityProbeTests.probe(environment, replies: replies).capabilities(elapsedMilliseconds: 0)
    }

    @Test func autoIsTheRichestSetTheTerminalIsKnownToDraw() {
        #expect(SymbolSet.best(environment: ["TERM": "xterm-256color"]) == .quadrant)
        #expect(SymbolSet.best(environment: [:]) == .quadrant)
        #expect(SymbolSet.best(environment: ["TERM": "xterm-kitty"]) == .sextant)
        #expect(SymbolSet.best(environment: ["TERM": "xterm-ghostty"]) == .sextant)
        #expect(SymbolSet.best(environment: ["TERM": "foot"]) == .sextant)
        #expect(SymbolSet.best(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]) == .sextant)
        #expect(SymbolSet.best(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .sextant)
        // Inside tmux or screen, the outer terminal is unknown whatever leaked into the environment.
        #expect(SymbolSet.best(environment: ["TERM": "tmux-256color", "KITTY_WINDOW_ID": "1"]) == .quadrant)
        #expect(SymbolSet.best(environment: ["TERM": "screen", "TERM_PROGRAM": "tmux"]) == .quadrant)
        #expect(SymbolSet.best(environment: ["TERM": "xterm-kitty", "STY": "1.pts-0.host"]) == .quadrant)
        #expect(SymbolSet.best(environment: ["TERM": "linux"]) == .half)
        // What the terminal answered wins over the environment, both ways.
        #expect(SymbolSet.best(environment: ["TERM": "xterm-256color"], detected: .octant) == .octant)
        #expect(SymbolSet.best(environment: ["TERM": "xterm-kitty"], detected: .half) == .half)
    }

    /// Every terminal the table says draws sextants gets them from its own TERM or from its
    /// XTVERSION name, through the capabilities and through `best` alike (TERM=foot once got
    /// sextants from one and not the other); inside a multiplexer from neither.
    @Test func theEnvironmentAndTheAnswersAgreeOnSextants() {
        let drawers = KnownTerminal.all.filter { if case .sextants = $0.symbols { true } else { false } }
        #expect(drawers.map(\.name) == ["kitty", "foot", "Ghostty", "WezTerm"])
        for terminal in drawers {
            for term in terminal.terms {
                let found = Self.capabilities(["TERM": term])
                #expect(found.drawsSextants && !found.drawsOctants, "TERM=\(term): \(found.symbolsReason)")
                #expect(SymbolSet.best(environment: ["TERM": term], detected: found.finestSymbols) == .sextant)
                let screened = Self.capabilities(["TERM": term, "STY": "1.pts-0.host"])
                #expect(!screened.drawsSextants, "TERM=\(term) in screen")
            }
            let versionName = try! #require(terminal.versionName)
            let answered = Self.capabilities(["TERM": "xterm-256color"],
                                             replies: [.terminalVersion("\(versionName)(1.0)"), .primaryAttributes([62])])
            #expect(answered.drawsSextants, "\(versionName): \(answered.symbolsReason)")
        }
        let plain = Self.capabilities(["TERM": "xterm-256color"], replies: [.terminalVersion("XTerm(390)"), .primaryAttributes([62])])
        #expect(plain.symbolsReason == "sextants and octants only on terminals known to draw them (kitty, foot, Ghostty, WezTerm)")
        #expect(Self.capabilities(["TERM": "foot"]).symbolsReason
            == "TERM=foot names foot, which draws sextants; its version (for octants) is unknown")
    }

    /// The environment names the nearest terminal: its own TERM, then a variable's value,
    /// TERM_PROGRAM, and last the variables a terminal's children inherit.
    @Test func theEnvironmentNamesTheNearestTerminal() {
        func named(_ variables: [String: String]) -> String? {
            TerminalEnvironment(variables).namedTerminal.map { "\($0.name) (\($0.variable))" }
        }
        #expect(named(["TERM": "xterm-kitty", "TERM_PROGRAM": "WezTerm"]) == "kitty (TERM=xterm-kitty)")
        #expect(named(["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2", "TERM_PROGRAM": "tmux"]) == "iTerm2 (LC_TERMINAL=iTerm2)")
        #expect(named(["TERM": "xterm-256color", "TERM_PROGRAM": "vscode", "TERM_PROGRAM_VERSION": "1.90"])
            == "vscode 1.90 (TERM_PROGRAM=vscode)")
        #expect(named(["TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "2"]) == "kitty (KITTY_WINDOW_ID)")
        #expect(named(["KONSOLE_VERSION": "230804", "KITTY_WINDOW_ID": "2"]) == "Konsole (KONSOLE_VERSION=230804)")
        #expect(named(["WT_SESSION": "b0c1"]) == "Windows Terminal (WT_SESSION)")
        #expect(named(["TERM": "xterm-256color"]) == nil)
        #expect(TerminalEnvironment(["TERM_PROGRAM": "iTerm.app"]).namedTerminal?.known?.name == "iTerm2")
    }

    /// iTerm2's inline images, which no query finds, from the table's terminals that show them.
    @Test func iterm2ImagesFromTheTerminalsThatShowThem() {
        func support(_ environment: [String: String], version: String? = nil) -> TerminalCapabilities.Support? {
            let replies: [TerminalReply] = (version.map { [.terminalVersion($0)] } ?? []) + [.primaryAttributes([62])]
            return Self.capabilities(environment, replies: replies).support[.iterm2]
        }
        #expect(support(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"])?.available == true)
        #expect(support(["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], version: "Unknown(1)")?.available == true)
        #expect(support(["TERM": "xterm-256color"], version: "WezTerm 20240203") == TerminalCapabilities.Support(true, "WezTerm (XTVERSION) shows iTerm2 images"))
        #expect(support(["TERM": "xterm-256color"], version: "iTerm2 3.5.0") == TerminalCapabilities.Support(true, "the terminal is iTerm2 (XTVERSION)"))
        #expect(support(["TERM": "xterm-256color"], version: "XTerm(390)")
            == TerminalCapabilities.Support(false, "neither XTVERSION nor LC_TERMINAL or TERM_PROGRAM names WezTerm or iTerm2"))
    }

    /// `preview`'s colours follow NO_COLOR, COLORTERM, a known terminal's TERM outside a multiplexer, then TERM's name.
    @Test func previewColoursFromTheEnvironment() {
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "xterm-256color", "NO_COLOR": "1", "COLORTERM": "truecolor"]) == .noColor)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "xterm", "COLORTERM": "24bit"]) == .truecolor)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "foot"]) == .truecolor)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "xterm-kitty"]) == .truecolor)
        // Inside a multiplexer a known terminal's TERM is not trusted for 24-bit colour.
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]) == .ansi16)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "foot", "STY": "1.pts-0.host"]) == .ansi8)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "xterm-direct"]) == .truecolor)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "screen-256color"]) == .palette256)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "xterm"]) == .ansi16)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "vt220"]) == .ansi8)
        #expect(TerminalEnvironment.colorDepth(environment: ["TERM": "dumb"]) == .noColor)
        #expect(TerminalEnvironment.colorDepth(environment: [:]) == .noColor)
    }

    @Test func localesAreUTF8ByTheFirstVariableSet() {
        #expect(TerminalEnvironment.isUTF8(environment: ["LANG": "en_GB.UTF-8"]))
        #expect(TerminalEnvironment.isUTF8(environment: ["LC_ALL": "C.utf8", "LANG": "C"]))
        #expect(!TerminalEnvironment.isUTF8(environment: ["LC_ALL": "C", "LANG": "en_GB.UTF-8"]))
        #expect(TerminalEnvironment.isUTF8(environment: ["LC_ALL": "", "LC_CTYPE": "UTF-8"]))
        #expect(!TerminalEnvironment.isUTF8(environment: [:]))
    }
}
