import FileAccess
import Foundation
import IconCatalog
import SystemPackage

/// Takes a transaction back by its journal, each change last first, by what its file holds
/// now: a file holding the replacement gets its original back (the very file, renamed back
/// from the transaction folder), a file the change created is removed, a deleted file comes
/// back with its folders; a file holding the original is left; a file holding anything else
/// was changed by someone since, and is kept (a problem). Temporaries and folders the change
/// made go. Doing it twice does nothing more.
struct TransactionUndo {
    let root: String
    /// The transaction folder, where the originals are kept.
    let folder: String
    let journal: TransactionJournal
    /// Changes another program's version took back during the run: left as they are.
    var settled: Set<Int> = []

    struct Outcome {
        /// The files put back, and those the change made and were removed, relative to the root.
        var restored: [String] = []
        var removed: [String] = []
        var temporariesRemoved = 0
        var problems: [RecoveryProblem] = []
    }

    private func absolute(_ relative: String) -> String { root == "/" ? "/" + relative : root + "/" + relative }

    func run() -> Outcome {
        var outcome = Outcome()
        for (index, entry) in journal.entries.enumerated().reversed() {
            let path = absolute(entry.path)
            // A journal is read from disk: nothing it names is reached through a link.
            let named = [entry.path] + [entry.temporary].compactMap { $0 } + entry.madeFolders + entry.folders.map(\.path)
            if let linked = named.lazy.compactMap(linkOnTheWay).first {
                outcome.problems.append(RecoveryProblem(path: path, kind: .throughSymbolicLink(component: linked)))
                continue
            }
            if !settled.contains(index) {
                do throws(RecoveryProblem) {
                    switch try undo(entry, at: path) {
                    case .restored: outcome.restored.append(entry.path)
                    case .removed: outcome.removed.append(entry.path)
                    case .untouched: break
                    }
                } catch {
                    outcome.problems.append(error)
                }
            }
            if let temporary = entry.temporary.map(absolute), unlink(temporary) == 0 { outcome.temporariesRemoved += 1 }
            for made in entry.madeFolders.reversed() { rmdir(absolute(made)) }
        }
        return outcome
    }

    enum Undone { case restored, removed, untouched }

    /// The first folder on the way from the root to `relative` (itself excluded) that is a
    /// symbolic link, nil when there is none.
    private func linkOnTheWay(_ relative: String) -> String? {
        var current = root == "/" ? "" : root
        for component in relative.split(separator: "/").dropLast() {
            current += "/" + component
            if FileKind.notFollowing(current) == .symbolicLink { return current }
        }
        return nil
    }

    /// Undoes one change: what it did to its file.
    private func undo(_ entry: TransactionJournal.Entry, at path: String) throws(RecoveryProblem) -> Undone {
        let limit = max(entry.original?.size ?? 0, entry.replacement?.size ?? 0) + 1
        let kind = FileKind.notFollowing(path)
        let current = TransactionFiles.contents(path, limit: limit)
        let backup = entry.backup.map { folder + "/" + $0 }
        if let original = entry.original, let current, original.matches(current) { return .untouched }
        if let replacement = entry.replacement, let current, replacement.matches(current) {
            guard entry.original != nil else {
                try attempt(path, "remove it", "unlink") { unlink(path) }
                return .removed
            }
            try putBack(entry, at: path)
            return .restored
        }
        if kind == nil {
            // Absent: a deletion that was made, or a creation that was not.
            guard entry.original != nil, entry.replacement == nil else { return .untouched }
            for folder in entry.folders.reversed() where FileKind.notFollowing(absolute(folder.path)) == nil {
                try attempt(absolute(folder.path), "make the folder again", "mkdir") { mkdir(absolute(folder.path), mode_t(folder.mode)) }
                chmod(absolute(folder.path), mode_t(folder.mode))
            }
            try putBack(entry, at: path)
            return .restored
        }
        // A creation whose place someone else filled is theirs; anything else changed since.
        guard entry.original != nil else { return .untouched }
        throw RecoveryProblem(path: path, kind: .changedSince(original: backup.flatMap { FileKind.notFollowing($0) == nil ? nil : $0 }))
    }

    /// Renames the set-aside original back to `path`, once it is known to hold what was found.
    private func putBack(_ entry: TransactionJournal.Entry, at path: String) throws(RecoveryProblem) {
        guard let name = entry.backup, let original = entry.original else { throw RecoveryProblem(path: path, kind: .originalLost) }
        let backup = folder + "/" + name
        guard let kept = TransactionFiles.contents(backup, limit: original.size), original.matches(kept) else {
            throw RecoveryProblem(path: path, kind: .originalLost)
        }
        try attempt(path, "put the original back", "rename") { rename(backup, path) }
    }

    private func attempt(_ path: String, _ operation: String, _ name: String, _ call: () -> Int32) throws(RecoveryProblem) {
        do throws(SystemCallError) {
            try systemCall(name, call)
        } catch {
            throw RecoveryProblem(path: path, kind: .system(operation: operation, error.code))
        }
    }

