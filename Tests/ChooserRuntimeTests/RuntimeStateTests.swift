import CellCanvas
@testable import ChooserRuntime
import ChooserUI
import Testing
import TerminalDetection
import TerminalInput
import TerminalInterface

/// The runtime's decisions as a pure state: events in, effects out, no terminal or thread.
@Suite struct RuntimeStateTests {
    static let window = TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)

    static func state(environment: [String: String] = ["TERM": "xterm-256color"], canQuery: Bool = true,
                      asked: SymbolSet? = nil, limit: SymbolLimit = .none,
                      pixels: Set<GraphicsProtocol>? = [.kitty, .sixel]) -> RuntimeState {
        RuntimeState(askedSymbols: asked, environment: environment, symbolLimit: limit, pixelDrawable: pixels,
                     probe: CapabilityProbe(environment: environment, choice: .auto, canQuery: canQuery, windowSize: window),
                     detectionTimeout: .seconds(3), confirmationWait: .seconds(1))
    }

    static func shown(symbols: SymbolSet = .quadrant, depth: ColorDepth = .palette256) -> ChooserShown {
        ChooserShown(elapsedMilliseconds: 5, terminalColorDepth: depth, symbols: symbols, pixelCell: nil)
    }

    static func symbolChanges(_ effects: [RuntimeEffect]) -> [SymbolSet] {
        effects.compactMap { if case .chooser(.symbolsChanged(let set)) = $0 { set } else { nil } }
    }

    static func described(_ effects: [RuntimeEffect]) -> Bool {
        effects.contains { if case .chooser(.terminalDescribed) = $0 { true } else { false } }
    }

    @Test func symbolsAskedForBeyondWhatCanBeWrittenFallBackWithANote() {
        let fallback = Self.state(asked: .octant, limit: SymbolLimit(finest: .quadrant, reason: "no UTF-8")).startingSymbols
        #expect(fallback.set == .quadrant)
        #expect(fallback.notice == "--symbols octant: no UTF-8; drawing quadrants instead")
        let kept = Self.state(asked: .half, limit: SymbolLimit(finest: .quadrant)).startingSymbols
        #expect(kept.set == .half && kept.notice == nil)
        // Unasked: what the environment says, within the limit.
        #expect(Self.state(environment: ["TERM": "xterm-kitty"], limit: SymbolLimit(finest: .quadrant)).startingSymbols.set == .quadrant)
    }

    @Test func pictureWorkInHandIsDroppedOnlyWhenTheAppearanceChanges() {
        var state = Self.state()
        #expect(state.update(.picturesRequested(.light)) == [])
        #expect(state.update(.picturesRequested(.light)) == [])
        #expect(state.update(.picturesRequested(.dark)) == [.cancelTiles, .cancelPixelPictures])
        #expect(state.update(.picturesRequested(.dark)) == [])
    }

    /// With nothing to ask (no terminal to query), what is known is decided at once: no
    /// deadline, the help described, the symbols the environment names.
    @Test func withNothingToAskTheTerminalIsDecidedAtOnce() {
        var state = Self.state(environment: ["TERM": "xterm-kitty"], canQuery: false)
        let effects = state.update(.detectionBegins(Self.shown(symbols: .half)))
        #expect(state.capabilities != nil)
        #expect(Self.described(effects))
        #expect(!effects.contains(.wake(.detectionDeadline, after: .seconds(3))))
        let changed = Self.symbolChanges(effects)
        #expect(changed.count == 1 && changed.first != .half)
        // The tiles in the old symbols are dropped before the chooser hears of the new ones.
        if let change = effects.firstIndex(where: { if case .chooser(.symbolsChanged) = $0 { true } else { false } }) {
            #expect(change > 0 && effects[change - 1] == .cancelTiles)
        }
    }

    @Test func symbolsAskedForAreNeverChangedByWhatTheTerminalSays() {
        var state = Self.state(environment: ["TERM": "xterm-kitty"], canQuery: false, asked: .half)
        let effects = state.update(.detectionBegins(Self.shown(symbols: .half)))
        #expect(Self.symbolChanges(effects).isEmpty && !effects.contains(.cancelTiles))
    }

    /// A terminal that is asked: the queries go out with a deadline; the deadline decides once.
    @Test func aTerminalAskedGetsADeadlineThatDecidesOnce() throws {
        var state = Self.state()
        let effects = state.update(.detectionBegins(Self.shown()))
        #expect(effects.count == 2)
        guard case .sendQueries(let plan)? = effects.first else {
            Issue.record("no queries sent: \(effects)")
            return
        }
        #expect(!plan.isEmpty)
        #expect(effects.last == .wake(.detectionDeadline, after: .seconds(3)))
        #expect(state.capabilities == nil)
        let decided = state.update(.detectionDeadline(Self.shown()))
        #expect(state.capabilities != nil && Self.described(decided))
        #expect(state.update(.detectionDeadline(Self.shown())) == [])
        // A reply that changes nothing known changes nothing.
        #expect(state.update(.reply(.other("CSI ?1;2c"), Self.shown())) == [])
    }

    @Test func aTerminalThatTakesDirectColourIsUpgradedAndItsTilesRemade() {
        var state = Self.state()
        _ = state.update(.detectionBegins(Self.shown()))
        let effects = state.update(.reply(.terminalVersion("kitty(0.35.2)"), Self.shown()))
            + state.update(.reply(.primaryAttributes([62]), Self.shown()))
        #expect(effects.first == .upgradeColors)
        #expect(state.update(.colorsUpgraded(.truecolor)) == [.cancelTiles, .chooser(.colorDepthChanged(.truecolor))])
        // Already in 24-bit colour: nothing to upgrade.
        var direct = Self.state()
        _ = direct.update(.detectionBegins(Self.shown(depth: .truecolor)))
        let none = direct.update(.reply(.terminalVersion("kitty(0.35.2)"), Self.shown(depth: .truecolor)))
            + direct.update(.reply(.primaryAttributes([62]), Self.shown(depth: .truecolor)))
        #expect(!none.contains(.upgradeColors))
    }

    @Test func pixelPicturesStartOnceWhereTheTerminalShowsThem() throws {
        var state = Self.state()
        _ = state.update(.detectionBegins(Self.shown()))
        let effects = state.update(.reply(.kittyGraphics(id: TerminalQuery.kittyQueryID, message: "OK"), Self.shown()))
            + state.update(.reply(.primaryAttributes([62]), Self.shown()))
        let starts = effects.filter { if case .startPixelPictures = $0 { true } else { false } }
        #expect(starts.count == 1)
        let cell = try #require(CellPixelSize(width: 10, height: 20))
        #expect(state.update(.pixelPicturesStarted(cell: cell)) == [.chooser(.pixelPictures(cell: cell))])
        #expect(state.pixelPicturesOn)
        // Without a source of pixel pictures, none are started.
        var without = Self.state(pixels: nil)
        _ = without.update(.detectionBegins(Self.shown()))
        let none = without.update(.reply(.kittyGraphics(id: TerminalQuery.kittyQueryID, message: "OK"), Self.shown()))
            + without.update(.reply(.primaryAttributes([62]), Self.shown()))
        #expect(!none.contains { if case .startPixelPictures = $0 { true } else { false } })
    }

    @Test func framesScheduleConfirmationStillnessAndTheTilesDecodedFirst() {
        var state = Self.state()
        let first = Prioritized(icons: [0, 1, 2].map { demoItems[$0].key }, size: .medium)
        #expect(state.update(.frameDrawn(visible: first, placesPictures: true, awaitsConfirmation: true))
                == [.wake(.confirmationDue, after: .seconds(1)), .wake(.still(frame: 1), after: .seconds(1)), .prioritize(first)])
        // The same tiles, a confirmation already on its way: nothing new.
        #expect(state.update(.frameDrawn(visible: first, placesPictures: false, awaitsConfirmation: true)) == [])
        #expect(state.update(.still(frame: 1)) == [])
        #expect(state.update(.still(frame: 2)) == [.placeShownPicturesAgain])
        #expect(state.update(.confirmationDue) == [.placeUnconfirmedPictures])
        #expect(state.update(.picturesPlaced(awaitsConfirmation: true)) == [.wake(.confirmationDue, after: .seconds(1))])
        #expect(state.update(.confirmationDue) == [.placeUnconfirmedPictures])
        #expect(state.update(.picturesPlaced(awaitsConfirmation: false)) == [])
        let scrolled = Prioritized(icons: [IconKey(name: "a"), IconKey(name: "b")], size: .medium)
        #expect(state.update(.frameDrawn(visible: scrolled, placesPictures: false, awaitsConfirmation: false)) == [.prioritize(scrolled)])
    }

    @Test func tmuxIsAskedFirstAndItsAnswerSendsTheQueries() {
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        var state = Self.state(environment: environment)
        #expect(state.update(.starting(canAskTmux: false)) == [])
        #expect(state.update(.starting(canAskTmux: true)) == [.askTmux])
        // The detection waits for tmux's answer: only the deadline is set.
        #expect(state.update(.detectionBegins(Self.shown())) == [.wake(.detectionDeadline, after: .seconds(3))])
        let answered = state.update(.tmuxAnswered(TmuxReport(passthrough: .on), Self.shown()))
        #expect(answered.contains { if case .sendQueries = $0 { true } else { false } })
    }
}
