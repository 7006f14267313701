import FileAccess
import Foundation

/// The asset catalogs (`*.xcassets`) and Icon Composer bundles (`*.icon`) a target
/// compiles: those in its resources build phase, and those in the synchronized folders
/// (Xcode 16) that belong to it.
struct TargetResources: Equatable {
    var assetCatalogs: [String] = []
    var iconBundles: [String] = []
    /// PNG files of the resources phase, which the build copies to the app's top.
    var looseFiles: [String] = []
    /// Asset catalogs the resources phase names that are not read, each with why.
    var unreadCatalogs: [UnreadCatalog] = []
    var warnings: [CatalogWarning] = []

    /// Folder entries looked at in the synchronized folders of one target.
    static let maximumEntries = 20_000
    /// Folder levels walked below a synchronized folder.
    static let maximumDepth = 16
    static let catalogExtensions: Set<String> = ["xcassets", "icon"]

    private var seen = Set<String>()

    static func of(_ target: XcodeTarget, in project: XcodeProject, entryBudget: Int = maximumEntries) -> TargetResources {
        var resources = TargetResources()
        resources.addBuildPhaseFiles(target, project)
        resources.addSynchronizedFolders(target, project, entryBudget: entryBudget)
        return resources
    }

    private mutating func add(_ path: String, project: XcodeProject) {
        let kind = FileKind.notFollowing(path)
        guard kind == .directory else {
            let problem = kind == nil ? "is not there" : "is not a folder"
            warnings.appendUnique([CatalogWarning(subject: project.projectFile,
                message: "\(ProjectPaths.relative(path, to: project.folder)) \(problem); it is skipped",
                code: kind == nil ? .missingAssetCatalog : .pathOutsideProject)])
            return
        }
        guard seen.insert(path).inserted else { return }
        if ProjectPaths.pathExtension(path) == "icon" {
            iconBundles.append(path)
        } else {
            assetCatalogs.append(path)
        }
    }

    /// Resources build phases: file references, and the files of variant groups.
    private mutating func addBuildPhaseFiles(_ target: XcodeTarget, _ project: XcodeProject) {
        for reference in target.resourceFiles {
            guard let node = project.nodes[reference] else {
                warnings.appendUnique([CatalogWarning(subject: project.projectFile,
                    message: "target “\(target.name)” has a resource \(reference) that is not a file reference",
                    code: .malformedProject)])
                continue
            }
            let members = node.kind == .variantGroup ? node.children : [reference]
            for member in members {
                if let file = project.nodes[member], file.kind == .fileReference,
                   ProjectPaths.pathExtension(file.path ?? file.name ?? "") == "png",
                   let path = project.readablePath(of: member, purpose: "resource", warnings: &warnings) {
                    if FileKind.notFollowing(path) == .regularFile, !looseFiles.contains(path) { looseFiles.append(path) }
                    continue
                }
                guard let file = project.nodes[member], file.kind == .fileReference,
                      Self.catalogExtensions.contains(ProjectPaths.pathExtension(file.path ?? file.name ?? "")) else { continue }
                guard let path = project.readablePath(of: member, purpose: "resource", warnings: &warnings) else {
                    if let unread = UnreadCatalog(project.location(of: member), boundary: project.boundary.description) {
                        unreadCatalogs.append(unread)
                    }
                    continue
                }
                add(path, project: project)
            }
        }
    }

