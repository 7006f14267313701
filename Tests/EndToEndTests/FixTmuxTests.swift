import Foundation
import TestSupport
import Testing

/// `f` in the chooser on the built binary in tmux: the details panel marks a fixable
/// finding, `f` lists the files it will change, Enter writes them, and the finding is gone.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
struct FixTmuxTests {
    let cli = CLI()

    @Test func fFixesTheFocusedIconsFindingAndTheFindingIsGone() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings()
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let tmux = try Tmux(command: [CLI.binary, "--app", demo].map(shellQuote).joined(separator: " "),
                            width: 110, height: 34, environment: environment)
        try tmux.waitFor(text: "black-multi")
        try tmux.send("End")
        try tmux.send("i")
        try tmux.waitFor("the finding marked as fixable", timeout: 30) { screen in
            let text = detailsPanelText(screen)
            return text.contains("black-multi") && text.contains("Lint — f fixes it") && text.contains("CFBundleIcons~ipad")
        }
        try tmux.send("f")
        let box = try tmux.waitFor("the confirmation box", timeout: 30) { screen in
            screen.contains { $0.contains("Enter apply") }
        }
        let text = box.joined(separator: "\n")
        #expect(text.contains("Fix 1 finding of “black-multi”?"), "\(text)")
        #expect(text.contains("change Info.plist"), "\(text)")
        #expect(text.contains("create App Icons/"), "\(text)")
        try tmux.send("Enter")
        try tmux.waitFor("the fix written and the app checked again", timeout: 60) { screen in
            screen.contains { $0.contains("Fixed 1 finding of “black-multi”.") } && detailsPanelText(screen).contains("nothing found")
        }
        try tmux.send("q")
        let pad = try cli.run(["lint", "--format", "json", "--app", demo])
        #expect(!pad.stdout.contains("missing-on-ipad"))
        #expect(try String(contentsOfFile: (demo as NSString).appendingPathComponent("Info.plist"), encoding: .utf8)
            .components(separatedBy: "<key>black-multi</key>").count == 3, "black-multi in both icon sets")
    }

    /// In a git work tree, `f` does not write over uncommitted changes in a file it would
    /// touch: the alert names the file, and nothing changes.
    @Test(.enabled(if: RepositoryWriteTests.gitInstalled, "git is not installed"))
    func fRefusesToWriteOverUncommittedChanges() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings()
        try RepositoryWriteTests.git(["init", "-q"], in: demo)
        try RepositoryWriteTests.git(["add", "-A"], in: demo)
        try RepositoryWriteTests.git(["commit", "-q", "-m", "demo"], in: demo)
        folder.write("demo/Info.plist", try String(contentsOfFile: folder.url("demo/Info.plist"), encoding: .utf8) + "\n")
        let before = RepositoryWriteTests.files(demo)
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let tmux = try Tmux(command: [CLI.binary, "--app", demo].map(shellQuote).joined(separator: " "),
                            width: 110, height: 34, environment: environment)
        try tmux.waitFor(text: "black-multi")
        try tmux.send("End")
        try tmux.send("i")
        try tmux.waitFor("the finding", timeout: 30) { detailsPanelText($0).contains("Lint — f fixes it") }
        try tmux.send("f")
        try tmux.waitFor("the confirmation box", timeout: 30) { screen in screen.contains { $0.contains("Enter apply") } }
        try tmux.send("Enter")
        try tmux.waitFor("the refusal", timeout: 30) { screen in
            screen.joined(separator: " ").contains("Info.plist has uncommitted changes")
        }
        try tmux.send("q")
        #expect(EditCommandTests.difference(before, RepositoryWriteTests.files(demo)) == [])
    }

    /// `serve` runs its visitors' choosers with `--no-fix`: `f` is then no key. The details panel
    /// offers no fix, the help has no line for it, and pressing it does nothing (the help, asked
    /// for after it, shows with no status of a fix under way or refused).
    @Test func withNoFixTheKeyIsNotOfferedAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings()
        let before = EditCommandTests.snapshot(demo)
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let tmux = try Tmux(command: [CLI.binary, "choose", "--no-fix", "--app", demo].map(shellQuote).joined(separator: " "),
                            width: 110, height: 34, environment: environment)
        try tmux.waitFor(text: "black-multi")
        try tmux.send("End")
        try tmux.send("i")
        // The findings have come once the section lists them (its heading says what f fixes
        // where f is a key, however many of them fit below it).
        let panel = try tmux.waitFor("the findings", timeout: 30) { screen in
            let text = detailsPanelText(screen)
            return text.contains("Lint ") && text.contains("error:")
        }
        #expect(!detailsPanelText(panel).contains("f fixes"))
        try tmux.send("f")
        try tmux.send("?")
        let help = try tmux.waitFor("the help") { $0.contains { $0.contains("close this help") } }
        #expect(help.contains { $0.contains("details (files, lint)") })
        #expect(!help.contains { $0.contains("fix what lint found") })
        #expect(!help.joined().contains("changes no files") && !help.joined().contains("Working out the fix"))
        try tmux.send("?")
        try tmux.send("q")
        #expect(EditCommandTests.difference(before, EditCommandTests.snapshot(demo)) == [])
    }
}
