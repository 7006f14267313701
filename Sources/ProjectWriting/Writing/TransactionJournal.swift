import Crypto
import FileAccess
import Foundation
import SystemPackage

/// What a transaction is about to do, written into its folder before it touches anything in
/// the project, so that a run killed part-way can be taken back by the next command that
/// writes (`TransactionRecovery`), and a run that fails takes itself back the same way.
///
/// Every decision taking it back makes is by what a file holds now (its fingerprint against
/// the original's and the replacement's), never by how far the run got: the same undo is
/// right whichever step was the last, and doing it twice does nothing more.
struct TransactionJournal: Codable, Equatable, Sendable {
    /// The journal's name inside the transaction folder; its presence means "not committed".
    static let fileName = "journal.json"
    /// What the journal is renamed to when the transaction commits, so that a recovery finding
    /// the folder after a kill knows the edit had finished and only its originals are left.
    static let committedName = "committed.json"
    /// Far above any journal this writer makes (a few hundred bytes a file).
    static let maximumBytes = 4 << 20
    static let currentVersion = 1

    /// A file's bytes as a journal names them.
    struct Fingerprint: Codable, Equatable, Sendable {
        let size: Int
        let sha256: String

        init(_ data: Data) {
            size = data.count
            sha256 = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        }

        func matches(_ data: Data) -> Bool { data.count == size && Fingerprint(data) == self }
    }

    /// A folder a deletion may empty and remove, and the permission bits to make it again with.
    struct Folder: Codable, Equatable, Sendable {
        let path: String
        let mode: UInt32
    }

    /// One file's change. Paths are relative to the transaction's root.
    struct Entry: Codable, Equatable, Sendable {
        let path: String
        /// Where the new bytes are written before they are put in place, beside the file.
        let temporary: String?
        /// The original's name inside the transaction folder, kept there (a hard link) until commit.
        let backup: String?
        /// Folders this change makes, outermost first.
        let madeFolders: [String]
        let original: Fingerprint?
        let replacement: Fingerprint?
        /// For a file to delete: its folders up to the root, innermost first.
        let folders: [Folder]
    }

    var version = currentVersion
    let entries: [Entry]

    /// How a transaction folder's name begins; a random id follows.
    static let folderPrefix = ".iconchooser-transaction-"

    /// Reads the journal in `folder`; nil when there is none (the transaction had not written
    /// it yet, or had committed).
    static func read(in folder: String) throws(RecoveryProblem) -> TransactionJournal? {
        let path = folder + "/" + fileName
        guard FileKind.notFollowing(path) != nil else { return nil }
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: maximumBytes)
        } catch {
            throw RecoveryProblem(path: path, kind: .unreadableJournal(error.problem))
        }
        let journal: TransactionJournal
        do {
            journal = try JSONDecoder().decode(TransactionJournal.self, from: data)
        } catch {
            throw RecoveryProblem(path: path, kind: .unreadableJournal("not a journal this version writes"))
        }
        guard journal.version == currentVersion else {
            throw RecoveryProblem(path: path, kind: .unreadableJournal("journal version \(journal.version)"))
        }
        for entry in journal.entries {
            let named = [entry.path] + [entry.temporary].compactMap { $0 } + entry.madeFolders + entry.folders.map(\.path)
            for relative in named where !isPlainRelative(relative) {
                throw RecoveryProblem(path: path, kind: .unreadableJournal("it names \(relative), which is not a path inside its folder"))
            }
            if let backup = entry.backup, backup.contains("/") || backup.hasPrefix(".") {
                throw RecoveryProblem(path: path, kind: .unreadableJournal("it names the original \(backup) outside its folder"))
            }
        }
        return journal
    }

    /// A path below the root: relative, with no empty, `.` or `..` component.
    static func isPlainRelative(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/")
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// Writes the journal into `folder` whole or not at all (a temporary renamed into place),
    /// synced with its folder, before anything else of the transaction is.
    func write(in folder: String) throws(Errno) {
        let data: Data
        do {
            data = try JSONEncoder().encode(self)
        } catch {
            throw .invalidArgument
        }
        let temporary = folder + "/" + Self.fileName + ".tmp"
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                                                 permissions: [.ownerReadWrite])
        } catch {
            throw Errno(thrown: error)
        }
        do {
            defer { try? descriptor.close() }
            try descriptor.writeAll(data)
            try systemCall("fsync") { fsync(descriptor.rawValue) }
        } catch {
            unlink(temporary)
            throw Errno(thrown: error)
        }
        do throws(SystemCallError) {
            try systemCall("rename") { rename(temporary, folder + "/" + Self.fileName) }
        } catch {
            throw error.code
        }
        TransactionFiles.syncFolder(folder)
    }
}

/// Why an interrupted transaction could not be taken back (wholly): the files it names are
/// left as they are, and its folder with the originals stays for the next try or for a person.
package typealias RecoveryProblem = FileError<RecoveryProblemKind>

/// What stops an interrupted transaction being taken back.
package enum RecoveryProblemKind: FileProblem {
    /// The journal cannot be read; nothing it names was touched.
    case unreadableJournal(String)
    /// The file holds neither what the edit found nor what it wrote: someone changed it
    /// since. It is kept; `original` is where the bytes the edit found are kept.
    case changedSince(original: String?)
    /// The original the journal names is missing or not the bytes it found.
    case originalLost
    /// A folder on the way to the file (`component`) is a symbolic link: nothing is done there.
    case throughSymbolicLink(component: String)
    /// A system call failed.
    case system(operation: String, Errno)

    package func message(about path: String) -> String {
        switch self {
        case .unreadableJournal(let reason): return "\(path): cannot read the journal of an interrupted edit (\(reason))"
        case .changedSince(let original?): return "\(path): changed since an interrupted edit; kept as it is, and what the edit found is at \(original)"
        case .changedSince(nil): return "\(path): changed since an interrupted edit; kept as it is"
        case .originalLost: return "\(path): the original kept by an interrupted edit is missing or damaged; the file is left as it is"
        case .throughSymbolicLink(let component): return "\(path): \(component) is a symbolic link; an interrupted edit is not undone through one"
        case .system(let operation, let error): return "\(path): cannot \(operation) (\(error.message))"
        }
    }
}
