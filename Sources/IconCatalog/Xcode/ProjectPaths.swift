import FileAccess
import Foundation

/// Path arithmetic for files a project names. Everything is done on absolute, lexically
/// normalised paths, so "is this inside the project's folder" is a prefix test; a path
/// that exists is also checked after resolving symbolic links, so a link cannot lead out.
package enum ProjectPaths {
    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(join(FileManager.default.currentDirectoryPath, path))
    }

    /// `relative` appended to `base`, or `relative` itself when it is absolute.
    package static func join(_ base: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        if relative.isEmpty { return base }
        if base.isEmpty { return relative }
        return base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    /// Removes `.`, empty components and `..` (against the component before it); a `..`
    /// above the root of an absolute path stays at the root.
    package static func normalize(_ path: String) -> String {
        if isNormalized(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// True when `normalize` would return `path` unchanged: no empty, `.` or `..` component
    /// and no trailing `/`. Most paths a project names already are, and splitting them into
    /// components was most of the time spent on a project's synchronized folders.
    private static func isNormalized(_ path: String) -> Bool {
        var previous: UInt8 = UInt8(ascii: "/")
        var dots = 0
        var count = 0
        for byte in path.utf8 {
            count += 1
            if byte == UInt8(ascii: "/") {
                // An empty component (`//`, or `/` after the leading one), `.` or `..`.
                if count > 1 && (previous == UInt8(ascii: "/") || dots == 1 || dots == 2) { return false }
                dots = 0
            } else if byte == UInt8(ascii: ".") {
                dots = previous == UInt8(ascii: "/") || dots > 0 ? dots + 1 : 0
            } else {
                dots = 0
            }
            previous = byte
        }
        guard count > 0 else { return false }
        // A trailing `/` (but `/` itself), or a last component `.` or `..`.
        if count > 1 && previous == UInt8(ascii: "/") { return false }
        return dots != 1 && dots != 2
    }

    /// True when `path` is `folder` or below it, lexically and, where the path exists, after
    /// following symbolic links.
    static func isInside(_ path: String, folder: String) -> Bool {
        isInside(path, folder: folder, realFolder: nil, folders: ResolvedFolders())
    }

    /// `isInside`, with `folder`'s own resolved path given where the caller keeps it (nil:
    /// resolved here), so checking many paths against one folder resolves it once; links
    /// resolved with `folders`, the opening's.
    static func isInside(_ path: String, folder: String, realFolder: String?, folders: ResolvedFolders) -> Bool {
        let path = normalize(path), folder = normalize(folder)
        guard lexicallyInside(path, folder: folder) else { return false }
        guard let real = folders.realPath(path) else { return true }
        return lexicallyInside(real, folder: realFolder ?? folders.realPath(folder) ?? folder)
    }

    /// Where a path stands against a folder nothing may be read outside of.
    package enum Containment: Equatable, Sendable {
        case inside
        /// Written to lead out (`../x`, or absolute elsewhere).
        case outside
        /// Written inside, but a link on the way leads out.
        case linkLeadingOutside
    }

    /// `isInside`, telling a path written outside from one a link takes outside.
    static func containment(of path: String, folder: String, realFolder: String?,
                            folders: ResolvedFolders = ResolvedFolders()) -> Containment {
        let path = normalize(path), folder = normalize(folder)
        guard lexicallyInside(path, folder: folder) else { return .outside }
        return isInside(path, folder: folder, realFolder: realFolder, folders: folders) ? .inside : .linkLeadingOutside
    }

    /// What a warning says of a path that is not read because of `containment`, as the
    /// catalog readers say it of theirs: "names PATH, outside …" or "PATH is a link leading outside …".
    static func refusal(_ path: String, _ containment: Containment, folder: String) -> String {
        containment == .linkLeadingOutside
            ? "\(path) is a link leading outside the project's folder \(folder); it is not read"
            : "names \(path), outside the project's folder \(folder); it is not read"
    }

    package static func lexicallyInside(_ path: String, folder: String) -> Bool {
        if folder == "/" { return path.hasPrefix("/") }
        return path == folder || path.hasPrefix(folder + "/")
    }

    /// `path` relative to `folder` when inside it, else `path` unchanged.
    package static func relative(_ path: String, to folder: String) -> String {
        guard lexicallyInside(path, folder: folder), path != folder else { return path == folder ? "." : path }
        return String(path.dropFirst(folder == "/" ? 1 : folder.count + 1))
    }

    /// The file name's extension, lowercased, without the dot ("" when there is none).
    package static func pathExtension(_ name: some StringProtocol) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    package static func lastComponent(_ path: String) -> String {
        (path as NSString).lastPathComponent
    }

    package static func parent(_ path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }
}
