import Foundation

/// A throwaway folder for one test, removed when the value is released.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init() {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("iconchooser-tests")
        try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.appendingPathComponent(UUID().uuidString).path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func url(_ relative: String) -> String { (path as NSString).appendingPathComponent(relative) }

    @discardableResult
    public func write(_ relative: String, _ data: Data) -> String {
        let full = url(relative)
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! data.write(to: URL(fileURLWithPath: full))
        return full
    }

    @discardableResult
    public func write(_ relative: String, _ text: String) -> String { write(relative, Data(text.utf8)) }

    /// An Info.plist built from a dictionary, XML or binary.
    @discardableResult
    public func writePlist(_ plist: [String: Any], as relative: String = "Info.plist",
                           format: PropertyListSerialization.PropertyListFormat = .xml) -> String {
        write(relative, try! PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0))
    }

    /// A file that starts like a PNG of the given size (signature and IHDR): enough for
    /// the catalog, which reads sizes from headers and never decodes.
    @discardableResult
    public func writePNGHeader(_ relative: String, width: Int, height: Int, cgbi: Bool = false) -> String {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        if cgbi { bytes += u32(4) + Array("CgBI".utf8) + [0x50, 0x00, 0x20, 0x02] + [0, 0, 0, 0] }
        bytes += u32(13) + Array("IHDR".utf8) + u32(width) + u32(height) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        return write(relative, Data(bytes))
    }

    /// A copy of the bundled demo app (plist and images), to change freely.
    public func copyDemo(to relative: String = "demo") -> String {
        let target = url(relative)
        // Resolve a symlinked Assets folder first: a copied link would let a test write into the real demo.
        let assets = Repository.root.appendingPathComponent("Assets").resolvingSymlinksInPath().path
        try! FileManager.default.copyItem(atPath: assets, toPath: target)
        return target
    }

    /// A copy of the demo lint can fix: its alternate black-multi left out of
    /// CFBundleIcons~ipad (and its iPad files deleted), and with `newsstand` a UINewsstandIcon
    /// in CFBundleIcons, a finding about the whole app.
    public func copyDemoWithFixableFindings(newsstand: Bool = true) throws -> String {
        let demo = copyDemo()
        let plistPath = (demo as NSString).appendingPathComponent("Info.plist")
        guard var plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: plistPath)),
                                                                    format: nil) as? [String: Any],
              var icons = plist["CFBundleIcons"] as? [String: Any], var pad = plist["CFBundleIcons~ipad"] as? [String: Any],
              var alternates = pad["CFBundleAlternateIcons"] as? [String: Any] else {
            throw CocoaError(.propertyListReadCorrupt, userInfo: [NSFilePathErrorKey: plistPath])
        }
        if newsstand {
            icons["UINewsstandIcon"] = ["CFBundleIconFiles": ["newsstand"], "UINewsstandBindingType": "UINewsstandBindingTypeMagazine"]
            plist["CFBundleIcons"] = icons
        }
        alternates["black-multi"] = nil
        pad["CFBundleAlternateIcons"] = alternates
        plist["CFBundleIcons~ipad"] = pad
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: URL(fileURLWithPath: plistPath))
        for file in ["app-icon--black-multi-ipad@2x.png", "app-icon--black-multi-ipadpro@2x.png"] {
            try FileManager.default.removeItem(atPath: (demo as NSString).appendingPathComponent("App Icons/" + file))
        }
        return demo
    }
}

/// Writes binary plists object by object, so a test can share one object between many
/// references, the shape Foundation expands without limit.
public struct BinaryPlistBuilder {
    private enum Object {
        case string(String)
        case integer(Int)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
        /// Bytes written as they are: any marker, well formed or not.
        case raw([UInt8])
        /// A container of another kind (a set, 0xC), its references written like an array's.
        case container(kind: UInt8, refs: [Int])
    }
    private var objects: [Object] = []

    public init() {}

    public mutating func string(_ value: String) -> Int { add(.string(value)) }
    public mutating func integer(_ value: Int) -> Int { add(.integer(value)) }
    public mutating func array(_ refs: [Int]) -> Int { add(.array(refs)) }
    public mutating func dictionary(_ pairs: [(String, Int)]) -> Int {
        let keys = pairs.map { string($0.0) }
        return add(.dictionary(keys: keys, values: pairs.map(\.1)))
    }
    /// A dictionary whose keys are any objects (an Info.plist's are always strings).
    public mutating func dictionary(keys: [Int], values: [Int]) -> Int { add(.dictionary(keys: keys, values: values)) }
    public mutating func raw(_ bytes: [UInt8]) -> Int { add(.raw(bytes)) }
    public mutating func set(_ refs: [Int]) -> Int { add(.container(kind: 0xC, refs: refs)) }

