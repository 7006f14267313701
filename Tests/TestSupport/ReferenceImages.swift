import Foundation

/// Pillow (in the venv `make oracles` creates) as a test oracle for pictures: a PNG converted
/// from its embedded colour profile to sRGB, as Xcode's `actool` converts an icon when it compiles
/// it into a car, and then resampled to a size with two unrelated filters. The car's pixels are
/// compared with these; the project's own decoders do not take part.
public enum ReferenceImages {
    /// Whether the venv has Pillow: asked once.
    public static let available: Bool = FileManager.default.isExecutableFile(atPath: ReferenceLZFSE.python)
        && (try? ReferenceLZFSE.run(["-c", "import PIL.ImageCms"], input: Data())) != nil
    public static let skipMessage = "skipped: Pillow is not installed in .build/oracle-venv (make oracles installs it)"

    /// A filter Pillow resamples with.
    public enum Filter: String, CaseIterable, Sendable {
        case lanczos = "LANCZOS", bilinear = "BILINEAR"
    }

    /// The PNG at `path` in sRGB (from its ICC profile, when it has one), resampled by `filter` to
    /// each square size of `sizes`: RGB, three bytes a pixel, rows top first. One run of Python for
    /// all the sizes.
    public static func srgb(_ path: String, sizes: [Int], filter: Filter) throws -> [Int: [UInt8]] {
        let script = """
            import io, sys
            from PIL import Image, ImageCms
            image = Image.open(sys.argv[1])
            profile = image.info.get('icc_profile')
            rgb = image.convert('RGB')
            if profile:
                rgb = ImageCms.profileToProfile(rgb, ImageCms.ImageCmsProfile(io.BytesIO(profile)), ImageCms.createProfile('sRGB'))
            for size in sys.argv[3:]:
                sys.stdout.buffer.write(rgb.resize((int(size), int(size)), getattr(Image, sys.argv[2])).tobytes())
            """
        let output = [UInt8](try ReferenceLZFSE.run(["-c", script, path, filter.rawValue] + sizes.map(String.init), input: Data()))
        var pictures: [Int: [UInt8]] = [:], at = 0
        for size in sizes {
            let count = size * size * 3
            guard count <= output.count - at else { throw CocoaError(.fileReadCorruptFile) }
            pictures[size] = Array(output[at..<(at + count)])
            at += count
        }
        return pictures
    }

    /// Peak signal-to-noise ratio of two RGB pictures of one size, in dB (infinity when equal).
    public static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        let squares = zip(a, b).reduce(0.0) { sum, pair in let d = Double(pair.0) - Double(pair.1); return sum + d * d }
        guard squares > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squares / Double(a.count)))
    }

    /// Straight RGBA → RGB, each pixel over black (the icons compared are opaque).
    public static func rgb(fromRGBA rgba: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(rgba.count / 4 * 3)
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = Int(rgba[i + 3])
            for c in 0..<3 { out.append(UInt8((Int(rgba[i + c]) * a + 127) / 255)) }
        }
        return out
    }
}
