import FileAccess
import Foundation
import IconCatalog
import SystemPackage

/// One change with where it lands: its path resolved under the boundary's real path, each
/// component checked, and the folders that must be made for it.
struct TransactionTarget {
    let change: FileChange
    /// The resolved path everything is done at.
    let path: String
    /// Folders to make, outermost first.
    let missingFolders: [String]

    var folder: String { (path as NSString).deletingLastPathComponent }

    /// Throws unless the file still holds the bytes it was read with (or, to be created, is still absent).
    func checkUnchanged() throws(FileTransactionError) {
        let named = change.path
        guard let original = change.original else {
            if FileKind.notFollowing(path) != nil { throw FileTransactionError(path: named, kind: .appearedOnDisk) }
            return
        }
        guard let kind = FileKind.notFollowing(path) else { throw FileTransactionError(path: named, kind: .changedOnDisk) }
        guard kind == .regularFile else { throw FileTransactionError(path: named, kind: .notARegularFile(kind)) }
        let current: Data
        do {
            current = try BoundedFile.read(path, limit: max(original.count, 1))
        } catch {
            if case .tooLarge = error { throw FileTransactionError(path: named, kind: .changedOnDisk) }
            throw FileTransactionError(path: named, kind: .system(operation: "read it again", reason: error.problem))
        }
        guard current == original else { throw FileTransactionError(path: named, kind: .changedOnDisk) }
    }
}

/// Where a transaction's paths lead, decided before anything is written.
enum TransactionPaths {
    /// The boundary's real path: everything is done below it.
    static func resolveBoundary(_ boundary: String) throws(FileTransactionError) -> String {
        let real: String
        do throws(Errno) {
            real = try FileAccess.realPath(absolute(boundary))
        } catch {
            throw FileTransactionError(path: boundary, kind: .system(operation: "find the folder", reason: error.message))
        }
        guard FileKind.following(real) == .directory else {
            throw FileTransactionError(path: boundary, kind: .notAFolder(component: boundary, FileKind.following(real) ?? .other))
        }
        return real
    }

    /// `change.path` under `realBoundary`: written inside the boundary (as given, or as its
    /// real path), through no symbolic link, with folders on the way or none yet. `boundaryName`:
    /// the boundary as a refusal names it.
    static func resolve(_ change: FileChange, boundary: String, boundaryName: String, realBoundary: String) throws(FileTransactionError) -> TransactionTarget {
        let named = change.path
        let path = absolute(named)
        let given = absolute(boundary)
        let relative: String
        if ProjectPaths.lexicallyInside(path, folder: given) {
            relative = ProjectPaths.relative(path, to: given)
        } else if ProjectPaths.lexicallyInside(path, folder: realBoundary) {
            relative = ProjectPaths.relative(path, to: realBoundary)
        } else {
            throw FileTransactionError(path: named, kind: .outsideBoundary(boundary: boundaryName))
        }
        guard relative != "." else { throw FileTransactionError(path: named, kind: .notARegularFile(.directory)) }
        let components = relative.split(separator: "/")
        var current = realBoundary
        var missing: [String] = []
        for (index, component) in components.enumerated() {
            current = current == "/" ? "/" + component : current + "/" + component
            let isLast = index == components.count - 1
            if !missing.isEmpty {
                if !isLast { missing.append(current) }
                continue
            }
            let info: Stat
            do throws(Errno) {
                info = try Stat(FilePath(current), followTargetSymlink: false)
            } catch {
                guard error == .noSuchFileOrDirectory else {
                    throw FileTransactionError(path: named, kind: .system(operation: "look up \(current)", reason: error.message))
                }
                if !isLast { missing.append(current) }
                continue
            }
            let kind = FileKind(mode: info.mode.rawValue)
            if kind == .symbolicLink { throw FileTransactionError(path: named, kind: .throughSymbolicLink(component: current)) }
            if !isLast, kind != .directory { throw FileTransactionError(path: named, kind: .notAFolder(component: current, kind)) }
            if isLast, kind != .regularFile { throw FileTransactionError(path: named, kind: .notARegularFile(kind)) }
        }
        return TransactionTarget(change: change, path: current, missingFolders: missing)
    }

    /// Whether a file name is one of this writer's temporaries (`.iconchooser-….tmp`).
    static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".iconchooser-") && name.hasSuffix(".tmp")
    }

    /// The files of `folder` when it holds this writer's temporaries and nothing else (what a
    /// run killed before it wrote a journal could leave): such a folder counts as absent, and
    /// an edit that makes it again removes them. Nil for a folder holding anything else, or none.
    package static func leftoverTemporaries(in folder: String) -> [String]? {
        guard FileKind.notFollowing(folder) == .directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        guard names.allSatisfy({ isTemporaryName($0) && FileKind.notFollowing(folder + "/" + $0) == .regularFile }) else { return nil }
        return names.sorted().map { folder + "/" + $0 }
    }

    /// `path` made absolute against the current folder, `.` and `..` resolved lexically.
    static func absolute(_ path: String) -> String {
        ProjectPaths.normalize(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }
}
