import FileAccess
import Foundation

/// The form an app was given in, as `list --json` reports it under `app.source`.
public enum AppSourceKind: String, Sendable, Codable, CaseIterable {
    /// An Info.plist, or a folder holding one.
    case plist
    /// An application target of an Xcode project (a `.xcodeproj`, a workspace, or a folder holding them).
    case xcodeproj
    /// An application target of the project an XcodeGen spec (`project.yml`) generates.
    case xcodegen
    /// An asset catalog (`NAME.xcassets`) on its own.
    case xcassets
    /// A built `.app` folder: a binary Info.plist and Xcode's crushed PNGs.
    case app
    /// An `.ipa` archive holding `Payload/NAME.app/`.
    case ipa
    /// An Expo project's config (`app.json`, `app.config.json`), read before `expo prebuild`.
    case expo

    /// Built by Xcode: icons named only by `CFBundleIconName` live in the compiled `Assets.car`.
    public var isBuilt: Bool { self == .app || self == .ipa }
}

/// What a path given as the app stands for: which reader opens it, and what it is given. One
/// rule for every command, so `--app` accepts whatever a developer has at hand; the forms are
/// tried in the order of `AppForm.all`:
///
/// - a file: an `.ipa` (or any zip archive), `project.pbxproj` (its `.xcodeproj`), an Expo
///   config, an XcodeGen spec (`.yml`, `.yaml`, a `.json` that is one), else an Info.plist;
/// - a folder named `.xcodeproj` or `.xcworkspace`: that; one named `.app`, `.xcassets` or
///   `.icon` is known by its contents: holding a project, a workspace, an XcodeGen spec, a
///   Swift package or a Tuist manifest, it is a source folder (a clone named so), else that;
/// - any other folder: an Expo project it holds or lies in; its Info.plist when it has one at
///   its top and no Xcode project or workspace beside it (a plist folder); else the Xcode
///   projects found in it (see `XcodeProjectLocator`).
package enum AppLocation: Equatable, Sendable {
    /// An Info.plist file.
    case infoPlist(String)
    /// A `.xcodeproj`, a `.xcworkspace`, an XcodeGen spec, or a folder to search for projects.
    case xcodeProject(String)
    /// An asset catalog folder.
    case assetCatalog(String)
    /// A built `.app` folder or `.ipa` archive.
    case builtApp(AppSourceKind)
    /// An Expo project's config (`app.json`, `app.config.json`) that declares icons, or what
    /// `expo config --json` printed.
    case expoConfig(String)
    /// An Expo project's config program (`app.config.js`, `.ts`): it decides over `app.json`.
    case expoProgram(String)

    /// Decides what `path` is, asking each form of `AppForm.all` in turn and looking at no
    /// more than the folder's own entries. Throws when nothing is there, or a folder holds
    /// neither an Info.plist nor a project.
    package static func locate(_ path: String) throws(CatalogError) -> AppLocation {
        let candidate = try AppCandidate(path)
        for form in AppForm.all {
            if let location = try form.locate(candidate) { return location }
        }
        // The last form, a folder searched for projects, takes every folder; every file is an Info.plist.
        preconditionFailure("no form of app took \(path)")
    }

    /// Opens the app found here with the reader of its form. `folders`: the folders resolved so
    /// far (see `ResolvedFolders`); `readAhead`: what `AppOpener.prepare` read for the path.
    func open(_ path: String, options: CatalogOptions, readAhead: ProjectReadAhead.Entry?,
              folders: ResolvedFolders) throws(CatalogError) -> OpenedApp {
        switch self {
        case .builtApp(let kind):
            return try BuiltApp.open(path, as: kind)
        case .infoPlist(let plistPath):
            let folder = (plistPath as NSString).deletingLastPathComponent
            return OpenedApp(source: .plist, plistPath: plistPath,
                             plist: try PlistLoader.load(plistPath, preprocessor: options.preprocessorOptions),
                             iconTree: .folder(folder.isEmpty ? "." : folder))
        case .xcodeProject(let projectPath):
            return try ProjectOpener.open(projectPath, options: options, readAhead: readAhead, folders: folders)
        case .assetCatalog(let catalogPath):
            return ProjectOpener.openAssetCatalog(catalogPath, options: options, folders: folders)
        case .expoConfig(let configPath):
            return Self.openExpo(try ExpoProject.read(configPath), path: path, folders: folders)
        case .expoProgram(let program):
            return Self.openExpo(try ExpoCLI.evaluate(program, options: options), path: path, folders: folders)
        }
    }

    private static func openExpo(_ project: ExpoProject, path: String, folders: ResolvedFolders) -> OpenedApp {
        var opened = OpenedApp(source: .expo, path: path, plistPath: nil, plist: [:], iconTree: .folder(project.root),
                               folders: folders)
        opened.expo = project
        return opened
    }
}

