import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import IconArt
import IconCatalog
import MemoryTerminal
import TerminalInput
import TerminalInterface
import Testing

/// After `f` writes a fix, the session reads the app again and the grid shows that reading.
@Suite struct FixRereadTests {
    /// Findings that `f` can fix on every icon, found at once.
    final class FixableDetails: DetailsSource, @unchecked Sendable {
        func details(_ icon: IconKey, deliver: @escaping @Sendable (IconKey, IconDetails) -> Void) {
            deliver(icon, IconDetails(places: [], images: []))
        }

        func findings(deliver: @escaping @Sendable (AppFindings) -> Void) {
            deliver(AppFindings(byIcon: [nil: [IconFinding(severity: .warning, rule: ProblemCode(rawValue: "unlisted-icon-set"),
                                                           message: "app icon set “fresh” does not ship", fixable: true)]]))
        }

        func picture(_ picture: DetailsPicture, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                     deliver: @escaping @Sendable (CellGrid) -> Void) {}

        func cancelAll() {}
    }

    /// Fixes that are planned and written at once.
    final class InstantFixes: FixSource, @unchecked Sendable {
        func plan(_ target: FixTarget, deliver: @escaping @Sendable (FixProposal?, String?) -> Void) {
            deliver(FixProposal(id: 1, icon: target.name, question: "Fix 1 finding of “fresh”?",
                                changes: ["change App.xcodeproj/project.pbxproj"]), nil)
        }

        func apply(_ proposal: FixProposal, deliver: @escaping @Sendable (String?, String) -> Void) {
            deliver(nil, "Fixed 1 finding of “fresh”.")
        }
    }

    /// The icons the grid's caption row shows, left to right.
    static func captions(_ frame: CellGrid) -> [String] {
        frame.lines.flatMap { $0.split(separator: " ").map(String.init) }.filter { name in
            (demoItems.compactMap(\.name) + ["fresh", "Default"]).contains(name)
        }
    }

    @Test func theGridShowsTheIconTheFixAddedWithoutReopening() async throws {
        try await onTestThread {
            let grown = [demoItems[0], demoItems[1], ChooserItem(name: "fresh", title: "fresh")] + demoItems[2...]
            let chooser = RunningChooser(
                terminal: MemoryTerminal(size: TerminalSize(columns: 120, rows: 30)),
                options: ChooserSession.Options(detectionTimeout: .milliseconds(50), details: FixableDetails(), fixes: InstantFixes()),
                reread: { Array(grown) })
            try await chooser.frame(showing: "black-multi")
            chooser.terminal.send(.key(.character("i")))
            try await chooser.frame(showing: "f fixes it")
            chooser.terminal.send(.key(.character("f")))
            try await chooser.frame(showing: "Enter apply")
            chooser.pictures.use(Array(grown))
            chooser.terminal.send(.key(.enter))
            let shown = try await chooser.frame("fresh in the grid") { $0.text.contains("fresh ") && $0.text.contains("Fixed 1 finding") }
            #expect(Self.captions(shown).prefix(3) == ["Default", "black-white", "fresh"], "\(shown)")
            #expect(focusedCaption(in: shown) == "Default")
            // Every tile is asked for again, by icon, the new one among them.
            #expect(await chooser.terminal.waitUntil { _ in chooser.pictures.requests.last?.indices.contains(2) == true })
            #expect(chooser.pictures.requests.last?.indices.contains(-1) == false)
            chooser.terminal.send(.key(.character("q")))
            #expect(try await chooser.status() == 0)
        }
    }

    /// The pixel pictures made from the old reading are freed on the terminal (kitty keeps
    /// their data otherwise) and the tiles are made and placed again, the new icon's too.
    @Test func pixelPicturesOfTheOldReadingAreFreed() async throws {
        try await onTestThread {
            let grown = demoItems + [ChooserItem(name: "fresh", title: "fresh")]
            let terminal = MemoryTerminal(size: TerminalSize(columns: 120, rows: 40), environment: ["TERM": "xterm-kitty"])
            let pixels = IconPixelPictures(queue: DecodeQueue()) { _, geometry, _, _ in
                PixelPicture(bitmap: RGBABitmap(width: geometry.width, height: geometry.height, filledWith: (200, 0, 0, 255)),
                             geometry: geometry)
            }
            let chooser = RunningChooser(
                terminal: terminal,
                options: ChooserSession.Options(detectionTimeout: .seconds(30), pixelPictures: pixels, details: FixableDetails(),
                                                fixes: InstantFixes()),
                reread: { grown })
            #expect(await terminal.waitUntil { $0.framesWithPictures.last?.pictures.count == 5 })
            terminal.send(.key(.character("i")))
            try await chooser.frame(showing: "f fixes it")
            let before = Set(terminal.framesWithPictures.last?.pictures.map(\.picture) ?? [])
            #expect(before.count >= 5)
            terminal.send(.key(.character("f")))
            try await chooser.frame(showing: "Enter apply")
            terminal.send(.key(.enter))
            func forgotten(_ terminal: MemoryTerminal) -> Set<PictureID> {
                Set(terminal.pictureCommands.joined().compactMap { if case .forget(let id) = $0 { id } else { nil } })
            }
            #expect(await terminal.waitUntil { before.isSubset(of: forgotten($0)) })
            // Made again: six tiles, none under an id forgotten.
            #expect(await terminal.waitUntil { terminal in
                guard let shown = terminal.framesWithPictures.last?.pictures.map(\.picture), shown.count >= 6 else { return false }
                return forgotten(terminal).isDisjoint(with: shown)
            })
            terminal.send(.key(.character("q")))
            #expect(try await chooser.status() == 0)
        }
    }
}
