import Foundation

/// Reads small files (plists, state files, PNG headers) without ever blocking or
/// ballooning: only regular files are read (a FIFO or device named by mistake is
/// refused, not waited on), and never more than a stated number of bytes.
public enum BoundedFile {
    public enum Failure: Error, Equatable, Sendable {
        case notFound
        case notARegularFile(kind: String)
        case tooLarge(bytes: Int)
        case system(String)
    }

    /// The whole file, refusing it when it holds more than `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(Failure) -> Data {
        try withOpenRegularFile(path) { fd, size throws(Failure) in
            if size > limit { throw .tooLarge(bytes: size) }
            // One byte past the stated size notices a file that grew since fstat, without
            // allocating (and zero-filling) the whole limit for a small file.
            return try readUpTo(fd: fd, count: min(size, limit) + 1, rejectingOver: limit)
        }
    }

    /// At most the first `count` bytes of the file.
    public static func readPrefix(_ path: String, count: Int) throws(Failure) -> Data {
        try withOpenRegularFile(path) { fd, _ throws(Failure) in
            try readUpTo(fd: fd, count: count, rejectingOver: nil)
        }
    }

    /// What kind of thing lives at `path`, in words, or nil when nothing does.
    public static func kind(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return describe(mode: info.st_mode)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    public static func errnoMessage(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    private static func withOpenRegularFile<T>(
        _ path: String, _ body: (Int32, Int) throws(Failure) -> T
    ) throws(Failure) -> T {
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            throw code == ENOENT ? .notFound : .system(errnoMessage(code))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .system(errnoMessage()) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .notARegularFile(kind: describe(mode: info.st_mode))
        }
        return try body(fd, Int(info.st_size))
    }

    private static func readUpTo(fd: Int32, count: Int, rejectingOver limit: Int?) throws(Failure) -> Data {
        var buffer = [UInt8](repeating: 0, count: max(count, 1))
        var filled = 0
        while filled < count {
            let got = buffer.withUnsafeMutableBytes { raw in
                Foundation.read(fd, raw.baseAddress! + filled, count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .system(errnoMessage())
            }
            if got == 0 { break }
            filled += got
        }
        if let limit, filled > limit { throw .tooLarge(bytes: filled) }
        return Data(buffer[0..<filled])
    }
}
