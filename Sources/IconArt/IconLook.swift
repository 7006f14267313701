import CellCanvas
import IconCatalog

/// How an app's icons are shown: one appearance for the whole grid (iOS 18's home screen
/// switches every icon at once), the colour tinted icons take, the device whose images are
/// picked, and the folder Icon Composer bundles may read layers from. Kept apart from the
/// catalog so that switching the appearance re-draws without re-reading the app.
public struct IconLook: Hashable, Sendable {
    public var appearance: IconAppearance
    public var tint: IconColor
    /// The device whose images are picked (an iPhone-only app on an iPad shows its iPhone ones).
    public var idiom: Idiom
    /// Nothing outside this folder is read for a bundle's layers; nil: the bundle itself.
    public var boundary: String?

    public init(appearance: IconAppearance = .light, tint: IconColor = TintedIcon.defaultTint, idiom: Idiom = .phone,
                boundary: String? = nil) {
        self.appearance = appearance
        self.tint = tint
        self.idiom = idiom
        self.boundary = boundary
    }

    /// The look of `catalog`'s icons in `appearance`.
    public init(catalog: AppIconCatalog, appearance: IconAppearance = .light, tint: IconColor = TintedIcon.defaultTint) {
        self.init(appearance: appearance, tint: tint, idiom: catalog.shownIdiom, boundary: catalog.compiler?.boundary)
    }

    /// The same look in another appearance.
    public func with(appearance: IconAppearance) -> IconLook {
        var look = self
        look.appearance = appearance
        return look
    }

    /// What to draw for `icon` in a `width`×`height` pixel box, `images` being its images
    /// (found later when the catalog was read without them): an Icon Composer bundle is
    /// rendered flat; otherwise the image that fits best among those iOS shows for the
    /// appearance, which for dark and tinted is decoded whole and drawn as iOS 18 draws it
    /// (`HomeScreenRendition`: on its backing, tinted in greys). Nil when the icon
    /// has nothing to show (a placeholder is drawn). `svgTime`: the seconds of SVG drawing the
    /// command's renderings share, where it set them (see `SVGTimeBudget`).
    public func artwork(for icon: AppIcon, images: [IconImage], width: Int, height: Int,
                        svgTime: SVGTimeBudget? = nil) throws(PNGDecodeError) -> IconArtwork? {
        if icon.picturesFrom == .icon, let bundlePath = icon.assetPath {
            let bundle = IconComposerBundle.read(at: bundlePath, name: icon.assetName,
                                                 boundary: boundary.flatMap { PathBoundary(root: $0) })
            let rendering = IconComposerRenderer(tint: tint, svgTime: svgTime).render(bundle, appearance: appearance,
                                                                                      pixelSize: max(width, height))
            return .bitmap(rendering.bitmap, undrawn: rendering.warnings)
        }
        let shown = icon.with(images: images).images(for: appearance, idiom: idiom)
        guard let chosen = IconImage.best(in: shown, width: width, height: height) else { return nil }
        // A light image, and one standing in for a dark image it is not, is shown as it is;
        // a dark or tinted one, as iOS draws it on its backing (decoded whole for that).
        guard appearance != .light, chosen.derivation != .lightInsteadOfDark else { return .file(chosen.storage) }
        return .bitmap(HomeScreenRendition.rendered(try PNGDecoder.decode(from: chosen.storage), appearance: appearance, tint: tint))
    }
}

/// An icon's picture before it is fitted to a tile: a PNG to stream from, or pixels drawn here
/// (with the layers of an Icon Composer bundle that could not be drawn, so that the picture's
/// gaps are explained where it is shown, not only by `lint`).
public enum IconArtwork: Sendable {
    case file(ImageSource)
    case bitmap(RGBABitmap, undrawn: [CatalogWarning] = [])

    /// One line for what is missing from the picture, naming the bundle's file and the first
    /// layer left out (and how many more); nil when nothing is.
    public var problem: String? {
        guard case .bitmap(_, let undrawn) = self, let first = undrawn.first else { return nil }
        let more = undrawn.count - 1
        return first.description + (more > 0 ? " (and \(more) more layer\(more == 1 ? "" : "s"))" : "")
    }
}

extension PixelPicture {
    /// The picture of an icon's artwork, fitted to `geometry`. `onOneCore`: decode it on the
    /// calling thread alone, for a caller that makes several pictures side by side on every core.
    public init(artwork: IconArtwork, geometry: TileGeometry, sizing: Sizing = .tile, onOneCore: Bool = false) throws(PNGDecodeError) {
        switch artwork {
        case .file(let source): try self.init(iconPNGFrom: source, geometry: geometry, sizing: sizing, onOneCore: onOneCore)
        case .bitmap(let bitmap, _): self.init(icon: bitmap, geometry: geometry, sizing: sizing)
        }
    }
}
