import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import MemoryTerminal
import Testing
import TerminalDetection
import TerminalInput
import TerminalInterface

/// The loop asking the terminal what it can do: after the first frame, never before; the
/// answers, or their absence, reach the `?` help; answers are never keys.
@Suite struct DetectionTests {
    /// The help box's text, once it says something about the terminal.
    func help(_ chooser: RunningChooser, containing text: String) async throws -> String {
        chooser.terminal.type("?")
        return helpText(in: try await chooser.frame("the help saying “\(text)”") { helpText(in: $0).contains(text) })
    }

    @Test func queriesGoOutAfterTheFirstFrameAndAnswersReachTheHelp() async throws {
        try await onTestThread {
            let chooser = RunningChooser(options: ChooserSession.Options(detectionTimeout: .seconds(30)))
            try await chooser.frame(showing: "black-multi")
            #expect(await chooser.terminal.waitUntil { !$0.queries.isEmpty })
            #expect(chooser.terminal.framesBeforeQueries == [1])
            #expect(chooser.terminal.queries.first?.direct == TerminalQuery.allCases)
            // Answers in any order; DA1 last of all ends the wait long before the time-out.
            chooser.terminal.send(.reply(.cellSize(width: 9, height: 18)), .reply(.terminalVersion("XTerm(390)")),
                                  .reply(.graphicsAttribute(item: 1, status: 0, values: [1024])),
                                  .reply(.primaryAttributes([63, 1, 2, 4, 6, 9, 15, 22])))
            let text = try await help(chooser, containing: "Terminal: XTerm 390")
            #expect(text.contains("cells 9×18 px"))
            #expect(text.contains("Pictures: symbols"))
            #expect(text.contains("sixel"))
            // A late answer still counts.
            chooser.terminal.send(.reply(.kittyGraphics(id: 31, message: "OK")))
            let later = try await chooser.frame("the help after a late answer") { helpText(in: $0).contains("shows kitty") }
            #expect(later.text.contains("Keys"))
            // Answers never act as keys: still the help, still running.
            chooser.terminal.send(.reply(.other("CSI ?1;2c")), .reply(.primaryAttributes([1, 2])))
            chooser.terminal.type("?q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func aTerminalThatAnswersNothingCostsOnlyTheTimeOut() async throws {
        try await onTestThread {
            let started = ContinuousClock.now
            let chooser = RunningChooser(options: ChooserSession.Options(detectionTimeout: .milliseconds(250)))
            try await chooser.frame(showing: "black-multi")
            let text = try await help(chooser, containing: "Pictures: symbols")
            #expect(text.contains("no pixel protocol found"))
            #expect(ContinuousClock.now - started < .seconds(30))
            chooser.terminal.type("?q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func insideTmuxWithoutPassthroughTheHelpSaysHowToEnableIt() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%1"],
                                          tmux: TmuxReport(passthrough: .off, version: "3.3a"))
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(detectionTimeout: .seconds(30)))
            try await chooser.frame(showing: "black-multi")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            #expect(terminal.queries.first?.passedThrough == [])
            terminal.send(.reply(.terminalVersion("tmux 3.3a")), .reply(.primaryAttributes([1, 2])))
            let text = try await help(chooser, containing: "allow-passthrough")
            #expect(text.contains("Terminal: tmux 3.3a"))
            #expect(text.contains("tmux set -g"))
            terminal.type("?q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func withoutATerminalToAskNothingIsSent() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal(canQuery: false)
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(detectionTimeout: .seconds(30)))
            let text = try await help(chooser, containing: "not a terminal")
            #expect(text.contains("Pictures: symbols"))
            #expect(terminal.queries.isEmpty)
            terminal.type("?q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func symbolsAskNothingAndInASCIITheHelpIsASCII() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal(isUTF8: false)
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(graphics: .symbols))
            let text = try await help(chooser, containing: "--graphics symbols")
            #expect(terminal.queries.isEmpty)
            #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
            terminal.type("?q")
            #expect(try await chooser.status() == 0)
        }
    }
}
