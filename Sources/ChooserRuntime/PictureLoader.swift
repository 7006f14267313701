import CellCanvas
import ChooserUI
import Foundation
import IconArt
import IconCatalog
import SymbolArt
import TerminalText

/// A picture made for the chooser: the tile of `icon` at `size` in `symbols`, `depth` and
/// `appearance` (the placeholder when the image could not be read: the grid only needs
/// the right size).
public struct LoadedPicture: Hashable, Sendable {
    public var icon: IconKey
    public var size: TileSize
    public var symbols: SymbolSet
    public var depth: ColorDepth
    public var picture: CellGrid
    public var appearance: IconAppearance

    public init(icon: IconKey, size: TileSize, symbols: SymbolSet, depth: ColorDepth = .palette256, picture: CellGrid,
                appearance: IconAppearance = .light) {
        self.icon = icon
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
    func request(_ icons: [IconKey], size: TileSize, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                 deliver: @escaping @Sendable (LoadedPicture) -> Void)
    /// Moves work not yet started for these tiles (the ones now on screen) to the front.
    func prioritize(_ icons: [IconKey], size: TileSize)
    /// Drops the work not yet started: the chooser is leaving, or the icons were read again.
    func cancelAll()
}

/// Makes symbol tiles one at a time on a `DecodeQueue`, visible tiles first, so that no
/// key press ever waits for a PNG.
public final class PictureLoader: PictureSource, @unchecked Sendable {
    private let queue: DecodeQueue
    private let render: @Sendable (IconKey, TileSize, SymbolSet, ColorDepth, IconAppearance) -> CellGrid?

    /// Makes the tiles with `render`, which runs on `queue`, one call at a time, and gives
    /// nil for an icon it does not have (nothing is delivered for it).
    public init(queue: DecodeQueue = DecodeQueue(),
                render: @escaping @Sendable (IconKey, TileSize, SymbolSet, ColorDepth, IconAppearance) -> CellGrid?) {
        self.queue = queue
        self.render = render
    }

    /// A loader whose tiles look the same in every appearance and colour depth.
    public convenience init(queue: DecodeQueue = DecodeQueue(),
                            render: @escaping @Sendable (IconKey, TileSize, SymbolSet) -> CellGrid?) {
        self.init(queue: queue) { icon, size, symbols, _, _ in render(icon, size, symbols) }
    }

    /// The tiles of an app's icons, as they are when each is made.
    public convenience init(icons: ChooserIcons, queue: DecodeQueue) {
        self.init(queue: queue) { icons.tile($0, size: $1, symbols: $2, depth: $3, appearance: $4) }
    }

    public func request(_ icons: [IconKey], size: TileSize, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                        deliver: @escaping @Sendable (LoadedPicture) -> Void) {
        let render = render
        queue.add(icons.map { icon in
            DecodeQueue.Job(kind: .symbols, icon: icon, size: size) {
                guard let picture = render(icon, size, symbols, depth, appearance) else { return }
                deliver(LoadedPicture(icon: icon, size: size, symbols: symbols, depth: depth, picture: picture,
                                      appearance: appearance))
            }
        })
    }

    public func prioritize(_ icons: [IconKey], size: TileSize) {
        queue.prioritize(icons, size: size)
    }

    public func cancelAll() {
        queue.cancel(.symbols)
    }
}

/// An app's icons as the chooser shows them: each icon's image files found the first time
/// its picture is wanted (the catalog was read without them, so the first frame waits for
/// nothing), then its symbol tile or its pixel picture at any size, in any appearance of
/// the look the user asked for. An app with an iPad twin joins both sets, in the chooser's order.
/// Icons are found by their `IconKey`; after a fix the app read again takes the place of
/// what was read before (`replace(with:)`), so work asked for earlier draws the icon as it is.
public final class ChooserIcons: @unchecked Sendable {
    /// An icon with its catalog's idiom and finder, and the look of its idiom.
    private struct Entry {
        let icon: AppIcon
        let idiom: Idiom
        let finder: IconImageFinder
        let look: IconLook

        var key: IconKey { IconKey(name: icon.name, idiom: idiom) }
    }

    private let depth: ColorDepth
    private let ascii: Bool
    private let lock = NSLock()
    /// Guarded by `lock`, as are the two below.
    private var entries: [Entry]
    /// Where each icon is in `entries` (the first, should a name be listed twice).
    private var places: [IconKey: Int]
    private var files: [IconKey: [IconImage]] = [:]

