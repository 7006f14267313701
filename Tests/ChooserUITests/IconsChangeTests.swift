import CellCanvas
@testable import ChooserUI
import IconCatalog
import TerminalInput
import Testing

/// The list of icons changing under the chooser (the app read again after a fix): what is
/// kept of each icon follows it to its new place, and what belonged to a removed icon goes.
@Suite struct IconsChangeTests {
    /// The demo's icons with "fresh" added after the primary and "multi-black" gone.
    static let changed: [ChooserItem] = [
        .primary(),
        ChooserItem(name: "fresh", title: "fresh"),
        ChooserItem(name: "black-white", title: "black-white"),
        ChooserItem(name: "white-black", title: "white-black"),
        ChooserItem(name: "black-multi", title: "black-multi"),
    ]

    /// The letter a tile is filled with in the grid's `position`, or nil for a placeholder.
    static func letterShown(at position: Int, in state: ChooserState) throws -> Character? {
        let layout = try #require(state.layout)
        let origin = try #require(layout.slotOrigin(of: position, firstRow: state.firstVisibleRow))
        let picture = TileDrawing.pictureOrigin(slotX: origin.x, slotY: origin.y)
        let cell = view(state)[picture.x + layout.tileSize.columns / 2, picture.y + layout.tileSize.rows / 2]
        return cell.text.first.flatMap { $0.isLetter ? $0 : nil }
    }

    @Test func picturesFollowTheirIconAndARemovedIconsPictureIsDropped() throws {
        var state = chooser()
        let size = try #require(state.tileSize)
        // Drawn A (primary), B (black-white), C (white-black), D (multi-black), E (black-multi).
        #expect(try Self.letterShown(at: 2, in: state) == "C")
        let effects = update(&state, .iconsRead(Self.changed))
        #expect(state.items == Self.changed)
        let kept = try #require(state.pictures[size])
        #expect(kept[key(1)] == fakePicture("B", size) && kept[key(2)] == fakePicture("C", size))
        #expect(kept[key(3)] == nil, "multi-black is gone, and its picture with it")
        // Until the new pictures come, each icon shows its old one in its new place.
        #expect(try Self.letterShown(at: 1, in: state) == nil, "fresh has no picture yet")
        #expect(try Self.letterShown(at: 2, in: state) == "B")
        #expect(try Self.letterShown(at: 3, in: state) == "C")
        #expect(try Self.letterShown(at: 4, in: state) == "E")
        // Every picture is asked for again (a fix may have changed any file), by icon.
        #expect(effects == [.loadPictures(keys([0, 1, 2, 3, 4], in: Self.changed), size)])
        deliver(effects, to: &state)
        #expect(try Self.letterShown(at: 1, in: state) == "B", "fresh drawn with the letter of its new place")
    }

    @Test func aPictureForAnIconNoLongerListedIsNotKept() throws {
        var state = chooser(loadPictures: false)
        let size = try #require(state.tileSize)
        _ = update(&state, .iconsRead(Self.changed))
        _ = update(&state, .pictureLoaded(icon: key(3), tileSize: size, picture: fakePicture("Z", size)))
        #expect(state.pictures[size]?[key(3)] == nil)
        _ = update(&state, .pixelPictures(cell: .standard))
        _ = update(&state, .pixelPictureLoaded(icon: key(3), tileSize: size, cell: .standard, ready: true))
        #expect(state.pixels?.ready[size]?.contains(key(3)) != true)
    }

    @Test func theFocusStaysOnItsIconAndTheCheckmarkOnTheCurrentOne() throws {
        var state = chooser(current: "black-multi")
        press(.home, .right, .right, in: &state)
        #expect(state.focusedItem?.name == "white-black")
        _ = update(&state, .iconsRead(Self.changed))
        #expect(state.focus == 3 && state.focusedItem?.name == "white-black")
        #expect(state.currentIndex == 4 && state.items[4].name == "black-multi")
    }

    @Test func aRemovedFocusedIconLeavesTheFocusInItsPlace() throws {
        var state = chooser()
        press(.home, .right, .right, .right, in: &state)
        #expect(state.focusedItem?.name == "multi-black")
        _ = update(&state, .iconsRead(Self.changed))
        #expect(state.focus == 3 && state.focusedItem?.name == "white-black")
    }

    @Test func anOpenFilterAppliesToTheNewList() throws {
        var state = chooser()
        press(.character("/"), .character("w"), .character("h"), in: &state)
        #expect(Set(state.shown.map { state.items[$0].name }) == ["black-white", "white-black"])
        let more = demoItems + [ChooserItem(name: "whale", title: "whale")]
        _ = update(&state, .iconsRead(more))
        #expect(state.filter?.query == "wh")
        #expect(state.shown.map { state.items[$0].name }.contains("whale"))
        #expect(state.filter?.total == 6)
        #expect(view(state).lines.joined().contains("3 of 6"))
    }

    @Test func detailsOfTheIconsAreAskedForAgain() throws {
        var state = chooser()
        press(.home, .right, in: &state)
        DetailsPanelTests.answer(update(&state, .key(.character("i"))), in: &state)
        #expect(state.details.known[key(1)] != nil)
        let effects = update(&state, .iconsRead(Self.changed))
        #expect(state.details.known.isEmpty)
        #expect(effects.contains(.loadDetails(key(1))), "the focused icon's files, found again")
    }

    @Test func pixelPicturesAreMadeAgainForTheNewList() throws {
        var state = chooser()
        let size = try #require(state.tileSize)
        _ = update(&state, .pixelPictures(cell: .standard))
        for item in state.items {
            _ = update(&state, .pixelPictureLoaded(icon: item.key, tileSize: size, cell: .standard, ready: true))
        }
        #expect(state.pixelTiles.count == 5)
        let effects = update(&state, .iconsRead(Self.changed))
        #expect(state.pixelTiles.isEmpty, "symbols until the new pictures are ready")
        #expect(effects.contains(.loadPixelPictures(keys([0, 1, 2, 3, 4], in: Self.changed), size, cell: .standard)))
    }

    @Test func aListThatCouldNotBeReadKeepsTheGridAndSaysWhy() throws {
        var state = chooser()
        let effects = update(&state, .iconsRead([], failure: "Info.plist: not a property list"))
        #expect(state.items == demoItems)
        #expect(state.status == StatusMessage("Could not read the app again: Info.plist: not a property list", isError: true))
        #expect(effects.contains { if case .loadPictures = $0 { true } else { false } })
    }

    @Test func aSetThatIsGoneShowsTheOtherOne() throws {
        var state = chooser(twinItems)
        press(.character("p"), in: &state)
        #expect(state.idiom == .pad)
        _ = update(&state, .iconsRead(Array(twinItems.prefix(4))))
        #expect(state.idiom == .phone && state.shown == [0, 1, 2, 3])
    }
}
