import Testing
@testable import TerminalInput

/// The input decoder on bytes as terminals send them: whole, split at every byte, late,
/// interleaved with typing, and garbled.
@Suite struct InputDecoderTests {
    /// Feeds `pieces` one after another, each `gap` milliseconds after the last, settling
    /// deadlines between them as the reader would; then lets everything pending expire.
    static func decode(_ pieces: [String], gap: Int = 1, settle: Bool = true) -> [TerminalEvent] {
        decodeBytes(pieces.map { Array($0.utf8) }, gap: gap, settle: settle)
    }

    static func decodeBytes(_ pieces: [[UInt8]], gap: Int = 1, settle: Bool = true) -> [TerminalEvent] {
        var decoder = InputDecoder()
        var events: [TerminalEvent] = []
        var now = 0
        for piece in pieces {
            now += gap
            events += decoder.expire(at: now)
            events += decoder.feed(piece, at: now)
        }
        if settle { events += decoder.expire(at: now + 10_000) }
        return events
    }

    /// Every way of cutting `text` into two reads.
    static func everySplit(of text: String) -> [[String]] {
        let bytes = Array(text.utf8)
        return (1..<bytes.count).map { cut in
            [String(decoding: bytes[..<cut], as: UTF8.self), String(decoding: bytes[cut...], as: UTF8.self)]
        }
    }

    // MARK: Keys

