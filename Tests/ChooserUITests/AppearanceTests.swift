@testable import ChooserUI
import IconArt
import IconCatalog
import Testing

/// `a` shows every icon in the next appearance, as iOS 18's home screen switches them all at once.
@Suite struct AppearanceTests {
    @Test func aCyclesTheAppearanceAndAsksForEveryPictureAgain() {
        var state = chooser(current: "black-multi", width: 100, height: 30)
        #expect(state.appearance == .light)
        #expect(update(&state, .key(.character("a"))) == [.loadPictures(keys([0, 1, 2, 3, 4]), .large, .dark)])
        #expect(state.appearance == .dark)
        #expect(state.pictures.isEmpty)  // placeholders until the dark pictures arrive
        #expect(press(.character("a"), in: &state) == [.loadPictures(keys([0, 1, 2, 3, 4]), .large, .tinted)])
        #expect(press(.character("a"), in: &state) == [.loadPictures(keys([0, 1, 2, 3, 4]), .large, .light)])
        #expect(state.appearance == .light)
    }

    @Test func aPictureOfAnAppearanceNoLongerShownIsDropped() {
        var state = chooser(width: 100, height: 30, loadPictures: false)
        _ = update(&state, .key(.character("a")))
        _ = update(&state, .pictureLoaded(icon: key(1), tileSize: .large, picture: fakePicture("Z", .large), appearance: .light))
        #expect(state.pictures[.large]?[key(1)] == nil)
        _ = update(&state, .pictureLoaded(icon: key(1), tileSize: .large, picture: fakePicture("Z", .large), appearance: .dark))
        #expect(state.pictures[.large]?[key(1)] != nil)
    }

    @Test func theTitleNamesTheTargetTheConfigurationAndAnAppearanceOtherThanLight() {
        var (state, _) = ChooserState.start(items: demoItems, appName: "Home Assistant", currentName: nil,
                                            screen: ScreenSize(width: 80, height: 24), context: "App, Release")
        #expect(text(of: state).lines[0].trimmingCharacters(in: .whitespaces) == "App Icon — Home Assistant (App, Release)")
        _ = press(.character("a"), in: &state)
        #expect(text(of: state).lines[0].trimmingCharacters(in: .whitespaces)
                == "App Icon — Home Assistant (App, Release) — dark")
        #expect(state.status?.text == "Showing the dark appearance.")
    }

    @Test func theChooserCanStartInAnotherAppearance() {
        let (state, effects) = ChooserState.start(items: demoItems, appName: "Colourful", currentName: nil,
                                                  screen: ScreenSize(width: 100, height: 30), appearance: .tinted)
        #expect(effects == [.loadPictures(keys([0, 1, 2, 3, 4]), .large, .tinted)])
        #expect(text(of: state).lines[0].contains("— tinted"))
    }
}
