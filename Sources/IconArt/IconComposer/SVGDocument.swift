import CRSVG
import IconCatalog

/// An SVG layer, parsed by librsvg from bytes in memory and drawn by it into cairo image
/// surfaces. Made without a base URL, so librsvg loads nothing the file points at (`/etc/passwd`,
/// `file:`, `http:`, external entities); only `data:` URLs remain, which `SVGPreflight` checks
/// with the rest of what could make drawing cost far more than the file's size.
final class SVGDocument {
    /// Layer art is a few to a few hundred KB.
    static let maximumFileBytes = 1 << 20
    /// Declared width or height, in points: sixteen times the icon's 1024-point canvas.
    static let maximumDimension = 16_384.0

    enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case refused(String)
        case invalid(String)
        /// librsvg could not be loaded (`reason`): no SVG can be drawn.
        case unavailable(String)
        case noSize
        case tooLarge(width: Double, height: Double)

        var description: String {
            switch self {
            case .unreadable(let reason): return reason
            case .refused(let reason): return "refused: \(reason)"
            case .invalid(let reason): return "not a valid SVG (\(reason))"
            case .unavailable(let reason): return "cannot be drawn: \(reason)"
            case .noSize: return "declares neither a size nor a viewBox"
            case .tooLarge(let width, let height):
                return "declares \(Int(width))×\(Int(height)) points; over \(Int(SVGDocument.maximumDimension)) is refused"
            }
        }
    }

    /// The size the artwork declares, in points (CSS pixels): `width`/`height`, else its viewBox.
    let width: Double
    let height: Double
    private let handle: OpaquePointer
    /// Room for librsvg's message about a document it refused.
    private static let messageCapacity = 512

    convenience init(contentsOf path: String) throws(Failure) {
        let data: [UInt8]
        do {
            data = Array(try BoundedFile.read(path, limit: Self.maximumFileBytes))
        } catch {
            switch error {
            case .tooLarge(let bytes): throw .unreadable("is \(bytes) bytes; over \(Self.maximumFileBytes) is refused")
            case .notARegularFile(let kind): throw .unreadable("is \(kind)")
            case .notFound: throw .unreadable("disappeared")
            case .badLink(let problem): throw .unreadable("is \(problem)")
            case .system(let reason): throw .unreadable(reason)
            }
        }
        try self.init(bytes: data)
    }

    init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count <= Self.maximumFileBytes else {
            throw .unreadable("is \(bytes.count) bytes; over \(Self.maximumFileBytes) is refused")
        }
        do {
            try SVGPreflight.check(bytes)
        } catch {
            throw .refused(error.description)
        }
        if let problem = iconchooser_svg_load() { throw .unavailable(String(cString: problem)) }
        var message = [CChar](repeating: 0, count: Self.messageCapacity)
        let opened = bytes.withUnsafeBufferPointer { bytes in
            message.withUnsafeMutableBufferPointer { iconchooser_svg_open(bytes.baseAddress, bytes.count, $0.baseAddress, $0.count) }
        }
        guard let made = opened else { throw .invalid(Self.line(message)) }
        var width = 0.0, height = 0.0
        // Without an absolute width and height, the viewBox gives the size, as a browser would show it.
        guard iconchooser_svg_size(made, &width, &height) != 0 else { iconchooser_svg_close(made); throw .noSize }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { iconchooser_svg_close(made); throw .noSize }
        guard width <= Self.maximumDimension, height <= Self.maximumDimension else {
            iconchooser_svg_close(made)
            throw .tooLarge(width: width, height: height)
        }
        handle = made
        self.width = width
        self.height = height
    }

    deinit { iconchooser_svg_close(handle) }

    /// The artwork fitted into `frame` (canvas pixels), drawn only where it meets `clip`.
    func draw(in frame: LayerFrame, clip: PixelRect) throws(Failure) -> LayerPatch? {
        let visible = frame.pixels.intersection(clip)
        guard !visible.isEmpty else { return nil }
        var words = [UInt32](repeating: 0, count: visible.width * visible.height)
        var message = [CChar](repeating: 0, count: Self.messageCapacity)
        let drawn = words.withUnsafeMutableBufferPointer { words in
            message.withUnsafeMutableBufferPointer { message in
                iconchooser_svg_render(handle, frame.x - Double(visible.x), frame.y - Double(visible.y), frame.width, frame.height,
                                       words.baseAddress, Int32(visible.width), Int32(visible.height),
                                       message.baseAddress, message.count)
            }
        }
        guard drawn != 0 else { throw .invalid(Self.line(message)) }
        var patch = LayerPatch(rect: visible)
        let unit: Float = 1 / 255
        // cairo's ARGB32: one native-endian 32-bit word a pixel, premultiplied, A R G B from the top bits.
        for (i, word) in words.enumerated() {
            patch.samples[i * 4] = Float((word >> 16) & 0xFF) * unit
            patch.samples[i * 4 + 1] = Float((word >> 8) & 0xFF) * unit
            patch.samples[i * 4 + 2] = Float(word & 0xFF) * unit
            patch.samples[i * 4 + 3] = Float(word >> 24) * unit
        }
        return patch
    }

    /// librsvg's message (a NUL-terminated C string) on one line.
    private static func line(_ message: [CChar]) -> String {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard !text.isEmpty else { return "librsvg gave no reason" }
        return String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(200))
    }
}
