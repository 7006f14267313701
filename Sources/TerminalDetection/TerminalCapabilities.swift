import CellCanvas
import TerminalInput
import TerminalText

/// What the terminal can do and why the program thinks so: which pixel protocol to use (if
/// any), the cell size in pixels, the background colour, the sixel colour registers, the
/// terminal's name, tmux's passthrough, and which block symbols it draws. Every decision
/// carries its reason, for `preview --explain-terminal` and the `?` help.
public struct TerminalCapabilities: Hashable, Sendable {
    /// Whether a protocol can be used, and the evidence.
    public struct Support: Hashable, Sendable {
        public var available: Bool
        public var reason: String

        public init(_ available: Bool, _ reason: String) {
            self.available = available
            self.reason = reason
        }
    }

    /// The protocol to draw pictures with (forced or detected), or nil for symbols.
    public var graphics: GraphicsProtocol?
    public var graphicsReason: String
    /// `graphics` was forced (`--graphics`), not detected.
    public var graphicsForced: Bool
    /// For each protocol, whether the terminal shows it and why (or why not).
    public var support: [GraphicsProtocol: Support]
    /// Inside tmux with passthrough: every picture's control strings go wrapped in `ESC P tmux;`.
    public var passThroughTmux: Bool
    /// kitty pictures are placed with Unicode placeholders (`U=1`), so that tmux, which
    /// knows nothing of pictures, keeps them in place as ordinary text.
    public var kittyPlaceholders: Bool

    /// One cell in pixels, when known from a trustworthy source.
    public var cellSize: CellPixelSize?
    public var cellSizeReason: String
    /// The default background (OSC 11), for blending sixel's transparent edges.
    public var background: RGBColor?
    /// XTSMGRAPHICS' number of sixel colour registers.
    public var sixelRegisters: Int?
    /// The terminal's name and version as it gave them (XTVERSION) or as the environment names
    /// it; cleaned of control characters.
    public var terminalName: String?
    public var terminalVersion: String?
    /// Where the name comes from ("XTVERSION", "TERM_PROGRAM=WezTerm", …).
    public var terminalSource: String
    /// Inside tmux: what tmux said (nil outside tmux, or when it did not answer in time).
    public var tmux: TmuxReport?
    public var insideTmux: Bool
    /// Sextants (U+1FB00…) and octants (U+1CD00…) only where the terminal is known to draw
    /// them itself, whatever the font; half blocks and quadrants always.
    public var drawsSextants: Bool
    public var drawsOctants: Bool
    public var symbolsReason: String
    /// The terminal written to takes 24-bit colours, whatever its terminfo description says.
    public var drawsDirectColor: Bool
    public var directColorReason: String
    /// Which queries were answered and which were not, and how long the answers took.
    public var answered: [TerminalQuery]
    public var unanswered: [TerminalQuery]
    /// Why nothing was asked, when nothing was.
    public var notAsked: String?
    public var elapsedMilliseconds: Int

