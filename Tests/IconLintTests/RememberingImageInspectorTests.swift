import Foundation
import IconCatalog
@testable import IconLint
import Testing
import TestSupport

/// The inspector an edit's lint before and after share: each unchanged file is looked at once,
/// and with header-only first looks nothing the edit leaves alone is decoded at all.
@Suite struct RememberingImageInspectorTests {
    /// Counts what reaches the real decoder.
    final class CountingInspector: ImageInspector, @unchecked Sendable {
        private let lock = NSLock()
        private var decoded: [String] = []
        private let inner = DecodingImageInspector()

        func inspect(_ path: String) -> ImageFacts {
            lock.withLock { decoded.append(path) }
            return inner.inspect(path)
        }

        var decodedPaths: [String] { lock.withLock { decoded } }
    }

    static func translucent(_ size: Int) -> Data {
        PNGWriter.png(width: size, height: size, alpha: true) { x, _ in (10, 20, 30, x == 0 ? 0 : 255) }
    }

    @Test func anUnchangedFileIsDecodedOnce() throws {
        let folder = TemporaryFolder()
        let path = folder.write("Icon.png", Self.translucent(8))
        let counting = CountingInspector()
        let inspector = RememberingImageInspector(counting)
        #expect(inspector.inspect(path) == .picture(width: 8, height: 8, translucentPixels: 8))
        #expect(inspector.inspect(path) == .picture(width: 8, height: 8, translucentPixels: 8))
        #expect(counting.decodedPaths == [path])
    }

    @Test func aRewrittenFileIsDecodedAgain() throws {
        let folder = TemporaryFolder()
        let path = folder.write("Icon.png", Self.translucent(8))
        let counting = CountingInspector()
        let inspector = RememberingImageInspector(counting)
        _ = inspector.inspect(path)
        try FileManager.default.removeItem(atPath: path)
        _ = folder.write("Icon.png", PNGWriter.opaque(width: 4, height: 4))
        #expect(inspector.inspect(path) == .picture(width: 4, height: 4, translucentPixels: 0))
        #expect(counting.decodedPaths == [path, path])
    }

    /// Before the edit nothing is decoded or drawn; after it, files the edit left alone keep
    /// their header facts and only what it wrote is decoded and drawn.
    @Test func headerOnlyFirstLooksDecodeOnlyWhatTheEditWrote() throws {
        let folder = TemporaryFolder()
        let untouched = folder.write("Untouched.png", Self.translucent(8))
        let notPNG = folder.write("Broken.png", "not a picture")
        let bundle = folder.write("Blue.icon/icon.json", "{}")
        let counting = CountingInspector()
        let inspector = RememberingImageInspector(counting, firstLook: .headerOnly)
        var drawings = 0
        let draw: () -> [CatalogWarning] = {
            drawings += 1
            return []
        }

        #expect(inspector.inspect(untouched) == .picture(width: 8, height: 8, translucentPixels: 0))
        #expect(inspector.inspect(notPNG) == .unreadable(reason: "no PNG signature"))
        _ = inspector.drawingProblems(ofBundleAt: (bundle as NSString).deletingLastPathComponent, draw: draw)
        #expect(counting.decodedPaths.isEmpty)
        #expect(drawings == 0)

        inspector.decodeWhatChanges()
        let written = folder.write("Written.png", Self.translucent(6))
        #expect(inspector.inspect(untouched) == .picture(width: 8, height: 8, translucentPixels: 0))
        #expect(inspector.inspect(written) == .picture(width: 6, height: 6, translucentPixels: 6))
        _ = inspector.drawingProblems(ofBundleAt: (bundle as NSString).deletingLastPathComponent, draw: draw)
        #expect(drawings == 0, "an unchanged bundle is not drawn after the edit either")
        _ = folder.write("Blue.icon/Assets/layer.png", PNGWriter.opaque(width: 2, height: 2))
        _ = inspector.drawingProblems(ofBundleAt: (bundle as NSString).deletingLastPathComponent, draw: draw)
        #expect(drawings == 1, "a bundle the edit changed is drawn")
        #expect(counting.decodedPaths == [written])
    }
}