    private mutating func add(_ object: Object) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    public func build(top: Int) -> Data {
        let refSize = objects.count < 256 ? 1 : (objects.count < 65_536 ? 2 : 4)
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        func big(_ value: Int, _ size: Int) -> [UInt8] { (0..<size).reversed().map { UInt8(value >> ($0 * 8) & 255) } }
        func marker(_ kind: UInt8, _ count: Int) -> [UInt8] {
            count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0F, 0x12] + big(count, 4)
        }
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .string(let s):
                out += marker(0x5, s.utf8.count) + Array(s.utf8)
            case .integer(let i):
                out += [0x13] + big(i, 8)
            case .array(let refs):
                out += marker(0xA, refs.count) + refs.flatMap { big($0, refSize) }
            case .dictionary(let keys, let values):
                out += marker(0xD, keys.count) + keys.flatMap { big($0, refSize) } + values.flatMap { big($0, refSize) }
            case .raw(let bytes):
                out += bytes
            case .container(let kind, let refs):
                out += marker(kind, refs.count) + refs.flatMap { big($0, refSize) }
            }
        }
        let tableOffset = out.count
        let offsetSize = out.count < 65_536 ? 2 : 4
        out += offsets.flatMap { big($0, offsetSize) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        out += big(objects.count, 8) + big(top, 8) + big(tableOffset, 8)
        return Data(out)
    }

    /// `plist` with its trailer's fields replaced: what a damaged or hostile file claims.
    public static func withTrailer(_ plist: Data, offsetSize: UInt8? = nil, refSize: UInt8? = nil,
                                   objectCount: UInt64? = nil, topObject: UInt64? = nil, tableOffset: UInt64? = nil) -> Data {
        var bytes = [UInt8](plist)
        let trailer = bytes.count - 32
        func put(_ value: UInt64, at offset: Int) {
            for i in 0..<8 { bytes[offset + i] = UInt8(value >> (8 * (7 - UInt64(i))) & 0xFF) }
        }
        if let offsetSize { bytes[trailer + 6] = offsetSize }
        if let refSize { bytes[trailer + 7] = refSize }
        if let objectCount { put(objectCount, at: trailer + 8) }
        if let topObject { put(topObject, at: trailer + 16) }
        if let tableOffset { put(tableOffset, at: trailer + 24) }
        return Data(bytes)
    }

    /// A plist whose `CFBundleIcons` is the object `make` adds: the shape every guard test needs.
    public static func iconsHolding(_ make: (inout BinaryPlistBuilder) -> Int) -> Data {
        var builder = BinaryPlistBuilder()
        let value = make(&builder)
        let top = builder.dictionary([("CFBundleIcons", value)])
        return builder.build(top: top)
    }

    /// 1,000 alternates whose `CFBundleIconFiles` are all one shared 30,000-element array.
    public static func sharedReferenceBomb() -> Data {
        var builder = BinaryPlistBuilder()
        let name = builder.string("icon")
        let shared = builder.array(Array(repeating: name, count: 30_000))
        var alternates: [(String, Int)] = []
        for i in 0..<1_000 {
            alternates.append(("alt\(i)", builder.dictionary([("CFBundleIconFiles", shared)])))
        }
        let alternatesDictionary = builder.dictionary(alternates)
        let icons = builder.dictionary([("CFBundleAlternateIcons", alternatesDictionary)])
        let top = builder.dictionary([("CFBundleIcons", icons)])
        return builder.build(top: top)
    }
}

/// The repository's root and the shared corpus beside it (present in CI; tests that need it say when they skip).
/// `ICONCHOOSER_CORPUS` names the corpus elsewhere, for a checkout that has no `../shared` (a worktree).
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    public static let demoPlist = root.appendingPathComponent("Assets/Info.plist").path
    public static let corpus = ProcessInfo.processInfo.environment["ICONCHOOSER_CORPUS"].map { URL(fileURLWithPath: $0) }
        ?? root.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    public static let realPlists = corpus.appendingPathComponent("real-plists")
    public static var hasCorpus: Bool { FileManager.default.fileExists(atPath: realPlists.path) }
    public static func realPlist(_ name: String) -> String { realPlists.appendingPathComponent(name).path }
}
