import CellCanvas
import ChooserUI
import Foundation
import IconCatalog
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
        /// The longest the detection waits for answers before what is known is final.
        public var detectionTimeout: Duration
        /// Pixel pictures, where the program can draw them; nil: symbols only.
        public var pixelPictures: (any PixelPictures)?

        public init(graphics: GraphicsChoice = .auto, detectionTimeout: Duration = .milliseconds(250),
                    pixelPictures: (any PixelPictures)? = nil) {
            self.graphics = graphics
            self.detectionTimeout = detectionTimeout
            self.pixelPictures = pixelPictures
        }
    }

    let items: [ChooserItem]
    let appName: String
    let currentName: String?
    let configuration: ChooserConfiguration
    let terminal: any Terminal
    let pictures: any PictureSource
    /// Makes `name` current; returns nil, or the one-line reason it failed.
    let apply: @Sendable (String?) async -> String?
    let options: Options

    public init(items: [ChooserItem], appName: String, currentName: String?, configuration: ChooserConfiguration,
                terminal: any Terminal, pictures: any PictureSource, options: Options = Options(),
                apply: @escaping @Sendable (String?) async -> String?) {
        self.items = items
        self.appName = appName
        self.currentName = currentName
        self.configuration = configuration
        self.terminal = terminal
        self.pictures = pictures
        self.options = options
        self.apply = apply
    }

    /// The chooser for an app's icons, applying through its IconManager.
    public init(manager: IconManager, currentName: String?, configuration: ChooserConfiguration,
                terminal: any Terminal, pictures: any PictureSource, options: Options = Options()) {
        let catalog = manager.catalog
        self.init(items: catalog.icons.map { ChooserItem(name: $0.name, title: TextSanitizer.clean($0.displayName)) },
                  appName: TextSanitizer.clean(catalog.displayName ?? "this app"), currentName: currentName,
                  configuration: configuration, terminal: terminal, pictures: pictures, options: options) { name in
            do {
                try await manager.setAlternateIconName(name)
                return nil
            } catch {
                return String(describing: error)
            }
        }
    }

    /// Runs until the user leaves, a signal arrives or the terminal goes; returns the exit
    /// status (0 for q/Esc, 130 for Ctrl-C, 128 + the signal, 129 for a vanished terminal).
    /// The caller closes the terminal.
    public func run() async -> Int32 {
        await SessionRun(self).run()
    }
}

/// Where the chooser's pixel pictures come from, once the terminal can show them: the
/// encoder for its protocol, and where each visible tile's picture goes. The text layer
/// still draws everything else (badge, focus, captions, overlays) over and around them.
public protocol PixelPictures: Sendable {
    /// The protocols this program can draw.
    var drawable: Set<GraphicsProtocol> { get }
    /// The encoder for the terminal, or nil to keep symbols.
    func encoder(for capabilities: TerminalCapabilities) -> (any PictureEncoder)?
    /// The pictures a frame of `state` shows, and where.
    func placements(for state: ChooserState, capabilities: TerminalCapabilities) -> [PicturePlacement]
    /// Called once, when pixel pictures are in use, with a function (safe to call from any
    /// thread) that makes the loop draw again: for when a picture's pixels become ready.
    func start(redraw: @escaping @Sendable () -> Void)
}

/// Everything that wakes the loop.
enum SessionEvent: Sendable {
    case terminal(TerminalEvent)
    case picture(LoadedPicture)
    case tmux(TmuxReport)
    case detectionDeadline
    /// Pixel pictures asked for a frame: their placements changed outside the state.
    case redraw
}

/// One run of a session: the mutable state the loop carries, used by one task only.
private final class SessionRun {
    let session: ChooserSession
    let terminal: any Terminal
    let queue = EventQueue<SessionEvent>()
    var state: ChooserState
    var pending: [ChooserEffect]
    var probe: CapabilityProbe
    var detectionStarted = ContinuousClock.now
    /// What is known about the terminal, once the answers came or stopped coming.
    var capabilities: TerminalCapabilities?
    var pixelPictures: (any PixelPictures)?
    var visible: (TileSize, Range<Int>)?
    /// The state the last frame showed.
    var drawn: ChooserState?

    init(_ session: ChooserSession) {
        self.session = session
        terminal = session.terminal
        let size = terminal.size
        (state, pending) = ChooserState.start(
            items: session.items, appName: session.appName, currentName: session.currentName,
            screen: ScreenSize(width: size.columns, height: size.rows), configuration: session.configuration)
        probe = CapabilityProbe(environment: terminal.environment, choice: session.options.graphics,
                                canQuery: terminal.canQuery, windowSize: size)
    }