    /// A synchronized folder's files belong to the targets listing it, less each one's
    /// exception set; a target that does not list the folder gets exactly the files its
    /// exception set names (that is how Xcode records ticking a file for another target).
    private mutating func addSynchronizedFolders(_ target: XcodeTarget, _ project: XcodeProject, entryBudget: Int) {
        var walk = DirectoryWalk(budget: entryBudget)
        let owned = Set(target.synchronizedFolders)
        // The target's own folders in its order, then other folders that add files to it.
        let others = project.nodes.filter { $0.value.kind == .synchronizedFolder && !owned.contains($0.key) }.keys.sorted()
        var visited: Set<String> = []
        for id in target.synchronizedFolders + others where visited.insert(id).inserted {
            guard let node = project.nodes[id], node.kind == .synchronizedFolder else { continue }
            let exceptions = node.exceptions.filter { $0.target == target.id }.flatMap(\.paths)
            guard owned.contains(id) || !exceptions.isEmpty,
                  let folder = project.readablePath(of: id, purpose: "synchronized folder", warnings: &warnings) else { continue }
            if owned.contains(id) {
                let skipped = Set(exceptions.map(ProjectPaths.normalize)).union(node.explicitFolders.map(ProjectPaths.normalize))
                collect(in: folder, relative: "", skipping: skipped, depth: 0, walk: &walk, project: project)
            } else {
                // A leading `/` is Xcode's notation for localized variants (`/Localized/…`), never a catalog.
                // Exceptions mostly name source files: only catalogs and folders are looked at
                // further, and only they pay for the check that links stay inside.
                for relative in exceptions where !relative.hasPrefix("/") {
                    let path = ProjectPaths.normalize(ProjectPaths.join(folder, relative))
                    let isCatalog = Self.catalogExtensions.contains(ProjectPaths.pathExtension(path))
                    let lexicallyInside = ProjectPaths.lexicallyInside(path, folder: folder)
                    guard !lexicallyInside || isCatalog || FileKind.notFollowing(path) == .directory else { continue }
                    guard lexicallyInside && ProjectPaths.isInside(path, folder: folder) else {
                        let how = lexicallyInside ? "a link leading outside it" : "outside it"
                        warnings.appendUnique([CatalogWarning(subject: project.projectFile,
                            message: "an exception of synchronized folder “\(node.path ?? id)” names \(relative), \(how); it is not read",
                            code: .pathOutsideProject)])
                        continue
                    }
                    if isCatalog {
                        add(path, project: project)
                    } else {
                        collect(in: path, relative: "", skipping: [], depth: 0, walk: &walk, project: project)
                    }
                }
            }
        }
        if walk.truncated {
            warnings.appendUnique([CatalogWarning(subject: project.projectFile,
                message: "stopped looking in “\(target.name)”'s synchronized folders after \(entryBudget) entries",
                code: .projectSearchTruncated)])
        }
    }

    /// Catalogs and bundles below `folder`, not looking inside them, nor inside hidden
    /// folders, symbolic links or the paths in `skipping` (relative to the walk's start).
    private mutating func collect(in folder: String, relative: String, skipping: Set<String>, depth: Int,
                                  walk: inout DirectoryWalk, project: XcodeProject) {
        guard depth <= Self.maximumDepth, let entries = walk.entries(of: folder) else { return }
        for entry in entries where entry.kind == .directory && !entry.name.hasPrefix(".") {
            let entryRelative = relative.isEmpty ? entry.name : relative + "/" + entry.name
            guard !skipping.contains(entryRelative) else { continue }
            let pathExtension = ProjectPaths.pathExtension(entry.name)
            if Self.catalogExtensions.contains(pathExtension) {
                add(entry.path, project: project)
            } else if !XcodeProjectLocator.opaqueFolderExtensions.contains(pathExtension) || pathExtension == "lproj" {
                collect(in: entry.path, relative: entryRelative, skipping: skipping, depth: depth + 1,
                        walk: &walk, project: project)
            }
        }
    }
}

/// An asset catalog or Icon Composer bundle a target's resources name that is not read, and
/// why: what an edit that finds no catalog to write into tells the developer.
package struct UnreadCatalog: Equatable, Sendable {
    package enum Reason: Equatable, Sendable {
        /// The path, inside the boundary, passes through a symbolic link that leads out of it.
        case linkLeadingOutside
        /// A relative path that leads out of the boundary (`../../Shared/Assets.xcassets`).
        case outside
        /// A path written as absolute.
        case absolute
    }

    /// Where the project places it, links unresolved.
    package let path: String
    package let reason: Reason
    /// The folder it leads out of as a message names it (`ReadBoundary.description`).
    package let boundary: String

    /// The catalog at `location`, when that location is one the readers refuse; nil for one
    /// they read, or one that is on no disk here (`BUILT_PRODUCTS_DIR`).
    init?(_ location: FileLocation, boundary: String) {
        switch location {
        case .linkLeadingOutside(let path): self.init(path: path, reason: .linkLeadingOutside, boundary: boundary)
        case .outside(let path): self.init(path: path, reason: .outside, boundary: boundary)
        case .absolute(let path): self.init(path: path, reason: .absolute, boundary: boundary)
        case .inside, .elsewhere, .unknown: return nil
        }
    }

    package init(path: String, reason: Reason, boundary: String) {
        self.path = path
        self.reason = reason
        self.boundary = boundary
    }
}
