import Foundation
import IconArt
import IconCatalog

/// What the project rules look at when lint opens an Xcode target or an asset catalog:
/// the asset compiler's inputs, the warnings met assembling the icons, and each icon the
/// build ships read from its set or bundle. Gathered once, before any rule runs, so the
/// rules stay pure functions that never touch the disk.
///
/// Cost: one walk of the target's catalogs, one read of each shipped set (`Contents.json`
/// and its PNG headers), one flat drawing of each shipped Icon Composer bundle per
/// appearance it has art for, at `layerCheckPixelSize`, and one decode of the primary's
/// marketing image; linear in the number of icons and images.
package struct ProjectFacts: Sendable {
    /// A drawing this small still decodes every layer, which is what the check is for.
    static let layerCheckPixelSize = 32
    /// As the catalog caps its own warnings.
    static let maximumOtherWarnings = 50

    package let compiler: IconCompilerInputs
    package let source: AppSourceKind
    /// The build configuration read, for a project.
    package let configuration: String?
    /// Warnings of the reading with a code that some rule reports (`alternate-icon-missing`,
    /// `primary-icon-missing`, `missing-xcconfig-include`, …), each once.
    package let warnings: [CatalogWarning]
    /// The icons the build makes from the catalogs and bundles, primary first.
    package let icons: [ShippedIcon]
    /// What reading the shipped sets and bundles warned about that no rule reports
    /// (a `Contents.json` that is not JSON, say): shown beside the findings.
    package let otherWarnings: [CatalogWarning]
    /// App icons of the catalogs that no built icon is made from, in the configuration read
    /// or in any other of the target's (see `unshippedIn`).
    package let unshipped: [AssetCatalog.Entry]
    /// The configurations none of which ship `unshipped`: every one of the target's whose
    /// settings could be read; empty when there is no project target.
    package let unshippedIn: [String]
    /// The primary's App Store image (1024 px, light) and what decoding it found.
    package let marketingImage: (path: String, facts: ImageFacts)?

    package init(compiler: IconCompilerInputs, source: AppSourceKind, configuration: String? = nil, warnings: [CatalogWarning],
                 icons: [ShippedIcon], otherWarnings: [CatalogWarning] = [], unshipped: [AssetCatalog.Entry],
                 unshippedIn: [String] = [], marketingImage: (path: String, facts: ImageFacts)?) {
        self.compiler = compiler
        self.source = source
        self.configuration = configuration
        self.warnings = warnings
        self.icons = icons
        self.otherWarnings = otherWarnings
        self.unshipped = unshipped
        self.unshippedIn = unshippedIn
        self.marketingImage = marketingImage
    }

    /// Gathers the facts from the catalogs the build makes, one per idiom lint checks (their
    /// icons and warnings are merged by name), reading what `compiler` names. `defines` are
    /// the `--define` values the target was read with, for reading its other configurations;
    /// `folders`, those of the opening the catalogs were built from.
    package static func gather(from catalogs: [AppIconCatalog], compiler: IconCompilerInputs, source: AppSourceKind,
                               defines: [String: String] = [:], reportedCodes: Set<ProblemCode>,
                               inspector: any ImageInspector, folders: ResolvedFolders = ResolvedFolders()) -> ProjectFacts {
        let boundary = PathBoundary(root: compiler.boundary, folders: folders)
        var warnings: [CatalogWarning] = []
        var seenWarnings = Set<CatalogWarning>()
        var icons: [ShippedIcon] = []
        var seenIcons = Set<String?>()
        var shippedAssets = Set<String>()
        for catalog in catalogs {
            for warning in catalog.warnings where warning.code.map(reportedCodes.contains) == true
                && seenWarnings.insert(warning).inserted {
                warnings.append(warning)
            }
            for icon in catalog.icons {
                if let assetName = icon.assetName, icon.picturesFrom != .plist { shippedAssets.insert(assetName) }
                guard icon.picturesFrom != .plist, icon.assetPath != nil, seenIcons.insert(icon.name).inserted else { continue }
                icons.append(ShippedIcon.read(icon, boundary: boundary, inspector: inspector))
            }
        }
        var unshipped: [AssetCatalog.Entry] = []
        // A set another configuration ships is deliberate (a production primary, read in a debug
        // configuration); one that a configuration including every icon ships is never left out.
        let configurations = catalogs.first?.target?.iconsOfEveryConfiguration(defines: defines) ?? []
        for other in configurations { shippedAssets.formUnion(other.names) }
        if !compiler.includesAllAppIcons && !configurations.contains(where: \.includesAllAppIcons) {
            var seenPaths = Set<String>()
            let bundles = compiler.iconBundles.map { path in
                AssetCatalog.Entry(name: ((path as NSString).lastPathComponent as NSString).deletingPathExtension,
                                   kind: .iconComposer, path: path)
            }
            let entries = compiler.assetCatalogs.flatMap { AssetCatalog.scan($0, boundary: boundary).icons } + bundles
            for entry in entries where !shippedAssets.contains(entry.name) && seenPaths.insert(entry.path).inserted {
                unshipped.append(entry)
            }
        }
        var marketing: (String, ImageFacts)?
        if let primary = icons.first(where: { $0.name == nil }), primary.bundle == nil,
           let image = primary.set?.marketingImage {
            marketing = (image.path, inspector.inspect(.file(image.path)))
        }
        var others = icons.flatMap { icon in icon.warnings.filter { $0.code.map(reportedCodes.contains) != true } }
        if others.count > maximumOtherWarnings {
            let omitted = others.count - maximumOtherWarnings + 1
            others = Array(others.prefix(maximumOtherWarnings - 1))
                + [CatalogWarning(subject: compiler.settingsSource, message: "\(omitted) more warnings not shown", code: .warningsOmitted)]
        }
        return ProjectFacts(compiler: compiler, source: source, configuration: catalogs.first?.target?.configuration,
                            warnings: warnings, icons: icons, otherWarnings: others,
                            unshipped: unshipped, unshippedIn: configurations.map(\.configuration), marketingImage: marketing)
    }

    /// The primary, when the build makes it from a set or bundle.
    var primary: ShippedIcon? { icons.first { $0.name == nil } }

    /// The warnings with `code`.
    func warnings(_ code: ProblemCode) -> [CatalogWarning] { warnings.filter { $0.code == code } }
}

