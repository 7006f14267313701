import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import IconArt
import TerminalDetection
import TerminalInput
import Testing

/// The picture loader: one picture at a time, the tiles on screen first, and nothing
/// more once the chooser leaves.
@Suite struct PictureLoaderTests {
    /// Icon `index` of a made-up app of `count` icons ("icon0", "icon1"…), and back.
    static func icons(_ indices: [Int]) -> [IconKey] { indices.map { IconKey(name: "icon\($0)") } }
    static func index(of icon: IconKey) -> Int { icon.name.flatMap { Int($0.dropFirst(4)) } ?? -1 }

    /// A loader of `count` icons whose tiles `gate` renders (nil for an icon it does not have).
    static func loader(count: Int, queue: DecodeQueue = DecodeQueue(), gate: Gate) -> PictureLoader {
        PictureLoader(queue: queue) { icon, size, _ in
            let index = index(of: icon)
            return (0..<count).contains(index) ? gate.render(index, size) : nil
        }
    }

    /// Renders a letter tile per index, holding the first render until `release`.
    final class Gate: @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var delivered: [Int] = []
        private var rendering = 0
        private var mostAtOnce = 0

        func render(_ index: Int, _ size: TileSize) -> CellGrid {
            let first = lock.withLock {
                rendering += 1
                mostAtOnce = max(mostAtOnce, rendering)
                return delivered.isEmpty && rendering == 1 && index == 0
            }
            if first {
                started.signal()
                release.wait()
            }
            lock.withLock { rendering -= 1 }
            return CellGrid(width: size.columns, height: size.rows, filling: Cell(String(index)))
        }

        func record(_ picture: LoadedPicture) { lock.withLock { delivered.append(PictureLoaderTests.index(of: picture.icon)) } }
        var order: [Int] { lock.withLock { delivered } }
        var concurrency: Int { lock.withLock { mostAtOnce } }

