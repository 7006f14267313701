import CellCanvas

/// One terminal the program knows by name: how it is recognised (the variables it sets, the
/// name it gives in XTVERSION) and what it can do, as chafa's term-db. Every decision that
/// depends on which terminal this is reads it from `KnownTerminal.all`.
public struct KnownTerminal: Sendable {
    /// Which block symbols the terminal draws, whatever the font.
    public enum Symbols: Sendable, Equatable {
        /// Half blocks only: the Linux console's fonts lack quadrants.
        case halfBlocks
        /// Half blocks and quadrants, as every terminal with a UTF-8 font.
        case quadrants
        /// Sextants, drawn by the terminal itself; octants too from `octantsFrom` (nil: no version known to).
        case sextants(octantsFrom: [Int]?)
    }

    /// A variable that names the terminal: set to `value`, or to anything when `value` is nil
    /// (then, where `isVersion`, the value is the terminal's version, shown with the name).
    public struct Variable: Sendable {
        let name: String
        var value: String? = nil
        var isVersion = false
    }

    /// How the terminal is named to a person.
    public let name: String
    /// Its name in the answer to XTVERSION, lower-cased ("kitty(0.35.2)" → "kitty").
    var versionName: String? = nil
    /// TERM values it sets itself (a terminal started inside it sets its own).
    public var terms: [String] = []
    /// The start of every TERM of its family ("tmux-256color").
    var termPrefixes: [String] = []
    /// TERM_PROGRAM values it sets, lower-cased.
    var programs: [String] = []
    /// A variable of its own; programs started in it inherit it, so it names the terminal only
    /// where nothing nearer (a multiplexer, another terminal's TERM) does.
    var variable: Variable? = nil
    /// A multiplexer (tmux, GNU screen): what the terminal outside it draws is unknown.
    var isMultiplexer = false
    /// It prints queries it does not know, and shows no pictures: nothing is asked.
    var takesQueries = true
    public var symbols: Symbols = .quadrants
    /// It takes 24-bit colours (`38;2;R;G;B`) whatever TERM it sets.
    public var directColor = false
    /// terminfo's direct-colour entry for its TERM, where that is not `TERM-direct`.
    public var directColorTerminfo: String? = nil
    /// Its TERM makes kitty's graphics protocol certain without asking.
    var kittyGraphicsByTerm = false
    /// The first version that draws kitty's Unicode placeholders (nil: all that draw kitty's pictures).
    var kittyPlaceholdersFrom: [Int]? = nil
    /// It shows iTerm2's inline images (`OSC 1337 ; File=`), which no query finds.
    var iterm2Images = false
    /// The pixel protocol that is its own (iTerm2's images are iTerm2's): its help says it is that
    /// terminal, where another that also speaks the protocol is said to show it.
    var ownProtocol: GraphicsProtocol? = nil

    /// The terminals known, in the order the help names them and their inherited variables
    /// are read (kitty's last: other terminals are often started from kitty).
    public static let all: [KnownTerminal] = [
        KnownTerminal(name: "Konsole", variable: Variable(name: "KONSOLE_VERSION", isVersion: true)),
        KnownTerminal(name: "Windows Terminal", variable: Variable(name: "WT_SESSION")),
        KnownTerminal(name: "kitty", versionName: "kitty", terms: ["xterm-kitty"], programs: ["kitty"],
                      variable: Variable(name: "KITTY_WINDOW_ID"), symbols: .sextants(octantsFrom: [0, 40]), directColor: true,
                      directColorTerminfo: "kitty-direct", kittyGraphicsByTerm: true, kittyPlaceholdersFrom: [0, 28]),
        KnownTerminal(name: "foot", versionName: "foot", terms: ["foot", "foot-extra"],
                      symbols: .sextants(octantsFrom: [1, 20]), directColor: true),
        KnownTerminal(name: "Ghostty", versionName: "ghostty", terms: ["xterm-ghostty"], programs: ["ghostty"],
                      symbols: .sextants(octantsFrom: [1, 2]), directColor: true, kittyGraphicsByTerm: true),
        KnownTerminal(name: "WezTerm", versionName: "wezterm", terms: ["wezterm"], programs: ["wezterm"],
                      symbols: .sextants(octantsFrom: nil), directColor: true, iterm2Images: true),
        KnownTerminal(name: "iTerm2", versionName: "iterm2", programs: ["iterm.app"],
                      variable: Variable(name: "LC_TERMINAL", value: "iTerm2"), directColor: true, iterm2Images: true,
                      ownProtocol: .iterm2),
        KnownTerminal(name: "contour", versionName: "contour", directColor: true),
        KnownTerminal(name: "tmux", versionName: "tmux", termPrefixes: ["tmux"], programs: ["tmux"],
                      variable: Variable(name: "TMUX"), isMultiplexer: true),
        KnownTerminal(name: "GNU screen", versionName: "screen", termPrefixes: ["screen"],
                      variable: Variable(name: "STY"), isMultiplexer: true),
        KnownTerminal(name: "the Linux console", terms: ["linux"], takesQueries: false, symbols: .halfBlocks),
    ]

