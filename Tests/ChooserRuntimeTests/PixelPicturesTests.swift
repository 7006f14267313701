import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import IconCatalog
import MemoryTerminal
import Testing
import TerminalDetection
import TerminalInput
import TerminalInterface

/// Pixel pictures in the chooser's loop: once the terminal shows a protocol the program can
/// draw, each tile on screen gets its picture, and the terminal is given place and remove
/// commands as the chooser scrolls, opens the help or an alert, resizes and leaves.
@Suite struct PixelPicturesTests {
    struct SilentEncoder: PictureEncoder {
        let textErasesPictures = false
        func encode(_ commands: [PictureCommand]) -> [UInt8] { [] }
    }

    /// Pictures that are made when the test says so: each tile's picture has the tile's
    /// index as its id, plus 100 for each appearance after light.
    final class TilePictures: PixelPictures, @unchecked Sendable {
        let drawable: Set<GraphicsProtocol> = [.kitty]
        private let lock = NSLock()
        private var deliver: (@Sendable (LoadedPixelPicture) -> Void)?
        private var asked: [(indices: [Int], size: TileSize, cell: CellPixelSize)] = []
        private var made: Set<Int> = []
        private var appearance: IconAppearance = .light
        private let automatic: Bool
        /// The list whose places are the tiles' indices.
        private let items: [ChooserItem]

        /// `automatic`: every picture asked for is made at once.
        init(automatic: Bool = true, items: [ChooserItem] = demoItems) {
            self.automatic = automatic
            self.items = items
        }

        func start(for capabilities: TerminalCapabilities, colorDepth: ColorDepth) -> PixelPictureStart? {
            PixelPictureStart(encoder: SilentEncoder(), cell: capabilities.cellSize ?? .standard)
        }

        func request(_ icons: [IconKey], size: TileSize, cell: CellPixelSize, appearance: IconAppearance,
                     deliver: @escaping @Sendable (LoadedPixelPicture) -> Void) {
            let indices = icons.map { place(of: $0, in: items) }
            lock.withLock {
                asked.append((indices, size, cell))
                self.deliver = deliver
                if appearance != self.appearance { made = [] }
                self.appearance = appearance
            }
            if automatic { indices.forEach { make($0, size: size, cell: cell) } }
        }

        /// The picture of `index` is made; `ready: false` when it could not be.
        func make(_ index: Int, size: TileSize, cell: CellPixelSize = .standard, ready: Bool = true) {
            let (deliver, appearance) = lock.withLock {
                if ready { made.insert(index) }
                return (self.deliver, self.appearance)
            }
            deliver?(LoadedPixelPicture(icon: items[index].key, size: size, cell: cell, ready: ready, appearance: appearance))
        }

        static func id(_ index: Int, _ appearance: IconAppearance) -> UInt32 {
            UInt32(index + 100 * (IconAppearance.allCases.firstIndex(of: appearance) ?? 0))
        }

        func pictureID(icon: IconKey, size: TileSize, cell: CellPixelSize, appearance: IconAppearance) -> PictureID? {
            let index = place(of: icon, in: items)
            return lock.withLock {
                made.contains(index) && appearance == self.appearance ? PictureID(Self.id(index, appearance)) : nil
            }
        }

        func cancelAll() {}

        private var aheadAsked: [[Int]] = []

        func makeAhead(_ icons: [IconKey], size: TileSize, for capabilities: TerminalCapabilities, colorDepth: ColorDepth,
                       appearance: IconAppearance) {
            lock.withLock { aheadAsked.append(icons.map { place(of: $0, in: items) }) }
        }

        /// The tiles whose pictures were asked to be made before the terminal was known to show them.
        var aheadRequests: [[Int]] { lock.withLock { aheadAsked } }

        var requests: [(indices: [Int], size: TileSize, cell: CellPixelSize)] { lock.withLock { asked } }

        /// The details panel's large pictures, made at once: 1000 plus the icon's index.
        private var madeLarge: Set<Int> = []

