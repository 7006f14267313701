import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import MemoryTerminal
import Testing
import TerminalDetection
import TerminalInput
import TerminalInterface

/// The chooser's loop on a terminal in memory: scripted events in, frames out.
@Suite struct ChooserSessionTests {
    @Test func keysResizeAPictureAndASignal() async throws {
        try await onTestThread {
            let chooser = RunningChooser(terminal: MemoryTerminal(size: TerminalSize(columns: 100, rows: 30)))
            _ = try await chooser.frame(showing: "black-multi")
            // The very first frame drawn (a busy machine may already have drawn a second, e.g.
            // when the detection deadline passed, so they are not counted).
            let first = try #require(chooser.terminal.frames.first)
            #expect(first.text.contains("black-multi"))
            #expect(focusedCaption(in: first) == "Default")
            #expect(first.text.contains("App Icon — Colourful"))
            // Every tile was asked for, visible ones first, before any was delivered.
            #expect(chooser.pictures.requests.first?.indices == [0, 1, 2, 3, 4])

            chooser.terminal.send(.key(.right))
            try await chooser.frame("focus on black-white") { focusedCaption(in: $0) == "black-white" }
            chooser.terminal.send(.key(.character("l")))
            try await chooser.frame("focus on white-black") { focusedCaption(in: $0) == "white-black" }

            // A picture that arrives wakes the loop at once; its tile shows it.
            let size = try #require(chooser.pictures.requests.first?.size)
            chooser.pictures.deliver(1, size: size)
            let withPicture = try await chooser.frame("B's picture") { $0.text.contains(String(repeating: "B", count: size.columns)) }
            #expect(!withPicture.text.contains(String(repeating: "A", count: size.columns)))

            // A smaller terminal re-lays out the grid, keeps the focus, and asks for smaller pictures.
            chooser.terminal.send(.resize(TerminalSize(columns: 44, rows: 30)))
            let narrow = try await chooser.frame("the narrow layout") { $0.width == 44 }
            #expect(focusedCaption(in: narrow) == "white-black")
            #expect(chooser.pictures.requests.count == 2)
            #expect(chooser.pictures.requests.last?.size != size)

            chooser.terminal.send(.signal(SIGTERM))
            #expect(try await chooser.status() == 143)
            #expect(chooser.pictures.cancelled)
        }
    }

    @Test func theWholeFirstScreen() async throws {
        try await onTestThread {
            let chooser = RunningChooser(terminal: MemoryTerminal(size: TerminalSize(columns: 40, rows: 12)),
                                         items: Array(demoItems.prefix(2)), current: "black-white")
            let size = try await waitForRequest(chooser)
            chooser.pictures.deliver(0, size: size)
            chooser.pictures.deliver(1, size: size)
            let frame = try await chooser.frame("both pictures") { $0.text.contains("AAAA") && $0.text.contains("BBBB") }
            #expect(CellGrid(lines: frame.lines) == CellGrid(lines: [
                "          App Icon — Colourful          ",
                "                                        ",
                "                                        ",
                "          AAAAAAAA   BBBBBBBB           ",
                "          AAAAAAAA   BBBBBBBB           ",
                "          AAAAAAAA   BBBBBBBB           ",
                "          AAAAAAAA   BBBBBBBB           ",
                "                           ✓            ",
                "          Default   black-white         ",
                "                                        ",
                "                                        ",
                " Enter use  / filter  ? help  q quit    ",
            ]))
            #expect(focusedCaption(in: frame) == "black-white")
            chooser.terminal.send(.key(.character("q")))
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func leavingByKeyInterruptOrHangUp() async throws {
        try await onTestThread {
            for (event, status) in [(TerminalEvent.key(.escape), Int32(0)), (.key(.control("c")), 130), (.hangup, 129),
                                    (.signal(SIGHUP), 129), (.signal(SIGINT), 130)] {
                let chooser = RunningChooser()
                try await chooser.frame(showing: "black-multi")
                chooser.terminal.send(event)
                #expect(try await chooser.status() == status, "\(event)")
            }
        }
    }

    @Test func applyingCallsTheAppAndShowsTheAlert() async throws {
        try await onTestThread {
            let chooser = RunningChooser()
            try await chooser.frame(showing: "black-multi")
            chooser.terminal.send(.key(.right), .key(.enter))
            try await chooser.frame(showing: "You have changed the icon for")
            #expect(chooser.applied.all == ["black-white"])
            chooser.terminal.send(.key(.enter), .key(.character("q")))
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func eventsBeforeTheFirstFrameAreNotLost() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal()
            terminal.send(.key(.end))
            let chooser = RunningChooser(terminal: terminal)
            try await chooser.frame("focus on the last icon") { focusedCaption(in: $0) == "black-multi" }
            chooser.terminal.send(.key(.character("q")))
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func scrollingPutsTheVisiblePicturesFirst() async throws {
        try await onTestThread {
            let items = [ChooserItem.primary()] + (1..<30).map { ChooserItem(name: "icon\($0)", title: "Icon \($0)") }
            let chooser = RunningChooser(terminal: MemoryTerminal(size: TerminalSize(columns: 60, rows: 20)), items: items)
            try await chooser.frame(showing: "Default")
            let first = try #require(chooser.pictures.lastPriority)
            chooser.terminal.send(.key(.pageDown))
            #expect(await chooser.terminal.waitUntil { _ in chooser.pictures.lastPriority?.indices != first.indices })
            let after = try #require(chooser.pictures.lastPriority)
            #expect((after.indices.first ?? 0) > (first.indices.first ?? 0))
            chooser.terminal.send(.key(.character("q")))
            #expect(try await chooser.status() == 0)
        }
    }

    private func waitForRequest(_ chooser: RunningChooser) async throws -> TileSize {
        #expect(await chooser.terminal.waitUntil { _ in chooser.pictures.requestCount > 0 })
        return try #require(chooser.pictures.requests.first?.size)
    }
}
