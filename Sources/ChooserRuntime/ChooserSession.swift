import CellCanvas
import ChooserUI
import Foundation
import IconCatalog
import IconChoice
import Synchronization
import TerminalDetection
import TerminalInput
import TerminalInterface
import TerminalText

/// The interactive chooser over a terminal: one stream of events in (keys, clicks,
/// resizes, signals, decoded pictures, the terminal's answers), `update`, the effects
/// carried out, frames out. All chooser logic lives in ChooserUI; this only moves data.
///
/// The first frame goes out before anything else, with symbol placeholders; then the
/// terminal is asked what it can do, and the chooser learns the answer (or, after
/// `Options.detectionTimeout`, that none is coming) without ever waiting for it.
public struct ChooserSession {
    public struct Options: Sendable {
        /// `--graphics`.
        public var graphics: GraphicsChoice
        /// `--symbols`: a set, or nil for the finest the terminal is known to draw (from the
        /// environment at first, then from its answers).
        public var symbols: SymbolSet?
        /// The longest the detection waits for answers before what is known is final.
        public var detectionTimeout: Duration
        /// Pixel pictures, where the program can draw them; nil: symbols only.
        public var pixelPictures: (any PixelPictures)?
        /// What the details panel shows beyond the icon's name; nil: the name alone.
        public var details: (any DetailsSource)?
        /// What `f` fixes with; nil: nothing is fixed from the chooser.
        public var fixes: (any FixSource)?

        public init(graphics: GraphicsChoice = .auto, symbols: SymbolSet? = nil, detectionTimeout: Duration = .milliseconds(250),
                    pixelPictures: (any PixelPictures)? = nil, details: (any DetailsSource)? = nil, fixes: (any FixSource)? = nil) {
            self.graphics = graphics
            self.symbols = symbols
            self.detectionTimeout = detectionTimeout
            self.pixelPictures = pixelPictures
            self.details = details
            self.fixes = fixes
        }
    }

    /// Every icon set's icons (the iPhone set first); `idiom` says which is shown first.
    let items: [ChooserItem]
    let idiom: Idiom
    let appName: String
    /// After the app's name in the title: a project's target and configuration.
    let context: String?
    let appearance: IconAppearance
    let currentName: String?
    let configuration: ChooserConfiguration
    let terminal: any Terminal
    let pictures: any PictureSource
    /// Makes `name` current; returns nil, or the one-line reason it failed.
    let apply: @Sendable (String?) async -> String?
    /// Reads the app again once `f` has changed its files, and has the pictures, the details
    /// and `apply` work from that reading from now on; returns its icons in chooser order.
    /// nil: the list stays as it was (its pictures are made again).
    let reread: (@Sendable () throws -> [ChooserItem])?
    let options: Options

    public init(items: [ChooserItem], appName: String, currentName: String?, configuration: ChooserConfiguration,
                terminal: any Terminal, pictures: any PictureSource, options: Options = Options(),
                context: String? = nil, appearance: IconAppearance = .light, idiom: Idiom = .phone,
                reread: (@Sendable () throws -> [ChooserItem])? = nil,
                apply: @escaping @Sendable (String?) async -> String?) {
        self.reread = reread
        self.items = items
        self.idiom = idiom
        self.appName = appName
        self.context = context
        self.appearance = appearance
        self.currentName = currentName
        self.configuration = configuration
        self.terminal = terminal
        self.pictures = pictures
        self.options = options
        self.apply = apply
    }

