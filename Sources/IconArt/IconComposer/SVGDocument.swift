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
        case noSize
        case tooLarge(width: Double, height: Double)

        var description: String {
            switch self {
            case .unreadable(let reason): return reason
            case .refused(let reason): return "refused: \(reason)"
            case .invalid(let reason): return "not a valid SVG (\(reason))"
            case .noSize: return "declares neither a size nor a viewBox"
            case .tooLarge(let width, let height):
                return "declares \(Int(width))×\(Int(height)) points; over \(Int(SVGDocument.maximumDimension)) is refused"
            }
        }
    }

    /// The size the artwork declares, in points (CSS pixels): `width`/`height`, else its viewBox.
    let width: Double
    let height: Double
    private let handle: UnsafeMutablePointer<RsvgHandle>

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
        var error: UnsafeMutablePointer<GError>?
        let made = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let made else { throw .invalid(Self.consume(error)) }
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(made, &width, &height) == 0 {
            // No absolute width and height: the viewBox gives the size, as a browser would show it.
            var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
            var declaredWidth = RsvgLength(), declaredHeight = RsvgLength(), viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(made, &hasWidth, &declaredWidth, &hasHeight, &declaredHeight,
                                                 &hasViewBox, &viewBox)
            guard hasViewBox != 0 else { g_object_unref(made); throw .noSize }
            width = viewBox.width
            height = viewBox.height
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { g_object_unref(made); throw .noSize }
        guard width <= Self.maximumDimension, height <= Self.maximumDimension else {
            g_object_unref(made)
            throw .tooLarge(width: width, height: height)
        }
        handle = made
        self.width = width
        self.height = height
    }

    deinit { g_object_unref(handle) }

    /// The artwork fitted into `frame` (canvas pixels), drawn only where it meets `clip`.
    func draw(in frame: LayerFrame, clip: PixelRect) throws(Failure) -> LayerPatch? {
        let visible = frame.pixels.intersection(clip)
        guard !visible.isEmpty else { return nil }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(visible.width), Int32(visible.height)) else {
            throw .invalid("no drawing surface")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else {
            throw .invalid("no drawing surface of \(visible.width)×\(visible.height)")
        }
        defer { cairo_destroy(context) }
        var viewport = RsvgRectangle(x: frame.x - Double(visible.x), y: frame.y - Double(visible.y),
                                     width: frame.width, height: frame.height)
        var error: UnsafeMutablePointer<GError>?
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            throw .invalid(Self.consume(error))
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .invalid("empty drawing surface") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var patch = LayerPatch(rect: visible)
        let unit: Float = 1 / 255
        // CAIRO_FORMAT_ARGB32: one native-endian 32-bit word a pixel, premultiplied, A R G B from the top bits.
        for row in 0..<visible.height {
            let words = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<visible.width {
                let word = words[column]
                let i = (row * visible.width + column) * 4
                patch.samples[i] = Float((word >> 16) & 0xFF) * unit
                patch.samples[i + 1] = Float((word >> 8) & 0xFF) * unit
                patch.samples[i + 2] = Float(word & 0xFF) * unit
                patch.samples[i + 3] = Float(word >> 24) * unit
            }
        }
        return patch
    }

    /// The message of a GError (freed here), on one line.
    private static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "librsvg gave no reason" }
        defer { g_error_free(error) }
        guard let message = error.pointee.message else { return "librsvg gave no reason" }
        return String(String(cString: message).split(whereSeparator: \.isNewline).joined(separator: " ").prefix(200))
    }
}
