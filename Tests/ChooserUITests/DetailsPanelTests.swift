import CellCanvas
@testable import ChooserUI
import IconArt
import IconCatalog
import TerminalInput
import Testing
import TerminalText

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
        "black-white": [IconFinding(severity: .warning, rule: ProblemCode(rawValue: "missing-alternate-size"),
                                    message: "black-white has no 120 px image for iPhone")],
        "white-black": [IconFinding(severity: .error, rule: .fileNotFound, message: "white-black-dark.png is missing")],
        nil: [IconFinding(severity: .note, rule: ProblemCode(rawValue: "newsstand-icon"), message: "UINewsstandIcon is ignored")],
    ], elsewhere: 2)
    static let known: [IconKey: IconDetails] = [key(1): plistIcon, key(2): setIcon, key(3): bundleIcon]

    /// Answers the panel's effects as the shell would: files, findings and fake pictures.
    static func answer(_ effects: [ChooserEffect], in state: inout ChooserState) {
        for effect in effects {
            var more: [ChooserEffect] = []
            switch effect {
            case .loadDetails(let icon):
                more = update(&state, .detailsLoaded(icon: icon, known[icon] ?? IconDetails(places: [], images: [])))
            case .checkApp:
                more = update(&state, .findingsLoaded(findings))
            case .loadDetailsPicture(let picture, let appearance):
                let letter = Character(String(letter(state.items.firstIndex { $0.key == picture.icon } ?? 25)).lowercased())
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
    static func type(_ keys: TerminalKey..., in state: inout ChooserState) {
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

    @Test func besideTheGridOnAWideTerminalForAnIconSetWithDarkAndTintedImages() {
        let state = Self.opened(width: 100, height: 30, focus: 2)
        #expect(state.detailsFrame?.beside == true)
        // Three large tiles a row still fit beside it.
        #expect(state.tileSize == .large && state.layout?.columns == 3)
        #expect(text(of: state) == CellGrid(lines: [
            "                                        App Icon — Colourful                                        ",
            "                                                        ╭─ Details — i closes ─────────────────────╮",
            "                                                        │ white-black                    ✓ current │",
            " AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC │                                          │",
            " AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC │             cccccccccccccccc             │",
            " AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC │             cccccccccccccccc             │",
            " AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC │             cccccccccccccccc             │",
            " AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC │             cccccccccccccccc             │",
            " AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC │             cccccccccccccccc             │",
            " AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC │             cccccccccccccccc             │",
            " AAAAAAAAAAAAAAAA   BBBBBBBBBBBBBBBB   CCCCCCCCCCCCCCCC │             cccccccccccccccc             │",
            "                                                     ✓  │             cccccccccccccccc             │",
            "     Default          black-white        white-black    │                                          │",
            "                                                        │ Declared                                 │",
            " DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE                    │   icon set                               │",
            " DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE                    │     Colourful/Assets.xcassets/           │",
            " DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE                    │     white-black.appiconset               │",
            " DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE                    │   … 1 more place                         │",
            " DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE                    │ Images  1024×1024 universal              │",
            " DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE                    │   white-black.png       light            │",
            " DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE                    │   white-black-dark.png  dark             │",
            " DDDDDDDDDDDDDDDD   EEEEEEEEEEEEEEEE                    │   white-black.png       tinted  derived  │",
            "                                                        │ Lint                                     │",
            "   multi-black        black-multi                       │   error: white-black-dark.png is         │",
            "                                                        │     missing [file-not-found]             │",
            "                                                        │   … 1 more finding                       │",
            "                                                        ╰──────────────────────────────────────────╯",
            "                                                                                                    ",
            "                                                                                                    ",
            " ←↑↓→ move  Enter use  / filter  a appearance  i details  ? help  q quit                            ",
        ]))
    }

    @Test func overTheGridOnANarrowTerminalForAPlistIcon() {
        let state = Self.opened(width: 60, height: 30, focus: 1)
        #expect(state.detailsFrame?.beside == false)
        #expect(text(of: state) == CellGrid(lines: [
            "                    App Icon — Colourful                    ",
            "  ╭─ Details — i closes ─────────────────────────────────╮  ",
            "  │ black-white                              not current │  ",
            "  │                                                      │  ",
            "  │                   bbbbbbbbbbbbbbbb                   │  ",
            "  │                   bbbbbbbbbbbbbbbb                   │  ",
            "  │                   bbbbbbbbbbbbbbbb                   │  ",
            "  │                   bbbbbbbbbbbbbbbb                   │  ",
            "  │                   bbbbbbbbbbbbbbbb                   │  ",
            "  │                   bbbbbbbbbbbbbbbb                   │  ",
            "  │                   bbbbbbbbbbbbbbbb                   │  ",
            "  │                   bbbbbbbbbbbbbbbb                   │  ",
            "  │                                                      │  ",
            "  │ Declared                                             │  ",
            "  │   key                                                │  ",
            "  │     CFBundleIcons › CFBundleAlternateIcons ›         │  ",
            "  │     black-white                                      │  ",
            "  │   in Colourful/Info.plist                            │  ",
            "  │ Images                                               │  ",
            "  │   black-white@2x.png  120×120  light                 │  ",
            "  │   black-white@3x.png  180×180  light                 │  ",
            "  │ Lint                                                 │  ",
            "  │   warning: black-white has no 120 px image for       │  ",
            "  │     iPhone [missing-alternate-size]                  │  ",
            "  │   +2 about the whole app: iconchooser lint           │  ",
            "  │                                                      │  ",
            "  ╰──────────────────────────────────────────────────────╯  ",
            "                                                            ",
            "                                                            ",
            " Enter use  / filter  a appearance  ? help  q quit          ",
        ]))
    }

    /// Findings about the whole app point to the command that shows them, and to --fix for those it fixes.
    @Test func wholeAppFindingsNameLintFixWhereItFixesThem() {
        for (elsewhere, fixable, line) in [(2, 0, "+2 about the whole app: iconchooser lint"),
                                            (2, 2, "+2 about the whole app: iconchooser lint --fix"),
                                            (3, 1, "+3 about the whole app: iconchooser lint (--fix: 1)")] {
            var state = Self.opened(width: 160, height: 40, focus: 3)
            Self.answer(update(&state, .findingsLoaded(AppFindings(elsewhere: elsewhere, elsewhereFixable: fixable))), in: &state)
            let lines = text(of: state).lines
            #expect(lines.contains { $0.contains("│   \(line) ") }, "\(lines.joined(separator: "\n"))")
            if fixable == 0 { #expect(!lines.contains { $0.contains("--fix") }) }
        }
    }

    @Test func aTallWideTerminalGivesTheLargestPictureAndAnIconComposerBundlesLayers() {
        let state = Self.opened(width: 160, height: 40, focus: 3)
        #expect(state.detailsFrame.map { ($0.x, $0.width) } ?? (0, 0) == (100, 60))
        #expect(Self.columns(state, from: 100, width: 60) == [
            "                                                            ",
            "╭─ Details — i closes ─────────────────────────────────────╮",
            "│ multi-black                                  not current │",
            "│                                                          │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│             dddddddddddddddddddddddddddddddd             │",
            "│                                                          │",
            "│ Declared                                                 │",
            "│   Icon Composer Colourful/multi-black.icon               │",
            "│   ships by ASSETCATALOG_COMPILER_APPICON_NAME            │",
            "│ Images  layer                                            │",
            "│   glyph.svg                                              │",
            "│     vector   light                                       │",
            "│   backdrop-with-a-rather-long-name.png                   │",
            "│     512×512  light                                       │",
            "│   glyph.svg                                              │",
            "│     vector   dark   derived                              │",
            "│ Lint                                                     │",
            "│   nothing found                                          │",
            "│   +2 about the whole app: iconchooser lint               │",
            "│                                                          │",
            "│                                                          │",
            "╰──────────────────────────────────────────────────────────╯",
            "                                                            ",
            "                                                            ",
            "                                                            ",
        ])
    }

    @Test func inASCIIWithoutColour() {
        let state = Self.opened(width: 60, height: 24, focus: 1, configuration: ChooserConfiguration(ascii: true, colorDepth: .noColor))
        #expect(text(of: state) == CellGrid(lines: [
            "                    App Icon - Colourful                    ",
            "  +- Details - i closes ---------------------------------+  ",
            "  | black-white                              not current |  ",
            " A|                                                      |  ",
            " A|                     bbbbbbbbbbbb                     |  ",
            " A|                     bbbbbbbbbbbb                     |  ",
            " A|                     bbbbbbbbbbbb                     |  ",
            " A|                     bbbbbbbbbbbb                     |  ",
            " A|                     bbbbbbbbbbbb                     |  ",
            "  |                     bbbbbbbbbbbb                     |  ",
            "  |                                                      |  ",
            "  | Declared                                             |  ",
            " E|   key                                                |  ",
            " E|     CFBundleIcons > CFBundleAlternateIcons >         |  ",
            " E|     black-white...                                   |  ",
            " E| Images                                               |  ",
            " E| Lint                                                 |  ",
            " E|   warning: black-white has no 120 px image for       |  ",
            "  |     iPhone [missing-alternate-size]                  |  ",
            "  |   +2 about the whole app: iconchooser lint           |  ",
            "  +------------------------------------------------------+  ",
            "                                                            ",
            "                                                            ",
            " Enter use  / filter  a appearance  ? help  q quit          ",
        ]))
        #expect(view(state).cells.allSatisfy { $0.text.unicodeScalars.allSatisfy(\.isASCII) })
        // Nothing but attributes: the name bold, the finding plain ("warning:" says it).
        #expect(view(state).cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
    }

    @Test func thePanelFollowsTheFocusAskingForEachThingOnce() {
        var state = chooser(current: "white-black", width: 100, height: 30)
        _ = update(&state, .key(.home))
        let opened = update(&state, .key(.character("i")))
        let picture = DetailsPicture(icon: key(0), columns: 16, rows: 8)
        #expect(opened == [.loadDetails(key(0)), .checkApp, .loadDetailsPicture(picture, .light)])
        Self.answer(opened, in: &state)
        #expect(text(of: state).lines[2].contains("primary"))
        #expect(text(of: state).text.contains("note: UINewsstandIcon is ignored"))

        // The next icon: its files and its picture, not the app's findings again.
        let moved = update(&state, .key(.right))
        #expect(moved == [.loadDetails(key(1)), .loadDetailsPicture(DetailsPicture(icon: key(1), columns: 16, rows: 8), .light)])
        // Until they arrive the text says so, and the picture is the placeholder, not the last icon's.
        let waiting = text(of: state).text
        #expect(waiting.contains("black-white") && waiting.contains("looking…") && !waiting.contains("aaaa"))
        #expect(waiting.contains("warning: black-white has no 120 px"))
        Self.answer(moved, in: &state)
        #expect(text(of: state).text.contains("black-white@3x.png") && text(of: state).text.contains("bbbb"))

        // Back: the files are known; only the picture (one is kept) is asked for again.
        #expect(update(&state, .key(.left)) == [.loadDetailsPicture(picture, .light)])
        // A picture that arrives for an icon no longer focused is not shown.
        _ = update(&state, .detailsPictureLoaded(DetailsPicture(icon: key(1), columns: 16, rows: 8),
                                                 picture: CellGrid(width: 16, height: 8, filling: Cell("z")), appearance: .light))
        #expect(!text(of: state).text.contains("zzzz"))
    }

    @Test func aNewAppearanceOrSymbolSetAsksForThePictureAgain() {
        var state = Self.opened(width: 100, height: 30, focus: 1)
        let picture = DetailsPicture(icon: key(1), columns: 16, rows: 8)
        let effects = update(&state, .key(.character("a")))
        #expect(effects.contains(.loadDetailsPicture(picture, .dark)) && !effects.contains(.loadDetails(key(1))))
        // The light one, late, is dropped.
        _ = update(&state, .detailsPictureLoaded(picture, picture: CellGrid(width: 16, height: 8, filling: Cell("z")), appearance: .light))
        #expect(!text(of: state).text.contains("zzzz"))
        #expect(update(&state, .symbolsChanged(.sextant)).contains(.loadDetailsPicture(picture, .dark)))
    }

    @Test func escClosesThePanelAndThenLeaves() {
        var state = Self.opened(width: 60, height: 30, focus: 1)
        #expect(update(&state, .key(.escape)) == [])
        #expect(state.detailsFrame == nil && !text(of: state).text.contains("Details"))
        #expect(text(of: state).text.contains("black-white"))  // the grid is back
        #expect(update(&state, .key(.escape)) == [.quit(status: 0)])
        // q leaves at once, panel or not.
        var open = Self.opened(width: 60, height: 30, focus: 1)
        #expect(update(&open, .key(.character("q"))) == [.quit(status: 0)])
    }

    @Test func theHelpAndTheFooterListTheKey() {
        var state = chooser(width: 100, height: 30)
        #expect(text(of: state).lines[29].contains("i details"))
        press(.character("?"), in: &state)
        #expect(text(of: state).text.contains("i                details (files, lint)"))
    }

    @Test func aClickOnThePanelOverTheGridHitsNoTile() {
        var state = Self.opened(width: 60, height: 30, focus: 1)
        #expect(update(&state, .click(column: 20, row: 6)) == [])
        #expect(state.focus == 1 && state.currentName == "white-black")
    }

    @Test func longAndWideFileNamesAreCutByDisplayWidth() throws {
        var state = chooser(width: 60, height: 30)
        let wide = String(repeating: "图标", count: 20) + ".png"  // 80 columns
        let effects = update(&state, .key(.character("i")))
        for case .loadDetails(let icon) in effects {
            _ = update(&state, .detailsLoaded(icon: icon, IconDetails(places: [.iconSet("A.appiconset")], images: [
                IconDetails.Image(file: wide, width: 1024, height: 1024, idiom: "universal", appearance: .light),
                IconDetails.Image(file: "x.png", width: 1024, height: 1024, idiom: "universal", appearance: .dark),
            ])))
        }
        let rows = text(of: state).lines
        let row = try #require(rows.first { $0.contains("图标") })
        // Cut with an ellipsis inside the border, which stays in its column.
        #expect(row.contains("…") && DisplayWidth.of(row) == 60 && row.hasSuffix("│  "))
    }

    @Test func thePixelPictureIsPlacedOnBlankCellsOutsideAnyBox() throws {
        var state = Self.opened(width: 100, height: 30, focus: 1)
        let cell = try #require(CellPixelSize(width: 10, height: 20))
        let effects = update(&state, .pixelPictures(cell: cell))
        let picture = DetailsPicture(icon: key(1), columns: 16, rows: 8)
        #expect(effects.contains(.loadDetailsPixelPicture(picture, cell: cell, appearance: .light)))
        #expect(state.detailsPixelPlacement == nil)  // not made yet: symbols show
        _ = update(&state, .detailsPixelPictureLoaded(picture, cell: cell, ready: true, appearance: .light))
        let placement = try #require(state.detailsPixelPlacement)
        #expect(placement.picture == picture)
        let grid = view(state)
        #expect((0..<8).allSatisfy { y in (0..<16).allSatisfy { x in grid[placement.x + x, placement.y + y] == .blank } })
        // The help box covers part of it: the rest shows, on blank cells, and none under the box.
        press(.character("?"), in: &state)
        let box = HelpBox(glyphs: Glyphs(ascii: false), theme: Theme(depth: state.configuration.colorDepth),
                          configuration: state.configuration, terminal: state.terminalLines, screen: state.screen).area
        let cut = try #require(state.detailsPixelPlacement)
        #expect(cut.pieces.count == 2 && cut.pieces != placement.pieces)
        let covered = view(state)
        for piece in cut.pieces {
            for y in cut.y + piece.row..<cut.y + piece.row + piece.rows {
                for x in cut.x + piece.column..<cut.x + piece.column + piece.columns {
                    #expect(!(box.x..<box.x + box.width).contains(x) || !(box.y..<box.y + box.height).contains(y))
                    #expect(covered[x, y] == .blank)
                }
            }
        }
        press(.character("?"), in: &state)
        #expect(state.detailsPixelPlacement == placement)
        // The next icon's is asked for; none is placed until it is made.
        let moved = update(&state, .key(.right))
        #expect(moved.contains(.loadDetailsPixelPicture(DetailsPicture(icon: key(2), columns: 16, rows: 8), cell: cell, appearance: .light)))
        #expect(state.detailsPixelPlacement == nil)
        // Closed: nothing is placed.
        _ = update(&state, .key(.left))
        #expect(state.detailsPixelPlacement == placement)  // made already: back at once
        _ = update(&state, .key(.character("i")))
        #expect(state.detailsPixelPlacement == nil)
    }

    /// Opening the panel beside the grid never makes the tiles larger: the grid keeps its tile
    /// size, or takes a smaller one where that no longer fits, on every screen and icon count.
    @Test func theTilesBesideThePanelAreNeverLargerThanWithoutIt() {
        var larger: [String] = []
        for count in [5, 12, 30] {
            for width in stride(from: 70, through: 240, by: 10) {
                for height in stride(from: 20, through: 70, by: 5) {
                    var state = chooser(numberedItems(count), width: width, height: height)
                    guard let closed = state.tileSize else { continue }
                    Self.type(.character("i"), in: &state)
                    guard state.detailsFrame?.beside == true, let opened = state.tileSize else { continue }
                    if opened > closed { larger.append("\(count) icons at \(width)×\(height): \(closed) → \(opened)") }
                }
            }
        }
        #expect(larger.isEmpty, "\(larger.prefix(8))")
    }

    /// Long names part between their components: a build setting after an underscore, a path
    /// after a slash, words at spaces; only a component longer than a line is cut inside.
    @Test func longNamesAreWrappedBetweenTheirComponents() {
        #expect(DetailsPanel.wrap("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", to: 40)
                == ["ASSETCATALOG_COMPILER_INCLUDE_ALL_", "APPICON_ASSETS"])
        #expect(DetailsPanel.wrap("Colourful/Assets.xcassets/white-black.appiconset", to: 30)
                == ["Colourful/Assets.xcassets/", "white-black.appiconset"])
        #expect(DetailsPanel.wrap("ships by ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", to: 30)
                == ["ships by ASSETCATALOG_", "COMPILER_ALTERNATE_APPICON_", "NAMES"])
        #expect(DetailsPanel.wrap("ABCDEFGHIJKLMNOPQRSTUVWXYZ_AB", to: 10) == ["ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ_AB"])
    }

    /// An image's entry is its name and, where the names are long, its size on a line of its
    /// own: an entry that does not fit whole goes into the count, never its name alone.
    @Test func anEntryIsShownWholeOrCounted() {
        let entries = (1...4).map { n in
            [PanelLine(text: "app-icon--default@\(n)x.png", indent: 2), PanelLine(text: "\(60 * n)×\(60 * n)", indent: 4)]
        }
        let section = DetailsPanel.Section(heading: PanelLine(text: "Images"), entries: entries, noun: "image")
        let glyphs = Glyphs(ascii: false), theme = Theme(depth: .palette256)
        #expect(section.lines(in: 8, glyphs: glyphs, theme: theme).map(\.text) == [
            "Images", "app-icon--default@1x.png", "60×60", "app-icon--default@2x.png", "120×120",
            "app-icon--default@3x.png", "180×180", "… 1 more image",
        ])
        #expect(section.lines(in: 7, glyphs: glyphs, theme: theme).map(\.text) == [
            "Images", "app-icon--default@1x.png", "60×60", "app-icon--default@2x.png", "120×120", "… 2 more images",
        ])
        // The first entry alone too long: what fits of it, then the count.
        #expect(section.lines(in: 3, glyphs: glyphs, theme: theme).map(\.text) == [
            "Images", "app-icon--default@1x.png…", "… 3 more images",
        ])
    }
}
