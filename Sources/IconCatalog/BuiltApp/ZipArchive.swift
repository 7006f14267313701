import FileAccess
import Foundation
import Synchronization
import ZIPFoundation

/// A zip archive (an `.ipa`) read in place, from a file or from bytes, without extracting
/// anything: its central directory is read and checked once, and an entry's bytes are
/// inflated into memory only when asked for, within limits.
///
/// Only the inflating and the checksum come from ZIPFoundation (`Data.decompress`). Its own
/// reader is not used on untrusted archives: on Linux its inflate loop asks the file for more
/// input however large the entry says it is, so a deflate stream that never ends spins at the
/// end of the file forever; its iterator stops without a word at the first encrypted or
/// damaged entry, hiding every entry after it; and it looks for the end record one byte at a
/// time through the whole file. Here every number from the archive is checked before it is
/// used: the directory's place and size, the entry count, each entry's offsets and declared
/// sizes (and their ratio), and the bytes actually inflated, counted as they come.
package final class ZipArchive: @unchecked Sendable {
    /// Bounds that keep a hostile archive from costing unbounded time or memory.
    package struct Limits: Equatable, Sendable {
        /// Entries in the central directory.
        package var maximumEntries: Int
        /// Bytes of the central directory, read into memory at once.
        package var maximumDirectoryBytes: Int
        /// Declared (and actual) size of one entry once inflated.
        package var maximumEntrySize: Int
        /// Bytes inflated over the archive's life, across every entry read.
        package var maximumTotalInflated: Int
        /// Inflated size over compressed size, for entries larger than `ratioExemptSize`.
        package var maximumRatio: Int
        /// Entries up to this size inflated are never refused for their ratio: a few
        /// hundred KB of zeros compress well, and cannot hurt.
        package var ratioExemptSize: Int

        package init(maximumEntries: Int, maximumDirectoryBytes: Int, maximumEntrySize: Int,
                     maximumTotalInflated: Int, maximumRatio: Int, ratioExemptSize: Int) {
            self.maximumEntries = maximumEntries
            self.maximumDirectoryBytes = maximumDirectoryBytes
            self.maximumEntrySize = maximumEntrySize
            self.maximumTotalInflated = maximumTotalInflated
            self.maximumRatio = maximumRatio
            self.ratioExemptSize = ratioExemptSize
        }

        /// 100,000 entries (a large app has a few tens of thousands) in at most 32 MiB of
        /// directory; 64 MiB an entry (the largest PNG the decoder reads), 256 MiB in all;
        /// a ratio of 200 (deflate's best is about 1,030 to 1; PNGs and plists rarely pass 10).
        package static let standard = Limits(maximumEntries: 100_000, maximumDirectoryBytes: 32 << 20,
                                             maximumEntrySize: 64 << 20, maximumTotalInflated: 256 << 20,
                                             maximumRatio: 200, ratioExemptSize: 1 << 20)
    }

    /// The archive's name in messages: its path, or what the caller called the bytes.
    package let name: String
    /// Every entry of the central directory, in its order.
    package let entries: [ZipEntry]
    package let limits: Limits
    private let bytes: ZipBytes
    /// Where the central directory starts: every entry's data must end before it.
    private let directoryOffset: UInt64
    private struct Inflated {
        var soFar = 0
        /// The most bytes of each entry (by index) counted so far: reading an entry again (a
        /// picture redrawn at another size) costs the budget nothing more.
        var counted: [Int: Int] = [:]
    }
    private let inflated = Mutex(Inflated())

    /// The identity of the archive's file as it was opened; nil for one held in memory.
    package var fileIdentity: FileIdentity? {
        guard case .file(let descriptor, _) = bytes else { return nil }
        return FileIdentity.of(descriptor: descriptor)
    }

    /// Opens the file at `path`; only a regular file is read (a FIFO is refused, not waited on).
    package convenience init(path: String, limits: Limits = .standard) throws(ZipArchiveError) {
        try self.init(bytes: ZipBytes.open(path), name: path, limits: limits)
    }

    /// Reads an archive held in memory; `name` only names it in messages.
    package convenience init(data: Data, name: String, limits: Limits = .standard) throws(ZipArchiveError) {
        try self.init(bytes: .memory(data), name: name, limits: limits)
    }

    private init(bytes: ZipBytes, name: String, limits: Limits) throws(ZipArchiveError) {
        self.bytes = bytes
        self.name = name
        self.limits = limits
        let directory = try ZipDirectory.locate(in: bytes, limits: limits)
        directoryOffset = directory.offset
        entries = try ZipDirectory.entries(of: directory, in: bytes, limits: limits)
    }

    deinit { bytes.close() }

    /// The entry's whole contents, refused when it would inflate to more than `limit` bytes
    /// (or the archive's limits); the checksum is verified.
    package func contents(of entry: ZipEntry, limit: Int) throws(ZipArchiveError) -> Data {
        Data(try bytes(of: entry, limit: limit))
    }

    /// `contents(of:limit:)` as the bytes themselves, inflated straight into them: a large entry
    /// (a built app's `Assets.car`, up to 64 MiB) is then held once, not as `Data` and a copy.
    package func bytes(of entry: ZipEntry, limit: Int) throws(ZipArchiveError) -> [UInt8] {
        let wanted = min(limit, limits.maximumEntrySize)
        guard entry.uncompressedSize <= UInt64(wanted) else {
            throw .tooLarge(entry: entry.name,
                reason: "\(entry.uncompressedSize) bytes once inflated; over the limit of \(wanted) bytes")
        }
        return try read(entry, upTo: Int(entry.uncompressedSize), whole: true)
    }

    /// At most the first `count` bytes of the entry, inflating no more than that needs
    /// (for a PNG header); the checksum cannot be verified on a part.
    package func prefix(of entry: ZipEntry, count: Int) throws(ZipArchiveError) -> Data {
        Data(try read(entry, upTo: Int(min(UInt64(max(0, count)), entry.uncompressedSize)), whole: false))
    }

    private func read(_ entry: ZipEntry, upTo count: Int, whole: Bool) throws(ZipArchiveError) -> [UInt8] {
        try checkReadable(entry)
        let start = try dataOffset(of: entry)
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw .damaged(entry: entry.name, reason: "stored entry whose sizes disagree (\(entry.compressedSize) and \(entry.uncompressedSize))")
            }
            try charge(upTo: count, for: entry)
            var data = try bytes.read(at: start, count: count, entry: entry.name)
            if whole {
                // ZIPFoundation's CRC-32 over the bytes where they are.
                let crc = data.withUnsafeMutableBytes { raw in
                    raw.isEmpty ? Data().crc32(checksum: 0)
                        : Data(bytesNoCopy: raw.baseAddress!, count: raw.count, deallocator: .none).crc32(checksum: 0)
                }
                if crc != entry.crc32 { throw .damaged(entry: entry.name, reason: "checksum does not match its contents") }
            }
            return data
        default:
            return try inflate(entry, from: start, upTo: count, whole: whole)
        }
    }

    private func checkReadable(_ entry: ZipEntry) throws(ZipArchiveError) {
        if let reason = entry.unreadableReason { throw .unsupported(entry: entry.name, reason: reason) }
        guard entry.uncompressedSize <= UInt64(limits.maximumEntrySize) else {
            throw .tooLarge(entry: entry.name, reason: "\(entry.uncompressedSize) bytes once inflated; "
                + "over the limit of \(limits.maximumEntrySize) bytes an entry")
        }
        if entry.method == 8, entry.uncompressedSize > UInt64(limits.ratioExemptSize),
           entry.uncompressedSize / max(entry.compressedSize, 1) > UInt64(limits.maximumRatio) {
            throw .tooLarge(entry: entry.name, reason: "inflates \(entry.compressedSize) bytes to \(entry.uncompressedSize), "
                + "more than \(limits.maximumRatio) times; refused as a zip bomb")
        }
    }

    /// Where the entry's data starts, after its local header, checked against the directory.
    private func dataOffset(of entry: ZipEntry) throws(ZipArchiveError) -> UInt64 {
        let header = try bytes.read(at: entry.localHeaderOffset, count: 30, entry: entry.name)
        guard ZipDirectory.uint32(header, 0) == 0x0403_4B50 else {
            throw .damaged(entry: entry.name, reason: "no local header where the directory says it is")
        }
        let nameLength = Int(ZipDirectory.uint16(header, 26)), extraLength = Int(ZipDirectory.uint16(header, 28))
        let localName = try bytes.read(at: entry.localHeaderOffset + 30, count: nameLength, entry: entry.name)
        guard localName == entry.rawName else {
            throw .damaged(entry: entry.name, reason: "its local header names another file; the directory and the data disagree")
        }
        let start = entry.localHeaderOffset + 30 + UInt64(nameLength) + UInt64(extraLength)
        let (end, overflow) = start.addingReportingOverflow(entry.compressedSize)
        guard !overflow, end <= directoryOffset else {
            throw .damaged(entry: entry.name, reason: "its data runs past the start of the central directory")
        }
        return start
    }

    /// Counts the entry's first `total` bytes against the archive's total (the part not
    /// counted before), refusing them past it. What bounds the total is the number of
    /// distinct entries read and their sizes, which the archive decides.
    private func charge(upTo total: Int, for entry: ZipEntry) throws(ZipArchiveError) {
        let allowed = inflated.withLock { inflated in
            let new = max(0, total - inflated.counted[entry.index, default: 0])
            guard inflated.soFar + new <= limits.maximumTotalInflated else { return false }
            inflated.soFar += new
            inflated.counted[entry.index] = max(total, inflated.counted[entry.index, default: 0])
            return true
        }
        guard allowed else {
            throw .tooLarge(entry: entry.name, reason: "reading it would inflate more than "
                + "\(limits.maximumTotalInflated) bytes from the archive in all")
        }
    }

    /// Inflates with ZIPFoundation, feeding it exactly the entry's compressed bytes and
    /// counting what comes out: past the declared size, the wanted count or the archive's
    /// total, it stops at once.
    private func inflate(_ entry: ZipEntry, from start: UInt64, upTo count: Int, whole: Bool) throws(ZipArchiveError) -> [UInt8] {
        var output: [UInt8] = []
        // The declared size, within the limits checked before: a large entry grows in place once.
        output.reserveCapacity(count)
        var consumed: UInt64 = 0
        var produced: UInt64 = 0
        // Set once the last, zero-padded chunk has gone in: a stream still going after it is cut short.
        var paddedTail = false
        var failure: ZipArchiveError?
        let cutShort = ZipArchiveError.damaged(entry: entry.name,
            reason: "its deflate data is damaged or cut short: the stream does not end where the entry does")
        let checksum: CRC32
        do {
            // A small entry goes in as one chunk of its own size, so it needs no padding.
            let bufferSize = Int(min(UInt64(Self.chunkSize), max(entry.compressedSize, 1)))
            checksum = try Data.decompress(size: Int64(entry.compressedSize), bufferSize: bufferSize, skipCRC32: !whole,
                provider: { _, size in
                    // On Linux ZIPFoundation asks for `bufferSize` bytes whatever is left and hands
                    // zlib that many: a short chunk is padded so zlib never reads past it. When
                    // nothing is left the stream has not ended where the entry does.
                    let left = entry.compressedSize - consumed
                    guard left > 0 else {
                        failure = cutShort
                        throw Stop()
                    }
                    let take = Int(min(UInt64(size), left))
                    var chunk: [UInt8]
                    do throws(ZipArchiveError) {
                        chunk = try self.bytes.read(at: start + consumed, count: take, entry: entry.name)
                    } catch {
                        failure = error
                        throw Stop()
                    }
                    consumed += UInt64(take)
                    if chunk.count < size {
                        paddedTail = true
                        chunk += [UInt8](repeating: 0, count: size - chunk.count)
                    }
                    return Data(chunk)
                },
                consumer: { data in
                    produced += UInt64(data.count)
                    guard produced <= entry.uncompressedSize else {
                        failure = .damaged(entry: entry.name, reason: "inflates past its declared size of "
                            + "\(entry.uncompressedSize) bytes (a zip bomb, or damaged); refused")
                        throw Stop()
                    }
                    do throws(ZipArchiveError) {
                        try self.charge(upTo: Int(produced), for: entry)
                    } catch {
                        failure = error
                        throw Stop()
                    }
                    output.append(contentsOf: data.prefix(count - output.count))
                    if !whole, output.count >= count { throw Stop() }
                })
        } catch is Stop where failure == nil {
            return output
        } catch {
            throw failure ?? (paddedTail ? cutShort : .damaged(entry: entry.name, reason: "its deflate data is damaged"))
        }
        guard produced == entry.uncompressedSize else {
            throw .damaged(entry: entry.name,
                reason: "inflates to \(produced) bytes, not the \(entry.uncompressedSize) its header says")
        }
        if whole, checksum != entry.crc32 {
            throw .damaged(entry: entry.name, reason: "checksum does not match its contents")
        }
        return output
    }

    private static let chunkSize = 32 * 1024

    /// Thrown from inside ZIPFoundation's callbacks to stop it; the reason is kept aside.
    private struct Stop: Error {}
}