    /// `catalog`'s icons, their files found by `images`.
    public convenience init(catalog: AppIconCatalog, images: IconImageFinder, depth: ColorDepth, ascii: Bool,
                            look: IconLook = IconLook()) {
        self.init(entries: catalog.icons.map { Entry(icon: $0, idiom: catalog.idiom, finder: images, look: look) },
                  depth: depth, ascii: ascii)
    }

    /// The icons of `sets` one after the other (all drawn for `depth` and `ascii`).
    public convenience init(joining sets: [ChooserIcons]) {
        self.init(entries: sets.flatMap { set in set.lock.withLock { set.entries } },
                  depth: sets.first?.depth ?? .noColor, ascii: sets.first?.ascii ?? true)
    }

    private init(entries: [Entry], depth: ColorDepth, ascii: Bool) {
        self.entries = entries
        self.places = Self.places(of: entries)
        self.depth = depth
        self.ascii = ascii
    }

    private static func places(of entries: [Entry]) -> [IconKey: Int] {
        Dictionary(entries.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public var count: Int { lock.withLock { entries.count } }

    /// The chooser's items, one per icon in the same order: the grid is made from this list,
    /// and each item finds its pictures by its key.
    public var items: [ChooserItem] {
        lock.withLock { entries }.map {
            ChooserItem(name: $0.icon.name, title: TextSanitizer.clean($0.icon.displayName), idiom: $0.idiom)
        }
    }

    /// Takes `other`'s icons from now on (the app was read again); the files found so far are
    /// looked for again, as they may have changed.
    public func replace(with other: ChooserIcons) {
        let newEntries = other.lock.withLock { other.entries }
        lock.withLock {
            entries = newEntries
            places = Self.places(of: newEntries)
            files = [:]
        }
    }

    private func entry(_ key: IconKey) -> Entry? {
        lock.withLock { places[key].map { entries[$0] } }
    }

    /// The icon as the catalog declares it (without its files); nil when it is not listed.
    public func icon(_ key: IconKey) -> AppIcon? { entry(key)?.icon }

    /// The icon's image files; the lookup walks folders, so it is done once per icon.
    private func images(of key: IconKey, in entry: Entry) -> [IconImage] {
        if let known = lock.withLock({ files[key] }) { return known }
        let found = entry.finder.images(for: entry.icon)
        lock.withLock { if places[key].map({ entries[$0].icon }) == entry.icon { files[key] = found } }
        return found
    }

    /// The icon with its image files, for the details panel; nil when it is not listed.
    func iconWithImages(_ key: IconKey) -> AppIcon? {
        guard let entry = entry(key) else { return nil }
        return entry.icon.with(images: images(of: key, in: entry))
    }

    /// The symbol tile of `key` (its placeholder when it has no readable image), in `depth`,
    /// or the depth the icons were made for; nil when the icon is not listed.
    public func tile(_ key: IconKey, size: TileSize, symbols: SymbolSet, depth: ColorDepth? = nil,
                     appearance: IconAppearance) -> CellGrid? {
        tile(key, columns: size.columns, rows: size.rows, symbols: symbols, depth: depth, appearance: appearance)
    }

    /// The symbol picture of `key` at any size in cells (the details panel's).
    public func tile(_ key: IconKey, columns: Int, rows: Int, symbols: SymbolSet, depth: ColorDepth? = nil,
                     appearance: IconAppearance) -> CellGrid? {
        guard let entry = entry(key) else { return nil }
        let renderer = TileRenderer(depth: depth ?? self.depth, symbols: symbols, ascii: ascii)
        let pictures = IconPictures(renderer: renderer, look: entry.look)
        return pictures.tile(for: entry.icon, images: images(of: key, in: entry), columns: columns, rows: rows,
                             appearance: appearance).picture
    }

    /// The pixel picture of `key` for `geometry` in `appearance`, as large as `sizing` says;
    /// nil when the icon has nothing to draw (its tile keeps the placeholder) or is not listed.
    public func pixelPicture(_ key: IconKey, geometry: TileGeometry, sizing: PixelPicture.Sizing = .tile,
                             appearance: IconAppearance) throws -> PixelPicture? {
        guard let entry = entry(key),
              let artwork = try entry.look.with(appearance: appearance).artwork(
                  for: entry.icon, images: images(of: key, in: entry), width: geometry.width, height: geometry.height)
        else { return nil }
        // The chooser's decode queue makes pictures side by side, a lane on each core.
        return try PixelPicture(artwork: artwork, geometry: geometry, sizing: sizing, onOneCore: true)
    }
}
