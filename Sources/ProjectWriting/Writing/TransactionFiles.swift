import FileAccess
import Foundation
import SystemPackage

/// The file-system calls of a transaction, each failing with the error naming the file the
/// change is about (`named`) and the operation.
enum TransactionFiles {
    /// Tries for a free random name before giving up.
    static let nameAttempts = 100

    private static func failure(_ named: String, _ operation: String, _ code: Int32 = errno) -> FileTransactionError {
        FileTransactionError(path: named, kind: .system(operation: operation, reason: BoundedFile.errnoMessage(code)))
    }

    private static func randomName(_ prefix: String) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return prefix + String((0..<10).map { _ in letters.randomElement()! })
    }

    /// A new folder with a random name, private to this process's user.
    static func makeUniqueFolder(in parent: String, prefix: String) throws(FileTransactionError) -> String {
        for _ in 0..<nameAttempts {
            let path = parent + "/" + randomName(prefix)
            if mkdir(path, 0o700) == 0 { return path }
            guard errno == EEXIST else { throw failure(parent, "make a folder for the originals in \(parent)") }
        }
        throw failure(parent, "find a free name in \(parent)", EEXIST)
    }

    static func makeFolder(_ path: String, for named: String) throws(FileTransactionError) {
        guard mkdir(path, 0o777) == 0 else { throw failure(named, "make the folder \(path)") }
    }

    /// Writes `data` to a new file with a random name in `folder`, synced. `mode` nil: the
    /// permissions a new file gets (0666 less the umask).
    static func writeTemporary(_ data: Data, in folder: String, mode: mode_t?, for named: String) throws(FileTransactionError) -> String {
        for _ in 0..<nameAttempts {
            let path = folder + "/" + randomName(".iconchooser-") + ".tmp"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o666)
            if descriptor < 0 {
                guard errno == EEXIST else { throw failure(named, "make a temporary file in \(folder)") }
                continue
            }
            var problem: Int32?
            let written = data.withUnsafeBytes { raw -> Bool in
                var offset = 0
                while offset < raw.count {
                    do throws(Errno) {
                        offset += try systemCall { write(descriptor, raw.baseAddress! + offset, raw.count - offset) }
                    } catch {
                        problem = error.rawValue
                        return false
                    }
                }
                return true
            }
            if written, let mode, fchmod(descriptor, mode) != 0 { problem = errno }
            if written, problem == nil, fsync(descriptor) != 0 { problem = errno }
            close(descriptor)
            if let problem {
                unlink(path)
                throw failure(named, "write a temporary file in \(folder)", problem)
            }
            return path
        }
        throw failure(named, "find a free name in \(folder)", EEXIST)
    }

    /// Keeps the original at `backup`: a hard link, or a copy where the file system refuses one.
    static func setAside(_ path: String, as backup: String, for named: String) throws(FileTransactionError) {
        if link(path, backup) == 0 { return }
        let code = errno
        guard code == EXDEV || code == EPERM || code == EMLINK || code == ENOTSUP else {
            throw failure(named, "keep the original aside", code)
        }
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: ChangeSet.maximumFileBytes)
        } catch {
            throw FileTransactionError(path: named, kind: .system(operation: "keep the original aside", reason: error.problem))
        }
        let temporary = try writeTemporary(data, in: (backup as NSString).deletingLastPathComponent, mode: permissions(of: path), for: named)
        try rename(temporary, to: backup, for: named)
    }

    /// Puts the finished temporary at `path`, which must still not exist.
    static func linkNew(_ temporary: String, at path: String, for named: String) throws(FileTransactionError) {
        if link(temporary, path) == 0 { return }
        let code = errno
        if code == EEXIST { throw FileTransactionError(path: named, kind: .appearedOnDisk) }
        guard code == EPERM || code == EMLINK || code == ENOTSUP else { throw failure(named, "put the new file in place", code) }
        // No hard links here: a rename, after looking once more that nothing is there.
        guard FileKind.notFollowing(path) == nil else { throw FileTransactionError(path: named, kind: .appearedOnDisk) }
        try rename(temporary, to: path, for: named)
    }

    static func rename(_ from: String, to path: String, for named: String) throws(FileTransactionError) {
        guard Foundation.rename(from, path) == 0 else { throw failure(named, "rename \(from) to \(path)") }
    }

    static func remove(_ path: String, for named: String) throws(FileTransactionError) {
        guard unlink(path) == 0 else { throw failure(named, "remove \(path)") }
    }

    static func removeFolder(_ path: String, for named: String) throws(FileTransactionError) {
        guard rmdir(path) == 0 else { throw failure(named, "remove the emptied folder \(path)") }
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

    /// Puts the set-aside original back at `path`: renamed back, or written again from
    /// `original` where the rename cannot be made. A problem in words, nil when done.
    static func putBack(_ backup: String, at path: String, original: Data, mode: mode_t) -> String? {
        if Foundation.rename(backup, path) == 0 { return nil }
        do {
            let temporary = try writeTemporary(original, in: (path as NSString).deletingLastPathComponent, mode: mode, for: path)
            try rename(temporary, to: path, for: path)
            unlink(backup)
            return nil
        } catch {
            return "put back \(path) (\(error))"
        }
    }

    static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
