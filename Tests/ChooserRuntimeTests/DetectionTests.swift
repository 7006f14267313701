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

    /// The focused caption's plate: its background, in the depth the frame was drawn in.
    private func plateBackground(_ grid: CellGrid) -> TerminalColor? {
        for y in 0..<grid.height {
            for x in 0..<grid.width where grid[x, y].style.attributes.contains(.bold) && grid[x, y].style.background != .default {
                return grid[x, y].style.background
            }
        }
        return nil
    }

    /// A terminal whose terminfo has 256 colours but whose answers say it takes 24-bit ones
    /// (over SSH, where COLORTERM does not travel): from then on the chooser draws in them,
    /// and every tile is asked for again in them.
    @Test(arguments: [TerminalReply.terminalVersion("kitty(0.35.2)"), .capability(name: "RGB", present: true)])
    func aTerminalThatSaysItTakesDirectColourIsDrawnInIt(_ answer: TerminalReply) async throws {
        try await onTestThread {
            let chooser = RunningChooser(options: ChooserSession.Options(detectionTimeout: .seconds(30)))
            let first = try await chooser.frame(showing: "black-multi")
            guard case .indexed? = plateBackground(first) else {
                Issue.record("the first frame's plate is not in 256 colours: \(String(describing: plateBackground(first)))")
                return
            }
            #expect(await chooser.terminal.waitUntil { !$0.queries.isEmpty })
            #expect(chooser.terminal.queries.first?.direct.contains(.directColor) == true)
            let size = try #require(chooser.pictures.requests.first?.size)
            #expect(chooser.pictures.depth(at: size) == .palette256)
            chooser.terminal.send(.reply(answer), .reply(.primaryAttributes([62])))
            try await chooser.frame("the plate in 24-bit colour") { grid in
                if case .rgb? = self.plateBackground(grid) { return true }
                return false
            }
            #expect(chooser.terminal.colorDepth == .truecolor)
            #expect(await chooser.terminal.waitUntil { _ in chooser.pictures.depth(at: size) == .truecolor })
            // A tile made in the old depth is not shown; one in the new is.
            chooser.pictures.deliver(0, size: size)
            chooser.terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    /// An xterm's answers, or a terminal layer without a direct-colour description, keep 256 colours.
    @Test func withoutWordOfDirectColourOrAWayToWriteItColoursStay() async throws {
        try await onTestThread {
            for (terminal, answer) in [(MemoryTerminal(), TerminalReply.terminalVersion("XTerm(390)")),
                                       (MemoryTerminal(hasDirectColorEntry: false), .terminalVersion("kitty(0.35.2)"))] {
                let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(detectionTimeout: .seconds(30)))
                try await chooser.frame(showing: "black-multi")
                #expect(await terminal.waitUntil { !$0.queries.isEmpty })
                terminal.send(.reply(answer), .reply(.primaryAttributes([62])))
                let text = try await help(chooser, containing: "Terminal:")
                #expect(!text.isEmpty)
                #expect(terminal.colorDepth == .palette256)
                if case .rgb? = plateBackground(terminal.frames.last!) { Issue.record("a plate in 24-bit colour") }
                terminal.type("?q")
                #expect(try await chooser.status() == 0)
            }
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
