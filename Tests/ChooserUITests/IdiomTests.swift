@testable import ChooserUI
import IconCatalog
import Testing

/// An app with an iPad twin: the iPhone set, then the iPad set, which lacks "dark" and adds "ipad-only".
let twinItems: [ChooserItem] = [
    .primary(),
    ChooserItem(name: "pride", title: "Pride"),
    ChooserItem(name: "dark", title: "Dark"),
    ChooserItem(name: "blueprint", title: "Blueprint"),
    .primary(idiom: .pad),
    ChooserItem(name: "ipad-only", title: "iPad Only", idiom: .pad),
    ChooserItem(name: "blueprint", title: "Blueprint", idiom: .pad),
    ChooserItem(name: "pride", title: "Pride", idiom: .pad),
]

/// `p`: the iPhone and iPad icon sets of an app that has both.
@Suite struct IdiomTests {
    @Test func theFirstItemsSetIsShownAndTheTitleSaysWhichDevice() {
        let state = chooser(twinItems)
        #expect(state.idiom == .phone)
        #expect(state.shown == [0, 1, 2, 3])
        #expect(view(state).lines[0].contains("App Icon — Colourful — iPhone"))
    }

    @Test func pSwitchesKeepingTheFocusOnTheSameName() {
        var state = chooser(twinItems)
        press(.end, in: &state)
        #expect(state.focusedItem?.name == "blueprint")
        let effects = press(.character("p"), in: &state)
        #expect(state.idiom == .pad)
        #expect(state.shown == [4, 5, 6, 7])
        #expect(state.focus == 6)
        #expect(state.focusedItem?.name == "blueprint")
        #expect(effects == [.loadPictures(keys([4, 5, 6, 7], in: twinItems), .large)])
        let screen = view(state).lines
        #expect(screen[0].contains("App Icon — Colourful — iPad"))
        #expect(screen[screen.count - 2].contains("Showing the iPad icons."))
        press(.character("p"), in: &state)
        #expect(state.idiom == .phone)
        #expect(state.focus == 3)
    }

    @Test func aNameTheOtherSetLacksFocusesItsCurrentIconElseItsFirst() {
        var state = chooser(twinItems, current: "pride")
        press(.character("g"), .right, .right, in: &state)
        #expect(state.focusedItem?.name == "dark")
        press(.character("p"), in: &state)
        #expect(state.focus == 7)               // the iPad set's "pride", the current icon
        var plain = chooser(twinItems)
        press(.right, .right, in: &plain)
        press(.character("p"), in: &plain)
        #expect(plain.focus == 4)               // its primary, the current one
    }

    @Test func theCheckmarkIsOnTheCurrentIconOfTheSetShown() {
        var state = chooser(twinItems, current: "pride")
        #expect(state.currentIndex == 1)
        press(.character("p"), in: &state)
        #expect(state.currentIndex == 7)
    }

    @Test func switchingBackAsksForNoPictureTwice() {
        var state = chooser(twinItems)
        press(.character("p"), in: &state)
        #expect(press(.character("p"), in: &state) == [])
        #expect(press(.character("p"), in: &state) == [])
    }

    @Test func theFilterCarriesOverToTheOtherSet() {
        var state = chooser(twinItems)
        press(.character("/"), in: &state)
        type("p", in: &state)
        #expect(shownTitles(state) == ["Pride", "Blueprint"])
        press(.escape, in: &state)
        press(.character("p"), in: &state)
        press(.character("/"), in: &state)
        type("p", in: &state)
        #expect(shownTitles(state) == ["Pride", "iPad Only", "Blueprint"])
        #expect(view(state).lines.last!.hasPrefix(" /p   3 of 4"))
    }

    @Test func anAppWithoutAnIPadSetSaysSoInTheFooter() {
        var state = chooser(demoItems)
        #expect(press(.character("p"), in: &state) == [])
        #expect(state.idiom == .phone)
        let screen = view(state).lines
        #expect(screen[screen.count - 2].contains("Colourful has no iPad icons of its own"))
        #expect(!screen[0].contains("iPhone"))
    }

    @Test func startingOnTheIPadSet() {
        let (state, _) = ChooserState.start(items: twinItems, appName: "Colourful", currentName: "blueprint",
                                            screen: ScreenSize(width: 100, height: 30), idiom: .pad)
        #expect(state.shown == [4, 5, 6, 7])
        #expect(state.focus == 6)
    }

    @Test func theFooterOffersTheOtherDevice() {
        #expect(view(chooser(twinItems)).lines.last!.contains("p iPad"))
        var state = chooser(twinItems)
        press(.character("p"), in: &state)
        #expect(view(state).lines.last!.contains("p iPhone"))
        #expect(!view(chooser(demoItems)).lines.last!.contains("p iP"))
    }
}
