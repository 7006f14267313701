import FileAccess
import Foundation
import IconCatalog
import SystemPackage

/// Writes a `ChangeSet`'s changes all or nothing. Every path must lie inside `boundary` (the
/// repository the user named), reached through no symbolic link; every file must still hold
/// the bytes it was read with (and a file to create must still not exist).
///
/// What it will do is first written down (`TransactionJournal`) in a locked folder of its
/// own at the top of the boundary, where the originals are kept (hard links, copies where a
/// link cannot be made) until `commit()`, so that the project read again after writing holds
/// nothing but its own files. New contents go to temporaries beside their targets (making
/// missing folders), synced, with the original's permissions; only when all are ready are they
/// put in place. A failure part-way puts back everything done so far; a kill part-way leaves
/// the journal, and the next command that writes takes it all back (`TransactionRecovery`).
package struct FileTransaction: Sendable {
    /// The folder nothing may be written outside of.
    package let boundary: String
    /// How a refusal names it ("the repository /x"), so the user sees which folder their
    /// naming of the app made the limit.
    package let boundaryName: String
    /// For tests: the transaction fails at this step (1-based: the journal, each folder made,
    /// temporary written, file set aside, put in place or removed is a step) as a real failure
    /// there would, so that every path back can be shown to leave the disk as it was.
    package var failingAtStep: Int?
    /// For tests: the transaction stops at this step as a kill there would stop it, taking
    /// nothing back and letting go of its lock, for `TransactionRecovery` to find.
    package var abandoningAtStep: Int?

    package init(boundary: String) {
        self.boundary = boundary
        boundaryName = boundary
    }

    /// Nothing written outside the folder the app was read in.
    package init(boundary: ReadBoundary) {
        self.boundary = boundary.root
        boundaryName = boundary.description
    }

    /// Writes `changes`; on any failure nothing on disk differs from before and the error names the file.
    package func apply(_ changes: [FileChange]) throws(FileTransactionError) -> AppliedTransaction {
        let root = try TransactionPaths.resolveBoundary(boundary)
        var targets: [TransactionTarget] = []
        targets.reserveCapacity(changes.count)
        var seen: Set<String> = []
        for change in changes {
            let target = try TransactionPaths.resolve(change, boundary: boundary, boundaryName: boundaryName, realBoundary: root)
            guard seen.insert(target.path).inserted else {
                throw FileTransactionError(path: change.path, kind: .system(operation: "change it", reason: "named twice in one change set"))
            }
            targets.append(target)
        }
        for target in targets { try target.checkUnchanged() }
        var run = TransactionRun(root: root, failingAtStep: failingAtStep, abandoningAtStep: abandoningAtStep)
        do {
            try run.begin(targets)
            try run.prepare(targets)
            // Once more just before anything is replaced: the temporaries took time.
            for target in targets { try target.checkUnchanged() }
            try run.put(targets)
            try run.removeEmptiedFolders(targets)
        } catch {
            if run.abandoned {
                run.release()
                throw error
            }
            let problems = run.rollBack()
            guard problems.isEmpty else {
                throw FileTransactionError(path: error.path, kind: .restoreFailed(reason: "after “\(error)”: "
                                           + problems.map(\.description).joined(separator: "; ")))
            }
            throw error
        }
        run.syncFolders(targets)
        return AppliedTransaction(changes: changes, run: run, targets: targets)
    }
}

/// Changes that are on disk, with what they replaced kept aside until `commit()`, so a
/// command that finds the result wrong (re-reading the project) can `restore()` it. Used
/// from one thread; released without either, it commits.
package final class AppliedTransaction: @unchecked Sendable {
    /// What was written.
    package let changes: [FileChange]
    private var run: TransactionRun?
    private let targets: [TransactionTarget]

    init(changes: [FileChange], run: TransactionRun, targets: [TransactionTarget]) {
        self.changes = changes
        self.run = run
        self.targets = targets
    }

    deinit { commit() }

    /// Puts every file back as it was before `apply` and removes the files and folders it
    /// made; a file someone changed since is kept, and named. Does nothing once committed or restored.
    package func restore() throws(FileTransactionError) {
        guard var run else { return }
        self.run = nil
        let root = run.root
        let problems = run.rollBack()
        run.syncFolders(targets)
        guard problems.isEmpty else {
            throw FileTransactionError(path: root, kind: .restoreFailed(reason: problems.map(\.description).joined(separator: "; ")))
        }
    }

    /// Keeps the changes: the journal and the set-aside originals are removed.
    package func commit() {
        guard var run else { return }
        self.run = nil
        run.commit()
        TransactionFiles.syncFolder(run.root)
    }
}

/// Why a transaction did not happen (nothing was changed) or could not be undone.
package typealias FileTransactionError = FileError<FileTransactionProblem>

/// Why a transaction did not happen, or could not be undone.
package enum FileTransactionProblem: FileProblem {
    /// The path, resolved, lies outside the boundary folder, as a message names it.
    case outsideBoundary(boundary: String)
    /// A component of the path (`component`, itself a path) is a symbolic link.
    case throughSymbolicLink(component: String)
    /// The file no longer holds the bytes it was read with.
    case changedOnDisk
    /// Another program wrote the file while it was being replaced or removed: its version
    /// was put back. `keptAt`: where what it wrote into the new version meanwhile was kept,
    /// where that could not simply be added to its version.
    case changedWhileWriting(keptAt: String?)
    /// A file to create exists now.
    case appearedOnDisk
    /// Something other than a regular file is where a file is to be written or deleted.
    case notARegularFile(FileKind)
    /// A folder on the way (`component`, itself a path) is something else.
    case notAFolder(component: String, FileKind)
    /// A system call failed: `operation` says which ("create the folder", "rename into place").
    case system(operation: String, reason: String)
    /// The test hook `failingAtStep` was reached.
    case injectedFailure(step: Int)
    /// Putting files back after a failure failed too; `reason` names what is left as it is.
    case restoreFailed(reason: String)

    package func message(about path: String) -> String {
        switch self {
        case .outsideBoundary(let boundary): return "\(path): outside \(boundary); nothing is written there"
        case .throughSymbolicLink(let component): return "\(path): \(component) is a symbolic link; nothing is written through one"
        case .changedOnDisk: return "\(path): changed on disk since it was read; nothing was written"
        case .changedWhileWriting(nil): return "\(path): changed by another program while it was being written; its version was kept and nothing was written"
        case .changedWhileWriting(let kept?):
            return "\(path): changed by another program while it was being written; its version was kept, nothing was written, and what it wrote meanwhile is at \(kept)"
        case .appearedOnDisk: return "\(path): created by something else since the project was read; nothing was written"
        case .notARegularFile(let kind): return "\(path): \(kind) where a file was expected; nothing was written"
        case .notAFolder(let component, let kind): return "\(path): \(component) is \(kind) where a folder was expected; nothing was written"
        case .system(let operation, let reason): return "\(path): cannot \(operation) (\(reason)); nothing was written"
        case .injectedFailure(let step): return "\(path): failure injected at step \(step); nothing was written"
        case .restoreFailed(let reason): return "\(path): could not put everything back (\(reason))"
        }
    }
}
