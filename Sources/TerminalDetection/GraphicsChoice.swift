import CellCanvas
import TerminalText

/// A way to show real pixels in a terminal.
public enum GraphicsProtocol: String, CaseIterable, Hashable, Sendable {
    /// kitty's graphics protocol: each picture sent once, then placed by id (kitty, Ghostty,
    /// WezTerm, Konsole).
    case kitty
    /// DEC sixel: the picture's pixels in six-row bands, redrawn whenever text covers them
    /// (xterm -ti vt340, foot, mlterm, Windows Terminal, WezTerm, Konsole).
    case sixel
    /// iTerm2's inline images (`OSC 1337 ; File=…`): a PNG per picture (iTerm2, WezTerm).
    case iterm2

    /// How people name it.
    public var title: String {
        switch self {
        case .kitty: "kitty graphics"
        case .sixel: "sixel"
        case .iterm2: "iTerm2 images"
        }
    }
}

extension GraphicsProtocol {
    /// The terminal scales a picture to the cells it is placed on (kitty): a picture needs no
    /// more pixels than its icon has, and a standard cell size does where none is known.
    /// Otherwise (sixel, iTerm2) it is drawn pixel for pixel, and lines up with the text only
    /// when made at the cell size.
    public var scalesToCells: Bool {
        switch self {
        case .kitty: true
        case .sixel, .iterm2: false
        }
    }

    /// Whether pictures made for cells of `made` pixels must be made again for cells of
    /// `cell`. Pictures drawn pixel for pixel are exactly their cells' size, so at any change;
    /// a picture the terminal scales to its cells only where the eye would see it: either side
    /// more than an eighth off.
    public func remakesPictures(madeFor made: CellPixelSize, on cell: CellPixelSize) -> Bool {
        guard scalesToCells else { return made != cell }
        return abs(made.width - cell.width) * 8 > cell.width || abs(made.height - cell.height) * 8 > cell.height
    }
}

extension GraphicsProtocol {
    /// The order `--graphics auto` takes the protocols a terminal shows in, best first.
    public static let preference: [GraphicsProtocol] = [.kitty, .iterm2, .sixel]

    /// Whether the terminal probed shows this protocol, and the evidence: each protocol's
    /// detection, one function each below.
    func support(probe: CapabilityProbe, drawing: TerminalAnswers,
                 identity: TerminalCapabilities.Identity) -> TerminalCapabilities.Support {
        switch self {
        case .kitty: TerminalCapabilities.kittySupport(probe: probe, drawing: drawing, identity: identity)
        case .sixel: TerminalCapabilities.sixelSupport(probe: probe)
        case .iterm2: TerminalCapabilities.iterm2Support(probe: probe, identity: identity)
        }
    }
}

extension TerminalCapabilities {
    static func kittySupport(probe: CapabilityProbe, drawing: TerminalAnswers, identity: Identity) -> Support {
        let environment = probe.environment
        let asked = Set(probe.plan.direct + probe.plan.passedThrough).contains(.kittyGraphics)
        if environment.insideTmux {
            switch probe.tmux?.passthrough {
            case nil:
                return Support(false, probe.notAskedOr("tmux did not say in time whether allow-passthrough is on"))
            case .unknown(let why):
                return Support(false, "cannot tell whether tmux passes pictures through (\(why))")
            case .off:
                return Support(false, "tmux's allow-passthrough is off; `tmux set -g allow-passthrough on` lets pictures through")
            case .on:
                // Unicode placeholders are the only way a picture stays in place in tmux.
                if let text = drawing.version, let outside = parseVersion(text), let version = outside.version,
                   let known = KnownTerminal.answering(outside.name), let from = known.kittyPlaceholdersFrom,
                   !KnownTerminal.version(version, isAtLeast: from) {
                    let first = from.map(String.init).joined(separator: ".")
                    return Support(false, "\(known.name) \(version) (XTVERSION) outside tmux draws no Unicode placeholders, which pictures in tmux need (\(known.name) \(first) and later do)")
                }
                if let client = probe.tmux?.clientTerm, TerminalEnvironment(["TERM": client]).termIsKittyGraphics {
                    return Support(true, "tmux passes pictures through, and its terminal is TERM=\(client)")
                }
                if drawing.kittyGraphics == "OK" {
                    return Support(true, "tmux passes pictures through, and the terminal outside answered kitty's query with OK")
                }
                if let message = drawing.kittyGraphics {
                    return Support(false, "the terminal outside tmux answered kitty's query with “\(clean(message))”")
                }
                return Support(false, "tmux passes pictures through, but the terminal outside did not answer kitty's query")
            }
        }
        if environment.termIsKittyGraphics { return Support(true, "TERM=\(environment.term)") }
        if drawing.kittyGraphics == "OK" { return Support(true, "the terminal answered kitty's graphics query with OK") }
        if let message = drawing.kittyGraphics {
            return Support(false, "the terminal answered kitty's graphics query with “\(clean(message))”")
        }
        if identity.answered, let known = identity.known, known.isMultiplexer {
            return Support(false, "the terminal is \(known.name) (XTVERSION), on the far side of a connection: its passthrough cannot be checked from here")
        }
        if environment.screen { return Support(false, "GNU screen (STY) keeps kitty's control strings to itself") }
        if asked { return Support(false, "no answer to kitty's graphics query") }
        return Support(false, probe.notAskedOr("not asked"))
    }

