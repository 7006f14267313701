import FileAccess
import Foundation
import SystemPackage

/// The steps of one transaction. The first writes the journal (`TransactionJournal`) into a
/// locked folder of its own at the root; every later step only does what the journal says, so
/// that a kill at any step leaves what the next command's `TransactionRecovery` takes back, and
/// a failure here is taken back by the same undo.
struct TransactionRun {
    let root: String
    let failingAtStep: Int?
    let abandoningAtStep: Int?
    private var steps = 0
    /// Set when the run stopped at `abandoningAtStep`, as a kill there would have stopped it.
    private(set) var abandoned = false
    /// The transaction folder and the descriptor holding its lock, once made.
    private(set) var folder: String?
    private var lock: FileDescriptor?
    private(set) var journal: TransactionJournal?
    /// Changes whose file another program changed while it was put in place: its version
    /// was put back, and the undo leaves them alone.
    private(set) var settled: Set<Int> = []
    /// Changes whose original is a copy, not the very file (no hard links here).
    private var copiedOriginals: Set<Int> = []

    init(root: String, failingAtStep: Int?, abandoningAtStep: Int?) {
        self.root = root
        self.failingAtStep = failingAtStep
        self.abandoningAtStep = abandoningAtStep
    }

    /// Counts a step, failing (or stopping, as a kill would) there when a test asked for it.
    private mutating func step(_ path: String) throws(FileTransactionError) {
        steps += 1
        if steps == failingAtStep { throw FileTransactionError(path: path, kind: .injectedFailure(step: steps)) }
        if steps == abandoningAtStep {
            abandoned = true
            throw FileTransactionError(path: path, kind: .injectedFailure(step: steps))
        }
    }

    private func absolute(_ relative: String) -> String { root == "/" ? "/" + relative : root + "/" + relative }
    private func relative(_ path: String) -> String { String(path.dropFirst(root == "/" ? 1 : root.count + 1)) }

    /// Makes the locked transaction folder and writes the journal of `targets` into it.
    mutating func begin(_ targets: [TransactionTarget]) throws(FileTransactionError) {
        try step(root)
        let made = try TransactionFiles.makeLockedFolder(in: root, prefix: TransactionJournal.folderPrefix)
        folder = made.path
        lock = made.lock
        let id = String((made.path as NSString).lastPathComponent.dropFirst(TransactionJournal.folderPrefix.count))
        var claimed: Set<String> = []
        let entries = targets.enumerated().map { index, target in
            let made = target.missingFolders.filter { claimed.insert($0).inserted }
            let change = target.change
            return TransactionJournal.Entry(
                path: relative(target.path),
                temporary: change.replacement == nil ? nil : relative(target.folder + "/.iconchooser-\(id)-\(index).tmp"),
                backup: change.original == nil ? nil : "\(index)",
                madeFolders: made.map(relative),
                original: change.original.map(TransactionJournal.Fingerprint.init),
                replacement: change.replacement.map(TransactionJournal.Fingerprint.init),
                folders: change.replacement == nil ? foldersAbove(target.path) : [])
        }
        let journal = TransactionJournal(entries: entries)
        try step(made.path)
        do throws(Errno) {
            try journal.write(in: made.path)
        } catch {
            throw FileTransactionError(path: made.path, kind: .system(operation: "write the journal of the change", reason: error.message))
        }
        self.journal = journal
    }

    /// The folders holding `path` up to the root (innermost first), with their permissions.
    private func foldersAbove(_ path: String) -> [TransactionJournal.Folder] {
        var folders: [TransactionJournal.Folder] = []
        var folder = (path as NSString).deletingLastPathComponent
        while folder != root, folder.hasPrefix(root == "/" ? "/" : root + "/") {
            folders.append(TransactionJournal.Folder(path: relative(folder), mode: UInt32(TransactionFiles.permissions(of: folder))))
            folder = (folder as NSString).deletingLastPathComponent
        }
        return folders
    }

    /// Makes the missing folders, every temporary and every set-aside original: nothing the
    /// project's readers see has changed yet.
    mutating func prepare(_ targets: [TransactionTarget]) throws(FileTransactionError) {
        guard let folder, let journal else { return }
        for (index, target) in targets.enumerated() {
            let entry = journal.entries[index]
            for missing in entry.madeFolders.map(absolute) {
                try step(missing)
                try TransactionFiles.makeFolder(missing, for: target.change.path)
            }
            if let replacement = target.change.replacement, let temporary = entry.temporary {
                try step(target.path)
                let mode = target.change.original == nil ? nil : TransactionFiles.permissions(of: target.path)
                try TransactionFiles.writeNew(replacement, at: absolute(temporary), mode: mode, for: target.change.path)
            }
            if let backup = entry.backup {
                try step(target.path)
                if !(try TransactionFiles.setAside(target.path, as: folder + "/" + backup, for: target.change.path)) {
                    copiedOriginals.insert(index)
                }
            }
        }
    }

