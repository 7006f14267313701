import Foundation
import Testing

/// Captions on the built binary in tmux: Habitica's long, similar names stay apart at 120 columns.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
struct CaptionTmuxTests {
    let cli = CLI()

    /// The captions on screen: the focus plate's, and the words of the grid's rows that hold a
    /// lowercase letter (pictures and placeholders carry none) outside the plate.
    func captions(_ cells: [[ScreenCell]]) throws -> [String] {
        let plate = try #require(focusPlate(cells))
        var found = [plate.caption]
        for (y, row) in cells.enumerated().dropFirst(2).dropLast(3) {
            var x = 0
            while x < row.count {
                guard row[x].character != " " else { x += 1; continue }
                let start = x
                while x < row.count && row[x].character != " " { x += 1 }
                let word = String(row[start..<x].map(\.character))
                let onPlate = y == plate.row && plate.columns.contains(start)
                if !onPlate && word.contains(where: \.isLowercase) { found.append(word) }
            }
        }
        return found
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func habiticasCaptionsDifferAt120Columns() throws {
        let app = RealProjectCorpus.path("HabitRPG_habitica-ios")
        let window = try ChooserWindow(cli: cli, ["--app", app, "--no-alert"], width: 120, height: 40)
        let tmux = window.tmux
        try tmux.waitFor(text: "Habitica")
        try tmux.send("Right")
        try tmux.waitForCells("the focus on AppIcon-Beta") { focusedCaption($0) == "AppIcon-Beta" }
        let all = try captions(tmux.cells())
        #expect(all.count >= 24, "\(all)")
        #expect(Set(all).count == all.count, "\(all)")
        #expect(all.filter { $0.hasPrefix("Pride") }.count == 3, "\(all)")

        try tmux.send("/", "p", "r", "i", "d", "e", "a", "l")
        try tmux.waitFor("two matches") { screen in
            let footer = screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
            return footer.contains("/prideal") && footer.contains(" 2 of 32")
        }
        // The focused name whole on its plate; what the plate leaves of its neighbour's slot,
        // less a blank column beside the plate, holds the neighbour's name cut to its first letter.
        let cells = try tmux.cells()
        let filtered = try captions(cells)
        #expect(filtered == ["PrideHabiticaAlt"], "\(filtered)")
        let plate = try #require(focusPlate(cells))
        let after = String(cells[plate.row][plate.columns.upperBound...].map(\.character))
        #expect(after.hasPrefix(" P…"), "\(after)")
        try tmux.send("Escape", "Escape")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
    }
}
