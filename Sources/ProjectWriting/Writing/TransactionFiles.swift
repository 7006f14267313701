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

    /// A new folder with a random name, private to this process's user.
    static func makeUniqueFolder(in parent: String, prefix: String) throws(FileTransactionError) -> String {
        for _ in 0..<nameAttempts {
            let path = parent + "/" + randomName(prefix)
            do throws(Errno) {
                try systemCall { mkdir(path, 0o700) }
                return path
            } catch {
                guard error == .fileExists else { throw failure(parent, "make a folder for the originals in \(parent)", error) }
            }
        }
        throw failure(parent, "find a free name in \(parent)", .fileExists)
    }

    static func makeFolder(_ path: String, for named: String) throws(FileTransactionError) {
        do throws(Errno) {
            try systemCall { mkdir(path, 0o777) }
        } catch {
            throw failure(named, "make the folder \(path)", error)
        }
    }

    /// Writes `data` to a new file with a random name in `folder`, synced. `mode` nil: the
    /// permissions a new file gets (0666 less the umask).
    static func writeTemporary(_ data: Data, in folder: String, mode: mode_t?, for named: String) throws(FileTransactionError) -> String {
        for _ in 0..<nameAttempts {
            let path = folder + "/" + randomName(".iconchooser-") + ".tmp"
            let descriptor: FileDescriptor
            do {
                descriptor = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                                                     permissions: FilePermissions(rawValue: mode ?? 0o666))
            } catch {
                let error = Errno(thrown: error)
                guard error == .fileExists else { throw failure(named, "make a temporary file in \(folder)", error) }
                continue
            }
            do {
                defer { try? descriptor.close() }
                try descriptor.writeAll(data)
                if let mode { try systemCall { fchmod(descriptor.rawValue, mode) } }
                try systemCall { fsync(descriptor.rawValue) }
            } catch {
                unlink(path)
                throw failure(named, "write a temporary file in \(folder)", Errno(thrown: error))
            }
            return path
        }
        throw failure(named, "find a free name in \(folder)", .fileExists)
    }

    /// Keeps the original at `backup`: a hard link, or a copy where the file system refuses one.
    static func setAside(_ path: String, as backup: String, for named: String) throws(FileTransactionError) {
        do throws(Errno) {
            try systemCall { link(path, backup) }
            return
        } catch {
            guard Self.noHardLink.contains(error) else { throw failure(named, "keep the original aside", error) }
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
        do throws(Errno) {
            try systemCall { link(temporary, path) }
            return
        } catch {
            if error == .fileExists { throw FileTransactionError(path: named, kind: .appearedOnDisk) }
            guard error != .improperLink, Self.noHardLink.contains(error) else { throw failure(named, "put the new file in place", error) }
        }
        // No hard links here: a rename, after looking once more that nothing is there.
        guard FileKind.notFollowing(path) == nil else { throw FileTransactionError(path: named, kind: .appearedOnDisk) }
        try rename(temporary, to: path, for: named)
    }

    static func rename(_ from: String, to path: String, for named: String) throws(FileTransactionError) {
        do throws(Errno) {
            try systemCall { Foundation.rename(from, path) }
        } catch {
            throw failure(named, "rename \(from) to \(path)", error)
        }
    }

    static func remove(_ path: String, for named: String) throws(FileTransactionError) {
        do throws(Errno) {
            try systemCall { unlink(path) }
        } catch {
            throw failure(named, "remove \(path)", error)
        }
    }

    static func removeFolder(_ path: String, for named: String) throws(FileTransactionError) {
        do throws(Errno) {
            try systemCall { rmdir(path) }
        } catch {
            throw failure(named, "remove the emptied folder \(path)", error)
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
