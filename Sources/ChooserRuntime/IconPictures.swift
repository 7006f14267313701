import CellCanvas
import Foundation
import IconArt
import IconCatalog

/// Turns a catalog icon into its tile: picks the image file that fits the tile, decodes
/// it, renders it; an icon without a readable image gets the placeholder tile and the
/// reason, so the grid stays aligned and the user can find out why.
public struct IconPictures: Sendable {
    public let renderer: TileRenderer

    public init(renderer: TileRenderer) {
        self.renderer = renderer
    }

    /// `images`: the icon's image files, when the catalog was read without them.
    public func tile(for icon: AppIcon, images: [IconImage]? = nil, columns: Int, rows: Int) -> (picture: CellGrid, problem: String?) {
        let (width, height) = renderer.pixelSize(columns: columns, rows: rows)
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
    public func tiles(for icons: [AppIcon], columns: Int, rows: Int) -> [(picture: CellGrid, problem: String?)] {
        let results = Slots<(picture: CellGrid, problem: String?)>(count: icons.count)
        DispatchQueue.concurrentPerform(iterations: icons.count) { index in
            results.set(index, tile(for: icons[index], columns: columns, rows: rows))
        }
        return results.values.map { $0! }
    }
}

extension IconPictures {
    /// Every icon as a pixel picture for `geometry`, decoded on all cores (for `preview`
    /// in kitty, sixel or iTerm2 pictures); nil and the reason where the image cannot be
    /// read, and nil alone where the icon has none (its tile keeps the symbol placeholder).
    public static func pixelPictures(for icons: [AppIcon], geometry: TileGeometry) -> [(picture: PixelPicture?, problem: String?)] {
        let results = Slots<(picture: PixelPicture?, problem: String?)>(count: icons.count)
        DispatchQueue.concurrentPerform(iterations: icons.count) { index in
            guard let chosen = IconImage.best(in: icons[index].images, width: geometry.width, height: geometry.height) else {
                return results.set(index, (nil, nil))
            }
            do throws(PNGDecodeError) {
                results.set(index, (try PixelPicture(iconPNGFrom: chosen.source, geometry: geometry), nil))
            } catch {
                results.set(index, (nil, error.description))
            }
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
