import Foundation

/// The folder whose files a reader may open. A symbolic link, or a name with `..`, that
/// leads out of it is never followed: a project found on disk must not make iconchooser
/// read `/etc/passwd`, a device, or another user's files.
package struct PathBoundary: Equatable, Sendable {
    /// The folder, with every symbolic link resolved.
    package let root: String

    /// Nil when `root` does not exist or cannot be resolved.
    package init?(root: String) {
        guard let resolved = Self.realPath(root) else { return nil }
        self.root = resolved
    }

    /// Whether `path` exists and, with every link resolved, lies inside the root.
    package func contains(_ path: String) -> Bool {
        guard let resolved = Self.realPath(path) else { return false }
        return contains(resolvedPath: resolved)
    }

    func contains(resolvedPath resolved: String) -> Bool {
        resolved == root || root == "/" || resolved.hasPrefix(root + "/")
    }

    /// `path` with every symbolic link and `.`/`..` resolved, or nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// Where a file named by a catalog stands, found with `lstat` before anything is opened.
enum FileCheck: Equatable {
    case regularFile
    case missing
    /// A link (or a folder on the way) that leads outside the boundary.
    case outside
    /// Something that is not a file: a folder, FIFO, device or socket (`kind` says which).
    case notAFile(kind: String)

    static func check(_ path: String, boundary: PathBoundary) -> FileCheck {
        // A dangling link is missing; a link that resolves elsewhere is outside, whatever it names.
        guard let resolved = PathBoundary.realPath(path) else { return .missing }
        guard boundary.contains(resolvedPath: resolved) else { return .outside }
        var target = stat()
        guard stat(path, &target) == 0 else { return .missing }
        guard (target.st_mode & S_IFMT) == S_IFREG else {
            return .notAFile(kind: BoundedFile.describe(mode: target.st_mode))
        }
        return .regularFile
    }

    /// `check` for `name`, an entry directly inside a folder whose links resolve to
    /// `resolvedFolder`: an entry that is no link is where its folder is, so one `lstat` says
    /// all that resolving every component of its path would (a link is checked in full).
    static func check(_ name: String, in folder: String, resolvedFolder: String, boundary: PathBoundary) -> FileCheck {
        let path = (folder as NSString).appendingPathComponent(name)
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        guard (info.st_mode & S_IFMT) != S_IFLNK, name != "..", !name.contains("/") else {
            return check(path, boundary: boundary)
        }
        guard boundary.contains(resolvedPath: name == "." ? resolvedFolder : resolvedFolder + "/" + name) else { return .outside }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .notAFile(kind: BoundedFile.describe(mode: info.st_mode)) }
        return .regularFile
    }
}

/// Warnings with a cap: a file with thousands of bad entries costs a bounded list, and the
/// last warning says how many were left out.
struct WarningCollector {
    static let defaultLimit = 50

    let limit: Int
    private(set) var warnings: [CatalogWarning] = []
    private var omitted = 0

    init(limit: Int = WarningCollector.defaultLimit) {
        self.limit = limit
    }

    /// `key` is the JSON key path inside `file` (`images[2].filename`), or nil for the file itself.
    mutating func add(file: String, key: String? = nil, _ message: String, code: String) {
        guard warnings.count < limit else { omitted += 1; return }
        warnings.append(CatalogWarning(subject: Self.subject(file: file, key: key), message: message, code: code))
    }

    /// The warnings, ending with one that counts those left out (if any) under `subject`.
    func finished(subject: String) -> [CatalogWarning] {
        guard omitted > 0 else { return warnings }
        return warnings + [CatalogWarning(subject: subject, message: "\(omitted) more warnings not shown",
                                          code: "warnings-omitted")]
    }

    static func subject(file: String, key: String?) -> String {
        guard let key, !key.isEmpty else { return file }
        return "\(file): \(key)"
    }
}
