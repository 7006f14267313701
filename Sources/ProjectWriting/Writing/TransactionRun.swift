import FileAccess
import Foundation
import SystemPackage

/// The steps of one transaction, each logged as it is done so that the log can undo them.
struct TransactionRun {
    let root: String
    let failingAtStep: Int?
    private(set) var log: TransactionLog
    private var steps = 0
    /// Each change's temporary (to create or modify) and set-aside original (to modify or delete), by index.
    private var temporaries: [Int: String] = [:]
    private var backups: [Int: String] = [:]

    init(root: String, failingAtStep: Int?) {
        self.root = root
        self.failingAtStep = failingAtStep
        log = TransactionLog(root: root)
    }

    /// Counts a step, failing there when a test asked for it.
    private mutating func step(_ path: String) throws(FileTransactionError) {
        steps += 1
        if steps == failingAtStep { throw FileTransactionError(path: path, kind: .injectedFailure(step: steps)) }
    }

    /// Makes the folder for set-aside originals, the missing folders, every temporary and every
    /// set-aside original: nothing the project's readers see has changed yet.
    mutating func prepare(_ targets: [TransactionTarget]) throws(FileTransactionError) {
        try step(root)
        let folder = try TransactionFiles.makeUniqueFolder(in: root, prefix: ".iconchooser-transaction-")
        log.append(.madeTransactionFolder(folder))
        for (index, target) in targets.enumerated() {
            for missing in target.missingFolders where FileKind.notFollowing(missing) == nil {
                try step(missing)
                try TransactionFiles.makeFolder(missing, for: target.change.path)
                log.append(.madeFolder(missing))
            }
            if let replacement = target.change.replacement {
                try step(target.path)
                let mode = target.change.original == nil ? nil : TransactionFiles.permissions(of: target.path)
                let temporary = try TransactionFiles.writeTemporary(replacement, in: target.folder, mode: mode, for: target.change.path)
                log.append(.wroteTemporary(temporary))
                temporaries[index] = temporary
            }
            if target.change.original != nil {
                try step(target.path)
                let backup = folder + "/\(index)"
                try TransactionFiles.setAside(target.path, as: backup, for: target.change.path)
                log.append(.setAside(backup))
                backups[index] = backup
            }
        }
    }

    /// Renames every temporary into place and removes every file to delete.
    mutating func put(_ targets: [TransactionTarget]) throws(FileTransactionError) {
        for (index, target) in targets.enumerated() {
            let named = target.change.path
            switch target.change.action {
            case .create:
                guard let temporary = temporaries[index] else { continue }
                try step(target.path)
                try TransactionFiles.linkNew(temporary, at: target.path, for: named)
                log.append(.created(target.path))
                try step(temporary)
                try TransactionFiles.remove(temporary, for: named)
            case .modify(let original, _):
                guard let temporary = temporaries[index], let backup = backups[index] else { continue }
                let mode = TransactionFiles.permissions(of: target.path)
                try step(target.path)
                try TransactionFiles.rename(temporary, to: target.path, for: named)
                log.append(.replaced(target.path, backup: backup, original: original, mode: mode))
            case .delete(let original):
                guard let backup = backups[index] else { continue }
                let mode = TransactionFiles.permissions(of: target.path)
                try step(target.path)
                try TransactionFiles.remove(target.path, for: named)
                log.append(.deleted(target.path, backup: backup, original: original, mode: mode))
            }
        }
    }

    /// Removes the folders deleting files left empty (a removed `.appiconset`), up to the boundary.
    mutating func removeEmptiedFolders(_ targets: [TransactionTarget]) throws(FileTransactionError) {
        for target in targets {
            guard case .delete = target.change.action else { continue }
            var folder = target.folder
            while folder != root, folder.hasPrefix(root + "/"), TransactionFiles.isEmptyFolder(folder) {
                let mode = TransactionFiles.permissions(of: folder)
                try step(folder)
                try TransactionFiles.removeFolder(folder, for: target.change.path)
                log.append(.removedFolder(folder, mode: mode))
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
    }
}

/// What a transaction did, in order, and how to take it back.
struct TransactionLog: Sendable {
    enum Entry: Sendable {
        case madeTransactionFolder(String)
        case madeFolder(String)
        case wroteTemporary(String)
        /// An original linked or copied into the transaction folder.
        case setAside(String)
        case created(String)
        case replaced(String, backup: String, original: Data, mode: mode_t)
        case deleted(String, backup: String, original: Data, mode: mode_t)
        case removedFolder(String, mode: mode_t)
    }

    let root: String
    private(set) var entries: [Entry] = []

    init(root: String) {
        self.root = root
    }

    mutating func append(_ entry: Entry) { entries.append(entry) }

    /// Takes back every entry, last first; what could not be taken back, in words.
    func undo() -> [String] {
        var problems: [String] = []
        func attempt(_ what: String, _ body: () -> Int32) {
            do throws(Errno) {
                try systemCall(body)
            } catch let error where error != .noSuchFileOrDirectory {
                problems.append("\(what) (\(error.message))")
            } catch {}
        }
        for entry in entries.reversed() {
            switch entry {
            case .madeTransactionFolder(let path), .madeFolder(let path):
                attempt("remove the folder \(path)") { rmdir(path) }
            case .wroteTemporary(let path), .setAside(let path):
                attempt("remove \(path)") { unlink(path) }
            case .created(let path):
                attempt("remove \(path)") { unlink(path) }
            case .replaced(let path, let backup, let original, let mode), .deleted(let path, let backup, let original, let mode):
                if let problem = TransactionFiles.putBack(backup, at: path, original: original, mode: mode) { problems.append(problem) }
            case .removedFolder(let path, let mode):
                do throws(Errno) {
                    try systemCall { mkdir(path, mode) }
                } catch let error where error != .fileExists {
                    problems.append("make the folder \(path) again (\(error.message))")
                    continue
                } catch {}
                chmod(path, mode)
            }
        }
        return problems
    }

    /// Removes the set-aside originals and their folder: the changes stay.
    func dropBackups() {
        for entry in entries {
            if case .setAside(let path) = entry { unlink(path) }
        }
        for entry in entries {
            if case .madeTransactionFolder(let path) = entry { rmdir(path) }
        }
    }

    /// Syncs every folder an entry changed, so that the renames survive a crash.
    func syncFolders() {
        var folders: Set<String> = []
        for entry in entries {
            switch entry {
            case .created(let path), .replaced(let path, _, _, _), .deleted(let path, _, _, _), .removedFolder(let path, _), .madeFolder(let path):
                folders.insert((path as NSString).deletingLastPathComponent)
            default:
                break
            }
        }
        for folder in folders.sorted() { TransactionFiles.syncFolder(folder) }
    }
}