    /// Puts every new file in place and removes every file to delete. A file replaced or
    /// removed is looked at once it is out of the way: when it is not the very file, with the
    /// bytes, that was checked (another program wrote it in the meantime), that program's
    /// version is put back and the transaction fails.
    mutating func put(_ targets: [TransactionTarget]) throws(FileTransactionError) {
        guard let folder, let journal else { return }
        for (index, target) in targets.enumerated() {
            let named = target.change.path
            let entry = journal.entries[index]
            switch target.change.action {
            case .create:
                guard let temporary = entry.temporary.map(absolute) else { continue }
                try step(target.path)
                try TransactionFiles.linkNew(temporary, at: target.path, for: named)
                try step(temporary)
                try TransactionFiles.remove(temporary, for: named)
            case .modify(let original, _):
                guard let temporary = entry.temporary.map(absolute), let backup = entry.backup.map({ folder + "/" + $0 }) else { continue }
                try step(target.path)
                guard try TransactionFiles.exchangeOrRename(temporary, target.path, for: named) else { continue }
                // `temporary` now holds what was replaced.
                guard isOriginal(temporary, backup: backup, index: index, original: original) else {
                    try TransactionFiles.exchange(temporary, target.path, for: named)
                    settled.insert(index)
                    throw FileTransactionError(path: named, kind: .changedWhileWriting(
                        keptAt: try keepWrittenMeanwhile(temporary, at: target.path, replacement: target.change.replacement ?? Data())))
                }
                try step(temporary)
                try TransactionFiles.remove(temporary, for: named)
            case .delete(let original):
                guard let backup = entry.backup.map({ folder + "/" + $0 }) else { continue }
                let displaced = backup + ".removed"
                try step(target.path)
                try TransactionFiles.rename(target.path, to: displaced, for: named)
                guard isOriginal(displaced, backup: backup, index: index, original: original) else {
                    // Back where it was, unless yet another file took its place meanwhile.
                    if link(displaced, target.path) == 0 { unlink(displaced) }
                    settled.insert(index)
                    throw FileTransactionError(path: named, kind: .changedWhileWriting(keptAt: nil))
                }
                try step(displaced)
                try TransactionFiles.remove(displaced, for: named)
            }
        }
    }

    /// After another program's version of `path` was put back: what it wrote into the new
    /// version while that was in place (now at `temporary`) is not lost. Bytes it appended
    /// are appended to its version; anything else leaves the new version beside the file, at
    /// the path returned, for a person to merge.
    private func keepWrittenMeanwhile(_ temporary: String, at path: String, replacement: Data) throws(FileTransactionError) -> String? {
        guard let written = TransactionFiles.contents(temporary, limit: ChangeSet.maximumFileBytes), written != replacement else { return nil }
        if written.starts(with: replacement) {
            do {
                let descriptor = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.append, .closeOnExec])
                defer { try? descriptor.close() }
                try descriptor.writeAll(written[replacement.count...])
                return nil
            } catch {}
        }
        let kept = path + ".iconchooser-conflict"
        try TransactionFiles.rename(temporary, to: kept, for: path)
        return kept
    }

    /// Whether `path` is the file set aside at `backup` (the very file, where it was linked)
    /// and still holds `original`.
    private func isOriginal(_ path: String, backup: String, index: Int, original: Data) -> Bool {
        (copiedOriginals.contains(index) || TransactionFiles.isSameFile(path, backup))
            && TransactionFiles.contents(path, limit: original.count) == original
    }

    /// Removes the folders deleting files left empty (a removed `.appiconset`), up to the root.
    mutating func removeEmptiedFolders(_ targets: [TransactionTarget]) throws(FileTransactionError) {
        for target in targets {
            guard case .delete = target.change.action else { continue }
            var folder = target.folder
            while folder != root, folder.hasPrefix(root + "/"), TransactionFiles.isEmptyFolder(folder) {
                try step(folder)
                try TransactionFiles.removeFolder(folder, for: target.change.path)
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
    }

    /// Syncs every folder a change landed in, and those above it up to the root (folders
    /// made or removed), so that its renames survive a crash.
    func syncFolders(_ targets: [TransactionTarget]) {
        var folders: Set<String> = [root]
        for target in targets {
            var folder = target.folder
            while folder.hasPrefix(root + "/"), folders.insert(folder).inserted {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        for folder in folders.sorted() where FileKind.notFollowing(folder) == .directory { TransactionFiles.syncFolder(folder) }
    }

    /// Takes back everything done so far (see `TransactionUndo`), then the transaction folder
    /// with it unless something could not be taken back; the problems, each naming its file.
    mutating func rollBack() -> [RecoveryProblem] {
        defer { release() }
        guard let folder else { return [] }
        var problems: [RecoveryProblem] = []
        if let journal {
            problems = TransactionUndo(root: root, folder: folder, journal: journal, settled: settled).run().problems
        }
        if problems.isEmpty { problems += TransactionUndo.removeFolder(folder) }
        return problems
    }

    /// Keeps the changes: the journal is marked committed first (from then on nothing takes
    /// them back), then it goes with the set-aside originals and their folder.
    mutating func commit() {
        defer { release() }
        guard let folder else { return }
        rename(folder + "/" + TransactionJournal.fileName, folder + "/" + TransactionJournal.committedName)
        _ = TransactionUndo.removeFolder(folder)
    }

    /// Lets go of the lock, leaving the folder as it is (for the next command to take back).
    mutating func release() {
        try? lock?.close()
        lock = nil
        folder = nil
    }
}
