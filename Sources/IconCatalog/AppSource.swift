import FileAccess
import Foundation

/// Where an app's icon files are looked for: a folder on disk, walked by `FileIndex`, or
/// the app folder inside an `.ipa`, whose entry names are indexed the same way.
package enum IconFileTree: Sendable {
    case folder(String)
    case archive(ArchivedAppFolder)
    /// A project target's Info.plist folder, and the loose files its resources phase copies
    /// to the app's top (which may lie elsewhere in the repository: React Native's `../images`).
    case project(folder: String, resources: [String])

    /// The folder's path, or `App.ipa:Payload/App.app`, for messages.
    package var displayName: String {
        switch self {
        case .folder(let path), .project(let path, _): return path
        case .archive(let folder): return folder.displayName
        }
    }
}

/// An app opened for reading its icons, whatever form it came in: its Info.plist (as the
/// build processes it, for a project) and where loose icon files are, and for a project or
/// an asset catalog what the asset compiler makes its icons from. What the catalog and
/// `lint` are built from.
package struct OpenedApp: Sendable {
    package let source: AppSourceKind
    /// What was opened, for messages (see `AppIconCatalog.path`).
    package let path: String
    /// The Info.plist read: a path, or `App.ipa:Payload/App.app/Info.plist`; nil when there is none.
    package let plistPath: String?
    /// Its contents (for a project: preprocessed, build settings expanded, generated keys
    /// added); empty when there is no Info.plist.
    package var plist: [String: Any] { contents.value().plist }
    /// Where loose icon files are looked for unless `--icons` says otherwise.
    package let iconTree: IconFileTree
    /// Problems met opening the app that did not stop it (entries of an archive left unread,
    /// a project's missing xcconfig files).
    package var warnings: [CatalogWarning] { contents.value().warnings }
    /// The Info.plist and the warnings, which for a project are still being read while its
    /// catalogs are (see `ProjectOpener`).
    private let contents: OpenedContents
    /// For an Xcode project: the target read.
    package let target: ResolvedTarget?
    /// For a project or an asset catalog: what the asset compiler is given.
    package let compiler: IconCompilerInputs?
    /// The app icons of `compiler`'s catalogs and bundles once found, for every catalog built
    /// from this opening (the chooser builds the iPhone and the iPad one).
    let assets = AssetNamesCache()
    /// The folders this opening resolved, kept for the catalogs and checks built from it and
    /// shared with no other opening (see `ResolvedFolders`).
    package let folders: ResolvedFolders
    /// For an Expo project: its config, read.
    package var expo: ExpoProject?

    package init(source: AppSourceKind, path: String? = nil, plistPath: String?, plist: [String: Any],
                 iconTree: IconFileTree, warnings: [CatalogWarning] = [], target: ResolvedTarget? = nil,
                 compiler: IconCompilerInputs? = nil, folders: ResolvedFolders = ResolvedFolders()) {
        self.init(source: source, path: path, plistPath: plistPath, contents: OpenedContents(made: PlistContents(plist: plist, warnings: warnings)),
                  iconTree: iconTree, target: target, compiler: compiler, folders: folders)
    }

    init(source: AppSourceKind, path: String?, plistPath: String?, contents: OpenedContents, iconTree: IconFileTree,
         target: ResolvedTarget?, compiler: IconCompilerInputs?, folders: ResolvedFolders = ResolvedFolders()) {
        self.folders = folders
        self.source = source
        self.path = path ?? plistPath ?? ""
        self.plistPath = plistPath
        self.contents = contents
        self.iconTree = iconTree
        self.target = target
        self.compiler = compiler
    }

    /// Opens `path` as `AppLocation.locate` finds it, with its form's reader (see `AppForm`):
    /// an Info.plist (or a folder holding one), an Xcode project (choosing the target and
    /// configuration `options` name), an asset catalog, a built `.app` or an `.ipa`, an Expo
    /// project. Preprocessor lines of an Info.plist are evaluated with `options.defines` (and,
    /// for a project, the target's definitions). `readAhead`: the projects read ahead for this
    /// path (see `AppOpener.prepare`), whose resolved folders the opening then shares; else the
    /// opening resolves its own.
    static func open(_ path: String, options: CatalogOptions, readAhead: ProjectReadAhead.Entry?) throws(CatalogError) -> OpenedApp {
        let location = try AppLocation.locate(path)
        if case .xcodeProject = location, let opened = readAhead?.opening(for: options) { return try opened.get() }
        return try location.open(path, options: options, readAhead: readAhead, folders: readAhead?.folders ?? ResolvedFolders())
    }
}

/// An opened app's Info.plist and opening warnings: given, or being read on another thread
/// (a project's Info.plist, while the assembly reads its catalogs), and waited for when asked.
typealias OpenedContents = ComputedOnce<PlistContents, Never>

/// An Info.plist as read and the warnings of opening it. The plist holds property-list values
/// (strings, numbers, dates, data, arrays, dictionaries), never changed once read: sharing them
/// between threads is safe, though `Any` cannot say so.
struct PlistContents: @unchecked Sendable {
    let plist: [String: Any]
    let warnings: [CatalogWarning]
}
