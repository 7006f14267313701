import FileAccess
import Foundation
import SystemPackage

/// The file-system calls of a transaction, each failing with the error naming the file the
/// change is about (`named`) and the operation.
enum TransactionFiles {
    /// Tries for a free random name before giving up.
    static let nameAttempts = 100
    /// What `link` fails with where the file system makes no hard links (or not across
    /// devices): a copy or a rename is made instead.
    private static let noHardLink: Set<Errno> = [.improperLink, .notPermitted, .tooManyLinks, .notSupported]

    private static func failure(_ named: String, _ operation: String, _ error: Errno) -> FileTransactionError {
        FileTransactionError(path: named, kind: .system(operation: operation, reason: error.message))
    }

    private static func randomName(_ prefix: String) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return prefix + String((0..<10).map { _ in letters.randomElement()! })
    }

    /// A new folder with a random name, private to this process's user, locked (`flock`) for as
    /// long as the returned descriptor is open: a recovery that finds it locked leaves it alone,
    /// as its transaction is still running. A folder someone removed between its making and its
    /// locking is not used.
    static func makeLockedFolder(in parent: String, prefix: String) throws(FileTransactionError) -> (path: String, lock: FileDescriptor) {
        for _ in 0..<nameAttempts {
            let path = parent + "/" + randomName(prefix)
            do throws(SystemCallError) {
                try systemCall("mkdir") { mkdir(path, 0o700) }
            } catch {
                guard error.code == .fileExists else { throw failure(parent, "make a folder for the originals in \(parent)", error.code) }
                continue
            }
            guard let lock = lockFolder(path) else { continue }
            return (path, lock)
        }
        throw failure(parent, "find a free name in \(parent)", .fileExists)
    }

    /// `folder` opened and locked exclusively, nil when another process holds it or it is gone
    /// (or was replaced) once locked.
    static func lockFolder(_ folder: String) -> FileDescriptor? {
        guard let descriptor = try? FileDescriptor.open(FilePath(folder), .readOnly, options: [.directory, .closeOnExec, .noFollow]) else {
            return nil
        }
        do {
            try systemCall("flock") { flock(descriptor.rawValue, LOCK_EX | LOCK_NB) }
            var held = stat(), named = stat()
            guard fstat(descriptor.rawValue, &held) == 0, lstat(folder, &named) == 0,
                  held.st_dev == named.st_dev, held.st_ino == named.st_ino else { throw Errno.noSuchFileOrDirectory }
            return descriptor
        } catch {
            try? descriptor.close()
            return nil
        }
    }

    static func makeFolder(_ path: String, for named: String) throws(FileTransactionError) {
        do throws(SystemCallError) {
            try systemCall("mkdir") { mkdir(path, 0o777) }
        } catch {
            throw failure(named, "make the folder \(path)", error.code)
        }
    }

    /// Writes `data` to the new file `path` (which must not exist), synced. `mode` nil: the
    /// permissions a new file gets (0666 less the umask).
    static func writeNew(_ data: Data, at path: String, mode: mode_t?, for named: String) throws(FileTransactionError) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                                                 permissions: FilePermissions(rawValue: mode ?? 0o666))
        } catch {
            throw failure(named, "make the temporary file \(path)", Errno(thrown: error))
        }
        do {
            defer { try? descriptor.close() }
            try descriptor.writeAll(data)
            if let mode { try systemCall("fchmod") { fchmod(descriptor.rawValue, mode) } }
            try systemCall("fsync") { fsync(descriptor.rawValue) }
        } catch {
            unlink(path)
            throw failure(named, "write the temporary file \(path)", Errno(thrown: error))
        }
    }

    /// Keeps the original at `backup`: a hard link (true), or a copy where the file system
    /// refuses one (false).
    @discardableResult
    static func setAside(_ path: String, as backup: String, for named: String) throws(FileTransactionError) -> Bool {
        do throws(SystemCallError) {
            try systemCall("link") { link(path, backup) }
            return true
        } catch {
            guard Self.noHardLink.contains(error.code) else { throw failure(named, "keep the original aside", error.code) }
        }
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: ChangeSet.maximumFileBytes)
        } catch {
            throw FileTransactionError(path: named, kind: .system(operation: "keep the original aside", reason: error.problem))
        }
        try writeNew(data, at: backup, mode: permissions(of: path), for: named)
        return false
    }

    /// Puts the finished temporary at `path`, which must still not exist.
    static func linkNew(_ temporary: String, at path: String, for named: String) throws(FileTransactionError) {
        do throws(SystemCallError) {
            try systemCall("link") { link(temporary, path) }
            return
        } catch {
            if error.code == .fileExists { throw FileTransactionError(path: named, kind: .appearedOnDisk) }
            guard error.code != .improperLink, Self.noHardLink.contains(error.code) else { throw failure(named, "put the new file in place", error.code) }
        }
        // No hard links here: a rename, after looking once more that nothing is there.
        guard FileKind.notFollowing(path) == nil else { throw FileTransactionError(path: named, kind: .appearedOnDisk) }
        try rename(temporary, to: path, for: named)
    }

    static func rename(_ from: String, to path: String, for named: String) throws(FileTransactionError) {
        do throws(SystemCallError) {
            try systemCall("rename") { Foundation.rename(from, path) }
        } catch {
            throw failure(named, "rename \(from) to \(path)", error.code)
        }
    }

    static func remove(_ path: String, for named: String) throws(FileTransactionError) {
        do throws(SystemCallError) {
            try systemCall("unlink") { unlink(path) }
        } catch {
            throw failure(named, "remove \(path)", error.code)
        }
    }

    static func removeFolder(_ path: String, for named: String) throws(FileTransactionError) {
        do throws(SystemCallError) {
            try systemCall("rmdir") { rmdir(path) }
        } catch {
            throw failure(named, "remove the emptied folder \(path)", error.code)
        }
    }

    static func isEmptyFolder(_ path: String) -> Bool {
        guard let directory = opendir(path) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { return false }
        }
        return true
    }

    /// The permission bits of what is at `path` (not following a link); 0644 when it cannot be read.
    static func permissions(of path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
    }

    /// Swaps `temporary` and `path` (see `exchangeFiles`): true, and what was at `path` is now
    /// at `temporary`; or, where the file system cannot swap, renames `temporary` over `path`:
    /// false, and what it replaced is gone.
    static func exchangeOrRename(_ temporary: String, _ path: String, for named: String) throws(FileTransactionError) -> Bool {
        do throws(Errno) {
            try exchangeFiles(temporary, path)
            return true
        } catch {
            guard error.meansNoExchange else { throw failure(named, "put the new file in place", error) }
        }
        try rename(temporary, to: path, for: named)
        return false
    }

    static func exchange(_ a: String, _ b: String, for named: String) throws(FileTransactionError) {
        do throws(Errno) {
            try exchangeFiles(a, b)
        } catch {
            throw failure(named, "put it back in place", error)
        }
    }

    /// Whether `a` and `b` name the same file (device and inode), not following links.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        return lstat(a, &first) == 0 && lstat(b, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The bytes of the regular file at `path` when it holds at most `limit` bytes; nil when
    /// there is none, it is something else, or it holds more.
    static func contents(_ path: String, limit: Int) -> Data? {
        guard FileKind.notFollowing(path) == .regularFile else { return nil }
        return try? BoundedFile.read(path, limit: limit)
    }

    static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
