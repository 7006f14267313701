import CSVGRasterizerInterface
import IconCatalog

/// An SVG layer, drawn by librsvg (through `SVGRasterizerLibrary`) from bytes in memory. Parsed
/// without a base URL, so librsvg loads nothing the file points at (`/etc/passwd`, `file:`, `http:`,
/// external entities); only `data:` URLs remain, which `SVGPreflight` checks with the rest of what
/// could make drawing cost far more than the file's size.
struct SVGDocument {
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
        case rasterizerUnavailable(SVGRasterizerLibrary.LoadFailure)

        var description: String {
            switch self {
            case .unreadable(let reason): return reason
            case .refused(let reason): return "refused: \(reason)"
            case .invalid(let reason): return "not a valid SVG (\(reason))"
            case .noSize: return "declares neither a size nor a viewBox"
            case .tooLarge(let width, let height):
                return "declares \(Self.points(width))×\(Self.points(height)) points; over \(Self.points(SVGDocument.maximumDimension)) is refused"
            case .rasterizerUnavailable(let failure): return failure.description
            }
        }

        /// A declared size as written for people: a whole number of points where it is one
        /// below 10^15, else three significant digits (`1e+19`: librsvg keeps sizes as `float`s,
        /// so more digits would only show its rounding). Never through `Int(_:)`, which traps past `Int.max`.
        private static func points(_ value: Double) -> String {
            if abs(value) < 1e15, let whole = Int(exactly: value.rounded()) { return String(whole) }
            return String(format: "%.3g", value)
        }
    }

    /// The size the artwork declares, in points (CSS pixels): `width`/`height`, else its viewBox.
    let width: Double
    let height: Double
    private let bytes: [UInt8]
    private let rasterize: iconchooser_svg_rasterize_pointer

    init(contentsOf path: String) throws(Failure) {
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

    init(bytes: [UInt8], library: Result<SVGRasterizerLibrary, SVGRasterizerLibrary.LoadFailure> = SVGRasterizerLibrary.shared)
        throws(Failure) {
        guard bytes.count <= Self.maximumFileBytes else {
            throw .unreadable("is \(bytes.count) bytes; over \(Self.maximumFileBytes) is refused")
        }
        do {
            try SVGPreflight.check(bytes)
        } catch {
            throw .refused(error.description)
        }
        switch library {
        case .success(let library): rasterize = library.rasterize
        case .failure(let failure): throw .rasterizerUnavailable(failure)
        }
        self.bytes = bytes
        var width = 0.0, height = 0.0
        try Self.call(rasterize, bytes, &width, &height, canvas: nil)
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { throw .noSize }
        guard width <= Self.maximumDimension, height <= Self.maximumDimension else {
            throw .tooLarge(width: width, height: height)
        }
        self.width = width
        self.height = height
    }

    /// The artwork fitted into `frame` (canvas pixels), drawn only where it meets `clip`.
    func draw(in frame: LayerFrame, clip: PixelRect) throws(Failure) -> LayerPatch? {
        let visible = frame.pixels.intersection(clip)
        guard !visible.isEmpty else { return nil }
        let (pixels, overflow) = visible.width.multipliedReportingOverflow(by: visible.height)
        guard !overflow, pixels <= Int.max / 4 else { throw .invalid("no drawing surface of \(visible.width)×\(visible.height)") }
        var rgba = [UInt8](repeating: 0, count: pixels * 4)
        var measuredWidth = 0.0, measuredHeight = 0.0
        try rgba.withUnsafeMutableBufferPointer { (buffer) throws(Failure) in
            var canvas = iconchooser_svg_canvas(rgba: buffer.baseAddress, width: visible.width, height: visible.height,
                                                viewport_x: frame.x - Double(visible.x), viewport_y: frame.y - Double(visible.y),
                                                viewport_width: frame.width, viewport_height: frame.height)
            try Self.call(rasterize, bytes, &measuredWidth, &measuredHeight, canvas: &canvas)
        }
        let unit: Float = 1 / 255
        return LayerPatch(rect: visible, samples: rgba.map { Float($0) * unit })
    }

    /// One call of the entry point; librsvg's reason, on one line, when it fails.
    private static func call(_ rasterize: iconchooser_svg_rasterize_pointer, _ bytes: [UInt8], _ width: inout Double,
                             _ height: inout Double, canvas: UnsafePointer<iconchooser_svg_canvas>?) throws(Failure) {
        var message = [CChar](repeating: 0, count: 512)
        let status = bytes.withUnsafeBufferPointer { svg in
            rasterize(svg.baseAddress, svg.count, &width, &height, canvas, &message, message.count)
        }
        guard status == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let line = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
            throw .invalid(line.isEmpty ? "librsvg gave no reason" : String(line.prefix(200)))
        }
    }
}
