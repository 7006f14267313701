/// A colour as a terminal understands it, rather than as an image stores it: screens mix
/// the terminal's own theme colours (`.default`), palette entries and direct RGB, and
/// only the terminal knows what `.default` and palette entries 0–15 look like.
public enum TerminalColor: Hashable, Sendable, CustomStringConvertible {
    /// Whatever the terminal's theme uses; for a background, the terminal's own background
    /// shows through, which is how transparent pixels stay transparent.
    case `default`
    /// Direct colour (`38;2`/`48;2`), 8-bit sRGB.
    case rgb(UInt8, UInt8, UInt8)
    /// A palette entry: 0–7 the ANSI colours, 8–15 their bright variants, 16–231 the
    /// 6×6×6 cube, 232–255 the grey ramp.
    case indexed(UInt8)

    public var description: String {
        switch self {
        case .default: ".default"
        case let .rgb(r, g, b): ".rgb(\(r), \(g), \(b))"
        case let .indexed(n): ".indexed(\(n))"
        }
    }
}

/// Text attributes a cell can carry. An option set so a screen can combine them (a focused,
/// selected entry is bold *and* reverse) and compare them cheaply.
public struct CellAttributes: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let dim = CellAttributes(rawValue: 1 << 1)
    public static let underline = CellAttributes(rawValue: 1 << 2)
    public static let reverse = CellAttributes(rawValue: 1 << 3)

    package static let named: [(CellAttributes, String)] = [
        (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"),
    ]

    public var description: String {
        "[" + Self.named.filter { contains($0.0) }.map { "." + $0.1 }.joined(separator: ", ") + "]"
    }
}

/// Everything about a cell except its text, so text can be written "in a style" and a
/// screen's styles can be listed and compared on their own.
public struct CellStyle: Hashable, Sendable, CustomStringConvertible {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: CellAttributes

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default,
                attributes: CellAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's own colours, no attributes.
    public static let plain = CellStyle()

    public var description: String {
        var text = "fg \(foreground) bg \(background)"
        if !attributes.isEmpty { text += " \(attributes)" }
        return text
    }
}
