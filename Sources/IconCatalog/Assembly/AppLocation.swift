import FileAccess
import Foundation

/// What a path given as the app stands for. One rule for every command, so `--app` accepts
/// whatever a developer has at hand:
///
/// - a file: an `.ipa` (or any zip archive), `project.pbxproj` (its `.xcodeproj`), an XcodeGen
///   spec (`.yml`, `.yaml`, `.json`), else an Info.plist;
/// - a folder named `.xcodeproj` or `.xcworkspace`: that; one named `.app`, `.xcassets` or
///   `.icon` is known by its contents: holding a project, a workspace, an XcodeGen spec, a
///   Swift package or a Tuist manifest, it is a source folder (a clone named so), else that;
/// - any other folder: its Info.plist when it has one at its top and no Xcode project or
///   workspace beside it (a plist folder); else the Xcode
///   projects found in it (see `XcodeProjectLocator`).
package enum AppLocation: Equatable, Sendable {
    /// An Info.plist file.
    case infoPlist(String)
    /// A `.xcodeproj`, a `.xcworkspace`, or a folder to search for projects.
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

    /// Decides what `path` is, looking at no more than the folder's own entries. Throws when
    /// nothing is there, or a folder holds neither an Info.plist nor a project.
    package static func locate(_ path: String) throws(CatalogError) -> AppLocation {
        guard let kind = FileKind.following(path) else {
            throw BoundedFile.linkProblem(path).map { .badLink(path: path, problem: $0) } ?? .notFound(path: path)
        }
        let name = (path as NSString).lastPathComponent
        let isSourceFolder = kind == .directory && ["app", "xcassets", "icon"].contains(ProjectPaths.pathExtension(name))
            && holdsSources(path)
        if !isSourceFolder, let built = BuiltApp.kind(of: path) { return .builtApp(built) }
        guard kind == .directory else {
            if name == "project.pbxproj", ProjectPaths.pathExtension(ProjectPaths.parent(ProjectPaths.absolute(path))) == "xcodeproj" {
                return .xcodeProject((path as NSString).deletingLastPathComponent)
            }
            if ExpoProject.configNames.contains(name) || ExpoCLI.programNames.contains(name) {
                // A config program beside decides over the JSON config: Expo hands it that config to change.
                return ExpoCLI.program(in: ProjectPaths.parent(ProjectPaths.absolute(path))).map { .expoProgram($0) } ?? .expoConfig(path)
            }
            if (ProjectPaths.pathExtension(name) == "json" && ExpoProject.declaresIcons(path)) { return .expoConfig(path) }
            if XcodeGenSpec.isSpecFile(name) { return .xcodeProject(path) }
            return .infoPlist(path)
        }
        switch ProjectPaths.pathExtension(name) {
        case "xcodeproj", "xcworkspace": return .xcodeProject(path)
        case "xcassets" where !isSourceFolder: return .assetCatalog(path)
        default: break
        }
        // An Expo project: its config decides, even beside the ios/ folder prebuild made from it.
        if let program = ExpoCLI.program(in: path) { return .expoProgram(program) }
        if let config = ExpoProject.configFile(in: path) { return .expoConfig(config) }
        let plist = (path as NSString).appendingPathComponent("Info.plist")
        let hasPlist = FileKind.following(plist) != nil
        let names = DirectoryListing.names(in: path, limit: XcodeProjectLocator.maximumEntries)?.names ?? []
        // A generated project's manifest counts as a project: it is read (XcodeGen) or named (Tuist).
        let holdsProject = names.contains {
            XcodeProjectLocator.isProjectBundle($0) || ($0 != "Package.swift" && sourceMarkers.contains($0))
        }
        if hasPlist && !holdsProject {
            try PlistLoader.refuseLinkLeadingOutside(plist, folder: path)
            return .infoPlist(plist)
        }
        // An Info.plist that is a broken link or a loop says so, not "holds no Info.plist".
        if !holdsProject, let problem = BoundedFile.linkProblem(plist) { throw .badLink(path: plist, problem: problem) }
        if !hasPlist, !holdsProject, let expo = enclosingExpoProject(of: path) { return expo }
        return .xcodeProject(path)
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
