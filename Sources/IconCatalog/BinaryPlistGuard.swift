import Foundation

/// Foundation expands every shared reference in a binary plist into its own copy, so a
/// 140 KB file whose 1,000 entries all point at one 30,000-element array becomes 30
/// million objects (14 s and ~1 GB here). Before handing a binary plist to Foundation,
/// this walks its object table and refuses it when the expanded tree would be too big,
/// too deep, or cyclic. It reads only the table's structure, never the values.
enum BinaryPlistGuard {
    static let maximumExpandedObjects = 250_000
    static let maximumDepth = 512

    static func isBinaryPlist(_ data: Data) -> Bool {
        data.starts(with: Array("bplist00".utf8))
    }

    /// Throws a human-readable reason when the plist must not be expanded.
    static func check(_ data: Data) throws(Rejection) {
        let bytes = [UInt8](data)
        var walker = try Walker(bytes: bytes)
        _ = try walker.expandedCount(of: walker.topObject, depth: 0)
    }

    struct Rejection: Error, Equatable {
        let reason: String
        /// True when the file is damaged rather than merely too big to expand.
        var isCorrupt: Bool { reason.hasPrefix("binary plist") }
    }

    private struct Walker {
        let bytes: [UInt8]
        let offsetSize: Int
        let refSize: Int
        let objectCount: Int
        let topObject: Int
        let tableOffset: Int
        /// Expanded size of each object already measured; -1 while it is being measured (cycle check).
        var memo: [Int: Int] = [:]

        init(bytes: [UInt8]) throws(Rejection) {
            self.bytes = bytes
            guard bytes.count >= 8 + 32 else { throw Rejection(reason: "binary plist is truncated") }
            let trailer = bytes.count - 32
            offsetSize = Int(bytes[trailer + 6])
            refSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
                throw Rejection(reason: "binary plist has a corrupt trailer")
            }
            func field(_ at: Int) -> UInt64 {
                (0..<8).reduce(UInt64(0)) { ($0 << 8) | UInt64(bytes[at + $1]) }
            }
            let count = field(trailer + 8), top = field(trailer + 16), table = field(trailer + 24)
            guard count > 0, top < count, table >= 8,
                  table + count * UInt64(offsetSize) <= UInt64(trailer) else {
                throw Rejection(reason: "binary plist is truncated or has a corrupt trailer")
            }
            objectCount = Int(count)
            topObject = Int(top)
            tableOffset = Int(table)
        }

        private func uint(at offset: Int, size: Int) throws(Rejection) -> Int {
            guard offset >= 0, offset + size <= bytes.count - 32 else {
                throw Rejection(reason: "binary plist is truncated (an offset points past the end)")
            }
            var value = 0
            for i in 0..<size {
                guard value < Int.max >> 8 else { throw Rejection(reason: "binary plist has an oversized offset") }
                value = (value << 8) | Int(bytes[offset + i])
            }
            return value
        }

        /// The object references held by a container, or [] for a scalar.
        private func children(of object: Int) throws(Rejection) -> [Int] {
            let start = try uint(at: tableOffset + object * offsetSize, size: offsetSize)
            guard start >= 8, start < tableOffset else {
                throw Rejection(reason: "binary plist has an object outside its data")
            }
            let marker = bytes[start]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { return [] }
            var count = Int(marker & 0x0F)
            var refsStart = start + 1
            if count == 0x0F {
                let intMarker = try uint(at: start + 1, size: 1)
                guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
                    throw Rejection(reason: "binary plist has a corrupt container length")
                }
                let width = 1 << (intMarker & 0x0F)
                count = try uint(at: start + 2, size: width)
                refsStart = start + 2 + width
            }
            let refCount = kind == 0xD ? count * 2 : count
            guard refCount <= (tableOffset - refsStart) / refSize else {
                throw Rejection(reason: "binary plist has a container larger than the file")
            }
            var refs: [Int] = []
            refs.reserveCapacity(refCount)
            for i in 0..<refCount {
                let ref = try uint(at: refsStart + i * refSize, size: refSize)
                guard ref < objectCount else {
                    throw Rejection(reason: "binary plist refers to an object that does not exist")
                }
                refs.append(ref)
            }
            return refs
        }

        mutating func expandedCount(of object: Int, depth: Int) throws(Rejection) -> Int {
            guard depth <= BinaryPlistGuard.maximumDepth else {
                throw Rejection(reason: "nested more than \(BinaryPlistGuard.maximumDepth) levels deep")
            }
            if let known = memo[object] {
                guard known >= 0 else { throw Rejection(reason: "binary plist contains a reference cycle") }
                return known
            }
            memo[object] = -1
            var total = 1
            for child in try children(of: object) {
                total += try expandedCount(of: child, depth: depth + 1)
                guard total <= BinaryPlistGuard.maximumExpandedObjects else {
                    throw Rejection(reason: "its shared references expand to more than "
                        + "\(BinaryPlistGuard.maximumExpandedObjects) objects")
                }
            }
            memo[object] = total
            return total
        }
    }
}
