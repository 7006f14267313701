import Testing
import CellCanvas
import TerminalDetection
import TerminalInput

/// Capability decisions from replies and the environment, for the terminals people use.
@Suite struct CapabilityProbeTests {
    static let window = TerminalSize(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 600)

    static func probe(_ environment: [String: String] = ["TERM": "xterm-256color"], choice: GraphicsChoice = .auto,
                      canQuery: Bool = true, window: TerminalSize = window, tmux: TmuxReport? = nil,
                      replies: [TerminalReply] = []) -> CapabilityProbe {
        var probe = CapabilityProbe(environment: environment, choice: choice, canQuery: canQuery, windowSize: window)
        if let tmux { probe.tmuxAnswered(tmux) }
        for reply in replies { probe.receive(reply) }
        return probe
    }

    static let kittyReplies: [TerminalReply] = [
        .kittyGraphics(id: 31, message: "OK"), .terminalVersion("kitty(0.26.5)"), .cellSize(width: 10, height: 20),
        .background(red: 0, green: 0, blue: 0), .primaryAttributes([62]),
    ]

    @Test func kittyAnsweringEverythingGetsKittyGraphics() {
        let probe = Self.probe(replies: Self.kittyReplies)
        #expect(probe.plan.direct == TerminalQuery.allCases)
        #expect(probe.plan.bytes.starts(with: Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)))
        #expect(probe.plan.bytes.suffix(3) == Array("\u{1B}[c".utf8))
        #expect(probe.isComplete)
        let found = probe.capabilities(elapsedMilliseconds: 3)
        #expect(found.graphics == .kitty)
        #expect(found.graphicsReason.contains("OK"))
        #expect(found.terminalName == "kitty" && found.terminalVersion == "0.26.5" && found.terminalSource == "XTVERSION")
        #expect(found.cellSize == CellPixelSize(width: 10, height: 20))
        #expect(found.cellSizeReason == "CSI 16t, and TIOCGWINSZ agrees")
        #expect(found.background == RGBColor(red: 0, green: 0, blue: 0))
        #expect(found.drawsSextants && !found.drawsOctants)
        #expect(!found.passThroughTmux && !found.kittyPlaceholders)
        #expect(found.unanswered == [.sixelRegisters, .directColor])
        #expect(found.drawsDirectColor && found.directColorReason == "kitty (XTVERSION) takes 24-bit colours")
    }