    func run() async -> Int32 {
        let queue = queue
        terminal.startEvents { queue.post(.terminal($0)) }
        // The first frame (placeholders) goes out before any picture or answer is asked
        // for, so neither decoding nor a silent terminal delays it.
        draw()
        beginDetection()
        while true {
            if let status = await performPending() {
                session.pictures.cancelAll()
                return status
            }
            draw()
            for event in await queue.next() {
                if let status = handle(event) {
                    session.pictures.cancelAll()
                    return status
                }
            }
        }
    }

    /// Applies one event; returns the exit status when it ends the session.
    private func handle(_ event: SessionEvent) -> Int32? {
        switch event {
        case .terminal(.key(let key)):
            if let key = Key(key) { pending += update(&state, .key(key)) }
        case .terminal(.click(let column, let row)):
            pending += update(&state, .click(column: column, row: row))
        case .terminal(.resize(let size)):
            probe.windowSize = size
            pending += update(&state, .resize(width: size.columns, height: size.rows))
            refreshCapabilities()
        case .terminal(.signal(let number)):
            return number == SIGINT ? 130 : 128 + number
        case .terminal(.hangup):
            return 129
        case .terminal(.reply(let reply)):
            probe.receive(reply)
            if capabilities == nil {
                if probe.isComplete { decideCapabilities() }
            } else {
                refreshCapabilities()
            }
        case .picture(let done):
            pending += update(&state, .pictureLoaded(index: done.index, tileSize: done.size, picture: done.picture))
        case .tmux(let report):
            guard capabilities == nil else { break }
            probe.tmuxAnswered(report)
            sendQueries()
        case .detectionDeadline:
            if capabilities == nil { decideCapabilities() }
        case .redraw:
            drawn = nil
        }
        return nil
    }

    /// Carries out effects (and those their results cause); returns the exit status on `.quit`.
    private func performPending() async -> Int32? {
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .quit(let status):
                return status
            case .loadPictures(let indices, let size):
                let queue = queue
                session.pictures.request(indices, size: size) { queue.post(.picture($0)) }
            case .apply(let name):
                let error = await session.apply(name)
                pending += update(&state, .applyFinished(name: name, error: error))
            }
        }
        return nil
    }

    private func draw() {
        // Only after a change: an idle chooser builds no screens.
        guard state != drawn else { return }
        drawn = state
        var frame = Frame(grid: view(state))
        if let pixelPictures, let capabilities {
            frame.pictures = pixelPictures.placements(for: state, capabilities: capabilities)
        }
        terminal.draw(frame)
        // Pictures for the tiles now on screen are decoded first.
        if let layout = state.layout {
            let now = (layout.tileSize, layout.visibleIndices(firstRow: state.firstVisibleRow))
            if visible.map({ $0 != now }) ?? true {
                session.pictures.prioritize(Array(now.1), size: now.0)
                visible = now
            }
        }
    }

    // MARK: What the terminal can do

    private func beginDetection() {
        detectionStarted = .now
        if probe.needsTmux, let question = terminal.tmuxQuestion {
            let queue = queue
            DispatchQueue.global(qos: .userInitiated).async { queue.post(.tmux(question())) }
        } else {
            if probe.needsTmux { probe.tmuxAnswered(TmuxReport(passthrough: .unknown("tmux cannot be asked from here"))) }
            sendQueries()
        }
        guard capabilities == nil else { return }
        let queue = queue, timeout = session.options.detectionTimeout.components
        let nanoseconds = timeout.seconds * 1_000_000_000 + timeout.attoseconds / 1_000_000_000
        DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
            queue.post(.detectionDeadline)
        }
    }

    private func sendQueries() {
        let plan = probe.plan
        if plan.isEmpty {
            decideCapabilities()
        } else {
            terminal.sendQueries(plan)
        }
    }

    private var elapsedMilliseconds: Int {
        let elapsed = ContinuousClock.now - detectionStarted
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }

    private func decideCapabilities() {
        adopt(probe.capabilities(elapsedMilliseconds: elapsedMilliseconds))
    }

    /// A late answer or a resize can add to what is known: the help follows, and pictures
    /// upgrade to pixels if the terminal turns out to show them.
    private func refreshCapabilities() {
        guard let known = capabilities else { return }
        let found = probe.capabilities(elapsedMilliseconds: known.elapsedMilliseconds)
        if found != known { adopt(found) }
    }

    private func adopt(_ found: TerminalCapabilities) {
        capabilities = found
        let pixels = session.options.pixelPictures
        if pixelPictures == nil, let pixels, case .pixels = found.pictureMode(drawable: pixels.drawable),
           let encoder = pixels.encoder(for: found) {
            terminal.usePictures(encoder)
            pixelPictures = pixels
            let queue = queue
            pixels.start { queue.post(.redraw) }
        }
        pending += update(&state, .terminalDescribed(found.helpLines(drawable: pixels?.drawable ?? [])))
    }
}
