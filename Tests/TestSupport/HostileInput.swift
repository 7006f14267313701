import Foundation

/// Inputs written to hurt: binary plists whose numbers lie, that hold what no Info.plist holds,
/// or that expand without bound; plists of hostile text (hundreds of thousands of entries,
/// megabyte-long names of control characters, `$(VAR)` by the thousand). Each reproduces one
/// kind of problem, so a test can check that the kind, not one instance, stays fixed.
public enum HostileInput {
    /// One hostile binary plist, with what its refusal must mention.
    public struct Case: Sendable {
        public let name: String
        public let data: Data
        /// A fragment of the one-line error (`not a property list (…)` or `property list refused: …`).
        public let mentioning: String
    }

    /// Binary plists that must be refused before Foundation sees them: each one trapped,
    /// crashed or ballooned some command before.
    public static var binaryPlists: [Case] {
        let good = BinaryPlistBuilder.iconsHolding { $0.array([$0.string("a")]) }
        let goodTable = UInt64(good.count - 32 - 4)  // four objects, offsets of 1 byte
        func icons(_ name: String, mentioning: String, _ make: (inout BinaryPlistBuilder) -> Int) -> Case {
            Case(name: name, data: BinaryPlistBuilder.iconsHolding(make), mentioning: mentioning)
        }
        /// A container marker with a length of 15 or more, given as an 8-byte integer.
        func longLength(_ kind: UInt8, _ length: UInt64) -> [UInt8] {
            [kind << 4 | 0x0F, 0x13] + (0..<8).map { UInt8(length >> (8 * (7 - UInt64($0))) & 0xFF) }
        }
        return [
            Case(name: "object-count-overflow",
                 data: BinaryPlistBuilder.withTrailer(good, offsetSize: 8, objectCount: 1 << 62),
                 mentioning: "corrupt trailer"),
            Case(name: "table-offset-overflow", data: BinaryPlistBuilder.withTrailer(good, tableOffset: .max),
                 mentioning: "corrupt trailer"),
            Case(name: "top-object-missing", data: BinaryPlistBuilder.withTrailer(good, topObject: .max),
                 mentioning: "top object"),
            Case(name: "offset-past-data", data: BinaryPlistBuilder.withTrailer(good, tableOffset: goodTable - 1),
                 mentioning: "binary plist"),
            Case(name: "bad-sizes", data: BinaryPlistBuilder.withTrailer(good, offsetSize: 0, refSize: 9),
                 mentioning: "corrupt trailer"),
            icons("dictionary-count-overflow", mentioning: "longer than the file") { $0.raw(longLength(0xD, 1 << 62)) },
            icons("array-count-overflow", mentioning: "longer than the file") { $0.raw(longLength(0xA, .max >> 1)) },
            icons("array-longer-than-data", mentioning: "longer than the data") { $0.raw(longLength(0xA, 50)) },
            icons("string-length-overflow", mentioning: "longer than the file") { $0.raw(longLength(0x5, .max >> 1)) },
            icons("utf16-length-overflow", mentioning: "longer than") { $0.raw(longLength(0x6, 1 << 62)) },
            icons("length-not-an-integer", mentioning: "corrupt length") { $0.raw([0x5F, 0x23, 0, 0, 0, 0]) },
            icons("reference-to-nothing", mentioning: "refers to object") { $0.raw([0xA1, 200]) },
            icons("set", mentioning: "a set") { $0.set([$0.string("a")]) },
            icons("uid", mentioning: "UID") { $0.raw([0x80, 0x05]) },
            icons("null", mentioning: "a null") { $0.raw([0x00]) },
            icons("fill", mentioning: "fill byte") { $0.raw([0x0F]) },
            icons("reserved-0x70", mentioning: "reserved marker 0x70") { $0.raw([0x70]) },
            icons("reserved-0x90", mentioning: "reserved marker 0x90") { $0.raw([0x90]) },
            icons("reserved-0xB0", mentioning: "reserved marker 0xB0") { $0.raw([0xB0]) },
            icons("reserved-0xE0", mentioning: "reserved marker 0xE0") { $0.raw([0xE0]) },
            icons("reserved-0xF0", mentioning: "reserved marker 0xF0") { $0.raw([0xF0]) },
            icons("integer-of-32-bytes", mentioning: "integer of 32 bytes") { $0.raw([0x15] + [UInt8](repeating: 1, count: 32)) },
            icons("real-of-1-byte", mentioning: "real number of 1 bytes") { $0.raw([0x20, 1]) },
            icons("date-not-a-number", mentioning: "date that is not a number") { $0.raw([0x33, 0x7F, 0xF8, 0, 0, 0, 0, 0, 0]) },
            icons("integer-key", mentioning: "key that is not a string") { builder in
                builder.dictionary(keys: [builder.integer(5)], values: [builder.string("a")])
            },
            icons("array-key", mentioning: "key that is not a string") { builder in
                builder.dictionary(keys: [builder.array([])], values: [builder.string("a")])
            },
            Case(name: "shared-string-bomb", data: sharedStringBomb(), mentioning: "MB of strings"),
            Case(name: "shared-reference-bomb", data: BinaryPlistBuilder.sharedReferenceBomb(), mentioning: "objects"),
        ]
    }

