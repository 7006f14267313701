import Foundation
import TerminalText

/// How to read an app: which idiom, where its icon files are, `--define` values, and for a
/// project which target and configuration.
public struct CatalogOptions: Sendable {
    /// `--idiom`: which device's icons to read (default iPhone).
    public var idiom: Idiom
    /// Look for icon files here (and below) instead of beside the plist.
    public var iconsDirectory: String?
    /// Values for `$(NAME)` / `${NAME}` in file entries and the bundle identifier; for a
    /// project, build settings that override every level (and preprocessor macros).
    public var defines: [String: String]
    /// The project's application target to read, by name; needed when there are several.
    public var target: String?
    /// The `.xcodeproj` (path or name) the target is in, where target names repeat across projects.
    public var project: String?
    /// The build configuration; nil: `Release` where the target has it, else the list's default.
    public var configuration: String?
    /// The primary icon's name in an asset catalog read alone (default `AppIcon`); for a
    /// project, instead of `ASSETCATALOG_COMPILER_APPICON_NAME`.
    public var primaryIcon: String?
    /// Whether an Expo project's config program (`app.config.js`, `.ts`) may be run through the
    /// project's own Expo CLI; off by default, and never for `serve`, whose visitors must not run an app's code.
    public var runsExpoCLI = false
    /// How long that may take, in seconds.
    public var expoCLITimeout = 60

    /// Options as the command line gives them; every one is optional, as `--app` needs none.
    public init(idiom: Idiom = .phone, iconsDirectory: String? = nil, defines: [String: String] = [:],
                target: String? = nil, project: String? = nil, configuration: String? = nil, primaryIcon: String? = nil) {
        self.idiom = idiom
        self.iconsDirectory = iconsDirectory
        self.defines = defines
        self.target = target
        self.project = project
        self.configuration = configuration
        self.primaryIcon = primaryIcon
    }

    /// How an Info.plist with preprocessor lines is evaluated: `defines` as its macros.
    package var preprocessorOptions: PlistPreprocessor.Options { PlistPreprocessor.Options(definitions: defines) }

    /// The folder searched for icon files: `iconsDirectory`, else the plist's own folder.
    package func searchRoot(forPlist plistPath: String) -> String {
        let root = iconsDirectory ?? (plistPath as NSString).deletingLastPathComponent
        return root.isEmpty ? "." : root
    }

    /// Where icon files are looked for: `iconsDirectory`, else the app's own tree.
    package func iconTree(default tree: IconFileTree) -> IconFileTree {
        iconsDirectory.map(IconFileTree.folder) ?? tree
    }
}

/// Reads an app into an `AppIconCatalog`: an Info.plist or a folder holding one, an Xcode
/// project's application target, an asset catalog, a built `.app` or an `.ipa` (see `AppLocation`).
/// The library's entry point, and the one every `iconchooser` command opens `--app` through, so
/// another tool sees exactly what `list` shows.
public enum CatalogReader {
    /// Every icon with its images, in chooser order, and the warnings: the one entry point for any
    /// form of app, taking the options `--app` takes. Throws only when the app cannot be read at all
    /// (missing, not a plist, a project whose target must be chosen); anything less is a warning.
    /// `opener`: the one that may have read the app ahead (`AppOpener.prepare`); by default a
    /// new one, which reads everything afresh.
    public static func read(app: String, options: CatalogOptions = CatalogOptions(),
                            opener: AppOpener = AppOpener()) throws(CatalogError) -> AppIconCatalog {
        try catalog(from: opener.open(app, options: options), options: options)
    }

    /// The icons as declared, without looking at a single file: every icon's `images` is
    /// empty and no file warnings are made. For the chooser, `current` and `set`, which need
    /// names at once and pictures (if ever) later: an `IconImageFinder` finds an icon's
    /// images when they are wanted, so an app with hundreds of icons does not stat and read
    /// hundreds of files before the first frame.
    public static func readDeclared(app: String, options: CatalogOptions = CatalogOptions(),
                                    opener: AppOpener = AppOpener()) throws(CatalogError) -> AppIconCatalog {
        try catalog(from: opener.open(app, options: options), options: options, lookingForFiles: false)
    }

    /// `readDeclared` for the idiom asked for, and the app's other icon set where iPads read one
    /// of their own: `CFBundleIcons~ipad` in its Info.plist, or the one the build writes for an
    /// app that runs on iPad (an asset catalog read alone counts as one). nil: iPads read the
    /// iPhone set. The chooser's `p` switches between the two; the app is opened once.
    public static func readDeclaredWithTwin(app: String, options: CatalogOptions = CatalogOptions(), opener: AppOpener = AppOpener())
        throws(CatalogError) -> (catalog: AppIconCatalog, twin: AppIconCatalog?) {
        try readDeclaredWithTwin(opened: opener.open(app, options: options), options: options)
    }

