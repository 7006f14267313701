/// Turns the bytes a terminal sends into keys, clicks and replies.
///
/// Everything arrives on one stream: keys, mouse reports, and the answers to the queries
/// the program sent (see `TerminalReply`), in any order, split across reads anywhere, late,
/// or garbled. The decoder sorts them, so that no answer is ever taken for typing and no
/// escape sequence for the Esc key: an Esc that starts a sequence split after its first
/// byte (a slow link) still starts a sequence; a click or a reply is never the Esc that quits.
///
/// Timing is the caller's: `feed` the bytes as they come, with the time, and call `expire`
/// once `deadline` has passed. A lone Esc is the Esc key when nothing follows it within
/// `escapeMilliseconds`; a sequence that stops arriving for `sequenceMilliseconds` is dropped.
/// Pure: no clock, no I/O, so every split and timeout can be tested.
public struct InputDecoder: Sendable {
    /// How long a lone Esc waits for the rest of a sequence (vim's `ttimeoutlen`).
    public static let escapeMilliseconds = 100
    /// Once `ESC [`, `ESC ]`, `ESC P` or `ESC _` has arrived a sequence is certainly under
    /// way: wait this long for each further byte before dropping it.
    public static let sequenceMilliseconds = 500
    /// Longer than any key, mouse report or reply to a CSI query; a longer one is dropped.
    static let maximumSequenceLength = 128
    /// Longer than any control string the program asks for (XTVERSION, OSC 11, kitty's
    /// replies); the rest of a longer one is read and dropped.
    static let maximumStringLength = 1024

    enum StringKind: Equatable, Sendable {
        case osc, dcs, apc
    }

    enum State: Equatable, Sendable {
        case ground
        /// After ESC, waiting to see what it starts.
        case escape
        /// `ESC [` and the parameter and intermediate bytes so far; `overflowed` once the
        /// bytes no longer fit (then they are read to the final byte and dropped).
        case csi([UInt8], overflowed: Bool)
        /// `ESC O`: one byte names the key.
        case ss3
        /// `ESC [ M`: an X10 mouse report, three raw bytes follow.
        case x10([UInt8])
        /// A control string up to its terminator (ST, `ESC \`; BEL also ends OSC).
        case string(StringKind, [UInt8], overflowed: Bool, afterEscape: Bool)
        /// A UTF-8 character's bytes so far, and how many it needs in all.
        case utf8([UInt8], length: Int)
    }

    private(set) var state: State = .ground
    /// A key sequence under way when another sequence began inside it: kept, and taken up
    /// again if what came in between was an answer to a query. A terminal never breaks its
    /// own sequences, but the answers of a multiplexer (tmux answers for the terminal) can
    /// come between the pieces of a key sequence a slow link split.
    private var interrupted: State?
    /// When the last byte came (milliseconds, the caller's clock).
    private var lastByte = 0

    public init() {}

    /// When `expire` must be called to settle what is pending, or nil when nothing is.
    public var deadline: Int? {
        switch state {
        case .ground: nil
        case .escape: lastByte + Self.escapeMilliseconds
        case .utf8, .csi, .ss3, .x10, .string: lastByte + Self.sequenceMilliseconds
        }
    }

    /// True when part of a sequence has arrived and the rest is awaited.
    public var isPending: Bool { state != .ground }

