import CellCanvas
@testable import ChooserUI
import Foundation
import IconArt
import IconCatalog
import TerminalText
import Testing
import TestSupport

/// Captions of the grid: long names cut in the middle, where related names differ, and the
/// focused name shown whole on a plate that may lie over its neighbours' captions.
@Suite struct CaptionTests {
    /// Names that share their start and differ at their end, as Habitica's do.
    static let prideItems: [ChooserItem] = [.primary()] + [
        "PrideHabitica-AltBlack", "PrideHabitica-AltWhite", "PrideHabitica", "AppIcon-Birthday", "AppIcon-Summer",
    ].map { ChooserItem(name: $0, title: $0) }

    /// The caption row of the grid's first row of slots: its text, and `f` under each cell of the
    /// focused name plate, `m`/`M` under a matched letter off/on the plate.
    func captionRow(_ state: ChooserState) -> (text: String, styles: String) {
        let grid = view(state)
        let y = GridLayout.gridTop + state.layout!.slotHeight - 1
        let theme = Theme(depth: state.configuration.colorDepth)
        let names: [CellStyle: Character] = [theme.focusCaption: "f", theme.matchedLetter(on: false): "m",
                                             theme.matchedLetter(on: true): "M"]
        return (grid.lines[y], String((0..<grid.width).map { names[grid[$0, y].style] ?? "." }))
    }

