import CellCanvas
import ChooserUI
import IconCatalog
import TerminalDetection
import TerminalInput
import TerminalInterface

/// What the chooser's runtime decides beside the chooser's own state: what is known of the
/// terminal, the symbols and colours tiles are made in, when picture work in hand is dropped,
/// which tiles are decoded first, and when pictures are placed again. Pure, like
/// `ChooserState`: `SessionRun` tells it what happened (`update`) and carries out the
/// `RuntimeEffect`s it returns, in order, each at once.
struct RuntimeState {
    /// `--symbols`: nil lets the terminal decide.
    let askedSymbols: SymbolSet?
    let environment: [String: String]
    /// The finest symbols the terminal layer can write, and why.
    let symbolLimit: SymbolLimit
    /// The protocols pixel pictures can be made in; nil: the session makes none.
    let pixelDrawable: Set<GraphicsProtocol>?
    /// How long the terminal's answers are waited for.
    let detectionTimeout: Duration
    /// How long placed pictures wait for the terminal's word, and the screen stays still
    /// before every picture is placed again.
    let confirmationWait: Duration

    /// What is asked of the terminal, and what its answers said.
    private(set) var probe: CapabilityProbe
    /// tmux was asked about passthrough; the queries wait for its answer.
    private(set) var askedTmux = false
    /// What is known about the terminal, once the answers came or stopped coming.
    private(set) var capabilities: TerminalCapabilities?
    /// Pixel pictures were started: the terminal shows them.
    private(set) var pixelPicturesOn = false
    /// The appearance pictures were last asked for in: work left for another is dropped.
    private(set) var requestedAppearance: IconAppearance?
    /// The tiles decoded first: those on screen when a frame was last drawn.
    private(set) var prioritized: Prioritized?
    /// A `.confirmationDue` is on its way.
    private(set) var confirmationScheduled = false
    /// Frames drawn so far: a `.still` wake names the frame it was posted after.
    private(set) var framesDrawn = 0

    init(askedSymbols: SymbolSet?, environment: [String: String], symbolLimit: SymbolLimit, pixelDrawable: Set<GraphicsProtocol>?,
         probe: CapabilityProbe, detectionTimeout: Duration, confirmationWait: Duration) {
        self.askedSymbols = askedSymbols
        self.environment = environment
        self.symbolLimit = symbolLimit
        self.pixelDrawable = pixelDrawable
        self.probe = probe
        self.detectionTimeout = detectionTimeout
        self.confirmationWait = confirmationWait
    }

    /// The symbol set to start drawing with, and a note when the one asked for cannot be written.
    var startingSymbols: (set: SymbolSet, notice: String?) {
        Self.symbols(askedSymbols, environment: environment, limit: symbolLimit)
    }

    /// The symbol set to draw with: the one asked for, else the finest the terminal is known
    /// to draw (`detected`, or what the environment says), within what the terminal layer can
    /// write; and a note when the one asked for cannot be written.
    static func symbols(_ asked: SymbolSet?, environment: [String: String], detected: SymbolSet? = nil,
                        limit: SymbolLimit) -> (set: SymbolSet, notice: String?) {
        guard let asked else { return (min(SymbolSet.best(environment: environment, detected: detected), limit.finest), nil) }
        guard asked > limit.finest else { return (asked, nil) }
        return (limit.finest, "--symbols \(asked): \(limit.reason ?? "not drawable here"); drawing \(limit.finest)s instead")
    }