/// A path given as the app, with what the forms ask of it, each looked at once and only when
/// asked: its kind, its name, whether a folder is a source folder, holds an Info.plist or a project.
final class AppCandidate {
    let path: String
    let kind: FileKind
    let name: String

    init(_ path: String) throws(CatalogError) {
        guard let kind = FileKind.following(path) else {
            throw BoundedFile.linkProblem(path).map { .badLink(path: path, problem: $0) } ?? .notFound(path: path)
        }
        self.path = path
        self.kind = kind
        name = (path as NSString).lastPathComponent
    }

    var isFolder: Bool { kind == .directory }
    var pathExtension: String { ProjectPaths.pathExtension(name) }

    /// A folder named like an `.app`, an asset catalog or an `.icon` bundle that holds sources: a clone named so.
    private(set) lazy var isSourceFolder = isFolder && ["app", "xcassets", "icon"].contains(pathExtension)
        && AppForm.holdsSources(path)
    /// The Info.plist a folder would hold at its top.
    private(set) lazy var plist = (path as NSString).appendingPathComponent("Info.plist")
    private(set) lazy var hasPlist = FileKind.following(plist) != nil
    /// Whether a folder holds a project, a workspace, or a generated project's manifest (read: XcodeGen; named: Tuist).
    private(set) lazy var holdsProject: Bool = {
        let names = DirectoryListing.names(in: path, limit: XcodeProjectLocator.maximumEntries)?.names ?? []
        return names.contains {
            XcodeProjectLocator.isProjectBundle($0) || ($0 != "Package.swift" && AppForm.sourceMarkers.contains($0))
        }
    }()
}

