import CellCanvas
import ChooserUI
import FileAccess
import Foundation
import IconArt
import IconCatalog
import IconLint
import TerminalText

/// Where the details panel's facts come from, all made off the input loop: an icon's files
/// and declaration, the app's lint findings (once), and the large picture in symbols.
public protocol DetailsSource: Sendable {
    func details(_ icon: IconKey, deliver: @escaping @Sendable (IconKey, IconDetails) -> Void)
    func findings(deliver: @escaping @Sendable (AppFindings) -> Void)
    /// Replaces a picture asked for before and not yet started.
    func picture(_ picture: DetailsPicture, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                 deliver: @escaping @Sendable (CellGrid) -> Void)
    /// Drops the work not yet started: the chooser is leaving.
    func cancelAll()
}

/// The details of an app's icons: files found (once per icon) and pictures rendered on the
/// chooser's `DecodeQueue`, ahead of the tiles, as they are for the icon in focus; the
/// lint run on a thread of its own, as it reads the whole app.
public final class ChooserDetails: DetailsSource, @unchecked Sendable {
    private let icons: ChooserIcons
    private let queue: DecodeQueue
    /// The idiom whose images the icons show (for the appearances iOS derives).
    private let idiom: Idiom
    /// Paths are shown from here down (the folder the app was given in).
    private let root: String
    private let lint: @Sendable () throws -> LintReport
    /// An Expo project: every icon is declared by an entry of its config, not an Info.plist key.
    private let isExpo: Bool

    /// The details of `catalog`'s icons, paths shown from the folder the app is in; `lint`
    /// checks the app as `iconchooser lint` does.
    public init(icons: ChooserIcons, catalog: AppIconCatalog, queue: DecodeQueue,
                lint: @escaping @Sendable () throws -> LintReport) {
        self.icons = icons
        self.queue = queue
        self.idiom = catalog.shownIdiom
        let folder = (catalog.path as NSString).deletingLastPathComponent
        self.root = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        self.lint = lint
        self.isExpo = catalog.appKind == .expo
    }

    public func details(_ icon: IconKey, deliver: @escaping @Sendable (IconKey, IconDetails) -> Void) {
        queue.add([DecodeQueue.Job(kind: .details, icon: icon, size: .large) { [self] in
            guard let found = icons.iconWithImages(icon) else { return }
            deliver(icon, describe(found))
        }], urgent: true)
    }

    public func findings(deliver: @escaping @Sendable (AppFindings) -> Void) {
        let lint = lint
        DispatchQueue.global(qos: .utility).async {
            do {
                deliver(AppFindings(try lint()))
            } catch {
                deliver(AppFindings(failure: TextSanitizer.clean(String(describing: error))))
            }
        }
    }

    public func picture(_ picture: DetailsPicture, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                        deliver: @escaping @Sendable (CellGrid) -> Void) {
        queue.cancel(.detailsSymbols)
        queue.add([DecodeQueue.Job(kind: .detailsSymbols, icon: picture.icon, size: .large) { [icons] in
            guard let grid = icons.tile(picture.icon, columns: picture.columns, rows: picture.rows, symbols: symbols,
                                        depth: depth, appearance: appearance) else { return }
            deliver(grid)
        }], urgent: true)
    }

    public func cancelAll() {
        queue.cancel(.details)
        queue.cancel(.detailsSymbols)
    }

    /// A path as the panel shows it: below `root` when it is, made safe to print.
    func shown(_ path: String) -> String {
        TextSanitizer.clean(!root.isEmpty && path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path)
    }

