import FileAccess
import Foundation

/// The app icons an asset catalog (`NAME.xcassets`) holds, by the names the asset compiler
/// gives them, found without reading a single set or image: listing a catalog of hundreds
/// of icons costs one directory walk and the `Contents.json` of its group folders.
package struct AssetCatalog: Sendable {
    /// What kind of folder an app icon is.
    package enum IconKind: String, Sendable, Codable {
        /// An `.appiconset` (read with `AppIconSet.read`).
        case iconSet = "appiconset"
        /// An Icon Composer bundle, `.icon` (read with `IconComposerBundle.read`).
        case iconComposer = "icon"
    }

    /// One app icon of the catalog.
    package struct Entry: Equatable, Sendable {
        /// As the asset compiler names it: the folder's name without its extension, after the
        /// names of enclosing groups that provide a namespace (`AppIcons/Blue`).
        package let name: String
        package let kind: IconKind
        package let path: String

        package init(name: String, kind: IconKind, path: String) {
            self.name = name
            self.kind = kind
            self.path = path
        }
    }

    package let path: String
    /// Sorted by name, sets before bundles of the same name.
    package let icons: [Entry]
    package let warnings: [CatalogWarning]

    /// Group folders nest a few levels in real catalogs.
    package static let maximumDepth = 12
    /// Names looked at in the whole walk.
    package static let maximumEntries = 20_000
    static let maximumGroupContentsBytes = 64 << 10

    /// Folder extensions of the other asset types: never app icons, never searched.
    static let otherAssetTypes: Set<String> = [
        "imageset", "colorset", "symbolset", "dataset", "launchimage", "brandassets", "imagestack",
        "imagestacklayer", "textureset", "cubetextureset", "mipmapset", "arimageset", "arresourcegroup",
        "complicationset", "iconset", "spriteatlas", "sticker", "stickerpack", "stickersequence",
        "gcdashboardimage", "gcleaderboard", "gcleaderboardset", "solidimagestack", "solidimagestacklayer",
        "appiconsolidimagestack", "appicon", "watchfacecomplication", "xcassets",
    ]

    package init(path: String, icons: [Entry], warnings: [CatalogWarning]) {
        self.path = path
        self.icons = icons
        self.warnings = warnings
    }

    /// The icons named `name` (a set and a bundle may share one).
    package func icons(named name: String) -> [Entry] {
        icons.filter { $0.name == name }
    }

    /// Walks the catalog at `path`. `boundary` (default: the catalog itself) is where links
    /// may lead; one leading elsewhere is skipped with a warning. Never throws: a catalog
    /// that cannot be read is an empty one with a warning (`catalog-unreadable`).
    package static func scan(_ path: String, boundary: PathBoundary? = nil) -> AssetCatalog {
        var warnings = WarningCollector()
        guard BoundedFile.isDirectory(path), let boundary = boundary ?? PathBoundary(root: path) else {
            let problem = FileKind.following(path).map { "is \($0), not an asset catalog folder" } ?? "does not exist"
            warnings.add(file: path, problem, code: .catalogUnreadable)
            return AssetCatalog(path: path, icons: [], warnings: warnings.finished(subject: path))
        }
        var found: [Entry] = []
        var seen = 0
        var visited = Set<String>()
        var stack: [(path: String, namespace: String, depth: Int)] = [(path, "", 0)]
        walk: while let folder = stack.popLast() {
            if let real = boundary.realPath(folder.path), !visited.insert(real).inserted { continue }
            guard let listing = DirectoryListing.entries(in: folder.path, limit: maximumEntries - seen) else {
                warnings.add(file: folder.path, "cannot be listed", code: .catalogUnreadable)
                continue
            }
            var groups: [(path: String, namespace: String, depth: Int)] = []
            for (name, kind) in listing.entries {
                seen += 1
                let child = (folder.path as NSString).appendingPathComponent(name)
                guard kind == .directory || ((kind == nil || kind == .symbolicLink)
                                             && isFolder(child, boundary: boundary, warnings: &warnings)) else { continue }
                let ext = ProjectPaths.pathExtension(name)
                switch ext {
                case _ where IconKind(rawValue: ext) != nil:
                    let stem = name[..<name.lastIndex(of: ".")!]
                    found.append(Entry(name: folder.namespace + stem, kind: IconKind(rawValue: ext)!, path: child))
                case _ where otherAssetTypes.contains(ext):
                    continue
                default:
                    guard folder.depth < maximumDepth else {
                        warnings.add(file: child, "is nested more than \(maximumDepth) groups deep; not searched",
                                     code: .catalogTruncated)
                        continue
                    }
                    let namespace = providesNamespace(child, warnings: &warnings) ? folder.namespace + name + "/" : folder.namespace
                    groups.append((child, namespace, folder.depth + 1))
                }
            }
            if listing.truncated || seen >= maximumEntries {
                warnings.add(file: path, "holds more than \(maximumEntries) entries; the rest were not searched",
                             code: .catalogTruncated)
                break walk
            }
            stack.append(contentsOf: groups.reversed())
        }
        return AssetCatalog(path: path, icons: deduplicated(found, warnings: &warnings),
                            warnings: warnings.finished(subject: path))
    }

    /// Whether `path` is a folder to look into: a link only when it stays inside the boundary.
    private static func isFolder(_ path: String, boundary: PathBoundary, warnings: inout WarningCollector) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            return true
        case S_IFLNK:
            guard boundary.contains(path) else {
                warnings.add(file: path, "is a link leading outside \(boundary.root); not followed",
                             code: .catalogSymlinkOutside)
                return false
            }
            return BoundedFile.isDirectory(path)
        default:
            return false
        }
    }

    /// Whether the group folder's `Contents.json` says `"properties": {"provides-namespace": true}`.
    private static func providesNamespace(_ folder: String, warnings: inout WarningCollector) -> Bool {
        let contents = (folder as NSString).appendingPathComponent("Contents.json")
        switch JSONFile.load(contents, limit: maximumGroupContentsBytes) {
        case .failure(.missing):
            return false
        case .failure(let failure):
            warnings.add(file: contents, "\(failure); read as a group without a namespace", code: .catalogGroupMalformed)
            return false
        case .success(let value):
            switch value["properties"]?["provides-namespace"] {
            case nil: return false
            case .bool(let flag)?: return flag
            case let other?:
                warnings.add(file: contents, key: "properties.provides-namespace",
                             "is \(other.kindDescription), expected a boolean", code: .catalogGroupMalformed)
                return false
            }
        }
    }

    /// Sorted by name; a second folder giving the same name and kind (Xcode refuses to build
    /// such a catalog) is dropped with a warning.
    private static func deduplicated(_ entries: [Entry], warnings: inout WarningCollector) -> [Entry] {
        var kept: [Entry] = []
        var taken: [String: String] = [:]
        for entry in entries {
            let key = "\(entry.kind.rawValue):\(entry.name)"
            if let first = taken[key] {
                warnings.add(file: entry.path, "names the same app icon “\(entry.name)” as \(first); ignored",
                             code: .catalogDuplicateName)
                continue
            }
            taken[key] = entry.path
            kept.append(entry)
        }
        return kept.sorted { ($0.name, $0.kind.rawValue) < ($1.name, $1.kind.rawValue) }
    }
}