    /// Applies one event; returns what to carry out, in order.
    mutating func update(_ event: RuntimeEvent) -> [RuntimeEffect] {
        switch event {
        case .starting(let canAskTmux):
            guard probe.needsTmux, canAskTmux else { return [] }
            askedTmux = true
            return [.askTmux]
        case .firstFrameDrawn(let hasLayout):
            // While tmux is asked whether it passes pictures through, where kitty's protocol is
            // certain if it does, the pictures of the tiles on screen are made meanwhile: asking
            // tmux takes about as long as making them, and only their encoding depends on the answer.
            guard askedTmux, capabilities == nil, !pixelPicturesOn, pixelDrawable != nil, hasLayout else { return [] }
            var passingThrough = probe
            passingThrough.tmuxAnswered(TmuxReport(passthrough: .on))
            guard passingThrough.protocolBeforeAnswers == .kitty else { return [] }
            return [.makePicturesAhead(passingThrough.capabilities(elapsedMilliseconds: 0))]
        case .detectionBegins(let shown):
            var effects: [RuntimeEffect] = []
            if !askedTmux {
                if probe.needsTmux { probe.tmuxAnswered(TmuxReport(passthrough: .unknown("tmux cannot be asked from here"))) }
                effects += sendQueries(shown) + picturesBeforeAnswers(shown)
            }
            guard capabilities == nil else { return effects }
            return effects + [.wake(.detectionDeadline, after: detectionTimeout)]
        case .tmuxAnswered(let report, let shown):
            guard capabilities == nil else { return [] }
            probe.tmuxAnswered(report)
            return sendQueries(shown) + picturesBeforeAnswers(shown)
        case .reply(let reply, let shown):
            probe.receive(reply)
            guard capabilities != nil else { return probe.isComplete ? decide(shown) : [] }
            return refresh(shown)
        case .resized(let size, let shown):
            probe.windowSize = size
            return refresh(shown)
        case .detectionDeadline(let shown):
            return capabilities == nil ? decide(shown) : []
        case .colorsUpgraded(let depth):
            return [.cancelTiles, .chooser(.colorDepthChanged(depth))]
        case .pixelPicturesStarted(let cell):
            pixelPicturesOn = true
            return [.chooser(.pixelPictures(cell: cell))]
        case .picturesRequested(let appearance):
            defer { requestedAppearance = appearance }
            guard let requestedAppearance, requestedAppearance != appearance else { return [] }
            return [.cancelTiles, .cancelPixelPictures]
        case .frameDrawn(let visible, let placesPictures, let awaitsConfirmation):
            framesDrawn += 1
            var effects = scheduleConfirmation(awaitsConfirmation)
            // Once the screen has been still a while, every picture is placed again where this
            // frame put it: kitty moves placements with lines it scrolls, and a window resized
            // while it drew can leave one elsewhere; nothing else would ever put it back.
            if placesPictures { effects.append(.wake(.still(frame: framesDrawn), after: confirmationWait)) }
            // Pictures for the tiles now on screen are decoded first.
            if let visible, prioritized != visible {
                prioritized = visible
                effects.append(.prioritize(visible))
            }
            return effects
        case .confirmationDue:
            confirmationScheduled = false
            return [.placeUnconfirmedPictures]
        case .picturesPlaced(let awaitsConfirmation):
            return scheduleConfirmation(awaitsConfirmation)
        case .still(let frame):
            return frame == framesDrawn ? [.placeShownPicturesAgain] : []
        }
    }

    /// While placements wait for the terminal's word, looks again after `confirmationWait`.
    private mutating func scheduleConfirmation(_ awaitsConfirmation: Bool) -> [RuntimeEffect] {
        guard !confirmationScheduled, awaitsConfirmation else { return [] }
        confirmationScheduled = true
        return [.wake(.confirmationDue, after: confirmationWait)]
    }

    /// The queries to send; with none to send, what is known now is all there is.
    private mutating func sendQueries(_ shown: ChooserShown) -> [RuntimeEffect] {
        let plan = probe.plan
        return plan.isEmpty ? decide(shown) : [.sendQueries(plan)]
    }

    /// Where the protocol is certain before the terminal answers (see
    /// `CapabilityProbe.protocolBeforeAnswers`), its pictures are made while the answers
    /// come, for the cells known now, ahead of the symbol tiles they replace; the answers
    /// then only remake them if the cells turn out materially different.
    private func picturesBeforeAnswers(_ shown: ChooserShown) -> [RuntimeEffect] {
        guard capabilities == nil, !pixelPicturesOn, probe.protocolBeforeAnswers != nil else { return [] }
        return startPixelPictures(for: probe.capabilities(elapsedMilliseconds: shown.elapsedMilliseconds))
    }

    private mutating func decide(_ shown: ChooserShown) -> [RuntimeEffect] {
        adopt(probe.capabilities(elapsedMilliseconds: shown.elapsedMilliseconds), shown)
    }

    /// A late answer or a resize can add to what is known: the help follows, and pictures
    /// upgrade to pixels if the terminal turns out to show them.
    private mutating func refresh(_ shown: ChooserShown) -> [RuntimeEffect] {
        guard let known = capabilities else { return [] }
        let found = probe.capabilities(elapsedMilliseconds: known.elapsedMilliseconds)
        return found != known ? adopt(found, shown) : []
    }

