import Foundation

/// Foundation trusts a binary plist's numbers and expands every shared reference into a copy of
/// its own: a 140 KB file whose 1,000 entries all point at one 30,000-element array becomes 30
/// million objects, a 1 MB file whose 1,000 entries point at one 1 MB string becomes 1 GB of
/// strings, and a set (which no Info.plist holds) crashes the conversion to Swift values. So
/// before Foundation sees a binary plist, this reads the whole structure the top object
/// reaches, with every size checked before it is used, and refuses the file when it is damaged,
/// holds anything an Info.plist cannot (sets, UIDs, nulls, markers the format reserves,
/// dictionary keys that are not strings), or would expand too big, too deep, or in a cycle.
package enum BinaryPlistGuard {
    static let maximumExpandedObjects = 250_000
    /// Bytes of strings and data once every shared reference is expanded.
    static let maximumExpandedBytes = 16 << 20
    package static let maximumDepth = 512

    package static func isBinaryPlist(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.starts(with: Array("bplist00".utf8))
    }

    /// Throws a one-line reason when the plist must not reach Foundation.
    package static func check(_ data: Data) throws(Rejection) {
        let bytes = [UInt8](data)
        var walker = try Walker(bytes: bytes)
        walker.measured.reserveCapacity(min(walker.objectCount, maximumExpandedObjects))
        _ = try walker.expandedSize(of: walker.topObject, depth: 0)
    }

    package struct Rejection: Error, Equatable {
        package enum Kind: Equatable {
            /// The file's own numbers do not add up: truncated, or damaged.
            case corrupt
            /// A well-formed plist holding something no Info.plist holds.
            case unsupported
            /// Well formed, but its shared references would expand too far.
            case tooComplex
        }
        package let kind: Kind
        package let reason: String
    }

    /// Expanded size of an object and everything under it.
    private struct Size {
        var objects: Int
        var bytes: Int
    }

    /// What one object is, as far as the walk needs to know.
    private enum Object {
        /// A string, data, number, date or boolean taking `bytes` bytes of payload.
        case scalar(bytes: Int, isString: Bool)
        /// An array's or dictionary's references: `count` of them from `refsStart`; a
        /// dictionary's keys are the first half.
        case container(refsStart: Int, count: Int, isDictionary: Bool)
    }

    private struct Walker {
        let bytes: [UInt8]
        let offsetSize: Int
        let refSize: Int
        let objectCount: Int
        let topObject: Int
        /// Where the offset table starts; every object lies in `8 ..< tableOffset`.
        let tableOffset: Int
        /// Expanded size of each object already measured; nil inside while it is being measured (cycle check).
        var measured: [Int: Size?] = [:]

        init(bytes: [UInt8]) throws(Rejection) {
            self.bytes = bytes
            let header = 8, trailerSize = 32
            guard bytes.count >= header + 1 + trailerSize else { throw corrupt("is truncated (too short for a binary plist)") }
            let trailer = bytes.count - trailerSize
            offsetSize = Int(bytes[trailer + 6])
            refSize = Int(bytes[trailer + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
                throw corrupt("has a corrupt trailer (offset size \(offsetSize), reference size \(refSize))")
            }
            let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
            let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
            let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
            // Compared as UInt64 against what the file holds before anything becomes an Int.
            guard table >= UInt64(header + 1), table < UInt64(trailer) else {
                throw corrupt("has a corrupt trailer (its offset table is outside the file)")
            }
            guard count >= 1, count <= (UInt64(trailer) - table) / UInt64(offsetSize) else {
                throw corrupt("has a corrupt trailer (\(count) objects do not fit its offset table)")
            }
            guard top < count else { throw corrupt("has a corrupt trailer (its top object does not exist)") }
            objectCount = Int(count)
            topObject = Int(top)
            tableOffset = Int(table)
        }

        /// An unsigned big-endian number of 1 to 8 bytes; `at + size` is within `bytes`.
        static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in offset ..< offset + size { value = value << 8 | UInt64(bytes[index]) }
            return value
        }

        /// `size` bytes at `offset`, which must lie within the object data.
        private func number(at offset: Int, size: Int) throws(Rejection) -> UInt64 {
            guard offset >= 8, size <= tableOffset - offset else { throw corrupt("is truncated (an object runs into its offset table)") }
            return Self.bigEndian(bytes, at: offset, size: size)
        }

        private func offset(of object: Int) throws(Rejection) -> Int {
            // object < objectCount, so the entry lies inside the table (checked in init).
            let start = Self.bigEndian(bytes, at: tableOffset + object * offsetSize, size: offsetSize)
            guard start >= 8, start < UInt64(tableOffset) else { throw corrupt("has an object outside its data") }
            return Int(start)
        }

        /// The length of a string, data or container object whose marker is at `start`, and where
        /// its contents begin. Lengths of 15 or more follow the marker as an integer object.
        private func length(marker: UInt8, at start: Int) throws(Rejection) -> (count: Int, contents: Int) {
            let low = Int(marker & 0x0F)
            guard low == 0x0F else { return (low, start + 1) }
            let intMarker = try number(at: start + 1, size: 1)
            guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else { throw corrupt("has a corrupt length after marker \(hex(marker))") }
            let width = 1 << Int(intMarker & 0x0F)
            let value = try number(at: start + 2, size: width)
            // No object can be longer than the file; anything larger is damage.
            guard value <= UInt64(bytes.count) else { throw corrupt("has a length of \(value), longer than the file") }
            return (Int(value), start + 2 + width)
        }

        /// Reads the object's marker and checks that all of it lies within the object data.
        private func object(_ index: Int) throws(Rejection) -> Object {
            let start = try offset(of: index)
            let marker = bytes[start]
            let low = marker & 0x0F
            /// A payload of `count` items of `unit` bytes from `contents`, within the data.
            func payload(_ count: Int, unit: Int, from contents: Int) throws(Rejection) -> Int {
                guard count <= (tableOffset - contents) / unit else {
                    throw corrupt("has an object (marker \(hex(marker))) longer than the data holding it")
                }
                return count * unit
            }
            switch marker >> 4 {
            case 0x0:
                switch low {
                case 0x8, 0x9: return .scalar(bytes: 0, isString: false)
                case 0x0: throw unsupported("holds a null, which an Info.plist cannot")
                case 0xF: throw unsupported("holds a fill byte where an object should be")
                default: throw unsupported("uses the reserved marker \(hex(marker))")
                }
            case 0x1:
                guard low <= 4 else { throw unsupported("holds an integer of \(1 << Int(low)) bytes") }
                return .scalar(bytes: try payload(1 << Int(low), unit: 1, from: start + 1), isString: false)
            case 0x2:
                guard low == 2 || low == 3 else { throw unsupported("holds a real number of \(1 << Int(low)) bytes") }
                return .scalar(bytes: try payload(1 << Int(low), unit: 1, from: start + 1), isString: false)
            case 0x3:
                guard low == 3 else { throw unsupported("uses the reserved marker \(hex(marker))") }
                _ = try payload(8, unit: 1, from: start + 1)
                let seconds = Double(bitPattern: Self.bigEndian(bytes, at: start + 1, size: 8))
                guard seconds.isFinite else { throw unsupported("holds a date that is not a number") }
                return .scalar(bytes: 8, isString: false)
            case 0x4, 0x5:
                let (count, contents) = try length(marker: marker, at: start)
                return .scalar(bytes: try payload(count, unit: 1, from: contents), isString: marker >> 4 == 0x5)
            case 0x6:
                let (count, contents) = try length(marker: marker, at: start)
                return .scalar(bytes: try payload(count, unit: 2, from: contents), isString: true)
            case 0x8:
                throw unsupported("holds a UID (a keyed-archive reference), which an Info.plist cannot")
            case 0xA, 0xD:
                let isDictionary = marker >> 4 == 0xD
                let (count, contents) = try length(marker: marker, at: start)
                let references = try payload(count, unit: isDictionary ? 2 * refSize : refSize, from: contents) / refSize
                return .container(refsStart: contents, count: references, isDictionary: isDictionary)
            case 0xC:
                throw unsupported("holds a set, which an Info.plist cannot")
            default:
                throw unsupported("uses the reserved marker \(hex(marker))")
            }
        }

        private func reference(_ position: Int, from refsStart: Int) throws(Rejection) -> Int {
            let ref = Self.bigEndian(bytes, at: refsStart + position * refSize, size: refSize)
            guard ref < UInt64(objectCount) else { throw corrupt("refers to object \(ref) of \(objectCount)") }
            return Int(ref)
        }

        mutating func expandedSize(of index: Int, depth: Int) throws(Rejection) -> Int {
            try measure(index, depth: depth).objects
        }

        private mutating func measure(_ index: Int, depth: Int) throws(Rejection) -> Size {
            guard depth <= BinaryPlistGuard.maximumDepth else {
                throw Rejection(kind: .tooComplex, reason: "nested more than \(BinaryPlistGuard.maximumDepth) levels deep")
            }
            if let known = measured[index] {
                guard let known else { throw corrupt("contains a reference cycle") }
                return known
            }
            measured[index] = .some(nil)
            var total: Size
            switch try object(index) {
            case .scalar(let bytes, _):
                total = Size(objects: 1, bytes: bytes)
            case .container(let refsStart, let count, let isDictionary):
                total = Size(objects: 1, bytes: 0)
                for position in 0 ..< count {
                    let child = try reference(position, from: refsStart)
                    if isDictionary, position < count / 2 {
                        guard case .scalar(_, isString: true) = try object(child) else {
                            throw unsupported("has a dictionary key that is not a string")
                        }
                    }
                    let size = try measure(child, depth: depth + 1)
                    // Each term is within its maximum, so the sums cannot overflow before the check.
                    total.objects += size.objects
                    total.bytes += size.bytes
                    guard total.objects <= BinaryPlistGuard.maximumExpandedObjects else {
                        throw Rejection(kind: .tooComplex, reason: "its shared references expand to more than "
                            + "\(BinaryPlistGuard.maximumExpandedObjects) objects")
                    }
                    guard total.bytes <= BinaryPlistGuard.maximumExpandedBytes else {
                        throw Rejection(kind: .tooComplex, reason: "its shared references expand to more than "
                            + "\(BinaryPlistGuard.maximumExpandedBytes >> 20) MB of strings and data")
                    }
                }
            }
            measured[index] = .some(total)
            return total
        }
    }

    private static func corrupt(_ problem: String) -> Rejection {
        Rejection(kind: .corrupt, reason: "binary plist " + problem)
    }

    private static func unsupported(_ problem: String) -> Rejection {
        Rejection(kind: .unsupported, reason: "binary plist " + problem)
    }

    private static func hex(_ marker: UInt8) -> String {
        "0x" + String(marker, radix: 16, uppercase: true)
    }
}
