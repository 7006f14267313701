import Foundation
import SystemPackage

/// Replaces a file's contents so that a reader (or a crash) only ever sees the old file or
/// the new one: a temporary file in the same folder, fsync, rename over the old one, fsync
/// of the folder. An existing file keeps its permissions; a new one is private (0600).
/// The caller makes the folder and, where writers can race, holds a lock around it.
package enum AtomicFile {
    /// A replacement that did not happen; the old file is untouched.
    package struct Failure: Error, Equatable, Sendable {
        package let reason: String
    }

    package static func replace(_ path: String, with data: Data) throws(Failure) {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        var existing = stat()
        let mode: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o600
        var template = Array("\(folder)/.\((path as NSString).lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Failure(reason: "cannot create a temporary file in \(folder) (\(BoundedFile.errnoMessage()))") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer { if !committed { unlink(temporary) } }
        let written = data.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                guard let n = try? systemCall("write", { write(fd, raw.baseAddress! + offset, raw.count - offset) }) else { return false }
                offset += n
            }
            return true
        }
        let synced = written && fchmod(fd, mode) == 0 && fsync(fd) == 0
        let error = BoundedFile.errnoMessage()
        close(fd)
        guard synced else { throw Failure(reason: "cannot write \(temporary) (\(error))") }
        guard rename(temporary, path) == 0 else { throw Failure(reason: "cannot replace the file (\(BoundedFile.errnoMessage()))") }
        committed = true
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
