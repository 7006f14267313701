import CellCanvas
@testable import ChooserUI
import IconArt
import IconCatalog
import Testing

/// The details panel (`i`): where it goes at each width, what it says about each kind of
/// icon, and how it follows the focus while asking for each thing once. Large pictures are
/// fake, filled with the icon's letter in lower case (a for the first icon, b for the second…).
@Suite struct DetailsPanelTests {
    /// black-white: loose files an Info.plist names.
    static let plistIcon = IconDetails(
        places: [.plistKey(["CFBundleIcons", "CFBundleAlternateIcons", "black-white"], file: "Colourful/Info.plist")],
        images: [IconDetails.Image(file: "black-white@2x.png", width: 120, height: 120, idiom: nil, appearance: .light),
                 IconDetails.Image(file: "black-white@3x.png", width: 180, height: 180, idiom: nil, appearance: .light)])
    /// white-black: an app icon set with a dark image and a tinted one iOS derives.
    static let setIcon = IconDetails(
        places: [.iconSet("Colourful/Assets.xcassets/white-black.appiconset"),
                 .setting("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES")],
        images: [IconDetails.Image(file: "white-black.png", width: 1024, height: 1024, idiom: "universal", appearance: .light),
                 IconDetails.Image(file: "white-black-dark.png", width: 1024, height: 1024, idiom: "universal", appearance: .dark),
                 IconDetails.Image(file: "white-black.png", width: 1024, height: 1024, idiom: "universal", appearance: .tinted,
                                   derived: true)])
    /// multi-black: an Icon Composer bundle of an SVG and a PNG layer.
    static let bundleIcon = IconDetails(
        places: [.iconBundle("Colourful/multi-black.icon", olderSystems: nil), .setting("ASSETCATALOG_COMPILER_APPICON_NAME")],
        images: [IconDetails.Image(file: "glyph.svg", width: nil, height: nil, idiom: "layer", appearance: .light),
                 IconDetails.Image(file: "backdrop-with-a-rather-long-name.png", width: 512, height: 512, idiom: "layer",
                                   appearance: .light),
                 IconDetails.Image(file: "glyph.svg", width: nil, height: nil, idiom: "layer", appearance: .dark, derived: true)])
    static let findings = AppFindings(byIcon: [
        "black-white": [IconFinding(severity: .warning, rule: "missing-alternate-size",
                                    message: "black-white has no 120 px image for iPhone")],
        "white-black": [IconFinding(severity: .error, rule: "file-not-found", message: "white-black-dark.png is missing")],
        nil: [IconFinding(severity: .note, rule: "newsstand-icon", message: "UINewsstandIcon is ignored")],
    ], elsewhere: 2)
    static let known: [Int: IconDetails] = [1: plistIcon, 2: setIcon, 3: bundleIcon]

    /// Answers the panel's effects as the shell would: files, findings and fake pictures.
    static func answer(_ effects: [ChooserEffect], in state: inout ChooserState) {
        for effect in effects {
            var more: [ChooserEffect] = []
            switch effect {
            case .loadDetails(let index):
                more = update(&state, .detailsLoaded(index: index, known[index] ?? IconDetails(places: [], images: [])))
            case .checkApp:
                more = update(&state, .findingsLoaded(findings))
            case .loadDetailsPicture(let picture, let appearance):
                let letter = Character(String(letter(picture.index)).lowercased())
                more = update(&state, .detailsPictureLoaded(
                    picture, picture: CellGrid(width: picture.columns, height: picture.rows, filling: Cell(String(letter))),
                    appearance: appearance))
            default:
                deliver([effect], to: &state)
            }
            answer(more, in: &state)
        }
    }

    /// Presses keys, answering everything they ask for.
    static func type(_ keys: Key..., in state: inout ChooserState) {
        for key in keys { answer(update(&state, .key(key)), in: &state) }
    }

    /// The chooser at `width`×`height` with the panel open on item `focus`, everything it asked for answered.
    static func opened(width: Int, height: Int, focus: Int, configuration: ChooserConfiguration = ChooserConfiguration())
        -> ChooserState {
        var state = chooser(current: "white-black", width: width, height: height, configuration: configuration)
        type(.home, in: &state)
        for _ in 0..<focus { type(.right, in: &state) }
        type(.character("i"), in: &state)
        return state
    }

    /// The columns `x ..< x + width` of every row of the screen's text.
    static func columns(_ state: ChooserState, from x: Int, width: Int) -> [String] {
        text(of: state).lines.map { String(Array($0)[x..<min($0.count, x + width)]) }
    }

    @Test func dump() {
        let a = Self.opened(width: 100, height: 30, focus: 2)
        print(text(of: a).lines.map { "            \"\($0)\"," }.joined(separator: "\n"))
        let b = Self.opened(width: 60, height: 30, focus: 1)
        print(text(of: b).lines.map { "            \"\($0)\"," }.joined(separator: "\n"))
        let c = Self.opened(width: 160, height: 40, focus: 3)
        print(Self.columns(c, from: 100, width: 60).map { "            \"\($0)\"," }.joined(separator: "\n"))
        let d = Self.opened(width: 60, height: 24, focus: 1, configuration: ChooserConfiguration(ascii: true, colorDepth: .noColor))
        print(text(of: d).lines.map { "            \"\($0)\"," }.joined(separator: "\n"))
    }
}