    /// Decodes `bytes`, which arrived at `now` (milliseconds).
    public mutating func feed(_ bytes: some Sequence<UInt8>, at now: Int) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        for byte in bytes {
            lastByte = now
            let before = events.count
            if byte == 0x1B, interrupted == nil, Self.isKeySequence(state) {
                interrupted = state
            }
            consume(byte, into: &events)
            resumeOrForget(after: events[before...])
        }
        return events
    }

    /// True for the states of a key or mouse sequence that has certainly begun.
    private static func isKeySequence(_ state: State) -> Bool {
        switch state {
        case .csi, .ss3: true
        default: false
        }
    }

    /// Once the sequence that came inside an interrupted one has ended: if it was an
    /// answer, the interrupted sequence goes on; otherwise it is dropped.
    private mutating func resumeOrForget(after produced: ArraySlice<TerminalEvent>) {
        guard let suspended = interrupted, state == .ground else { return }
        interrupted = nil
        let onlyReplies = !produced.isEmpty && produced.allSatisfy { if case .reply = $0 { true } else { false } }
        if onlyReplies { state = suspended }
    }

    /// Settles what is pending once `deadline` has passed: a lone Esc becomes the Esc key, a
    /// sequence that stopped arriving is dropped.
    public mutating func expire(at now: Int) -> [TerminalEvent] {
        guard let deadline, now >= deadline else { return [] }
        let expired = state
        state = .ground
        interrupted = nil
        return expired == .escape ? [.key(.escape)] : []
    }

    private mutating func consume(_ byte: UInt8, into events: inout [TerminalEvent]) {
        switch state {
        case .ground:
            ground(byte, into: &events)
        case .escape:
            introduced(by: byte, into: &events)
        case .csi(let body, let overflowed):
            csi(byte, body: body, overflowed: overflowed, into: &events)
        case .ss3:
            state = .ground
            if let key = Self.cursorKey(final: byte, parameters: []) {
                events.append(.key(key))
            } else if byte == 0x1B || byte < 0x20 {
                ground(byte, into: &events)
            }
        case .x10(var raw):
            raw.append(byte)
            if raw.count < 3 {
                state = .x10(raw)
            } else {
                state = .ground
                if let click = Self.x10Click(raw) { events.append(click) }
            }
        case .string(let kind, let body, let overflowed, let afterEscape):
            string(byte, kind: kind, body: body, overflowed: overflowed, afterEscape: afterEscape, into: &events)
        case .utf8(var bytes, let length):
            guard byte & 0xC0 == 0x80 else {
                state = .ground
                ground(byte, into: &events)  // a broken character is dropped, the byte is read anew
                return
            }
            bytes.append(byte)
            if bytes.count < length {
                state = .utf8(bytes, length: length)
                return
            }
            state = .ground
            if let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first {
                events.append(.key(.character(Character(scalar))))
            }
        }
    }

    private mutating func ground(_ byte: UInt8, into events: inout [TerminalEvent]) {
        switch byte {
        case 0x1B:
            state = .escape
        case 0x09:
            events.append(.key(.tab))
        case 0x0A, 0x0D:
            events.append(.key(.enter))
        case 0x08, 0x7F:
            events.append(.key(.backspace))
        case 0x01...0x1A:
            events.append(.key(.control(Character(Unicode.Scalar(byte + 0x60)))))
        case 0x20...0x7E:
            events.append(.key(.character(Character(Unicode.Scalar(byte)))))
        case 0xC2...0xDF:
            state = .utf8([byte], length: 2)
        case 0xE0...0xEF:
            state = .utf8([byte], length: 3)
        case 0xF0...0xF4:
            state = .utf8([byte], length: 4)
        default:
            break  // NUL, other controls, stray continuation bytes: nothing typed
        }
    }

    private mutating func introduced(by byte: UInt8, into events: inout [TerminalEvent]) {
        switch byte {
        case 0x5B:  // "["
            state = .csi([], overflowed: false)
        case 0x4F:  // "O": SS3, as cursor keys send in application mode
            state = .ss3
        case 0x5D:  // "]"
            state = .string(.osc, [], overflowed: false, afterEscape: false)
        case 0x50:  // "P"
            state = .string(.dcs, [], overflowed: false, afterEscape: false)
        case 0x5F:  // "_"
            state = .string(.apc, [], overflowed: false, afterEscape: false)
        case 0x1B:  // Esc twice: the first is the key, the second may start a sequence
            events.append(.key(.escape))
            state = .escape
        default:  // Esc, then a character typed after it (or Alt with it)
            events.append(.key(.escape))
            state = .ground
            ground(byte, into: &events)
        }
    }

    private mutating func csi(_ byte: UInt8, body: [UInt8], overflowed: Bool, into events: inout [TerminalEvent]) {
        switch byte {
        case 0x4D where body.isEmpty && !overflowed:  // "ESC [ M": X10 mouse
            state = .x10([])
        case 0x20...0x3F:
            let fits = !overflowed && body.count < Self.maximumSequenceLength
            state = .csi(fits ? body + [byte] : [], overflowed: !fits)
        case 0x40...0x7E:
            state = .ground
            if !overflowed, let event = Self.csiEvent(body: body, final: byte) { events.append(event) }
        default:
            // A control character or Esc inside a sequence breaks it off; the character
            // still counts (Ctrl-C is never lost in a broken report).
            state = .ground
            ground(byte, into: &events)
        }
    }

    private mutating func string(_ byte: UInt8, kind: StringKind, body: [UInt8], overflowed: Bool, afterEscape: Bool,
                                 into events: inout [TerminalEvent]) {
        if afterEscape {
            state = .ground
            if byte == 0x5C {  // ST
                if !overflowed, let reply = Self.stringReply(kind, body: body) { events.append(.reply(reply)) }
            } else {
                // Esc and anything but "\" cancels the string and starts a new sequence.
                state = .escape
                introduced(by: byte, into: &events)
            }
            return
        }
        switch byte {
        case 0x1B:
            state = .string(kind, body, overflowed: overflowed, afterEscape: true)
        case 0x07 where kind == .osc:  // BEL ends OSC, as xterm allows
            state = .ground
            if !overflowed, let reply = Self.stringReply(kind, body: body) { events.append(.reply(reply)) }
        case 0x18, 0x1A:  // CAN and SUB cancel a string
            state = .ground
        default:
            let fits = !overflowed && body.count < Self.maximumStringLength
            state = .string(kind, fits ? body + [byte] : [], overflowed: !fits, afterEscape: false)
        }
    }
}

