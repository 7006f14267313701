import Foundation
import TerminalText

/// How to read an app: which idiom, where its icon files are, and `--define` values.
public struct CatalogOptions: Sendable {
    public var idiom: Idiom
    /// Look for icon files here (and below) instead of beside the plist.
    public var iconsDirectory: String?
    /// Values for `$(NAME)` / `${NAME}` in file entries and the bundle identifier.
    public var defines: [String: String]

    public init(idiom: Idiom = .phone, iconsDirectory: String? = nil, defines: [String: String] = [:]) {
        self.idiom = idiom
        self.iconsDirectory = iconsDirectory
        self.defines = defines
    }

    /// How an Info.plist with preprocessor lines is evaluated: `defines` as its macros.
    public var preprocessorOptions: PlistPreprocessor.Options { PlistPreprocessor.Options(definitions: defines) }

    /// The folder searched for icon files: `iconsDirectory`, else the plist's own folder.
    public func searchRoot(forPlist plistPath: String) -> String {
        let root = iconsDirectory ?? (plistPath as NSString).deletingLastPathComponent
        return root.isEmpty ? "." : root
    }

    /// Where icon files are looked for: `iconsDirectory`, else the app's own tree.
    public func iconTree(default tree: IconFileTree) -> IconFileTree {
        iconsDirectory.map(IconFileTree.folder) ?? tree
    }
}

/// Reads an app (an Info.plist or a folder holding one, a built `.app` or an `.ipa`) into an `AppIconCatalog`.
public enum CatalogReader {
    public static func read(app: String, options: CatalogOptions = CatalogOptions()) throws(CatalogError) -> AppIconCatalog {
        try catalog(from: OpenedApp.open(app, preprocessor: options.preprocessorOptions), options: options)
    }

    /// The icons as declared, without looking at a single file: every icon's `images` is
    /// empty and no file warnings are made. For the chooser, `current` and `set`, which need
    /// names at once and pictures (if ever) later: an `IconImageFinder` finds an icon's
    /// images when they are wanted, so an app with hundreds of icons does not stat and read
    /// hundreds of files before the first frame.
    public static func readDeclared(app: String, options: CatalogOptions = CatalogOptions()) throws(CatalogError) -> AppIconCatalog {
        try catalog(from: OpenedApp.open(app, preprocessor: options.preprocessorOptions), options: options, lookingForFiles: false)
    }

    /// Builds the catalog from an opened app (see `catalog(from:plistPath:options:lookingForFiles:)`).
    public static func catalog(from app: OpenedApp, options: CatalogOptions,
                               lookingForFiles: Bool = true) throws(CatalogError) -> AppIconCatalog {
        try catalog(from: app.plist, plistPath: app.plistPath, options: options, lookingForFiles: lookingForFiles,
                    source: app.source, iconTree: app.iconTree, openingWarnings: app.warnings)
    }

    /// Builds the catalog from an already-parsed plist; file lookups happen here unless
    /// `lookingForFiles` is false (see `readDeclared`). `iconTree` defaults to the plist's folder.
    public static func catalog(from plist: [String: Any], plistPath: String,
                               options: CatalogOptions, lookingForFiles: Bool = true,
                               source: AppSourceKind = .plist, iconTree: IconFileTree? = nil,
                               openingWarnings: [CatalogWarning] = []) throws(CatalogError) -> AppIconCatalog {
        let declared = try IconDeclarations.parse(plist, idiom: options.idiom, path: plistPath)
        var warnings = WarningList(capped: openingWarnings)
        warnings.append(contentsOf: declared.warningList)
        let tree = iconTree ?? .folder(CatalogOptions().searchRoot(forPlist: plistPath))
        let resolver = lookingForFiles
            ? IconFileResolver(tree: options.iconTree(default: tree), idiom: options.idiom, defines: options.defines)
            : nil
        let icons = declared.icons.map { icon in
            let subject = icon.name.map { "\(declared.iconsKey).CFBundleAlternateIcons.\(MessageText.abbreviated($0))" }
                ?? "\(declared.iconsKey).CFBundlePrimaryIcon"
            let files = icon.iconFiles.map { IconFileResolver.expand($0, defines: options.defines) }
            let images = resolver?.images(for: files, subject: subject, warnings: &warnings) ?? []
            return AppIcon(name: icon.name, ordinal: icon.ordinal, iconFiles: files,
                           prerendered: icon.prerendered, images: images, iconName: icon.iconName)
        }
        if let note = assetCatalogNote(icons, source: source, subject: plistPath) { warnings.append(note) }
        if let resolver, resolver.searchWasTruncated {
            warnings.add(code: "search-truncated", subject: resolver.searchRoot,
                "stopped looking for icon files after \(MessageText.grouped(FileIndex.maximumEntries)) entries")
        }
        let bundleIdentifier = (plist["CFBundleIdentifier"] as? String).map {
            IconFileResolver.expand($0, defines: options.defines)
        }
        return AppIconCatalog(
            plistPath: plistPath,
            displayName: (plist["CFBundleDisplayName"] as? String) ?? (plist["CFBundleName"] as? String),
            bundleIdentifier: bundleIdentifier,
            idiom: options.idiom,
            iconsKey: declared.iconsKey,
            icons: icons,
            warnings: warnings.warnings,
            source: source,
            iconTree: tree
        )
    }

    /// One warning for every icon named only by `CFBundleIconName`: their images are in an
    /// asset catalog (compiled into `Assets.car` in a built app), which is not read, so they
    /// are listed with a placeholder. Once per app, however many such icons it has.
    static func assetCatalogNote(_ icons: [AppIcon], source: AppSourceKind, subject: String) -> CatalogWarning? {
        let named = icons.filter(\.isAssetCatalogOnly)
        guard !named.isEmpty else { return nil }
        let list = MessageText.list(named.map { icon in
            icon.name.map { "“\(MessageText.abbreviated($0))”" } ?? "the primary icon “\(MessageText.abbreviated(icon.iconName ?? ""))”"
        }) { $0 }
        let one = named.count == 1
        let whereFrom = source.isBuilt ? "the compiled asset catalog (Assets.car)" : "an asset catalog, compiled at build time"
        return CatalogWarning(subject: subject,
            message: "\(list) \(one ? "has" : "have") only CFBundleIconName: \(one ? "its" : "their") images are in \(whereFrom), "
                + "which is not read; shown as \(one ? "a placeholder" : "placeholders")",
            code: "icon-name-only")
    }
}

/// Finds the images of a catalog read with `CatalogReader.readDeclared`, one icon at a time
/// and from any thread: the folder is walked once, on first use, and each icon's files are
/// looked up and their PNG headers read when that icon is asked for.
public final class IconImageFinder: @unchecked Sendable {
    private let tree: IconFileTree
    private let idiom: Idiom
    private let lock = NSLock()
    private var resolver: IconFileResolver?

    public init(catalog: AppIconCatalog, options: CatalogOptions) {
        self.tree = options.iconTree(default: catalog.iconTree)
        self.idiom = catalog.idiom
    }

    /// The images `CatalogReader.read` would have found for `icon` (its `iconFiles` are
    /// already expanded), without the warnings.
    public func images(for icon: AppIcon) -> [IconImage] {
        let resolver = lock.withLock {
            if let resolver = self.resolver { return resolver }
            // Entries are expanded already: no defines, so nothing is expanded twice.
            let made = IconFileResolver(tree: tree, idiom: idiom, defines: [:])
            self.resolver = made
            return made
        }
        var ignored = WarningList()
        return resolver.images(for: icon.iconFiles, subject: "", warnings: &ignored)
    }
}
