/// The questions that find out what a terminal can do, sent in one write so that one round
/// trip answers them all. DA1 goes last: every terminal answers it, and answers in order,
/// so its reply means every answer that is coming has come.
public enum TerminalQuery: String, CaseIterable, Hashable, Sendable {
    /// kitty's graphics protocol, asked to check a one-pixel image without keeping it (`a=q`).
    case kittyGraphics
    /// XTVERSION (`CSI > q`): the terminal's name and version.
    case version
    /// `CSI 16 t`: one cell's size in pixels.
    case cellSize
    /// OSC 11: the default background colour (what sixel's transparent edges blend into).
    case background
    /// XTSMGRAPHICS (`CSI ? 1 ; 1 ; 0 S`): how many sixel colour registers there are.
    case sixelRegisters
    /// XTGETTCAP for `RGB` (`DCS + q 524742 ST`): whether the terminal's own terminfo says it
    /// takes 24-bit colours, which decides over SSH, where COLORTERM does not travel.
    case directColor
    /// DA1 (`CSI c`): the terminal's features; attribute 4 is sixel.
    case primaryAttributes

    /// The image id the kitty query carries; its reply names it.
    public static let kittyQueryID = 31

    /// The terminfo capability `.directColor` asks about: ncurses' name for 24-bit colour.
    /// tmux's `Tc` says the same, but a terminal that knows `Tc` answers for `RGB` too.
    public static let directColorCapability = "RGB"

    /// XTGETTCAP's spelling of a capability name: its bytes in upper-case hex.
    static func hex(_ name: String) -> String {
        name.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }

    public var bytes: [UInt8] {
        switch self {
        case .kittyGraphics: Array("\u{1B}_Gi=\(Self.kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
        case .version: Array("\u{1B}[>q".utf8)
        case .cellSize: Array("\u{1B}[16t".utf8)
        case .background: Array("\u{1B}]11;?\u{1B}\\".utf8)
        case .sixelRegisters: Array("\u{1B}[?1;1;0S".utf8)
        case .directColor: Array("\u{1B}P+q\(TerminalQuery.hex(TerminalQuery.directColorCapability))\u{1B}\\".utf8)
        case .primaryAttributes: Array("\u{1B}[c".utf8)
        }
    }

    /// How the explanation names it.
    public var title: String {
        switch self {
        case .kittyGraphics: "kitty graphics query"
        case .version: "XTVERSION"
        case .cellSize: "CSI 16t"
        case .background: "OSC 11"
        case .sixelRegisters: "XTSMGRAPHICS"
        case .directColor: "XTGETTCAP RGB"
        case .primaryAttributes: "DA1"
        }
    }

    /// `bytes` wrapped so that tmux hands them to the terminal outside it (with
    /// `allow-passthrough` on): `ESC P tmux ;` and the sequence with every Esc doubled, `ESC \`.
    public static func passedThroughTmux(_ sequence: [UInt8]) -> [UInt8] {
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        for byte in sequence {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        return wrapped + Array("\u{1B}\\".utf8)
    }
}

/// What one write asks, and of whom.
public struct QueryPlan: Hashable, Sendable {
    /// Asked of the terminal the program writes to (inside tmux: tmux itself).
    public var direct: [TerminalQuery]
    /// Asked of the terminal outside tmux, through tmux's passthrough; answered after every
    /// direct query.
    public var passedThrough: [TerminalQuery]

    /// DA1 alone: terminals answer in order, so its answer comes after every answer the
    /// terminal still owes the program (to kitty commands sent before it, say).
    public static let settling = QueryPlan(direct: [.primaryAttributes], passedThrough: [])

    /// The one write.
    public var bytes: [UInt8] {
        direct.flatMap(\.bytes) + passedThrough.flatMap { TerminalQuery.passedThroughTmux($0.bytes) }
    }

    /// DA1 answers to wait for: after the last of them nothing more is coming.
    public var primaryAttributesExpected: Int {
        (direct + passedThrough).filter { $0 == .primaryAttributes }.count
    }

    public var isEmpty: Bool { direct.isEmpty && passedThrough.isEmpty }

    /// How long a terminal that answers at all takes to answer a terminal on this machine:
    /// one silent for this long answers nothing, and symbols are final.
    public static let localAnswerMilliseconds = 250
    /// How long answers may take over SSH, or through tmux to a terminal whose client may
    /// be anywhere: a slow link's round trip.
    public static let remoteAnswerMilliseconds = 1000

    /// How long after this plan is written its answers may still come, and so how long
    /// leaving must keep reading them (counted from the write) for none to reach the shell.
    public func answerWindowMilliseconds(in environment: TerminalEnvironment) -> Int {
        environment.overSSH || !passedThrough.isEmpty ? Self.remoteAnswerMilliseconds : Self.localAnswerMilliseconds
    }
}
