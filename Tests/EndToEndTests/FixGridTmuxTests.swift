import Foundation
import TestSupport
import Testing

/// `f` in the chooser shows its result: after a fix that makes an icon ship, the app is read
/// again and the grid gains its tile, with its picture, without reopening the chooser.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
struct FixGridTmuxTests {
    let cli = CLI()

    /// A one-target project whose catalog holds AppIcon (the primary), Blue (listed in
    /// ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES, in the target's xcconfig) and Purple,
    /// which nothing lists: it does not ship, so the chooser does not show it. Each is one
    /// solid colour.
    static func projectWithAnUnlistedSet() -> SmallProject {
        var project = SmallProject()
        let colours: [(name: String, rgb: (UInt8, UInt8, UInt8))] = [
            ("AppIcon", (230, 230, 230)), ("Blue", (20, 60, 230)), ("Purple", (150, 20, 200)),
        ]
        for (name, rgb) in colours {
            project.set(name)
            project.folder.write("App/Assets.xcassets/\(name).appiconset/\(name).png",
                                 PNGWriter.png(width: 1024, height: 1024, alpha: false) { _, _ in (rgb.0, rgb.1, rgb.2, 255) })
        }
        project.folder.write("App.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n"
                                             + "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue\n")
        let settings = project.builder.file("App.xcconfig")
        project.write([:], baseConfiguration: settings)
        return project
    }

    /// Each screen row left of the details panel (whose left border is the first `│`).
    static func gridRows(_ screen: [String]) -> [String] {
        screen.map { line in String(line.prefix { $0 != "│" }) }
    }

    /// Each row of a styled capture as (character, the SGR parameters in force) pairs.
    static func styledRows(_ styled: String) -> [[(character: Character, style: String)]] {
        styled.components(separatedBy: "\n").map { line in
            var row: [(character: Character, style: String)] = []
            var style: [String] = []
            var rest = Substring(line)
            while let first = rest.first {
                if first == "\u{1B}", let match = rest.prefixMatch(of: /\x1B\[([0-9;]*)m/) {
                    let parameters = String(match.output.1)
                    if parameters.isEmpty || parameters == "0" { style = [] } else { style.append(parameters) }
                    rest = rest[match.range.upperBound...]
                } else {
                    row.append((first, style.joined(separator: ";")))
                    rest = rest.dropFirst()
                }
            }
            return row
        }
    }

    /// The tile above the caption `title`: the background of its picture's middle column a
    /// few rows up (the last `48;5;N` in force), and whether any of its rows shows a letter (a
    /// placeholder's initials). nil when that caption is not on screen.
    static func tile(of title: String, in rows: [[(character: Character, style: String)]])
        -> (background: String?, lettered: Bool)? {
        for (y, row) in rows.enumerated() where y >= 10 {
            let text = String(row.map(\.character))
            guard let range = text.range(of: " \(title) ") else { continue }
            let middle = text.distance(from: text.startIndex, to: range.lowerBound) + 1 + title.count / 2
            let columns = max(0, middle - 6)...(middle + 6)
            let lettered = rows[(y - 10)..<(y - 1)].contains { row in
                columns.contains { row.indices.contains($0) && row[$0].character.isLetter }
            }
            guard rows[y - 3].indices.contains(middle) else { return nil }
            let background = rows[y - 3][middle].style.matches(of: /48;5;[0-9]+/).last.map { String($0.output) }
            return (background, lettered)
        }
        return nil
    }

    @Test func aFixThatMakesASetShipAddsItsTileWithoutReopening() throws {
        let project = Self.projectWithAnUnlistedSet()
        let app = project.folder.path
        let before = try cli.run(["lint", "--format", "json", "--app", app])
        #expect(before.stdout.contains("\"unlisted-icon-set\""), "\(before.stdout)\(before.stderr)")
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let tmux = try Tmux(command: [CLI.binary, "--app", app].map(shellQuote).joined(separator: " "),
                            width: 110, height: 34, environment: environment)
        try tmux.waitFor("the grid of Default and Blue", timeout: 30) { screen in
            let grid = Self.gridRows(screen).joined(separator: "\n")
            return grid.contains("Default") && grid.contains("Blue")
        }
        #expect(!(try tmux.screen()).joined().contains("Purple"), "Purple does not ship, so it has no tile")

        // The primary's panel lists what is found about the set the grid does not show.
        try tmux.send("i")
        try tmux.waitFor("Purple's finding, marked as fixable", timeout: 30) { screen in
            let text = detailsPanelText(screen)
            return text.contains("Lint — f fixes it") && text.contains("Purple")
        }
        try tmux.send("f")
        let box = try tmux.waitFor("the confirmation box", timeout: 30) { screen in screen.contains { $0.contains("Enter apply") } }
        let question = box.joined(separator: "\n")
        #expect(question.contains("Fix 1 finding of “Purple”?"), "\(question)")
        #expect(question.contains("change App.xcconfig"), "\(question)")
        try tmux.send("Enter")

        // Read again: Purple's tile is in the grid, the finding is gone, nothing was reopened.
        let fixed = try tmux.waitFor("Purple's tile in the grid and the finding gone", timeout: 60) { screen in
            Self.gridRows(screen).contains { $0.contains("Purple") }
                && screen.contains { $0.contains("Fixed 1 finding of “Purple”.") }
                && detailsPanelText(screen).contains("nothing found")
        }
        let captions = try #require(Self.gridRows(fixed).first { $0.contains("Purple") })
        let order = ["Default", "Blue", "Purple"].compactMap { captions.range(of: $0)?.lowerBound }
        #expect(order.count == 3 && order == order.sorted(), "in the catalog's order: \(captions)")
        // The focus stayed on the icon it was on, which still has the checkmark.
        #expect(focusedCaption(try tmux.cells()) == "Default")
        #expect(Self.gridRows(fixed).joined().components(separatedBy: "✓").count == 2, "one checkmark: \(fixed.joined(separator: "\n"))")

        // Purple's tile is its picture, not the placeholder (grey, with its initial): its own colour.
        let deadline = Date().addingTimeInterval(60)
        var tiles: (blue: (background: String?, lettered: Bool)?, purple: (background: String?, lettered: Bool)?)
        repeat {
            let rows = Self.styledRows(try tmux.styledScreen())
            tiles = (Self.tile(of: "Blue", in: rows), Self.tile(of: "Purple", in: rows))
            if let blue = tiles.blue, let purple = tiles.purple, !blue.lettered, !purple.lettered, purple.background != nil,
               blue.background != purple.background { break }
            usleep(100_000)
        } while Date() < deadline
        #expect(tiles.purple?.lettered == false && tiles.purple?.background != nil
                    && tiles.purple?.background != tiles.blue?.background, "Purple's picture drawn in its own colour: \(tiles)")
        try tmux.send("q")
        let after = try cli.run(["lint", "--format", "json", "--app", app])
        #expect(!after.stdout.contains("\"unlisted-icon-set\""), "\(after.stdout)")
        let list = try cli.run(["list", "--app", app])
        #expect(list.stdout.contains("Purple"), "\(list.stdout)")
        #expect(try String(contentsOfFile: project.folder.url("App.xcconfig"), encoding: .utf8)
                    .contains("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue Purple"))
    }
}
