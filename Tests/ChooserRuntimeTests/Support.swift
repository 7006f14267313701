import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import IconCatalog
import MemoryTerminal
import TerminalDetection
import TerminalInput
import TerminalInterface

/// A thread of the runtime tests' own that runs their tasks: the sessions, their timers
/// and the tests' waits. The shared cooperative pool has a thread per core, and other
/// suites' synchronous tests (end-to-end ones polling tmux for seconds) can hold all of
/// them for longer than any wait here; these tasks never block, so one thread serves all.
final class TestThread: TaskExecutor, @unchecked Sendable {
    static let shared = TestThread()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in run() }
        thread.name = "ChooserRuntimeTests"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func run() {
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs a test's body on the tests' own thread (see `TestThread`).
func onTestThread(_ body: () async throws -> Void) async throws {
    try await withTaskExecutorPreference(TestThread.shared, operation: body)
}

/// The bundled demo's icons, in chooser order.
let demoItems: [ChooserItem] = [.primary()] + ["black-white", "white-black", "multi-black", "black-multi"].map {
    ChooserItem(name: $0, title: $0)
}

/// Where an icon is in `items` (-1: not there): the fakes below record places, as the tests read them.
func place(of icon: IconKey, in items: [ChooserItem] = demoItems) -> Int { items.firstIndex { $0.key == icon } ?? -1 }

/// Pictures that arrive when the test says so: requests are recorded, and `deliver` hands
/// a tile filled with one letter (A for the first icon, B for the second…) to the loop.
final class ScriptedPictures: PictureSource, @unchecked Sendable {
    private let lock = NSLock()
    private var deliverers: [TileSize: @Sendable (LoadedPicture) -> Void] = [:]
    private var symbols: [TileSize: SymbolSet] = [:]
    private var appearances: [TileSize: IconAppearance] = [:]
    private var depths: [TileSize: ColorDepth] = [:]
    private(set) var requests: [(indices: [Int], size: TileSize)] = []
    private(set) var priorities: [(indices: [Int], size: TileSize)] = []
    private(set) var cancelled = false
    /// The list the places recorded and delivered are in.
    private var items: [ChooserItem]

    init(items: [ChooserItem] = demoItems) { self.items = items }

    /// Places are in `items` from now on.
    func use(_ items: [ChooserItem]) { lock.withLock { self.items = items } }

    func request(_ icons: [IconKey], size: TileSize, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                 deliver: @escaping @Sendable (LoadedPicture) -> Void) {
        lock.withLock {
            requests.append((icons.map { place(of: $0, in: items) }, size))
            deliverers[size] = deliver
            self.symbols[size] = symbols
            depths[size] = depth
            appearances[size] = appearance
        }
    }

    func prioritize(_ icons: [IconKey], size: TileSize) {
        lock.withLock { priorities.append((icons.map { place(of: $0, in: items) }, size)) }
    }

    func cancelAll() {
        lock.withLock { cancelled = true }
    }

    var requestCount: Int { lock.withLock { requests.count } }
    var lastPriority: (indices: [Int], size: TileSize)? { lock.withLock { priorities.last } }

    /// The symbols the last request at `size` asked for.
    func symbols(at size: TileSize) -> SymbolSet? { lock.withLock { symbols[size] } }

    /// The colour depth the last request at `size` asked for.
    func depth(at size: TileSize) -> ColorDepth? { lock.withLock { depths[size] } }

    /// Hands over the picture of `index` at `size` (it must have been asked for), in the
    /// symbols last asked for.
    func deliver(_ index: Int, size: TileSize) {
        let (deliverer, symbols, depth, appearance, icon) = lock.withLock {
            (deliverers[size], self.symbols[size], depths[size] ?? .palette256, appearances[size] ?? .light, items[index].key)
        }
        deliverer?(LoadedPicture(icon: icon, size: size, symbols: symbols ?? .half, depth: depth,
                                 picture: Self.picture(index, size), appearance: appearance))
    }

    static func letter(_ index: Int) -> Character { Character(Unicode.Scalar(UInt8(65 + index % 26))) }

    static func picture(_ index: Int, _ size: TileSize) -> CellGrid {
        CellGrid(width: size.columns, height: size.rows, filling: Cell(String(letter(index))))
    }
}

/// A chooser session on a memory terminal, started on a task of its own.
struct RunningChooser {
    let terminal: MemoryTerminal
    let pictures: ScriptedPictures
    let applied: AppliedNames
    private let ended = ExitStatus()

    init(terminal: MemoryTerminal = MemoryTerminal(), items: [ChooserItem] = demoItems, current: String? = nil,
         options: ChooserSession.Options = ChooserSession.Options(detectionTimeout: .milliseconds(50)),
         reread: (@Sendable () throws -> [ChooserItem])? = nil) {
        self.terminal = terminal
        let pictures = ScriptedPictures(items: items)
        self.pictures = pictures
        let applied = AppliedNames()
        self.applied = applied
        let ended = ended
        Task(executorPreference: TestThread.shared) {
            let status = await ChooserSession(
                items: items, appName: "Colourful", currentName: current,
                configuration: ChooserConfiguration(alertOnApply: true, ascii: !terminal.isUTF8, colorDepth: terminal.colorDepth),
                terminal: terminal, pictures: pictures, options: options, reread: reread) { name in
                    applied.add(name)
                    return nil
                }.run()
            ended.set(status)
        }
    }

    /// Waits for a frame that satisfies `predicate`, or fails with the last frame shown.
    @discardableResult
    func frame(_ what: String, _ predicate: (CellGrid) -> Bool) async throws -> CellGrid {
        guard let frame = await terminal.waitForFrame(where: predicate) else {
            throw NoSuchFrame(what: what, last: terminal.frames.last)
        }
        return frame
    }

    @discardableResult
    func frame(showing text: String) async throws -> CellGrid {
        try await frame("“\(text)” on screen") { $0.text.contains(text) }
    }

    /// The exit status, once the session has ended (failing after a generous bound).
    func status() async throws -> Int32 {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let status = ended.status { return status }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw NoSuchFrame(what: "the session to end", last: terminal.frames.last)
    }

    struct NoSuchFrame: Error, CustomStringConvertible {
        let what: String
        let last: CellGrid?
        var description: String { "timed out waiting for \(what); the last frame was:\n\(last?.description ?? "(none)")" }
    }
}

/// A session's exit status, once it has one.
final class ExitStatus: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int32?

    func set(_ status: Int32) { lock.withLock { value = status } }
    var status: Int32? { lock.withLock { value } }
}

