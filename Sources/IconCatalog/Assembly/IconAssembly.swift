import Foundation
import Synchronization
import TerminalText

/// Which icons a built app has, worked out the way Xcode builds it: the asset compiler makes
/// the primary from the icon `ASSETCATALOG_COMPILER_APPICON_NAME` names, and alternates from
/// every other app icon of the target's catalogs and Icon Composer bundles when
/// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS` is on, else from the names
/// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` lists that exist; then the build merges in
/// the alternates the target's Info.plist declares itself under `CFBundleIcons`.
///
/// - A name that is both an `.icon` bundle and an app icon set is one icon, drawn from the
///   bundle, with the set as its fallback (what systems before iOS 26 show).
/// - An alternate the Info.plist declares whose `CFBundleIconName` or `CFBundleIconFiles`
///   names an icon of the catalogs (a hybrid) takes that icon's images; others keep their
///   loose files, looked for as for any Info.plist.
/// - On iPad: a target that runs on iPad (`TARGETED_DEVICE_FAMILY` with 2) gets
///   `CFBundleIcons~ipad` from the asset compiler, and iPads read only that key, so alternates
///   its Info.plist declares only under `CFBundleIcons` are not on iPad (with a warning);
///   sets show their iPad images, else their universal ones. An iPhone-only target runs
///   on iPad as an iPhone app, with its iPhone icons.
///
/// Names are read first: without `lookingForFiles`, no set, bundle or image is opened, so an
/// app with hundreds of icons costs one walk of its catalogs (`IconImageFinder` reads each
/// icon's images when they are wanted).
struct IconAssembly {
    let app: OpenedApp
    let compiler: IconCompilerInputs
    let options: CatalogOptions
    let lookingForFiles: Bool

    static let primarySetting = "ASSETCATALOG_COMPILER_APPICON_NAME"
    static let alternatesSetting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    static let includeAllSetting = "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"

    /// An app icon of the catalogs and bundles, by the name the asset compiler gives it.
    struct Asset {
        var set: AssetCatalog.Entry?
        var bundle: AssetCatalog.Entry?

        var path: String { (bundle ?? set)!.path }
    }

