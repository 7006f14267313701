import ChooserUI
import Foundation

/// The chooser's one thread of picture making, shared by symbol tiles and pixel pictures:
/// decoding never takes more than one core (the other draws and reads keys), and memory
/// stays within what one decode needs, whatever the number of icons or cores.
///
/// Jobs run one at a time in order. Those for the tiles on screen can be moved to the
/// front (pixel pictures before symbol tiles, as they are what the screen will show), and
/// urgent ones go there as they come.
public final class DecodeQueue: @unchecked Sendable {
    /// What a job makes.
    public enum Kind: Sendable {
        case symbols
        case pixels
        /// For the details panel: the focused icon's files, and its large picture in symbols or pixels.
        case details
        case detailsSymbols
        case detailsPixels

        var isForDetails: Bool { self == .details || self == .detailsSymbols || self == .detailsPixels }
    }

    struct Job {
        let kind: Kind
        let index: Int
        let size: TileSize
        let run: @Sendable () -> Void
    }

    private let queue = DispatchQueue(label: "iconchooser.pictures", qos: .userInitiated)
    private let lock = NSLock()
    private var pending: [Job] = []
    private var working = false

    public init() {}

    /// Adds jobs at the end, or with `urgent` before every job waiting.
    func add(_ jobs: [Job], urgent: Bool = false) {
        let start: Bool = lock.withLock {
            pending = urgent ? jobs + pending : pending + jobs
            guard !working, !pending.isEmpty else { return false }
            working = true
            return true
        }
        if start { queue.async { [self] in work() } }
    }

    /// Moves the jobs not yet started for these tiles (the ones now on screen) to the front,
    /// behind only the details panel's: their pixel pictures, then their symbol tiles; the
    /// rest keep their order.
    func prioritize(_ indices: [Int], size: TileSize) {
        let wanted = Set(indices)
        lock.withLock {
            func rank(_ job: Job) -> Int {
                if job.kind.isForDetails { return -1 }
                guard job.size == size, wanted.contains(job.index) else { return 2 }
                return job.kind == .pixels ? 0 : 1
            }
            pending = pending.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        }
    }

    /// Drops the jobs of this kind (all of them for nil) not yet started.
    func cancel(_ kind: Kind? = nil) {
        lock.withLock { pending.removeAll { kind == nil || $0.kind == kind } }
    }

    /// Takes jobs from the front until none is left.
    private func work() {
        while let job = nextJob() { job.run() }
    }

    private func nextJob() -> Job? {
        lock.withLock {
            guard !pending.isEmpty else {
                working = false
                return nil
            }
            return pending.removeFirst()
        }
    }
}