    /// 24-bit colour where COLORTERM, XTGETTCAP or the terminal's name says so; not for an
    /// xterm or a terminal that says nothing, nor from the terminal outside tmux (tmux is the
    /// one written to).
    @Test func directColourFromTheEnvironmentOrTheTerminalsOwnAnswers() {
        func decided(_ replies: [TerminalReply], environment: [String: String] = ["TERM": "xterm-256color"],
                     tmux: TmuxReport? = nil) -> (Bool, String) {
            let found = Self.probe(environment, tmux: tmux, replies: replies).capabilities(elapsedMilliseconds: 0)
            return (found.drawsDirectColor, found.directColorReason)
        }
        #expect(decided([], environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == (true, "COLORTERM=truecolor"))
        #expect(decided([], environment: ["TERM": "xterm-256color", "COLORTERM": "24BIT"]).0)
        #expect(decided([], environment: ["TERM": "xterm-256color", "COLORTERM": "yes"]).0 == false)
        #expect(decided([.capability(name: "RGB", present: true), .primaryAttributes([62])]) == (true, "the terminal has RGB (XTGETTCAP)"))
        #expect(decided([.capability(name: "Tc", present: true)]).0)
        #expect(decided([.capability(name: "RGB", present: false), .terminalVersion("XTerm(379)")]).0 == false)
        #expect(decided([.terminalVersion("WezTerm 20240203-110809-5046fc22")]) == (true, "WezTerm (XTVERSION) takes 24-bit colours"))
        #expect(decided([.terminalVersion("foot(1.16.2)")]).0)
        #expect(decided([]).0 == false)
        let tmux: [String: String] = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        let passing = TmuxReport(passthrough: .on, version: "3.3a")
        // The kitty outside answers after tmux's DA1; tmux itself does not say.
        #expect(decided([.terminalVersion("tmux 3.3a"), .primaryAttributes([1, 2]), .terminalVersion("kitty(0.35.2)"),
                         .primaryAttributes([62])], environment: tmux, tmux: passing).0 == false)
        let asked = Self.probe().plan
        #expect(asked.bytes.contains(Array("\u{1B}P+q524742\u{1B}\\".utf8)))
    }

    /// Inside tmux kitty's pictures need Unicode placeholders, which kitty draws from 0.28 on:
    /// an older kitty outside gets symbols, with the reason.
    @Test func kittyBeforePlaceholdersGetsNoPicturesInsideTmux() {
        let tmux: [String: String] = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        let passing = TmuxReport(passthrough: .on, version: "3.3a")
        func support(_ version: String) -> TerminalCapabilities.Support? {
            Self.probe(tmux, tmux: passing, replies: [.primaryAttributes([1, 2]), .kittyGraphics(id: 31, message: "OK"),
                                                      .terminalVersion(version), .primaryAttributes([62])])
                .capabilities(elapsedMilliseconds: 0).support[.kitty]
        }
        #expect(support("kitty(0.26.5)")?.available == false)
        #expect(support("kitty(0.26.5)")?.reason.contains("0.28") == true)
        #expect(support("kitty(0.28.0)")?.available == true)
        #expect(support("kitty(0.35.2)")?.available == true)
    }

    @Test func repliesInAnyOrderGiveTheSameAnswer() {
        let inOrder = Self.probe(replies: Self.kittyReplies).capabilities(elapsedMilliseconds: 0)
        for rotation in 1..<Self.kittyReplies.count {
            let replies = Array(Self.kittyReplies[rotation...] + Self.kittyReplies[..<rotation])
            #expect(Self.probe(replies: replies).capabilities(elapsedMilliseconds: 0) == inOrder, "\(replies)")
        }
        // Replies nobody asked for, and a kitty reply for another image, change nothing.
        let noisy = Self.probe(replies: [.other("CSI >1;4000;29c"), .kittyGraphics(id: 7, message: "ENOENT")] + Self.kittyReplies)
        #expect(noisy.capabilities(elapsedMilliseconds: 0).graphics == .kitty)
    }

    @Test func xtermAsAVT340GetsSixelWithItsColourRegisters() {
        let replies: [TerminalReply] = [.terminalVersion("XTerm(379)"), .graphicsAttribute(item: 1, status: 0, values: [1024]),
                                        .primaryAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28])]
        let found = Self.probe(["TERM": "xterm"], replies: replies).capabilities(elapsedMilliseconds: 9)
        #expect(found.graphics == .sixel)
        #expect(found.graphicsReason.contains("attribute 4"))
        #expect(found.sixelRegisters == 1024)
        #expect(found.support[.kitty] == TerminalCapabilities.Support(false, "no answer to kitty's graphics query"))
        #expect(!found.drawsSextants)
        #expect(found.terminalDescription == "XTerm 379")
    }

    @Test func aTerminalThatAnswersNothingGetsSymbols() {
        let probe = Self.probe()
        #expect(!probe.isComplete)
        let found = probe.capabilities(elapsedMilliseconds: 250)
        #expect(found.graphics == nil)
        #expect(found.answered.isEmpty && found.unanswered == TerminalQuery.allCases)
        #expect(found.support[.sixel]?.reason == "no answer to DA1")
        #expect(found.pictureMode(drawable: [.kitty, .sixel, .iterm2]) == .symbols(reason: "no pixel protocol found"))
        #expect(found.explanation(drawable: []).last == "Answers: no answer within 250 ms; none to kitty graphics query, "
            + "XTVERSION, CSI 16t, OSC 11, XTSMGRAPHICS, XTGETTCAP RGB, DA1")
    }

    @Test func anAnswerAfterCompletionStillCounts() {
        var probe = Self.probe(replies: [.primaryAttributes([1, 2])])
        #expect(probe.isComplete)
        #expect(probe.capabilities(elapsedMilliseconds: 0).graphics == nil)
        probe.receive(.kittyGraphics(id: 31, message: "OK"))  // reordered, as ConPTY does
        #expect(probe.capabilities(elapsedMilliseconds: 0).graphics == .kitty)
    }

    @Test func theEnvironmentOnlySkipsAQueryItMakesCertain() {
        let kitty = Self.probe(["TERM": "xterm-kitty"])
        #expect(!kitty.plan.direct.contains(.kittyGraphics))
        #expect(kitty.plan.direct.contains(.version) && kitty.plan.direct.last == .primaryAttributes)
        #expect(kitty.capabilities(elapsedMilliseconds: 0).graphics == .kitty)
        // KITTY_WINDOW_ID is inherited by terminals started from kitty: asked anyway.
        let inherited = Self.probe(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"])
        #expect(inherited.plan.direct.contains(.kittyGraphics))
        #expect(inherited.capabilities(elapsedMilliseconds: 0).graphics == nil)
        // iTerm2's variables name a protocol no query can find.
        let iterm = Self.probe(["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], replies: [.primaryAttributes([62, 4])])
        #expect(iterm.capabilities(elapsedMilliseconds: 0).graphics == .iterm2)
        #expect(iterm.capabilities(elapsedMilliseconds: 0).support[.sixel]?.available == true)
    }

    @Test func kittyGraphicsIsPreferredToITerm2AndSixel() {
        let wezterm = Self.probe(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"],
                                 replies: [.kittyGraphics(id: 31, message: "OK"), .terminalVersion("WezTerm 20240203-110809-5046fc22"),
                                           .primaryAttributes([65, 4, 6, 18, 22])])
        let found = wezterm.capabilities(elapsedMilliseconds: 0)
        #expect(found.graphics == .kitty)
        #expect(found.support.values.allSatisfy { $0.available })
        #expect(found.drawsSextants && !found.drawsOctants)
        let refused = Self.probe(replies: [.kittyGraphics(id: 31, message: "ENOTSUPPORTED:no"), .primaryAttributes([62, 4])])
        #expect(refused.capabilities(elapsedMilliseconds: 0).graphics == .sixel)
        #expect(refused.capabilities(elapsedMilliseconds: 0).support[.kitty]?.reason.contains("ENOTSUPPORTED") == true)
    }

    @Test func insideTmuxWithoutPassthroughGetsSymbolsAndTheWayToEnableIt() {
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%0", "KITTY_WINDOW_ID": "1"]
        var probe = Self.probe(environment)
        #expect(probe.needsTmux)
        probe.tmuxAnswered(TmuxReport(passthrough: .off, version: "3.3a"))
        #expect(!probe.needsTmux)
        #expect(probe.plan.passedThrough.isEmpty && !probe.plan.direct.contains(.kittyGraphics))
        probe.receive(.terminalVersion("tmux 3.3a"))
        probe.receive(.primaryAttributes([1, 2]))
        #expect(probe.isComplete)
        let found = probe.capabilities(elapsedMilliseconds: 2)
        #expect(found.graphics == nil)
        #expect(found.graphicsReason.contains("allow-passthrough is off") && found.graphicsReason.contains("tmux set -g allow-passthrough on"))
        #expect(found.support[.sixel]?.available == false && found.support[.iterm2]?.available == false)
        #expect(found.terminalDescription == "tmux 3.3a")
        #expect(found.helpLines(drawable: []).last?.contains("tmux set -g allow-passthrough on") == true)
        #expect(found.explanation(drawable: []).contains("tmux: 3.3a, allow-passthrough is off"))
    }

    @Test func insideTmuxWithPassthroughAsksTheTerminalOutside() {
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%0"]
        var probe = Self.probe(environment, tmux: TmuxReport(passthrough: .on, version: "3.4", clientTerm: "xterm-256color"))
        #expect(probe.plan.direct == [.primaryAttributes] && probe.plan.passedThrough == TerminalQuery.allCases)
        #expect(probe.plan.primaryAttributesExpected == 2)
        let bytes = String(decoding: probe.plan.bytes, as: UTF8.self)
        #expect(bytes.hasPrefix("\u{1B}[c\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31"))
        #expect(bytes.hasSuffix("\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\"))
        // tmux answers its DA1 at once; the outside terminal's answers come after it.
        probe.receive(.primaryAttributes([1, 2]))
        #expect(!probe.isComplete)
        // A kitty that draws Unicode placeholders (0.28 and later), which pictures in tmux need.
        for reply in Self.kittyReplies {
            probe.receive(reply == .terminalVersion("kitty(0.26.5)") ? .terminalVersion("kitty(0.35.2)") : reply)
        }
        #expect(probe.isComplete)
        #expect(probe.direct.primaryAttributes == [1, 2] && probe.outside.primaryAttributes == [62])
        let found = probe.capabilities(elapsedMilliseconds: 40)
        #expect(found.graphics == .kitty && found.passThroughTmux && found.kittyPlaceholders)
        #expect(found.terminalDescription == "kitty 0.35.2, in tmux 3.4")
        #expect(found.cellSize == CellPixelSize(width: 10, height: 20))
    }

    @Test func insideTmuxAClientKittyIsCertainAndTmuxFailuresMeanSymbols() {
        let environment = ["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        let client = Self.probe(environment, tmux: TmuxReport(passthrough: .on, version: "3.3a", clientTerm: "xterm-kitty"))
        #expect(!client.plan.passedThrough.contains(.kittyGraphics))
        #expect(client.capabilities(elapsedMilliseconds: 0).graphics == .kitty)
        let failed = Self.probe(environment, tmux: TmuxReport(output: "", exitStatus: 1, errors: "no server running on /tmp/x\n"))
        let found = failed.capabilities(elapsedMilliseconds: 0)
        #expect(found.graphics == nil && found.graphicsReason.contains("no server running"))
        let silent = Self.probe(environment).capabilities(elapsedMilliseconds: 250)
        #expect(silent.graphicsReason == "tmux did not say in time whether allow-passthrough is on")
    }

    @Test func tmuxDrawingSixelItselfIsUsedWithoutPassthrough() {
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        let probe = Self.probe(environment, tmux: TmuxReport(passthrough: .off, version: "3.4"),
                               replies: [.primaryAttributes([1, 2, 4])])
        #expect(probe.capabilities(elapsedMilliseconds: 0).graphics == .sixel)
    }

    @Test func tmuxOnTheFarSideOfAConnectionIsNamed() {
        let found = Self.probe(["TERM": "tmux-256color"], replies: [.terminalVersion("tmux 3.3a"), .primaryAttributes([1, 2])])
            .capabilities(elapsedMilliseconds: 0)
        #expect(found.graphics == nil)
        #expect(found.support[.kitty]?.reason.contains("far side") == true)
    }

    @Test func nothingIsAskedWithoutATerminalOnTheLinuxConsoleOrWithSymbols() {
        for (probe, why) in [(Self.probe(canQuery: false), "not a terminal"), (Self.probe(["TERM": "linux"]), "Linux console"),
                             (Self.probe(choice: .symbols), "--graphics symbols"), (Self.probe(["TERM": "dumb"]), "TERM=dumb"),
                             (Self.probe([:]), "TERM is not set")] {
            #expect(probe.plan.isEmpty && probe.plan.bytes.isEmpty)
            #expect(probe.reasonNotToAsk?.contains(why) == true)
            #expect(!probe.needsTmux)
            #expect(probe.capabilities(elapsedMilliseconds: 0).graphics == nil)
        }
        let tmuxWithoutTerminal = Self.probe(["TERM": "tmux", "TMUX": "/tmp/x,1,0"], canQuery: false)
        #expect(!tmuxWithoutTerminal.needsTmux)
    }

    @Test func aForcedProtocolIsObeyedEvenWithoutATerminal() {
        let found = Self.probe(choice: .forced(.kitty), canQuery: false).capabilities(elapsedMilliseconds: 0)
        #expect(found.graphics == .kitty)
        #expect(found.graphicsReason.contains("--graphics kitty"))
        #expect(found.pictureMode(drawable: [.kitty]) == .pixels(.kitty))
        #expect(found.pictureMode(drawable: []) != .pixels(.kitty))
    }

    @Test func picturesCanStartBeforeTheAnswersOnlyWhereNoAnswerCanChangeThem() {
        // Forced, or named by TERM: kitty whatever the terminal answers.
        #expect(Self.probe(choice: .forced(.kitty)).protocolBeforeAnswers == .kitty)
        #expect(Self.probe(["TERM": "xterm-kitty"]).protocolBeforeAnswers == .kitty)
        #expect(Self.probe(["TERM": "xterm-ghostty"], choice: .forced(.kitty), canQuery: false).protocolBeforeAnswers == .kitty)
        // Only the answers can tell, or they bring what the pictures are made with.
        #expect(Self.probe().protocolBeforeAnswers == nil)
        #expect(Self.probe(["TERM": "xterm", "LC_TERMINAL": "iTerm2"]).protocolBeforeAnswers == nil)
        #expect(Self.probe(choice: .forced(.sixel)).protocolBeforeAnswers == nil)
        #expect(Self.probe(choice: .forced(.iterm2)).protocolBeforeAnswers == nil)
        #expect(Self.probe(["TERM": "xterm-kitty"], choice: .symbols).protocolBeforeAnswers == nil)
        // An answer already in can make it certain too.
        #expect(Self.probe(replies: [.kittyGraphics(id: 31, message: "OK")]).protocolBeforeAnswers == .kitty)

        // Inside tmux, not before tmux has said whether pictures pass through.
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%3"]
        #expect(Self.probe(environment, choice: .forced(.kitty)).protocolBeforeAnswers == nil)
        let forced = Self.probe(environment, choice: .forced(.kitty), tmux: TmuxReport(passthrough: .on, version: "3.3a"))
        #expect(forced.protocolBeforeAnswers == .kitty)
        let early = forced.capabilities(elapsedMilliseconds: 0)
        #expect(early.passThroughTmux && early.kittyPlaceholders)
        #expect(Self.probe(environment, tmux: TmuxReport(passthrough: .on, version: "3.3a", clientTerm: "xterm-kitty"))
            .protocolBeforeAnswers == .kitty)
        #expect(Self.probe(environment, tmux: TmuxReport(passthrough: .on, version: "3.3a", clientTerm: "xterm-256color"))
            .protocolBeforeAnswers == nil)
        #expect(Self.probe(environment, tmux: TmuxReport(passthrough: .off, version: "3.3a", clientTerm: "xterm-kitty"))
            .protocolBeforeAnswers == nil)
    }

    @Test func kittyPicturesAreRemadeOnlyForCellsMateriallyDifferent() {
        let standard = CellPixelSize.standard
        func cell(_ width: Int, _ height: Int) -> CellPixelSize { CellPixelSize(width: width, height: height)! }
        // kitty scales a picture to its cells: a pixel or two is not worth making it again.
        #expect(!GraphicsProtocol.kitty.remakesPictures(madeFor: standard, on: standard))
        #expect(!GraphicsProtocol.kitty.remakesPictures(madeFor: standard, on: cell(9, 18)))
        #expect(!GraphicsProtocol.kitty.remakesPictures(madeFor: standard, on: cell(11, 21)))
        // tmux's stand-in 16×32 when no client says, against a real 10×20: far too large.
        #expect(GraphicsProtocol.kitty.remakesPictures(madeFor: cell(16, 32), on: standard))
        #expect(GraphicsProtocol.kitty.remakesPictures(madeFor: standard, on: cell(10, 24)))
        // sixel and iTerm2 pictures are exactly their cells' size.
        for graphics in [GraphicsProtocol.sixel, .iterm2] {
            #expect(graphics.remakesPictures(madeFor: standard, on: cell(9, 18)))
            #expect(!graphics.remakesPictures(madeFor: standard, on: standard))
        }
    }

    @Test func cellSizesAreCrossCheckedAndImplausibleOnesNotTrusted() {
        func size(_ replies: [TerminalReply], window: TerminalSize = Self.window) -> (CellPixelSize?, String) {
            let found = Self.probe(window: window, replies: replies).capabilities(elapsedMilliseconds: 0)
            return (found.cellSize, found.cellSizeReason)
        }
        #expect(size([]).0 == CellPixelSize(width: 10, height: 20))
        #expect(size([]).1 == "TIOCGWINSZ (no answer to CSI 16t)")
        let disagreeing = size([.cellSize(width: 9, height: 18)])
        #expect(disagreeing.0 == CellPixelSize(width: 9, height: 18) && disagreeing.1.contains("TIOCGWINSZ says 10×20 px"))
        #expect(size([.cellSize(width: 0, height: 0)]).0 == CellPixelSize(width: 10, height: 20))
        #expect(size([.cellSize(width: 0, height: 0)]).1.contains("not trusted"))
        let noPixels = TerminalSize(columns: 100, rows: 30)
        #expect(size([], window: noPixels).0 == nil)
        #expect(size([.cellSize(width: 8, height: 17)], window: noPixels).0 == CellPixelSize(width: 8, height: 17))
        #expect(size([.cellSize(width: 5000, height: 2)], window: noPixels).0 == nil)
        let tiny = TerminalSize(columns: 100, rows: 30, pixelWidth: 100, pixelHeight: 30)  // 1×1 px cells
        #expect(size([], window: tiny).0 == nil && size([], window: tiny).1.contains("not trusted"))
    }

    @Test func octantsOnlyFromTheVersionsThatDrawThem() {
        func symbols(_ version: String) -> (Bool, Bool) {
            let found = Self.probe(replies: [.terminalVersion(version), .primaryAttributes([62])]).capabilities(elapsedMilliseconds: 0)
            return (found.drawsSextants, found.drawsOctants)
        }
        #expect(symbols("foot(1.20.1)") == (true, true))
        #expect(symbols("foot(1.16.2)") == (true, false))
        #expect(symbols("ghostty 1.2.0-main+1234") == (true, true))
        #expect(symbols("kitty(0.39.1)") == (true, false))
        #expect(symbols("kitty(0.41)") == (true, true))
        #expect(symbols("XTerm(390)") == (false, false))
        #expect(symbols("\u{1B}]evil(\u{7}") == (false, false))
    }

    @Test func tmuxOutputIsRead() {
        let off = TmuxReport(output: "off\n3.3a\t\n", exitStatus: 0, errors: "")
        #expect(off == TmuxReport(passthrough: .off, version: "3.3a", clientTerm: nil))
        #expect(TmuxReport(output: "all\n3.4\txterm-kitty\n", exitStatus: 0, errors: "")
            == TmuxReport(passthrough: .on, version: "3.4", clientTerm: "xterm-kitty"))
        #expect(TmuxReport(output: "", exitStatus: 1, errors: "invalid option: allow-passthrough\n").passthrough
            == .unknown("tmux said: invalid option: allow-passthrough"))
        #expect(TmuxReport.arguments(pane: "%3") == ["show", "-Apv", "-t", "%3", "allow-passthrough", ";",
                                                     "display", "-p", "-t", "%3", "#{version}\t#{client_termname}"])
    }

    @Test func graphicsChoicesByNameAndFromTheEnvironment() throws {
        #expect(GraphicsChoice(name: "KITTY") == .forced(.kitty))
        #expect(GraphicsChoice(name: "symbols") == .symbols)
        #expect(GraphicsChoice(name: "auto") == .auto)
        #expect(GraphicsChoice(name: "png") == nil)
        #expect(try GraphicsChoice.fromEnvironment([:]) == nil)
        #expect(try GraphicsChoice.fromEnvironment(["ICONCHOOSER_GRAPHICS": "sixel"]) == .forced(.sixel))
        #expect(throws: GraphicsChoice.InvalidName.self) { try GraphicsChoice.fromEnvironment(["ICONCHOOSER_GRAPHICS": "x\u{1B}"]) }
    }
}