    func catalog() -> AppIconCatalog {
        // The catalogs first: the app's Info.plist (and with it the opening's warnings, which
        // come first) may still be being read.
        let boundary = PathBoundary(root: compiler.boundary, folders: app.folders)
        let found = app.assets.value { collectAssets(boundary: boundary) }
        let (assets, names) = (found.assets, found.names)
        let shownIdiom = compiler.shownIdiom(on: options.idiom)
        var reader = AssetReader(boundary: boundary, idiom: shownIdiom, lookingForFiles: lookingForFiles)
        let primaryName = options.primaryIcon ?? compiler.primaryIconName
        let built = [primaryName].compactMap { $0 } + compiler.alternateIconNames + (compiler.includesAllAppIcons ? names : [])
        reader.prefetch(built.compactMap { name in assets[name].map { (asset: $0, name: name) } })
        var warnings = app.warnings + found.warnings

        // The primary: the icon the setting names.
        var primary: AppIcon?
        if let primaryName {
            if let asset = assets[primaryName] {
                primary = reader.icon(asset, named: primaryName, alternate: nil,
                                      declaration: declaration(of: asset, setting: Self.primarySetting))
            } else {
                let hint = app.source == .xcassets && options.primaryIcon == nil ? "; name the primary with --primary-icon NAME" : ""
                warnings.append(CatalogWarning(subject: compiler.settingsSource,
                    message: "\(primarySource) names the primary icon “\(primaryName)”, which \(nowhere)\(hint)",
                    code: .primaryIconMissing))
            }
        }

        // Alternates: the names listed that exist, or every other icon.
        var alternates: [String: AppIcon] = [:]
        for name in compiler.alternateIconNames where name != primaryName && alternates[name] == nil {
            guard let asset = assets[name] else {
                let commas = name.contains(",") ? " (the list is written with commas; Xcode splits it at spaces only)" : ""
                warnings.append(CatalogWarning(subject: compiler.settingsSource,
                    message: "\(Self.alternatesSetting) lists “\(name)”, which \(nowhere)\(commas); it is not an icon of the app",
                    code: .alternateIconMissing))
                continue
            }
            alternates[name] = reader.icon(asset, named: name, alternate: name,
                                           declaration: declaration(of: asset, setting: Self.alternatesSetting))
        }
        if compiler.includesAllAppIcons {
            for name in names where name != primaryName && alternates[name] == nil {
                let asset = assets[name]!
                alternates[name] = reader.icon(asset, named: name, alternate: name,
                                               declaration: declaration(of: asset, setting: Self.includeAllSetting))
            }
        }

        // What the Info.plist declares itself, merged in.
        let buildWritesIcons = primary != nil || !alternates.isEmpty
        let declared = plistDeclarations(buildWritesIcons: buildWritesIcons, shownIdiom: shownIdiom, warnings: &warnings)
        let plistPath = app.plistPath ?? app.path
        let resolver = lookingForFiles && declared != nil
            ? IconFileResolver(tree: options.iconTree(default: app.iconTree), idiom: options.idiom, defines: options.defines)
            : nil
        var unresolvedNames: [String] = []
        // Loose files go through the cap: a hostile plist can name thousands that are missing.
        var fileWarnings = WarningList()
        for icon in declared?.icons ?? [] {
            let keyPath = icon.name.map { "\(declared!.iconsKey).CFBundleAlternateIcons.\($0)" }
                ?? "\(declared!.iconsKey).CFBundlePrimaryIcon"
            let plistDeclaration = IconDeclaration(path: plistPath, keyPath: keyPath)
            guard let name = icon.name else {
                if primary == nil {
                    primary = hybrid(icon, assets: assets, reader: &reader, declaration: plistDeclaration)
                        ?? CatalogReader.plistIcon(icon, iconsKey: declared!.iconsKey, plistPath: plistPath,
                                                   defines: options.defines, resolver: resolver, warnings: &fileWarnings)
                }
                continue
            }
            if let known = alternates[name] {
                alternates[name] = known.declared(at: IconDeclaration(path: plistPath, keyPath: keyPath,
                                                                      setting: known.declaration.setting),
                                                  ordinal: icon.ordinal, prerendered: icon.prerendered)
            } else if let found = hybrid(icon, assets: assets, reader: &reader, declaration: plistDeclaration) {
                alternates[name] = found
            } else {
                let loose = CatalogReader.plistIcon(icon, iconsKey: declared!.iconsKey, plistPath: plistPath,
                                                    defines: options.defines, resolver: resolver, warnings: &fileWarnings)
                if loose.isAssetCatalogOnly { unresolvedNames.append(name) }
                alternates[name] = loose
            }
        }
        warnings += fileWarnings.warnings
        if !unresolvedNames.isEmpty {
            let shown = unresolvedNames.sorted().prefix(5).map { "“\(MessageText.abbreviated($0))”" }.joined(separator: ", ")
            let more = unresolvedNames.count > 5 ? " and \(unresolvedNames.count - 5) more" : ""
            warnings.append(CatalogWarning(subject: plistPath,
                message: "the CFBundleIconName of alternate \(shown)\(more) \(nowhere); "
                    + "shown as \(unresolvedNames.count == 1 ? "a placeholder" : "placeholders")",
                code: .iconNameMissing))
        }
        if let resolver, resolver.searchWasTruncated {
            warnings.append(.searchTruncated(root: resolver.searchRoot))
        }
        warnings += reader.warnings
        if let note = reader.effectsNote { warnings.append(note) }

        let first = primary ?? AppIcon(name: nil, picturesFrom: primaryName == nil ? .plist : .appiconset, assetName: primaryName,
                                       declaration: IconDeclaration(path: compiler.settingsSource,
                                                                    setting: primaryName == nil ? nil : Self.primarySetting),
                                       ordinal: nil, iconFiles: [], prerendered: nil, images: [])
        if primaryName == nil && primary == nil {
            warnings.append(CatalogWarning(subject: compiler.settingsSource,
                message: "no primary icon: \(Self.primarySetting) is empty and the Info.plist declares none; shown as a placeholder",
                code: .primaryIconMissing))
        }
        return AppIconCatalog(
            path: app.path, plistPath: app.plistPath, displayName: displayName, bundleIdentifier: bundleIdentifier,
            idiom: options.idiom, iconsKey: shownIdiom.iconsKey,
            icons: [first] + IconDeclarations.chooserOrder(Array(alternates.values), name: \.name, ordinal: \.ordinal),
            warnings: warnings.capped(), appKind: app.source, iconTree: app.iconTree, target: app.target, compiler: compiler)
    }