    /// The terminal whose XTVERSION name is `name` (any case).
    public static func answering(_ name: String) -> KnownTerminal? {
        let lowered = name.lowercased()
        return all.first { $0.versionName == lowered }
    }

    /// The terminal that sets `term` (exactly, or as its family's prefix).
    public static func setting(term: String) -> KnownTerminal? {
        guard !term.isEmpty else { return nil }
        return all.first { $0.terms.contains(term) } ?? all.first { $0.termPrefixes.contains { term.hasPrefix($0) } }
    }

    /// The terminal that sets TERM_PROGRAM to `program` (any case).
    static func running(program: String) -> KnownTerminal? {
        let lowered = program.lowercased()
        return lowered.isEmpty ? nil : all.first { $0.programs.contains(lowered) }
    }

    /// The names of the terminals that draw sextants themselves: "kitty, foot, Ghostty, WezTerm".
    /// The terminals whose own TERM alone says they take 24-bit colour, by name.
    public static var directColorByTerm: [String] {
        all.filter { $0.directColor && !$0.terms.isEmpty }.map(\.name)
    }

    /// `names` as a list in words: "a, b and c" (`conjunction` "or": "a, b or c").
    public static func listed(_ names: [String], conjunction: String = "and") -> String {
        names.dropLast().joined(separator: ", ") + (names.count > 1 ? " \(conjunction) " : "") + (names.last ?? "")
    }

    public static var sextantDrawers: [String] {
        all.filter { if case .sextants = $0.symbols { true } else { false } }.map(\.name)
    }

    /// Whether `version` (as XTVERSION gave it) is at least `from`.
    static func version(_ version: String?, isAtLeast from: [Int]) -> Bool {
        let numbers = version.map(versionNumbers) ?? []
        return !numbers.isEmpty && !numbers.lexicographicallyPrecedes(from)
    }

    /// The leading numbers of a version: "0.26.5" → [0, 26, 5], "1.2.0-dev" → [1, 2, 0].
    static func versionNumbers(_ text: String) -> [Int] {
        var numbers: [Int] = []
        for part in text.split(separator: ".") {
            let digits = part.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9, let number = Int(digits) else { break }
            numbers.append(number)
            if digits.count < part.count { break }
        }
        return numbers
    }
}

/// A family of TERM values no one terminal sets, as terminfo names them ("xterm-256color",
/// "rxvt-unicode"): what a TERM of the family says where no known terminal (`KnownTerminal`)
/// and no palette size in the name ("-256color") says more.
public struct TermFamily: Sendable {
    /// The start of the family's TERM values.
    let prefix: String
    /// The colours a TERM of the family promises ("xterm", "rxvt-unicode": 16).
    public let colors: ColorDepth
    /// terminfo's direct-colour entry for the whole family, after the TERM's own `-direct` sibling.
    public var directColorTerminfo: String? = nil

    public static let all: [TermFamily] = [
        TermFamily(prefix: "xterm", colors: .ansi16, directColorTerminfo: "xterm-direct"),
        TermFamily(prefix: "rxvt", colors: .ansi16),
    ]

    /// The family `term` belongs to, by its start.
    public static func of(term: String) -> TermFamily? {
        all.first { term.hasPrefix($0.prefix) }
    }
}

extension SymbolSet {
    /// The richest set the terminal is known to draw, for `--symbols auto`. `detected` is
    /// what the terminal itself answered when asked (nil: not asked, or no answer), and
    /// wins. Otherwise the terminal the environment names decides (`KnownTerminal.Symbols`),
    /// outside a multiplexer, where what the terminal outside draws is unknown; octants need
    /// a version check no variable gives, so only detection enables them.
    public static func best(environment: [String: String], detected: SymbolSet? = nil) -> SymbolSet {
        if let detected { return detected }
        let environment = TerminalEnvironment(environment)
        if KnownTerminal.setting(term: environment.term)?.symbols == .halfBlocks { return .half }
        if environment.multiplexed { return .quadrant }
        if case .sextants = environment.namedTerminal?.known?.symbols { return .sextant }
        return .quadrant
    }
}