    @Test func longCaptionsAreCutInTheMiddleAndTheFocusedOneIsWholeOverItsNeighbours() {
        var state = chooser(Self.prideItems, width: 60, height: 24)
        #expect(state.tileSize == .medium && state.layout?.slotWidth == 14 && state.layout?.columns == 4)
        press(.right, in: &state)
        // Slots at 0, 15, 30 and 45; the plate of PrideHabitica-AltBlack spans 10..<34, and the
        // captions beside it take what is left of their slots less a blank column next to it.
        let row = captionRow(state)
        #expect(row.text == " Default   PrideHabitica-AltBlack  Prid…hite PrideHabitica  ")
        #expect(row.styles == String(repeating: ".", count: 10) + String(repeating: "f", count: 24)
                + String(repeating: ".", count: 26))
        press(.right, in: &state)
        #expect(captionRow(state).text == "   Default     Prid…lack  PrideHabitica-AltWhite  Prid…tica ")
        press(.left, .left, in: &state)
        #expect(captionRow(state).text == "   Default     PrideHa…tBlack PrideHa…tWhite PrideHabitica  ")
    }

    /// A click on the plate where it lies over a neighbour's caption applies the focused icon;
    /// a click on what the plate leaves of that caption applies the neighbour.
    @Test func aClickOnThePlateIsAClickOnTheFocusedIcon() {
        var state = chooser(Self.prideItems, width: 60, height: 24)
        press(.right, in: &state)
        let row = GridLayout.gridTop + state.layout!.slotHeight - 1
        #expect(update(&state, .click(column: 32, row: row)) == [.apply(name: "PrideHabitica-AltBlack")])
        _ = update(&state, .applyFinished(name: "PrideHabitica-AltBlack", error: nil))
        press(.enter, in: &state)  // dismiss the alert
        #expect(update(&state, .click(column: 35, row: row)) == [.apply(name: "PrideHabitica-AltWhite")])
        #expect(state.focus == 2)
    }

    /// At the grid's edge the plate moves inward rather than leave the screen.
    @Test func theFocusedPlateStaysOnTheScreen() {
        let items = [ChooserItem.primary()] + ["A", "B", "PrideHabitica-AltBlack"].map { ChooserItem(name: $0, title: $0) }
        var state = chooser(items, width: 60, height: 24)
        press(.right, .right, .right, in: &state)
        let row = captionRow(state)
        #expect(row.styles == String(repeating: ".", count: 36) + String(repeating: "f", count: 24))
        #expect(row.text.hasSuffix(" PrideHabitica-AltBlack "), "\(row.text)")
    }

    /// Beside the details panel the plate keeps to the grid's columns; a name wider than them
    /// is cut in the middle on a plate as wide as the grid.
    @Test func theFocusedPlateKeepsOutOfTheDetailsPanel() throws {
        let long = "SeasonalCollection-" + String(repeating: "Winter", count: 12) + "-Dark"
        let items = [ChooserItem.primary(), ChooserItem(name: long, title: long)]
        var state = chooser(items, width: 100, height: 30)
        press(.right, .character("i"), in: &state)
        let frame = try #require(state.detailsFrame)
        let gridWidth = frame.gridScreen(of: state.screen).width
        #expect(gridWidth < 100 - 30)
        let row = captionRow(state)
        #expect(row.styles.prefix(gridWidth) == String(repeating: "f", count: gridWidth))
        #expect(Array(row.styles)[gridWidth] != "f")
        let caption = row.text.prefix(gridWidth).trimmingCharacters(in: .whitespaces)
        #expect(caption == DisplayWidth.truncateMiddle(long, to: gridWidth), "\(caption)")
        #expect(caption.hasPrefix("SeasonalColl") && caption.hasSuffix("Winter-Dark"))
    }

    /// One slot drawn alone (a 12-column tile in a 14-column slot, on a row of `width`): its
    /// caption row, and `m`/`M` under each matched letter off/on the plate, `f` the plate.
    func drawnCaption(_ title: String, marked: [Int], focused: Bool = false, slotX: Int = 0,
                      width: Int = 14) -> (text: String, styles: String) {
        let configuration = ChooserConfiguration()
        let tiles = TileDrawing(columns: 12, rows: 2, configuration: configuration)
        var grid = CellGrid(width: width, height: tiles.slotHeight)
        tiles.draw(ChooserItem(name: title, title: title), picture: .symbols(CellGrid(width: 12, height: 2)), isCurrent: false,
                   isFocused: focused, marked: marked,
                   captionColumns: focused ? TileDrawing.plate(for: title, slotX: slotX, slotWidth: tiles.slotWidth,
                                                               within: 0..<width) : nil,
                   x: slotX, y: 0, into: &grid)
        let theme = Theme(depth: configuration.colorDepth)
        let names: [CellStyle: Character] = [theme.focusCaption: "f", theme.matchedLetter(on: false): "m",
                                             theme.matchedLetter(on: true): "M"]
        let y = grid.height - 1
        return (grid.lines[y], String((0..<grid.width).map { names[grid[$0, y].style] ?? "." }))
    }

    /// Matched letters are marked in the kept start and the kept end; those cut out are not.
    @Test func filterMarksFollowTheCut() {
        // P r | i A cut | t W e: PrideHa…tWhite
        let cut = drawnCaption("PrideHabitica-AltWhite", marked: [0, 1, 8, 14, 16, 17, 21])
        #expect(cut.text == "PrideHa…tWhite")
        #expect(cut.styles == "mm......mm...m")
        // Focused with room, the plate is the name and a blank column either side, every mark shown.
        let whole = drawnCaption("PrideHabitica-AltWhite", marked: [0, 1, 8, 14, 16, 17, 21], focused: true, width: 30)
        #expect(whole.text == " PrideHabitica-AltWhite       ")
        #expect(whole.styles == "f" + "MM" + "ffffff" + "M" + "fffff" + "M" + "f" + "MM" + "fff" + "M" + "f" + "......")
        // 红色的 | 应用 cut | 标主题: the first and last marked, 用 cut away.
        let wide = drawnCaption("红色的应用图标主题", marked: [0, 4, 8])
        #expect(wide.text == "红色的…标主题 ")
        let styles = Array(wide.styles)
        #expect(styles[0] == "m" && styles[11] == "m" && !styles[2...10].contains("m"), "\(wide.styles)")
    }
}

