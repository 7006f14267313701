import Foundation
import Testing
import TestSupport
import ToolVersion

/// The conventions users expect of a command-line tool, on the built binary: `--version`,
/// completions run by the shells themselves, a man page `man` finds after `make install`, and
/// `list` that a pipe can split.
@Suite struct CommandLineConventionTests {
    static let binaryFolder = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
    static let manual = Repository.root.appendingPathComponent(".build/man/iconchooser.1").path

    // MARK: - Version

    @Test func versionIsThePackagesAndHelpOffersIt() throws {
        let out = try CLI().run(["--version"])
        #expect(out.status == 0 && out.stderr.isEmpty)
        #expect(out.stdout == ToolVersion.current + "\n")
        #expect(try CLI().run(["--help"]).stdout.contains("--version"))
    }

    /// `--app ''` names no app: a usage error (64) saying so on one line, as the README's exit
    /// statuses say, not an app that cannot be read (2).
    @Test func anEmptyAppIsAUsageErrorAsTheReadmeSays() throws {
        for command in [["list"], ["lint", "--format", "json"], ["preview"]] {
            let out = try CLI().run(command + ["--app", ""])
            #expect(out.status == 64 && out.stdout.isEmpty, "\(command): \(out.status)")
            #expect(out.stderr.hasPrefix("Error: --app expects a value, not an empty string\n"), "\(out.stderr)")
        }
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("`64` a usage error (an unknown option, a\nvalue out of its choices, an empty `--app ''`)"))
    }

    /// Help, mistakes, `--version` and completion scripts asked for after a subcommand read as
    /// they do from the root: each names the whole command, `iconchooser preview`, never
    /// `preview` as if it were a program of its own, and the subcommand still runs as usual.
    @Test func aNamedSubcommandsHelpAndMistakesNameTheWholeCommand() throws {
        let cli = CLI()
        let mistake = try cli.run(["preview", "--no-such-option"])
        #expect(mistake.status == 64 && mistake.stdout.isEmpty)
        #expect(mistake.stderr.hasPrefix("Error: Unknown option '--no-such-option'\nUsage: iconchooser preview "), "\(mistake.stderr)")
        let badValue = try cli.run(["list", "--idiom", "watch"])
        #expect(badValue.status == 64 && badValue.stderr.contains("iconchooser list"), "\(badValue.stderr)")
        for help in [["list", "--help"], ["list", "-h"], ["help", "list"]] {
            let out = try cli.run(help)
            #expect(out.status == 0 && out.stdout.contains("USAGE: iconchooser list "), "\(help): \(out.stdout)")
        }
        let version = try cli.run(["current", "--version"])
        #expect(version.status == 0 && version.stdout == ToolVersion.current + "\n", "\(version.stdout)\(version.stderr)")
        let script = try cli.run(["set", "--generate-completion-script", "bash"])
        #expect(script.status == 0 && script.stdout.contains("_iconchooser()"), "\(script.stderr)")
        let listed = try cli.run(["list"]), current = try cli.run(["current"])
        #expect(listed.status == 0 && listed.stdout.split(separator: "\n").count == 5)
        #expect(current.status == 0 && current.stdout == "\n", "\(current.stdout)")
    }

    // MARK: - list in a pipe

    @Test func listInAPipeIsTabSeparatedRowsAndNothingElse() throws {
        let cli = CLI()
        try cli.run(["set", "white-black"])
        let out = try cli.run(["list"])
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
        let rows = out.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.map { Array($0.prefix(3)) } == [
            ["", "", "false"], ["black-white", "1", "false"], ["white-black", "2", "true"],
            ["multi-black", "3", "false"], ["black-multi", "4", "false"],
        ])
        let demoFolder = URL(fileURLWithPath: Repository.demoPlist).deletingLastPathComponent().path
        #expect(rows[2].dropFirst(3) == ["\(demoFolder)/App Icons/app-icon--white-black@2x.png",
                                         "\(demoFolder)/App Icons/app-icon--white-black@3x.png"])
        #expect(out.stdout.unicodeScalars.allSatisfy { $0 == "\t" || $0 == "\n" || !($0.properties.generalCategory == .control) })
    }

    @Test func cutAndAwkReadTheRows() throws {
        let cli = CLI()
        try cli.run(["set", "multi-black"])
        let names = try shell("'\(CLI.binary)' list | cut -f1", cli: cli)
        #expect(names == "\nblack-white\nwhite-black\nmulti-black\nblack-multi\n")
        let current = try shell("'\(CLI.binary)' list | awk -F '\\t' '$3 == \"true\" { print $1 \" \" $2 }'", cli: cli)
        #expect(current == "multi-black 3\n")
    }

    @Test func warningsGoToStderrInAPipe() throws {
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": [
            "good": ["CFBundleIconFiles": ["g"]], "bad": 42,
        ]]])
        let out = try CLI().run(["list", "--app", plist])
        #expect(out.status == 0)
        #expect(out.stdout == "\t\ttrue\ngood\t\tfalse\n")
        #expect(out.stderrLines.contains("iconchooser: warning: CFBundleIcons.CFBundleAlternateIcons.bad: is an integer, expected a dictionary; skipped"))
        #expect(out.stderrLines.allSatisfy { $0.hasPrefix("iconchooser: warning: ") })
    }

    @Test func listOnATerminalIsStillTheTable() throws {
        let out = try CLI().runOnTerminal(["list"])
        #expect(out.status == 0)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Colourful (com.example.iconchooser.colourful)") == true)
        #expect(lines.dropFirst().first?.hasPrefix("✓ Default") == true)
        #expect(!out.stdout.contains("\t"))
    }

    // MARK: - Completions

    /// Runs bash's completion function of the generated script on `line` (the cursor at its end),
    /// split into words as bash splits them for completion (quotes kept, `=` a word of its own),
    /// and returns what it offers and what it printed on stderr.
    func bashCompletions(_ line: String, cli: CLI = CLI()) throws -> (offered: [String], stderr: String) {
        try bashCompletions(words: Self.completionWords(line), cli: cli)
    }

    /// Bash's words for completion: split at unquoted blanks, `=` apart; a trailing blank starts an empty word.
    static func completionWords(_ line: String) -> [String] {
        var words: [String] = [], word = "", quote: Character? = nil, escaped = false
        for character in line {
            if escaped { word.append(character); escaped = false; continue }
            switch (quote, character) {
            case (nil, "\\"): word.append(character); escaped = true
            case (nil, "'"), (nil, "\""): quote = character; word.append(character)
            case (let open?, _) where character == open: quote = nil; word.append(character)
            case (nil, " "): if !word.isEmpty { words.append(word); word = "" }
            case (nil, "="): if !word.isEmpty { words.append(word) }; words.append("="); word = ""
            default: word.append(character)
            }
        }
        words.append(word)
        return words
    }

    func bashCompletions(words: [String], cli: CLI = CLI()) throws -> (offered: [String], stderr: String) {
        let script = cli.home.url("iconchooser.bash")
        let generated = try cli.run(["--generate-completion-script", "bash"])
        #expect(generated.status == 0)
        try generated.stdout.write(toFile: script, atomically: true, encoding: .utf8)
        let driver = """
            source "$1"
            shift
            COMP_WORDS=("$@")
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _iconchooser iconchooser "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let out = try CLI.run(executable: "/bin/bash", ["-c", driver, "bash", script] + words,
                              environment: cli.environment.merging(["PATH": "\(Self.binaryFolder):/usr/bin:/bin"]) { $1 })
        #expect(out.status == 0, "\(out.stderr)")
        return (out.stdout.split(separator: "\n").map(String.init), out.stderr)
    }

    @Test func bashCompletesTheDemosIconNamesForSet() throws {
        let (offered, stderr) = try bashCompletions("iconchooser set ")
        #expect(offered == ["black-white", "white-black", "multi-black", "black-multi"])
        #expect(stderr.isEmpty)
        #expect(try bashCompletions("iconchooser set mu").offered == ["multi-black"])
    }

    @Test func bashCompletesPreviewNamesWithDefault() throws {
        #expect(try bashCompletions("iconchooser preview black-white ").offered
                == ["Default", "black-white", "white-black", "multi-black", "black-multi"])
    }

    @Test func bashCompletesTheNamesOfTheAppOnTheLine() throws {
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": [
            "Pride": ["CFBundleIconFiles": ["p"]], "Dark Mode": ["CFBundleIconFiles": ["d"]],
        ]]], as: "My App/Info.plist")
        let quoted = "'\(plist)'"
        #expect(Set(try bashCompletions("iconchooser set --app \(quoted) ").offered) == ["Pride", "Dark Mode"])
        #expect(try bashCompletions("iconchooser set --app \(quoted) P").offered == ["Pride"])
        let escaped = plist.replacingOccurrences(of: " ", with: "\\ ")
        #expect(Set(try bashCompletions("iconchooser set --app \(escaped) ").offered) == ["Pride", "Dark Mode"])
    }

    @Test func bashOffersIconNamesInChooserOrderNumbersByValue() throws {
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": [
            "icon10": ["CFBundleIconFiles": ["a"]], "icon2": ["CFBundleIconFiles": ["b"]], "icon1": ["CFBundleIconFiles": ["c"]],
        ]]])
        #expect(try bashCompletions("iconchooser set --app \(plist) ").offered == ["icon1", "icon2", "icon10"])
    }

    @Test func bashCompletesSubcommandsAndOptions() throws {
        let subcommands = try bashCompletions("iconchooser ").offered
        #expect(Set(["choose", "list", "current", "set", "preview", "lint", "serve"]).isSubset(of: subcommands))
        let options = try bashCompletions("iconchooser set --").offered
        #expect(Set(["--app", "--idiom", "--primary", "--define"]).isSubset(of: options))
        #expect(try bashCompletions("iconchooser list --idiom ").offered == ["phone", "pad"])
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func bashCompletesTargetsAndConfigurationsOfTheProjectOnTheLine() throws {
        let threema = shellQuote(RealProjectCorpus.path("threema-ch_threema-ios"))
        let targets = try bashCompletions("iconchooser list --app \(threema) --target ").offered
        #expect(targets.count == 6 && targets.first == "Threema", "\(targets)")
        let homeAssistant = shellQuote(RealProjectCorpus.path("home-assistant_iOS"))
        let configurations = try bashCompletions("iconchooser set --app \(homeAssistant) --configuration ").offered
        #expect(configurations.contains("Debug") && configurations.contains("Release"), "\(configurations)")
        #expect(Set(configurations).count == configurations.count)
    }

    @Test(arguments: ["--app /nonexistent/Info.plist", "--app '$HOME/x'", "--app", "--idiom watch", "--define oops"])
    func badInputOnTheLineCompletesNothingAndSilently(options: String) throws {
        let folder = TemporaryFolder()
        let line = options == "--app" ? "iconchooser set --app \(folder.path) --app " : "iconchooser set \(options) "
        let (offered, stderr) = try bashCompletions(line)
        if options != "--app" { #expect(offered.isEmpty, "\(offered)") }
        #expect(stderr.isEmpty, "\(stderr)")
    }

    @Test func aFIFOOrAGarbledRequestStaysSilentAndQuick() throws {
        let folder = TemporaryFolder()
        let fifo = folder.url("Info.plist")
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        let (offered, stderr) = try bashCompletions("iconchooser set --app \(fifo) ")
        #expect(offered.isEmpty && stderr.isEmpty)
        #expect(Date().timeIntervalSince(started) < 10)
        let garbled = try CLI().run(["---completion", "nonsense", "--", "positional@9", "x"])
        #expect(garbled.stderr.isEmpty && garbled.stdout.isEmpty)
    }

    @Test func zshAndFishScriptsParse() throws {
        let cli = CLI()
        for (shell, check) in [("zsh", ["/usr/bin/zsh", "-n"]), ("fish", ["/usr/bin/fish", "--no-execute"])] {
            try #require(FileManager.default.isExecutableFile(atPath: check[0]), "\(shell) is missing: make test installs it")
            let script = cli.home.url("script.\(shell)")
            try cli.run(["--generate-completion-script", shell]).stdout.write(toFile: script, atomically: true, encoding: .utf8)
            let out = try CLI.run(executable: check[0], Array(check.dropFirst()) + [script], environment: cli.environment)
            #expect(out.status == 0 && out.stderr.isEmpty, "\(shell): \(out.stderr)")
        }
    }

    // MARK: - Installed

    /// `make install`'s copying step, with the binary under test, into a fresh PREFIX.
    func installed(cli: CLI) throws -> TemporaryFolder {
        try #require(FileManager.default.fileExists(atPath: Self.manual),
                     "no man page at \(Self.manual): make test generates it (make manual) before the tests")
        let prefix = TemporaryFolder()
        let install = try CLI.run(executable: "/usr/bin/make", ["-C", Repository.root.path, "--no-print-directory", "install-built",
                                                                "PREFIX=\(prefix.path)", "BIN_DIR=\(Self.binaryFolder)"],
                                  environment: cli.environment, timeout: 120)
        #expect(install.status == 0, "\(install.stderr)")
        return prefix
    }

    @Test func makeInstallPutsTheManPageAndCompletionsWhereTheToolsLook() throws {
        let cli = CLI()
        let prefix = try installed(cli: cli)
        for file in ["bin/iconchooser", "share/man/man1/iconchooser.1", "share/bash-completion/completions/iconchooser",
                     "share/zsh/site-functions/_iconchooser", "share/fish/vendor_completions.d/iconchooser.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix.url(file)), "\(file)")
        }
        let manEnvironment = cli.environment.merging(["MANPATH": prefix.url("share/man"), "MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""]) { $1 }
        let found = try CLI.run(executable: "/usr/bin/man", ["-w", "iconchooser"], environment: manEnvironment)
        #expect(found.stdout == prefix.url("share/man/man1/iconchooser.1") + "\n", "\(found.stderr)")
        let page = try CLI.run(executable: "/usr/bin/man", ["-P", "cat", "iconchooser"], environment: manEnvironment)
        #expect(page.status == 0 && page.stderr.isEmpty, "\(page.stderr)")
        let headings = page.stdout.split(separator: "\n").filter { $0.first?.isUppercase == true && $0.allSatisfy { $0.isUppercase || $0 == " " } }
        #expect(headings == ["NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS"])
        #expect(page.stdout.contains("iconchooser — Choose an iOS app's alternate icon from the terminal."))
        for subcommand in ["choose", "list", "current", "set", "preview", "lint", "serve"] {
            #expect(page.stdout.split(separator: "\n").contains { $0 == "     \(subcommand)" || $0.hasPrefix("     \(subcommand) ") },
                    "\(subcommand)")
        }
        #expect(page.stdout.contains("--generate-completion-script") == false)
        #expect(page.stdout.contains("iconchooser \(ToolVersion.current)"))

        // bash-completion's loader finds the installed script by the command's name.
        let load = try CLI.run(executable: "/bin/bash", ["-c", """
            source /usr/share/bash-completion/bash_completion
            __load_completion iconchooser && complete -p iconchooser
            """], environment: cli.environment.merging(["XDG_DATA_DIRS": prefix.url("share")]) { $1 })
        #expect(load.stdout == "complete -o filenames -F _iconchooser iconchooser\n", "\(load.stderr)")
    }

    /// The installed program opens its SVG library from `lib/iconchooser` under PREFIX; without it, an SVG
    /// layer is left out and `lint` names the missing library.
    @Test func makeInstallPutsTheSVGLibraryWhereTheProgramFindsIt() throws {
        let cli = CLI()
        let prefix = try installed(cli: cli)
        let library = prefix.url("lib/iconchooser/libiconchooser-svg.so")
        #expect(FileManager.default.fileExists(atPath: library))
        // Linked without the Swift runtime (only librsvg and C), so it loads without the toolchain.
        let linked = try String(decoding: Data(contentsOf: URL(fileURLWithPath: library)), as: UTF8.self)
        #expect(linked.contains("librsvg-2.so") && !linked.contains("libswiftCore"))
        var project = SmallProject()
        project.bundle("AppIcon", groups: [["layers": [["name": "art", "image-name": "red.svg"]]]])
        project.folder.write("App/AppIcon.icon/Assets/red.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><rect width="1024" height="1024" fill="#FF0000"/></svg>
            """)
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"])
        let program = prefix.url("bin/iconchooser")
        let preview = ["preview", "--app", project.folder.path, "--size", "8x4", "--color", "truecolor", "--symbols", "half"]
        let drawn = try CLI.run(executable: program, preview, environment: cli.environment)
        #expect(drawn.status == 0 && drawn.stderr.isEmpty, "\(drawn.stderr)")
        #expect(drawn.stdout.contains("2;255;0;0m"), "\(drawn.stdout)")
        let lint = try CLI.run(executable: program, ["lint", "--app", project.folder.path], environment: cli.environment)
        #expect(!lint.stdout.contains("icon-layer-undrawable"), "\(lint.stdout)")

        try FileManager.default.removeItem(atPath: library)
        let flat = try CLI.run(executable: program, preview, environment: cli.environment)
        #expect(flat.status == 0 && !flat.stdout.contains("2;255;0;0m"), "\(flat.stdout)")
        let reason = "libiconchooser-svg.so, which draws SVG, is not installed "
            + "(looked in \(prefix.url("bin")) and \(prefix.url("lib/iconchooser")))"
        #expect(flat.stderr.hasPrefix("iconchooser: warning: ") && flat.stderr.contains("“red.svg” cannot be drawn: \(reason)")
                && flat.stderr.split(separator: "\n").count == 1, "\(flat.stderr)")
        let missing = try CLI.run(executable: program, ["lint", "--app", project.folder.path], environment: cli.environment)
        #expect(missing.stdout.contains("icon-layer-undrawable"), "\(missing.stdout)")
        #expect(missing.stdout.contains("“red.svg” cannot be drawn: \(reason)"), "\(missing.stdout)")
    }

    /// zsh and fish, interactive in tmux, with the installed scripts: TAB after `set` lists the names.
    @Test func zshAndFishCompleteIconNamesFromTheInstalledScripts() throws {
        try #require(Tmux.isAvailable)
        let cli = CLI()
        let prefix = try installed(cli: cli)
        // Set inside the pane: the shells must see exactly these, whatever tmux's own environment holds.
        let environment = ["HOME": cli.home.path, "PATH": "\(prefix.url("bin")):/usr/bin:/bin", "LANG": "C.UTF-8",
                           "XDG_DATA_DIRS": prefix.url("share"), "TERM": "xterm-256color"]
            .sorted { $0.key < $1.key }.map { shellQuote("\($0.key)=\($0.value)") }.joined(separator: " ")
        let fish = try Tmux(command: "exec env -i \(environment) fish")
        try fish.waitFor(text: "fish")
        try fish.send("iconchooser set ", "Tab")
        try fish.waitFor(text: "black-white  white-black  multi-black  black-multi")

        let zsh = try Tmux(command: "exec env -i \(environment) zsh -f")
        try zsh.send("fpath=(\(shellQuote(prefix.url("share/zsh/site-functions"))) $fpath); autoload -Uz compinit; compinit -u -D; echo ready", "Enter")
        try zsh.waitFor(text: "ready")
        try zsh.send("iconchooser preview --app \(shellQuote(Repository.demoPlist)) ", "Tab")
        let names = ["Default", "black-white", "white-black", "multi-black", "black-multi"]
        try zsh.waitFor("the five names in a row") { screen in
            screen.contains { line in !line.contains("iconchooser") && names.allSatisfy(line.contains) }
        }
    }

    private func shell(_ command: String, cli: CLI) throws -> String {
        let out = try CLI.run(executable: "/bin/sh", ["-c", command], environment: cli.environment)
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout
    }
}
