/// What a bare Esc from ncurses really was.
///
/// ncurses turns a key's or a mouse report's escape sequence into one key code only when
/// the whole sequence arrives within ESCDELAY (25 ms here) and terminfo lists it (`kmous`
/// names one mouse protocol: `\E[<` for SGR reports on xterm, `\E[M` for X10 ones on
/// screen and tmux). Otherwise it hands over a bare Esc and then the rest byte by byte:
/// when a slow link splits a report after its first byte, or when a terminal sends SGR
/// reports to a program whose terminfo expects X10 ones (a mode left on by another
/// program). Taken as the Esc key, such a click or arrow would quit the chooser.
///
/// So after a bare Esc the terminal layer reads on a little (`read`): nothing within
/// `graceMilliseconds` means the Esc key; `ESC [` or `ESC O` starts a sequence that is
/// read to its end and turned into the click or key it encodes, or dropped, but never
/// taken for Esc; any other character was typed after Esc and is handed back.
/// Pure: the bytes come from a closure, so every split and timeout can be tested.
public enum EscapeSequence {
    /// How long to wait after ncurses' own ESCDELAY for the byte after an Esc: an Esc key
    /// press is reported 25 + 100 ms after it is typed (vim's `ttimeoutlen` is 100 ms).
    public static let graceMilliseconds = 100
    /// Once `ESC [` has arrived a sequence is certainly under way: wait this long for each
    /// further byte before dropping it.
    public static let sequenceMilliseconds = 500
    /// Longer than any key or mouse report; a longer run is dropped.
    static let maximumLength = 32

    public enum Outcome: Equatable, Sendable {
        /// The Esc key itself.
        case escape
        /// A sequence that encodes this event.
        case event(TerminalEvent)
        /// A sequence that means nothing to the chooser, or a broken one: no event at all.
        case ignored
        /// Esc, then a character typed after it (handed back to be read as a key).
        case escapeThen(UInt32)
    }

    /// Reads what follows a bare Esc. `next(milliseconds)` returns the next input
    /// character, or nil when none arrives in time.
    public static func read(next: (Int) -> UInt32?) -> Outcome {
        guard let first = next(graceMilliseconds) else { return .escape }
        switch first {
        case 0x5B:  // "["
            return readCSI(next: next)
        case 0x4F:  // "O": SS3, as cursor keys send in application mode
            guard let final = next(sequenceMilliseconds) else { return .ignored }
            return key(final: final, parameters: []).map { .event(.key($0)) } ?? .ignored
        default:
            return .escapeThen(first)
        }
    }

    /// The rest of `ESC [`: parameter and intermediate bytes up to a final byte.
    private static func readCSI(next: (Int) -> UInt32?) -> Outcome {
        var body: [UInt32] = []
        while body.count < maximumLength {
            guard let byte = next(sequenceMilliseconds) else { return .ignored }
            if body.isEmpty && byte == 0x4D {  // "ESC [ M": an X10 mouse report, three raw bytes follow
                var raw: [UInt32] = []
                for _ in 0..<3 {
                    guard let value = next(sequenceMilliseconds) else { return .ignored }
                    raw.append(value)
                }
                return x10Click(raw).map { .event($0) } ?? .ignored
            }
            if (0x40...0x7E).contains(byte) {
                return event(body: body, final: byte).map { .event($0) } ?? .ignored
            }
            guard (0x20...0x3F).contains(byte) else { return .ignored }
            body.append(byte)
        }
        return .ignored
    }

    /// A whole CSI sequence (`body` between `ESC [` and `final`) as an event, if it is one.
    static func event(body: [UInt32], final: UInt32) -> TerminalEvent? {
        let text = String(String.UnicodeScalarView(body.compactMap(Unicode.Scalar.init)))
        if text.hasPrefix("<") {
            return sgrClick(text.dropFirst(), final: final)
        }
        let parameters = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard parameters.allSatisfy({ $0 != nil }) || text.isEmpty else { return nil }
        return key(final: final, parameters: parameters.compactMap { $0 }).map { .key($0) }
    }

    /// Cursor and editing keys, with or without modifier parameters (`1;5C` is Ctrl-Right).
    static func key(final: UInt32, parameters: [Int]) -> TerminalKey? {
        switch Unicode.Scalar(final).map(Character.init) {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return .backTab
        case "~":
            switch parameters.first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return nil
        }
    }

    /// `ESC [ < B ; X ; Y M` (press) or `… m` (release), 1-based cells: a button-1 press is
    /// a click, with or without Shift, Alt or Ctrl (4, 8, 16); motion and other buttons are not.
    static func sgrClick(_ text: Substring, final: UInt32) -> TerminalEvent? {
        let numbers = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard final == 0x4D, numbers.count == 3, let button = numbers[0], let x = numbers[1], let y = numbers[2],
              button & ~(4 | 8 | 16) == 0, x >= 1, y >= 1 else { return nil }
        return .click(column: x - 1, row: y - 1)
    }

    /// `ESC [ M b x y` with each value offset by 32 (cells 1-based, so 33 is the first).
    static func x10Click(_ raw: [UInt32]) -> TerminalEvent? {
        guard raw.count == 3, raw.allSatisfy({ $0 >= 32 }) else { return nil }
        let button = Int(raw[0]) - 32, x = Int(raw[1]) - 33, y = Int(raw[2]) - 33
        guard button & ~(4 | 8 | 16) == 0, x >= 0, y >= 0 else { return nil }
        return .click(column: x, row: y)
    }
}