    private mutating func adopt(_ found: TerminalCapabilities, _ shown: ChooserShown) -> [RuntimeEffect] {
        capabilities = found
        var effects: [RuntimeEffect] = []
        // 24-bit colour where the terminal turns out to take it though TERM's terminfo said
        // less: every tile is made again in it. Not once kitty's placeholders are on screen:
        // their colours carry picture ids in the depth they were made for.
        if found.drawsDirectColor, shown.terminalColorDepth != .truecolor, shown.terminalColorDepth != .noColor,
           !(pixelPicturesOn && found.kittyPlaceholders) {
            effects.append(.upgradeColors)
        }
        if askedSymbols == nil {
            let symbols = Self.symbols(nil, environment: environment, detected: found.finestSymbols, limit: symbolLimit)
            if symbols.set != shown.symbols {
                effects += [.cancelTiles, .chooser(.symbolsChanged(symbols.set))]
            }
        }
        if !pixelPicturesOn {
            effects += startPixelPictures(for: found)
        } else if let cell = found.cellSize, let made = shown.pixelCell, let graphics = found.graphics,
                  graphics.remakesPictures(madeFor: made, on: cell) {
            // The answer or a new font size says otherwise: every picture is made anew for these cells.
            effects.append(.chooser(.pixelPictures(cell: cell)))
        }
        effects.append(.chooser(.terminalDescribed(found.helpLines(drawable: pixelDrawable ?? []))))
        return effects
    }

    /// Pictures in the protocol `found` names, where this program draws it.
    private func startPixelPictures(for found: TerminalCapabilities) -> [RuntimeEffect] {
        guard !pixelPicturesOn, let drawable = pixelDrawable, case .pixels = found.pictureMode(drawable: drawable) else { return [] }
        return [.startPixelPictures(found)]
    }
}

/// The tiles on screen, decoded first.
struct Prioritized: Equatable {
    let icons: [IconKey]
    let size: TileSize
}

/// What the screen shows now, as the runtime's decisions need it.
struct ChooserShown: Equatable {
    /// Since the terminal was first asked, for what is decided from its answers.
    var elapsedMilliseconds: Int
    /// The colours the terminal writes now.
    var terminalColorDepth: ColorDepth
    /// The symbols the tiles are made in.
    var symbols: SymbolSet
    /// The cells pixel pictures were made for, where they are.
    var pixelCell: CellPixelSize?
}

/// What happened, as `RuntimeState.update` takes it.
enum RuntimeEvent {
    /// The session begins; whether the terminal layer can ask tmux.
    case starting(canAskTmux: Bool)
    /// The first frame is out; whether it has tiles.
    case firstFrameDrawn(hasLayout: Bool)
    /// The terminal may be asked now.
    case detectionBegins(ChooserShown)
    case tmuxAnswered(TmuxReport, ChooserShown)
    /// An answer to a query (pictures' own replies go to the terminal layer).
    case reply(TerminalReply, ChooserShown)
    case resized(TerminalSize, ChooserShown)
    case detectionDeadline(ChooserShown)
    /// The terminal now writes colours in this depth.
    case colorsUpgraded(ColorDepth)
    /// Pixel pictures began, made for these cells.
    case pixelPicturesStarted(cell: CellPixelSize?)
    /// Tiles were asked for in this appearance.
    case picturesRequested(IconAppearance)
    /// A frame went out: the tiles it shows, whether it placed pictures, and whether placements
    /// wait for the terminal's word.
    case frameDrawn(visible: Prioritized?, placesPictures: Bool, awaitsConfirmation: Bool)
    case confirmationDue
    /// Unconfirmed pictures were placed again; whether some still wait.
    case picturesPlaced(awaitsConfirmation: Bool)
    /// The screen has not changed since the frame with this number was drawn.
    case still(frame: Int)
}

/// What `RuntimeState.update` asks the runtime to carry out.
enum RuntimeEffect: Equatable {
    /// An event for the chooser's own `update`.
    case chooser(ChooserEvent)
    /// Drops tiles asked for and not yet made (in old symbols, colours or appearance).
    case cancelTiles
    case cancelPixelPictures
    /// Asks the terminal layer to write 24-bit colour; where it does, `.colorsUpgraded` follows.
    case upgradeColors
    /// Starts pixel pictures for `found`; where they start, `.pixelPicturesStarted` follows.
    case startPixelPictures(TerminalCapabilities)
    /// Makes the pictures of the tiles on screen before the answers, for these capabilities.
    case makePicturesAhead(TerminalCapabilities)
    case askTmux
    case sendQueries(QueryPlan)
    case prioritize(Prioritized)
    /// Wakes the loop with this after the delay.
    case wake(RuntimeWake, after: Duration)
    /// Places again the pictures the terminal has not confirmed; `.picturesPlaced` follows.
    case placeUnconfirmedPictures
    case placeShownPicturesAgain
}

/// The loop's timed wake-ups.
enum RuntimeWake: Equatable, Sendable {
    case detectionDeadline
    case confirmationDue
    case still(frame: Int)
}