/// One entry of the central directory, as the directory describes it.
package struct ZipEntry: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        case file
        case directory
        case symbolicLink
        /// A FIFO, device or socket recorded in the entry's Unix mode.
        case special
    }

    /// The name as written (UTF-8; bytes that are not become U+FFFD).
    package let name: String
    /// Its place in the central directory.
    package let index: Int
    package let kind: Kind
    /// Bit 0 (or bit 6, strong encryption) of the general-purpose flags.
    package let isEncrypted: Bool
    /// 0 stored, 8 deflate; anything else is not read.
    package let method: UInt16
    package let crc32: UInt32
    package let compressedSize: UInt64
    package let uncompressedSize: UInt64
    let localHeaderOffset: UInt64
    let rawName: [UInt8]

    /// Why the entry's contents are never read, or nil for a plain file that can be.
    package var unreadableReason: String? {
        switch kind {
        case .directory: return "is a folder"
        case .symbolicLink: return "is a symbolic link; links in an archive are never followed"
        case .special: return "is a special file (FIFO, device or socket)"
        case .file: break
        }
        if isEncrypted { return "is encrypted" }
        if method != 0 && method != 8 { return "uses compression method \(method); only stored and deflate are read" }
        return nil
    }

    /// Why the name must not be used as a path, or nil: absolute, `..` or a backslash, as a
    /// careless unzip would turn into a file outside its folder. One pass over the bytes: an
    /// archive may hold a hundred thousand names.
    package var unsafeNameReason: String? {
        rawName.withUnsafeBufferPointer { bytes -> String? in
            guard let first = bytes.first else { return "is empty" }
            if first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") { return "is an absolute path" }
            func isDotDot(_ start: Int, _ end: Int) -> Bool {
                end - start == 2 && bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: ".")
            }
            var componentStart = 0
            for index in 0..<bytes.count {
                switch bytes[index] {
                case 0: return "contains a NUL byte"
                case UInt8(ascii: "\\"): return "contains a backslash"
                case UInt8(ascii: "/"):
                    if isDotDot(componentStart, index) { return "contains “..”" }
                    componentStart = index + 1
                default: break
                }
            }
            return isDotDot(componentStart, bytes.count) ? "contains “..”" : nil
        }
    }

    /// Whether the name starts with `prefix`, compared as bytes (cheap for many entries).
    func nameStarts(with prefix: [UInt8]) -> Bool {
        rawName.count >= prefix.count && rawName.prefix(prefix.count).elementsEqual(prefix)
    }
}

