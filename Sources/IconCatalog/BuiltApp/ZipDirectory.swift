import FileAccess
import Foundation
import SystemPackage

/// Random access to an archive's bytes: a file read with `pread` (no shared position, so
/// pictures can be read from several threads), or bytes in memory (for tests and fuzzing).
enum ZipBytes: Sendable {
    case file(descriptor: Int32, size: UInt64)
    case memory(Data)

    var size: UInt64 {
        switch self {
        case .file(_, let size): return size
        case .memory(let data): return UInt64(data.count)
        }
    }

    /// Opens a regular file; `O_NONBLOCK` so a FIFO is refused at `fstat`, never waited on.
    static func open(_ path: String) throws(ZipArchiveError) -> ZipBytes {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.nonBlocking, .closeOnExec])
        } catch {
            let error = Errno(thrown: error)
            throw .cannotOpen(reason: error == .noSuchFileOrDirectory ? "no such file or folder" : error.message)
        }
        let info: Stat
        do throws(Errno) {
            info = try descriptor.stat()
        } catch {
            try? descriptor.close()
            throw .cannotOpen(reason: error.message)
        }
        guard info.type == .regular else {
            try? descriptor.close()
            throw .cannotOpen(reason: "not a regular file (\(FileKind(mode: info.mode.rawValue)))")
        }
        return .file(descriptor: descriptor.rawValue, size: UInt64(info.size))
    }

    func close() {
        if case .file(let descriptor, _) = self { Foundation.close(descriptor) }
    }

    /// Exactly `count` bytes at `offset`; a range past the end is damage, named after `entry`.
    func read(at offset: UInt64, count: Int, entry: String?) throws(ZipArchiveError) -> [UInt8] {
        let (end, overflow) = offset.addingReportingOverflow(UInt64(max(0, count)))
        guard count >= 0, !overflow, end <= size else {
            throw .damaged(entry: entry, reason: "points past the end of the archive (truncated?)")
        }
        guard count > 0 else { return [] }
        switch self {
        case .memory(let data):
            let start = data.startIndex + Int(offset)
            return [UInt8](data[start..<start + count])
        case .file(let descriptor, _):
            var buffer = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let got: Int
                do {
                    got = try systemCall("pread") {
                        buffer.withUnsafeMutableBytes { raw in
                            pread(descriptor, raw.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                        }
                    }
                } catch {
                    throw .damaged(entry: entry, reason: "cannot read: \(error.message)")
                }
                guard got > 0 else { throw .damaged(entry: entry, reason: "the archive ended early (it shrank while being read?)") }
                filled += got
            }
            return buffer
        }
    }
}

/// The end-of-central-directory record (ZIP64's when there is one) and the central
/// directory it points at, each number checked against the file before it is used.
enum ZipDirectory {
    struct Location {
        let offset: UInt64
        let size: UInt64
        let count: UInt64
    }

    /// The end record is 22 bytes and may be followed by a comment of up to 65,535.
    private static let endRecordSize = 22
    private static let longestTail = 22 + 0xFFFF
    private static let centralHeaderSize = 46

    static func locate(in bytes: ZipBytes, limits: ZipArchive.Limits) throws(ZipArchiveError) -> Location {
        guard bytes.size >= UInt64(endRecordSize) else {
            throw .notAZipArchive(reason: bytes.size == 0 ? "the file is empty" : "too short to be one")
        }
        let tailLength = Int(min(bytes.size, UInt64(longestTail)))
        let tailStart = bytes.size - UInt64(tailLength)
        let tail = try bytes.read(at: tailStart, count: tailLength, entry: nil)
        // The last signature whose comment fits in what follows it.
        var found: Int?
        var position = tail.count - endRecordSize
        while position >= 0 {
            if uint32(tail, position) == 0x0605_4B50,
               position + endRecordSize + Int(uint16(tail, position + 20)) <= tail.count {
                found = position
                break
            }
            position -= 1
        }
        guard let end = found else {
            throw .notAZipArchive(reason: "no end-of-central-directory record; not a zip, or truncated")
        }
        let endOffset = tailStart + UInt64(end)
        guard uint16(tail, end + 4) == 0, uint16(tail, end + 6) == 0 else {
            throw .notAZipArchive(reason: "spans several disks")
        }
        var location = Location(offset: UInt64(uint32(tail, end + 16)), size: UInt64(uint32(tail, end + 12)),
                                count: UInt64(uint16(tail, end + 10)))
        var directoryEnd = endOffset
        if let zip64 = try zip64Location(before: endOffset, in: bytes) {
            location = zip64.location
            directoryEnd = zip64.recordOffset
        }
        let (stop, overflow) = location.offset.addingReportingOverflow(location.size)
        guard !overflow, stop <= directoryEnd else {
            throw .damaged(entry: nil, reason: "its central directory (\(location.size) bytes at \(location.offset)) "
                + "lies outside the file (truncated?)")
        }
        guard location.count <= UInt64(limits.maximumEntries) else {
            throw .tooLarge(entry: nil, reason: "its directory lists \(location.count) entries; more than \(limits.maximumEntries) are refused")
        }
        guard location.size <= UInt64(limits.maximumDirectoryBytes) else {
            throw .tooLarge(entry: nil, reason: "its central directory is \(location.size) bytes; over \(limits.maximumDirectoryBytes) is refused")
        }
        guard location.count * UInt64(centralHeaderSize) <= location.size else {
            throw .damaged(entry: nil, reason: "its directory claims \(location.count) entries, more than its \(location.size) bytes can hold")
        }
        return location
    }

