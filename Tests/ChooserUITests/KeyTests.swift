@testable import ChooserUI
import IconArt
import TerminalInput
import Testing

/// Every key's effect on the focus, scrolling and quitting. Unless a test says otherwise
/// the grid is 13 icons at 60×24: medium tiles, 4 per row, 4 rows (the last holds one
/// icon), 2 rows visible.
@Suite struct KeyTests {
    func grid(focus: Int = 0) -> ChooserState {
        var state = chooser(numberedItems(13), width: 60, height: 24)
        state.focus = focus
        state.scrollFocusIntoView()
        return state
    }

    func focus(after keys: TerminalKey..., from start: Int) -> Int {
        var state = grid(focus: start)
        for key in keys { #expect(update(&state, .key(key)) == []) }
        return state.focus
    }

    @Test func gridShape() {
        let layout = grid().layout!
        #expect(layout.tileSize == .medium)
        #expect(layout.columns == 4 && layout.rowCount == 4 && layout.visibleRows == 2)
    }

    @Test(arguments: [TerminalKey.right, .character("l"), .tab])
    func nextMovesRightAndWrapsToTheFirst(key: TerminalKey) {
        #expect(focus(after: key, from: 0) == 1)
        #expect(focus(after: key, from: 3) == 4)  // end of a row: on to the next row
        #expect(focus(after: key, from: 12) == 0)
    }

    @Test(arguments: [TerminalKey.left, .character("h"), .backTab])
    func previousMovesLeftAndWrapsToTheLast(key: TerminalKey) {
        #expect(focus(after: key, from: 5) == 4)
        #expect(focus(after: key, from: 4) == 3)
        #expect(focus(after: key, from: 0) == 12)
    }

    @Test(arguments: [TerminalKey.down, .character("j")])
    func downMovesARowAndStopsAtTheBottom(key: TerminalKey) {
        #expect(focus(after: key, from: 1) == 5)
        #expect(focus(after: key, from: 6) == 10)
        #expect(focus(after: key, from: 10) == 12)  // the row below is shorter: its last icon
        #expect(focus(after: key, from: 12) == 12)
        #expect(focus(after: key, key, key, key, from: 2) == 12)
    }

    @Test(arguments: [TerminalKey.up, .character("k")])
    func upMovesARowAndStopsAtTheTop(key: TerminalKey) {
        #expect(focus(after: key, from: 12) == 8)
        #expect(focus(after: key, from: 6) == 2)
        #expect(focus(after: key, from: 2) == 2)
    }

    @Test(arguments: [TerminalKey.home, .character("g")])
    func homeGoesToTheFirst(key: TerminalKey) {
        #expect(focus(after: key, from: 11) == 0)
    }

    @Test(arguments: [TerminalKey.end, .character("G")])
    func endGoesToTheLast(key: TerminalKey) {
        #expect(focus(after: key, from: 1) == 12)
    }

    @Test func pageDownAndUpMoveByAScreenfulOfRows() {
        var state = grid(focus: 1)
        press(.pageDown, in: &state)
        #expect(state.focus == 9 && state.firstVisibleRow == 2)
        press(.pageDown, in: &state)
        #expect(state.focus == 12 && state.firstVisibleRow == 2)  // clamped to the last icon
        press(.pageUp, in: &state)
        #expect(state.focus == 4 && state.firstVisibleRow == 0)
        press(.pageUp, in: &state)
        #expect(state.focus == 0 && state.firstVisibleRow == 0)
    }

    @Test func movingScrollsByRowsSoTheFocusStaysVisible() {
        var state = grid()
        let layout = state.layout!
        for key in [TerminalKey.down, .down, .down, .up, .up, .up, .left, .right, .end, .home, .pageDown, .backTab] {
            press(key, in: &state)
            #expect(layout.slotOrigin(of: state.focus, firstRow: state.firstVisibleRow) != nil, "after \(key)")
        }
        state = grid()
        press(.down, .down, in: &state)
        #expect(state.firstVisibleRow == 1)  // one row at a time, not a page
        press(.up, in: &state)
        #expect(state.firstVisibleRow == 1)  // row 1 is still visible: no scroll
        press(.up, in: &state)
        #expect(state.firstVisibleRow == 0)
    }

    @Test(arguments: [TerminalKey.character("q"), .escape])
    func quitKeysLeaveWithStatusZero(key: TerminalKey) {
        var state = grid()
        #expect(update(&state, .key(key)) == [.quit(status: 0)])
    }

    @Test func controlCLeavesWithStatus130EvenFromAnAlertOrHelp() {
        var state = grid()
        #expect(update(&state, .key(.control("c"))) == [.quit(status: 130)])
        press(.character("?"), in: &state)
        #expect(update(&state, .key(.control("c"))) == [.quit(status: 130)])
        state = grid()
        press(.right, .enter, in: &state)
        _ = update(&state, .applyFinished(name: "icon1", error: nil))
        #expect(update(&state, .key(.control("c"))) == [.quit(status: 130)])
    }

    @Test(arguments: [TerminalKey.character("x"), .character("Q"), .character("1"), .character("é")])
    func otherCharactersDoNothing(key: TerminalKey) {
        let before = grid(focus: 5)
        var state = before
        #expect(update(&state, .key(key)) == [])
        #expect(state == before)
    }

    @Test func questionMarkTogglesHelpWhichSwallowsOtherKeys() {
        var state = grid(focus: 5)
        press(.character("?"), in: &state)
        #expect(state.showsHelp)
        #expect(press(.right, .space, .tab, .end, .character("x"), in: &state) == [])
        #expect(state.focus == 5 && state.showsHelp)
        press(.character("?"), in: &state)
        #expect(!state.showsHelp)
        for closer in [TerminalKey.escape, .character("q"), .enter] {
            press(.character("?"), in: &state)
            #expect(press(closer, in: &state) == [])  // q and Esc close the help, not the app
            #expect(!state.showsHelp)
        }
    }

    @Test func tooSmallTerminalOnlyQuits() {
        var state = chooser(numberedItems(13), width: 15, height: 10)
        let before = state
        #expect(press(.right, .down, .end, .enter, .space, .character("?"), in: &state) == [])
        #expect(state == before)
        #expect(update(&state, .key(.character("q"))) == [.quit(status: 0)])
        #expect(update(&state, .key(.escape)) == [.quit(status: 0)])
    }

    @Test func singleIconWrapsOntoItself() {
        var state = chooser([.primary()], width: 60, height: 24)
        press(.right, .left, .down, .up, .tab, .backTab, .end, .pageDown, in: &state)
        #expect(state.focus == 0)
    }

    @Test func focusStartsOnTheCurrentIconScrolledIntoView() {
        let state = chooser(numberedItems(30), current: "icon25", width: 60, height: 24)
        #expect(state.focus == 25)
        #expect(state.firstVisibleRow == 5)  // row 6 is the last visible of rows 5–6
        #expect(chooser(current: "no-such-icon").focus == 0)
    }
}