    static func sixelSupport(probe: CapabilityProbe) -> Support {
        let attributes = probe.direct.primaryAttributes
        let listed = attributes.map { "?" + $0.map(String.init).joined(separator: ";") }
        if probe.environment.insideTmux {
            guard let attributes, let listed else {
                return Support(false, probe.notAskedOr("tmux did not answer DA1"))
            }
            return attributes.contains(4)
                ? Support(true, "tmux draws sixel itself (its DA1 \(listed) lists 4)")
                : Support(false, "tmux does not draw sixel (its DA1 \(listed) lists no 4), and sixel passed through it would not survive its redraws")
        }
        guard let attributes, let listed else {
            return Support(false, probe.notAskedOr("no answer to DA1"))
        }
        return attributes.contains(4)
            ? Support(true, "DA1 \(listed) lists attribute 4 (sixel)")
            : Support(false, "DA1 \(listed) lists no sixel (attribute 4)")
    }

    static func iterm2Support(probe: CapabilityProbe, identity: Identity) -> Support {
        let environment = probe.environment
        if environment.insideTmux {
            return Support(false, "inside tmux only kitty's placeholders keep pictures in place")
        }
        let drawers = KnownTerminal.all.filter(\.iterm2Images).map(\.name)
        // Its own answer first, then the environment (LC_TERMINAL travels over ssh where iTerm2 sets it up).
        let named = environment.namedTerminal
        for (known, source) in [(identity.known, identity.source), (named?.known, named?.variable ?? "")] {
            guard let known, known.iterm2Images else { continue }
            return known.ownProtocol == .iterm2 ? Support(true, "the terminal is \(known.name) (\(source))")
                : Support(true, "\(known.name) (\(source)) shows iTerm2 images")
        }
        return Support(false, "neither XTVERSION nor LC_TERMINAL or TERM_PROGRAM names \(drawers.joined(separator: " or "))")
    }
}

/// `--graphics` (or `ICONCHOOSER_GRAPHICS`): detect, force a protocol, or never use pixels.
public enum GraphicsChoice: Hashable, Sendable, CaseIterable {
    case auto
    case forced(GraphicsProtocol)
    /// Symbol art only, whatever the terminal could do.
    case symbols

    /// Every choice, in the order help lists them.
    public static let allCases: [GraphicsChoice] = [.auto] + GraphicsProtocol.allCases.map(GraphicsChoice.forced) + [.symbols]

    /// The words `--graphics` takes.
    public static var names: [String] { allCases.map(\.name) }

    public init?(name: String) {
        switch name.lowercased() {
        case "auto": self = .auto
        case "symbols": self = .symbols
        default:
            guard let graphics = GraphicsProtocol(rawValue: name.lowercased()) else { return nil }
            self = .forced(graphics)
        }
    }

    /// The protocol forced, if one is.
    public var forced: GraphicsProtocol? {
        if case .forced(let graphics) = self { graphics } else { nil }
    }

    public var name: String {
        switch self {
        case .auto: "auto"
        case .symbols: "symbols"
        case .forced(let graphics): graphics.rawValue
        }
    }

    /// The environment variable that chooses when `--graphics` is not given.
    public static let environmentVariable = "ICONCHOOSER_GRAPHICS"

    /// Why an `ICONCHOOSER_GRAPHICS` value was refused.
    public struct InvalidName: Error, Equatable, CustomStringConvertible {
        public let value: String
        public var description: String {
            "\(GraphicsChoice.environmentVariable)=“\(value)” is not one of \(GraphicsChoice.names.joined(separator: ", "))"
        }
    }

    /// `ICONCHOOSER_GRAPHICS` when set and not empty, else nil.
    public static func fromEnvironment(_ environment: [String: String]) throws(InvalidName) -> GraphicsChoice? {
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        guard let choice = GraphicsChoice(name: value) else {
            throw InvalidName(value: DisplayWidth.truncate(TextSanitizer.clean(value), to: 40))
        }
        return choice
    }
}