        func requestDetails(_ picture: DetailsPicture, cell: CellPixelSize, appearance: IconAppearance,
                            deliver: @escaping @Sendable (LoadedDetailsPixelPicture) -> Void) {
            lock.withLock { _ = madeLarge.insert(place(of: picture.icon, in: items)) }
            deliver(LoadedDetailsPixelPicture(picture: picture, cell: cell, ready: true, appearance: appearance))
        }

        func detailsPictureID(_ picture: DetailsPicture, cell: CellPixelSize, appearance: IconAppearance) -> PictureID? {
            let index = place(of: picture.icon, in: items)
            return lock.withLock { madeLarge.contains(index) ? PictureID(UInt32(1000 + index)) : nil }
        }
    }

    static func placed(_ commands: [PictureCommand]) -> [UInt32] {
        commands.compactMap { if case .place(let placement) = $0 { placement.picture.value } else { nil } }
    }

    static func removed(_ commands: [PictureCommand]) -> [UInt32] {
        commands.compactMap { if case .remove(let placement) = $0 { placement.picture.value } else { nil } }
    }

    static let kittyAnswers: [TerminalEvent] = [.reply(.kittyGraphics(id: 31, message: "OK")), .reply(.cellSize(width: 10, height: 20)),
                                                 .reply(.primaryAttributes([62]))]

    /// Every placement of the last frame lies on blank cells: nothing drawn by the text
    /// layer (badge, caption, overlay) is under a picture.
    static func picturesCoverOnlyBlankCells(_ frame: Frame) -> Bool {
        frame.pictures.allSatisfy { placement in
            placement.cells.rows.allSatisfy { y in placement.cells.columns.allSatisfy { x in frame.grid[x, y] == .blank } }
        }
    }

