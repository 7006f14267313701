#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What lives at a path, as the file system says: decisions compare these, and only a
/// message puts one into words (`description`).
public enum FileKind: Hashable, Sendable, CustomStringConvertible {
    case regularFile
    case directory
    case symbolicLink
    case fifo
    case characterDevice
    case blockDevice
    case socket
    case other

    /// The kind a `stat` mode names.
    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// The kind a directory entry's `d_type` names; nil where the file system does not say.
    public init?(directoryEntryType type: UInt8) {
        switch Int32(type) {
        case Int32(DT_REG): self = .regularFile
        case Int32(DT_DIR): self = .directory
        case Int32(DT_LNK): self = .symbolicLink
        case Int32(DT_FIFO): self = .fifo
        case Int32(DT_CHR): self = .characterDevice
        case Int32(DT_BLK): self = .blockDevice
        case Int32(DT_SOCK): self = .socket
        case Int32(DT_UNKNOWN): return nil
        default: self = .other
        }
    }

    /// What the final component of `path` leads to, following symbolic links; nil when nothing
    /// does (a broken link or a loop included: `BoundedFile.linkProblem` says which).
    public static func following(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// What `path` itself is, a symbolic link not followed; nil when nothing is there.
    public static func notFollowing(_ path: String) -> FileKind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }

    /// "a regular file", "a directory", …: to follow "is" in a message.
    public var description: String {
        switch self {
        case .regularFile: return "a regular file"
        case .directory: return "a directory"
        case .symbolicLink: return "a symbolic link"
        case .fifo: return "a FIFO"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .other: return "not a regular file"
        }
    }
}
