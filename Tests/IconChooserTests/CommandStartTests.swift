import IconArt
@testable import iconchooser
import Testing

/// What a command starts with belongs to that run: the one-shot commands that draw icons get
/// their own seconds of SVG drawing, the others (the chooser, which renders for as long as it
/// runs, among them) none; only `preview` decodes tiles ahead.
@Suite struct CommandStartTests {
    @Test(arguments: ["preview", "lint"])
    func drawingCommandsStartWithTheirOwnSVGTime(_ command: String) throws {
        let first = try #require(CommandStart(command: command).svgTime)
        let second = try #require(CommandStart(command: command).svgTime)
        #expect(first.seconds == SVGTimeBudget.commandSeconds && first.secondsLeft == SVGTimeBudget.commandSeconds)
        #expect(first !== second)
    }

    @Test(arguments: ["choose", "list", "add", "remove", "set", "current", "serve", "---completion"])
    func otherCommandsShareNoSVGTime(_ command: String) {
        #expect(CommandStart(command: command).svgTime == nil)
        #expect(CommandStart(command: nil).svgTime == nil)
    }

    @Test func onlyPreviewDecodesTilesAhead() {
        #expect(CommandStart(command: "preview").tiles != nil)
        #expect(CommandStart(command: "lint").tiles == nil)
        #expect(CommandStart().svgTime == nil && CommandStart().tiles == nil)
    }
}
