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
    /// Whether pictures made for cells of `made` pixels must be made again for cells of
    /// `cell`. sixel and iTerm2 pictures are exactly their cells' size, so at any change;
    /// kitty scales a picture to the cells it is placed on, so only where the eye would see
    /// it: either side more than an eighth off.
    public func remakesPictures(madeFor made: CellPixelSize, on cell: CellPixelSize) -> Bool {
        guard self == .kitty else { return made != cell }
        return abs(made.width - cell.width) * 8 > cell.width || abs(made.height - cell.height) * 8 > cell.height
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