    /// 1,000 references to one 1 MB string: 1 MB on disk, 1 GB once Foundation has made a
    /// Swift string for each reference.
    public static func sharedStringBomb() -> Data {
        BinaryPlistBuilder.iconsHolding { builder in
            let big = builder.string(String(repeating: "a", count: 1 << 20))
            return builder.array(Array(repeating: big, count: 1_000))
        }
    }

    /// An Info.plist of about `bytes` bytes (binary) made of hostile text: thousands of
    /// alternates whose names carry control and bidi characters (one in fifty is 3,000
    /// characters long), each with file entries that are missing, unsafe, full of `$(VAR)`,
    /// repeated, scaled, or whose size suffix fits no integer, with ordinals of every wrong
    /// type; an iPad twin that shares none of the names; and one alternate with a file
    /// entry per 40 bytes. Every rule fires, on every kind of warning, many times over.
    public static func hostileText(bytes: Int) -> Data {
        let alternates = max(4, bytes / 420)
        var phone: [String: Any] = [:]
        var pad: [String: Any] = [:]
        for i in 0..<alternates {
            let name = i % 50 == 0
                ? "\u{1B}[31m" + String(repeating: "\u{202E}x\u{7}", count: 1_000) + "\(i)"
                : "alt\u{1B}\(i)"
            let files: [Any] = [
                "missing-\(i)", "$(SUFFIX)$(OTHER\(i % 97))$(SUFFIX)", "Icon-\(String(repeating: "9", count: 30))x\(String(repeating: "9", count: 30))@2x",
                "../up\(i)", "dup", "dup.png", "blue@2x", 42,
            ]
            let ordinal: Any = i % 3 == 0 ? "\(i)" : (i % 3 == 1 ? 7 : true)
            phone[name] = ["CFBundleIconFiles": files, "ordinal": ordinal, "UIPrerenderedIcon": "YES"] as [String: Any]
            pad["pad-\(i)"] = ["CFBundleIconFiles": ["p\(i)"]]
        }
        phone["many-files"] = ["CFBundleIconFiles": (0..<bytes / 40).map { "f\($0)" }]
        let plist: [String: Any] = [
            "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon"]], "CFBundleAlternateIcons": phone],
            "CFBundleIcons~ipad": ["CFBundleAlternateIcons": pad],
            "UINewsstandIcon": [:] as [String: Any],
        ]
        return try! PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// One alternate with `count` file entries, none of which exists.
    public static func manyFileEntries(_ count: Int) -> Data {
        let plist: [String: Any] = ["CFBundleIcons": ["CFBundleAlternateIcons": [
            "many": ["CFBundleIconFiles": (0..<count).map { "entry-\($0)" }],
        ]]]
        return try! PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// `count` alternates, each with one missing file and an ordinal that some share.
    public static func manyAlternates(_ count: Int) -> Data {
        var alternates: [String: Any] = [:]
        for i in 0..<count {
            alternates["alternate-\(i)"] = ["CFBundleIconFiles": ["file-\(i)"], "ordinal": i % 1_000] as [String: Any]
        }
        let plist: [String: Any] = ["CFBundleIcons": ["CFBundleAlternateIcons": alternates],
                                    "CFBundleIcons~ipad": ["CFBundleAlternateIcons": [:] as [String: Any]]]
        return try! PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }
}
