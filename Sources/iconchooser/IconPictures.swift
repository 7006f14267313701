import CellCanvas
import ChooserUI
import Foundation
import IconArt
import IconCatalog

/// Turns a catalog icon into its tile: picks the image file that fits the tile, decodes
/// it, renders it; an icon without a readable image gets the placeholder tile and the
/// reason, so the grid stays aligned and the user can find out why.
struct IconPictures: Sendable {
    let renderer: TileRenderer

    /// `images`: the icon's image files, when the catalog was read without them.
    func tile(for icon: AppIcon, images: [IconImage]? = nil, columns: Int, rows: Int) -> (picture: CellGrid, problem: String?) {
        let (width, height) = TileRenderer.pixelSize(columns: columns, rows: rows)
        guard let chosen = IconImage.best(in: images ?? icon.images, width: width, height: height) else {
            return (renderer.tile(for: nil, name: icon.displayName, columns: columns, rows: rows), nil)
        }
        do {
            return (try renderer.tile(forPNGFrom: chosen.source, name: icon.displayName, columns: columns, rows: rows), nil)
        } catch {
            return (renderer.tile(for: nil, name: icon.displayName, columns: columns, rows: rows), error.description)
        }
    }
}

extension IconPictures {
    /// Every icon's tile, decoded on all cores (for `preview`, which has nothing else to do meanwhile).
    func tiles(for icons: [AppIcon], columns: Int, rows: Int) -> [(picture: CellGrid, problem: String?)] {
        let results = Slots<(picture: CellGrid, problem: String?)>(count: icons.count)
        DispatchQueue.concurrentPerform(iterations: icons.count) { index in
            results.set(index, tile(for: icons[index], columns: columns, rows: rows))
        }
        return results.values.map { $0! }
    }
}

/// Fixed slots filled from several threads at once.
private final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) { lock.withLock { storage[index] = value } }

    var values: [Value?] { lock.withLock { storage } }
}

/// Decodes pictures on a background queue, in the order asked (visible tiles first), so
/// no key press ever waits for a PNG. The input loop collects finished tiles between events.
final class PictureLoader: @unchecked Sendable {
    struct Finished {
        let index: Int
        let size: TileSize
        /// The tile, or the placeholder when the image could not be read (the chooser shows
        /// the placeholder; `list` and `preview` report why).
        let picture: CellGrid
    }

    private let icons: [AppIcon]
    private let images: IconImageFinder
    private let pictures: IconPictures
    private let queue = DispatchQueue(label: "iconchooser.pictures", qos: .userInitiated)
    private let lock = NSLock()
    private var finished: [Finished] = []
    private var outstanding = 0
    /// Each icon's image files once looked up (only ever touched on `queue`).
    private var found: [Int: [IconImage]] = [:]

    init(icons: [AppIcon], images: IconImageFinder, pictures: IconPictures) {
        self.icons = icons
        self.images = images
        self.pictures = pictures
    }

    /// True while requested pictures are still being decoded.
    var isBusy: Bool { lock.withLock { outstanding > 0 || !finished.isEmpty } }

    func request(_ indices: [Int], size: TileSize) {
        let valid = indices.filter { icons.indices.contains($0) }
        lock.withLock { outstanding += valid.count }
        for index in valid {
            queue.async { [self] in
                let files = found[index] ?? images.images(for: icons[index])
                found[index] = files
                let picture = pictures.tile(for: icons[index], images: files, columns: size.columns, rows: size.rows).picture
                lock.withLock {
                    finished.append(Finished(index: index, size: size, picture: picture))
                    outstanding -= 1
                }
            }
        }
    }

    /// Everything finished since the last call.
    func takeFinished() -> [Finished] {
        lock.withLock {
            defer { finished.removeAll() }
            return finished
        }
    }
}
