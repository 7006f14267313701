import CellCanvas
@testable import ChooserUI
import IconCatalog
import TerminalInput
import Testing

/// `f` in the details panel: what it asks the shell for, the confirmation box, and what a
/// fix applied or refused leaves on screen.
@Suite struct FixFlowTests {
    static let fixable = AppFindings(byIcon: [
        "black-white": [IconFinding(severity: .warning, rule: ProblemCode(rawValue: "missing-alternate-size"),
                                    message: "black-white has no 152×152 iPad image", fixable: true)],
        "white-black": [IconFinding(severity: .error, rule: .fileNotFound, message: "white-black-dark.png is missing")],
    ])

    /// The chooser with the panel open on item `focus`, the findings above delivered.
    static func opened(focus: Int) -> ChooserState {
        var state = DetailsPanelTests.opened(width: 100, height: 30, focus: focus)
        _ = update(&state, .findingsLoaded(fixable))
        return state
    }

    static let proposal = FixProposal(id: 7, icon: "black-white", question: "Fix 1 finding of “black-white”?",
                                      changes: ["change Assets.xcassets/black-white.appiconset/Contents.json",
                                                "create Assets.xcassets/black-white.appiconset/black-white-152.png"])

    @Test func fAsksForThePlanOfTheFocusedIconsFixableFindings() {
        var state = Self.opened(focus: 1)
        #expect(state.details.findings?.byIcon["black-white"]?.first?.fixable == true)
        #expect(text(of: state).lines.contains { $0.contains("│ Lint — f fixes it") })
        #expect(text(of: state).lines.joined().contains("fixable]"))
        let effects = update(&state, .key(.character("f")))
        #expect(effects == [.planFix(icon: FixTarget(name: "black-white"))])
        #expect(state.fix == .planning)
        // A second f while it is worked out asks nothing more.
        #expect(update(&state, .key(.character("f"))).isEmpty)
    }

    /// Without fixes (`--no-fix`, `serve`'s visitors, the bundled demo) `f` is no key: the
    /// panel's heading offers nothing, pressing it asks for nothing and says nothing.
    @Test func withoutFixesFIsNoKeyAndThePanelOffersNone() {
        var state = Self.opened(focus: 1)
        state.configuration.fixes = false
        let lines = text(of: state).lines
        #expect(lines.contains { $0.contains("│ Lint  ") })
        #expect(!lines.joined().contains("f fixes"))
        #expect(lines.joined().contains("fixable]"))
        let status = state.status
        #expect(update(&state, .key(.character("f"))).isEmpty)
        #expect(state.fix == nil && state.status == status)
    }

    @Test func theBoxListsEveryFileAndEnterAppliesTheFixConfirmed() {
        var state = Self.opened(focus: 1)
        _ = update(&state, .key(.character("f")))
        _ = update(&state, .fixPlanned(Self.proposal, failure: nil))
        let screen = text(of: state).lines.joined(separator: "\n")
        #expect(screen.contains("Fix 1 finding of “black-white”?"))
        #expect(screen.contains("create Assets.xcassets/black-white.appiconset/black-white-152.png"))
        #expect(screen.contains("Enter apply   Esc cancel"))
        // Other keys do nothing while it asks: the focus stays.
        let focus = state.focus
        #expect(update(&state, .key(.right)).isEmpty && state.focus == focus)
        #expect(update(&state, .key(.enter)) == [.applyFix(Self.proposal)])
        #expect(state.fix == .applying)
        #expect(!text(of: state).lines.joined().contains("Enter apply"))
    }

    @Test func escCancelsAndChangesNothing() {
        var state = Self.opened(focus: 1)
        _ = update(&state, .key(.character("f")))
        _ = update(&state, .fixPlanned(Self.proposal, failure: nil))
        #expect(update(&state, .key(.escape)).isEmpty)
        #expect(state.fix == nil && state.details.isOpen)
        #expect(state.status?.text == "Nothing was changed.")
    }

    @Test func aFixAppliedChecksTheAppAgainAndRedrawsTheTiles() {
        var state = Self.opened(focus: 1)
        _ = update(&state, .key(.character("f")))
        _ = update(&state, .fixPlanned(Self.proposal, failure: nil))
        _ = update(&state, .key(.enter))
        let effects = update(&state, .fixApplied(error: nil, summary: "Fixed 1 finding of “black-white”."))
        #expect(effects.contains(.checkApp))
        #expect(effects.contains(.readIcons))
        #expect(state.details.findings == nil && state.fix == nil)
        #expect(state.status == StatusMessage("Fixed 1 finding of “black-white”."))
        let redrawn = update(&state, .iconsRead(state.items))
        #expect(redrawn.contains { if case .loadPictures = $0 { return true } else { return false } })
        #expect(state.status == StatusMessage("Fixed 1 finding of “black-white”."))
    }

    @Test func failuresAndIconsWithoutAFixSaySoInTheFooter() {
        var state = Self.opened(focus: 2)
        #expect(update(&state, .key(.character("f"))).isEmpty)
        #expect(state.status?.text == "Nothing found about “white-black” has a fix.")
        state = Self.opened(focus: 1)
        _ = update(&state, .key(.character("f")))
        _ = update(&state, .fixPlanned(nil, failure: "Info.plist changed on disk since it was read"))
        #expect(state.fix == nil && state.status?.isError == true)
        _ = update(&state, .key(.character("f")))
        _ = update(&state, .fixPlanned(Self.proposal, failure: nil))
        _ = update(&state, .key(.character("y")))
        _ = update(&state, .fixApplied(error: "Contents.json: changed on disk since it was read", summary: ""))
        #expect(state.status == StatusMessage("Could not fix: Contents.json: changed on disk since it was read", isError: true))
        #expect(state.details.findings != nil, "a failed fix keeps what was found")
    }

    @Test func withThePanelClosedFSaysHowToUseIt() {
        var state = chooser(current: nil, width: 100, height: 30)
        #expect(update(&state, .key(.character("f"))).isEmpty)
        #expect(state.status?.text.contains("(i)") == true)
    }
}
