/// Reads integers out of a byte buffer at offsets that come from the buffer itself: every read is
/// checked against the buffer's end first, and returns nil rather than trapping when it would leave it.
struct Bytes: Sendable {
    let storage: [UInt8]
    /// The part of `storage` this view covers.
    let range: Range<Int>

    init(_ storage: [UInt8]) {
        self.storage = storage
        self.range = 0..<storage.count
    }

    init(_ storage: [UInt8], range: Range<Int>) {
        self.storage = storage
        self.range = range
    }

    var count: Int { range.count }

    /// `length` bytes from `offset` (relative to this view), or nil when they are not all inside it.
    func slice(_ offset: Int, _ length: Int) -> Bytes? {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
        let start = range.lowerBound + offset
        return Bytes(storage, range: start..<(start + length))
    }

    /// Everything from `offset` on.
    func suffix(from offset: Int) -> Bytes? {
        guard offset >= 0, offset <= count else { return nil }
        return slice(offset, count - offset)
    }

    func byte(_ offset: Int) -> UInt8? {
        guard offset >= 0, offset < count else { return nil }
        return storage[range.lowerBound + offset]
    }

    func uint16LE(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        let i = range.lowerBound + offset
        return UInt16(storage[i]) | UInt16(storage[i + 1]) << 8
    }

    func uint32LE(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        let i = range.lowerBound + offset
        return UInt32(storage[i]) | UInt32(storage[i + 1]) << 8 | UInt32(storage[i + 2]) << 16 | UInt32(storage[i + 3]) << 24
    }

    func uint32BE(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        let i = range.lowerBound + offset
        return UInt32(storage[i]) << 24 | UInt32(storage[i + 1]) << 16 | UInt32(storage[i + 2]) << 8 | UInt32(storage[i + 3])
    }

    func uint16BE(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        let i = range.lowerBound + offset
        return UInt16(storage[i]) << 8 | UInt16(storage[i + 1])
    }

    /// A 32-bit little-endian field as an Int (never negative).
    func intLE(_ offset: Int) -> Int? { uint32LE(offset).map(Int.init) }
    func intBE(_ offset: Int) -> Int? { uint32BE(offset).map(Int.init) }

    /// The four bytes at `offset` as the tag CoreUI writes little-endian (`RATC` on disk reads `CTAR`).
    func tag(_ offset: Int) -> String? {
        guard let value = uint32LE(offset) else { return nil }
        return String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }, as: UTF8.self)
    }

    /// The bytes at `offset` up to the first NUL (or `length`), as UTF-8.
    func string(_ offset: Int, maximumLength length: Int) -> String? {
        guard let field = slice(offset, min(length, max(0, count - offset))) else { return nil }
        let bytes = field.array.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    var array: ArraySlice<UInt8> { storage[range] }

    func starts(with prefix: [UInt8]) -> Bool {
        count >= prefix.count && storage[range.lowerBound..<(range.lowerBound + prefix.count)].elementsEqual(prefix)
    }
}
