import CellCanvas
import TerminalText

/// What the environment says about the terminal. Over SSH most of it is missing, and some of
/// it is inherited by programs that run elsewhere (a kitty window's variables reach a tmux
/// server started in it, and every terminal later attached to that server), so it only
/// ever skips a query whose answer it makes certain; the answers decide the rest.
public struct TerminalEnvironment: Hashable, Sendable {
    public var term: String
    public var termProgram: String
    public var termProgramVersion: String
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
    /// The variables the known terminals set (`KnownTerminal.variable`).
    var variables: [String: String]

    public init(_ variables: [String: String]) {
        func value(_ name: String) -> String { variables[name] ?? "" }
        term = value("TERM")
        termProgram = value("TERM_PROGRAM")
        termProgramVersion = value("TERM_PROGRAM_VERSION")
        tmux = value("TMUX")
        tmuxPane = value("TMUX_PANE")
        screen = !value("STY").isEmpty
        overSSH = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { !value($0).isEmpty }
        colorTerm = value("COLORTERM")
        let named = Set(KnownTerminal.all.compactMap { $0.variable?.name })
        self.variables = variables.filter { named.contains($0.key) }
    }

    /// COLORTERM says the terminal takes 24-bit colours.
    public var saysDirectColor: Bool { Self.saysDirectColor(colorTerm: colorTerm) }

    /// Whether a COLORTERM value says the terminal takes 24-bit colours (`truecolor` or `24bit`, any case).
    public static func saysDirectColor(colorTerm: String) -> Bool { ["truecolor", "24bit"].contains(colorTerm.lowercased()) }

    public var insideTmux: Bool { !tmux.isEmpty }

    /// The colours the environment advertises, for output not drawn through terminfo
    /// (`preview`): NO_COLOR, COLORTERM, a known terminal's own TERM (`KnownTerminal.directColor`)
    /// outside tmux and GNU screen (which may pass on a TERM their own drawing does not match),
    /// then what TERM's name says.
    public static func colorDepth(environment variables: [String: String]) -> ColorDepth {
        if !(variables["NO_COLOR"] ?? "").isEmpty { return .noColor }
        let environment = TerminalEnvironment(variables)
        if environment.saysDirectColor { return .truecolor }
        let term = environment.term.lowercased()
        if term.isEmpty || term == "dumb" { return .noColor }
        if term.contains("direct") { return .truecolor }
        if !environment.insideTmux, !environment.screen,
           let known = KnownTerminal.all.first(where: { $0.terms.contains(term) }), known.directColor { return .truecolor }
        if term.contains("256") { return .palette256 }
        if let family = TermFamily.of(term: term) { return family.colors }
        if term.contains("16color") { return .ansi16 }
        return .ansi8
    }

    /// Whether a locale (`LC_ALL`, `LC_CTYPE` or `LANG`'s value) has UTF-8 characters.
    public static func localeIsUTF8(_ locale: String) -> Bool {
        locale.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8")
    }

    /// Whether the locale in force (the first set of `LC_ALL`, `LC_CTYPE`, `LANG`) has UTF-8
    /// characters, so the screen can show ✓ and ×; plain ASCII otherwise.
    public static func isUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return localeIsUTF8(locale)
    }

    /// Inside a multiplexer (tmux, GNU screen), by its variables, TERM or TERM_PROGRAM: what the
    /// terminal outside it draws is unknown.
    public var multiplexed: Bool {
        insideTmux || screen || KnownTerminal.setting(term: term)?.isMultiplexer == true
            || KnownTerminal.running(program: termProgram)?.isMultiplexer == true
    }

    /// The Linux console (or another terminal that takes no queries): no graphics protocol,
    /// and it prints control strings it does not know.
    public var isLinuxConsole: Bool { KnownTerminal.setting(term: term)?.takesQueries == false }

    /// TERM names a terminal that certainly speaks kitty's graphics protocol: kitty and
    /// Ghostty set these themselves, and another terminal started from them sets its own.
    public var termIsKittyGraphics: Bool { KnownTerminal.setting(term: term)?.kittyGraphicsByTerm == true }

    /// The terminal the environment names, for the explanation when it does not answer
    /// XTVERSION, which variable says so, and what is known of it (nil for a TERM_PROGRAM
    /// not in the table). Nearest first: TERM, a variable's value, TERM_PROGRAM, then the
    /// variables a terminal's children inherit.
    public var namedTerminal: (name: String, variable: String, known: KnownTerminal?)? {
        let terminals = KnownTerminal.all.filter { !$0.isMultiplexer }
        if let known = terminals.first(where: { $0.terms.contains(term) }) { return (known.name, "TERM=\(term)", known) }
        for known in terminals {
            guard let variable = known.variable, let value = variable.value, variables[variable.name] == value else { continue }
            return (known.name, "\(variable.name)=\(value)", known)
        }
        if !termProgram.isEmpty, KnownTerminal.running(program: termProgram)?.isMultiplexer != true {
            let version = termProgramVersion.isEmpty ? "" : " \(termProgramVersion)"
            return (termProgram + version, "TERM_PROGRAM=\(termProgram)", KnownTerminal.running(program: termProgram))
        }
        for known in terminals {
            guard let variable = known.variable, variable.value == nil, let value = variables[variable.name], !value.isEmpty else { continue }
            return (known.name, variable.isVersion ? "\(variable.name)=\(value)" : variable.name, known)
        }
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