    /// The ZIP64 end record, when a locator sits just before the classic end record.
    private static func zip64Location(before endOffset: UInt64,
                                      in bytes: ZipBytes) throws(ZipArchiveError) -> (location: Location, recordOffset: UInt64)? {
        guard endOffset >= 20 else { return nil }
        let locator = try bytes.read(at: endOffset - 20, count: 20, entry: nil)
        guard uint32(locator, 0) == 0x0706_4B50 else { return nil }
        let recordOffset = uint64(locator, 8)
        guard recordOffset <= endOffset - 20, endOffset - 20 - recordOffset >= 56 else {
            throw .damaged(entry: nil, reason: "its ZIP64 end record lies outside the file")
        }
        let record = try bytes.read(at: recordOffset, count: 56, entry: nil)
        guard uint32(record, 0) == 0x0606_4B50 else {
            throw .damaged(entry: nil, reason: "no ZIP64 end record where its locator points")
        }
        guard uint32(record, 16) == 0, uint32(record, 20) == 0 else { throw .notAZipArchive(reason: "spans several disks") }
        return (Location(offset: uint64(record, 48), size: uint64(record, 40), count: uint64(record, 32)), recordOffset)
    }

    /// Every central-directory record, each read within the directory's bytes.
    static func entries(of location: Location, in bytes: ZipBytes, limits: ZipArchive.Limits) throws(ZipArchiveError) -> [ZipEntry] {
        let directory = try bytes.read(at: location.offset, count: Int(location.size), entry: nil)
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(location.count))
        var position = 0
        for index in 0..<Int(location.count) {
            guard position + centralHeaderSize <= directory.count, uint32(directory, position) == 0x0201_4B50 else {
                throw .damaged(entry: nil, reason: "its central directory is damaged at entry \(index + 1) of \(location.count)")
            }
            let nameLength = Int(uint16(directory, position + 28))
            let extraLength = Int(uint16(directory, position + 30))
            let commentLength = Int(uint16(directory, position + 32))
            let nameStart = position + centralHeaderSize
            let next = nameStart + nameLength + extraLength + commentLength
            guard next <= directory.count else {
                throw .damaged(entry: nil, reason: "its central directory is cut short at entry \(index + 1) of \(location.count)")
            }
            let rawName = Array(directory[nameStart..<nameStart + nameLength])
            let name = String(decoding: rawName, as: UTF8.self)
            var compressed = UInt64(uint32(directory, position + 20))
            var uncompressed = UInt64(uint32(directory, position + 24))
            var offset = UInt64(uint32(directory, position + 42))
            let extra = directory[(nameStart + nameLength)..<(nameStart + nameLength + extraLength)]
            if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                guard let wide = zip64Sizes(in: Array(extra), uncompressed: uncompressed == 0xFFFF_FFFF,
                                            compressed: compressed == 0xFFFF_FFFF, offset: offset == 0xFFFF_FFFF) else {
                    throw .damaged(entry: name, reason: "its ZIP64 sizes are missing or cut short")
                }
                uncompressed = wide.uncompressed ?? uncompressed
                compressed = wide.compressed ?? compressed
                offset = wide.offset ?? offset
            }
            let flags = uint16(directory, position + 8)
            entries.append(ZipEntry(
                name: name, index: index,
                kind: kind(madeBy: uint16(directory, position + 4), attributes: uint32(directory, position + 38), name: name),
                isEncrypted: flags & 0x0001 != 0 || flags & 0x0040 != 0,
                method: uint16(directory, position + 10), crc32: uint32(directory, position + 16),
                compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset, rawName: rawName))
            position = next
        }
        return entries
    }

    /// The 64-bit values of the ZIP64 extra field (id 1), present only for the fields whose
    /// 32-bit value is all ones, in this order.
    private static func zip64Sizes(in extra: [UInt8], uncompressed: Bool, compressed: Bool,
                                   offset: Bool) -> (uncompressed: UInt64?, compressed: UInt64?, offset: UInt64?)? {
        var position = 0
        while position + 4 <= extra.count {
            let id = uint16(extra, position), length = Int(uint16(extra, position + 2))
            let body = position + 4
            guard body + length <= extra.count else { return nil }
            if id == 1 {
                var cursor = body
                func next(_ wanted: Bool) -> UInt64?? {
                    guard wanted else { return .some(nil) }
                    guard cursor + 8 <= body + length else { return nil }
                    defer { cursor += 8 }
                    return .some(uint64(extra, cursor))
                }
                guard let u = next(uncompressed), let c = next(compressed), let o = next(offset) else { return nil }
                return (u, c, o)
            }
            position = body + length
        }
        return nil
    }

    /// Unix modes (made by Unix or macOS) say what an entry is; otherwise a trailing `/` does.
    private static func kind(madeBy: UInt16, attributes: UInt32, name: String) -> ZipEntry.Kind {
        let system = madeBy >> 8
        if system == 3 || system == 19 {
            switch mode_t(attributes >> 16) & S_IFMT {
            case S_IFLNK: return .symbolicLink
            case S_IFDIR: return .directory
            case S_IFREG: return .file
            case 0: break
            default: return .special
            }
        }
        return name.hasSuffix("/") ? .directory : .file
    }

    static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(uint16(bytes, at)) | UInt32(uint16(bytes, at + 2)) << 16
    }

    static func uint64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        UInt64(uint32(bytes, at)) | UInt64(uint32(bytes, at + 4)) << 32
    }
}
