import FileAccess
import Foundation
import TerminalText

/// The Xcode projects a path stands for: a `.xcodeproj` itself, the projects an
/// `.xcworkspace` names, or every project in a folder searched a few levels down, the way
/// a developer would point at a checkout.
package struct ProjectSearch: Sendable, Equatable {
    /// The path that was searched, as given.
    package let root: String
    /// Absolute paths of the `.xcodeproj` bundles found, each once (after resolving
    /// symbolic links), shallowest first and then by path.
    package let projects: [String]
    /// Workspaces that could not be read or named missing projects, a search cut short.
    package let warnings: [CatalogWarning]
}

/// Finds Xcode projects without reading them.
package enum XcodeProjectLocator {
    /// Folder levels searched below the folder given.
    package static let maximumDepth = 4
    /// Directory entries looked at in one search, over all folders.
    package static let maximumEntries = 20_000
    /// Folders that hold dependencies or build products, never a developer's own app.
    package static let skippedFolders: Set<String> = [".git", "Pods", "node_modules", "Carthage", "build", "DerivedData"]
    /// Bundles searched no further: a project or workspace is recorded, the others hold no projects.
    static let opaqueFolderExtensions: Set<String> = [
        "xcodeproj", "xcworkspace", "xcassets", "icon", "app", "appex", "framework", "xcframework",
        "bundle", "playground", "docc", "lproj", "xcdatamodeld", "scnassets", "xctestplan",
    ]

    /// True when `path` names a project or workspace bundle by its extension.
    package static func isProjectBundle(_ path: String) -> Bool {
        ["xcodeproj", "xcworkspace"].contains(ProjectPaths.pathExtension(ProjectPaths.lastComponent(path)))
    }

    /// The projects `path` stands for; throws when it is missing or holds none. `folders`:
    /// those of the opening the search is made for, which tell one project's two paths apart.
    package static func find(_ path: String, folders: ResolvedFolders = ResolvedFolders()) throws(XcodeProjectError) -> ProjectSearch {
        try find(path, entryBudget: maximumEntries, folders: folders)
    }

    static func find(_ path: String, entryBudget: Int, folders: ResolvedFolders = ResolvedFolders()) throws(XcodeProjectError) -> ProjectSearch {
        guard FileKind.notFollowing(path) != nil else { throw .notFound(path: path) }
        let absolute = ProjectPaths.absolute(path)
        switch ProjectPaths.pathExtension(ProjectPaths.lastComponent(absolute)) {
        case "xcodeproj":
            if let problem = projectFileProblem(absolute, named: path) { throw problem }
            return ProjectSearch(root: path, projects: [absolute], warnings: [])
        case "xcworkspace":
            var collector = Collector(boundary: ProjectPaths.parent(absolute), entryBudget: entryBudget, folders: folders)
            collector.addWorkspace(absolute)
            guard !collector.projects.isEmpty else { throw collector.refused.first ?? .noProject(directory: path) }
            return collector.result(root: path)
        default:
            guard BoundedFile.isDirectory(absolute) else {
                if XcodeGenSpec.isSpecFile(absolute) { return ProjectSearch(root: path, projects: [absolute], warnings: []) }
                throw .noProject(directory: path)
            }
            var collector = Collector(boundary: absolute, entryBudget: entryBudget, folders: folders)
            collector.search(absolute)
            // Generated projects: an XcodeGen spec is read where no project was generated from it;
            // a Tuist manifest is only named, since only Tuist can run it.
            if collector.projects.isEmpty, !collector.specs.isEmpty {
                collector.projects = collector.specs
            }
            guard !collector.projects.isEmpty else {
                if let tuist = collector.tuistFolder { throw .generatedByTuist(directory: tuist) }
                throw collector.refused.first ?? .noProject(directory: path)
            }
            return collector.result(root: path)
        }
    }

    /// Why the `project.pbxproj` of `bundle` cannot be read as a file (missing, a folder, a
    /// FIFO, a device, a broken link or one leading out of the project's folder), or nil
    /// when it can. `named` is the bundle as the user gave it, for "without a project.pbxproj".
    static func projectFileProblem(_ bundle: String, named: String) -> XcodeProjectError? {
        let file = ProjectPaths.join(bundle, "project.pbxproj")
        guard let kind = FileKind.following(file) else {
            if let problem = BoundedFile.linkProblem(file) { return .unreadable(path: file, reason: "it is \(problem)") }
            return .missingProjectFile(path: named)
        }
        guard kind == .regularFile else { return .notARegularFile(path: file, kind: kind) }
        let folder = ProjectPaths.parent(bundle)
        if ProjectPaths.containment(of: file, folder: folder, realFolder: nil) == .linkLeadingOutside {
            return .unreadable(path: file, reason: "it is a link leading outside \(folder); never read")
        }
        return nil
    }

    private struct Collector {
        let boundary: String
        var projects: [(path: String, depth: Int)] = []
        /// Projects found whose project file cannot be read as one: the error when no other project is.
        var refused: [XcodeProjectError] = []
        var seen = Set<String>()
        var warnings: [CatalogWarning] = []
        var walk: DirectoryWalk
        /// XcodeGen specs found (`project.yml`…), read when no project is.
        var specs: [(path: String, depth: Int)] = []
        /// The shallowest folder holding a Tuist manifest (`Project.swift`, `Tuist/`).
        var tuistFolder: String?
        /// Resolves the projects found, so one reached by two paths is kept once.
        let folders: ResolvedFolders

        init(boundary: String, entryBudget: Int, folders: ResolvedFolders) {
            self.boundary = boundary
            self.folders = folders
            walk = DirectoryWalk(budget: entryBudget)
        }

        mutating func search(_ root: String) {
            var queue: [(path: String, depth: Int)] = [(root, 0)]
            var workspaces: [String] = []
            var next = 0
            while next < queue.count {
                let (folder, depth) = queue[next]
                next += 1
                guard let entries = walk.entries(of: folder) else { continue }
                for entry in entries where entry.kind != .directory {
                    if XcodeGenSpec.specNames.contains(entry.name) {
                        specs.append((entry.path, depth))
                    } else if entry.name == "Project.swift" || entry.name == "Workspace.swift" {
                        tuistFolder = tuistFolder ?? folder
                    }
                }
                for entry in entries where entry.kind == .directory {
                    if entry.name == "Tuist" { tuistFolder = tuistFolder ?? folder }
                    let name = entry.name
                    let pathExtension = ProjectPaths.pathExtension(name)
                    if pathExtension == "xcodeproj" {
                        addProject(entry.path, depth: depth)
                    } else if pathExtension == "xcworkspace" {
                        workspaces.append(entry.path)
                    } else if depth < XcodeProjectLocator.maximumDepth, !name.hasPrefix("."),
                              !XcodeProjectLocator.skippedFolders.contains(name),
                              !XcodeProjectLocator.opaqueFolderExtensions.contains(pathExtension) {
                        queue.append((entry.path, depth + 1))
                    }
                }
            }
            if walk.truncated {
                warnings.append(CatalogWarning(subject: root,
                    message: "stopped looking for Xcode projects after \(MessageText.grouped(walk.budget)) folder entries",
                    code: .projectSearchTruncated))
            }
            for workspace in workspaces { addWorkspace(workspace) }
        }

        mutating func addWorkspace(_ workspace: String) {
            let contents = WorkspaceDocument.read(workspace: workspace)
            warnings += contents.warnings
            for project in contents.projects {
                let containment = ProjectPaths.containment(of: project, folder: boundary, realFolder: nil, folders: folders)
                guard containment == .inside else {
                    warnings.append(CatalogWarning(subject: workspace,
                        message: containment == .linkLeadingOutside ? "names \(project), a link leading outside \(boundary); it is not read"
                            : "names \(project), outside \(boundary); it is not read",
                        code: .pathOutsideProject))
                    continue
                }
                guard FileKind.notFollowing(ProjectPaths.join(project, "project.pbxproj")) == .regularFile else {
                    warnings.append(CatalogWarning(subject: workspace,
                        message: "names \(ProjectPaths.relative(project, to: boundary)), which is not there",
                        code: .missingProject))
                    continue
                }
                let depth = ProjectPaths.relative(project, to: boundary).split(separator: "/").count - 1
                addProject(project, depth: depth)
            }
        }

        mutating func addProject(_ path: String, depth: Int) {
            if let problem = XcodeProjectLocator.projectFileProblem(path, named: path) {
                // A bundle with no project file at all is skipped quietly (an empty folder named so).
                if case .missingProjectFile = problem { return }
                refused.append(problem)
                warnings.append(CatalogWarning(subject: problem.path, message: problem.description, code: .unreadableProject))
                return
            }
            let identity = folders.realPath(path) ?? path
            guard seen.insert(identity).inserted else { return }
            projects.append((path, depth))
        }

        func result(root: String) -> ProjectSearch {
            let ordered = projects.sorted { ($0.depth, $0.path) < ($1.depth, $1.path) }.map(\.path)
            return ProjectSearch(root: root, projects: ordered, warnings: warnings)
        }
    }
}