    /// `readDeclaredWithTwin` of an app already opened.
    package static func readDeclaredWithTwin(opened: OpenedApp, options: CatalogOptions)
        throws(CatalogError) -> (catalog: AppIconCatalog, twin: AppIconCatalog?) {
        let catalog = try catalog(from: opened, options: options, lookingForFiles: false)
        var other = options
        other.idiom = options.idiom == .phone ? .pad : .phone
        guard let twin = try? self.catalog(from: opened, options: other, lookingForFiles: false) else { return (catalog, nil) }
        let pad = options.idiom == .pad ? catalog : twin
        return (catalog, pad.iconsKey == Idiom.pad.iconsKey ? twin : nil)
    }

    /// `read` for every idiom (iPhone first), the app opened once: for a command that edits
    /// the app, which must see both icon sets, and reads the app again after writing.
    public static func readEveryIdiom(app: String, options: CatalogOptions = CatalogOptions(),
                                      opener: AppOpener = AppOpener()) throws(CatalogError) -> [AppIconCatalog] {
        try readEveryIdiom(opened: opener.open(app, options: options), options: options)
    }

    /// As `readEveryIdiom(app:)`, from an app already opened with `options`.
    package static func readEveryIdiom(opened: OpenedApp, options: CatalogOptions) throws(CatalogError) -> [AppIconCatalog] {
        var catalogs: [AppIconCatalog] = []
        for idiom in Idiom.allCases {
            var each = options
            each.idiom = idiom
            catalogs.append(try catalog(from: opened, options: each))
        }
        return catalogs
    }

    /// Builds the catalog from an opened app: for a project or an asset catalog, the icons
    /// the build makes (see `IconAssembly`); else those its Info.plist declares.
    package static func catalog(from app: OpenedApp, options: CatalogOptions,
                                lookingForFiles: Bool = true) throws(CatalogError) -> AppIconCatalog {
        // An Expo config names each image by path: a few headers, read whether or not files are looked for.
        if let expo = app.expo { return ExpoCatalog.catalog(expo, app: app, options: options) }
        if let compiler = app.compiler {
            return IconAssembly(app: app, compiler: compiler, options: options, lookingForFiles: lookingForFiles).catalog()
        }
        return try catalog(from: app.plist, plistPath: app.plistPath ?? app.path, options: options, lookingForFiles: lookingForFiles,
                           source: app.source, iconTree: app.iconTree, openingWarnings: app.warnings)
    }

    /// Builds the catalog from an already-parsed plist; file lookups happen here unless
    /// `lookingForFiles` is false (see `readDeclared`). `iconTree` defaults to the plist's folder.
    package static func catalog(from plist: [String: Any], plistPath: String,
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
        var icons = declared.icons.map { icon in
            plistIcon(icon, iconsKey: declared.iconsKey, plistPath: plistPath, defines: options.defines,
                      resolver: resolver, warnings: &warnings)
        }
        var warnedByTheCar = Set<String>()
        if lookingForFiles, source.isBuilt {
            icons = compiledIcons(icons, tree: tree, idiom: options.idiom, warnings: &warnings, leftOut: &warnedByTheCar)
        }
        if let note = assetCatalogNote(icons.filter { !warnedByTheCar.contains($0.iconName ?? "") }, source: source, subject: plistPath) {
            warnings.append(note)
        }
        if let resolver, resolver.searchWasTruncated {
            warnings.append(.searchTruncated(root: resolver.searchRoot))
        }
        let bundleIdentifier = (plist["CFBundleIdentifier"] as? String).map {
            IconFileResolver.expand($0, defines: options.defines)
        }
        return AppIconCatalog(
            path: plistPath,
            plistPath: plistPath,
            displayName: (plist["CFBundleDisplayName"] as? String) ?? (plist["CFBundleName"] as? String),
            bundleIdentifier: bundleIdentifier,
            idiom: options.idiom,
            iconsKey: declared.iconsKey,
            icons: icons,
            warnings: warnings.warnings,
            appKind: source,
            iconTree: tree
        )
    }

    /// A declared icon whose pictures are loose files, with the images `resolver` finds for them.
    static func plistIcon(_ icon: DeclaredIcon, iconsKey: String, plistPath: String, defines: [String: String],
                          resolver: IconFileResolver?, warnings: inout WarningList) -> AppIcon {
        let keyPath = icon.name.map { "\(iconsKey).CFBundleAlternateIcons.\($0)" } ?? "\(iconsKey).CFBundlePrimaryIcon"
        let subject = icon.name.map { "\(iconsKey).CFBundleAlternateIcons.\(MessageText.abbreviated($0))" } ?? keyPath
        let files = icon.iconFiles.map { IconFileResolver.expand($0, defines: defines) }
        let images = resolver?.images(for: files, subject: subject, warnings: &warnings).map(\.describingItsName) ?? []
        return AppIcon(name: icon.name, picturesFrom: .plist, declaration: IconDeclaration(path: plistPath, keyPath: keyPath),
                       ordinal: icon.ordinal, iconFiles: files, prerendered: icon.prerendered, images: images,
                       iconName: icon.iconName)
    }