    // MARK: Names

    /// Every app icon of the catalogs (in catalog order, then by name) and of the bundles,
    /// by name; a second folder giving a name of the same kind is left out with a warning.
    private func collectAssets(boundary: PathBoundary?) -> AssetNamesCache.Found {
        var warnings: [CatalogWarning] = []
        var assets: [String: Asset] = [:]
        var names: [String] = []
        func add(_ entry: AssetCatalog.Entry) {
            var asset = assets[entry.name] ?? Asset()
            let taken = entry.kind == .iconSet ? asset.set : asset.bundle
            if let taken {
                warnings.append(CatalogWarning(subject: entry.path,
                    message: "names the same app icon “\(entry.name)” as \(taken.path); ignored", code: .catalogDuplicateName))
                return
            }
            if entry.kind == .iconSet { asset.set = entry } else { asset.bundle = entry }
            if assets[entry.name] == nil { names.append(entry.name) }
            assets[entry.name] = asset
        }
        for scanned in compiler.assetCatalogs.concurrentMap({ AssetCatalog.scan($0, boundary: boundary) }) {
            warnings += scanned.warnings
            scanned.icons.forEach(add)
        }
        for path in compiler.iconBundles {
            let name = (ProjectPaths.lastComponent(path) as NSString).deletingPathExtension
            add(AssetCatalog.Entry(name: name, kind: .iconComposer, path: path))
        }
        return AssetNamesCache.Found(assets: assets, names: names, warnings: warnings)
    }

    private func declaration(of asset: Asset, setting: String) -> IconDeclaration {
        IconDeclaration(path: asset.path, setting: app.target == nil ? nil : setting)
    }

    /// A plist-declared icon whose `CFBundleIconName`, or one of whose `CFBundleIconFiles`,
    /// names an icon of the catalogs: that icon, declared where the plist declares it.
    private func hybrid(_ icon: DeclaredIcon, assets: [String: Asset], reader: inout AssetReader,
                        declaration: IconDeclaration) -> AppIcon? {
        let candidates = [icon.iconName].compactMap { $0 } + icon.iconFiles.map { IconFileResolver.expand($0, defines: options.defines) }
        guard let name = candidates.first(where: { assets[$0] != nil }), let asset = assets[name] else { return nil }
        return reader.icon(asset, named: name, alternate: icon.name, declaration: declaration)
            .declared(at: declaration, ordinal: icon.ordinal, prerendered: icon.prerendered)
    }

    /// The Info.plist's own icon declarations as the built app has them. When the build writes
    /// `CFBundleIcons~ipad` (a target that runs on iPad, compiling icons), an iPad reads that
    /// key only: declarations under `CFBundleIcons` alone do not reach it.
    private func plistDeclarations(buildWritesIcons: Bool, shownIdiom: Idiom,
                                   warnings: inout [CatalogWarning]) -> IconDeclarations.Result? {
        let plist = app.plist
        let plistPath = app.plistPath ?? app.path
        if options.idiom == .pad && shownIdiom == .pad && buildWritesIcons && plist[Idiom.pad.iconsKey] == nil {
            if let phone = plist[Idiom.phone.iconsKey] as? [String: Any], phone["CFBundleAlternateIcons"] != nil {
                warnings.append(CatalogWarning(subject: plistPath,
                    message: "declares alternates only under CFBundleIcons; the build writes CFBundleIcons~ipad, "
                        + "which is all an iPad reads, so they are not on iPad", code: .alternatesNotOnIpad))
            }
            return nil
        }
        // An iPhone-only app on an iPad reads CFBundleIcons, as an iPhone does.
        let idiom = shownIdiom == .phone ? Idiom.phone : options.idiom
        guard plist[IconDeclarations.iconsKey(in: plist, idiom: idiom)] != nil else { return nil }
        do {
            let result = try IconDeclarations.parse(plist, idiom: idiom, path: plistPath)
            warnings += result.warnings
            return result
        } catch {
            warnings.append(CatalogWarning(subject: plistPath, message: "\(error.description); its icons are not read",
                                           code: .malformedIconEntry))
            return nil
        }
    }

