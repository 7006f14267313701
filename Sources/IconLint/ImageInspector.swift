import FileAccess
import Foundation
import IconArt
import IconCatalog
import Synchronization

/// What the image rules need to know about one image file.
public enum ImageFacts: Equatable, Sendable {
    /// A PNG that decodes: its size and how many pixels are not fully opaque.
    case picture(width: Int, height: Int, translucentPixels: Int)
    /// A file that is not a PNG the decoder accepts; `reason` is one line, without the path.
    case unreadable(reason: String)
}

/// Reads image files for the image rules. A protocol so the rules stay pure functions of
/// what was read, and a test can stand in for the decoder.
public protocol ImageInspector: Sendable {
    /// What the image file at `path` holds; never throws: an unreadable file is `.unreadable`.
    func inspect(_ path: String) -> ImageFacts
    /// An image in a file or an archive entry; by default the path alone is inspected.
    func inspect(_ source: ImageSource) -> ImageFacts
    /// What drawing the layers of the Icon Composer bundle at `path` found (`draw` draws them); an inspector
    /// may remember it for a bundle whose files have not changed.
    func drawingProblems(ofBundleAt path: String, draw: () -> [CatalogWarning]) -> [CatalogWarning]
    /// The seconds of SVG drawing the bundles drawn for this inspector's run share: its
    /// command's (see `SVGTimeBudget`); nil: each rendering has only its own.
    var svgTime: SVGTimeBudget? { get }
}

extension ImageInspector {
    /// An inspector that reads only paths sees an archived image by its display path.
    public func inspect(_ source: ImageSource) -> ImageFacts { inspect(source.path) }

    /// By default every bundle is drawn.
    public func drawingProblems(ofBundleAt path: String, draw: () -> [CatalogWarning]) -> [CatalogWarning] { draw() }

    /// By default no seconds are shared.
    public var svgTime: SVGTimeBudget? { nil }
}

/// The real thing: decodes with IconArt's `PNGDecoder` (libpng, crushed `CgBI` files
/// included), within its standard size limits, counting as the rows go by: the picture is
/// never held (see `PNGRowDecoder`).
public struct DecodingImageInspector: ImageInspector {
    /// The seconds of SVG drawing the bundles lint draws share: the command's; nil: none.
    public let svgTime: SVGTimeBudget?

    /// The decoder with its standard limits; `svgTime`: the command's, where it set one.
    public init(svgTime: SVGTimeBudget? = nil) {
        self.svgTime = svgTime
    }

    /// Decodes the file at `path`.
    public func inspect(_ path: String) -> ImageFacts { inspect(.file(path)) }

    /// Decodes the file or `.ipa` entry, counting translucent pixels row by row.
    public func inspect(_ source: ImageSource) -> ImageFacts {
        do {
            var counter = TranslucencyCounter()
            try PNGDecoder.decode(from: source, into: &counter)
            return .picture(width: counter.width, height: counter.height, translucentPixels: counter.translucent)
        } catch {
            return .unreadable(reason: Self.reason(error))
        }
    }

    /// Counts the pixels that are not fully opaque.
    struct TranslucencyCounter: RGBARowSink {
        private(set) var width = 0
        private(set) var height = 0
        private(set) var translucent = 0

        mutating func start(width: Int, height: Int) {
            self.width = width
            self.height = height
            translucent = 0
        }

        mutating func take(row: UnsafeBufferPointer<UInt8>) {
            for alpha in stride(from: 3, to: row.count, by: 4) where row[alpha] != 255 { translucent += 1 }
        }
    }

    /// The decoder's complaint without the path, which the finding already names.
    static func reason(_ error: PNGDecodeError) -> String {
        switch error {
        case .notARegularFile(_, let kind): return "it is \(kind)"
        case .unreadable(_, let reason): return "cannot read it: \(reason)"
        case .fileTooLarge(_, let bytes, let limit): return "the file has \(bytes) bytes, over the \(limit)-byte limit"
        case .tooLarge(_, let width, let height): return "\(width)×\(height) pixels is too large to decode"
        case .notPNG: return "no PNG signature"
        case .invalid(_, let reason): return reason
        }
    }
}

