import TerminalText

/// What the environment says about the terminal. Over SSH most of it is missing, and some of
/// it is inherited by programs that run elsewhere (a kitty window's variables reach a tmux
/// server started in it, and every terminal later attached to that server), so it only
/// ever skips a query whose answer it makes certain; the answers decide the rest.
public struct TerminalEnvironment: Hashable, Sendable {
    public var term: String
    public var termProgram: String
    public var termProgramVersion: String
    /// `LC_TERMINAL`, which iTerm2 sets and its ssh configuration forwards.
    public var lcTerminal: String
    public var kittyWindow: Bool
    public var konsoleVersion: String
    /// `WT_SESSION`: Windows Terminal.
    public var windowsTerminal: Bool
    /// `TMUX`: inside a tmux pane (its socket, used to ask tmux about passthrough).
    public var tmux: String
    /// `TMUX_PANE`, as `%3`.
    public var tmuxPane: String
    /// `STY`: inside GNU screen, which keeps control strings it does not know to itself.
    public var screen: Bool
    /// `SSH_CONNECTION`, `SSH_CLIENT` or `SSH_TTY`: the terminal is at the far end of a
    /// connection, so its answers may take a slow link's round trip.
    public var overSSH: Bool
    /// `COLORTERM`, which terminals that take 24-bit colours set (`truecolor` or `24bit`)
    /// whatever their TERM says; SSH does not carry it unless asked to.
    public var colorTerm: String

    public init(_ variables: [String: String]) {
        func value(_ name: String) -> String { variables[name] ?? "" }
        term = value("TERM")
        termProgram = value("TERM_PROGRAM")
        termProgramVersion = value("TERM_PROGRAM_VERSION")
        lcTerminal = value("LC_TERMINAL")
        kittyWindow = !value("KITTY_WINDOW_ID").isEmpty
        konsoleVersion = value("KONSOLE_VERSION")
        windowsTerminal = !value("WT_SESSION").isEmpty
        tmux = value("TMUX")
        tmuxPane = value("TMUX_PANE")
        screen = !value("STY").isEmpty
        overSSH = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { !value($0).isEmpty }
        colorTerm = value("COLORTERM")
    }

    /// COLORTERM says the terminal takes 24-bit colours.
    public var saysDirectColor: Bool { ["truecolor", "24bit"].contains(colorTerm.lowercased()) }

    public var insideTmux: Bool { !tmux.isEmpty }

    /// The Linux console: no graphics protocol, and it prints control strings it does not know.
    public var isLinuxConsole: Bool { term == "linux" }

    /// TERM names a terminal that certainly speaks kitty's graphics protocol: kitty and
    /// Ghostty set these themselves, and another terminal started from them sets its own.
    public var termIsKittyGraphics: Bool { ["xterm-kitty", "xterm-ghostty"].contains(term) }

    /// iTerm2 by its own variables (`TERM_PROGRAM=iTerm.app` locally, `LC_TERMINAL=iTerm2` over SSH).
    public var saysITerm2: Bool { lcTerminal == "iTerm2" || termProgram == "iTerm.app" }

    /// The terminal the environment names, for the explanation when it does not answer
    /// XTVERSION, and which variable says so.
    public var namedTerminal: (name: String, variable: String)? {
        if term == "xterm-kitty" { return ("kitty", "TERM=xterm-kitty") }
        if term == "xterm-ghostty" { return ("Ghostty", "TERM=xterm-ghostty") }
        if lcTerminal == "iTerm2" { return ("iTerm2", "LC_TERMINAL=iTerm2") }
        if !termProgram.isEmpty, termProgram != "tmux" {
            let version = termProgramVersion.isEmpty ? "" : " \(termProgramVersion)"
            return (termProgram + version, "TERM_PROGRAM=\(termProgram)")
        }
        if !konsoleVersion.isEmpty { return ("Konsole", "KONSOLE_VERSION=\(konsoleVersion)") }
        if windowsTerminal { return ("Windows Terminal", "WT_SESSION") }
        if kittyWindow { return ("kitty", "KITTY_WINDOW_ID") }
        return nil
    }
}

/// What tmux said about the pane the program runs in (`tmux show -Apv allow-passthrough`
/// and `tmux display -p` for its version and the attached terminal's TERM).
public struct TmuxReport: Hashable, Sendable {
    public enum Passthrough: Hashable, Sendable {
        /// `on` (or `all`): control strings wrapped in `ESC P tmux;` reach the terminal outside.
        case on
        case off
        /// tmux could not be asked, or gave an answer that is not on, off or all.
        case unknown(String)
    }

    public var passthrough: Passthrough
    public var version: String?
    /// TERM of the terminal attached to tmux (`client_termname`): the current terminal,
    /// unlike variables inherited from whichever terminal started the server.
    public var clientTerm: String?

    public init(passthrough: Passthrough, version: String? = nil, clientTerm: String? = nil) {
        self.passthrough = passthrough
        self.version = version
        self.clientTerm = clientTerm
    }

    /// The tmux arguments that ask for all of it in one run, for `pane` (`TMUX_PANE`).
    public static func arguments(pane: String) -> [String] {
        let target = pane.isEmpty ? [] : ["-t", pane]
        return ["show", "-Apv"] + target + ["allow-passthrough", ";", "display", "-p"] + target
            + ["#{version}\t#{client_termname}"]
    }

    /// Reads what `arguments(pane:)` printed (or, when tmux failed, why).
    public init(output: String, exitStatus: Int32, errors: String) {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let value = (lines.first ?? "").filter { !$0.isWhitespace }
        if exitStatus != 0 || lines.count < 2 {
            let why = errors.split(separator: "\n").first.map(String.init) ?? "exit status \(exitStatus)"
            self.init(passthrough: .unknown("tmux said: \(Self.clean(why))"))
            return
        }
        let details = lines[1].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let version = details.first.flatMap { $0.isEmpty ? nil : Self.clean($0) }
        let client = details.count > 1 && !details[1].isEmpty ? Self.clean(details[1]) : nil
        switch value {
        case "on", "all": self.init(passthrough: .on, version: version, clientTerm: client)
        case "off": self.init(passthrough: .off, version: version, clientTerm: client)
        default:
            self.init(passthrough: .unknown("allow-passthrough is “\(Self.clean(value))”"), version: version, clientTerm: client)
        }
    }

    private static func clean(_ text: String) -> String {
        DisplayWidth.truncate(TextSanitizer.clean(text), to: 60)
    }
}
