@testable import ChooserUI
import IconArt
import TerminalInput
import Testing

/// Applying an icon: Enter, Space and clicks; success, failure, the alert and the footer.
@Suite struct ApplyTests {
    @Test(arguments: [TerminalKey.enter, .space])
    func applyAsksTheShellToChangeTheIcon(key: TerminalKey) {
        var state = chooser(current: nil)
        press(.right, in: &state)
        #expect(update(&state, .key(key)) == [.apply(name: "black-white")])
        #expect(state.isApplying)
        #expect(state.currentName == nil)  // the checkmark waits for the result
        #expect(state.status == StatusMessage("Changing the icon to “black-white”…"))
    }

    @Test func applyingThePrimaryAsksForNil() {
        var state = chooser(current: "multi-black")
        press(.home, in: &state)
        #expect(press(.enter, in: &state) == [.apply(name: nil)])
    }

    @Test func applyingTheCurrentIconDoesNothing() {
        let before = chooser(current: "white-black")
        var state = before
        #expect(press(.enter, .space, in: &state) == [])
        #expect(state == before)
    }

    @Test func furtherAppliesWaitForTheOneInFlight() {
        var state = chooser()
        press(.right, in: &state)
        #expect(press(.enter, in: &state) == [.apply(name: "black-white")])
        press(.right, in: &state)
        #expect(press(.enter, .space, in: &state) == [])
        #expect(update(&state, .click(column: 6, row: 5)) == [])  // focuses, does not apply
        #expect(state.focus == 0)
        _ = update(&state, .applyFinished(name: "black-white", error: nil))
        press(.enter, in: &state)  // dismiss the alert
        #expect(press(.enter, in: &state) == [.apply(name: nil)])
    }

    @Test func successMovesTheCheckmarkAndShowsTheAlert() {
        var state = chooser(current: nil, width: 60, height: 24)
        press(.right, .right, .enter, in: &state)
        #expect(update(&state, .applyFinished(name: "white-black", error: nil)) == [])
        #expect(state.currentName == "white-black" && state.currentIndex == 2)
        #expect(!state.isApplying)
        #expect(state.alert == ChooserAlert(message: "You have changed the icon for “Colourful”."))
        #expect(state.status == StatusMessage("Now using “white-black”."))
        let screen = view(state).text
        #expect(screen.contains("You have changed the icon for"))
        #expect(screen.contains("“Colourful”."))
    }

    @Test func alertIsDismissedByEnterEscapeOrQAndIgnoresOtherKeys() {
        for dismiss in [TerminalKey.enter, .escape, .character("q")] {
            var state = chooser(current: nil)
            press(.right, .enter, in: &state)
            _ = update(&state, .applyFinished(name: "black-white", error: nil))
            let shown = state
            #expect(press(.right, .space, .character("?"), .tab, in: &state) == [])
            #expect(update(&state, .click(column: 30, row: 5)) == [])
            #expect(state == shown)
            #expect(update(&state, .key(dismiss)) == [])  // Esc and q close the alert, they do not quit
            #expect(state.alert == nil)
            #expect(state.currentName == "black-white" && state.focus == 1)
        }
    }

    @Test func clickingOKDismissesTheAlert() {
        var state = chooser(current: nil, width: 60, height: 24)
        press(.right, .enter, in: &state)
        _ = update(&state, .applyFinished(name: "black-white", error: nil))
        let okRow = view(state).lines.firstIndex { $0.contains("│              OK               │") }!
        #expect(update(&state, .click(column: 29, row: okRow - 1)) == [])  // the separator
        #expect(state.alert != nil)
        #expect(update(&state, .click(column: 14, row: okRow)) == [])  // inside the box, at its left edge
        #expect(state.alert == nil)
    }

    @Test func withoutAlertTheFooterSaysWhatChanged() {
        var state = chooser(current: nil, configuration: ChooserConfiguration(alertOnApply: false))
        press(.end, .enter, in: &state)
        _ = update(&state, .applyFinished(name: "black-multi", error: nil))
        #expect(state.alert == nil)
        #expect(state.currentName == "black-multi")
        #expect(view(state).lines[28] == " Now using “black-multi”.".padding(100))
    }

    @Test func failureKeepsTheCheckmarkAndShowsTheError() {
        var state = chooser(current: "white-black")
        press(.home, .enter, in: &state)
        _ = update(&state, .applyFinished(name: nil, error: "Permission denied"))
        #expect(state.currentName == "white-black")
        #expect(state.alert == nil && !state.isApplying)
        #expect(state.status == StatusMessage("Could not change the icon: Permission denied", isError: true))
        #expect(press(.enter, in: &state) == [.apply(name: nil)])  // and it may be tried again
    }

    @Test func asciiModeQuotesStraight() {
        var state = chooser(current: nil, configuration: ChooserConfiguration(ascii: true))
        press(.right, .enter, in: &state)
        #expect(state.status == StatusMessage("Changing the icon to \"black-white\"..."))
        _ = update(&state, .applyFinished(name: "black-white", error: nil))
        #expect(state.alert == ChooserAlert(message: "You have changed the icon for \"Colourful\"."))
    }

    // 100×30, large tiles: slots 18 wide and 1 apart from column 3 (pictures from column 4);
    // margin rows 2 and 11, pictures on rows 3–10, captions on row 12.
    @Test func clickOnATileFocusesAndAppliesIt() {
        var state = chooser(current: nil)
        #expect(update(&state, .click(column: 4 + 2 * 19 + 5, row: 6)) == [.apply(name: "white-black")])
        #expect(state.focus == 2)
    }

    @Test func clickOnACaptionOrMarginCountsAsTheTile() {
        var state = chooser(current: nil)
        #expect(update(&state, .click(column: 4 + 19, row: 12)) == [.apply(name: "black-white")])
        state = chooser(current: nil)
        #expect(update(&state, .click(column: 3 + 3 * 19 + 17, row: 2)) == [.apply(name: "multi-black")])
    }

    @Test func clickOnTheCurrentIconOnlyFocusesIt() {
        var state = chooser(current: "black-multi")
        press(.home, in: &state)
        #expect(update(&state, .click(column: 4 + 4 * 19, row: 4)) == [])
        #expect(state.focus == 4)
    }

    @Test func clicksBesideTilesDoNothing() {
        let before = chooser(current: nil)
        for (column, row) in [(2, 5), (3 + 18, 5), (50, 0), (50, 1), (50, 13), (50, 20), (99, 5), (0, 29)] {
            var state = before
            #expect(update(&state, .click(column: column, row: row)) == [], "(\(column), \(row))")
            #expect(state == before)
        }
    }

    @Test func clickClosesTheHelpWithoutApplying() {
        var state = chooser(current: nil)
        press(.character("?"), in: &state)
        #expect(update(&state, .click(column: 6, row: 5)) == [])
        #expect(!state.showsHelp && state.focus == 0)
    }

    @Test func clickInAScrolledGridHitsTheVisibleRow() {
        var state = chooser(numberedItems(30), current: "icon25", width: 60, height: 24)
        #expect(state.firstVisibleRow == 5)
        // Medium slots are 14 wide and 1 apart from column 0; the second visible row starts at row 11.
        #expect(update(&state, .click(column: 15 + 4, row: 14)) == [])  // icon25, already current
        #expect(state.focus == 25)
        #expect(update(&state, .click(column: 1 + 3, row: 4)) == [.apply(name: "icon20")])
        #expect(state.focus == 20)
    }
}
