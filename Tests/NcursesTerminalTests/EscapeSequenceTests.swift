import NcursesTerminal
import Testing

/// What follows a bare Esc, fed byte by byte with the waits the reader asks for, as ncurses
/// hands them over when a sequence arrives split or unrecognised.
@Suite struct EscapeSequenceTests {
    /// A reader over `input`; a nil element is a timeout. Records the waits asked for.
    final class Feed {
        var input: [UInt32?]
        var waits: [Int] = []
        init(_ text: String, thenTimeout: Bool = true) {
            input = text.unicodeScalars.map { $0.value } + (thenTimeout ? [nil] : [])
        }
        init(_ input: [UInt32?]) { self.input = input }
        func next(_ milliseconds: Int) -> UInt32? {
            waits.append(milliseconds)
            return input.isEmpty ? nil : input.removeFirst()
        }
        func read() -> EscapeSequence.Outcome { EscapeSequence.read(next: next) }
    }

    @Test func nothingAfterTheEscIsTheEscKey() {
        let feed = Feed("")
        #expect(feed.read() == .escape)
        #expect(feed.waits == [EscapeSequence.graceMilliseconds])
    }

    @Test func anSGRClickIsAClickAtZeroBasedCells() {
        #expect(Feed("[<0;30;6M").read() == .event(.click(column: 29, row: 5)))
        #expect(Feed("[<16;1;1M").read() == .event(.click(column: 0, row: 0)))  // Ctrl-click
        #expect(Feed("[<0;200;60M").read() == .event(.click(column: 199, row: 59)))
    }

    @Test func releasesMotionAndOtherButtonsAreNoClicks() {
        for report in ["[<0;30;6m", "[<2;30;6M", "[<1;30;6M", "[<32;30;6M", "[<64;30;6M", "[<0;0;6M", "[<0;30M", "[<0;x;6M"] {
            #expect(Feed(report).read() == .ignored, "\(report)")
        }
    }

    @Test func anX10ClickIsAClick() {
        let report: [UInt32?] = [0x5B, 0x4D, 32, 33 + 29, 33 + 5]
        #expect(Feed(report).read() == .event(.click(column: 29, row: 5)))
        #expect(Feed([0x5B, 0x4D, 32 + 3, 40, 40]).read() == .ignored)  // a release
    }

    @Test func cursorKeysSplitFromTheirEscStillMove() {
        #expect(Feed("[C").read() == .event(.key(.right)))
        #expect(Feed("[1;5A").read() == .event(.key(.up)))
        #expect(Feed("OB").read() == .event(.key(.down)))
        #expect(Feed("[5~").read() == .event(.key(.pageUp)))
        #expect(Feed("[6~").read() == .event(.key(.pageDown)))
        #expect(Feed("[H").read() == .event(.key(.home)))
        #expect(Feed("[4~").read() == .event(.key(.end)))
        #expect(Feed("[Z").read() == .event(.key(.backTab)))
    }

    /// Once `ESC [` has come, whatever happens next is never the Esc key.
    @Test func brokenOrUnknownSequencesAreDroppedNotEsc() {
        for partial in ["[", "[<0;30", "[<0;30;6", "[M", "[M ", "O", "[15~", "[?1;2c", "[3;~", "[\u{7}"] {
            #expect(Feed(partial).read() == .ignored, "\(partial.debugDescription)")
        }
        let long = Feed("[" + String(repeating: "1", count: 100) + "C")
        #expect(long.read() == .ignored)
    }

    @Test func waitsLongerOnceASequenceHasBegun() {
        let feed = Feed("[<0;30;6M")
        _ = feed.read()
        #expect(feed.waits.first == EscapeSequence.graceMilliseconds)
        #expect(feed.waits.dropFirst().allSatisfy { $0 == EscapeSequence.sequenceMilliseconds })
        #expect(EscapeSequence.sequenceMilliseconds > EscapeSequence.graceMilliseconds)
    }

    @Test func anotherCharacterAfterEscIsHandedBack() {
        #expect(Feed("q").read() == .escapeThen(0x71))
        #expect(Feed("\u{1B}").read() == .escapeThen(0x1B))
    }
}
