import FileAccess
import Foundation

/// The folder whose files a reader may open. A symbolic link, or a name with `..`, that
/// leads out of it is never followed: a project found on disk must not make iconchooser
/// read `/etc/passwd`, a device, or another user's files.
package struct PathBoundary: Equatable, Sendable {
    /// The folder, with every symbolic link resolved.
    package let root: String
    /// The folders resolved for the opening this boundary checks paths of.
    package let folders: ResolvedFolders

    /// Nil when `root` does not exist or cannot be resolved. `folders`: those of the opening
    /// the boundary belongs to (by default, a cache of its own).
    package init?(root: String, folders: ResolvedFolders = ResolvedFolders()) {
        guard let resolved = folders.realPath(root) else { return nil }
        self.root = resolved
        self.folders = folders
    }

    package static func == (a: PathBoundary, b: PathBoundary) -> Bool { a.root == b.root }

    /// Whether `path` exists and, with every link resolved, lies inside the root.
    package func contains(_ path: String) -> Bool {
        guard let resolved = realPath(path) else { return false }
        return contains(resolvedPath: resolved)
    }

    func contains(resolvedPath resolved: String) -> Bool {
        resolved == root || root == "/" || resolved.hasPrefix(root + "/")
    }

    /// `path` with every symbolic link and `.`/`..` resolved, or nil when it does not exist.
    package func realPath(_ path: String) -> String? {
        folders.realPath(path)
    }

    /// `realpath(3)` itself: a `readlink` for every component of the path.
    package static func systemRealPath(_ path: String) -> String? {
        try? FileAccess.realPath(path)
    }
}

/// `realpath` for the many paths a project and its catalogs name under the same few folders.
/// `realpath(3)` asks the kernel about every component of every path (a project's sets and
/// images lie a dozen folders deep: hundreds of `readlink` calls); here each folder resolved
/// is kept, so a path in a known folder costs one `lstat`. Each opening of an app has its own
/// (`OpenedApp.folders`), made when it starts: a long-running chooser or `serve` session
/// never trusts a folder resolved before the app it shows was read, and one opening (the
/// chooser's background lint, say) never drops or fills another's.
/// A component that is a symbolic link, or a path with `.`, `..`, `//` or relative to the
/// working folder, goes to `realpath(3)`.
package final class ResolvedFolders: @unchecked Sendable {
    /// Folders kept at most; past it, paths are still resolved, only not kept.
    static let capacity = 4096

    private let lock = NSLock()
    private var folders: [Substring: String] = ["/": "/"]

    package init() {}

    /// How many folders are kept (the root included).
    package var keptCount: Int { lock.withLock { folders.count } }

    package func realPath(_ path: String) -> String? {
        guard Self.isPlainAbsolute(path) else { return PathBoundary.systemRealPath(path) }
        if let known = folder(path[...]) { return known }
        // The deepest folder already resolved, then each component below it.
        var end = path.endIndex
        var resolved: String?
        while resolved == nil {
            end = path[..<end].lastIndex(of: "/")!
            resolved = folder(end == path.startIndex ? "/" : path[..<end])
        }
        var current = resolved!
        while end < path.endIndex {
            let start = path.index(after: end)
            end = path[start...].firstIndex(of: "/") ?? path.endIndex
            let prefix = path[..<end]
            var info = stat()
            guard lstat(String(prefix), &info) == 0 else { return nil }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let target = PathBoundary.systemRealPath(String(prefix)) else { return nil }
                current = target
                if FileKind.notFollowing(target) == .directory { remember(prefix, target) }
            case S_IFDIR:
                current = current == "/" ? "/" + path[start..<end] : current + "/" + path[start..<end]
                remember(prefix, current)
            default:
                // A file: the end of the path, or a path that goes on through a file (no such path).
                guard end == path.endIndex else { return nil }
                return current == "/" ? "/" + path[start..<end] : current + "/" + path[start..<end]
            }
        }
        return current
    }

    private func folder(_ path: Substring) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return folders[path]
    }

    private func remember(_ path: Substring, _ resolved: String) {
        lock.lock()
        defer { lock.unlock() }
        if folders.count < Self.capacity { folders[path] = resolved }
    }

    /// Absolute, with no empty, `.` or `..` component and no trailing slash.
    static func isPlainAbsolute(_ path: String) -> Bool {
        let utf8 = path.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, where each byte is a character: one pass over the bytes, no substrings.
            let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
            guard utf8.count > 1, utf8.first == slash, utf8.last != slash else { return false }
            var componentLength = 0, dotsOnly = true
            for byte in utf8.dropFirst() {
                if byte == slash {
                    if componentLength == 0 || (dotsOnly && componentLength <= 2) { return false }
                    componentLength = 0
                    dotsOnly = true
                } else {
                    componentLength += 1
                    dotsOnly = dotsOnly && byte == dot
                }
            }
            return !(dotsOnly && componentLength <= 2)
        }
        guard path.hasPrefix("/"), path != "/", !path.hasSuffix("/") else { return false }
        return !path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            .contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }
}

/// Where a file named by a catalog stands, found with `lstat` before anything is opened.
enum FileCheck: Equatable {
    case regularFile
    case missing
    /// A link (or a folder on the way) that leads outside the boundary.
    case outside
    /// Something that is not a file: a folder, FIFO, device or socket (`kind` says which).
    case notAFile(kind: FileKind)

    static func check(_ path: String, boundary: PathBoundary) -> FileCheck {
        // A dangling link is missing; a link that resolves elsewhere is outside, whatever it names.
        guard let resolved = boundary.realPath(path) else { return .missing }
        guard boundary.contains(resolvedPath: resolved) else { return .outside }
        var target = stat()
        guard stat(path, &target) == 0 else { return .missing }
        guard (target.st_mode & S_IFMT) == S_IFREG else {
            return .notAFile(kind: FileKind(mode: target.st_mode))
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
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .notAFile(kind: FileKind(mode: info.st_mode)) }
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
    mutating func add(file: String, key: String? = nil, _ message: String, code: ProblemCode) {
        guard warnings.count < limit else { omitted += 1; return }
        warnings.append(CatalogWarning(subject: Self.subject(file: file, key: key), message: message, code: code))
    }

    /// The warnings, ending with one that counts those left out (if any) under `subject`.
    func finished(subject: String) -> [CatalogWarning] {
        guard omitted > 0 else { return warnings }
        return warnings + [CatalogWarning(subject: subject, message: "\(omitted) more warnings not shown",
                                          code: .warningsOmitted)]
    }

    static func subject(file: String, key: String?) -> String {
        guard let key, !key.isEmpty else { return file }
        return "\(file): \(key)"
    }
}