    init(probe: CapabilityProbe, elapsedMilliseconds: Int) {
        let environment = probe.environment
        let plan = probe.plan
        let passthrough = environment.insideTmux && probe.tmux?.passthrough == .on
        // The terminal that draws: outside tmux when passing through, else the one written to.
        let drawing = passthrough ? probe.outside : probe.direct
        self.elapsedMilliseconds = elapsedMilliseconds
        notAsked = probe.reasonNotToAsk
        insideTmux = environment.insideTmux
        tmux = probe.tmux
        passThroughTmux = passthrough
        kittyPlaceholders = environment.insideTmux
        let heard = Set(probe.direct.answered + probe.outside.answered)
        let asked = Set(plan.direct + plan.passedThrough)
        answered = TerminalQuery.allCases.filter { heard.contains($0) }
        unanswered = TerminalQuery.allCases.filter { asked.contains($0) && !heard.contains($0) }

        let identity = Self.identity(probe: probe, drawing: drawing)
        terminalName = identity.name
        terminalVersion = identity.version
        terminalSource = identity.source

        let support = Dictionary(uniqueKeysWithValues: GraphicsProtocol.allCases.map { graphics in
            (graphics, graphics.support(probe: probe, drawing: drawing, identity: identity))
        })
        self.support = support
        graphicsForced = probe.choice.forced != nil
        switch probe.choice {
        case .symbols:
            graphics = nil
            graphicsReason = "symbols were asked for (--graphics symbols)"
        case .forced(let forced):
            graphics = forced
            graphicsReason = "forced with --graphics \(forced.rawValue) (or \(GraphicsChoice.environmentVariable))"
        case .auto:
            let order = GraphicsProtocol.preference.compactMap { graphics in support[graphics].map { (graphics, $0) } }
            if let (best, why) = order.first(where: { $0.1.available }) {
                graphics = best
                graphicsReason = why.reason
            } else {
                graphics = nil
                // Inside tmux only kitty's placeholders could show pictures: its reason says why not.
                graphicsReason = environment.insideTmux ? support[.kitty]?.reason ?? "" : notAsked ?? "no pixel protocol found"
            }
        }

        (cellSize, cellSizeReason) = Self.cellSizeDecision(
            reported: drawing.cellSize ?? probe.direct.cellSize,
            rejected: drawing.rejectedCellSize ?? probe.direct.rejectedCellSize,
            asked: asked.contains(.cellSize), window: probe.windowSize)
        background = drawing.background ?? probe.direct.background
        sixelRegisters = (support[.sixel]?.available == true ? probe.direct : drawing).sixelRegisters
        (drawsSextants, drawsOctants, symbolsReason) = Self.symbols(identity: identity, environment: environment)
        (drawsDirectColor, directColorReason) = Self.directColor(probe: probe)
    }

    // MARK: Decisions

    struct Identity {
        var name: String?
        var version: String?
        var source: String
        /// What the table knows of it.
        var known: KnownTerminal? = nil
        /// It named itself in XTVERSION (not the environment, which may be inherited).
        var answered = false
    }

    /// The terminal's name: XTVERSION's answer from the terminal that draws, else tmux's
    /// client TERM, else what the environment names.
    static func identity(probe: CapabilityProbe, drawing: TerminalAnswers) -> Identity {
        let environment = probe.environment
        if let text = drawing.version, let parsed = parseVersion(text) {
            return Identity(name: parsed.name, version: parsed.version, source: "XTVERSION",
                            known: KnownTerminal.answering(parsed.name), answered: true)
        }
        if environment.insideTmux {
            if let client = probe.tmux?.clientTerm {
                return Identity(name: nil, version: nil, source: "tmux's client has TERM=\(client)")
            }
            if let text = probe.direct.version, let parsed = parseVersion(text) {
                return Identity(name: parsed.name, version: parsed.version, source: "XTVERSION",
                                known: KnownTerminal.answering(parsed.name), answered: true)
            }
            return Identity(name: "tmux", version: probe.tmux?.version, source: "TMUX")
        }
        if let named = environment.namedTerminal {
            return Identity(name: named.name, version: nil, source: named.variable, known: named.known)
        }
        return Identity(name: nil, version: nil, source: environment.term.isEmpty ? "TERM is not set" : "TERM=\(clean(environment.term))")
    }

    /// "kitty(0.26.5)", "XTerm(379)", "tmux 3.3a", "WezTerm 20230712-072601-f4abf8fd".
    static func parseVersion(_ text: String) -> (name: String, version: String?)? {
        let cleaned = clean(text)
        guard !cleaned.isEmpty else { return nil }
        if let open = cleaned.firstIndex(of: "("), cleaned.hasSuffix(")") {
            let name = String(cleaned[..<open])
            let version = String(cleaned[cleaned.index(after: open)..<cleaned.index(before: cleaned.endIndex)])
            return name.isEmpty ? nil : (name, version.isEmpty ? nil : version)
        }
        let parts = cleaned.split(separator: " ", maxSplits: 1)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
    }

