import Foundation
import Testing

/// How the chooser's terminal is set up: colour and UTF-8, `NO_COLOR`, or an ASCII (C) locale.
enum ScreenMode: String, CaseIterable, CustomTestStringConvertible {
    case colour, mono, ascii

    var environment: [String: String] {
        switch self {
        case .colour: return [:]
        case .mono: return ["NO_COLOR": "1"]
        case .ascii: return ["LANG": "C", "LC_ALL": "C"]
        }
    }

    var testDescription: String { rawValue }
}

/// The `/` filter and `p` on the built binary in tmux, on a real project and in every screen mode.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
struct FilterTmuxTests {
    let cli = CLI()

    /// The bottom line and what it shows.
    private func footer(_ screen: [String]) -> String { screen.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "" }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"), arguments: ScreenMode.allCases)
    func filterHabiticaToOneIconAndApplyIt(mode: ScreenMode) throws {
        let app = RealProjectCorpus.path("HabitRPG_habitica-ios")
        let window = try ChooserWindow(cli: cli, ["--app", app, "--no-alert"], environment: mode.environment)
        let tmux = window.tmux
        try tmux.waitFor(text: "Habitica")
        try tmux.send("/")
        try tmux.waitFor("the filter's line") { footer($0).hasPrefix(" /") && footer($0).contains("32 of 32") }
        try tmux.send("m", "a", "r", "o", "o", "n", "a", "l", "t", "b")
        let screen = try tmux.waitFor("one match") { footer($0).contains("/maroonaltb") && footer($0).contains("1 of 32") }
        // The grid holds that icon alone, with the focus on it and the typed letters underlined.
        #expect(screen.filter { $0.contains("MaroonAlt") }.count == 1)
        let cells = try tmux.cells()
        #expect(focusedCaption(cells)?.hasPrefix("MaroonAlt") == true)
        let plate = try #require(focusPlate(cells))
        let underlined = String(cells[plate.row].filter(\.underline).map(\.character))
        #expect(underlined.lowercased() == "maroonaltb")
        if mode == .ascii {
            #expect(screen.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(screen.joined(separator: "\n"))")
        }
        if mode == .mono {
            let colours = sgrParameters(try tmux.styledScreen()).filter { code in [30...38, 40...48, 90...97, 100...107].contains { $0.contains(code) } }
            #expect(colours.isEmpty, "colour codes with NO_COLOR: \(colours)")
        }
        try tmux.send("Enter")
        try tmux.waitFor(text: "Now using")
        // Esc clears the filter (every icon again, the focus still on the one applied), a second leaves.
        try tmux.send("Escape")
        try tmux.waitFor("the filter cleared") { screen in !footer(screen).contains("of 32") && screen.contains { $0.contains("Black") } }
        #expect(focusedCaption(try tmux.cells())?.hasPrefix("MaroonAlt") == true)
        try tmux.send("Escape")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
        #expect(try cli.run(["current", "--app", app]).stdout == "MaroonAltBlack\n")
    }

    @Test(arguments: ScreenMode.allCases)
    func pSwitchesTheDemoToItsIPadTwinAndBack(mode: ScreenMode) throws {
        let window = try ChooserWindow(cli: cli, environment: mode.environment)
        let tmux = window.tmux
        try tmux.waitFor(text: "black-multi")
        #expect(try tmux.screen()[0].contains("iPhone"))
        try tmux.send("Right", "Right")
        try tmux.waitForCells("focus on white-black") { focusedCaption($0) == "white-black" }
        try tmux.send("p")
        let pad = try tmux.waitFor("the iPad set") { $0[0].contains("iPad") && $0.contains { $0.contains("Showing the iPad icons.") } }
        #expect(footer(pad).contains("p iPhone"))
        #expect(focusedCaption(try tmux.cells()) == "white-black")
        try tmux.send("p")
        try tmux.waitFor("the iPhone set") { $0[0].contains("iPhone") && $0.contains { $0.contains("Showing the iPhone icons.") } }
        #expect(focusedCaption(try tmux.cells()) == "white-black")
        try tmux.send("q")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
    }

    @Test(arguments: ScreenMode.allCases)
    func pOnAnAppWithoutAnIPadSetSaysSo(mode: ScreenMode) throws {
        // The demo's plist without its CFBundleIcons~ipad; the icon files stay in the demo's folder.
        let folder = TemporaryFolder()
        let demo = Repository.root.appendingPathComponent("Assets")
        var plist = try #require(try PropertyListSerialization.propertyList(
            from: Data(contentsOf: demo.appendingPathComponent("Info.plist")), format: nil) as? [String: Any])
        plist["CFBundleIcons~ipad"] = nil
        let path = folder.url("Info.plist")
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0).write(to: URL(fileURLWithPath: path))
        let window = try ChooserWindow(cli: cli, ["--app", path, "--icons", demo.appendingPathComponent("App Icons").path],
                                       environment: mode.environment)
        let tmux = window.tmux
        let screen = try tmux.waitFor(text: "black-multi")
        #expect(!screen[0].contains("iPhone"))
        #expect(!footer(screen).contains("p iPad"))
        try tmux.send("p")
        try tmux.waitFor(text: "has no iPad icons of its own")
        try tmux.send("q")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
    }

    @Test func theHelpListsTheFilterAndTheIdiomKeys() throws {
        let window = try ChooserWindow(cli: cli)
        let tmux = window.tmux
        try tmux.waitFor(text: "black-multi")
        try tmux.send("?")
        let help = try tmux.waitFor(text: "filter by name")
        #expect(help.contains { $0.contains("iPhone / iPad icons") })
        try tmux.send("q", "q")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
    }
}