    /// The chooser for an app's icons, applying through its IconManager; a project's target
    /// and configuration follow the app's name in the title. `twin`: the manager of the app's
    /// other idiom's icon set, where it has one (`p` switches). The grid's items are `icons`'
    /// (the iPhone set's icons first, then the iPad set's: `ChooserIcons.init(joining:)` of
    /// `phoneFirst`), the list `pictures` draws from. `reread`: the app read again after a fix,
    /// whose icons then take the place of `icons`' and whose managers apply.
    public init(manager: IconManager, twin: IconManager? = nil, icons: ChooserIcons, currentName: String?,
                configuration: ChooserConfiguration, terminal: any Terminal, pictures: any PictureSource,
                options: Options = Options(), appearance: IconAppearance = .light,
                reread: (@Sendable () throws -> ChooserReading)? = nil) {
        let catalog = manager.catalog
        let context = catalog.target.map { TextSanitizer.clean("\($0.targetName), \($0.configuration)") }
        let managers = Mutex(Self.phoneFirst(manager, twin))
        let rereadItems = reread.map { read in
            { @Sendable () throws -> [ChooserItem] in
                let reading = try read()
                icons.replace(with: reading.icons)
                managers.withLock { $0 = Self.phoneFirst(reading.manager, reading.twin) }
                return icons.items
            }
        }
        self.init(items: icons.items,
                  appName: TextSanitizer.clean(catalog.displayName ?? "this app"), currentName: currentName,
                  configuration: configuration, terminal: terminal, pictures: pictures, options: options,
                  context: context, appearance: appearance, idiom: catalog.idiom, reread: rereadItems) { name in
            // A name only the iPad set declares is applied through its manager: both keep one choice.
            let inUse = managers.withLock { $0 }
            let chosen = inUse.first { each in name.map { each.catalog.alternate(named: $0) != nil } ?? true } ?? inUse[0]
            do {
                try await chosen.setAlternateIconName(name)
                return nil
            } catch {
                return String(describing: error)
            }
        }
    }

    /// The managers of an app's icon sets, the iPhone set's first (the order of `items`).
    public static func phoneFirst(_ manager: IconManager, _ twin: IconManager?) -> [IconManager] {
        guard let twin else { return [manager] }
        return manager.catalog.idiom == .phone ? [manager, twin] : [twin, manager]
    }

    /// Runs until the user leaves, a signal arrives or the terminal goes; returns the exit
    /// status (0 for q/Esc, 130 for Ctrl-C, 128 + the signal, 129 for a vanished terminal).
    /// The caller closes the terminal.
    public func run() async -> Int32 {
        await SessionRun(self).run()
    }
}

/// Everything that wakes the loop.
enum SessionEvent: Sendable {
    case terminal(TerminalEvent)
    case picture(LoadedPicture)
    case pixelPicture(LoadedPixelPicture)
    /// Something the details panel asked for: the loop passes it to `update` as it is.
    case details(ChooserEvent)
    /// The panel's large picture in symbols, made in `symbols` and `depth`.
    case detailsPicture(ChooserEvent, symbols: SymbolSet, depth: ColorDepth)
    case tmux(TmuxReport)
    case detectionDeadline
    /// Time to place again the pictures the terminal has not confirmed.
    case confirmationDue
    /// The screen has not changed since the frame with this number was drawn.
    case still(frame: Int)
    /// The app read again after a fix (`.readIcons`): its icons, or why it could not be read.
    case iconsRead([ChooserItem], failure: String?)
}

/// One run of a session: the chooser's state and the runtime's (`RuntimeState`), both pure;
/// this carries out what their updates return and feeds back what happened. Used by one task only.
private final class SessionRun {
    let session: ChooserSession
    let terminal: any Terminal
    let queue = EventQueue<SessionEvent>()
    var state: ChooserState
    var pending: [ChooserEffect]
    var runtime: RuntimeState
    /// When the terminal was first asked, for what is decided from its answers.
    var detectionStarted = ContinuousClock.now
    /// The state the last frame showed: an idle chooser builds no screens.
    var drawn: ChooserState?

    init(_ session: ChooserSession) {
        self.session = session
        terminal = session.terminal
        let size = terminal.size
        runtime = RuntimeState(
            askedSymbols: session.options.symbols, environment: terminal.environment, symbolLimit: terminal.symbolLimit,
            pixelDrawable: session.options.pixelPictures?.drawable,
            probe: CapabilityProbe(environment: terminal.environment, choice: session.options.graphics,
                                   canQuery: terminal.canQuery, windowSize: size),
            detectionTimeout: session.options.detectionTimeout, confirmationWait: confirmationWait)
        var configuration = session.configuration
        let symbols = runtime.startingSymbols
        configuration.symbols = symbols.set
        // `f` is offered only where something can carry out its fixes.
        configuration.fixes = session.options.fixes != nil
        (state, pending) = ChooserState.start(
            items: session.items, appName: session.appName, currentName: session.currentName,
            screen: ScreenSize(width: size.columns, height: size.rows), configuration: configuration,
            context: session.context, appearance: session.appearance,
            status: symbols.notice.map { StatusMessage($0) }, idiom: session.idiom)
    }

