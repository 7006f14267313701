import Foundation

/// The form an app was given in, as `list --json` reports it under `app.source`.
public enum AppSourceKind: String, Sendable, Codable, CaseIterable {
    /// An Info.plist, or a folder holding one.
    case plist
    /// A built `.app` folder: a binary Info.plist and Xcode's crushed PNGs.
    case app
    /// An `.ipa` archive holding `Payload/NAME.app/`.
    case ipa

    /// Built by Xcode: icons named only by `CFBundleIconName` live in the compiled `Assets.car`.
    public var isBuilt: Bool { self == .app || self == .ipa }
}

/// Where an app's icon files are looked for: a folder on disk, walked by `FileIndex`, or
/// the app folder inside an `.ipa`, whose entry names are indexed the same way.
public enum IconFileTree: Sendable {
    case folder(String)
    case archive(ArchivedAppFolder)

    /// The folder's path, or `App.ipa:Payload/App.app`, for messages.
    public var displayName: String {
        switch self {
        case .folder(let path): return path
        case .archive(let folder): return folder.displayName
        }
    }
}

/// An app's Info.plist as read, with where it came from and where its icon files are: what
/// the catalog and `lint` are built from, whatever form the app was given in.
public struct OpenedApp {
    public let source: AppSourceKind
    /// The Info.plist read: a path, or `App.ipa:Payload/App.app/Info.plist`.
    public let plistPath: String
    public let plist: [String: Any]
    /// Where icon files are looked for unless `--icons` says otherwise.
    public let iconTree: IconFileTree
    /// Problems met opening the app that did not stop it (entries of an archive left unread).
    public let warnings: [CatalogWarning]

    public init(source: AppSourceKind, plistPath: String, plist: [String: Any], iconTree: IconFileTree,
                warnings: [CatalogWarning] = []) {
        self.source = source
        self.plistPath = plistPath
        self.plist = plist
        self.iconTree = iconTree
        self.warnings = warnings
    }

    /// Opens `path`: a built `.app` folder or `.ipa` archive (see `BuiltApp`), else an
    /// Info.plist or a folder holding one, whose preprocessor lines (if any) are evaluated
    /// as `preprocessor` says.
    public static func open(_ path: String,
                            preprocessor: PlistPreprocessor.Options = PlistPreprocessor.Options()) throws(CatalogError) -> OpenedApp {
        if let kind = BuiltApp.kind(of: path) { return try BuiltApp.open(path, as: kind) }
        let plistPath = try PlistLoader.locate(path)
        let folder = (plistPath as NSString).deletingLastPathComponent
        return OpenedApp(source: .plist, plistPath: plistPath, plist: try PlistLoader.load(plistPath, preprocessor: preprocessor),
                         iconTree: .folder(folder.isEmpty ? "." : folder))
    }
}
