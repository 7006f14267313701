import CSVGRasterizerInterface
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libiconchooser-svg, which draws SVG with librsvg, opened on the first SVG layer to draw. Linked
/// into the program, librsvg and the forty libraries behind it (cairo, pango, glib, fontconfig…)
/// cost every command milliseconds of start-up, though only Icon Composer bundles need them.
struct SVGRasterizerLibrary: Sendable {
    /// The library could not be opened: names it, and where it was looked for and why it failed.
    struct LoadFailure: Error, Equatable, CustomStringConvertible {
        let fileName: String
        /// Each place tried, with what the dynamic loader said, or nil where no file was.
        let attempts: [Attempt]

        struct Attempt: Equatable, Sendable {
            let path: String
            let reason: String?
        }

        var description: String {
            if let broken = attempts.first(where: { $0.reason != nil }), let reason = broken.reason {
                return "\(fileName), which draws SVG, cannot be loaded: \(Self.oneLine(reason))"
            }
            let places = attempts.map { ($0.path as NSString).deletingLastPathComponent }
            return "\(fileName), which draws SVG, is not installed (looked in \(places.joined(separator: " and ")))"
        }

        private static func oneLine(_ text: String) -> String {
            String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(300))
        }
    }

    #if canImport(Darwin)
    static let fileName = "libiconchooser-svg.dylib"
    #else
    static let fileName = "libiconchooser-svg.so"
    #endif

    /// The entry point: its type comes from the header the library is compiled against.
    let rasterize: iconchooser_svg_rasterize_pointer

    /// Opened once, by the first caller, from the program's own folder or `make install`'s lib folder.
    static let shared: Result<SVGRasterizerLibrary, LoadFailure> = load(from: standardFolders())

    /// Beside the running program (as SwiftPM builds it), then `../lib/iconchooser` from it (as
    /// `make install` places it: PREFIX/bin and PREFIX/lib/iconchooser).
    static func standardFolders() -> [String] {
        guard let program = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return [] }
        let folder = program.deletingLastPathComponent()
        return [folder.path, folder.deletingLastPathComponent().appendingPathComponent("lib/iconchooser").path]
    }

    /// The first folder holding the library that opens and exports the entry point.
    static func load(from folders: [String]) -> Result<SVGRasterizerLibrary, LoadFailure> {
        var attempts: [LoadFailure.Attempt] = []
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(fileName)
            guard FileManager.default.fileExists(atPath: path) else {
                attempts.append(.init(path: path, reason: nil))
                continue
            }
            // Never closed: the entry point stays valid for the life of the process.
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                attempts.append(.init(path: path, reason: dlerror().map { String(cString: $0) } ?? "\(path): dlopen failed"))
                continue
            }
            guard let symbol = dlsym(handle, ICONCHOOSER_SVG_RASTERIZE_SYMBOL) else {
                attempts.append(.init(path: path, reason: "\(path) does not export \(ICONCHOOSER_SVG_RASTERIZE_SYMBOL)"))
                dlclose(handle)
                continue
            }
            return .success(SVGRasterizerLibrary(rasterize: unsafeBitCast(symbol, to: iconchooser_svg_rasterize_pointer.self)))
        }
        return .failure(LoadFailure(fileName: fileName, attempts: attempts))
    }
}
