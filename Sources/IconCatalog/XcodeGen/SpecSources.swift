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
            if filter.truncated {
                warn(file, "\(sourceKey).excludes", "its excludes and includes have more than \(GlobFilter.maximumComponents) path components in all, or more than \(GlobFilter.maximumStars) * in one; those patterns are not used")
            }
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
/// Matching is one pass over pattern × path (every prefix of the path answered together), and
/// a run of `**` is one `**`: a pattern of 300 `**` costs what one does. The patterns of one
/// source hold at most `maximumComponents` components, each at most `maximumStars` `*`; a
/// pattern past either is not used, with a warning.
struct GlobFilter {
    let excludes: [[String]]
    let includes: [[String]]
    /// Whether patterns were left out for `maximumComponents`.
    let truncated: Bool
    /// Components of all the patterns of one source together, after runs of `**` are made one:
    /// each is matched against every entry the walk meets (a real spec has a few dozen).
    static let maximumComponents = 1_000
    /// `*` in one component at most: `fnmatch` tries every place each may end, so its time
    /// grows as a name's length to the power of their number.
    static let maximumStars = 8

    init(excludes: [String], includes: [String]) {
        var left = Self.maximumComponents
        var truncated = false
        func take(_ patterns: [String]) -> [[String]] {
            var kept: [[String]] = []
            for pattern in patterns {
                let components = Self.split(pattern)
                guard components.count <= left,
                      components.allSatisfy({ $0.utf8.count(where: { $0 == UInt8(ascii: "*") }) <= Self.maximumStars }) else {
                    truncated = true
                    continue
                }
                left -= components.count
                kept.append(components)
            }
            return kept
        }
        self.excludes = take(excludes)
        self.includes = take(includes)
        self.truncated = truncated
    }

    /// A pattern's components, `.` left out and each run of `**` made one.
    static func split(_ pattern: String) -> [String] {
        var components: [String] = []
        for part in pattern.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "**", components.last == "**" { continue }
            components.append(String(part))
        }
        return components
    }

    func excludes(_ components: [String]) -> Bool {
        excludes.contains { Self.matchesSomePrefix($0, components) }
    }

    func includes(_ components: [String]) -> Bool {
        includes.isEmpty || includes.contains { Self.matchesSomePrefix($0, components) }
    }

    /// Whether `pattern` matches the whole of `path`, component by component.
    static func matches(_ pattern: [String], _ path: [String]) -> Bool {
        reach(pattern, path).last == true
    }

    /// Whether `pattern` matches `path` or a folder above it (a prefix of at least one component).
    static func matchesSomePrefix(_ pattern: [String], _ path: [String]) -> Bool {
        reach(pattern, path).dropFirst().contains(true)
    }

    /// For each length `q` of `path`, whether the whole pattern matches `path.prefix(q)`: one
    /// row of pattern positions at a time, (pattern + 1) × (path + 1) steps.
    private static func reach(_ pattern: [String], _ path: [String]) -> [Bool] {
        // row[q]: pattern.prefix(p) matches path.prefix(q), for the current p.
        var row = [Bool](repeating: false, count: path.count + 1)
        row[0] = true
        for component in pattern {
            var next = [Bool](repeating: false, count: path.count + 1)
            if component == "**" {
                // Any number of folders: reachable from any shorter reachable prefix.
                var reachable = false
                for q in 0...path.count {
                    reachable = reachable || row[q]
                    next[q] = reachable
                }
            } else {
                for q in 0..<path.count where row[q] && fnmatch(component, path[q], 0) == 0 {
                    next[q + 1] = true
                }
            }
            row = next
        }
        return row
    }
}