/// Captions people can tell apart: on a real app and on a large one, at common widths, no two
/// captions on screen read the same unless their names do.
@Suite struct DistinctCaptionTests {
    /// What each shown slot's caption reads on screen: the focused name plate whole, every other
    /// caption in its slot unless the plate lies over it (then it is not on screen to be confused).
    static func visibleCaptions(_ state: ChooserState) -> [(title: String, caption: String)] {
        guard let layout = state.layout else { return [] }
        let grid = view(state)
        let plate = Theme(depth: state.configuration.colorDepth).focusCaption
        var captions: [(String, String)] = []
        for position in layout.visibleIndices(firstRow: state.firstVisibleRow) {
            guard let origin = layout.slotOrigin(of: position, firstRow: state.firstVisibleRow) else { continue }
            let index = state.shown[position], y = origin.y + layout.slotHeight - 1
            var columns = origin.x..<origin.x + layout.slotWidth
            if index == state.focus {
                var start = origin.x, end = origin.x
                while start > 0 && grid[start - 1, y].style == plate { start -= 1 }
                while end < grid.width && grid[end, y].style == plate { end += 1 }
                columns = start..<end
            } else if columns.contains(where: { grid[$0, y].style == plate }) {
                continue
            }
            let text = String(columns.map { grid[$0, y].text }.joined()).trimmingCharacters(in: .whitespaces)
            captions.append((state.items[index].title, text))
        }
        return captions
    }

    /// Every screenful, the focus moved down a row at a time from the first icon to the last:
    /// captions that read the same belong to icons of the same name.
    static func expectDistinctCaptions(_ items: [ChooserItem], width: Int, height: Int = 40, query: String? = nil,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        var state = chooser(items, width: width, height: height)
        if let query {
            press(.character("/"), in: &state)
            type(query, in: &state)
        }
        var seen = Set<Int>(), checked = 0
        while seen.insert(state.focus).inserted {
            let captions = visibleCaptions(state)
            for (caption, same) in Dictionary(grouping: captions, by: \.caption) where Set(same.map(\.title)).count > 1 {
                Issue.record("at \(width) columns \(same.map(\.title)) all read “\(caption)”", sourceLocation: sourceLocation)
            }
            checked += captions.count
            press(.down, in: &state)
        }
        #expect(checked > 0, sourceLocation: sourceLocation)
    }

    /// The chooser's items for an app, as the chooser session makes them.
    static func items(of catalog: AppIconCatalog) -> [ChooserItem] {
        catalog.icons.map { ChooserItem(name: $0.name, title: TextSanitizer.clean($0.displayName), idiom: catalog.idiom) }
    }

    static func habitica() throws -> [ChooserItem] {
        items(of: try CatalogReader.read(app: RealProjectCorpus.path("HabitRPG_habitica-ios")))
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"), arguments: [80, 100, 120])
    func habiticasCaptionsDiffer(width: Int) throws {
        let items = try Self.habitica()
        #expect(items.count == 32)
        Self.expectDistinctCaptions(items, width: width)
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"), arguments: [80, 100, 120])
    func habiticasCaptionsDifferWhileFilteringPrideal(width: Int) throws {
        let items = try Self.habitica()
        var state = chooser(items, width: width, height: 40)
        press(.character("/"), in: &state)
        type("prideal", in: &state)
        #expect((state.filter?.matched.count ?? 0) >= 2)
        Self.expectDistinctCaptions(items, width: width, query: "prideal")
    }

    /// 500 icons in families that share a long start and differ at their end.
    @Test(arguments: [80, 100, 120])
    func fiveHundredIconsCaptionsDiffer(width: Int) {
        let families = ["SeasonalCollection-Winter", "SeasonalCollection-Summer", "PrideHabitica-Alt", "AppIcon-Birthday"]
        let items = [ChooserItem.primary()] + (1..<500).map { n in
            let name = "\(families[n % families.count])-\(["Black", "White", "Dark", "Light"][n / 4 % 4])\(n)"
            return ChooserItem(name: name, title: name)
        }
        Self.expectDistinctCaptions(items, width: width)
    }
}