    // MARK: The app

    private var displayName: String? {
        let plist = app.plist
        for key in ["CFBundleDisplayName", "CFBundleName"] {
            if let name = plist[key] as? String, !name.isEmpty, !name.contains("$(") { return name }
        }
        if let product = app.target?.productName, !product.isEmpty { return product }
        return app.source == .xcassets ? (ProjectPaths.lastComponent(app.path) as NSString).deletingPathExtension : nil
    }

    private var bundleIdentifier: String? {
        if let identifier = app.plist["CFBundleIdentifier"] as? String, !identifier.isEmpty, !identifier.contains("$") {
            return identifier
        }
        return app.target?.bundleIdentifier
    }

    /// For messages: what named the primary.
    private var primarySource: String {
        if options.primaryIcon != nil { return "--primary-icon" }
        return app.target == nil ? "reading a catalog alone" : Self.primarySetting
    }

    /// For messages: that a name is not among the icons looked at.
    private var nowhere: String {
        app.target.map { "is in none of target “\($0.targetName)”'s asset catalogs and Icon Composer bundles" }
            ?? "is not an app icon of the catalog"
    }
}

/// The app icons an opened app's catalogs and bundles hold, found once however many catalogs
/// (the iPhone's and the iPad's) are built from it: the same folders give the same names.
final class AssetNamesCache: Sendable {
    struct Found {
        let assets: [String: IconAssembly.Asset]
        let names: [String]
        let warnings: [CatalogWarning]
    }

    private let found = Mutex<Found?>(nil)

    func value(_ make: () -> Found) -> Found {
        found.withLock { found in
            if let found { return found }
            let made = make()
            found = made
            return made
        }
    }
}

extension AppIcon {
    /// The same icon declared at `declaration` (by an Info.plist), with its ordinal and `UIPrerenderedIcon`.
    func declared(at declaration: IconDeclaration, ordinal: Int?, prerendered: Bool?) -> AppIcon {
        AppIcon(name: name, picturesFrom: picturesFrom, assetName: assetName, assetPath: assetPath, fallbackSetPath: fallbackSetPath,
                declaration: declaration, ordinal: ordinal, iconFiles: iconFiles, prerendered: prerendered,
                images: images, iconName: iconName, bundleAppearances: bundleAppearances)
    }
}

/// Reads the sets and bundles of the icons assembled, when files are looked at: each set's
/// images for the device, its warnings, and which Icon Composer effects are not drawn.
struct AssetReader {
    let boundary: PathBoundary?
    let idiom: Idiom
    let lookingForFiles: Bool
    private(set) var warnings: [CatalogWarning] = []
    private var effects: [(bundle: String, effects: Set<IconComposerEffect>)] = []
    private var read = Set<String>()
    /// Sets and bundles read ahead by `prefetch`, by path and the name they were read under.
    private var prefetchedSets: [String: (name: String, images: [IconImage], warnings: [CatalogWarning])] = [:]
    private var prefetchedBundles: [String: (name: String, bundle: IconComposerBundle)] = [:]

    init(boundary: PathBoundary?, idiom: Idiom, lookingForFiles: Bool) {
        self.boundary = boundary
        self.idiom = idiom
        self.lookingForFiles = lookingForFiles
    }

    /// Reads the sets and bundles of `wanted` on all cores, each once, to be taken by `icon`
    /// as it is called for them: the icons, their images and the order of the warnings are
    /// those of reading them one by one.
    mutating func prefetch(_ wanted: [(asset: IconAssembly.Asset, name: String)]) {
        guard lookingForFiles else { return }
        enum Job {
            case set(path: String, name: String)
            case bundle(path: String, name: String)
        }
        enum Done {
            case set(path: String, name: String, images: [IconImage], warnings: [CatalogWarning])
            case bundle(path: String, name: String, IconComposerBundle)
        }
        var jobs: [Job] = []
        var queued = Set<String>()
        for (asset, name) in wanted {
            if let set = asset.set, queued.insert(set.path).inserted { jobs.append(.set(path: set.path, name: name)) }
            if let bundle = asset.bundle, queued.insert(bundle.path).inserted { jobs.append(.bundle(path: bundle.path, name: name)) }
        }
        let boundary = boundary, idiom = idiom
        for done in jobs.concurrentMap({ job -> Done in
            switch job {
            case .set(let path, let name):
                let (images, warnings) = AppIconSet.images(at: path, name: name, idiom: idiom, boundary: boundary)
                return .set(path: path, name: name, images: images, warnings: warnings)
            case .bundle(let path, let name):
                return .bundle(path: path, name: name, IconComposerBundle.read(at: path, name: name, boundary: boundary))
            }
        }) {
            switch done {
            case .set(let path, let name, let images, let warnings): prefetchedSets[path] = (name, images, warnings)
            case .bundle(let path, let name, let bundle): prefetchedBundles[path] = (name, bundle)
            }
        }
    }

