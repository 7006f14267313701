import CellCanvas
import ChooserUI
import Foundation
import IconArt
import IconCatalog
import TerminalText

/// A picture made for the chooser: the tile for `index` at `size` in `symbols`, `depth` and
/// `appearance` (the placeholder when the image could not be read: the grid only needs
/// the right size).
public struct LoadedPicture: Hashable, Sendable {
    public var index: Int
    public var size: TileSize
    public var symbols: SymbolSet
    public var depth: ColorDepth
    public var picture: CellGrid
    public var appearance: IconAppearance

    public init(index: Int, size: TileSize, symbols: SymbolSet, depth: ColorDepth = .palette256, picture: CellGrid,
                appearance: IconAppearance = .light) {
        self.index = index
        self.size = size
        self.symbols = symbols
        self.depth = depth
        self.picture = picture
        self.appearance = appearance
    }
}

/// Where the chooser's symbol tiles come from: made off the input loop, in the order asked,
/// each handed to `deliver` the moment it is done (which wakes the loop).
public protocol PictureSource: Sendable {
    func request(_ indices: [Int], size: TileSize, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                 deliver: @escaping @Sendable (LoadedPicture) -> Void)
    /// Moves work not yet started for these tiles (the ones now on screen) to the front.
    func prioritize(_ indices: [Int], size: TileSize)
    /// Drops the work not yet started: the chooser is leaving.
    func cancelAll()
}

/// Makes symbol tiles one at a time on a `DecodeQueue`, visible tiles first, so that no
/// key press ever waits for a PNG.
public final class PictureLoader: PictureSource, @unchecked Sendable {
    private let count: Int
    private let queue: DecodeQueue
    private let render: @Sendable (Int, TileSize, SymbolSet, ColorDepth, IconAppearance) -> CellGrid

    /// Makes the tiles of items `0..<count` with `render`, which runs on `queue`, one call
    /// at a time.
    public init(count: Int, queue: DecodeQueue = DecodeQueue(),
                render: @escaping @Sendable (Int, TileSize, SymbolSet, ColorDepth, IconAppearance) -> CellGrid) {
        self.count = count
        self.queue = queue
        self.render = render
    }

    /// A loader whose tiles look the same in every appearance and colour depth.
    public convenience init(count: Int, queue: DecodeQueue = DecodeQueue(),
                            render: @escaping @Sendable (Int, TileSize, SymbolSet) -> CellGrid) {
        self.init(count: count, queue: queue) { index, size, symbols, _, _ in render(index, size, symbols) }
    }

    /// The tiles of an app's icons.
    public convenience init(icons: ChooserIcons, queue: DecodeQueue) {
        self.init(count: icons.count, queue: queue) { icons.tile($0, size: $1, symbols: $2, depth: $3, appearance: $4) }
    }

    public func request(_ indices: [Int], size: TileSize, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                        deliver: @escaping @Sendable (LoadedPicture) -> Void) {
        let render = render
        queue.add(indices.filter { (0..<count).contains($0) }.map { index in
            DecodeQueue.Job(kind: .symbols, index: index, size: size) {
                deliver(LoadedPicture(index: index, size: size, symbols: symbols, depth: depth,
                                      picture: render(index, size, symbols, depth, appearance), appearance: appearance))
            }
        })
    }

    public func prioritize(_ indices: [Int], size: TileSize) {
        queue.prioritize(indices, size: size)
    }

    public func cancelAll() {
        queue.cancel(.symbols)
    }
}

/// An app's icons as the chooser shows them: each icon's image files found the first time
/// its picture is wanted (the catalog was read without them, so the first frame waits for
/// nothing), then its symbol tile or its pixel picture at any size, in any appearance of
/// the look the user asked for. An app with an iPad twin joins both sets, in the chooser's order.
public final class ChooserIcons: @unchecked Sendable {
    /// Each icon with its catalog's idiom and finder, and the look of its idiom.
    private let entries: [(icon: AppIcon, idiom: Idiom, finder: IconImageFinder, look: IconLook)]
    private let depth: ColorDepth
    private let ascii: Bool
    private let lock = NSLock()
    private var files: [Int: [IconImage]] = [:]

    /// `catalog`'s icons, their files found by `images`.
    public convenience init(catalog: AppIconCatalog, images: IconImageFinder, depth: ColorDepth, ascii: Bool,
                            look: IconLook = IconLook()) {
        self.init(entries: catalog.icons.map { ($0, catalog.idiom, images, look) }, depth: depth, ascii: ascii)
    }

    /// The icons of `sets` one after the other (all drawn for `depth` and `ascii`).
    public convenience init(joining sets: [ChooserIcons]) {
        self.init(entries: sets.flatMap(\.entries), depth: sets.first?.depth ?? .noColor, ascii: sets.first?.ascii ?? true)
    }

    private init(entries: [(icon: AppIcon, idiom: Idiom, finder: IconImageFinder, look: IconLook)], depth: ColorDepth, ascii: Bool) {
        self.entries = entries
        self.depth = depth
        self.ascii = ascii
    }

    public var count: Int { entries.count }

    /// The chooser's items, one per icon in the same order: the grid and its pictures are
    /// made from this one list, so item `i` is always icon `i`.
    public var items: [ChooserItem] {
        entries.map { ChooserItem(name: $0.icon.name, title: TextSanitizer.clean($0.icon.displayName), idiom: $0.idiom) }
    }

    /// The icon as the catalog declares it (without its files).
    public func icon(_ index: Int) -> AppIcon { entries[index].icon }

    /// The icon's image files; the lookup walks folders, so it is done once per icon.
    func images(of index: Int) -> [IconImage] {
        if let known = lock.withLock({ files[index] }) { return known }
        let found = entries[index].finder.images(for: entries[index].icon)
        lock.withLock { files[index] = found }
        return found
    }

    /// The symbol tile of icon `index` (its placeholder when it has no readable image), in
    /// `depth`, or the depth the icons were made for.
    public func tile(_ index: Int, size: TileSize, symbols: SymbolSet, depth: ColorDepth? = nil,
                     appearance: IconAppearance) -> CellGrid {
        tile(index, columns: size.columns, rows: size.rows, symbols: symbols, depth: depth, appearance: appearance)
    }

    /// The symbol picture of icon `index` at any size in cells (the details panel's).
    public func tile(_ index: Int, columns: Int, rows: Int, symbols: SymbolSet, depth: ColorDepth? = nil,
                     appearance: IconAppearance) -> CellGrid {
        let renderer = TileRenderer(depth: depth ?? self.depth, symbols: symbols, ascii: ascii)
        let pictures = IconPictures(renderer: renderer, look: entries[index].look)
        return pictures.tile(for: entries[index].icon, images: images(of: index), columns: columns, rows: rows,
                             appearance: appearance).picture
    }

    /// The pixel picture of icon `index` for `geometry` in `appearance`, as large as `sizing`
    /// says; nil when the icon has nothing to draw (its tile keeps the placeholder).
    public func pixelPicture(_ index: Int, geometry: TileGeometry, sizing: PixelPicture.Sizing = .tile,
                             appearance: IconAppearance) throws -> PixelPicture? {
        guard let artwork = try entries[index].look.with(appearance: appearance).artwork(
            for: entries[index].icon, images: images(of: index), width: geometry.width, height: geometry.height) else { return nil }
        return try PixelPicture(artwork: artwork, geometry: geometry, sizing: sizing)
    }
}