/// One icon the build makes from an app icon set or an Icon Composer bundle, as read.
package struct ShippedIcon: Sendable {
    /// The alternate's name; nil for the primary.
    package let name: String?
    /// The set's or bundle's name in the catalog.
    package let assetName: String
    /// The app icon set: the icon's own, or the fallback of its bundle.
    package let set: AppIconSet?
    /// The Icon Composer bundle it is drawn from, when it has one.
    package let bundle: IconComposerBundle?
    /// What reading the set and bundle, and drawing the bundle, warned about.
    package let warnings: [CatalogWarning]

    package init(name: String?, assetName: String, set: AppIconSet?, bundle: IconComposerBundle?, warnings: [CatalogWarning]) {
        self.name = name
        self.assetName = assetName
        self.set = set
        self.bundle = bundle
        self.warnings = warnings
    }

    /// Findings about the icon sort with it, as the built Info.plist lists it.
    package var subject: LintSubject { .icon(set: LintContext.phoneKey, name: name) }

    /// “the primary icon (set “AppIcon”)”, “alternate “Blue” (icon “Blue”)”.
    package var label: String {
        let kind = bundle == nil ? "set" : "icon"
        let asset = "(\(kind) \(LintText.quote(assetName)))"
        return name.map { "alternate \(LintText.quote($0)) \(asset)" } ?? "the primary icon \(asset)"
    }

    /// The set's light images: sizes are checked against these.
    var lightImages: [AppIconSetImage] { self.set?.images.filter { $0.appearance == .light } ?? [] }

    static func read(_ icon: AppIcon, boundary: PathBoundary?, inspector: any ImageInspector) -> ShippedIcon {
        let assetName = icon.assetName ?? icon.displayName
        var warnings: [CatalogWarning] = []
        var bundle: IconComposerBundle?
        var setPath = icon.fallbackSetPath
        if icon.picturesFrom == .icon, let path = icon.assetPath {
            let read = IconComposerBundle.read(at: path, name: assetName, boundary: boundary)
            let known = Set(read.warnings)
            warnings += read.warnings + inspector.drawingProblems(ofBundleAt: path) { drawingProblems(of: read, svgTime: inspector.svgTime) }.filter { !known.contains($0) }
            bundle = read
        } else {
            setPath = icon.assetPath
        }
        let set = setPath.map { AppIconSet.read(at: $0, name: assetName, readingSizes: true, boundary: boundary) }
        warnings += set?.warnings ?? []
        return ShippedIcon(name: icon.name, assetName: assetName, set: set, bundle: bundle, warnings: warnings)
    }

    /// Layers that cannot be drawn in any appearance the bundle has art of its own for.
    private static func drawingProblems(of bundle: IconComposerBundle, svgTime: SVGTimeBudget?) -> [CatalogWarning] {
        let renderer = IconComposerRenderer(svgTime: svgTime)
        var problems: [CatalogWarning] = []
        var seen = Set<CatalogWarning>()
        for appearance in IconAppearance.allCases where appearance == .light || bundle.composition(for: appearance).derivation == nil {
            for warning in renderer.render(bundle, appearance: appearance, pixelSize: ProjectFacts.layerCheckPixelSize).warnings
                where seen.insert(warning).inserted {
                problems.append(warning)
            }
        }
        return problems
    }
}

extension AppIconSet {
    /// The 1024 px light image the App Store shows: the multi-size form's `ios-marketing`
    /// entry, or the single-size form's universal image.
    var marketingImage: AppIconSetImage? {
        images.first { image in
            image.appearance == .light && (image.idiom == .iosMarketing || image.idiom == .universal)
                && image.expectedPixelWidth == 1024
        }
    }

    /// A set with one image per device size rather than one 1024 px image for all.
    var isMultiSize: Bool {
        !images.contains { $0.idiom == .universal } && images.contains { $0.idiom == .iphone || $0.idiom == .ipad }
    }
}
