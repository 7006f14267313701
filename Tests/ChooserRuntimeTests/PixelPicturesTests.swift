import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import MemoryTerminal
import Testing
import TerminalDetection
import TerminalInput
import TerminalInterface

/// The hook pixel pictures plug into: once the terminal shows a protocol the program can
/// draw, frames carry placements, and the terminal turns them into place and remove
/// commands as the chooser scrolls, resizes, opens the help and leaves.
@Suite struct PixelPicturesTests {
    struct SilentEncoder: PictureEncoder {
        let textErasesPictures = false
        func encode(_ commands: [PictureCommand]) -> [UInt8] { [] }
    }

    /// One picture per visible tile, numbered by icon, once its pixels are `ready`; none
    /// while an overlay is up.
    final class TilePictures: PixelPictures, @unchecked Sendable {
        let drawable: Set<GraphicsProtocol> = [.kitty]
        private let lock = NSLock()
        private var notReady: Set<Int>
        private var redraw: (@Sendable () -> Void)?

        init(notReady: Set<Int> = []) { self.notReady = notReady }

        func start(redraw: @escaping @Sendable () -> Void) { lock.withLock { self.redraw = redraw } }

        /// The pixels of `index` are ready: the loop is asked to draw again.
        func ready(_ index: Int) {
            let redraw = lock.withLock {
                notReady.remove(index)
                return self.redraw
            }
            redraw?()
        }

        func encoder(for capabilities: TerminalCapabilities) -> (any PictureEncoder)? { SilentEncoder() }

        func placements(for state: ChooserState, capabilities: TerminalCapabilities) -> [PicturePlacement] {
            guard let layout = state.layout, !state.showsHelp, state.alert == nil else { return [] }
            let waiting = lock.withLock { notReady }
            return layout.visibleIndices(firstRow: state.firstVisibleRow).filter { !waiting.contains($0) }.compactMap { index in
                layout.slotOrigin(of: index, firstRow: state.firstVisibleRow).map { origin in
                    PicturePlacement(picture: PictureID(UInt32(index)),
                                     cells: CellRect(x: origin.x, y: origin.y, width: layout.tileSize.columns, height: layout.tileSize.rows))
                }
            }
        }
    }

    static func placed(_ commands: [PictureCommand]) -> [UInt32] {
        commands.compactMap { if case .place(let placement) = $0 { placement.picture.value } else { nil } }
    }

    static func removed(_ commands: [PictureCommand]) -> [UInt32] {
        commands.compactMap { if case .remove(let placement) = $0 { placement.picture.value } else { nil } }
    }

    @Test func placementsFollowScrollingTheHelpAResizeAndLeaving() async throws {
        try await onTestThread {
            let items = [ChooserItem.primary()] + (1..<12).map { ChooserItem(name: "icon\($0)", title: "Icon \($0)") }
            let terminal = MemoryTerminal(size: TerminalSize(columns: 60, rows: 20))
            let chooser = RunningChooser(terminal: terminal, items: items, options: ChooserSession.Options(
                detectionTimeout: .seconds(30), pixelPictures: TilePictures()))
            try await chooser.frame(showing: "Default")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            #expect(terminal.pictureCommands.isEmpty)  // symbols until the terminal says otherwise
            terminal.send(.reply(.kittyGraphics(id: 31, message: "OK")), .reply(.primaryAttributes([62])))
            #expect(await terminal.waitUntil { !$0.pictureCommands.isEmpty })
            let shown = Self.placed(terminal.pictureCommands[0])
            #expect(!shown.isEmpty && shown.first == 0)

            terminal.send(.key(.pageDown))
            #expect(await terminal.waitUntil { $0.pictureCommands.count == 2 })
            let scrolled = terminal.pictureCommands[1]
            #expect(Self.removed(scrolled).contains(0))
            #expect(!Self.placed(scrolled).contains(0) && !Self.placed(scrolled).isEmpty)

            terminal.type("?")
            #expect(await terminal.waitUntil { $0.pictureCommands.count == 3 })
            #expect(Self.placed(terminal.pictureCommands[2]).isEmpty && Self.removed(terminal.pictureCommands[2]) == Self.placed(scrolled))
            terminal.type("?")
            #expect(await terminal.waitUntil { $0.pictureCommands.count == 4 })
            #expect(Self.placed(terminal.pictureCommands[3]) == Self.placed(scrolled))

            terminal.send(.resize(TerminalSize(columns: 40, rows: 20)))
            #expect(await terminal.waitUntil { $0.pictureCommands.count == 5 })
            #expect(!Self.removed(terminal.pictureCommands[4]).isEmpty)

            terminal.type("q")
            #expect(try await chooser.status() == 0)
            terminal.close()
            #expect(terminal.pictureCommands.last == [.removeAll])
        }
    }

    @Test func picturesReadyLaterAreDrawnThen() async throws {
        try await onTestThread {
            let pixels = TilePictures(notReady: [1])
            let terminal = MemoryTerminal()
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
                detectionTimeout: .seconds(30), pixelPictures: pixels))
            try await chooser.frame(showing: "black-multi")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            terminal.send(.reply(.kittyGraphics(id: 31, message: "OK")), .reply(.primaryAttributes([62])))
            #expect(await terminal.waitUntil { !$0.pictureCommands.isEmpty })
            #expect(Self.placed(terminal.pictureCommands[0]) == [0, 2, 3, 4])
            pixels.ready(1)
            #expect(await terminal.waitUntil { $0.pictureCommands.count == 2 })
            #expect(Self.placed(terminal.pictureCommands[1]) == [1])
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
}
