import Foundation
import Testing

/// `iconchooser preview` on the built binary: in a real terminal (tmux) and into a pipe.
@Suite struct PreviewCommandTests {
    let cli = CLI()
    static let names = ["Default", "black-white", "white-black", "multi-black", "black-multi"]

    @Test(arguments: ["truecolor", "256", "16", "8", "none"])
    func eachColourModeDrawsFiveDistinctIconsAndTheCheckmark(mode: String) throws {
        let all = try cli.run(["preview", "--color", mode], environment: ["COLUMNS": "100"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stderr.isEmpty)
        #expect(all.stdout.contains("✓"))
        let captions = all.stdout.split(separator: "\n").last { $0.contains("Default") }.map(String.init) ?? ""
        #expect(Self.names.allSatisfy(captions.contains), "captions: \(captions)")
        // One icon at a time: the five pictures must differ from each other.
        let singles = try Self.names.map { try cli.run(["preview", $0, "--color", mode]).stdout }
        let pictures = singles.map { $0.split(separator: "\n").dropLast().joined(separator: "\n") }
        #expect(Set(pictures).count == 5, "two icons render the same in \(mode)")
        if mode == "none" {
            #expect(!all.stdout.contains("\u{1B}[3") && !all.stdout.contains("\u{1B}[4") && !all.stdout.contains("38;"))
        } else {
            // Every line that sets attributes resets them before it ends.
            for line in all.stdout.split(separator: "\n") where line.contains("\u{1B}[") {
                #expect(line.hasSuffix("\u{1B}[0m"), "line leaves attributes set: \(line.debugDescription)")
            }
        }
    }

    /// A forced protocol is written even into a pipe, as `chafa -f kitty` does: each icon a
    /// picture, the captions and the checkmark still text.
    @Test(arguments: [("kitty", "\u{1B}_Ga=T,"), ("sixel", "\u{1B}P0;1;0q\"1;1;160;160"), ("iterm2", "\u{1B}]1337;File=inline=1;")])
    func aForcedProtocolIsWrittenIntoAPipe(graphics: String, introducer: String) throws {
        let out = try cli.run(["preview", "--graphics", graphics], environment: ["COLUMNS": "100"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.components(separatedBy: introducer).count - 1 == 5, "five pictures in \(graphics)")
        #expect(Self.names.allSatisfy(out.stdout.contains))
        #expect(out.stdout.contains("✓"))
        let symbols = try cli.run(["preview", "--graphics", "symbols"], environment: ["COLUMNS": "100"])
        #expect(!symbols.stdout.contains("\u{1B}_G") && !symbols.stdout.contains("\u{1B}P") && symbols.stdout.contains("▀"))
    }

    @Test func helpShowsTheDefaultSizeAsItIsTyped() throws {
        let out = try cli.run(["preview", "--help"], environment: ["COLUMNS": "200"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("(default: 16x8)"), "\(out.stdout)")
    }

    @Test func noColorAndCLocaleGiveASCIIWithTheCheckmark() throws {
        let out = try cli.run(["preview"], environment: ["NO_COLOR": "1", "LANG": "C", "COLUMNS": "100"])
        #expect(out.status == 0)
        #expect(out.stdout.unicodeScalars.allSatisfy { $0.isASCII && ($0.value >= 0x20 || $0 == "\n" || $0 == "\u{1B}") })
        #expect(out.stdout.contains("[x]"))
        #expect(!out.stdout.contains("38;") && !out.stdout.contains("48;"))
        let singles = try Self.names.map { try cli.run(["preview", $0], environment: ["NO_COLOR": "1", "LANG": "C"]).stdout }
        #expect(Set(singles).count == 5)
    }

    @Test func autoFollowsTheEnvironment() throws {
        let truecolor = try cli.run(["preview", "Default"], environment: ["COLORTERM": "truecolor", "TERM": "xterm-256color"]).stdout
        #expect(truecolor.contains("38;2;") || truecolor.contains("48;2;"))
        let palette = try cli.run(["preview", "Default"], environment: ["TERM": "xterm-256color"]).stdout
        #expect(palette.contains("38;5;") || palette.contains("48;5;"))
        #expect(!palette.contains("38;2;"))
        let none = try cli.run(["preview", "Default"], environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]).stdout
        #expect(!none.contains("38;") && !none.contains("48;"))
    }

    @Test func sizesAreBoundedAndNamesChecked() throws {
        for size in ["4x2", "64x32"] {
            let out = try cli.run(["preview", "Default", "--size", size, "--color", "none"])
            #expect(out.status == 0)
            let rows = Int(size.split(separator: "x")[1])!
            #expect(out.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == rows + 3)
        }
        for bad in ["3x2", "65x32", "16", "axb", "16x1"] {
            #expect(try cli.run(["preview", "--size", bad]).status == 64, "--size \(bad)")
        }
        let unknown = try cli.run(["preview", "purple"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("valid names: Default, black-white"))
    }

    @Test func unreadableImagesGetAPlaceholderAndAWarning() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: demo + "/App Icons/app-icon--black-white@2x.png"))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: demo + "/App Icons/app-icon--black-white@3x.png"))
        let out = try cli.run(["preview", "--app", demo, "--color", "none"], environment: ["COLUMNS": "100"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("black-white"))
        #expect(out.stdout.contains("BW"))  // the placeholder's initials
        #expect(out.stderr.contains("app-icon--black-white@2x.png: not a PNG image"))
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
    func inATerminalTheTilesShowAndTheCheckmarkIsGreen() throws {
        var env = cli.environment
        env["TERM"] = "xterm-256color"
        let tmux = try Tmux(command: "\(shellQuote(CLI.binary)) preview --color 256; sleep 30", environment: env)
        let screen = try tmux.waitFor(text: "black-multi")
        #expect(Self.names.allSatisfy { name in screen.contains { $0.contains(name) } })
        #expect(screen.contains { $0.contains("✓") })
        let styled = try tmux.styledScreen()
        #expect(styled.contains("48;5;41") || styled.contains("48;5;"), "no background colours on screen")
    }
}
