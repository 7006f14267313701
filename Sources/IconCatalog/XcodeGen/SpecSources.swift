import FileAccess
import Foundation

/// What a target's `sources:` give the build, as XcodeGen adds them: the asset catalogs and
/// Icon Composer bundles in its resources phase, and the `Info.plist` files it would take as
/// `INFOPLIST_FILE` when the spec names none. A folder without an extension is a group whose
/// files are added one by one; a folder with one (`.xcassets`, `.icon`, `.bundle`) is one
/// file; `type: folder` is a folder reference, copied as it is and never compiled.
/// `excludes` and `includes` are globs relative to the source's path (`**` any folders).
struct SpecSources {
    var catalogs: [String] = []
    var infoPlists: [String] = []
    var warnings: [CatalogWarning] = []

    static let maximumSources = 1_000

    init(_ value: SpecValue?, key: String, folder: String, boundary: ReadBoundary, file: String) {
        guard let value else { return }
        var walk = DirectoryWalk(budget: TargetResources.maximumEntries)
        var seen = Set<String>()
        let list = value.array ?? [value]
        for (index, element) in list.prefix(Self.maximumSources).enumerated() {
            let sourceKey = list.count == 1 && value.array == nil ? "\(key).sources" : "\(key).sources[\(index)]"
            var source = SpecDictionary()
            switch element {
            case .string(let path): source["path"] = .string(path)
            case .dictionary(let object): source = object
            default:
                warn(file, sourceKey, "is \(element.typeName), expected a path or a source's mapping")
                continue
            }
            guard case .string(let written)? = source["path"] else {
                warn(file, "\(sourceKey).path", "is missing or not a string")
                continue
            }
            let path = ProjectPaths.normalize(ProjectPaths.join(folder, written))
            let containment = boundary.containment(of: path)
            guard containment == .inside else {
                warn(file, sourceKey, boundary.refusal(path, containment), code: .pathOutsideProject)
                continue
            }
            let kind = FileKind.notFollowing(path)
            guard kind != nil else {
                if source["optional"]?.boolValue != true {
                    warn(file, sourceKey, "\(written) is not there; it is skipped", code: .missingAssetCatalog)
                }
                continue
            }
            let compiled = Self.isResourcesPhase(source["buildPhase"])
            let isFolderReference = source["type"]?.scalarText == "folder"
            let filter = GlobFilter(excludes: Self.patterns(source["excludes"]), includes: Self.patterns(source["includes"]))
            let name = ProjectPaths.lastComponent(path)
            if ProjectPaths.pathExtension(name) != "" || kind != .directory {
                if name == "Info.plist" { infoPlists.append(path) }
                if compiled, !isFolderReference, TargetResources.catalogExtensions.contains(ProjectPaths.pathExtension(name)),
                   seen.insert(path).inserted {
                    catalogs.append(path)
                }
                continue
            }
            guard !isFolderReference else { continue }
            collect(in: path, relative: [], depth: 0, filter: filter, compiled: compiled, walk: &walk, seen: &seen)
        }
        if walk.truncated {
            warn(file, "\(key).sources", "stopped looking in the sources after \(walk.budget) folder entries", code: .projectSearchTruncated)
        }
    }

    private mutating func collect(in folder: String, relative: [String], depth: Int, filter: GlobFilter, compiled: Bool,
                                  walk: inout DirectoryWalk, seen: inout Set<String>) {
        guard depth <= TargetResources.maximumDepth, let entries = walk.entries(of: folder) else { return }
        for entry in entries where !entry.name.hasPrefix(".") {
            let components = relative + [entry.name]
            guard !filter.excludes(components) else { continue }
            let pathExtension = ProjectPaths.pathExtension(entry.name)
            switch entry.kind {
            case .directory where pathExtension.isEmpty:
                collect(in: entry.path, relative: components, depth: depth + 1, filter: filter, compiled: compiled,
                        walk: &walk, seen: &seen)
            case .directory:
                if compiled, TargetResources.catalogExtensions.contains(pathExtension), filter.includes(components),
                   seen.insert(entry.path).inserted {
                    catalogs.append(entry.path)
                }
            case .regularFile where entry.name == "Info.plist" && filter.includes(components):
                infoPlists.append(entry.path)
            default:
                continue
            }
        }
    }

    /// Catalogs are compiled in the resources phase, where XcodeGen puts them unless
    /// `buildPhase` says otherwise.
    static func isResourcesPhase(_ value: SpecValue?) -> Bool {
        guard let value else { return true }
        return value.scalarText == "resources"
    }

    static func patterns(_ value: SpecValue?) -> [String] {
        guard let value else { return [] }
        return (value.array ?? [value]).compactMap(\.scalarText)
    }

    private mutating func warn(_ file: String, _ key: String, _ message: String, code: ProblemCode = .malformedSpec) {
        warnings.appendSpecWarning(file: file, key: key, message, code: code)
    }
}

/// XcodeGen's `excludes` and `includes`: bash globs with `**` (any number of folders),
/// relative to a source's path. A path is excluded when it or a folder above it matches an
/// exclude; with includes, kept only when it or a folder above it matches one.
struct GlobFilter {
    let excludes: [[String]]
    let includes: [[String]]
    /// Glob components matched per path at most: a pattern of many `**` costs no more.
    static let maximumSteps = 10_000

    init(excludes: [String], includes: [String]) {
        self.excludes = excludes.map(Self.split)
        self.includes = includes.map(Self.split)
    }

    static func split(_ pattern: String) -> [String] {
        pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    func excludes(_ components: [String]) -> Bool {
        excludes.contains { pattern in (1...components.count).contains { Self.matches(pattern, Array(components.prefix($0))) } }
    }

    func includes(_ components: [String]) -> Bool {
        includes.isEmpty || includes.contains { pattern in (1...components.count).contains { Self.matches(pattern, Array(components.prefix($0))) } }
    }

    /// Whether `pattern` matches the whole of `path`, component by component.
    static func matches(_ pattern: [String], _ path: [String]) -> Bool {
        var steps = 0
        // Positions (pattern, path) still to try: a breadth of states, each visited once.
        var states: Set<[Int]> = [[0, 0]]
        var visited = Set<[Int]>()
        while let state = states.popFirst() {
            guard visited.insert(state).inserted else { continue }
            steps += 1
            if steps > maximumSteps { return false }
            let (p, q) = (state[0], state[1])
            if p == pattern.count {
                if q == path.count { return true }
                continue
            }
            if pattern[p] == "**" {
                states.insert([p + 1, q])
                if q < path.count { states.insert([p, q + 1]) }
            } else if q < path.count, fnmatch(pattern[p], path[q], 0) == 0 {
                states.insert([p + 1, q + 1])
            }
        }
        return false
    }
}