/// One form an app can be given in, registered by value: the kinds it reports, and how a path
/// is known as it. `AppForm.all` is the one table; `AppLocation.open` runs its reader.
package struct AppForm: Sendable {
    /// What `list --json` calls the apps it opens (`app.source`).
    package let kinds: [AppSourceKind]
    /// What the path stands for when it is this form; nil to ask the next form.
    let locate: @Sendable (AppCandidate) throws(CatalogError) -> AppLocation?

    /// Every form, in the order they are asked: the first to know a path takes it.
    package static let all: [AppForm] = [builtApp, xcodeProject, assetCatalog, expo, xcodeGen, infoPlist, projectSearch]

    /// A built `.app` folder or `.ipa` (any zip archive), unless a folder so named holds sources.
    static let builtApp = AppForm(kinds: [.app, .ipa]) { candidate in
        candidate.isSourceFolder ? nil : BuiltApp.kind(of: candidate.path).map { .builtApp($0) }
    }

    /// A `.xcodeproj` or `.xcworkspace`, or a `.xcodeproj`'s `project.pbxproj`.
    static let xcodeProject = AppForm(kinds: [.xcodeproj]) { candidate in
        guard candidate.isFolder else {
            guard candidate.name == "project.pbxproj",
                  ProjectPaths.pathExtension(ProjectPaths.parent(ProjectPaths.absolute(candidate.path))) == "xcodeproj" else { return nil }
            return .xcodeProject((candidate.path as NSString).deletingLastPathComponent)
        }
        return ["xcodeproj", "xcworkspace"].contains(candidate.pathExtension) ? .xcodeProject(candidate.path) : nil
    }

    /// A `.xcassets` folder that is not a clone named so.
    static let assetCatalog = AppForm(kinds: [.xcassets]) { candidate in
        candidate.isFolder && candidate.pathExtension == "xcassets" && !candidate.isSourceFolder ? .assetCatalog(candidate.path) : nil
    }

    /// An Expo project: its config decides, even beside the `ios/` folder prebuild made from it.
    static let expo = AppForm(kinds: [.expo]) { candidate in
        let path = candidate.path
        guard candidate.isFolder else {
            if ExpoProject.configNames.contains(candidate.name) || ExpoCLI.programNames.contains(candidate.name) {
                // A config program beside decides over the JSON config: Expo hands it that config to change.
                return ExpoCLI.program(in: ProjectPaths.parent(ProjectPaths.absolute(path))).map { .expoProgram($0) } ?? .expoConfig(path)
            }
            return candidate.pathExtension == "json" && ExpoProject.declaresIcons(path) ? .expoConfig(path) : nil
        }
        if let program = ExpoCLI.program(in: path) { return .expoProgram(program) }
        if let config = ExpoProject.configFile(in: path) { return .expoConfig(config) }
        // A folder inside one (`assets/`), holding no app of its own; an Info.plist that is a broken link says so instead.
        guard !candidate.hasPlist, !candidate.holdsProject, BoundedFile.linkProblem(candidate.plist) == nil else { return nil }
        return enclosingExpoProject(of: path)
    }

    /// An XcodeGen spec file (see `XcodeGenSpec.isSpec`).
    static let xcodeGen = AppForm(kinds: [.xcodegen]) { candidate in
        !candidate.isFolder && XcodeGenSpec.isSpec(candidate.path) ? .xcodeProject(candidate.path) : nil
    }

    /// Any other file; a folder with an Info.plist at its top and no project beside it.
    static let infoPlist = AppForm(kinds: [.plist]) { candidate throws(CatalogError) in
        guard candidate.isFolder else { return .infoPlist(candidate.path) }
        guard !candidate.holdsProject else { return nil }
        if candidate.hasPlist {
            try PlistLoader.refuseLinkLeadingOutside(candidate.plist, folder: candidate.path)
            return .infoPlist(candidate.plist)
        }
        // An Info.plist that is a broken link or a loop says so, not "holds no Info.plist".
        if let problem = BoundedFile.linkProblem(candidate.plist) { throw .badLink(path: candidate.plist, problem: problem) }
        return nil
    }

    /// Any other folder: the Xcode projects (or the XcodeGen spec) found in it.
    static let projectSearch = AppForm(kinds: [.xcodeproj, .xcodegen]) { candidate in
        .xcodeProject(candidate.path)
    }

    /// Folders of an Expo project that are not its sources: prebuild's output and its dependencies.
    static let expoGeneratedFolders: Set<String> = ["ios", "android", "node_modules"]

    /// The Expo project a folder inside it (`assets/`, `src/components`) belongs to: the nearest
    /// folder above, within the git work tree, holding an Expo config; never from inside `ios/`,
    /// `android/` or `node_modules/`, nor outside a work tree.
    static func enclosingExpoProject(of folder: String) -> AppLocation? {
        let start = ProjectPaths.absolute(folder)
        guard let top = ReadBoundary.workTreeTop(above: start) else { return nil }
        var current = start
        while current != top, ProjectPaths.lexicallyInside(current, folder: top) {
            let name = ProjectPaths.lastComponent(current)
            current = ProjectPaths.parent(current)
            if expoGeneratedFolders.contains(name) { return nil }
            if let program = ExpoCLI.program(in: current) { return .expoProgram(program) }
            if let config = ExpoProject.configFile(in: current) { return .expoConfig(config) }
        }
        return nil
    }

    /// Names at a folder's top that make it a source folder, whatever its own name says.
    static let sourceMarkers: Set<String> = XcodeGenSpec.specNames.union(["Package.swift", "Project.swift", "Tuist"])

    /// Whether `folder` holds a project, a workspace, an XcodeGen spec, a Swift package or a Tuist manifest at its top.
    static func holdsSources(_ folder: String) -> Bool {
        let names = DirectoryListing.names(in: folder, limit: XcodeProjectLocator.maximumEntries)?.names ?? []
        return names.contains { XcodeProjectLocator.isProjectBundle($0) || sourceMarkers.contains($0) }
    }
}
