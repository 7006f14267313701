import Foundation
import IconCatalog

/// How an app declares its alternates today, read from its catalogs, so that a new icon is
/// written the same way and the project stays in one style.
package struct AppLayout: Sendable {
    /// The two ways an alternate can be written.
    package enum Style: String, Sendable, CaseIterable {
        /// An app icon set (or Icon Composer bundle) in an asset catalog, shipped by the
        /// build settings.
        case assetCatalog = "catalog"
        /// `CFBundleAlternateIcons` entries in the Info.plist naming loose PNG files.
        case plist
    }

    /// The catalog of each idiom read, iPhone first.
    package let catalogs: [AppIconCatalog]

    package init(catalogs: [AppIconCatalog]) {
        precondition(!catalogs.isEmpty, "a layout needs the app read at least once")
        self.catalogs = catalogs
    }

    package var phone: AppIconCatalog { catalogs[0] }
    /// The iPad catalog, when it was read separately.
    package var pad: AppIconCatalog? { catalogs.first { $0.idiom == .pad } }

    /// Every alternate of every idiom, iPhone first, each name once.
    package var alternates: [AppIcon] {
        var seen = Set<String>()
        return catalogs.flatMap(\.alternates).filter { $0.name.map { seen.insert($0).inserted } ?? false }
    }

    /// The style the app's alternates use: the catalog's when any alternate comes from a set
    /// or a bundle, the plist's when they all name loose files, nil when it has none.
    package var existingStyle: Style? {
        let alternates = alternates
        if alternates.contains(where: { $0.picturesFrom == .appiconset || $0.picturesFrom == .icon }) { return .assetCatalog }
        if alternates.contains(where: { $0.picturesFrom == .plist }) { return .plist }
        return nil
    }

    /// Alternates that an Info.plist entry declares (the plist style, and the hybrid in which
    /// plist entries name a catalog's sets): a new icon gets such an entry too.
    package var plistDeclaredAlternates: [AppIcon] {
        alternates.filter { $0.declaration.keyPath != nil }
    }

    /// An alternate a plist entry declares, whose shape a new entry copies.
    package struct PlistTemplate: Sendable {
        package let icon: AppIcon

        /// The idioms whose icons key declares it: `CFBundleIcons`, and `CFBundleIcons~ipad`
        /// where the app has that key and the entry is in it.
        func declaredIdioms(in layout: AppLayout) -> [Idiom] {
            layout.catalogs.filter { catalog in
                catalog.iconsKey == catalog.idiom.iconsKey
                    && catalog.alternate(named: icon.name ?? "")?.declaration.keyPath?.hasPrefix(catalog.iconsKey + ".") == true
            }.map(\.idiom)
        }

        /// The template's entry as its Info.plist writes it. An icon whose entry names a
        /// catalog's set is read as that set, which keeps the entry's place, ordinal and
        /// `UIPrerenderedIcon` but not whether it has `CFBundleIconFiles` or `CFBundleIconName`;
        /// a new entry carries the keys its neighbour has, so the plist is read again for them.
        func declaredEntry() throws(CatalogError) -> DeclaredIcon? {
            let path = icon.declaration.path
            let idiom: Idiom = icon.declaration.keyPath?.hasPrefix(Idiom.pad.iconsKey + ".") == true ? .pad : .phone
            let plist = try PlistLoader.load(path)
            return try IconDeclarations.parse(plist, idiom: idiom, path: path).icons.first { $0.name != nil && $0.name == icon.name }
        }
    }

    /// The last alternate in chooser order that a plist entry declares: the shape a new
    /// entry copies.
    package var plistTemplate: PlistTemplate? { plistDeclaredAlternates.last.map(PlistTemplate.init) }

    /// The last alternate whose plist entry names a catalog's set or bundle (the hybrid way):
    /// a new catalog icon gets such an entry too. An entry naming loose files is no model for one.
    package var catalogPlistTemplate: PlistTemplate? {
        plistDeclaredAlternates.last { $0.picturesFrom == .appiconset || $0.picturesFrom == .icon }.map(PlistTemplate.init)
    }

    /// The last alternate declared with loose files, whose file names a new one follows.
    package var looseTemplate: LooseIconSibling? { looseTemplate(excluding: nil, withPadFiles: false) }

    /// The last alternate other than `excluded` declared with loose files (with iPad entries
    /// too, when `withPadFiles`), whose file names another follows.
    package func looseTemplate(excluding excluded: String?, withPadFiles: Bool) -> LooseIconSibling? {
        let candidates = plistDeclaredAlternates.filter { $0.picturesFrom == .plist && !$0.iconFiles.isEmpty && $0.name != excluded }
        let icon = withPadFiles
            ? candidates.last { icon in pad.flatMap { $0.iconsKey == Idiom.pad.iconsKey ? $0.alternate(named: icon.name ?? "") : nil } != nil }
            : candidates.last
        guard let icon, let name = icon.name else { return nil }
        let padIcon = pad.flatMap { $0.iconsKey == Idiom.pad.iconsKey ? $0.alternate(named: name) : nil }
        var seen = Set<String>()
        let files = (icon.images + (padIcon?.images ?? [])).compactMap { image -> LooseIconSibling.File? in
            guard case .file(let path) = image.storage, seen.insert(path).inserted else { return nil }
            return LooseIconSibling.File(path: path, pixels: image.width)
        }
        return LooseIconSibling(name: name, phoneEntries: icon.iconFiles, padEntries: padIcon?.iconFiles ?? [], files: files)
    }

    /// The folder of the primary's loose files, where new ones go when no alternate has any.
    package var primaryFilesFolder: String? {
        for image in phone.primary.images {
            if case .file(let path) = image.storage, phone.primary.picturesFrom == .plist { return (path as NSString).deletingLastPathComponent }
        }
        return nil
    }

    /// The idioms a new catalog icon must show in once written: iPhone, and iPad where the
    /// app's iPad icons have alternates or it runs on iPad.
    package var shippedIdioms: [Idiom] {
        let pad = (self.pad?.alternates.isEmpty == false) || (phone.compiler?.supportsPad ?? false)
        return pad ? [.phone, .pad] : [.phone]
    }

    /// The namespace a new set in `setFolder` takes (`AppIcons/`), as the alternates' sets
    /// there have it; empty at a catalog's top or in a group without one.
    package var namespace: String {
        for icon in alternates where icon.picturesFrom == .appiconset {
            guard let name = icon.name, let path = icon.assetPath, Self.folder(of: path) == setFolder else { continue }
            let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            if name.hasSuffix("/" + base) { return String(name.dropLast(base.count)) }
            return ""
        }
        return ""
    }

    /// A setting's place as a summary shows it: the file (from the app's folder) and, in a
    /// project file, the target and configuration.
    package func shownSite(_ site: SettingSite) -> String {
        switch site.place {
        case .xcconfig: return shown(site.file)
        case let .buildConfiguration(_, configuration, target?): return "\(shown(site.file)) (target “\(target)”, \(configuration))"
        case let .buildConfiguration(_, configuration, nil): return "\(shown(site.file)) (the project's \(configuration))"
        case let .specSettings(target, configuration):
            return "\(shown(site.file)) (\(target.map { "target “\($0)”" } ?? "the project's settings"), \(configuration))"
        }
    }

    /// A path as a summary shows it: from the app's folder down when it is inside.
    package func shown(_ path: String) -> String {
        let root = Self.folder(of: phone.path)
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// The next `ordinal` after the others, where the plist's alternates carry one.
    package var nextOrdinal: Int? {
        let ordinals = plistDeclaredAlternates.compactMap(\.ordinal)
        guard !ordinals.isEmpty else { return nil }
        return ordinals.max()!.addingReportingOverflow(1).overflow ? nil : ordinals.max()! + 1
    }

    /// The app icon sets of alternates, in chooser order: where a new set goes, and its form.
    package var alternateSets: [String] {
        alternates.compactMap { $0.picturesFrom == .appiconset ? $0.assetPath : $0.fallbackSetPath }
    }

    /// The Icon Composer bundles of alternates, in chooser order.
    package var alternateBundles: [String] {
        alternates.compactMap { $0.picturesFrom == .icon ? $0.assetPath : nil }
    }

    /// The folder a new app icon set goes in: beside the alternates' sets (the same catalog and
    /// namespace group), else beside the primary's set, else the top of the target's first
    /// asset catalog. Nil when the app has no asset catalog at all.
    package var setFolder: String? {
        if let sibling = alternateSets.last { return Self.folder(of: sibling) }
        if let primary = phone.primary.setPath { return Self.folder(of: primary) }
        return phone.target?.assetCatalogs.first
    }

    /// The first asset catalog the target names and the readers refuse (a symbolic link leading
    /// out of the boundary, say), its path as a summary shows it: where no catalog can hold a
    /// new set, the reason the developer is told.
    package var unreadCatalog: UnreadCatalog? {
        guard let unread = phone.target?.unreadCatalogs.first else { return nil }
        return UnreadCatalog(path: shown(unread.path), reason: unread.reason, boundary: unread.boundary)
    }

    /// The folder a new Icon Composer bundle goes in: beside the alternates' bundles, else
    /// beside the primary's bundle, else where a new set would go.
    package var bundleFolder: String? {
        if let sibling = alternateBundles.last { return Self.folder(of: sibling) }
        if phone.primary.picturesFrom == .icon, let primary = phone.primary.assetPath { return Self.folder(of: primary) }
        return setFolder
    }

    /// Every name an icon of the app answers to: alternates' names and the sets' and bundles'
    /// asset names (a new set must not take one), primary included.
    package var takenNames: Set<String> {
        var names = Set<String>()
        for catalog in catalogs {
            for icon in catalog.icons {
                if let name = icon.name { names.insert(name) }
                if let asset = icon.assetName { names.insert(asset) }
                if let path = icon.assetPath, icon.picturesFrom == .appiconset || icon.picturesFrom == .icon {
                    names.insert(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
                }
            }
        }
        return names
    }

    /// Whether the new icon's entry goes in `CFBundleIcons~ipad` too: where the app's plist
    /// has that key, or the app runs on iPad.
    package var writesPadEntry: Bool {
        if let pad, pad.iconsKey == Idiom.pad.iconsKey { return true }
        return phone.compiler?.supportsPad ?? false
    }

    /// The folder nothing is written outside of, and how a refusal names it: the boundary the
    /// readers kept to (the folder named with `--app`, else the top of the git work tree holding
    /// what it names, else the project's or the plist's folder), so that an edit may write
    /// wherever the app's own files were read from (React Native's `../images`) and nowhere else.
    package func boundary(app: String) -> ReadBoundary {
        if let target = phone.target { return target.boundary }
        if let compiler = phone.compiler { return ReadBoundary(root: compiler.boundary, kind: .assetCatalog) }
        let plistFolder = Self.folder(of: URL(fileURLWithPath: phone.plistPath ?? phone.path).standardizedFileURL.path)
        return ReadBoundary.forProject(in: plistFolder, app: app)
    }

    private static func folder(of path: String) -> String {
        (path as NSString).deletingLastPathComponent
    }
}
