import CommandLineSupport
import Testing

/// What the program reads of its command line before ArgumentParser parses it: as
/// ArgumentParser would take it, so that the work begun from it is the work asked for.
@Suite struct EarlyArgumentsTests {
    @Test func theLastValueWinsInEitherSpelling() {
        let early = EarlyArguments(["preview", "--size", "8x4", "--app", "A.xcodeproj", "--size=12x6"])
        #expect(early.command == "preview")
        #expect(early.lastValue(of: "--size") == "12x6")
        #expect(early.lastValue(of: "--app") == "A.xcodeproj")
        #expect(early.lastValue(of: "--color") == nil)
    }

    /// After `--` every word is an argument, not an option: `--app` there names an icon.
    @Test func nothingAfterADoubleDashIsAnOption() {
        let early = EarlyArguments(["preview", "--app", "A", "--", "--app", "B", "--ascii"])
        #expect(early.lastValue(of: "--app") == "A")
        #expect(!early.contains("--ascii"))
        #expect(EarlyArguments(["preview", "--ascii", "--"]).contains("--ascii"))
    }

    /// An option's own name does not match a longer one, and an option without its value is none.
    @Test func onlyTheOptionItselfAndOnlyWithAValue() {
        #expect(EarlyArguments(["--apps", "X", "--app-name=Y"]).lastValue(of: "--app") == nil)
        #expect(EarlyArguments(["choose", "--app"]).lastValue(of: "--app") == nil)
        #expect(EarlyArguments(["--app", "X"]).command == "--app")
        #expect(EarlyArguments([]).command == nil)
    }
}
