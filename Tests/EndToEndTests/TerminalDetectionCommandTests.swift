import Foundation
import Testing

/// What the built binary finds out about the terminal, and that asking never disturbs
/// the chooser or the shell: in tmux (with and without passthrough) and without a terminal.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
struct TerminalDetectionCommandTests {
    let cli = CLI()

    /// Runs `command` (a shell line) in a fresh tmux window and returns what it wrote to `out`.
    private func inTmux(_ command: (_ out: String) -> String) throws -> String {
        let folder = TemporaryFolder()
        let out = folder.url("out")
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let tmux = try Tmux(command: command(shellQuote(out)) + "; echo done >> \(shellQuote(out))", environment: environment)
        return try tmux.waitForFile(out)
    }

    /// A terminal whose TERM says 256 colours and whose answers (XTVERSION) say kitty: the
    /// chooser starts in 256 colours, then draws every cell in 24-bit ones, and gives the
    /// terminal back in the modes it found it in.
    @Test func aTerminalThatAnswersAsKittyIsDrawnIn24BitColourAndLeftAsFound() throws {
        let folder = TemporaryFolder()
        let (before, after) = (folder.url("stty-before"), folder.url("stty-after"))
        let chooser = shellQuote(CLI.binary)
        let command = "stty -g > \(shellQuote(before)); \(chooser); status=$?; stty -g > \(shellQuote(after)); exit $status"
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let (status, written) = try AnsweringTerminal.run(["/bin/sh", "-c", command], until: "48:2::10:132:255", keys: "q",
                                                          in: folder, environment: environment)
        #expect(status == 0, "\(written.suffix(400).debugDescription)")
        let firstPalette = try #require(written.range(of: "48;5;"), "no 256-colour code before the answers")
        let firstDirect = try #require(written.range(of: "48:2::"), "no 24-bit colour after kitty's answer")
        #expect(firstPalette.lowerBound < firstDirect.lowerBound)
        // After the answer the tiles are drawn again, in 24-bit colour.
        #expect(written[firstDirect.lowerBound...].matches(of: /[34]8:2::/).count >= 100)
        let modes = (try String(contentsOfFile: before, encoding: .utf8), try String(contentsOfFile: after, encoding: .utf8))
        #expect(!modes.0.isEmpty && modes.0 == modes.1, "\(modes)")
    }

    @Test func explainInTmuxWithoutPassthroughSaysSymbolsAndHowToEnableIt() throws {
        let text = try inTmux { "\(shellQuote(CLI.binary)) preview --explain-terminal > \($0) 2>&1" }
        #expect(text.contains("Terminal: tmux 3"), "\(text)")
        #expect(text.contains("allow-passthrough is off"))
        #expect(text.contains("Pictures: symbols, because tmux's allow-passthrough is off; `tmux set -g allow-passthrough on`"))
        #expect(text.contains("  sixel: no, tmux does not draw sixel"))
        #expect(text.contains("Cell size: 16×32 px, from TIOCGWINSZ"))
        #expect(text.contains("Answers: XTVERSION, DA1 within"))
    }

    @Test func explainInTmuxWithPassthroughAsksTheTerminalOutside() throws {
        let text = try inTmux { "tmux set -p allow-passthrough on && \(shellQuote(CLI.binary)) preview --explain-terminal > \($0) 2>&1" }
        #expect(text.contains("allow-passthrough is on"), "\(text)")
        // A detached session has no terminal outside to answer.
        #expect(text.contains("kitty graphics: no, tmux passes pictures through, but the terminal outside did not answer"))
    }

    @Test func explainWithoutATerminalAsksNothingAndAForcedChoiceIsObeyed() throws {
        let environment = cli.environment.merging(["TERM": "xterm-kitty"]) { $1 }
        let plain = try CLI.run(executable: "/usr/bin/setsid", ["-w", CLI.binary, "preview", "--explain-terminal"], environment: environment)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("Answers: nothing asked, as the output is not a terminal"))
        // TERM=xterm-kitty makes kitty's graphics certain, even with nothing asked.
        #expect(plain.stdout.contains("  kitty graphics: yes, TERM=xterm-kitty"))
        let forced = try CLI.run(executable: "/usr/bin/setsid", ["-w", CLI.binary, "preview", "--explain-terminal", "--graphics", "sixel"],
                                 environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
        #expect(forced.stdout.contains("forced with --graphics sixel"), "\(forced.stdout)")
        let fromVariable = try CLI.run(executable: "/usr/bin/setsid", ["-w", CLI.binary, "preview", "--explain-terminal"],
                                       environment: cli.environment.merging(["TERM": "xterm", "ICONCHOOSER_GRAPHICS": "symbols"]) { $1 })
        #expect(fromVariable.stdout.contains("Pictures: symbols, because symbols were asked for"))
    }

    @Test func aBadGraphicsChoiceIsAUsageError() throws {
        let option = try cli.run(["preview", "--graphics", "png"])
        #expect(option.status == 64)
        // ArgumentParser's own message for a value not among the choices, which --help lists too.
        #expect(option.stderrLines.first == "Error: The value 'png' is invalid for '--graphics <mode>'. "
            + "Please provide one of 'auto', 'kitty', 'sixel', 'iterm2' or 'symbols'.")
        let variable = try cli.run(["preview"], environment: ["ICONCHOOSER_GRAPHICS": "png\u{1B}[2J"])
        #expect(variable.status == 64)
        #expect(variable.stderrLines == ["iconchooser: error: ICONCHOOSER_GRAPHICS=“png[2J” is not one of auto, kitty, sixel, iterm2, symbols"])
        #expect(variable.stdout.isEmpty)
    }

    /// tmux answers the chooser's queries (XTVERSION, DA1) at once: none of the answers acts
    /// as a key, the help says what was found, and nothing is left for the shell to read.
    @Test func answersNeverActAsKeysNorReachTheShell() throws {
        for quitAtOnce in [false, true] {
            let folder = TemporaryFolder()
            let leftover = folder.url("leftover")
            var environment = cli.environment
            environment["TERM"] = "xterm-256color"
            // After the chooser, read whatever input is waiting for up to a second, raw.
            let tmux = try Tmux(command: "\(shellQuote(CLI.binary)); stty -icanon -echo min 0 time 10; "
                + "head -c 200 | od -An -c > \(shellQuote(leftover)).tmp; mv \(shellQuote(leftover)).tmp \(shellQuote(leftover))",
                environment: environment)
            try tmux.waitFor(text: "black-multi")
            if !quitAtOnce {
                try tmux.send("?")
                let help = try tmux.waitFor("the help naming tmux") { $0.joined(separator: " ").contains("Terminal: tmux") }
                #expect(help.joined(separator: " ").contains("allow-passthrough"))
                try tmux.send("?")
                try tmux.waitFor("the help closed") { !$0.joined(separator: " ").contains("Keys") }
                let screen = try tmux.screen()
                #expect(!screen.contains { $0.contains("You have changed") }, "an answer acted as Enter")
            }
            try tmux.send("q")
            let rest = try String(contentsOfFile: try waitForFile(leftover), encoding: .utf8)
            #expect(rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "left for the shell: \(rest)")
        }
    }

    private func waitForFile(_ path: String) throws -> String {
        guard eventually(timeout: 15, { FileManager.default.fileExists(atPath: path) }) else {
            throw Tmux.WaitFailed(what: "file \(path)", screen: [])
        }
        return path
    }
}
