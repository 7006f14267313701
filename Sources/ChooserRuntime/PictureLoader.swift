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

    private let count: Int
    private let render: @Sendable (Int, TileSize) -> CellGrid
    private let queue = DispatchQueue(label: "iconchooser.pictures", qos: .userInitiated)
    private let lock = NSLock()
    private var pending: [Job] = []
    private var working = false

    /// Makes the picture of items `0..<count` with `render`, which runs on the loader's queue,
    /// one call at a time.
    public init(count: Int, render: @escaping @Sendable (Int, TileSize) -> CellGrid) {
        self.count = count
        self.render = render
    }

    /// The tiles of an app's icons. `images` finds each icon's files when its picture is
    /// first wanted (the catalog was read without them, so the first frame waits for nothing).
    public convenience init(icons: [AppIcon], images: IconImageFinder, pictures: IconPictures) {
        let found = FoundImages()
        self.init(count: icons.count) { index, size in
            let files = found.files(of: index) { images.images(for: icons[index]) }
            return pictures.tile(for: icons[index], images: files, columns: size.columns, rows: size.rows).picture
        }
    }

    public func request(_ indices: [Int], size: TileSize, deliver: @escaping @Sendable (LoadedPicture) -> Void) {
        let jobs = indices.filter { (0..<count).contains($0) }.map { Job(index: $0, size: size, deliver: deliver) }
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
            job.deliver(LoadedPicture(index: job.index, size: job.size, picture: render(job.index, job.size)))
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

/// Each icon's image files once looked up: the lookup walks folders, so it is done once.
private final class FoundImages: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [Int: [IconImage]] = [:]

    func files(of index: Int, lookUp: () -> [IconImage]) -> [IconImage] {
        if let known = lock.withLock({ files[index] }) { return known }
        let found = lookUp()
        lock.withLock { files[index] = found }
        return found
    }
}