    /// The icon for `asset`: drawn from its bundle when it has one (its set, if any, the
    /// fallback whose images are listed), else from its set.
    mutating func icon(_ asset: IconAssembly.Asset, named assetName: String, alternate: String?,
                       declaration: IconDeclaration) -> AppIcon {
        let setPath = asset.set?.path
        var images: [IconImage] = [], bundleAppearances: Set<IconAppearance> = []
        if lookingForFiles {
            if let setPath {
                let prefetched = prefetchedSets[setPath].flatMap { $0.name == assetName ? ($0.images, $0.warnings) : nil }
                let (found, setWarnings) = prefetched
                    ?? AppIconSet.images(at: setPath, name: assetName, idiom: idiom, boundary: boundary)
                images = found
                if read.insert(setPath).inserted { warnings += setWarnings }
            }
            if let bundle = asset.bundle {
                let opened = prefetchedBundles[bundle.path].flatMap { $0.name == assetName ? $0.bundle : nil }
                    ?? IconComposerBundle.read(at: bundle.path, name: assetName, boundary: boundary)
                prefetchedBundles[bundle.path] = (assetName, opened)
                bundleAppearances = Set<IconAppearance>([.light]).union(opened.document.specializedAppearances)
                if read.insert(bundle.path).inserted {
                    warnings += opened.warnings
                    if !opened.unsimulatedEffects.isEmpty { effects.append((bundle.path, opened.unsimulatedEffects)) }
                }
            }
        }
        return AppIcon(name: alternate, picturesFrom: asset.bundle == nil ? .appiconset : .icon, assetName: assetName,
                       assetPath: asset.path, fallbackSetPath: asset.bundle == nil ? nil : setPath,
                       declaration: declaration, ordinal: nil, iconFiles: [], prerendered: nil, images: images,
                       bundleAppearances: bundleAppearances)
    }

    /// One note for the whole app: the Icon Composer effects its bundles use that a flat picture leaves out.
    var effectsNote: CatalogWarning? {
        guard let first = effects.first else { return nil }
        let used = effects.reduce(into: Set<IconComposerEffect>()) { $0.formUnion($1.effects) }.sorted()
        let bundles = effects.map { ProjectPaths.lastComponent($0.bundle) }
        let named = bundles.prefix(3).joined(separator: ", ") + (bundles.count > 3 ? " and \(bundles.count - 3) more" : "")
        return CatalogWarning(subject: first.bundle,
            message: "\(named) \(bundles.count == 1 ? "uses" : "use") \(used.map(\.rawValue).joined(separator: ", ")), "
                + "which \(used.count == 1 ? "is" : "are") not simulated: the pictures are drawn flat",
            code: .iconEffectsNotSimulated)
    }
}

extension AppIconSet {
    /// The set's images a device of `idiom` has: its own entries, the universal ones and the
    /// marketing image, each with idiom, size, scale and appearance; and the set's warnings.
    package static func images(at path: String, name: String? = nil, idiom: Idiom,
                               boundary: PathBoundary?) -> (images: [IconImage], warnings: [CatalogWarning]) {
        let set = read(at: path, name: name, readingSizes: true, boundary: boundary)
        let own: AppIconSetImage.Idiom = idiom == .pad ? .ipad : .iphone
        let kept = set.images.filter { $0.idiom == own || $0.idiom == .universal || $0.idiom == .iosMarketing }
        return (kept.map(\.iconImage), set.warnings)
    }
}