    /// Removes the transaction folder and what it holds (the journal, originals, files moved
    /// out of the way): only plain files, which this writer alone puts there.
    static func removeFolder(_ folder: String) -> [RecoveryProblem] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var problems: [RecoveryProblem] = []
        for name in names {
            do throws(SystemCallError) {
                try systemCall("unlink") { unlink(folder + "/" + name) }
            } catch where error.code != .noSuchFileOrDirectory {
                problems.append(RecoveryProblem(path: folder + "/" + name, kind: .system(operation: "remove it", error.code)))
            } catch {}
        }
        do throws(SystemCallError) {
            try systemCall("rmdir") { rmdir(folder) }
        } catch where error.code != .noSuchFileOrDirectory {
            problems.append(RecoveryProblem(path: folder, kind: .system(operation: "remove the folder", error.code)))
        } catch {}
        return problems
    }
}

/// Finds the transactions a killed run left unfinished and takes each back, before a command
/// that writes reads the app: the project is then as it was before that run, its temporaries
/// and set-aside originals gone. A transaction still running (its folder locked) is left alone.
package enum TransactionRecovery {
    /// What was taken back.
    package struct Report: Sendable, Equatable, CustomStringConvertible {
        /// The folder the transactions were found in.
        package let root: String
        /// Transactions taken back, and those that had finished and left only their folder.
        package var undone = 0
        package var finished = 0
        /// The files put back, and those the edit had made and were removed, relative to `root`.
        package var restored: [String] = []
        package var removed: [String] = []
        package var temporariesRemoved = 0

        package var transactions: Int { undone + finished }

        /// One line: "an edit interrupted earlier was undone in /x: Info.plist put back, 2 files
        /// it made removed, 3 temporary files removed".
        package var description: String {
            func files(_ paths: [String]) -> String {
                paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
            }
            func count(_ number: Int, _ what: String) -> String { "\(number) \(what)\(number == 1 ? "" : "s")" }
            var parts: [String] = []
            if !restored.isEmpty { parts.append(files(restored) + " put back") }
            if !removed.isEmpty { parts.append(count(removed.count, "file") + " it made removed") }
            if temporariesRemoved > 0 { parts.append(count(temporariesRemoved, "temporary file") + " removed") }
            var line = undone == 0 ? "" : (undone == 1 ? "an edit interrupted earlier was" : "\(undone) edits interrupted earlier were") + " undone"
            if finished > 0 {
                line += (line.isEmpty ? "" : "; ") + (finished == 1 ? "an edit that had finished left its" : "\(finished) edits that had finished left their")
                    + " originals, now removed"
            }
            return line + " in \(root)" + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
        }
    }

    /// Takes back every unfinished transaction in `root`; nil when there was none.
    package static func recover(in root: String) throws(RecoveryProblem) -> Report? {
        var report = Report(root: root)
        for folder in unfinished(in: root) {
            guard let lock = TransactionFiles.lockFolder(folder) else { continue }
            defer { try? lock.close() }
            if let journal = try TransactionJournal.read(in: folder) {
                let outcome = TransactionUndo(root: root, folder: folder, journal: journal).run()
                report.undone += 1
                report.restored += outcome.restored
                report.removed += outcome.removed
                report.temporariesRemoved += outcome.temporariesRemoved
                if let problem = outcome.problems.first { throw problem }
            } else if FileKind.notFollowing(folder + "/" + TransactionJournal.committedName) != nil {
                report.finished += 1
            } else {
                // Stopped before its journal was written: it had changed nothing.
                report.undone += 1
            }
            if let problem = TransactionUndo.removeFolder(folder).first { throw problem }
            TransactionFiles.syncFolder(root)
        }
        return report.transactions == 0 ? nil : report
    }

    /// Takes back the unfinished transactions wherever an edit of the app named `app` (as
    /// given with `--app`) could have left one: the root every edit writes under is the folder
    /// named, the folder holding the file or project named, or the top of the git work tree
    /// holding it (see `ReadBoundary`).
    package static func recover(around app: String) throws(RecoveryProblem) -> [Report] {
        var reports: [Report] = []
        for root in roots(around: app) {
            if let report = try recover(in: root) { reports.append(report) }
        }
        return reports
    }

    /// Whether `app`'s roots hold a transaction left unfinished, without taking it back (for
    /// `--dry-run`, which writes nothing).
    package static func unfinished(around app: String) -> [String] {
        roots(around: app).flatMap { unfinished(in: $0) }
    }

    /// The folders where an edit of `app` writes its transaction, each once and real.
    static func roots(around app: String) -> [String] {
        let named = ProjectPaths.absolute(app)
        var candidates: [String] = []
        if FileKind.following(named) == .directory && !XcodeProjectLocator.isProjectBundle(named) {
            candidates.append(named)
        } else {
            candidates.append(ProjectPaths.parent(named))
        }
        if let top = ReadBoundary.workTreeTop(above: ProjectPaths.parent(named)) { candidates.append(top) }
        var seen: Set<String> = []
        return candidates.compactMap { try? realPath($0) }.filter { seen.insert($0).inserted }
    }

    /// The transaction folders in `root`.
    static func unfinished(in root: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        return names.filter { $0.hasPrefix(TransactionJournal.folderPrefix) }.sorted()
            .map { root + "/" + $0 }.filter { FileKind.notFollowing($0) == .directory }
    }
}