    /// The reported size (`CSI 16 t`) cross-checked with the window's (TIOCGWINSZ): the
    /// terminal's own answer wins when both are plausible; zero or implausible values
    /// (`rejected`, as answered) are not trusted.
    static func cellSizeDecision(reported: CellPixelSize?, rejected: String? = nil, asked: Bool,
                                 window: TerminalSize) -> (CellPixelSize?, String) {
        let hasWindowPixels = window.columns > 0 && window.rows > 0 && window.pixelWidth > 0 && window.pixelHeight > 0
        let windowCell = hasWindowPixels ? (width: window.pixelWidth / window.columns, height: window.pixelHeight / window.rows) : nil
        let windowText = windowCell == nil ? "TIOCGWINSZ gives no pixel size"
            : "TIOCGWINSZ gives \(window.pixelWidth)×\(window.pixelHeight) px over \(window.columns)×\(window.rows) cells"
        let trustedWindow = windowCell.flatMap { CellPixelSize(width: $0.width, height: $0.height) }
        if let reported {
            guard let trustedWindow else { return (reported, "CSI 16t; \(windowText)") }
            if abs(trustedWindow.width - reported.width) <= 1 && abs(trustedWindow.height - reported.height) <= 1 {
                return (reported, "CSI 16t, and TIOCGWINSZ agrees")
            }
            return (reported, "CSI 16t (TIOCGWINSZ says \(trustedWindow); the terminal's own answer wins)")
        }
        let reportedText = rejected.map { "CSI 16t answered \($0), which is not trusted" }
            ?? (asked ? "no answer to CSI 16t" : "CSI 16t not asked")
        if let trustedWindow { return (trustedWindow, "TIOCGWINSZ (\(reportedText))") }
        if let windowCell {
            return (nil, "unknown: \(reportedText); TIOCGWINSZ's \(windowCell.width)×\(windowCell.height) px is not trusted")
        }
        return (nil, "unknown: \(reportedText); \(windowText)")
    }

    /// Sextants where the terminal is known to draw them itself (`KnownTerminal.symbols`): by its
    /// own answer, with octants from the version that draws them, or by the environment outside
    /// a multiplexer, where no version is known.
    static func symbols(identity: Identity, environment: TerminalEnvironment) -> (Bool, Bool, String) {
        if let known = identity.known, case .sextants(let octantsFrom) = known.symbols {
            let name = identity.name ?? known.name
            if identity.answered {
                if let octantsFrom, KnownTerminal.version(identity.version, isAtLeast: octantsFrom) {
                    return (true, true, "\(name) \(identity.version ?? "") draws sextants and octants itself")
                }
                return (true, false, "\(name) draws sextants itself; octants only from versions known to")
            }
            if !environment.multiplexed {
                return (true, false, "\(identity.source) names \(known.name), which draws sextants; its version (for octants) is unknown")
            }
        }
        let drawers = KnownTerminal.sextantDrawers.joined(separator: ", ")
        return (false, false, "sextants and octants only on terminals known to draw them (\(drawers))")
    }

    /// The finest block symbols the terminal is known to draw; nil when nothing names such a
    /// terminal (`SymbolSet.best(environment:)` decides then).
    public var finestSymbols: SymbolSet? {
        drawsOctants ? .octant : drawsSextants ? .sextant : nil
    }

    /// Whether the terminal written to takes 24-bit colours: COLORTERM, then its own answers
    /// (XTGETTCAP for `RGB`, or the name of a terminal `KnownTerminal.directColor` says does). Inside tmux that terminal is
    /// tmux, so the answers of the terminal outside it do not count.
    static func directColor(probe: CapabilityProbe) -> (Bool, String) {
        let environment = probe.environment
        if environment.saysDirectColor { return (true, "COLORTERM=\(clean(environment.colorTerm))") }
        if probe.direct.directColor == true { return (true, "the terminal has RGB (XTGETTCAP)") }
        if let text = probe.direct.version, let parsed = parseVersion(text), KnownTerminal.answering(parsed.name)?.directColor == true {
            return (true, "\(parsed.name) (XTVERSION) takes 24-bit colours")
        }
        return (false, probe.notAskedOr("neither COLORTERM, XTGETTCAP nor XTVERSION says the terminal takes 24-bit colours"))
    }

    static func clean(_ text: String) -> String {
        DisplayWidth.truncate(TextSanitizer.clean(text), to: 60)
    }
}

extension CapabilityProbe {
    /// Why nothing was asked, or `reason`.
    func notAskedOr(_ reason: String) -> String { reasonNotToAsk.map { "not asked: \($0)" } ?? reason }
}