// MARK: What a whole sequence means

extension InputDecoder {
    /// A whole CSI sequence (`body` between `ESC [` and `final`) as an event, if it is one.
    static func csiEvent(body: [UInt8], final: UInt8) -> TerminalEvent? {
        let marker = body.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let parameterBytes = marker == nil ? body[...] : body.dropFirst()
        guard let parameters = Self.parameters(parameterBytes) else {
            return marker == nil ? nil : .reply(.other(Self.shown(body + [final], introducer: "CSI ")))
        }
        switch (marker, final) {
        case (0x3C, _):  // "<": an SGR mouse report
            return sgrClick(parameters, final: final)
        case (0x3F, 0x63):  // "?" … "c"
            return .reply(.primaryAttributes(parameters.compactMap { $0 }))
        case (0x3F, 0x53):  // "?" … "S"
            let values = parameters.compactMap { $0 }
            guard values.count >= 2 else { return .reply(.other(Self.shown(body + [final], introducer: "CSI "))) }
            return .reply(.graphicsAttribute(item: values[0], status: values[1], values: Array(values.dropFirst(2))))
        case (nil, 0x74):  // "t": window reports
            if parameters.count == 3, parameters[0] == 6, let height = parameters[1], let width = parameters[2] {
                return .reply(.cellSize(width: width, height: height))
            }
            return .reply(.other(Self.shown(body + [final], introducer: "CSI ")))
        case (nil, _):
            return cursorKey(final: final, parameters: parameters).map { .key($0) }
        default:
            return .reply(.other(Self.shown(body + [final], introducer: "CSI ")))
        }
    }

