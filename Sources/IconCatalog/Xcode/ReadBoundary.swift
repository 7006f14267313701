import FileAccess
import Foundation

/// The folder whose files a project may have read: the folder named with `--app`, or, when
/// `--app` names a file or a project inside a git work tree, that work tree's top folder;
/// else the project's own folder. A file outside it, or reached through a link leading out
/// of it, is never read, and the warning says which of these it crossed.
package struct ReadBoundary: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The project's own folder (`SRCROOT`).
        case projectFolder
        /// The folder the user named with `--app`.
        case appFolder
        /// The top folder of the git work tree holding what `--app` named.
        case repository
        /// An asset catalog opened alone: nothing outside it is read.
        case assetCatalog
    }

    /// Absolute and normalised.
    package let root: String
    package let kind: Kind
    /// `root` with its links resolved, once.
    package let realRoot: String?
    /// The folders resolved for the opening the project is read in (see `ResolvedFolders`).
    package let folders: ResolvedFolders

    package init(root: String, kind: Kind, folders: ResolvedFolders = ResolvedFolders()) {
        self.root = ProjectPaths.absolute(root)
        self.kind = kind
        self.folders = folders
        realRoot = folders.realPath(self.root)
    }

    /// With `root` already absolute and its resolved path known.
    init(root: String, kind: Kind, realRoot: String?, folders: ResolvedFolders) {
        self.root = root
        self.kind = kind
        self.realRoot = realRoot
        self.folders = folders
    }

    package static func == (a: ReadBoundary, b: ReadBoundary) -> Bool {
        a.root == b.root && a.kind == b.kind && a.realRoot == b.realRoot
    }

    /// How a message names it: "the project's folder /x", "the folder given with --app /x",
    /// "the repository /x", "the asset catalog /x".
    package var description: String {
        switch kind {
        case .projectFolder: return "the project's folder \(root)"
        case .appFolder: return "the folder given with --app \(root)"
        case .repository: return "the repository \(root)"
        case .assetCatalog: return "the asset catalog \(root)"
        }
    }

    /// Whether `path` (absolute) is inside, written outside, or taken outside by a link.
    package func containment(of path: String) -> ProjectPaths.Containment {
        ProjectPaths.containment(of: path, folder: root, realFolder: realRoot, folders: folders)
    }

    /// What a warning says of `path`, refused for `containment`.
    func refusal(_ path: String, _ containment: ProjectPaths.Containment) -> String {
        containment == .linkLeadingOutside
            ? "\(path) is a link leading outside \(description); it is not read"
            : "names \(path), outside \(description); it is not read"
    }

    /// The boundary for a project at `projectFolder` that `--app` reached through `app`: a
    /// folder the user named (holding the project) is the boundary itself; a file or a
    /// project bundle inside a git work tree gives the work tree's top; else the project's folder.
    /// `folders`: those of the opening the project is read in.
    package static func forProject(in projectFolder: String, app: String?,
                                   folders: ResolvedFolders = ResolvedFolders()) -> ReadBoundary {
        let folder = ProjectPaths.absolute(projectFolder)
        guard let app else { return ReadBoundary(root: folder, kind: .projectFolder, folders: folders) }
        let named = ProjectPaths.absolute(app)
        let isPlainFolder = BoundedFile.isDirectory(named) && !XcodeProjectLocator.isProjectBundle(named)
        if isPlainFolder, ProjectPaths.lexicallyInside(folder, folder: named) {
            return ReadBoundary(root: named, kind: .appFolder, folders: folders)
        }
        if !isPlainFolder, let top = workTreeTop(above: ProjectPaths.parent(named)),
           ProjectPaths.lexicallyInside(folder, folder: top) {
            return ReadBoundary(root: top, kind: .repository, folders: folders)
        }
        return ReadBoundary(root: folder, kind: .projectFolder, folders: folders)
    }

    /// Folders climbed at most looking for `.git`.
    static let maximumClimb = 64

    /// The nearest folder at or above `folder` holding `.git` (a folder, or the file a linked
    /// work tree or submodule has).
    package static func workTreeTop(above folder: String) -> String? {
        var current = ProjectPaths.absolute(folder)
        for _ in 0..<maximumClimb {
            if FileKind.notFollowing(ProjectPaths.join(current, ".git")) != nil { return current }
            guard current != "/" else { return nil }
            current = ProjectPaths.parent(current)
        }
        return nil
    }
}