        func waitFor(_ count: Int) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if order.count >= count { return true }
                usleep(1_000)
            }
            return false
        }
    }

    @Test func theTilesOnScreenComeFirstOneAtATime() {
        let gate = Gate()
        let loader = Self.loader(count: 6, gate: gate)
        loader.request(Self.icons([0, 1, 2, 3, 4, 5, 9]), size: .small, symbols: .half, depth: .palette256, appearance: .light) { gate.record($0) }
        #expect(gate.started.wait(timeout: .now() + 30) == .success)
        // While the first is decoded, the user scrolls to the last ones.
        loader.prioritize(Self.icons([4, 5]), size: .small)
        gate.release.signal()
        #expect(gate.waitFor(6))
        #expect(gate.order == [0, 4, 5, 1, 2, 3])  // index 9 is no icon: never asked for
        #expect(gate.concurrency == 1)
    }

    /// What was delivered, in order: "s0" the symbol tile of icon 0, "p0" its pixel picture.
    final class DeliveryLog: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        let madeBothPictures = DispatchSemaphore(value: 0)

        func add(_ entry: String) {
            let pictures = lock.withLock {
                entries.append(entry)
                return entries.filter { $0.hasPrefix("p") }.count
            }
            if entry.hasPrefix("p"), pictures == 2 { madeBothPictures.signal() }
        }

        var order: [String] { lock.withLock { entries } }
    }

    /// Symbol tiles (the first held by a gate) and pixel pictures on one queue of `lanes`,
    /// the pixel pictures of icons 0 and 1 asked for while the first tile is being made.
    func symbolsAndPixels(lanes: Int) throws -> (order: [String], symbolsAtOnce: Int) {
        let queue = DecodeQueue(lanes: lanes)
        let gate = Gate()
        let log = DeliveryLog()
        let loader = Self.loader(count: 3, queue: queue, gate: gate)
        let pixels = IconPixelPictures(queue: queue) { _, geometry, _, _ in
            PixelPicture(bitmap: RGBABitmap(width: geometry.width, height: geometry.height, filledWith: (200, 0, 0, 255)),
                         geometry: geometry)
        }
        let kitty = CapabilityProbe(environment: ["TERM": "xterm-kitty"], choice: .auto, canQuery: false,
                                    windowSize: TerminalSize(columns: 100, rows: 30)).capabilities(elapsedMilliseconds: 0)
        _ = try #require(pixels.start(for: kitty, colorDepth: .truecolor))
        loader.request(Self.icons([0, 1, 2]), size: .small, symbols: .half, depth: .palette256, appearance: .light) { picture in
            log.add("s\(Self.index(of: picture.icon))")
            gate.record(picture)
        }
        #expect(gate.started.wait(timeout: .now() + 30) == .success)
        pixels.request(Self.icons([0, 1]), size: .small, cell: .standard, appearance: .light) { picture in
            #expect(picture.ready)
            log.add("p\(Self.index(of: picture.icon))")
        }
        // With two lanes, made beside the symbol tile still under way; with one, after it.
        if lanes > 1 { #expect(log.madeBothPictures.wait(timeout: .now() + 30) == .success) }
        gate.release.signal()
        if lanes == 1 { #expect(log.madeBothPictures.wait(timeout: .now() + 30) == .success) }
        #expect(gate.waitFor(3))
        return (log.order, gate.concurrency)
    }

    @Test func pixelPicturesAreMadeBesideSymbolTilesWhichComeOneAtATime() throws {
        let two = try symbolsAndPixels(lanes: 2)
        #expect(two.order == ["p0", "p1", "s0", "s1", "s2"])
        #expect(two.symbolsAtOnce == 1)
        let one = try symbolsAndPixels(lanes: 1)
        #expect(one.order == ["s0", "p0", "p1", "s1", "s2"])
        #expect(one.symbolsAtOnce == 1)
    }

    @Test func nothingMoreAfterLeaving() {
        let gate = Gate()
        let loader = Self.loader(count: 5, gate: gate)
        loader.request(Self.icons([0, 1, 2, 3, 4]), size: .medium, symbols: .half, depth: .palette256, appearance: .light) { gate.record($0) }
        #expect(gate.started.wait(timeout: .now() + 30) == .success)
        loader.cancelAll()
        gate.release.signal()
        #expect(gate.waitFor(1))
        usleep(50_000)
        #expect(gate.order == [0])
        // A new request after that is served.
        loader.request(Self.icons([3]), size: .medium, symbols: .half, depth: .palette256, appearance: .light) { gate.record($0) }
        #expect(gate.waitFor(2))
        #expect(gate.order == [0, 3])
    }

    /// kitty scales a picture to its cells, so its pictures are made no larger than the icon;
    /// sixel draws them pixel for pixel, so at the tile's own size.
    @Test(arguments: [(GraphicsProtocol.kitty, PixelPicture.Sizing.atMostSource), (.sixel, .tile)])
    func picturesAreAsLargeAsTheProtocolNeeds(graphics: GraphicsProtocol, sizing: PixelPicture.Sizing) throws {
        let asked = SizingLog()
        let pixels = IconPixelPictures(queue: DecodeQueue(lanes: 1)) { _, geometry, sizing, _ in
            asked.add(sizing)
            return PixelPicture(bitmap: RGBABitmap(width: geometry.width, height: geometry.height, filledWith: (0, 0, 200, 255)),
                                geometry: geometry)
        }
        let found = CapabilityProbe(environment: [:], choice: .forced(graphics), canQuery: false,
                                    windowSize: TerminalSize(columns: 100, rows: 30)).capabilities(elapsedMilliseconds: 0)
        _ = try #require(pixels.start(for: found, colorDepth: .truecolor))
        let done = DispatchSemaphore(value: 0)
        pixels.request(Self.icons([0]), size: .small, cell: .standard, appearance: .light) { _ in done.signal() }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(asked.values == [sizing])
    }

    /// What kitty is known to do from its TERM alone.
    static let kitty = CapabilityProbe(environment: ["TERM": "xterm-kitty"], choice: .auto, canQuery: false,
                                       windowSize: TerminalSize(columns: 100, rows: 30)).capabilities(elapsedMilliseconds: 0)

    /// The details panel's large picture is made at the size it is shown in every protocol, so
    /// kitty never enlarges it (a 180-pixel icon at 288 pixels had stair-steps on its curves).
    @Test(arguments: [GraphicsProtocol.kitty, .sixel])
    func theDetailsPictureIsMadeAtItsFullSize(graphics: GraphicsProtocol) throws {
        let asked = SizingLog()
        let pixels = IconPixelPictures(queue: DecodeQueue(lanes: 1)) { _, geometry, sizing, _ in
            asked.add(sizing)
            return PixelPicture(bitmap: RGBABitmap(width: geometry.width, height: geometry.height, filledWith: (0, 0, 200, 255)),
                                geometry: geometry)
        }
        let found = CapabilityProbe(environment: [:], choice: .forced(graphics), canQuery: false,
                                    windowSize: TerminalSize(columns: 100, rows: 30)).capabilities(elapsedMilliseconds: 0)
        _ = try #require(pixels.start(for: found, colorDepth: .truecolor))
        let done = DispatchSemaphore(value: 0)
        pixels.requestDetails(DetailsPicture(icon: Self.icons([0])[0], columns: 28, rows: 14), cell: .standard,
                              appearance: .light) { _ in done.signal() }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(asked.values == [.tile])
    }

    /// Solid green pictures made on a queue of `lanes`, each making logged.
    fileprivate static func solidPictures(lanes: Int, logging made: SizingLog) -> IconPixelPictures {
        IconPixelPictures(queue: DecodeQueue(lanes: lanes)) { _, geometry, sizing, _ in
            made.add(sizing)
            return PixelPicture(bitmap: RGBABitmap(width: geometry.width, height: geometry.height, filledWith: (0, 200, 0, 255)),
                                geometry: geometry)
        }
    }

    /// Pictures made ahead (while tmux is asked) are encoded as they are once asked for, not made again.
    @Test func picturesMadeAheadAreNotMadeAgain() throws {
        let made = SizingLog()
        let pixels = Self.solidPictures(lanes: 2, logging: made)
        let kitty = Self.kitty
        pixels.makeAhead(Self.icons([0, 1]), size: .small, for: kitty, colorDepth: .truecolor, appearance: .light)
        let deadline = Date().addingTimeInterval(30)
        while made.values.count < 2 && Date() < deadline { usleep(1000) }
        #expect(made.values == [.atMostSource, .atMostSource])
        _ = try #require(pixels.start(for: kitty, colorDepth: .truecolor))
        let delivered = DispatchSemaphore(value: 0)
        pixels.request(Self.icons([0, 1, 2]), size: .small, cell: .standard, appearance: .light) { picture in
            #expect(picture.ready)
            delivered.signal()
        }
        for _ in 0..<3 { #expect(delivered.wait(timeout: .now() + 30) == .success) }
        // Only icon 2 was made for the request; 0 and 1 were ready.
        #expect(made.values.count == 3)
        for icon in Self.icons([0, 1, 2]) { #expect(pixels.pictureID(icon: icon, size: .small, cell: .standard, appearance: .light) != nil) }
    }

    /// After the icons are read again, the pictures made are forgotten (their ids handed back
    /// for the terminal to free) and made anew when asked for, from the icons as they are now.
    @Test func forgottenPicturesAreMadeAgain() throws {
        let made = SizingLog()
        let pixels = Self.solidPictures(lanes: 1, logging: made)
        _ = try #require(pixels.start(for: Self.kitty, colorDepth: .truecolor))
        func request(_ indices: [Int]) {
            let done = DispatchSemaphore(value: 0)
            pixels.request(Self.icons(indices), size: .small, cell: .standard, appearance: .light) { _ in done.signal() }
            for _ in indices { #expect(done.wait(timeout: .now() + 30) == .success) }
        }
        request([0, 1])
        let first = try #require(pixels.pictureID(icon: Self.icons([0])[0], size: .small, cell: .standard, appearance: .light))
        #expect(Set(pixels.forgetPictures()).count == 2)
        #expect(pixels.pictureID(icon: Self.icons([0])[0], size: .small, cell: .standard, appearance: .light) == nil)
        #expect(pixels.forgetPictures().isEmpty)
        request([0])
        #expect(made.values.count == 3)
        #expect(pixels.pictureID(icon: Self.icons([0])[0], size: .small, cell: .standard, appearance: .light) != first)
    }
}

private final class SizingLog: @unchecked Sendable {
    private let lock = NSLock()
    private var sizings: [PixelPicture.Sizing] = []
    func add(_ sizing: PixelPicture.Sizing) { lock.withLock { sizings.append(sizing) } }
    var values: [PixelPicture.Sizing] { lock.withLock { sizings } }
}
