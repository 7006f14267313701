import Foundation
import SystemPackage

/// Reads files (plists, state files, PNGs) without ever blocking or ballooning: only
/// regular files are read (a FIFO, socket or device named by mistake is refused, not
/// waited on), never more than a stated number of bytes, and a path that leads nowhere
/// says why (a broken symbolic link is not a file that "disappeared").
public enum BoundedFile {
    /// Why a file was not read; says "a broken symbolic link" rather than "missing" where that is the truth.
    public enum Failure: Error, Equatable, Sendable {
        /// Nothing at the path.
        case notFound
        /// A symbolic link that leads nowhere: `problem` is "a broken symbolic link (to “x”)" or
        /// "a symbolic link loop".
        case badLink(problem: String)
        /// A folder, FIFO, device or socket; `kind` says which.
        case notARegularFile(kind: FileKind)
        /// More bytes than the caller allows; `bytes` is the file's size.
        case tooLarge(bytes: Int)
        /// The system refused (permissions, I/O); the text is `strerror`'s.
        case system(String)

        /// What is wrong, to follow "PATH is …" or "PATH: …" in a message.
        public var problem: String {
            switch self {
            case .notFound: return "no such file"
            case .badLink(let problem): return problem
            case .notARegularFile(let kind): return "\(kind), not a regular file"
            case .tooLarge(let bytes): return "\(bytes) bytes, too large"
            case .system(let reason): return "unreadable (\(reason))"
            }
        }
    }

    /// The whole file, refusing it when it holds more than `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        Data(try readBytes(path, limit: limit))
    }

    /// The whole file as bytes (for decoders that index them), refusing it when it holds more
    /// than `limit` bytes. The file is read straight into the array it is returned in.
    package static func readBytes(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        try withOpenRegularFile(path) { fd, size throws(Failure) in
            if size > limit { throw .tooLarge(bytes: size) }
            // One byte past the stated size notices a file that grew since fstat, without
            // allocating (and zero-filling) the whole limit for a small file.
            return try readUpTo(fd: fd, count: min(size, limit) + 1, rejectingOver: limit)
        }
    }

    /// At most the first `count` bytes of the file.
    package static func readPrefix(_ path: String, count: Int) throws(Failure) -> Data {
        try withOpenRegularFile(path) { fd, _ throws(Failure) in
            Data(try readUpTo(fd: fd, count: count, rejectingOver: nil))
        }
    }

    /// Why `path`, which `stat` cannot reach, is not there when it is a symbolic link: "a broken
    /// symbolic link (to “x”)" or "a symbolic link loop". nil for a plain missing path.
    package static func linkProblem(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) != 0, errno == ELOOP { return "a symbolic link loop" }
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &target, target.count - 1)
        guard length >= 0 else { return "a broken symbolic link" }
        let destination = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "a broken symbolic link (to “\(destination)”, which does not exist)"
    }

    package static func isDirectory(_ path: String) -> Bool {
        FileKind.following(path) == .directory
    }

    static func errnoMessage(_ code: Int32 = errno) -> String {
        Errno(rawValue: code).message
    }

    private static func withOpenRegularFile<T>(
        _ path: String, _ body: (Int32, Int) throws(Failure) -> T
    ) throws(Failure) -> T {
        // Looked at before opening: opening a device can have side effects, and a socket cannot
        // be opened at all (ENXIO would hide what it is).
        var info = stat()
        guard stat(path, &info) == 0 else { throw unreachable(path, errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(kind: FileKind(mode: info.st_mode)) }
        // O_NONBLOCK: should the path have turned into a FIFO since, opening it must not wait for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if fd < 0 { throw unreachable(path, errno) }
        defer { close(fd) }
        // Checked again on what was actually opened.
        guard fstat(fd, &info) == 0 else { throw .system(errnoMessage()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .notARegularFile(kind: FileKind(mode: info.st_mode))
        }
        return try body(fd, Int(info.st_size))
    }

    private static func unreachable(_ path: String, _ code: Int32) -> Failure {
        guard code == ENOENT || code == ELOOP else { return .system(errnoMessage(code)) }
        return linkProblem(path).map { .badLink(problem: $0) } ?? .notFound
    }

    private static func readUpTo(fd: Int32, count: Int, rejectingOver limit: Int?) throws(Failure) -> [UInt8] {
        var failure: Failure?
        let bytes = [UInt8](unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
            var filled = 0
            do throws(SystemCallError) {
                while filled < count {
                    let got = try systemCall("read") { Foundation.read(fd, buffer.baseAddress! + filled, count - filled) }
                    if got == 0 { break }
                    filled += got
                }
            } catch {
                failure = .system(error.message)
            }
            initialized = filled
        }
        if let failure { throw failure }
        if let limit, bytes.count > limit { throw .tooLarge(bytes: bytes.count) }
        return bytes
    }
}