/// The names the session applied, in order.
final class AppliedNames: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String?] = []

    func add(_ name: String?) { lock.withLock { names.append(name) } }
    var all: [String?] { lock.withLock { names } }
}

/// The focused tile's caption: the text on the focus plate (white on iOS blue, at 256 colours).
func focusedCaption(in frame: CellGrid) -> String? {
    let depth = ColorDepth.palette256
    let focus = CellStyle(foreground: depth.color(red: 255, green: 255, blue: 255),
                          background: depth.color(red: 10, green: 132, blue: 255), attributes: .bold)
    for y in 0..<frame.height {
        let run = (0..<frame.width).filter { frame[$0, y].style == focus }
        guard !run.isEmpty else { continue }
        let text = run.map { frame[$0, y].text }.joined().trimmingCharacters(in: .whitespaces)
        if !text.isEmpty { return text }
    }
    return nil
}

/// The text inside the help box, its lines joined by spaces (so a phrase wrapped across
/// lines is found whole).
func helpText(in frame: CellGrid) -> String {
    frame.lines.compactMap { line -> String? in
        guard let open = line.firstIndex(where: { $0 == "│" || $0 == "|" }),
              let close = line.lastIndex(where: { $0 == "│" || $0 == "|" }), open < close else { return nil }
        return line[line.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
    }.joined(separator: " ")
}