    /// In a built app, each icon named by `CFBundleIconName` whose images the app's `Assets.car`
    /// holds takes them from there (the loose files Xcode writes for the primary are the same pictures).
    /// The names of icons whose images the car holds but cannot show go to `leftOut`: the car's
    /// warning speaks for them.
    static func compiledIcons(_ icons: [AppIcon], tree: IconFileTree, idiom: Idiom, warnings: inout WarningList,
                              leftOut: inout Set<String>) -> [AppIcon] {
        guard icons.contains(where: { $0.iconName != nil }) else { return icons }
        let (car, warning) = CarFile.open(in: tree)
        if let warning { warnings.append(warning) }
        guard let car else { return icons }
        let (found, carWarnings) = car.images(named: icons.compactMap(\.iconName), idiom: idiom)
        carWarnings.forEach { warnings.append($0) }
        return icons.map { icon in
            guard let name = icon.iconName else { return icon }
            guard let images = found[name], !images.isEmpty else {
                if car.holdsImages(named: name, idiom: idiom) { leftOut.insert(name) }
                return icon
            }
            return icon.fromCar(car, images: images)
        }
    }

    /// One warning for every icon named only by `CFBundleIconName` whose images were not found:
    /// in a project or plist they are in an asset catalog, compiled at build time, which is not
    /// read; in a built app the compiled asset catalog (`Assets.car`) has none for it. They are
    /// listed with a placeholder. Once per app, however many such icons it has.
    static func assetCatalogNote(_ icons: [AppIcon], source: AppSourceKind, subject: String) -> CatalogWarning? {
        let named = icons.filter(\.isAssetCatalogOnly)
        guard !named.isEmpty else { return nil }
        let list = MessageText.list(named.map { icon in
            icon.name.map { "“\(MessageText.abbreviated($0))”" } ?? "the primary icon “\(MessageText.abbreviated(icon.iconName ?? ""))”"
        }) { $0 }
        let one = named.count == 1
        let shown = "shown as \(one ? "a placeholder" : "placeholders")"
        guard !source.isBuilt else {
            return CatalogWarning(subject: subject,
                message: "\(list) \(one ? "has" : "have") only CFBundleIconName, and the compiled asset catalog (Assets.car) "
                    + "has no images for \(one ? "it" : "them"); \(shown)",
                code: .iconNameOnly)
        }
        return CatalogWarning(subject: subject,
            message: "\(list) \(one ? "has" : "have") only CFBundleIconName: \(one ? "its" : "their") images are in "
                + "an asset catalog, compiled at build time, which is not read; \(shown)",
            code: .iconNameOnly)
    }
}

/// Finds the images of a catalog read with `CatalogReader.readDeclared`, one icon at a time
/// and from any thread: loose files through one walk of the folder, made on first use;
/// an app icon set's images by reading that set when its icon is asked for.
public final class IconImageFinder: @unchecked Sendable {
    private let tree: IconFileTree
    private let idiom: Idiom
    /// The idiom whose images an icon set shows (an iPhone-only app on an iPad shows its iPhone ones).
    private let setIdiom: Idiom
    private let boundary: PathBoundary?
    private let lock = NSLock()
    private var resolver: IconFileResolver?
    /// The built app's compiled asset catalog, once looked for (nil inside: the app has none).
    private var compiled: CarFile??
    /// A built app: its icons named by CFBundleIconName take their images from its car.
    private let isBuilt: Bool

    /// A finder for the catalog's icons, looking where `options` says (`iconsDirectory`) as the reading did.
    public init(catalog: AppIconCatalog, options: CatalogOptions) {
        self.tree = options.iconTree(default: catalog.iconTree)
        self.idiom = catalog.idiom
        self.setIdiom = catalog.shownIdiom
        self.boundary = catalog.compiler.flatMap { PathBoundary(root: $0.boundary) }
        self.isBuilt = catalog.appKind.isBuilt
    }

    /// The images `CatalogReader.read` would have found for `icon` (its `iconFiles` are
    /// already expanded), without the warnings.
    public func images(for icon: AppIcon) -> [IconImage] {
        if icon.picturesFrom == .expo { return icon.images }
        if let set = icon.setPath {
            return AppIconSet.images(at: set, idiom: setIdiom, boundary: boundary).images
        }
        if icon.picturesFrom == .car || isBuilt && icon.picturesFrom == .plist, let name = icon.iconName {
            let fromCar = lock.withLock {
                if compiled == nil { compiled = CarFile.open(in: tree).car.map { .some($0) } ?? .some(nil) }
                return compiled??.images(named: name, idiom: idiom) ?? []
            }
            if !fromCar.isEmpty { return fromCar }
        }
        guard icon.picturesFrom == .plist else { return [] }
        let resolver = lock.withLock {
            if let resolver = self.resolver { return resolver }
            // Entries are expanded already: no defines, so nothing is expanded twice.
            let made = IconFileResolver(tree: tree, idiom: idiom, defines: [:])
            self.resolver = made
            return made
        }
        var ignored = WarningList()
        return resolver.images(for: icon.iconFiles, subject: "", warnings: &ignored).map(\.describingItsName)
    }
}
