import FileAccess
import Foundation

/// The files one command will create, change or delete, gathered before anything is
/// written. Every edit reads a file through the set (`contents(of:)`), so two edits of one
/// file compose, and the bytes first read are kept as the file's original: the writer
/// refuses a file that no longer holds them, and `--dry-run` shows the difference.
package struct ChangeSet: Sendable {
    /// What a file held when first read (nil: it did not exist) and what it will hold
    /// (nil: it will be deleted).
    private var originals: [String: Data?] = [:]
    private var staged: [String: Data?] = [:]
    /// The largest file an edit reads: far above any Info.plist or project file.
    package static let maximumFileBytes = 64 << 20

    package init() {}

    /// The file's bytes as the set will leave it: staged bytes, else what is on disk (read
    /// once and remembered as the original); nil when it does not exist or will be deleted.
    package mutating func contents(of path: String) throws(ChangeSetError) -> Data? {
        if let staged = staged[path] { return staged }
        return try original(of: path)
    }

    /// The file's bytes as the set will leave it, like `contents(of:)`, but not kept: for a
    /// file no edit of the set changes, such as the picture a new icon is made from, which need
    /// not be held for the whole command (three 4096 px pictures are 45 MB of files).
    package func peek(_ path: String) throws(ChangeSetError) -> Data? {
        if let staged = staged[path] { return staged }
        if let known = originals[path] { return known }
        return try Self.read(path)
    }

    /// The text of a UTF-8 file as the set will leave it.
    package mutating func text(of path: String) throws(ChangeSetError) -> String? {
        guard let data = try contents(of: path) else { return nil }
        guard let text = String(data: data, encoding: .utf8) else { throw ChangeSetError(path: path, kind: .notUTF8) }
        return text
    }

    /// The file will hold `data` (created when it does not exist).
    package mutating func write(_ data: Data, to path: String) throws(ChangeSetError) {
        _ = try original(of: path)
        staged[path] = .some(data)
    }

    /// The file will hold `text`, as UTF-8.
    package mutating func write(text: String, to path: String) throws(ChangeSetError) {
        try write(Data(text.utf8), to: path)
    }

    /// The file will be deleted.
    package mutating func delete(_ path: String) throws(ChangeSetError) {
        _ = try original(of: path)
        staged[path] = .some(nil)
    }

    /// Every file whose bytes will differ, by path.
    package var changes: [FileChange] {
        staged.keys.sorted().compactMap { path in
            let before = originals[path] ?? nil
            let after = staged[path] ?? nil
            switch (before, after) {
            case (nil, nil): return nil
            case (nil, let created?): return FileChange(path: path, action: .create(created))
            case (let old?, nil): return FileChange(path: path, action: .delete(original: old))
            case (let old?, let new?): return old == new ? nil : FileChange(path: path, action: .modify(original: old, replacement: new))
            }
        }
    }

    private mutating func original(of path: String) throws(ChangeSetError) -> Data? {
        if let known = originals[path] { return known }
        let data = try Self.read(path)
        originals[path] = .some(data)
        return data
    }

    /// What is on disk at `path`: nil when nothing is there.
    private static func read(_ path: String) throws(ChangeSetError) -> Data? {
        // A symbolic link is not followed: the edit would land wherever it points.
        switch FileKind.notFollowing(path) {
        case nil:
            return nil
        case .regularFile:
            do {
                return try BoundedFile.read(path, limit: maximumFileBytes)
            } catch {
                throw ChangeSetError(path: path, kind: .unreadable(String(describing: error)))
            }
        case let other?:
            throw ChangeSetError(path: path, kind: .notARegularFile(other))
        }
    }
}

/// One file's change: what it held when read and what it will hold.
package struct FileChange: Sendable, Equatable {
    package enum Action: Sendable, Equatable {
        case create(Data)
        case modify(original: Data, replacement: Data)
        case delete(original: Data)
    }

    /// An absolute path.
    package let path: String
    package let action: Action

    package init(path: String, action: Action) {
        self.path = path
        self.action = action
    }

    /// What the file held when read; nil for a file the change creates.
    package var original: Data? {
        switch action {
        case .create: return nil
        case .modify(let original, _), .delete(let original): return original
        }
    }

    /// What the file will hold; nil for a file the change deletes.
    package var replacement: Data? {
        switch action {
        case .create(let data), .modify(_, let data): return data
        case .delete: return nil
        }
    }
}

/// A file an edit could not read.
package typealias ChangeSetError = FileError<ChangeSetProblem>

/// Why an edit could not read a file.
package enum ChangeSetProblem: FileProblem {
    case notUTF8
    case notARegularFile(FileKind)
    case unreadable(String)

    package func message(about path: String) -> String {
        switch self {
        case .notUTF8: return "\(path): not UTF-8 text"
        case .notARegularFile(let kind): return "\(path): \(kind) where a file was expected"
        case .unreadable(let reason): return "\(path): \(reason)"
        }
    }
}