    /// Pixel pictures, once the terminal has been found to show them.
    private var pixelPictures: (any PixelPictures)? { runtime.pixelPicturesOn ? session.options.pixelPictures : nil }

    func run() async -> Int32 {
        let queue = queue
        terminal.startEvents { queue.post(.terminal($0)) }
        // tmux is a process to start, so it is asked first, off the loop; its answer is
        // taken (and the terminal asked) once the first frame is out.
        perform(.starting(canAskTmux: terminal.tmuxQuestion != nil))
        // The first frame (placeholders) goes out before any picture or answer is asked
        // for, so neither decoding nor a silent terminal delays it.
        draw()
        perform(.firstFrameDrawn(hasLayout: state.layout != nil))
        detectionStarted = .now
        perform(.detectionBegins(shown))
        while true {
            if let status = await performPending() { return leave(status) }
            draw()
            for event in await queue.next() {
                if let status = handle(event) { return leave(status) }
            }
        }
    }

    private func leave(_ status: Int32) -> Int32 {
        session.pictures.cancelAll()
        pixelPictures?.cancelAll()
        session.options.details?.cancelAll()
        return status
    }

    /// What the screen shows now, for the runtime's decisions.
    private var shown: ChooserShown {
        let elapsed = ContinuousClock.now - detectionStarted
        return ChooserShown(
            elapsedMilliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000),
            terminalColorDepth: terminal.colorDepth, symbols: state.configuration.symbols, pixelCell: state.pixels?.cell)
    }

    /// Applies one event; returns the exit status when it ends the session.
    private func handle(_ event: SessionEvent) -> Int32? {
        switch event {
        case .terminal(.key(let key)):
            pending += update(&state, .key(key))
        case .terminal(.click(let column, let row)):
            pending += update(&state, .click(column: column, row: row))
        case .terminal(.resize(let size)):
            pending += update(&state, .resize(width: size.columns, height: size.rows))
            perform(.resized(size, shown))
        case .terminal(.signal(let number)):
            return ExitStatus.signalled(number)
        case .terminal(.hangup):
            return ExitStatus.signalled(SIGHUP)
        case .terminal(.reply(let reply)):
            if case .kittyGraphics(let id?, _) = reply, id != TerminalQuery.kittyQueryID {
                terminal.pictureReply(reply)
                break
            }
            perform(.reply(reply, shown))
        case .picture(let done):
            // A tile made before the symbols or colours changed is not shown.
            if done.symbols == state.configuration.symbols && done.depth == state.configuration.colorDepth {
                pending += update(&state, .pictureLoaded(icon: done.icon, tileSize: done.size, picture: done.picture,
                                                         appearance: done.appearance))
            }
        case .pixelPicture(let done):
            pending += update(&state, .pixelPictureLoaded(icon: done.icon, tileSize: done.size, cell: done.cell,
                                                          ready: done.ready, appearance: done.appearance))
        case .details(let event):
            pending += update(&state, event)
        case .detailsPicture(let event, let symbols, let depth):
            // A picture made before the symbols or colours changed is not shown.
            if symbols == state.configuration.symbols && depth == state.configuration.colorDepth { pending += update(&state, event) }
        case .tmux(let report):
            perform(.tmuxAnswered(report, shown))
        case .detectionDeadline:
            perform(.detectionDeadline(shown))
        case .confirmationDue:
            perform(.confirmationDue)
        case .still(let frame):
            perform(.still(frame: frame))
        case .iconsRead(let items, let failure):
            // Every picture is made again from the new reading: work for the old one is dropped,
            // and the terminal frees the pixel pictures it will not be shown again.
            session.pictures.cancelAll()
            pixelPictures?.cancelAll()
            if let forgotten = pixelPictures?.forgetPictures() { terminal.forgetPictures(forgotten) }
            pending += update(&state, .iconsRead(items, failure: failure))
        }
        return nil
    }

    /// Updates the runtime's state with `event` and carries out what it returns.
    private func perform(_ event: RuntimeEvent) {
        for effect in runtime.update(event) { carryOut(effect) }
    }

    /// Carries out one effect of the runtime's state, feeding back what came of it at once.
    private func carryOut(_ effect: RuntimeEffect) {
        switch effect {
        case .chooser(let event):
            pending += update(&state, event)
        case .cancelTiles:
            session.pictures.cancelAll()
        case .cancelPixelPictures:
            pixelPictures?.cancelAll()
        case .upgradeColors:
            if terminal.upgradeToDirectColor() { perform(.colorsUpgraded(terminal.colorDepth)) }
        case .startPixelPictures(let found):
            guard let pixels = session.options.pixelPictures,
                  let started = pixels.start(for: found, colorDepth: terminal.colorDepth) else { return }
            terminal.usePictures(started.encoder)
            perform(.pixelPicturesStarted(cell: started.cell))
        case .makePicturesAhead(let capabilities):
            guard let pixels = session.options.pixelPictures, let layout = state.layout else { return }
            pixels.makeAhead(state.visibleIcons, size: layout.tileSize, for: capabilities, colorDepth: terminal.colorDepth,
                             appearance: state.appearance)
        case .askTmux:
            guard let question = terminal.tmuxQuestion else { return }
            let queue = queue
            DispatchQueue.global(qos: .userInitiated).async { queue.post(.tmux(question())) }
        case .sendQueries(let plan):
            terminal.sendQueries(plan)
        case .prioritize(let visible):
            session.pictures.prioritize(visible.icons, size: visible.size)
        case .wake(let wake, let delay):
            switch wake {
            case .detectionDeadline: post(.detectionDeadline, after: delay)
            case .confirmationDue: post(.confirmationDue, after: delay)
            case .still(let frame): post(.still(frame: frame), after: delay)
            }
        case .placeUnconfirmedPictures:
            terminal.placeUnconfirmedPictures()
            perform(.picturesPlaced(awaitsConfirmation: terminal.awaitsPictureConfirmation))
        case .placeShownPicturesAgain:
            terminal.placeShownPicturesAgain()
        }
    }

    /// Wakes the loop with `event` once `delay` has passed.
    private func post(_ event: SessionEvent, after delay: Duration) {
        let queue = queue
        let (seconds, attoseconds) = delay.components
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
            queue.post(event)
        }
    }

    /// Carries out effects (and those their results cause); returns the exit status on `.quit`.
    private func performPending() async -> Int32? {
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .quit(let status):
                return status
            case .loadPictures(let icons, let size, let appearance):
                let queue = queue
                perform(.picturesRequested(appearance))
                session.pictures.request(icons, size: size, symbols: state.configuration.symbols,
                                         depth: state.configuration.colorDepth, appearance: appearance) { queue.post(.picture($0)) }
            case .loadPixelPictures(let icons, let size, let cell, let appearance):
                let queue = queue
                pixelPictures?.request(icons, size: size, cell: cell, appearance: appearance) { queue.post(.pixelPicture($0)) }
            case .apply(let name):
                let error = await session.apply(name)
                pending += update(&state, .applyFinished(name: name, error: error))
            case .loadDetails, .checkApp, .loadDetailsPicture, .loadDetailsPixelPicture:
                requestDetails(effect)
            case .planFix(let target):
                let queue = queue
                guard let fixes = session.options.fixes else {
                    pending += update(&state, .fixPlanned(nil, failure: "this chooser changes no files (the app was not named with --app, is built, or --no-fix was given)"))
                    continue
                }
                fixes.plan(target) { proposal, failure in queue.post(.details(.fixPlanned(proposal, failure: failure))) }
            case .applyFix(let proposal):
                let queue = queue
                guard let fixes = session.options.fixes else { continue }
                fixes.apply(proposal) { error, summary in queue.post(.details(.fixApplied(error: error, summary: summary))) }
            case .readIcons:
                readIcons()
            }
        }
        return nil
    }

    private func draw() {
        // Only after a change: an idle chooser builds no screens.
        guard state != drawn else { return }
        drawn = state
        var frame = Frame(grid: view(state))
        if let pixelPictures, let cell = state.pixels?.cell {
            frame.pictures = state.pixelTiles.flatMap { tile in
                pixelPictures.pictureID(icon: tile.icon, size: tile.tileSize, cell: cell, appearance: state.appearance).map {
                    Self.placements(of: $0, x: tile.x, y: tile.y, columns: tile.columns, rows: tile.rows, pieces: tile.pieces)
                } ?? []
            }
            if let placement = state.detailsPixelPlacement,
               let id = pixelPictures.detailsPictureID(placement.picture, cell: cell, appearance: state.appearance) {
                frame.pictures += Self.placements(of: id, x: placement.x, y: placement.y, columns: placement.picture.columns,
                                                  rows: placement.picture.rows, pieces: placement.pieces)
            }
        }
        terminal.draw(frame)
        perform(.frameDrawn(visible: state.layout.map { Prioritized(icons: state.visibleIcons, size: $0.tileSize) },
                            placesPictures: !frame.pictures.isEmpty, awaitsConfirmation: terminal.awaitsPictureConfirmation))
    }

    /// A picture at `x`, `y` as the terminal is to show it: whole, or each piece a box leaves
    /// in sight, cut from it.
    static func placements(of picture: PictureID, x: Int, y: Int, columns: Int, rows: Int,
                           pieces: [PicturePiece]) -> [PicturePlacement] {
        pieces.enumerated().map { number, piece in
            let whole = piece.column == 0 && piece.row == 0 && piece.columns == columns && piece.rows == rows
            return PicturePlacement(picture: picture, cells: CellRect(x: x + piece.column, y: y + piece.row,
                                                                      width: piece.columns, height: piece.rows),
                                    source: whole ? nil : CellRect(x: piece.column, y: piece.row, width: piece.columns,
                                                                   height: piece.rows),
                                    piece: number)
        }
    }

    /// Reads the app again off the loop, and wakes it with what was read; without a way to
    /// read it, the list stays and its pictures are made again.
    private func readIcons() {
        let queue = queue
        guard let reread = session.reread else {
            queue.post(.iconsRead(state.items, failure: nil))
            return
        }
        DispatchQueue.global(qos: .userInitiated).async {
            do {
                queue.post(.iconsRead(try reread(), failure: nil))
            } catch {
                queue.post(.iconsRead([], failure: String(describing: error)))
            }
        }
    }

    /// Hands an effect of the details panel to whoever makes what it asks for; without a
    /// details source the panel shows the name alone, and without pixel pictures, symbols.
    private func requestDetails(_ effect: ChooserEffect) {
        let queue = queue
        switch effect {
        case .loadDetails(let icon):
            session.options.details?.details(icon) { queue.post(.details(.detailsLoaded(icon: $0, $1))) }
        case .checkApp:
            session.options.details?.findings { queue.post(.details(.findingsLoaded($0))) }
        case .loadDetailsPicture(let picture, let appearance):
            let (symbols, depth) = (state.configuration.symbols, state.configuration.colorDepth)
            session.options.details?.picture(picture, symbols: symbols, depth: depth, appearance: appearance) {
                queue.post(.detailsPicture(.detailsPictureLoaded(picture, picture: $0, appearance: appearance),
                                           symbols: symbols, depth: depth))
            }
        case .loadDetailsPixelPicture(let picture, let cell, let appearance):
            let done: @Sendable (LoadedDetailsPixelPicture) -> Void = {
                queue.post(.details(.detailsPixelPictureLoaded($0.picture, cell: $0.cell, ready: $0.ready, appearance: $0.appearance)))
            }
            if let pixelPictures {
                pixelPictures.requestDetails(picture, cell: cell, appearance: appearance, deliver: done)
            } else {
                done(LoadedDetailsPixelPicture(picture: picture, cell: cell, ready: false, appearance: appearance))
            }
        default:
            return
        }
    }
}

/// The app as read again after a fix: the managers that apply a choice from now on, and
/// the icons the pictures and details are made from.
public struct ChooserReading: Sendable {
    public let manager: IconManager
    public let twin: IconManager?
    public let icons: ChooserIcons

    public init(manager: IconManager, twin: IconManager?, icons: ChooserIcons) {
        self.manager = manager
        self.twin = twin
        self.icons = icons
    }
}