    /// The demo on a terminal 100 columns wide that answers as kitty does, once its five tiles show their pictures.
    static func demoWithKittyPictures(rows: Int) async throws -> (MemoryTerminal, RunningChooser) {
        let terminal = MemoryTerminal(size: TerminalSize(columns: 100, rows: rows))
        let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
            detectionTimeout: .seconds(30), pixelPictures: TilePictures()))
        try await chooser.frame(showing: "black-multi")
        #expect(await terminal.waitUntil { !$0.queries.isEmpty })
        for answer in kittyAnswers { terminal.send(answer) }
        #expect(await terminal.waitUntil { $0.framesWithPictures.last?.pictures.count == 5 })
        return (terminal, chooser)
    }

    /// The demo in a tmux pane whose passthrough is on, the terminal outside unknown.
    static func insideTmuxWithPassthrough(graphics: GraphicsChoice) -> (MemoryTerminal, TilePictures, RunningChooser) {
        let environment = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%1"]
        let terminal = MemoryTerminal(environment: environment, tmux: TmuxReport(passthrough: .on, version: "3.3a"))
        let pixels = TilePictures()
        let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
            graphics: graphics, detectionTimeout: .seconds(30), pixelPictures: pixels))
        return (terminal, pixels, chooser)
    }

    @Test func aForcedKittyMakesItsPicturesWhileTheTerminalIsStillAsked() async throws {
        try await onTestThread {
            let (terminal, pixels, chooser) = Self.insideTmuxWithPassthrough(graphics: .forced(.kitty))
            // The first frame waits for nothing: the tiles' initials.
            try await chooser.frame(showing: "black-multi")
            let first = try #require(terminal.framesWithPictures.first)
            #expect(first.pictures.isEmpty && first.grid.text.contains("BM"))
            // Every tile placed, though the terminal has not answered a thing.
            #expect(await terminal.waitUntil { $0.framesWithPictures.last?.pictures.count == 5 })
            #expect(terminal.framesBeforeQueries.first.map { $0 >= 1 } == true)
            #expect(pixels.requests.count == 1 && pixels.requests[0].cell == .standard)  // no pixel size known yet
            // Made while tmux was asked about passthrough, before its answer.
            #expect(pixels.aheadRequests == [[0, 1, 2, 3, 4]])

            // The answers: cells of 9×18 pixels, close enough for kitty to scale to.
            terminal.send(.reply(.primaryAttributes([1, 2])), .reply(.kittyGraphics(id: 31, message: "OK")),
                          .reply(.cellSize(width: 9, height: 18)), .reply(.primaryAttributes([62])))
            terminal.type("?")
            try await chooser.frame("the help with the answered cells") { $0.text.contains("9×18") }
            terminal.type("?")
            #expect(await terminal.waitUntil { $0.framesWithPictures.last?.pictures.count == 5 })
            #expect(pixels.requests.allSatisfy { $0.cell == .standard })
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func nothingIsMadeAheadInsideTmuxWhenKittyIsNotCertain() async throws {
        try await onTestThread {
            let (terminal, pixels, chooser) = Self.insideTmuxWithPassthrough(graphics: .auto)
            try await chooser.frame(showing: "black-multi")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            #expect(pixels.aheadRequests.isEmpty)
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func kittyPicturesAreMadeAgainForCellsMateriallyDifferentFromTheFirstGuess() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal(environment: ["TERM": "xterm-kitty"])
            let pixels = TilePictures()
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
                detectionTimeout: .seconds(30), pixelPictures: pixels))
            #expect(await terminal.waitUntil { $0.framesWithPictures.last?.pictures.count == 5 })
            #expect(pixels.requests.first?.cell == .standard)
            let large = try #require(CellPixelSize(width: 16, height: 32))
            terminal.send(.reply(.cellSize(width: 16, height: 32)), .reply(.primaryAttributes([62])))
            #expect(await terminal.waitUntil { _ in pixels.requests.last?.cell == large })
            #expect(await terminal.waitUntil { $0.framesWithPictures.last?.pictures.count == 5 })
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func placementsFollowScrollingTheHelpAnAlertAResizeAndLeaving() async throws {
        try await onTestThread {
            let items = [ChooserItem.primary()] + (1..<12).map { ChooserItem(name: "icon\($0)", title: "Icon \($0)") }
            // Small tiles, three a row, two rows on screen.
            let terminal = MemoryTerminal(size: TerminalSize(columns: 40, rows: 20))
            let pixels = TilePictures(items: items)
            let chooser = RunningChooser(terminal: terminal, items: items, options: ChooserSession.Options(
                detectionTimeout: .seconds(30), pixelPictures: pixels))
            try await chooser.frame(showing: "Default")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            #expect(terminal.pictureCommands.isEmpty)  // symbols until the terminal says otherwise
            for answer in Self.kittyAnswers { terminal.send(answer) }
            #expect(await terminal.waitUntil { !$0.pictureCommands.isEmpty })
            #expect(pixels.requests.first?.cell == CellPixelSize(width: 10, height: 20))  // the cell size it answered
            // Two rows of three small tiles on screen: each placed once as it arrives.
            #expect(await terminal.waitUntil { Set($0.pictureCommands.flatMap(Self.placed)) == [0, 1, 2, 3, 4, 5] })
            #expect(terminal.pictureCommands.flatMap(Self.removed).isEmpty)
            let first = try #require(terminal.framesWithPictures.last)
            #expect(first.pictures.count == 6 && Self.picturesCoverOnlyBlankCells(first))
            // The badge went below its picture, the focused caption stays on its plate.
            #expect(first.grid.text.contains("✓") && focusedCaption(in: first.grid) == "Default")
            var seen = terminal.pictureCommands.count

            terminal.send(.key(.pageDown))
            #expect(await terminal.waitUntil { Set($0.pictureCommands.dropFirst(seen).flatMap(Self.placed)) == [6, 7, 8, 9, 10, 11] })
            #expect(Set(terminal.pictureCommands.dropFirst(seen).flatMap(Self.removed)) == [0, 1, 2, 3, 4, 5])
            #expect(try #require(terminal.framesWithPictures.last).pictures.map(\.picture.value).sorted() == [6, 7, 8, 9, 10, 11])
            seen = terminal.pictureCommands.count

            // The help box covers the tiles: their pictures go (they show symbols meanwhile).
            terminal.type("?")
            try await chooser.frame("the help") { $0.text.contains("Keys") }
            let help = try #require(terminal.framesWithPictures.last)
            let covered = Set(terminal.pictureCommands.dropFirst(seen).flatMap(Self.removed))
            #expect(!covered.isEmpty)
            #expect(Set(help.pictures.map(\.picture.value)) == Set([6, 7, 8, 9, 10, 11]).subtracting(covered))
            #expect(Self.picturesCoverOnlyBlankCells(help))
            seen = terminal.pictureCommands.count
            terminal.type("?")
            #expect(await terminal.waitUntil { Set($0.pictureCommands.dropFirst(seen).flatMap(Self.placed)) == covered })
            seen = terminal.pictureCommands.count

            // An alert after a change covers the middle too.
            terminal.send(.key(.enter))
            try await chooser.frame("the alert") { $0.text.contains("You have changed") }
            let alert = try #require(terminal.framesWithPictures.last)
            #expect(!terminal.pictureCommands.dropFirst(seen).flatMap(Self.removed).isEmpty)
            #expect(Self.picturesCoverOnlyBlankCells(alert))
            terminal.send(.key(.escape))
            try await chooser.frame("the alert gone") { !$0.text.contains("You have changed") }
            #expect(await terminal.waitUntil { $0.framesWithPictures.last?.pictures.count == 6 })
            seen = terminal.pictureCommands.count

            // Narrower: two tiles a row, moved, and the pictures of the new tile rows made.
            terminal.send(.resize(TerminalSize(columns: 30, rows: 20)))
            #expect(await terminal.waitUntil { $0.frames.last?.width == 30 && $0.framesWithPictures.last?.pictures.count == 4 })
            let narrower = try #require(terminal.framesWithPictures.last)
            #expect(Set(narrower.pictures.map(\.cells.x)).count == 2)
            #expect(Self.picturesCoverOnlyBlankCells(narrower))
            // Repainted whole: the terminal is told the screen was cleared, and every picture placed anew.
            #expect(terminal.pictureCommands.dropFirst(seen).contains { $0.first == .cleared })

            terminal.type("q")
            #expect(try await chooser.status() == 0)
            terminal.close()
            #expect(terminal.pictureCommands.last == [.removeAll])
        }
    }

    @Test func theAppearanceKeyReplacesEveryPicture() async throws {
        try await onTestThread {
            let (terminal, chooser) = try await Self.demoWithKittyPictures(rows: 20)
            let seen = terminal.pictureCommands.count
            terminal.type("a")
            let dark = Set((0..<5).map { TilePictures.id($0, .dark) })
            #expect(await terminal.waitUntil { Set($0.pictureCommands.dropFirst(seen).flatMap(Self.placed)) == dark })
            #expect(Set(terminal.pictureCommands.dropFirst(seen).flatMap(Self.removed)) == Set(0..<5))
            let frame = try #require(terminal.framesWithPictures.last)
            #expect(Set(frame.pictures.map(\.picture.value)) == dark && Self.picturesCoverOnlyBlankCells(frame))
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func theDetailsPanelsLargePictureFollowsTheFocusAndGoesWithThePanel() async throws {
        try await onTestThread {
            let (terminal, chooser) = try await Self.demoWithKittyPictures(rows: 30)

            var seen = terminal.pictureCommands.count
            terminal.type("i")
            #expect(await terminal.waitUntil { $0.pictureCommands.dropFirst(seen).flatMap(Self.placed).contains(1000) })
            let opened = try #require(terminal.framesWithPictures.last)
            let large = try #require(opened.pictures.first { $0.picture.value == 1000 })
            // Square in pixels, inside the panel beside the grid, on blank cells like every picture.
            #expect(large.cells.width == 2 * large.cells.height && large.cells.height >= TileSize.large.rows)
            #expect(opened.pictures.filter { $0.picture.value < 1000 }.allSatisfy { $0.cells.x + $0.cells.width <= large.cells.x })
            #expect(Self.picturesCoverOnlyBlankCells(opened))

            seen = terminal.pictureCommands.count
            terminal.send(.key(.right))
            #expect(await terminal.waitUntil { $0.pictureCommands.dropFirst(seen).flatMap(Self.placed).contains(1001) })
            #expect(terminal.pictureCommands.dropFirst(seen).flatMap(Self.removed).contains(1000))

            seen = terminal.pictureCommands.count
            terminal.type("i")
            #expect(await terminal.waitUntil { $0.pictureCommands.dropFirst(seen).flatMap(Self.removed).contains(1001) })
            #expect(try #require(terminal.framesWithPictures.last).pictures.allSatisfy { $0.picture.value < 1000 })
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func anOverlayTakesAwayOnlyThePicturesItCovers() async throws {
        try await onTestThread {
            // Low enough for the alert, in the middle of the screen, to reach the tiles.
            let (terminal, chooser) = try await Self.demoWithKittyPictures(rows: 20)
            for (open, close) in [("?", TerminalEvent.key(.character("?"))), ("\r", .key(.escape))] {
                let seen = terminal.pictureCommands.count
                if open == "?" { terminal.type("?") } else { terminal.send(.key(.right), .key(.enter)) }
                #expect(await terminal.waitUntil { $0.pictureCommands.count > seen })
                let covered = Set(terminal.pictureCommands.dropFirst(seen).flatMap(Self.removed))
                let overlay = try #require(terminal.framesWithPictures.last)
                // The middle tiles under the box go, or show the parts of themselves it leaves;
                // those at either end stay whole; every part on blank cells, beside the box.
                #expect(!covered.isEmpty && !covered.contains(0) && !covered.contains(4), "\(covered)")
                #expect(overlay.pictures.filter { $0.source == nil }.map(\.picture.value).sorted()
                        == Set(0..<5).subtracting(covered).sorted())
                #expect(overlay.pictures.filter { $0.source != nil }.allSatisfy { covered.contains($0.picture.value) })
                #expect(Self.picturesCoverOnlyBlankCells(overlay))
                terminal.send(close)
                #expect(await terminal.waitUntil { $0.framesWithPictures.last?.pictures.count == 5 })
            }
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func picturesMadeLaterAreShownThenAndOnesThatFailKeepTheirSymbols() async throws {
        try await onTestThread {
            let pixels = TilePictures(automatic: false)
            let terminal = MemoryTerminal()
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
                detectionTimeout: .seconds(30), pixelPictures: pixels))
            try await chooser.frame(showing: "black-multi")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            for answer in Self.kittyAnswers { terminal.send(answer) }
            #expect(await terminal.waitUntil { _ in pixels.requests.count == 1 })
            #expect(pixels.requests[0].indices == [0, 1, 2, 3, 4])
            let size = pixels.requests[0].size
            pixels.make(2, size: size, cell: pixels.requests[0].cell)
            #expect(await terminal.waitUntil { Set($0.pictureCommands.flatMap(Self.placed)) == [2] })
            pixels.make(3, size: size, cell: pixels.requests[0].cell, ready: false)
            chooser.pictures.deliver(3, size: size)
            // The failed one shows its symbol tile (the letter D), the made one a blank.
            let frame = try await chooser.frame("tile 3's symbols") { $0.text.contains("DDDD") }
            #expect(!frame.text.contains("CCCC"))
            #expect(Set(terminal.pictureCommands.flatMap(Self.placed)) == [2])
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func aProtocolTheProgramCannotDrawStaysSymbols() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal()
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
                detectionTimeout: .seconds(30), pixelPictures: TilePictures()))
            try await chooser.frame(showing: "black-multi")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            terminal.send(.reply(.primaryAttributes([62, 4])))  // sixel only
            terminal.type("?")
            try await chooser.frame("the help") { helpText(in: $0).contains("drawn as symbols here") }
            #expect(terminal.pictureCommands.isEmpty)
            terminal.type("?q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func withGraphicsSymbolsNothingIsAskedAndNoPictureMade() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal()
            let pixels = TilePictures()
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
                graphics: .symbols, detectionTimeout: .seconds(30), pixelPictures: pixels))
            terminal.type("?")
            try await chooser.frame("the help") { helpText(in: $0).contains("symbols were asked for") }
            #expect(terminal.queries.isEmpty && pixels.requests.isEmpty && terminal.pictureCommands.isEmpty)
            terminal.type("?q")
            #expect(try await chooser.status() == 0)
        }
    }
}
