import CellCanvas
import CSixel
import Foundation
import IconArt
import TerminalGraphics
import TestSupport
import Testing

/// How close a sixel picture looks to the exact one, ours against libsixel's: each decoded by
/// ImageMagick (a reader neither encoder shares), blurred with a Gaussian of σ 1.2 pixels as
/// an eye at a normal distance averages dithering, and compared by PSNR over the pixels the
/// icon covers fully (the antialiased edge and the transparent corners left out; around them the
/// terminal's background, black, shows, what the blur mixes in at the edge). The demo's
/// rainbow (Default) and black-multi are the pictures banding shows on.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"),
                "ImageMagick's convert is not installed (make test installs it)"))
struct SixelFidelityTests {
    static let convert = "/usr/bin/convert"
    /// The demo icon `name` as the chooser shows it on a 16×8-cell tile of `cell` pixels.
    static func picture(_ name: String, cell: CellPixelSize) throws -> PixelPicture {
        let path = Repository.root.appendingPathComponent("Assets/App Icons/app-icon--\(name)@3x.png").path
        return try PixelPicture(iconPNGAt: path, geometry: TileGeometry(columns: 16, rows: 8, cell: cell)!)
    }

    /// ImageMagick's reading of a sixel sequence, as RGB rows of the picture's size.
    static func decoded(_ sixel: [UInt8], width: Int, height: Int) throws -> [Float] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID().uuidString).six")
        let output = input.deletingPathExtension().appendingPathExtension("rgb")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: output) }
        try Data(sixel).write(to: input)
        // Through PNG: ImageMagick 6 writes a sixel picture's raw RGB as zeros.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(convert) \"sixel:$1\" png:- | \(convert) png:- -alpha off -crop \(width)x\(height)+0+0 -depth 8 \"rgb:$2\"",
                             "sh", input.path, output.path]
        try process.run()
        process.waitUntilExit()
        let bytes = try [UInt8](Data(contentsOf: output))
        try #require(process.terminationStatus == 0 && bytes.count >= width * height * 3, "convert read \(bytes.count) bytes")
        return bytes.prefix(width * height * 3).map(Float.init)
    }

    /// libsixel's picture at `maxColors`, made opaque over black as it has no transparency.
    static func libsixel(_ picture: PixelPicture, maxColors: Int) throws -> [UInt8] {
        let rgba = picture.flattened(onto: (0, 0, 0)).pixels
        var rgb = [UInt8](repeating: 0, count: picture.width * picture.height * 3)
        for i in 0..<picture.width * picture.height {
            (rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]) = (rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2])
        }
        var dither: OpaquePointer?
        try #require(sixel_dither_new(&dither, Int32(maxColors), nil) == SIXEL_OK)
        defer { sixel_dither_unref(dither) }
        try #require(sixel_dither_initialize(dither, &rgb, Int32(picture.width), Int32(picture.height),
                                             iconchooser_sixel_pixelformat_rgb888(), SIXEL_LARGE_AUTO, SIXEL_REP_AUTO,
                                             SIXEL_QUALITY_AUTO) == SIXEL_OK)
        sixel_dither_set_diffusion_type(dither, SIXEL_DIFFUSE_AUTO)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let context = Unmanaged.passRetained(sink)
        defer { context.release() }
        var output: OpaquePointer?
        try #require(sixel_output_new(&output, { data, size, context in
            guard let data, let context, size > 0 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
            data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
            }
            return size
        }, context.toOpaque(), nil) == SIXEL_OK)
        defer { sixel_output_unref(output) }
        try #require(sixel_encode(&rgb, Int32(picture.width), Int32(picture.height), 0, dither, output) == SIXEL_OK)
        return sink.bytes
    }

    /// `rgb` blurred by a Gaussian of `sigma` pixels, separably, edges clamped.
    static func blurred(_ rgb: [Float], width: Int, height: Int, sigma: Float = 1.2) -> [Float] {
        let radius = Int((3 * sigma).rounded(.up))
        var kernel = (-radius...radius).map { exp(-Float($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        func pass(_ source: [Float], horizontal: Bool) -> [Float] {
            var out = [Float](repeating: 0, count: source.count)
            for y in 0..<height {
                for x in 0..<width {
                    for channel in 0..<3 {
                        var sum: Float = 0
                        for (offset, weight) in zip(-radius...radius, kernel) {
                            let (sx, sy) = horizontal ? (min(width - 1, max(0, x + offset)), y) : (x, min(height - 1, max(0, y + offset)))
                            sum += weight * source[(sy * width + sx) * 3 + channel]
                        }
                        out[(y * width + x) * 3 + channel] = sum
                    }
                }
            }
            return out
        }
        return pass(pass(rgb, horizontal: true), horizontal: false)
    }

    /// PSNR in dB of `decoded` against `picture` flattened on black, both blurred, over the
    /// pixels the icon covers fully.
    static func fidelity(_ decoded: [Float], of picture: PixelPicture) -> Double {
        let (width, height) = (picture.width, picture.height)
        let flat = picture.flattened(onto: (0, 0, 0)).pixels
        let exact = (0..<width * height).flatMap { i in (0..<3).map { Float(flat[i * 4 + $0]) } }
        // Where the icon is transparent the terminal shows its background (black here): ImageMagick
        // gives those pixels, which our sixel leaves unset, the colour of register 0 instead.
        var shown = decoded
        for i in 0..<width * height where picture.bitmap.pixels[i * 4 + 3] == 0 { for c in 0..<3 { shown[i * 3 + c] = 0 } }
        let (a, b) = (blurred(exact, width: width, height: height), blurred(shown, width: width, height: height))
        var squared = 0.0, count = 0
        for i in 0..<width * height where picture.bitmap.pixels[i * 4 + 3] == 255 {
            for channel in 0..<3 {
                let d = Double(a[i * 3 + channel] - b[i * 3 + channel])
                squared += d * d
                count += 1
            }
        }
        return 10 * log10(255 * 255 / max(1e-9, squared / Double(max(1, count))))
    }

    /// On the bench's 10×20-pixel cells, and on xterm's own font's 6×13 (its default `fixed`).
    @Test(arguments: ["default", "black-multi"], [CellPixelSize(width: 10, height: 20)!, CellPixelSize(width: 6, height: 13)!])
    func oursLooksAtLeastAsCloseAsLibsixels(name: String, cell: CellPixelSize) throws {
        let picture = try Self.picture(name, cell: cell)
        let ours = Sixel(background: (0, 0, 0)).encode(picture)
        let theirs = try Self.libsixel(picture, maxColors: 256)
        let oursDB = Self.fidelity(try Self.decoded(ours, width: picture.width, height: picture.height), of: picture)
        let theirsDB = Self.fidelity(try Self.decoded(theirs, width: picture.width, height: picture.height), of: picture)
        print("sixel fidelity \(name) on \(cell): ours \(oursDB) dB in \(ours.count) bytes, libsixel \(theirsDB) dB in \(theirs.count) bytes")
        #expect(oursDB >= theirsDB, "\(name) on \(cell): ours \(oursDB) dB, libsixel's \(theirsDB) dB")
    }
}
