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

/// The details panel in the chooser's loop: what it asks its source for and when, and that
/// what arrives reaches the screen.
@Suite struct DetailsSessionTests {
    /// Details that arrive when the test says so (the lint at once): each icon declared in
    /// `Info.plist` with one file named after it, pictures filled with the icon's letter in lower case.
    final class ScriptedDetails: DetailsSource, @unchecked Sendable {
        private let lock = NSLock()
        private var pendingPictures: [(DetailsPicture, @Sendable (CellGrid) -> Void)] = []
        private(set) var detailsAsked: [Int] = []
        private(set) var lintRuns = 0
        private(set) var picturesAsked: [DetailsPicture] = []

        func details(_ icon: IconKey, deliver: @escaping @Sendable (IconKey, IconDetails) -> Void) {
            lock.withLock { detailsAsked.append(place(of: icon)) }
            let name = icon.name ?? "primary"
            deliver(icon, IconDetails(places: [.plistKey(["CFBundleIcons", "CFBundleAlternateIcons", name], file: "Info.plist")],
                                       images: [IconDetails.Image(file: "\(name)@3x.png", width: 180, height: 180, idiom: nil,
                                                                  appearance: .light)]))
        }

        func findings(deliver: @escaping @Sendable (AppFindings) -> Void) {
            lock.withLock { lintRuns += 1 }
            deliver(AppFindings(byIcon: ["black-white": [IconFinding(severity: .warning, rule: ProblemCode(rawValue: "missing-alternate-size"),
                                                                     message: "no 120 px image")]]))
        }

        func picture(_ picture: DetailsPicture, symbols: SymbolSet, depth: ColorDepth, appearance: IconAppearance,
                     deliver: @escaping @Sendable (CellGrid) -> Void) {
            lock.withLock {
                picturesAsked.append(picture)
                pendingPictures.append((picture, deliver))
            }
        }

        /// Hands over every picture asked for so far.
        func deliverPictures() {
            let pending = lock.withLock {
                defer { pendingPictures = [] }
                return pendingPictures
            }
            for (picture, deliver) in pending {
                let letter = String(ScriptedPictures.letter(place(of: picture.icon))).lowercased()
                deliver(CellGrid(width: picture.columns, height: picture.rows, filling: Cell(letter)))
            }
        }

        func cancelAll() {}

        var asked: [Int] { lock.withLock { detailsAsked } }
        var runs: Int { lock.withLock { lintRuns } }
        var pictures: [DetailsPicture] { lock.withLock { picturesAsked } }
    }

    @Test func thePanelFollowsTheFocusAndLintRunsOnce() async throws {
        try await onTestThread {
            let details = ScriptedDetails()
            let chooser = RunningChooser(terminal: MemoryTerminal(size: TerminalSize(columns: 100, rows: 30)), options:
                ChooserSession.Options(detectionTimeout: .milliseconds(50), details: details))
            try await chooser.frame(showing: "black-multi")
            #expect(details.asked.isEmpty && details.runs == 0)  // nothing until the panel opens

            chooser.terminal.send(.key(.character("i")))
            let opened = try await chooser.frame("the primary's panel") { $0.text.contains("primary@3x.png") }
            #expect(opened.text.contains("CFBundleAlternateIcons › primary") && opened.text.contains("in Info.plist"))
            #expect(opened.text.contains("nothing found"))
            // The large picture is a placeholder until it arrives.
            let picture = try #require(details.pictures.first)
            #expect(!opened.text.contains(String(repeating: "a", count: picture.columns)))
            details.deliverPictures()
            try await chooser.frame("the primary's large picture") { $0.text.contains(String(repeating: "a", count: picture.columns)) }

            chooser.terminal.send(.key(.right))
            let moved = try await chooser.frame("black-white's panel") { $0.text.contains("black-white@3x.png") }
            #expect(moved.text.contains("warning: no 120 px image") && moved.text.contains("[missing-alternate-size]"))
            #expect(!moved.text.contains(String(repeating: "a", count: picture.columns)))
            details.deliverPictures()
            try await chooser.frame("black-white's large picture") { $0.text.contains(String(repeating: "b", count: picture.columns)) }

            // Back to the primary: its files are known, only its picture is asked for again.
            chooser.terminal.send(.key(.left))
            try await chooser.frame("the primary's panel again") { $0.text.contains("primary@3x.png") }
            #expect(details.asked == [0, 1])
            #expect(details.runs == 1)
            #expect(details.pictures.map { place(of: $0.icon) } == [0, 1, 0])

            chooser.terminal.send(.key(.character("i")))
            try await chooser.frame("the panel closed") { !$0.text.contains("Details") }
            chooser.terminal.send(.key(.character("q")))
            #expect(try await chooser.status() == 0)
        }
    }
}
