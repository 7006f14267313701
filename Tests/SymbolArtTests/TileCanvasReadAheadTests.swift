import CellCanvas
import Foundation
@testable import IconArt
@testable import SymbolArt
import Testing
import TestSupport

/// Tiles decoded ahead (while `preview` parses its command line) are used only where they are
/// exactly the tile asked for, once; anything else is decoded where it is asked for.
struct TileCanvasReadAheadTests {
    /// A picture split into a colour above and another below, so two of them tell apart.
    static func picture(_ top: (UInt8, UInt8, UInt8), _ bottom: (UInt8, UInt8, UInt8), size: Int = 96) -> RGBABitmap {
        var image = RGBABitmap(width: size, height: size, filledWith: (bottom.0, bottom.1, bottom.2, 255))
        for y in 0..<size / 2 { for x in 0..<size { image[x, y] = (top.0, top.1, top.2, 255) } }
        return image
    }

    static func write(_ image: RGBABitmap, to path: String) throws {
        try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))
    }

    /// `count` different pictures in `folder`, by path.
    static func pictures(_ count: Int, in folder: TemporaryFolder) throws -> [String] {
        try (0..<count).map { index in
            let path = folder.url("icon-\(index).png")
            try write(picture((UInt8(index * 50), 0, 0), (0, 0, 0)), to: path)
            return path
        }
    }

    /// A read-ahead of `listed` whose decoding signals `started` as each picture begins and
    /// then waits for `proceed`, so a test decides what happens meanwhile.
    struct Paced {
        let readAhead = TileCanvasReadAhead()
        let started = DispatchSemaphore(value: 0), proceed = DispatchSemaphore(value: 0)
        let decoded = LockedList()

        init(listing listed: [String]) {
            let keys = listed.map { TileCanvasReadAhead.Key(path: $0, columns: 8, rows: 4, grid: (8, 24))! }
            let (started, proceed, decoded) = (started, proceed, decoded)
            readAhead.begin(choose: { keys }, decode: { key in
                decoded.append(key.path)
                started.signal()
                proceed.wait()
                return .success(LinearImage(width: 1, height: 1))
            })
        }

        func take(_ path: String) -> Result<LinearImage, PNGDecodeError>? {
            readAhead.take(path: path, columns: 8, rows: 4, grid: (8, 24))
        }
    }

    /// `image` written to `folder` and read ahead at 8×4 cells, by a renderer (in octants, true
    /// colour) with a read-ahead of its own, not the process's; returned once it is decoded.
    static func readAheadOne(_ image: RGBABitmap, in folder: TemporaryFolder) throws
        -> (path: String, readAhead: TileCanvasReadAhead, renderer: TileRenderer) {
        let path = folder.url("icon.png")
        try write(image, to: path)
        let readAhead = TileCanvasReadAhead()
        let renderer = renderer(readAhead)
        renderer.readAhead(columns: 8, rows: 4) { [path] }
        readAhead.waitUntilDone()
        return (path, readAhead, renderer)
    }

    /// A renderer looking for pictures in a read-ahead of its own (not the process's).
    static func renderer(_ readAhead: TileCanvasReadAhead) -> TileRenderer {
        var renderer = TileRenderer(depth: .truecolor, symbols: .octant)
        renderer.canvasReadAhead = readAhead
        return renderer
    }

    @Test func aTileReadAheadIsTheTileItsFileMakesAndIsTakenOnce() throws {
        let folder = TemporaryFolder()
        let image = Self.picture((250, 200, 0), (0, 40, 200))
        let (path, readAhead, renderer) = try Self.readAheadOne(image, in: folder)

        let expected = TileRenderer(depth: .truecolor, symbols: .octant).tile(for: image, name: "icon", columns: 8, rows: 4)
        #expect(try renderer.tile(forPNGAt: path, name: "icon", columns: 8, rows: 4) == expected)
        #expect(readAhead.picturesServed == 1)
        // Taken once: the same tile again is decoded where it is asked for.
        #expect(try renderer.tile(forPNGAt: path, name: "icon", columns: 8, rows: 4) == expected)
        #expect(readAhead.picturesServed == 1)
    }

    @Test func aFileChangedSinceItWasReadAheadIsDecodedAfresh() throws {
        let folder = TemporaryFolder()
        let (path, readAhead, renderer) = try Self.readAheadOne(Self.picture((250, 200, 0), (0, 40, 200)), in: folder)

        // Another picture in the same place, of the same byte size, dated a minute later.
        let replacement = Self.picture((0, 40, 200), (250, 200, 0))
        try Self.write(replacement, to: path)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: path)
        let tile = try renderer.tile(forPNGAt: path, name: "icon", columns: 8, rows: 4)
        #expect(tile == TileRenderer(depth: .truecolor, symbols: .octant).tile(for: replacement, name: "icon", columns: 8, rows: 4))
        #expect(readAhead.picturesServed == 0)
    }

    @Test func anotherSizeOrGridIsNotTakenFromTheReadAhead() throws {
        let folder = TemporaryFolder()
        let image = Self.picture((250, 200, 0), (0, 40, 200))
        let (path, readAhead, renderer) = try Self.readAheadOne(image, in: folder)

        #expect(try renderer.tile(forPNGAt: path, name: "icon", columns: 6, rows: 3)
            == TileRenderer(depth: .truecolor, symbols: .octant).tile(for: image, name: "icon", columns: 6, rows: 3))
        var ascii = renderer
        ascii.ascii = true
        #expect(try ascii.tile(forPNGAt: path, name: "icon", columns: 8, rows: 4)
            == TileRenderer(depth: .truecolor, ascii: true).tile(for: image, name: "icon", columns: 8, rows: 4))
        #expect(readAhead.picturesServed == 0)
    }

    /// The read-ahead decodes its list in order; a picture asked for before its turn is
    /// decoded by the asker (and skipped by the read-ahead), and a picture it never listed
    /// shows its guess wrong: it starts nothing more.
    @Test func askingFirstTakesOverAndAMissStopsTheReadAhead() throws {
        let folder = TemporaryFolder()
        let paths = try Self.pictures(5, in: folder)
        let paced = Paced(listing: Array(paths.prefix(4)))
        paced.started.wait()  // the first is being decoded

        // The third, asked for before its turn: the asker decodes it.
        #expect(paced.take(paths[2]) == nil)
        paced.proceed.signal()
        paced.started.wait()  // the second
        // The fifth was never listed: nothing more is started after the second (not the fourth).
        #expect(paced.take(paths[4]) == nil)
        paced.proceed.signal()
        paced.readAhead.waitUntilDone()
        #expect(paced.decoded.values == [paths[0], paths[1]])
        #expect(try paced.take(paths[0])?.get().width == 1)
        #expect(try paced.take(paths[1])?.get().width == 1)
        #expect(paced.readAhead.picturesServed == 2)
    }

    /// Pictures that will be drawn another way (pixel pictures) stop the read-ahead: what it
    /// is decoding it finishes, nothing more is started.
    @Test func stoppingStartsNothingMore() throws {
        let folder = TemporaryFolder()
        let paths = try Self.pictures(3, in: folder)
        let paced = Paced(listing: paths)
        paced.started.wait()
        paced.readAhead.stop()
        paced.proceed.signal()
        paced.readAhead.waitUntilDone()
        #expect(paced.decoded.values == [paths[0]])
    }

    /// A tile limit keeps the read-ahead to what one core decodes while a command line is parsed.
    @Test func atMostTheFirstFewTilesAreReadAhead() throws {
        let folder = TemporaryFolder()
        let paths = try Self.pictures(5, in: folder)
        let readAhead = TileCanvasReadAhead()
        let renderer = Self.renderer(readAhead)
        renderer.readAhead(columns: 8, rows: 4, tiles: 2) { paths }
        readAhead.waitUntilDone()
        for path in paths { _ = try renderer.tile(forPNGAt: path, name: "icon", columns: 8, rows: 4) }
        #expect(readAhead.picturesServed == 2)
    }

    @Test func withoutAReadAheadAskingLooksNothingUp() {
        let readAhead = TileCanvasReadAhead()
        #expect(readAhead.take(path: "/nonexistent/icon.png", columns: 8, rows: 4, grid: (8, 24)) == nil)
        #expect(readAhead.picturesServed == 0)
    }
}

final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var values: [String] { lock.withLock { items } }
}
