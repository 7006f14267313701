import CellCanvas
import Foundation
import TerminalDetection
import TerminalInput
import TerminalInterface

/// A terminal in memory for tests: events are scripted (`send`), every frame is kept as a
/// CellGrid, queries and picture commands are recorded. It diffs frames and tracks
/// pictures the way the ncurses terminal does, so picture commands can be checked for a
/// scripted sequence of frames.
public final class MemoryTerminal: Terminal, @unchecked Sendable {
    public var colorDepth: ColorDepth { lock.withLock { depth } }
    public let isUTF8: Bool
    public let environment: [String: String]
    public let canQuery: Bool
    public let symbolLimit: SymbolLimit
    private let tmuxReport: TmuxReport?
    /// Whether `upgradeToDirectColor` succeeds, as where TERM has a direct-colour terminfo sibling.
    private let hasDirectColorEntry: Bool
    private var depth: ColorDepth

    private let lock = NSLock()
    private var currentSize: TerminalSize
    private var sink: (@Sendable (TerminalEvent) -> Void)?
    private var early: [TerminalEvent] = []
    private var recordedFrames: [Frame] = []
    private var recordedTexts: [CellGrid] = []
    private var recordedCommands: [[PictureCommand]] = []
    private var recordedBytes: [UInt8] = []
    private var recordedQueries: [QueryPlan] = []
    private var framesAtQueries: [Int] = []
    private var isClosed = false
    private var shown: CellGrid?
    private var encoder: (any PictureEncoder)?
    private var pictures: PictureScreen?

    /// `tmux`: what tmux answers when asked (only asked when `environment` has TMUX).
    public init(size: TerminalSize = TerminalSize(columns: 100, rows: 30), colorDepth: ColorDepth = .palette256,
                isUTF8: Bool = true, environment: [String: String] = ["TERM": "xterm-256color"], canQuery: Bool = true,
                tmux: TmuxReport? = nil, symbolLimit: SymbolLimit = .none, hasDirectColorEntry: Bool = true) {
        currentSize = size
        depth = colorDepth
        self.hasDirectColorEntry = hasDirectColorEntry
        self.isUTF8 = isUTF8
        self.environment = environment
        self.canQuery = canQuery
        self.symbolLimit = symbolLimit
        tmuxReport = tmux
    }

    // MARK: Scripting

    /// Delivers events as the terminal's reader would (kept until reading starts).
    public func send(_ events: TerminalEvent...) {
        let deliver: (@Sendable (TerminalEvent) -> Void)? = lock.withLock {
            for case .resize(let size) in events { currentSize = size }
            if sink == nil { early += events }
            return sink
        }
        if let deliver { events.forEach(deliver) }
    }

    /// Each character of `text` as a key press.
    public func type(_ text: String) {
        for character in text { send(.key(.character(character))) }
    }

    public func upgradeToDirectColor() -> Bool {
        lock.withLock {
            guard hasDirectColorEntry, depth != .noColor, depth != .truecolor else { return false }
            depth = .truecolor
            // As the ncurses terminal does: the next frame repaints the screen whole.
            shown = nil
            return true
        }
    }

    /// The text each frame put on screen (with the cells of pictures shown by text).
    public var frames: [CellGrid] { lock.withLock { recordedTexts } }
    public var framesWithPictures: [Frame] { lock.withLock { recordedFrames } }
    /// The picture commands each frame (and closing) caused, empty ones left out.
    public var pictureCommands: [[PictureCommand]] { lock.withLock { recordedCommands } }
    /// Every byte the picture encoders wrote, in order (closing's release included).
    public var pictureBytes: [UInt8] { lock.withLock { recordedBytes } }
    public var queries: [QueryPlan] { lock.withLock { recordedQueries } }
    /// How many frames had been drawn when each query was written.
    public var framesBeforeQueries: [Int] { lock.withLock { framesAtQueries } }
    public var closed: Bool { lock.withLock { isClosed } }

    /// Waits (polling, up to `timeout`) for a frame that satisfies `predicate`, the newest
    /// first; nil when none came.
    public func waitForFrame(timeout: Duration = .seconds(60), where predicate: (CellGrid) -> Bool) async -> CellGrid? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let frame = frames.last, predicate(frame) { return frame }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return nil
    }

    /// Waits until `condition` holds of the terminal, up to `timeout`; false if it never did.
    public func waitUntil(timeout: Duration = .seconds(60), _ condition: (MemoryTerminal) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return false
    }

    // MARK: Terminal

    public var size: TerminalSize { lock.withLock { currentSize } }

    public var tmuxQuestion: (@Sendable () -> TmuxReport)? {
        guard let tmuxReport, !(environment["TMUX"] ?? "").isEmpty else { return nil }
        return { tmuxReport }
    }

    public func startEvents(_ sink: @escaping @Sendable (TerminalEvent) -> Void) {
        let waiting: [TerminalEvent] = lock.withLock {
            self.sink = sink
            defer { early = [] }
            return early
        }
        waiting.forEach(sink)
    }

    public func draw(_ frame: Frame) {
        lock.withLock {
            guard !isClosed else { return }
            let text = frame.text(with: encoder)
            let previous = shown?.width == text.width && shown?.height == text.height ? shown : nil
            let changed = RepaintedCells.changes(from: previous, to: text)
            shown = text
            recordedFrames.append(frame)
            recordedTexts.append(text)
            if let encoder, var screen = pictures {
                let update = screen.update(to: frame.pictures, repainted: changed)
                pictures = screen
                if !update.commands.isEmpty {
                    recordedCommands.append(update.commands)
                    recordedBytes += encoder.encode(update.commands)
                }
            }
        }
    }

    public func pictureReply(_ reply: TerminalReply) {
        _ = lock.withLock { encoder }?.receive(reply)
    }

    public var awaitsPictureConfirmation: Bool { lock.withLock { encoder?.awaitsConfirmation ?? false } }

    public func placeUnconfirmedPictures() {
        lock.withLock {
            guard !isClosed, let encoder else { return }
            recordedBytes += encoder.placeUnconfirmed(now: .now)
        }
    }

    public func placeShownPicturesAgain() {
        lock.withLock {
            guard !isClosed, let encoder else { return }
            recordedBytes += encoder.placeShownAgain()
        }
    }

    public func forgetPictures(_ forgotten: [PictureID]) {
        lock.withLock {
            guard !isClosed, let encoder, !forgotten.isEmpty else { return }
            let commands = forgotten.map { PictureCommand.forget($0) }
            recordedCommands.append(commands)
            recordedBytes += encoder.encode(commands)
        }
    }

    public func sendQueries(_ plan: QueryPlan) {
        lock.withLock {
            recordedQueries.append(plan)
            framesAtQueries.append(recordedFrames.count)
        }
    }

    public func usePictures(_ encoder: (any PictureEncoder)?) {
        lock.withLock {
            if let old = self.encoder, var screen = pictures {
                let commands = screen.removeAll()
                if !commands.isEmpty { recordedCommands.append(commands) }
                recordedBytes += old.encode(commands) + old.release()
            }
            self.encoder = encoder
            pictures = encoder.map { PictureScreen(textErasesPictures: $0.textErasesPictures) }
        }
    }

    public func close() {
        usePictures(nil)
        lock.withLock { isClosed = true }
    }
}
