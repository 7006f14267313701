import ChooserUI
import Foundation

/// The chooser's picture making, shared by symbol tiles and pixel pictures, off the input
/// loop. Symbol tiles (asked for the whole icon set, however large) and the details panel's
/// work run one at a time, so that they never take more than one core; pixel pictures,
/// asked for only as their tiles come on screen and the frame a graphics terminal waits
/// for, may run beside them on a second core (`lanes`). Memory stays within the one
/// `DecodeBudget` every decode draws from, whatever the number of icons or cores.
///
/// Jobs start in order, each as soon as it may. Those for the tiles on screen can be moved
/// to the front (pixel pictures before symbol tiles, as they are what the screen will
/// show), and urgent ones go there as they come.
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
        /// Pixel pictures may run beside other work.
        var isPixelPicture: Bool { self == .pixels || self == .detailsPixels }
    }

    struct Job {
        let kind: Kind
        let icon: IconKey
        let size: TileSize
        let run: @Sendable () -> Void
    }

    /// How many jobs may run at once: at most one of them not a pixel picture.
    public let lanes: Int
    private let queue = DispatchQueue(label: "iconchooser.pictures", qos: .userInitiated, attributes: .concurrent)
    private let lock = NSLock()
    private var pending: [Job] = []
    private var running: [Kind] = []

    /// `lanes`: two where there are two cores, else one.
    public init(lanes: Int = min(2, ProcessInfo.processInfo.activeProcessorCount)) {
        self.lanes = max(1, lanes)
    }

    /// Adds jobs at the end, or with `urgent` before every job waiting.
    func add(_ jobs: [Job], urgent: Bool = false) {
        lock.withLock { pending = urgent ? jobs + pending : pending + jobs }
        startJobs()
    }

    /// Moves the jobs not yet started for these tiles (the ones now on screen) to the front,
    /// behind only the details panel's: their pixel pictures, then their symbol tiles; the
    /// rest keep their order.
    func prioritize(_ icons: [IconKey], size: TileSize) {
        let wanted = Set(icons)
        lock.withLock {
            func rank(_ job: Job) -> Int {
                if job.kind.isForDetails { return -1 }
                guard job.size == size, wanted.contains(job.icon) else { return 2 }
                return job.kind == .pixels ? 0 : 1
            }
            pending = pending.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        }
    }

    /// Drops the jobs of this kind (all of them for nil) not yet started.
    func cancel(_ kind: Kind? = nil) {
        lock.withLock { pending.removeAll { kind == nil || $0.kind == kind } }
    }

    /// Starts every job that may run now beside those running.
    private func startJobs() {
        while let job = lock.withLock({ take() }) {
            queue.async { [self] in
                job.run()
                lock.withLock {
                    if let done = running.firstIndex(of: job.kind) { running.remove(at: done) }
                }
                startJobs()
            }
        }
    }

    /// The first job waiting that may start now (under the lock), marked as running.
    private func take() -> Job? {
        guard running.count < lanes else { return nil }
        let otherWorkRunning = running.contains { !$0.isPixelPicture }
        guard let next = pending.firstIndex(where: { $0.kind.isPixelPicture || !otherWorkRunning }) else { return nil }
        let job = pending.remove(at: next)
        running.append(job.kind)
        return job
    }
}