/// Why an archive or one of its entries could not be read. The archive's own name is left
/// to the caller, who knows how it was given; `entry` names the entry when there is one.
public enum ZipArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path is missing, not a regular file, or cannot be read.
    case cannotOpen(reason: String)
    /// No zip structure at all: no end-of-central-directory record, or one that makes no sense.
    case notAZipArchive(reason: String)
    /// A structure that is there but wrong: offsets outside the file, a bad checksum, bad deflate data.
    case damaged(entry: String?, reason: String)
    /// Over a limit: too many entries, an entry too large or too compressed.
    case tooLarge(entry: String?, reason: String)
    /// An entry that is never read: encrypted, a link, an unknown compression method.
    case unsupported(entry: String, reason: String)

    /// The entry at fault, nil when the archive as a whole is.
    public var entry: String? {
        switch self {
        case .cannotOpen, .notAZipArchive: return nil
        case .damaged(let entry, _), .tooLarge(let entry, _): return entry
        case .unsupported(let entry, _): return entry
        }
    }

    /// What is wrong, without the archive's or the entry's name.
    public var reason: String {
        switch self {
        case .cannotOpen(let reason), .notAZipArchive(let reason): return reason
        case .damaged(_, let reason), .tooLarge(_, let reason), .unsupported(_, let reason): return reason
        }
    }

    /// `ENTRY: reason`, or the reason alone for the archive as a whole.
    public var description: String {
        switch self {
        case .notAZipArchive(let reason): return "not a zip archive (\(reason))"
        default: return entry.map { "\($0): \(reason)" } ?? reason
        }
    }
}