/// An inspector that remembers what it found for each file as long as the file is the same
/// one, unchanged (device, inode, size and modification time): a command that lints an app
/// before and after writing a few files decodes only those again.
///
/// With `.headerOnly` first looks, it goes further for an edit that only compares lint before and
/// after (`add`, `remove`): a file the edit leaves alone has the same facts both times, so decoding
/// it could only find the same thing twice. Until `decodeWhatChanges()`, files are read only to
/// their `IHDR` (size exact, opacity not counted) and Icon Composer bundles are not drawn; after it,
/// a file that was looked at and is unchanged keeps those facts, and every file the edit created or
/// rewrote (or that lint had not looked at before) is decoded and drawn in full.
package final class RememberingImageInspector: ImageInspector, Sendable {
    /// How a file is looked at the first time.
    package enum FirstLook: Sendable {
        /// Decoded in full, bundles drawn.
        case decoded
        /// Only the header read, bundles not drawn, until `decodeWhatChanges()`.
        case headerOnly
    }

    private struct Identity: Hashable {
        let path: String
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int
        let modifiedNanoseconds: Int
    }

    private let inner: any ImageInspector
    private let known = Mutex<[Identity: ImageFacts]>([:])
    private let drawings = Mutex<[[Identity]: [CatalogWarning]]>([:])
    private let firstLook: Mutex<FirstLook>
    /// A bundle with more files than this is drawn each time rather than remembered.
    static let maximumBundleFiles = 1_000

    package init(_ inner: any ImageInspector = DecodingImageInspector(), firstLook: FirstLook = .decoded) {
        self.inner = inner
        self.firstLook = Mutex(firstLook)
    }

    /// From now on a file or bundle not looked at before, or changed since, is decoded and drawn in full.
    package func decodeWhatChanges() {
        firstLook.withLock { $0 = .decoded }
    }

    package func inspect(_ path: String) -> ImageFacts { inspect(.file(path)) }

    package func inspect(_ source: ImageSource) -> ImageFacts {
        guard case .file(let path) = source, let identity = Self.identity(of: path) else { return inner.inspect(source) }
        if let remembered = known.withLock({ $0[identity] }) { return remembered }
        let facts = firstLook.withLock { $0 } == .headerOnly ? Self.headerFacts(path) : inner.inspect(source)
        // Remembered only when the file is still the one inspected.
        if Self.identity(of: path) == identity { known.withLock { $0[identity] = facts } }
        return facts
    }

    package var svgTime: SVGTimeBudget? { inner.svgTime }

    package func drawingProblems(ofBundleAt path: String, draw: () -> [CatalogWarning]) -> [CatalogWarning] {
        guard let key = Self.identities(inFolder: path) else { return draw() }
        if let remembered = drawings.withLock({ $0[key] }) { return remembered }
        let problems = firstLook.withLock { $0 } == .headerOnly ? [] : draw()
        if Self.identities(inFolder: path) == key { drawings.withLock { $0[key] = problems } }
        return problems
    }

    /// The size from the file's `IHDR`, no pixel counted; a file whose header is not a PNG's is
    /// unreadable, as a full decode would find.
    private static func headerFacts(_ path: String) -> ImageFacts {
        guard let header = try? BoundedFile.readPrefix(path, count: 64) else { return .unreadable(reason: "cannot read it") }
        guard let size = PNGHeader.size(of: header) else { return .unreadable(reason: "no PNG signature") }
        return .picture(width: size.width, height: size.height, translucentPixels: 0)
    }

    /// Every file under `folder` as it is now, in a stable order; nil for too many.
    private static func identities(inFolder folder: String) -> [Identity]? {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return nil }
        var found: [Identity] = []
        while let relative = walker.nextObject() as? String {
            guard found.count < maximumBundleFiles else { return nil }
            if let identity = identity(of: (folder as NSString).appendingPathComponent(relative)) { found.append(identity) }
        }
        return found.sorted { $0.path < $1.path }
    }

    private static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return Identity(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                        modified: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
    }
}
