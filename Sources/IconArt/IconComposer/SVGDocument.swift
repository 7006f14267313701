import CSVGRasterizerInterface
import FileAccess
import IconCatalog

/// An SVG layer, drawn by librsvg (through `SVGRasterizerLibrary`) from bytes in memory. Parsed
/// without a base URL, so librsvg loads nothing the file points at (`/etc/passwd`, `file:`, `http:`,
/// external entities); only `data:` URLs remain, which `SVGPreflight` checks with the rest of what
/// could make drawing cost far more than the file's size.
struct SVGDocument {
    /// A sanity cap on what is read into memory, not a measure of cost: layer art is a few to a
    /// few hundred KB, but an Icon Composer layer may embed its artwork as a PNG (a 1024-pixel
    /// one with noise is 1.5 MB of base64), which costs its pixels to draw, not its bytes.
    /// `SVGPreflight` bounds the markup and the embedded pixels; this bounds the copies held
    /// (the file, and the child process's parse of it) to a few times 16 MB.
    static let maximumFileBytes = 16 << 20
    /// Declared width or height, in points: sixteen times the icon's 1024-point canvas.
    static let maximumDimension = 16_384.0
    /// What one call of librsvg may spend, in a child process of its own: what the pre-check
    /// misses costs at most this. An icon layer takes milliseconds and a few MB.
    static let budget = iconchooser_svg_budget(seconds: 1, memory_bytes: 128 << 20)

    enum Failure: Error, Equatable, CustomStringConvertible {
        case unreadable(String)
        case refused(String)
        case invalid(String)
        case noSize
        case tooLarge(width: Double, height: Double)
        case rasterizerUnavailable(SVGRasterizerLibrary.LoadFailure)
        /// librsvg went past its time or memory budget and was stopped; the reason says which.
        case overBudget(String)

        var description: String {
            switch self {
            case .unreadable(let reason): return reason
            case .refused(let reason): return "refused: \(reason)"
            case .invalid(let reason): return "not a valid SVG (\(reason))"
            case .noSize: return "declares neither a size nor a viewBox"
            case .tooLarge(let width, let height):
                return "declares \(Self.points(width))×\(Self.points(height)) points; over \(Self.points(SVGDocument.maximumDimension)) is refused"
            case .rasterizerUnavailable(let failure): return failure.description
            case .overBudget(let reason): return reason
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

    init(contentsOf path: String, budget: iconchooser_svg_budget = SVGDocument.budget) throws(Failure) {
        var spent = 0.0
        try self.init(contentsOf: path, budget: budget, spent: &spent)
    }

    /// As `init(contentsOf:budget:)`, adding the CPU seconds librsvg ran to `spent`.
    init(contentsOf path: String, budget: iconchooser_svg_budget = SVGDocument.budget, spent: inout Double) throws(Failure) {
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
        try self.init(bytes: data, budget: budget, spent: &spent)
    }

    private let budget: iconchooser_svg_budget

    init(bytes: [UInt8], library: Result<SVGRasterizerLibrary, SVGRasterizerLibrary.LoadFailure> = SVGRasterizerLibrary.shared,
         budget: iconchooser_svg_budget = SVGDocument.budget) throws(Failure) {
        var spent = 0.0
        try self.init(bytes: bytes, library: library, budget: budget, spent: &spent)
    }

    /// As `init(bytes:library:budget:)`, adding the CPU seconds librsvg ran to `spent`.
    init(bytes: [UInt8], library: Result<SVGRasterizerLibrary, SVGRasterizerLibrary.LoadFailure> = SVGRasterizerLibrary.shared,
         budget: iconchooser_svg_budget = SVGDocument.budget, spent: inout Double) throws(Failure) {
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
        self.budget = budget
        var width = 0.0, height = 0.0
        try Self.call(rasterize, bytes, &width, &height, canvas: nil, budget: budget, spent: &spent)
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { throw .noSize }
        guard width <= Self.maximumDimension, height <= Self.maximumDimension else {
            throw .tooLarge(width: width, height: height)
        }
        self.width = width
        self.height = height
    }

    /// The artwork fitted into `frame` (canvas pixels), drawn only where it meets `clip`.
    func draw(in frame: LayerFrame, clip: PixelRect, budget: iconchooser_svg_budget? = nil) throws(Failure) -> LayerPatch? {
        var spent = 0.0
        return try draw(in: frame, clip: clip, budget: budget, spent: &spent)
    }

    /// As `draw(in:clip:budget:)`, adding the CPU seconds librsvg ran to `spent`.
    func draw(in frame: LayerFrame, clip: PixelRect, budget: iconchooser_svg_budget? = nil,
              spent: inout Double) throws(Failure) -> LayerPatch? {
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
            try Self.call(rasterize, bytes, &measuredWidth, &measuredHeight, canvas: &canvas, budget: budget ?? self.budget,
                          spent: &spent)
        }
        let unit: Float = 1 / 255
        return LayerPatch(rect: visible, samples: rgba.map { Float($0) * unit })
    }

    /// One call of the entry point; librsvg's reason, on one line, when it fails.
    private static func call(_ rasterize: iconchooser_svg_rasterize_pointer, _ bytes: [UInt8], _ width: inout Double,
                             _ height: inout Double, canvas: UnsafePointer<iconchooser_svg_canvas>?,
                             budget: iconchooser_svg_budget, spent: inout Double) throws(Failure) {
        var message = [CChar](repeating: 0, count: 512)
        var seconds = 0.0
        let status = bytes.withUnsafeBufferPointer { svg in
            rasterize(svg.baseAddress, svg.count, &width, &height, canvas, budget, &seconds, &message, message.count)
        }
        spent += seconds
        guard status == 0 else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let line = String(reason.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(200))
            switch status {
            case Int32(ICONCHOOSER_SVG_OUT_OF_TIME), Int32(ICONCHOOSER_SVG_OUT_OF_MEMORY):
                throw .overBudget(line)
            default:
                throw .invalid(line.isEmpty ? "librsvg gave no reason" : line)
            }
        }
    }
}

/// An SVG layer loaded and drawn, for the fuzzer (the types it goes through are IconArt's own).
package enum SVGLayerProbe {
    /// Loads `bytes` as a layer and draws it into a small patch, partly out of view, within
    /// `budget` a call: the pre-check, librsvg and the budget together, for the fuzzer. Returns
    /// the librsvg calls made (1 when the layer was refused or could not be measured, else 2).
    package static func probe(_ bytes: [UInt8], budget: iconchooser_svg_budget) -> Int {
        guard let document = try? SVGDocument(bytes: bytes, budget: budget) else { return 1 }
        _ = try? document.draw(in: LayerFrame(x: -3, y: 2, width: 40, height: 30), clip: PixelRect(x: 0, y: 0, width: 32, height: 32),
                               budget: budget)
        return 2
    }
}