    /// What the panel says about `icon`, whose `images` have been found.
    func describe(_ icon: AppIcon) -> IconDetails {
        var places: [IconDetails.Place] = []
        let declaration = icon.declaration
        if let keyPath = declaration.keyPath, isExpo {
            places.append(.configEntry(TextSanitizer.clean(keyPath), file: shown(declaration.path),
                                       plugin: declaration.plugin.map(TextSanitizer.clean), key: declaration.configKey.map(TextSanitizer.clean)))
        } else if let keyPath = declaration.keyPath {
            // The icons key and CFBundleAlternateIcons or CFBundlePrimaryIcon, then the name, which may hold dots.
            places.append(.plistKey(keyPath.split(separator: ".", maxSplits: 2).map { TextSanitizer.clean(String($0)) },
                                    file: shown(declaration.path)))
        }
        switch icon.picturesFrom {
        case .appiconset:
            if let set = icon.assetPath { places.append(.iconSet(shown(set))) }
        case .icon:
            if let bundle = icon.assetPath { places.append(.iconBundle(shown(bundle), olderSystems: icon.fallbackSetPath.map(shown))) }
        case .car:
            if let car = icon.assetPath { places.append(.iconSet("\(shown(car)): \(TextSanitizer.clean(icon.assetName ?? ""))")) }
        case .plist, .expo:
            break
        }
        if let setting = declaration.setting { places.append(.setting(setting)) }
        if places.isEmpty, !declaration.path.isEmpty { places.append(.iconSet(shown(declaration.path))) }

        var images = icon.images.map { Self.image($0) }
        // The appearances iOS makes from the light image, where the icon has none of its own.
        if !icon.images.isEmpty {
            for appearance in IconAppearance.allCases where !icon.ownAppearances.contains(appearance) {
                images += icon.images(for: appearance, idiom: idiom).map { Self.image($0) }
            }
        }
        if icon.picturesFrom == .icon, let bundle = icon.assetPath { images += layerImages(of: bundle) }
        var note: String?
        if images.isEmpty {
            note = icon.isAssetCatalogOnly
                ? "only CFBundleIconName: the images are in the compiled asset catalog, which is not read"
                : "no image files found"
        }
        return IconDetails(places: places, images: images, note: note)
    }

    static func image(_ image: IconImage) -> IconDetails.Image {
        IconDetails.Image(file: TextSanitizer.clean((image.path as NSString).lastPathComponent), width: image.width,
                          height: image.height, idiom: image.idiom?.rawValue, appearance: image.appearance,
                          derived: image.isDerived)
    }

    /// An Icon Composer bundle's layer files per appearance (those iOS derives marked so), with
    /// the pixel size of PNG layers.
    func layerImages(of path: String) -> [IconDetails.Image] {
        let bundle = IconComposerBundle.read(at: path)
        var images: [IconDetails.Image] = []
        for appearance in IconAppearance.allCases {
            let composition = bundle.composition(for: appearance)
            var seen = Set<String>()
            for layer in composition.groups.flatMap(\.layers) where seen.insert(layer.asset.path).inserted {
                let size = layer.asset.format == .png
                    ? (try? BoundedFile.readPrefix(layer.asset.path, count: 33)).flatMap(PNGHeader.size(of:)) : nil
                images.append(IconDetails.Image(file: TextSanitizer.clean(layer.asset.imageName), width: size?.width,
                                                height: size?.height, idiom: "layer", appearance: appearance,
                                                derived: composition.derivation != nil))
            }
        }
        return images
    }
}

extension AppFindings {
    /// A lint report sorted by the icon each finding concerns (an app-wide finding that names
    /// icons goes with each of them); those about the app or a whole icon set are only counted.
    init(_ report: LintReport) {
        var byIcon: [String?: [IconFinding]] = [:]
        var elsewhere = 0, elsewhereFixable = 0
        for finding in report.listed {
            let severity: IconFinding.Severity
            switch finding.severity {
            case .error: severity = .error
            case .warning: severity = .warning
            case .note: severity = .note
            }
            let shown = IconFinding(severity: severity, rule: finding.rule, message: finding.message,
                                    fixable: LintFix.fix(for: finding.rule) != nil)
            if case .icon(_, let name) = finding.subject {
                byIcon[name, default: []].append(shown)
            } else if !finding.icons.isEmpty {
                for name in finding.icons { byIcon[name, default: []].append(shown) }
            } else {
                elsewhere += 1
                if shown.fixable { elsewhereFixable += 1 }
            }
        }
        self.init(byIcon: byIcon, elsewhere: elsewhere, elsewhereFixable: elsewhereFixable)
    }
}
