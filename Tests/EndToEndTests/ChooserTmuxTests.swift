import Foundation
import Testing

/// The interactive chooser, driven inside tmux on the real binary.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
struct ChooserTmuxTests {
    let cli = CLI()

    private func open(_ arguments: [String] = [], width: Int = 100, height: Int = 30,
                      environment: [String: String] = [:]) throws -> ChooserWindow {
        try ChooserWindow(cli: cli, arguments, width: width, height: height, environment: environment)
    }

    @Test func opensOnTheDemoWithTheCheckmarkOnTheCurrentIcon() throws {
        let window = try open()
        let tmux = window.tmux
        let screen = try tmux.waitFor(text: "black-multi")
        #expect(screen.contains { $0.contains("App Icon") && $0.contains("Colourful") })
        let captions = screen.first { $0.contains("Default") && $0.contains("black-white") } ?? ""
        let order = ["Default", "black-white", "white-black", "multi-black", "black-multi"].compactMap { captions.range(of: $0)?.lowerBound }
        #expect(order.count == 5 && order == order.sorted())
        #expect(screen.contains { $0.contains("✓") })
        #expect(focusedCaption(try tmux.cells()) == "Default")
        try tmux.send("q")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
    }

    /// A shell script that exported COLUMNS and LINES for a larger window: the chooser draws
    /// for the terminal it is in (ncurses would take the variables over the terminal's size).
    @Test func anExportedWindowSizeDoesNotOverrideTheTerminals() throws {
        let window = try open(width: 61, height: 17, environment: ["COLUMNS": "100", "LINES": "30"])
        let tmux = window.tmux
        let screen = try tmux.waitFor(text: "q quit").prefix(17)
        #expect(screen.first == String(repeating: " ", count: 16) + "App Icon — Colourful — iPhone",
                "the title is centred in 61 columns: \(screen.first ?? "")")
        #expect(screen.last?.hasPrefix(" Enter use") == true, "the footer is on the 17th row: \(screen)")
        #expect(screen.contains { $0.contains("Default") && $0.contains("black…ulti") }, "\(screen)")
        try tmux.send("q")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
    }

    @Test func arrowsAndVimKeysMoveTheFocus() throws {
        let window = try open()
        let tmux = window.tmux
        try tmux.waitFor(text: "black-multi")
        try tmux.send("Right")
        try tmux.waitForCells("focus on black-white") { focusedCaption($0) == "black-white" }
        try tmux.send("l")
        try tmux.waitForCells("focus on white-black") { focusedCaption($0) == "white-black" }
        try tmux.send("h")
        try tmux.waitForCells("focus back on black-white") { focusedCaption($0) == "black-white" }
        try tmux.send("End")
        try tmux.waitForCells("focus on the last icon") { focusedCaption($0) == "black-multi" }
        try tmux.send("Right")
        try tmux.waitForCells("wrap-around to Default") { focusedCaption($0) == "Default" }
        try tmux.send("Escape")
        #expect(try tmux.waitForFile(window.statusFile, timeout: 5) == "0\n")
    }

    @Test func applyingShowsTheAlertMovesTheCheckmarkAndPersists() throws {
        let window = try open()
        let tmux = window.tmux
        try tmux.waitFor(text: "black-multi")
        try tmux.send("Right")
        try tmux.waitForCells("focus on black-white") { focusedCaption($0) == "black-white" }
        try tmux.send("Enter")
        try tmux.waitFor(text: "You have changed the icon for")
        #expect(try tmux.screen().contains { $0.contains("“Colourful”.") })
        try tmux.send("Enter")
        try tmux.waitFor("alert dismissed") { !$0.contains { $0.contains("You have changed") } }
        try tmux.send("q")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
        #expect(try cli.run(["current"]).stdout == "black-white\n")

        let again = try open().tmux
        try again.waitFor(text: "black-multi")
        let cells = try again.cells()
        let plate = try #require(focusPlate(cells))
        #expect(plate.caption == "black-white")
        // The badge sits under the bottom-right of the focused (current) tile's picture, on the
        // row between it and its name plate, in the plate's right half: over none of the icon's cells.
        let badgeColumn = try #require(cells[plate.row - 1].firstIndex { $0.character == "✓" })
        #expect(!cells[plate.row - 2].contains { $0.character == "✓" })
        #expect(badgeColumn > plate.columns.lowerBound + plate.columns.count / 2 && badgeColumn < plate.columns.upperBound)
        try again.send("q")
    }

    /// An SGR mouse report (`ESC [ < 0 ; X ; Y M`, then the release) for a click on the
    /// picture of the tile captioned `caption`, found on `screen` (cells are 1-based).
    private func clickReport(on caption: String, in screen: [String]) throws -> (press: [UInt8], release: [UInt8]) {
        let row = try #require(screen.firstIndex { $0.contains(caption) && $0.contains("Default") })
        let line = screen[row]
        let column = line.distance(from: line.startIndex, to: try #require(line.range(of: caption)).lowerBound)
        // Four rows up is inside the picture of a small, medium or large tile.
        let x = column + 3, y = row - 4 + 1
        return (Array("\u{1B}[<0;\(x);\(y)M".utf8), Array("\u{1B}[<0;\(x);\(y)m".utf8))
    }

    @Test func aClickOnATileAppliesIt() throws {
        let window = try open()
        let tmux = window.tmux
        let screen = try tmux.waitFor(text: "black-multi")
        let click = try clickReport(on: "white-black", in: screen)
        try tmux.sendBytes(click.press + click.release)
        try tmux.waitFor(text: "You have changed the icon for")
        try tmux.send("Enter")
        try tmux.waitForCells("focus on white-black") { focusedCaption($0) == "white-black" }
        try tmux.send("q")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")
        #expect(try cli.run(["current"]).stdout == "white-black\n")
    }

    /// A report whose Esc arrives on its own (a slow link), or in the protocol terminfo does
    /// not name (SGR reports with TERM=screen, whose kmous is X10's), reaches the chooser as
    /// a bare Esc and the rest: still a click, never the Esc that quits.
    @Test func aSplitOrUnexpectedMouseReportIsNotTakenForEsc() throws {
        let window = try open()
        let tmux = window.tmux
        let screen = try tmux.waitFor(text: "black-multi")
        let click = try clickReport(on: "multi-black", in: screen)
        // ncurses gives up on "ESC [" after its 25 ms ESCDELAY and hands over a bare Esc.
        try tmux.sendBytes(Array(click.press.prefix(2)))
        usleep(200_000)
        try tmux.sendBytes(Array(click.press.dropFirst(2)) + click.release)
        try tmux.waitFor(text: "You have changed the icon for")
        try tmux.send("q")  // closes the alert, as it closes the help; it does not leave
        try tmux.waitFor("alert dismissed by q, the chooser still open") { screen in
            !screen.contains { $0.contains("You have changed") } && screen.contains { $0.contains("black-multi") }
        }
        #expect(!FileManager.default.fileExists(atPath: window.statusFile))
        #expect(try cli.run(["current"]).stdout == "multi-black\n")
        try tmux.send("q")
        #expect(try tmux.waitForFile(window.statusFile) == "0\n")

        let screenTerm = try open(environment: ["TERM": "screen"])
        let other = try screenTerm.tmux.waitFor(text: "black-multi")
        let sgr = try clickReport(on: "black-white", in: other)
        try screenTerm.tmux.sendBytes(sgr.press + sgr.release)
        try screenTerm.tmux.waitFor(text: "You have changed the icon for")
        try screenTerm.tmux.send("Enter", "q")
        #expect(try screenTerm.tmux.waitForFile(screenTerm.statusFile) == "0\n")
        #expect(try cli.run(["current"]).stdout == "black-white\n")
    }

    @Test func iconSizeSmallAndAnAppWithoutAlternates() throws {
        let small = try open(["choose", "--icon-size", "small"]).tmux
        try small.waitFor(text: "black…ulti")  // captions are cut in the middle to the small slot
        let plate = try #require(focusPlate(try small.cells()))
        #expect(plate.caption == "Default" && plate.columns.count == 10)  // an 8-column tile and its margins
        try small.send("q")

        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        folder.writePlist(["CFBundleDisplayName": "Plain", "CFBundleIcons": [
            "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["app-icon--default"]]]], as: "demo/Info.plist")
        let single = try open(["--app", demo]).tmux
        let alone = try single.waitFor(text: "Default")
        #expect(alone.joined(separator: " ").lowercased().contains("no alternate icons"))
        try single.send("q")
    }

    @Test func resizingReflowsTheGridAndKeepsTheFocus() throws {
        let window = try open()
        let tmux = window.tmux
        try tmux.waitFor(text: "black-multi")
        try tmux.send("End")
        try tmux.waitForCells("focus on the last icon") { focusedCaption($0) == "black-multi" }
        try tmux.resize(width: 44, height: 30)
        try tmux.waitFor("the grid re-wrapped") { screen in
            !screen.contains { $0.contains("Default") && $0.contains("black-multi") } && screen.contains { $0.contains("black-multi") }
        }
        try tmux.waitForCells("focus still on the last icon") { focusedCaption($0) == "black-multi" }
        try tmux.resize(width: 16, height: 8)
        try tmux.waitFor("the too-small message") { screen in
            screen.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ").contains("Terminal too small: need at least")
        }
        try tmux.resize(width: 100, height: 30)
        try tmux.waitFor("the grid back on one row") { $0.contains { $0.contains("Default") && $0.contains("black-multi") } }
        try tmux.send("q")
    }

    @Test func noColorStillShowsTheCheckmarkAndTheFocus() throws {
        let tmux = try open(environment: ["NO_COLOR": "1"]).tmux
        let screen = try tmux.waitFor(text: "black-multi")
        #expect(screen.contains { $0.contains("✓") })
        #expect(focusedCaption(try tmux.cells()) == "Default")
        let colours = sgrParameters(try tmux.styledScreen()).filter { code in [30...38, 40...48, 90...97, 100...107].contains { $0.contains(code) } }
        #expect(colours.isEmpty, "colour codes with NO_COLOR: \(colours)")
        try tmux.send("q")
    }

    /// The colour codes of the tiles' cells on a `capture-pane -e` screen: 24-bit (`38;2`,
    /// `48;2`) and 256-colour (`38;5`, `48;5`) ones counted apart.
    private func colourCodes(_ styled: String) -> (direct: Int, palette: Int) {
        (styled.matches(of: /\x1B\[[0-9;:]*[34]8[;:]2[;:]/).count, styled.matches(of: /\x1B\[[0-9;:]*[34]8;5;/).count)
    }

    /// Most terminals set TERM=xterm-256color and say COLORTERM=truecolor: the chooser draws
    /// in 24-bit colour there, in 256 without COLORTERM, and in none with NO_COLOR or
    /// `--color none` whatever COLORTERM says; `--color 256` keeps 256.
    @Test func colourDepthFollowsCOLORTERMNoColorAndTheColorOption() throws {
        func codes(_ environment: [String: String], _ arguments: [String] = []) throws -> (direct: Int, palette: Int) {
            let window = try open(arguments, environment: environment)
            try window.tmux.waitFor(text: "black-multi")
            // The tiles arrive after the first frame: wait until they are all drawn in colour.
            _ = try window.tmux.waitFor("the tiles in colour") { _ in
                let found = colourCodes((try? window.tmux.styledScreen()) ?? "")
                return found.direct + found.palette >= 300 || environment["NO_COLOR"] != nil || arguments.contains("none")
            }
            let found = colourCodes(try window.tmux.styledScreen())
            try window.tmux.send("q")
            #expect(try window.tmux.waitForFile(window.statusFile) == "0\n")
            return found
        }
        let truecolor = try codes(["COLORTERM": "truecolor"])
        #expect(truecolor.direct >= 300 && truecolor.palette == 0, "\(truecolor)")
        let palette = try codes([:])
        #expect(palette.direct == 0 && palette.palette >= 300, "\(palette)")
        let asked = try codes(["COLORTERM": "truecolor"], ["--color", "256"])
        #expect(asked.direct == 0 && asked.palette >= 300, "\(asked)")
        let noColor = try codes(["COLORTERM": "truecolor", "NO_COLOR": "1"])
        #expect(noColor.direct == 0 && noColor.palette == 0, "\(noColor)")
        let none = try codes(["COLORTERM": "truecolor"], ["--color", "none"])
        #expect(none.direct == 0 && none.palette == 0, "\(none)")
    }

    @Test func plainXtermAndACLocaleWork() throws {
        let xterm = try open(environment: ["TERM": "xterm"]).tmux
        let screen = try xterm.waitFor(text: "black-multi")
        #expect(screen.contains { $0.contains("✓") })
        try xterm.send("q")

        let ascii = try open(environment: ["LANG": "C", "LC_ALL": "C"]).tmux
        let asciiScreen = try ascii.waitFor(text: "black-multi")
        #expect(asciiScreen.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(asciiScreen.joined(separator: "\n"))")
        #expect(focusedCaption(try ascii.cells()) == "Default")
        try ascii.send("q")
    }

    @Test func ctrlCLeavesWith130AndPrintWritesTheChoice() throws {
        let window = try open(["choose", "--print"])
        let tmux = window.tmux
        try tmux.waitFor(text: "black-multi")
        try tmux.send("C-c")
        #expect(try tmux.waitForFile(window.statusFile) == "130\n")

        let scratch = TemporaryFolder()
        try cli.run(["set", "white-black"])
        var env = cli.environment
        env["TERM"] = "xterm-256color"
        let printed = scratch.url("printed")
        let session = try Tmux(command: "name=$(\(shellQuote(CLI.binary)) choose --print); echo \"[$name]\" > \(shellQuote(printed))",
                               environment: env)
        try session.waitFor(text: "black-multi")
        try session.send("q")
        #expect(try session.waitForFile(printed) == "[white-black]\n")
    }

    @Test(arguments: ["TERM", "HUP"])
    func signalsRestoreTheTerminal(signal: String) throws {
        let window = try open()
        let tmux = window.tmux
        try tmux.waitFor(text: "black-multi")
        let shell = try tmux.panePID()
        let chooser = try #require(Self.child(of: shell), "no chooser process under the pane's shell")
        #expect(kill(chooser, signal == "TERM" ? SIGTERM : SIGHUP) == 0)
        let status = try tmux.waitForFile(window.statusFile, timeout: 5)
        #expect(status == (signal == "TERM" ? "143\n" : "129\n"))
        let before = try String(contentsOfFile: window.folder.url("stty-before"), encoding: .utf8)
        let after = try String(contentsOfFile: window.folder.url("stty-after"), encoding: .utf8)
        #expect(before == after)
    }

    @Test func withoutATerminalItExitsTwoAndWritesNothingToStdout() throws {
        // setsid: no controlling terminal, as in CI or a cron job, even when the tests run in one.
        let out = try CLI.run(executable: "/usr/bin/setsid", ["-w", CLI.binary], environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
        #expect(out.status == 2)
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.contains("no terminal") && out.stderr.contains("iconchooser list"))
    }

    /// The first child process of `pid` (the chooser under the pane's shell).
    static func child(of pid: Int32) -> Int32? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8),
               let first = children.split(separator: " ").first, let child = Int32(first) {
                return child
            }
            usleep(50_000)
        }
        return nil
    }
}
