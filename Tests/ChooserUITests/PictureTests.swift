@testable import ChooserUI
import IconArt
import Testing

/// Asking for pictures: visible first, never twice, again at a new size after a resize.
@Suite struct PictureTests {
    @Test func startAsksForEveryPictureVisibleFirst() {
        let (state, effects) = ChooserState.start(items: numberedItems(30), appName: "Colourful", currentName: "icon25",
                                                  screen: ScreenSize(width: 60, height: 24))
        #expect(state.firstVisibleRow == 5)
        #expect(effects == [.loadPictures(keys(Array(20..<30) + Array(0..<20), in: numberedItems(30)), .medium)])
    }

    @Test func tooSmallAtStartAsksForNothingUntilItGrows() {
        var (state, effects) = ChooserState.start(items: demoItems, appName: "Colourful", currentName: nil,
                                                  screen: ScreenSize(width: 10, height: 5))
        #expect(effects == [])
        #expect(update(&state, .resize(width: 40, height: 20)) == [.loadPictures(keys([0, 1, 2, 3, 4]), .small)])
    }

    @Test func resizeToANewTileSizeAsksOnceForThatSize() {
        var state = chooser(current: "black-multi", width: 100, height: 30)
        #expect(update(&state, .resize(width: 99, height: 30)) == [])  // still large
        #expect(update(&state, .resize(width: 60, height: 24)) == [.loadPictures(keys([0, 1, 2, 3, 4]), .medium)])
        deliver([.loadPictures(keys([0, 1, 2, 3, 4]), .medium)], to: &state)
        #expect(update(&state, .resize(width: 100, height: 30)) == [])  // large pictures are kept
        #expect(update(&state, .resize(width: 60, height: 24)) == [])
        #expect(update(&state, .resize(width: 40, height: 20)) == [.loadPictures(keys([0, 1, 2, 3, 4]), .small)])
        #expect(update(&state, .resize(width: 40, height: 20)) == [])  // asked already, not yet loaded
    }

    @Test func resizeKeepsTheFocusVisible() {
        var state = chooser(numberedItems(30), width: 100, height: 30)
        press(.end, in: &state)
        for (width, height) in [(60, 24), (40, 20), (200, 60), (20, 12), (100, 14), (15, 8), (60, 24)] {
            let effects = update(&state, .resize(width: width, height: height))
            deliver(effects, to: &state)
            #expect(state.focus == 29)
            if let layout = state.layout {
                #expect(layout.slotOrigin(of: 29, firstRow: state.firstVisibleRow) != nil, "\(width)×\(height)")
                #expect(state.firstVisibleRow <= layout.lastFirstRow)
            }
        }
    }

    @Test func growingScrollsBackSoNoRowsAreWasted() {
        var state = chooser(numberedItems(30), width: 60, height: 24, configuration: ChooserConfiguration(iconSize: .medium))
        press(.end, in: &state)
        #expect(state.firstVisibleRow == 6)
        _ = update(&state, .resize(width: 60, height: 60))
        #expect(state.firstVisibleRow == 2)  // 8 rows, 6 visible
    }

    @Test func loadedPicturesReplacePlaceholders() {
        var state = chooser(width: 40, height: 14, loadPictures: false)
        #expect(!view(state).lines[3].contains("ZZZ"))
        _ = update(&state, .pictureLoaded(icon: key(1), tileSize: .medium, picture: fakePicture("Z", .medium)))
        #expect(view(state).lines[3].hasSuffix("  ZZZZZZZZZZZZ       "))  // the second tile, columns 21–32
    }

    @Test func picturesOfTheWrongSizeOrIndexAreIgnored() {
        let before = chooser(width: 40, height: 14, loadPictures: false)
        var state = before
        _ = update(&state, .pictureLoaded(icon: key(1), tileSize: .medium, picture: fakePicture("Z", .small)))
        _ = update(&state, .pictureLoaded(icon: IconKey(name: "nine"), tileSize: .medium, picture: fakePicture("Z", .medium)))
        _ = update(&state, .pictureLoaded(icon: IconKey(name: "black-white", idiom: .pad), tileSize: .medium, picture: fakePicture("Z", .medium)))
        #expect(state == before)
    }
}