    /// Numbers separated by `;` (a `:` sub-parameter keeps only its first part); an empty
    /// one is nil. nil for anything else, or a number too long to be real.
    static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int?]? {
        guard !bytes.isEmpty else { return [] }
        var result: [Int?] = []
        for field in bytes.split(separator: 0x3B, omittingEmptySubsequences: false) {
            let main = field.split(separator: 0x3A, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
            guard main.count <= 9, main.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            result.append(main.isEmpty ? nil : main.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return result
    }

    /// Cursor and editing keys, with or without modifier parameters (`1;5C` is Ctrl-Right).
    static func cursorKey(final: UInt8, parameters: [Int?]) -> TerminalKey? {
        switch final {
        case 0x41: return .up  // A
        case 0x42: return .down  // B
        case 0x43: return .right  // C
        case 0x44: return .left  // D
        case 0x48: return .home  // H
        case 0x46: return .end  // F
        case 0x5A: return .backTab  // Z
        case 0x7E:  // ~
            switch parameters.first ?? nil {
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
    static func sgrClick(_ parameters: [Int?], final: UInt8) -> TerminalEvent? {
        guard final == 0x4D, parameters.count == 3, let button = parameters[0], let x = parameters[1],
              let y = parameters[2], button & ~(4 | 8 | 16) == 0, x >= 1, y >= 1 else { return nil }
        return .click(column: x - 1, row: y - 1)
    }

    /// `ESC [ M b x y` with each value offset by 32 (cells 1-based, so 33 is the first).
    static func x10Click(_ raw: [UInt8]) -> TerminalEvent? {
        guard raw.count == 3, raw.allSatisfy({ $0 >= 32 }) else { return nil }
        let button = Int(raw[0]) - 32, x = Int(raw[1]) - 33, y = Int(raw[2]) - 33
        guard button & ~(4 | 8 | 16) == 0, x >= 0, y >= 0 else { return nil }
        return .click(column: x, row: y)
    }

    /// XTGETTCAP's answer, `1+rHEX[=HEX]` or `0+r[HEX]`: the first capability's name, when it
    /// is hex of at most 32 printable bytes (terminfo names are short).
    static func capabilityReply(_ body: [UInt8]) -> TerminalReply? {
        guard body.count >= 3, body[1] == 0x2B, body[2] == 0x72, body[0] == 0x30 || body[0] == 0x31 else { return nil }  // "0+r", "1+r"
        let hex = body.dropFirst(3).prefix { $0 != 0x3D && $0 != 0x3B }  // up to "=" or ";"
        guard !hex.isEmpty, hex.count % 2 == 0, hex.count <= 64 else { return nil }
        var name: [UInt8] = []
        var high: UInt8?
        for digit in hex {
            guard let value = hexValue(digit) else { return nil }
            if let first = high {
                name.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        guard name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return .capability(name: String(decoding: name, as: UTF8.self), present: body[0] == 0x31)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: digit - 0x30
        case 0x41...0x46: digit - 0x41 + 10
        case 0x61...0x66: digit - 0x61 + 10
        default: nil
        }
    }

    /// A whole control string as a reply.
    static func stringReply(_ kind: StringKind, body: [UInt8]) -> TerminalReply? {
        switch kind {
        case .dcs:
            if body.starts(with: [0x3E, 0x7C]) {  // ">|"
                return .terminalVersion(String(decoding: body.dropFirst(2), as: UTF8.self))
            }
            if let capability = capabilityReply(body) { return capability }
            return .other(shown(body, introducer: "DCS "))
        case .apc:
            if body.first == 0x47 { return kittyReply(body.dropFirst()) }  // "G"
            return .other(shown(body, introducer: "APC "))
        case .osc:
            if body.starts(with: Array("11;".utf8)), let color = xColor(body.dropFirst(3)) {
                return .background(red: color.red, green: color.green, blue: color.blue)
            }
            return .other(shown(body, introducer: "OSC "))
        }
    }

    /// `KEY=VALUE,…;MESSAGE` after kitty's `G`.
    static func kittyReply(_ body: ArraySlice<UInt8>) -> TerminalReply {
        let parts = body.split(separator: 0x3B, maxSplits: 1, omittingEmptySubsequences: false)
        var id: Int?
        for pair in (parts.first ?? []).split(separator: 0x2C) where pair.starts(with: [0x69, 0x3D]) {  // "i="
            id = parameters(pair.dropFirst(2)).flatMap { $0.count == 1 ? $0[0] : nil }
        }
        let message = parts.count > 1 ? String(decoding: parts[1].prefix(200), as: UTF8.self) : ""
        return .kittyGraphics(id: id, message: message)
    }

    /// An X11 colour as terminals report it: `rgb:R/G/B` (1 to 4 hex digits each) or
    /// `rgba:R/G/B/A`, scaled to 8 bits.
    static func xColor(_ bytes: ArraySlice<UInt8>) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        let text = String(decoding: bytes, as: UTF8.self)
        let components: [Substring]
        if text.hasPrefix("rgb:") {
            components = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            guard components.count == 3 else { return nil }
        } else if text.hasPrefix("rgba:") {
            components = Array(text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).prefix(3))
            guard components.count == 3 else { return nil }
        } else {
            return nil
        }
        var values: [UInt8] = []
        for component in components {
            // Int(_:radix:) also takes a sign, and a negative value would not fit a UInt8.
            guard (1...4).contains(component.count), component.allSatisfy(\.isHexDigit),
                  let value = Int(component, radix: 16) else { return nil }
            let maximum = (1 << (4 * component.count)) - 1
            values.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return (values[0], values[1], values[2])
    }

    /// A sequence as text for `.other`, cut short.
    static func shown(_ bytes: [UInt8], introducer: String) -> String {
        introducer + String(decoding: bytes.prefix(60), as: UTF8.self)
    }
}