    @Test func plainKeysAndControlCharacters() {
        #expect(Self.decode(["q"]) == [.key(.character("q"))])
        #expect(Self.decode([" ?G"]) == [.key(.character(" ")), .key(.character("?")), .key(.character("G"))])
        #expect(Self.decode(["\r", "\n", "\t", "\u{7F}", "\u{3}"])
            == [.key(.enter), .key(.enter), .key(.tab), .key(.backspace), .key(.control("c"))])
    }

    @Test func utf8CharactersEvenSplitAcrossReads() {
        #expect(Self.decode(["é✓"]) == [.key(.character("é")), .key(.character("✓"))])
        let check = Array("✓".utf8)
        for cut in 1..<check.count {
            #expect(Self.decodeBytes([Array(check[..<cut]), Array(check[cut...])]) == [.key(.character("✓"))], "\(cut)")
        }
        // A broken character is dropped; what follows it is still read.
        #expect(Self.decodeBytes([[0xE2, 0x9C], Array("q".utf8)]) == [.key(.character("q"))])
        #expect(Self.decodeBytes([[0xFF, 0x80, 0x71]]) == [.key(.character("q"))])
    }

    @Test func aLoneEscIsTheEscKeyOnlyAfterItsWait() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B], at: 1000).isEmpty)
        #expect(decoder.deadline == 1000 + InputDecoder.escapeMilliseconds)
        #expect(decoder.expire(at: 1000 + InputDecoder.escapeMilliseconds - 1).isEmpty)
        #expect(decoder.expire(at: 1000 + InputDecoder.escapeMilliseconds) == [.key(.escape)])
        #expect(decoder.deadline == nil)
    }

    @Test func escThenACharacterIsEscAndTheCharacter() {
        #expect(Self.decode(["\u{1B}q"]) == [.key(.escape), .key(.character("q"))])
        #expect(Self.decode(["\u{1B}\u{1B}"]) == [.key(.escape), .key(.escape)])
    }

    @Test func cursorAndEditingKeysInBothModes() {
        let cases: [(String, TerminalKey)] = [
            ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
            ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
            ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab), ("\u{1B}[1;5C", .right),
        ]
        for (sequence, key) in cases {
            #expect(Self.decode([sequence]) == [.key(key)], "\(sequence.debugDescription)")
            for split in Self.everySplit(of: sequence) {
                #expect(Self.decode(split, gap: 50) == [.key(key)], "\(split)")
            }
        }
    }

    /// Once `ESC [` has come, whatever happens next is never the Esc key.
    @Test func brokenOrUnknownSequencesAreDroppedNotEsc() {
        for partial in ["[", "[<0;30", "[<0;30;6", "[M", "[M ", "O", "[15~", "[3;~"] {
            let events = Self.decode(["\u{1B}" + partial])
            #expect(!events.contains(.key(.escape)), "\(partial.debugDescription): \(events)")
            #expect(!events.contains { if case .key = $0 { true } else { false } }, "\(partial.debugDescription): \(events)")
        }
        let long = Self.decode(["\u{1B}[" + String(repeating: "1", count: 300) + "Cq"])
        #expect(long == [.key(.character("q"))])
    }

    /// A control character inside a sequence breaks it off and still counts, so Ctrl-C
    /// typed into a half-arrived report is never lost.
    @Test func aControlCharacterInsideASequenceStillCounts() {
        #expect(Self.decode(["\u{1B}[<0;3\u{3}"]) == [.key(.control("c"))])
        #expect(Self.decode(["\u{1B}]11;rgb:\u{1B}[A"]) == [.key(.up)])
    }

    @Test func aSequenceThatStopsArrivingIsDroppedAfterItsWait() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[<0;30".utf8), at: 0).isEmpty)
        #expect(decoder.deadline == InputDecoder.sequenceMilliseconds)
        #expect(InputDecoder.sequenceMilliseconds > InputDecoder.escapeMilliseconds)
        #expect(decoder.expire(at: 499).isEmpty && decoder.isPending)
        #expect(decoder.expire(at: 500).isEmpty && !decoder.isPending)
        #expect(decoder.feed(Array(";6Mq".utf8), at: 600) == [.key(.character(";")), .key(.character("6")),
                                                               .key(.character("M")), .key(.character("q"))])
    }

    // MARK: Mouse

    @Test func sgrClicksAreClicksAtZeroBasedCells() {
        #expect(Self.decode(["\u{1B}[<0;30;6M"]) == [.click(column: 29, row: 5)])
        #expect(Self.decode(["\u{1B}[<16;1;1M"]) == [.click(column: 0, row: 0)])  // Ctrl-click
        #expect(Self.decode(["\u{1B}[<0;200;60M"]) == [.click(column: 199, row: 59)])
        // A report whose Esc arrives on its own, 200 ms before the rest (a slow link).
        #expect(Self.decode(["\u{1B}", "[<0;30;6M"], gap: 50) == [.click(column: 29, row: 5)])
        #expect(Self.decode(["\u{1B}[", "<0;30;6M"], gap: 200) == [.click(column: 29, row: 5)])
    }

    @Test func releasesMotionAndOtherButtonsAreNoClicks() {
        for report in ["[<0;30;6m", "[<2;30;6M", "[<1;30;6M", "[<32;30;6M", "[<64;30;6M", "[<0;0;6M", "[<0;30M"] {
            #expect(Self.decode(["\u{1B}" + report]).isEmpty, "\(report)")
        }
    }

    @Test func x10ClicksAreClicks() {
        #expect(Self.decodeBytes([[0x1B, 0x5B, 0x4D, 32, 33 + 29, 33 + 5]]) == [.click(column: 29, row: 5)])
        #expect(Self.decodeBytes([[0x1B, 0x5B, 0x4D, 32 + 3, 40, 40]]).isEmpty)  // a release
        // Columns past 94 come as bytes above 127: raw, not UTF-8.
        #expect(Self.decodeBytes([[0x1B, 0x5B, 0x4D], [32, 33 + 150, 33 + 2]]) == [.click(column: 150, row: 2)])
    }

    // MARK: Replies

    static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
    static let xtversion = "\u{1B}P>|kitty(0.26.5)\u{1B}\\"
    static let cellSize = "\u{1B}[6;20;10t"
    static let background = "\u{1B}]11;rgb:2828/2c2c/3434\u{1B}\\"
    static let sixelRegisters = "\u{1B}[?1;0;256S"
    static let primary = "\u{1B}[?62;4;22c"
    static let allReplies: [TerminalEvent] = [
        .reply(.kittyGraphics(id: 31, message: "OK")), .reply(.terminalVersion("kitty(0.26.5)")),
        .reply(.cellSize(width: 10, height: 20)), .reply(.background(red: 0x28, green: 0x2C, blue: 0x34)),
        .reply(.graphicsAttribute(item: 1, status: 0, values: [256])), .reply(.primaryAttributes([62, 4, 22])),
    ]

    @Test func everyReplyIsAReplyNeverAKey() {
        let all = [Self.kittyOK, Self.xtversion, Self.cellSize, Self.background, Self.sixelRegisters, Self.primary]
        #expect(Self.decode([all.joined()]) == Self.allReplies)
        #expect(Self.decode(Array(all.reversed())) == Self.allReplies.reversed())
    }

    @Test func repliesSplitAtEveryByteStillDecode() {
        let all = [Self.kittyOK, Self.xtversion, Self.cellSize, Self.background, Self.sixelRegisters, Self.primary].joined()
        for split in Self.everySplit(of: all) {
            #expect(Self.decode(split, gap: 30) == Self.allReplies, "\(split.map(\.debugDescription))")
        }
        // Once a reply has begun, its bytes may come 400 ms apart (a slow link).
        for reply in [Self.kittyOK, Self.xtversion, Self.cellSize, Self.background, Self.sixelRegisters, Self.primary] {
            let bytes = Array(reply.utf8)
            let pieces = [Array(bytes.prefix(2))] + bytes.dropFirst(2).map { [$0] }
            #expect(Self.decodeBytes(pieces, gap: 400).count == 1, "\(reply.debugDescription)")
        }
    }

    @Test func repliesInterleavedWithTypingKeepBoth() {
        let events = Self.decode(["j" + Self.primary + "k", "\u{1B}[B" + Self.kittyOK + "q"])
        #expect(events == [.key(.character("j")), .reply(.primaryAttributes([62, 4, 22])), .key(.character("k")),
                           .key(.down), .reply(.kittyGraphics(id: 31, message: "OK")), .key(.character("q"))])
    }

    @Test func replyVariantsTerminalsSend() {
        #expect(Self.decode(["\u{1B}]11;rgb:ffff/ffff/ffff\u{7}"]) == [.reply(.background(red: 255, green: 255, blue: 255))])
        #expect(Self.decode(["\u{1B}]11;rgb:0/8/f\u{1B}\\"]) == [.reply(.background(red: 0, green: 136, blue: 255))])
        #expect(Self.decode(["\u{1B}]11;rgba:0000/8080/ffff/ffff\u{7}"]) == [.reply(.background(red: 0, green: 128, blue: 255))])
        #expect(Self.decode(["\u{1B}[?1;2c"]) == [.reply(.primaryAttributes([1, 2]))])
        #expect(Self.decode(["\u{1B}[?62;c"]) == [.reply(.primaryAttributes([62]))])
        #expect(Self.decode(["\u{1B}[?1;3;0S"]) == [.reply(.graphicsAttribute(item: 1, status: 3, values: [0]))])
        #expect(Self.decode(["\u{1B}_Gi=31;ENOTSUPPORTED:no graphics\u{1B}\\"])
            == [.reply(.kittyGraphics(id: 31, message: "ENOTSUPPORTED:no graphics"))])
        #expect(Self.decode(["\u{1B}P>|tmux 3.3a\u{1B}\\"]) == [.reply(.terminalVersion("tmux 3.3a"))])
    }

    /// XTGETTCAP: the capability's name from hex, with or without a value, known or not;
    /// anything else in a `+r` answer stays an unknown reply, never a key.
    @Test func capabilityAnswersNameTheirCapability() {
        #expect(Self.decode(["\u{1B}P1+r524742=382F382F38\u{1B}\\"]) == [.reply(.capability(name: "RGB", present: true))])
        #expect(Self.decode(["\u{1B}P1+r5463\u{1B}\\"]) == [.reply(.capability(name: "Tc", present: true))])
        #expect(Self.decode(["\u{1B}P0+r524742\u{1B}\\"]) == [.reply(.capability(name: "RGB", present: false))])
        #expect(Self.decode(["\u{1B}P1+r526\u{1B}\\"]) == [.reply(.other("DCS 1+r526"))])
        #expect(Self.decode(["\u{1B}P1+r5Z\u{1B}\\"]) == [.reply(.other("DCS 1+r5Z"))])
        #expect(Self.decode(["\u{1B}P1+r0A\u{1B}\\"]) == [.reply(.other("DCS 1+r0A"))])
        #expect(Self.decode(["\u{1B}P0+r\u{1B}\\"]) == [.reply(.other("DCS 0+r"))])
    }

    /// tmux answers for the terminal, so its answers can come between the pieces of a
    /// click a slow link split: the click still counts, and so do the answers.
    @Test func answersBetweenThePiecesOfAKeySequence() {
        let events = Self.decode(["\u{1B}[", "\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c", "<0;66;9M"], gap: 100)
        #expect(events == [.reply(.terminalVersion("tmux 3.3a")), .reply(.primaryAttributes([1, 2])), .click(column: 65, row: 8)])
        #expect(Self.decode(["\u{1B}O", Self.primary, "A"]) == [.reply(.primaryAttributes([62, 4, 22])), .key(.up)])
        // Anything but an answer in between ends the sequence, as before.
        #expect(Self.decode(["\u{1B}[<0;6", "\u{1B}[A", "6;9M"]) == [.key(.up), .key(.character("6")), .key(.character(";")),
                                                                    .key(.character("9")), .key(.character("M"))])
    }

    @Test func otherReportsAndStringsAreSwallowed() {
        for text in ["\u{1B}[>1;4000;29c", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}]10;rgb:0/0/0\u{7}", "\u{1B}_Xsomething\u{1B}\\",
                     "\u{1B}[?1;2$y", "\u{1B}[8;24;80t", "\u{1B}[?u", "\u{1B}]11;not a colour\u{7}",
                     "\u{1B}]11;rgb:-f/0/0\u{7}", "\u{1B}]11;rgb:+f/0/0\u{7}", "\u{1B}]11;rgba:0/-ff/0/0\u{1B}\\"] {
            let events = Self.decode([text])
            #expect(events.count == 1, "\(text.debugDescription): \(events)")
            if case .reply(.other) = events.first {} else { Issue.record("\(text.debugDescription): \(events)") }
        }
    }

    @Test func garbageNeverTypesAnything() {
        // A control string that never ends is read on and dropped once it stops arriving,
        // and an over-long one is read to its end and dropped, without typing its text.
        #expect(Self.decode(["\u{1B}P>|qqqq"]).isEmpty)
        #expect(Self.decode(["\u{1B}]11;" + String(repeating: "q", count: 5000) + "\u{7}j"]) == [.key(.character("j"))])
        // Cancelled by CAN, or by an Esc that starts something else.
        #expect(Self.decode(["\u{1B}_Gi=31;OK\u{18}q"]) == [.key(.character("q"))])
        #expect(Self.decode(["\u{1B}_Gi=31;O\u{1B}[A"]) == [.key(.up)])
        // Random bytes: whatever they decode to, the decoder ends idle and keeps working.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var decoder = InputDecoder()
            let noise = (0..<64).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = decoder.feed(noise, at: 0)
            _ = decoder.expire(at: 10_000)
            #expect(!decoder.isPending)
            #expect(decoder.feed(Array("q".utf8), at: 10_001) == [.key(.character("q"))])
        }
    }

    @Test func lateRepliesAfterALongPauseAreStillReplies() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("j".utf8), at: 0) == [.key(.character("j"))])
        #expect(decoder.feed(Array(Self.primary.utf8), at: 5_000) == [.reply(.primaryAttributes([62, 4, 22]))])
    }
}
