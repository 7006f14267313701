import CellCanvas
import ChooserUI
import Foundation
import IconCatalog

/// A picture made for the chooser: the tile for `index` at `size` (the placeholder when
/// the image could not be read: the grid only needs the right size).
public struct LoadedPicture: Hashable, Sendable {
    public var index: Int
    public var size: TileSize
    public var picture: CellGrid

    public init(index: Int, size: TileSize, picture: CellGrid) {
        self.index = index
        self.size = size
        self.picture = picture
    }
}

/// Where the chooser's pictures come from: made off the input loop, in the order asked,
/// each handed to `deliver` the moment it is done (which wakes the loop).
public protocol PictureSource: Sendable {
    func request(_ indices: [Int], size: TileSize, deliver: @escaping @Sendable (LoadedPicture) -> Void)
    /// Moves work not yet started for these tiles (the ones now on screen) to the front.
    func prioritize(_ indices: [Int], size: TileSize)
    /// Drops the work not yet started: the chooser is leaving.
    func cancelAll()
}

/// Decodes pictures one at a time on a queue of its own, visible tiles first, so that no
/// key press ever waits for a PNG and memory stays within what one decode needs, whatever
/// the number of cores (the chooser's other core draws and reads keys meanwhile).
public final class PictureLoader: PictureSource, @unchecked Sendable {
    private struct Job {
        let index: Int
        let size: TileSize
        let deliver: @Sendable (LoadedPicture) -> Void
    }

    private let icons: [AppIcon]
    private let images: IconImageFinder
    private let pictures: IconPictures
    private let queue = DispatchQueue(label: "iconchooser.pictures", qos: .userInitiated)
    private let lock = NSLock()
    private var pending: [Job] = []
    private var working = false
    /// Each icon's image files once looked up (only ever touched on `queue`).
    private var found: [Int: [IconImage]] = [:]

    /// `images` finds each icon's files when its picture is first wanted (the catalog was
    /// read without them, so the first frame waits for nothing).
    public init(icons: [AppIcon], images: IconImageFinder, pictures: IconPictures) {
        self.icons = icons
        self.images = images
        self.pictures = pictures
    }

    public func request(_ indices: [Int], size: TileSize, deliver: @escaping @Sendable (LoadedPicture) -> Void) {
        let jobs = indices.filter { icons.indices.contains($0) }.map { Job(index: $0, size: size, deliver: deliver) }
        let start: Bool = lock.withLock {
            pending += jobs
            guard !working, !pending.isEmpty else { return false }
            working = true
            return true
        }
        if start { queue.async { [self] in work() } }
    }

    public func prioritize(_ indices: [Int], size: TileSize) {
        let wanted = Set(indices)
        lock.withLock {
            let (first, rest) = pending.reduce(into: ([Job](), [Job]())) { split, job in
                if job.size == size && wanted.contains(job.index) { split.0.append(job) } else { split.1.append(job) }
            }
            pending = first + rest
        }
    }

    public func cancelAll() {
        lock.withLock { pending.removeAll() }
    }

    /// Takes jobs from the front until none is left.
    private func work() {
        while let job = nextJob() {
            let files = found[job.index] ?? images.images(for: icons[job.index])
            found[job.index] = files
            let tile = pictures.tile(for: icons[job.index], images: files, columns: job.size.columns, rows: job.size.rows)
            job.deliver(LoadedPicture(index: job.index, size: job.size, picture: tile.picture))
        }
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
