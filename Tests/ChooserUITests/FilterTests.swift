import CellCanvas
@testable import ChooserUI
import IconArt
import Testing

/// Icons as a real app names them, in chooser order (Habitica-like), the primary first.
let namedItems: [ChooserItem] = [.primary()] + ["Pride", "Dark", "Classic Dark", "Rainbow", "pride-dark", "Blueprint", "Autumn"]
    .map { ChooserItem(name: $0.lowercased(), title: $0) }

/// Types `text` one character at a time.
@discardableResult
func type(_ text: String, in state: inout ChooserState) -> [ChooserEffect] {
    text.reduce(into: []) { effects, character in effects += press(.character(character), in: &state) }
}

/// The titles on screen, in grid order.
func shownTitles(_ state: ChooserState) -> [String] { state.shown.map { state.items[$0].title } }

/// The `/` filter through the state: what is shown, where the focus goes, the keys.
@Suite struct FilterTests {
    @Test func slashOpensAFilterThatShowsEveryIconUntilSomethingIsTyped() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        #expect(state.filter?.query == "")
        #expect(shownTitles(state) == namedItems.map(\.title))
        #expect(view(state).lines.last!.hasPrefix(" /   8 of 8"))
    }

    @Test func typingNarrowsToMatchesBestFirstTiesInChooserOrder() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        type("d", in: &state)
        // Names starting with d first; then where a d starts a word, the earlier first; then inside a word.
        #expect(shownTitles(state) == ["Default", "Dark", "pride-dark", "Classic Dark", "Pride"])
        type("ark", in: &state)
        #expect(shownTitles(state) == ["Dark", "pride-dark", "Classic Dark"])
        #expect(view(state).lines.last!.hasPrefix(" /dark   3 of 8"))
    }

    @Test func matchingIgnoresCase() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        type("PRIDE", in: &state)
        #expect(shownTitles(state) == ["Pride", "pride-dark"])
    }

    @Test func lettersThatAreCommandsAreTypedWhileFiltering() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        let effects = type("q?ag jkl/p", in: &state)
        #expect(effects.allSatisfy { if case .quit = $0 { false } else { true } })
        #expect(state.filter?.query == "q?ag jkl/p")
        #expect(!state.showsHelp)
        #expect(state.appearance == .light)
    }

    @Test func theFocusStaysOnItsIconWhileItMatchesElseGoesToTheBestMatch() {
        var state = chooser(namedItems, current: "classic dark")
        #expect(state.focusedItem?.title == "Classic Dark")
        press(.character("/"), in: &state)
        type("dar", in: &state)
        #expect(state.focusedItem?.title == "Classic Dark")   // still listed, though not first
        type("kp", in: &state)
        #expect(shownTitles(state).isEmpty)
        #expect(state.focusedItem?.title == "Classic Dark")   // nothing matched: kept, hidden
        press(.backspace, .backspace, .backspace, .backspace, .backspace, in: &state)
        type("p", in: &state)
        #expect(shownTitles(state) == ["Pride", "pride-dark", "Blueprint"])
        #expect(state.focusedItem?.title == "Pride")          // filtered out: the best match
    }

    @Test func clearingTheFilterKeepsTheFocusOnTheIconItWasOn() throws {
        var state = chooser(numberedItems(30), width: 60, height: 24)
        press(.character("/"), in: &state)
        type("2", in: &state)
        press(.right, .right, in: &state)
        let focused = state.focus
        #expect(state.items[focused].title == shownTitles(state)[2])
        press(.escape, in: &state)
        #expect(state.filter == nil)
        #expect(state.focus == focused)
        #expect(shownTitles(state).count == 30)
        let layout = try #require(state.layout)
        #expect(layout.slotOrigin(of: try #require(state.position(of: focused)), firstRow: state.firstVisibleRow) != nil)
    }

    @Test func escClearsTheFilterAndASecondEscLeaves() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        type("dark", in: &state)
        #expect(press(.escape, in: &state) == [])
        #expect(state.filter == nil)
        #expect(shownTitles(state) == namedItems.map(\.title))
        #expect(press(.escape, in: &state) == [.quit(status: 0)])
    }

    @Test func backspaceEditsTheQueryAndOnAnEmptyOneDoesNothing() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        type("rx", in: &state)
        #expect(shownTitles(state).isEmpty)
        press(.backspace, in: &state)
        #expect(state.filter?.query == "r")
        #expect(shownTitles(state).count == 6)
        press(.backspace, .backspace, in: &state)
        #expect(state.filter?.query == "")
        #expect(shownTitles(state).count == 8)
    }

    @Test func backspaceWithoutAFilterDoesNothing() {
        var state = chooser(namedItems)
        let before = state
        #expect(press(.backspace, in: &state) == [])
        #expect(state == before)
    }

    @Test func enterAppliesTheFocusedMatch() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        type("blue", in: &state)
        #expect(press(.enter, in: &state) == [.apply(name: "blueprint")])
        _ = update(&state, .applyFinished(name: "blueprint", error: nil))
        #expect(state.currentName == "blueprint")
        #expect(state.filter?.query == "blue")   // the filter stays until Esc
    }

    @Test func movingWalksTheMatchesInTheirOrder() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        type("dark", in: &state)
        #expect(state.focusedItem?.title == "Dark")
        press(.right, in: &state)
        #expect(state.focusedItem?.title == "pride-dark")
        press(.right, .right, in: &state)
        #expect(state.focusedItem?.title == "Dark")           // wrapped round the three matches
        press(.end, in: &state)
        #expect(state.focusedItem?.title == "Classic Dark")
    }

    @Test func aClickAppliesTheMatchUnderIt() throws {
        var state = chooser(namedItems, width: 100, height: 30)
        press(.character("/"), in: &state)
        type("dark", in: &state)
        let layout = try #require(state.layout)
        let second = try #require(layout.slotOrigin(of: 1, firstRow: state.firstVisibleRow))
        #expect(update(&state, .click(column: second.x + 2, row: second.y + 2)) == [.apply(name: "pride-dark")])
        #expect(state.focusedItem?.title == "pride-dark")
    }

    @Test func anEmptyResultIsCentredInTheGridBesideTheDetailsPanel() throws {
        var state = chooser(namedItems, width: 100, height: 30)
        press(.character("i"), in: &state)
        let panel = try #require(state.detailsFrame)
        #expect(panel.beside)
        press(.character("/"), in: &state)
        type("zz", in: &state)
        let message = "No icon matches “zz”."
        let row = try #require(view(state).lines.first { $0.contains(message) })
        // Whole, and left of the panel's first column.
        let end = try #require(row.range(of: message)).upperBound
        #expect(row.distance(from: row.startIndex, to: end) <= panel.x)
    }

    @Test func anEmptyResultSaysSoAndEnterDoesNothing() {
        var state = chooser(namedItems, width: 60, height: 24)
        press(.character("/"), in: &state)
        type("zz", in: &state)
        let lines = view(state).lines
        #expect(lines.contains { $0.contains("No icon matches “zz”.") })
        #expect(lines.last!.hasPrefix(" /zz   0 of 8"))
        #expect(press(.enter, in: &state) == [])
        #expect(press(.right, in: &state) == [])
    }

    @Test func theGridKeepsItsTileSizeAndColumnsWhileFiltering() throws {
        var state = chooser(numberedItems(30), width: 100, height: 30)
        let before = try #require(state.layout)
        press(.character("/"), in: &state)
        type("1", in: &state)
        let after = try #require(state.layout)
        #expect(after.tileSize == before.tileSize)
        #expect(after.columns == before.columns)
        #expect(after.itemCount == state.shown.count)
    }

    @Test func typingScrollsToTheBestMatches() {
        var state = chooser(numberedItems(30), width: 60, height: 24)
        press(.end, in: &state)
        #expect(state.firstVisibleRow > 0)
        press(.character("/"), in: &state)
        type("icon 1", in: &state)
        #expect(state.firstVisibleRow == 0)
        #expect(state.focusedItem?.title == "Icon 1")
    }

    @Test func controlAndBidiCharactersAreNeverTyped() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        press(.character("\u{202E}"), .character("\u{7}"), in: &state)
        #expect(state.filter?.query == "")
    }

    @Test func theQueryIsBounded() {
        var state = chooser(namedItems)
        press(.character("/"), in: &state)
        type(String(repeating: "a", count: IconFilter.maximumLength + 20), in: &state)
        #expect(state.filter?.query.count == IconFilter.maximumLength)
    }

    @Test func pixelPicturesFollowTheirTilesIntoTheFilteredGrid() throws {
        var state = chooser(namedItems, width: 100, height: 30)
        _ = update(&state, .pixelPictures(cell: .standard))
        for item in state.items {
            _ = update(&state, .pixelPictureLoaded(icon: item.key, tileSize: try #require(state.tileSize), cell: .standard, ready: true))
        }
        press(.character("/"), in: &state)
        type("dark", in: &state)
        let layout = try #require(state.layout)
        let tiles = state.pixelTiles
        #expect(tiles.map(\.index) == state.shown)
        let first = try #require(layout.slotOrigin(of: 0, firstRow: 0))
        #expect(tiles.first?.x == first.x + 1 && tiles.first?.y == first.y + 1)
    }

    @Test func theCheckmarkStaysOnTheCurrentIconWhereverItIsShown() {
        var state = chooser(namedItems, current: "pride-dark", width: 100, height: 30)
        press(.character("/"), in: &state)
        type("dark", in: &state)
        // pride-dark is third: its badge is on the third tile's last picture row.
        let screen = marks(of: state)
        let badgeRows = (0..<screen.height).filter { y in (0..<screen.width).contains { screen[$0, y].style == markLegend()["c"] } }
        #expect(badgeRows.count == 1)
    }
}
