import CSixel
import IconArt
import TerminalGraphics

/// The same job as TerminalGraphics' `Sixel`, done by libsixel (its median cut palette, its
/// error diffusion, its encoder), to measure ours against. libsixel has no transparency
/// for a picture given as RGB, so the whole picture is made opaque over the background.
enum LibSixel {
    static func encode(_ picture: PixelPicture, background: (red: UInt8, green: UInt8, blue: UInt8),
                       maxColors: Int) throws(LibSixelError) -> [UInt8] {
        let rgba = picture.flattened(onto: background).pixels
        var rgb = [UInt8](repeating: 0, count: picture.width * picture.height * 3)
        for i in 0..<picture.width * picture.height {
            rgb[i * 3] = rgba[i * 4]; rgb[i * 3 + 1] = rgba[i * 4 + 1]; rgb[i * 3 + 2] = rgba[i * 4 + 2]
        }
        func check(_ status: SIXELSTATUS, _ function: String) throws(LibSixelError) {
            guard status == SIXEL_OK else { throw LibSixelError(function: function, status: Int(status)) }
        }
        var dither: OpaquePointer?
        try check(sixel_dither_new(&dither, Int32(min(256, max(2, maxColors))), nil), "sixel_dither_new")
        defer { sixel_dither_unref(dither) }
        try check(sixel_dither_initialize(dither, &rgb, Int32(picture.width), Int32(picture.height),
                                          iconchooser_sixel_pixelformat_rgb888(), SIXEL_LARGE_AUTO, SIXEL_REP_AUTO,
                                          SIXEL_QUALITY_AUTO),
                  "sixel_dither_initialize")
        sixel_dither_set_diffusion_type(dither, SIXEL_DIFFUSE_AUTO)

        let sink = Sink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        var output: OpaquePointer?
        try check(sixel_output_new(&output, { data, size, context in
            guard let data, let context, size > 0 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
            data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
            }
            return size
        }, context.toOpaque(), nil), "sixel_output_new")
        defer { sixel_output_unref(output) }
        try check(sixel_encode(&rgb, Int32(picture.width), Int32(picture.height), 0, dither, output), "sixel_encode")
        return sink.bytes
    }

    struct LibSixelError: Error, CustomStringConvertible {
        let function: String
        let status: Int
        var description: String { "libsixel's \(function) failed with status \(String(status, radix: 16))" }
    }

    /// Collects what libsixel writes.
    private final class Sink {
        var bytes: [UInt8] = []
    }
}
