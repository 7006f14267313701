import CellCanvas
import TerminalInput

/// Everything one terminal answered.
public struct TerminalAnswers: Hashable, Sendable {
    /// The message of kitty's reply to the query's image id ("OK" or an error).
    public var kittyGraphics: String?
    public var version: String?
    /// `CSI 16t`'s answer when it is a size a cell could have; `rejectedCellSize` when not.
    public var cellSize: CellPixelSize?
    public var rejectedCellSize: String?
    public var background: RGBColor?
    /// XTSMGRAPHICS' status for the colour registers (0: success) and, on success, the count.
    public var sixelRegistersStatus: Int?
    public var sixelRegisters: Int?
    public var primaryAttributes: [Int]?
    /// XTGETTCAP's answer for `RGB` (or tmux's `Tc`): whether the terminal takes 24-bit colours.
    public var directColor: Bool?
    /// Replies nothing was asked for.
    public var others = 0

    public init() {}

    /// Which queries this terminal answered, in query order.
    public var answered: [TerminalQuery] {
        TerminalQuery.allCases.filter { query in
            switch query {
            case .kittyGraphics: kittyGraphics != nil
            case .version: version != nil
            case .cellSize: cellSize != nil || rejectedCellSize != nil
            case .background: background != nil
            case .sixelRegisters: sixelRegistersStatus != nil
            case .directColor: directColor != nil
            case .primaryAttributes: primaryAttributes != nil
            }
        }
    }

    mutating func record(_ reply: TerminalReply) {
        switch reply {
        case .kittyGraphics(let id, let message) where id == TerminalQuery.kittyQueryID:
            kittyGraphics = message
        case .terminalVersion(let text):
            version = text
        case .cellSize(let width, let height):
            cellSize = CellPixelSize(width: width, height: height)
            rejectedCellSize = cellSize == nil ? "\(width)×\(height) px" : nil
        case .background(let red, let green, let blue):
            background = RGBColor(red: red, green: green, blue: blue)
        case .graphicsAttribute(item: 1, let status, let values):
            sixelRegistersStatus = status
            sixelRegisters = status == 0 ? values.first : nil
        case .primaryAttributes(let attributes):
            primaryAttributes = attributes
        case .capability(let name, let present) where name == TerminalQuery.directColorCapability || name == "Tc":
            directColor = present || directColor == true
        case .kittyGraphics, .graphicsAttribute, .capability, .other:
            others += 1
        }
    }
}

public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public var description: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// Finding out what the terminal can do: which queries to send (given the environment and,
/// inside tmux, what tmux said), which answers came from whom, and when nothing more is
/// coming. The caller does the I/O: asks tmux, writes `plan.bytes` once, hands over every
/// reply, and after its deadline takes `capabilities` whatever has come. Pure.
public struct CapabilityProbe: Sendable {
    public let environment: TerminalEnvironment
    public let choice: GraphicsChoice
    /// False when the output is not a terminal: nothing can be asked.
    public let canQuery: Bool
    /// The size TIOCGWINSZ gives, pixels included (kept up to date on resize).
    public var windowSize: TerminalSize
    public private(set) var tmux: TmuxReport?
    /// Answers from the terminal written to (inside tmux: tmux itself).
    public private(set) var direct = TerminalAnswers()
    /// Answers from the terminal outside tmux, through passthrough.
    public private(set) var outside = TerminalAnswers()
    private var primaryAnswers = 0

    public init(environment: [String: String], choice: GraphicsChoice, canQuery: Bool, windowSize: TerminalSize) {
        self.environment = TerminalEnvironment(environment)
        self.choice = choice
        self.canQuery = canQuery
        self.windowSize = windowSize
    }

    /// Why nothing is asked at all, or nil when queries go out.
    public var reasonNotToAsk: String? {
        if !canQuery { return "the output is not a terminal" }
        if choice == .symbols { return "--graphics symbols asks nothing" }
        if environment.isLinuxConsole { return "TERM=linux: the Linux console shows no pictures and prints queries it does not know" }
        if environment.term.isEmpty || environment.term == "dumb" {
            return environment.term.isEmpty ? "TERM is not set" : "TERM=dumb: the terminal takes no escape sequences"
        }
        return nil
    }

    /// Inside tmux, tmux is asked about passthrough before anything is written: wrapping
    /// the queries for the terminal outside depends on it.
    public var needsTmux: Bool { reasonNotToAsk == nil && environment.insideTmux && tmux == nil }

    public mutating func tmuxAnswered(_ report: TmuxReport) {
        tmux = report
    }

    /// The queries for the one write (empty when nothing is asked). Inside tmux, ask only
    /// once `tmuxAnswered` has been called.
    public var plan: QueryPlan {
        guard reasonNotToAsk == nil else { return QueryPlan(direct: [], passedThrough: []) }
        var all = TerminalQuery.allCases
        if environment.insideTmux {
            if tmux?.passthrough == .on {
                if let client = tmux?.clientTerm, TerminalEnvironment(["TERM": client]).termIsKittyGraphics {
                    all.removeAll { $0 == .kittyGraphics }
                }
                return QueryPlan(direct: [.primaryAttributes], passedThrough: all)
            }
            // tmux keeps kitty's control strings to itself without passthrough.
            return QueryPlan(direct: all.filter { $0 != .kittyGraphics }, passedThrough: [])
        }
        if environment.termIsKittyGraphics || environment.screen {
            // Certain without asking; GNU screen keeps the string to itself.
            all.removeAll { $0 == .kittyGraphics }
        }
        return QueryPlan(direct: all, passedThrough: [])
    }

    /// Takes one reply. Replies before the first DA1 answer come from the terminal written
    /// to; with passthrough, those after it from the terminal outside tmux.
    public mutating func receive(_ reply: TerminalReply) {
        let fromOutside = !plan.passedThrough.isEmpty && primaryAnswers >= plan.direct.filter { $0 == .primaryAttributes }.count
        if fromOutside {
            outside.record(reply)
        } else {
            direct.record(reply)
        }
        if case .primaryAttributes = reply { primaryAnswers += 1 }
    }

    /// True once every DA1 asked has been answered: nothing more is coming.
    public var isComplete: Bool {
        let expected = plan.primaryAttributesExpected
        return expected > 0 && primaryAnswers >= expected
    }

    /// The pixel protocol no answer still out can change, where its pictures depend on
    /// nothing an answer may bring: they can be made while the answers come. kitty only: it
    /// is used whenever it is forced, or named by the environment or tmux's client, and it
    /// scales a picture to the cells it is placed on, so an answered cell size changes how
    /// sharp a picture is, not where it goes; sixel and iTerm2 pictures must be the cells'
    /// exact size, and sixel's colours come from the answers. Inside tmux, not before tmux
    /// has said whether it passes pictures through.
    public var protocolBeforeAnswers: GraphicsProtocol? {
        guard !needsTmux, capabilities(elapsedMilliseconds: 0).graphics == .kitty else { return nil }
        return .kitty
    }

    /// What is known now. `elapsedMilliseconds`: since the queries were written.
    public func capabilities(elapsedMilliseconds: Int) -> TerminalCapabilities {
        TerminalCapabilities(probe: self, elapsedMilliseconds: elapsedMilliseconds)
    }
}
