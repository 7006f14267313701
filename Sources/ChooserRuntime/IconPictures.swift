import CellCanvas
import Foundation
import IconArt
import IconCatalog
import SymbolArt

/// Turns a catalog icon into its tile: picks what to draw for the look (the image file that
/// fits the tile in the appearance shown, or the Icon Composer bundle rendered flat), decodes
/// it, renders it; an icon without a readable image gets the placeholder tile and the
/// reason, so the grid stays aligned and the user can find out why.
public struct IconPictures: Sendable {
    public var renderer: TileRenderer
    /// The appearance, tint and device the icons are shown for.
    public let look: IconLook
    /// The seconds of SVG drawing the command's bundles share (`preview`'s); nil for the
    /// chooser, which renders for as long as it runs.
    public let svgTime: SVGTimeBudget?

    public init(renderer: TileRenderer, look: IconLook = IconLook(), svgTime: SVGTimeBudget? = nil) {
        self.renderer = renderer
        self.look = look
        self.svgTime = svgTime
    }

    /// `images`: the icon's image files, when the catalog was read without them;
    /// `appearance`: another than the look's (the chooser's `a` key). The problem is why the
    /// picture is a placeholder, or what is missing from it (an Icon Composer layer not drawn).
    public func tile(for icon: AppIcon, images: [IconImage]? = nil, columns: Int, rows: Int,
                     appearance: IconAppearance? = nil) -> (picture: CellGrid, problem: String?) {
        let (width, height) = renderer.pixelSize(columns: columns, rows: rows)
        let look = appearance.map(look.with(appearance:)) ?? look
        do {
            let artwork = try look.artwork(for: icon, images: images ?? icon.images, width: width, height: height, svgTime: svgTime)
            return (try renderer.tile(forArtwork: artwork, name: icon.displayName, columns: columns, rows: rows), artwork?.problem)
        } catch {
            return (renderer.tile(for: nil as RGBABitmap?, name: icon.displayName, columns: columns, rows: rows), error.description)
        }
    }
}

extension IconPictures {
    /// Every icon's tile, decoded on all cores (for `preview`, which has nothing else to do meanwhile):
    /// the icons side by side, each on one core.
    public func tiles(for icons: [AppIcon], columns: Int, rows: Int) -> [(picture: CellGrid, problem: String?)] {
        guard icons.count > 1 else { return icons.map { tile(for: $0, columns: columns, rows: rows) } }
        var oneCoreEach = self
        oneCoreEach.renderer.spreadsOneTile = false
        return icons.concurrentMap { oneCoreEach.tile(for: $0, columns: columns, rows: rows) }
    }
}

extension IconPictures {
    /// Every icon as a pixel picture for `geometry` in `look`, as large as `sizing` says, decoded
    /// on all cores (for `preview` in kitty, sixel or iTerm2 pictures); nil and the reason where the
    /// image cannot be read, and nil alone where the icon has none (its tile keeps the symbol placeholder);
    /// a picture with layers left out comes with the reason too.
    public static func pixelPictures(for icons: [AppIcon], geometry: TileGeometry, sizing: PixelPicture.Sizing = .tile,
                                     look: IconLook = IconLook(), svgTime: SVGTimeBudget? = nil) -> [(picture: PixelPicture?, problem: String?)] {
        icons.concurrentMap { icon -> (picture: PixelPicture?, problem: String?) in
            do throws(PNGDecodeError) {
                guard let artwork = try look.artwork(for: icon, images: icon.images, width: geometry.width,
                                                     height: geometry.height, svgTime: svgTime) else {
                    return (nil, nil)
                }
                return (try PixelPicture(artwork: artwork, geometry: geometry, sizing: sizing, onOneCore: icons.count > 1), artwork.problem)
            } catch {
                return (nil, error.description)
            }
        }
    }
}

extension IconPictures {
    /// Starts decoding, on another core, the tiles `tiles(for:columns:rows:)` will most likely
    /// be asked for while the caller parses its command line: the icons of `app` read with the
    /// default options, in chooser order, each drawn from the file the default look picks (see
    /// `TileCanvasReadAhead`; a guess that turns out wrong costs that core's time, nothing else).
    /// An Xcode project is left to its own read-ahead (`AppOpener.prepare`), and Icon
    /// Composer bundles, drawn rather than decoded, are not read ahead.
    public static func readAhead(app: String, renderer: TileRenderer, columns: Int, rows: Int) {
        // The tiles are drawn one core each here too: the command is soon drawing the rest beside it.
        var oneCore = renderer
        oneCore.spreadsOneTile = false
        let renderer = oneCore
        renderer.readAhead(columns: columns, rows: rows) {
            guard let location = try? AppLocation.locate(app) else { return [] }
            if case .xcodeProject = location { return [] }
            guard let catalog = try? CatalogReader.read(app: app) else { return [] }
            let look = IconLook(catalog: catalog)
            let (width, height) = renderer.pixelSize(columns: columns, rows: rows)
            return catalog.icons.compactMap { icon in
                guard icon.picturesFrom != .icon,
                      case .file(.file(let path))? = try? look.artwork(for: icon, images: icon.images, width: width, height: height)
                else { return nil }
                return path
            }
        }
    }
}
