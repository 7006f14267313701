@testable import ChooserUI
import IconArt
import Testing

/// Tile size choice, minimum sizes, positions and hit testing.
@Suite struct LayoutTests {
    func layout(_ width: Int, _ height: Int, items: Int = 5, size choice: IconSizeChoice = .auto) -> GridLayout? {
        GridLayout.choose(choice, itemCount: items, screen: ScreenSize(width: width, height: height))
    }

    @Test func tileSizes() {
        #expect(TileSize.allCases.map { [$0.columns, $0.rows] } == [[8, 4], [12, 6], [16, 8]])
    }

    @Test func minimumScreenFitsOneSlotTitleAndFooter() {
        #expect(GridLayout.minimumScreen(for: .small) == ScreenSize(width: 20, height: 12))
        #expect(GridLayout.minimumScreen(for: .medium) == ScreenSize(width: 20, height: 14))
        #expect(GridLayout.minimumScreen(for: .large) == ScreenSize(width: 20, height: 16))
        #expect(layout(20, 12)?.tileSize == .small)
        #expect(layout(19, 12) == nil)
        #expect(layout(20, 11) == nil)
    }

    @Test func autoPicksTheLargestThatShowsEveryIcon() {
        #expect(layout(100, 30)?.tileSize == .large)  // 5 per row
        #expect(layout(60, 24)?.tileSize == .medium)  // large would need to scroll
        #expect(layout(40, 20)?.tileSize == .small)
        #expect(layout(20, 16, items: 1)?.tileSize == .large)
    }

    @Test func autoWithTooManyIconsPrefersTwoVisibleRowsThenOne() {
        #expect(layout(100, 30, items: 500)?.tileSize == .large)  // 2 rows of large
        #expect(layout(100, 24, items: 500)?.tileSize == .medium)  // large shows 1 row, medium 2
        #expect(layout(100, 14, items: 500)?.tileSize == .medium)  // only 1 row of anything: the largest
    }

    @Test func forcedSizeIsKeptOrTheScreenIsTooSmall() {
        #expect(layout(100, 30, size: .small)?.tileSize == .small)
        #expect(layout(40, 20, size: .large)?.tileSize == .large)
        #expect(layout(40, 15, size: .large) == nil)
        let state = chooser(width: 40, height: 15, configuration: ChooserConfiguration(iconSize: .large))
        #expect(state.minimumScreen == ScreenSize(width: 20, height: 16))
    }

    @Test func columnsWrapToTheWidthAndShortListsAreCentred() {
        let wide = layout(100, 30, items: 30, size: .small)!
        #expect(wide.columns == 9)  // 9 × 10 + 8 gaps = 98
        #expect(wide.originX == 1)
        let short = layout(100, 30, items: 3, size: .small)!
        #expect(short.columns == 3 && short.gridWidth == 32 && short.originX == 34)
    }

    @Test func slotOriginsAndHitTestingAgree() {
        let grid = layout(60, 24, items: 13, size: .medium)!
        for firstRow in 0...grid.lastFirstRow {
            for index in 0..<13 {
                guard let origin = grid.slotOrigin(of: index, firstRow: firstRow) else {
                    #expect(!grid.visibleIndices(firstRow: firstRow).contains(index))
                    continue
                }
                #expect(grid.visibleIndices(firstRow: firstRow).contains(index))
                for (dx, dy) in [(0, 0), (grid.slotWidth - 1, 0), (0, grid.slotHeight - 1), (grid.slotWidth - 1, grid.slotHeight - 1)] {
                    #expect(grid.index(atColumn: origin.x + dx, row: origin.y + dy, firstRow: firstRow) == index)
                }
                #expect(grid.index(atColumn: origin.x + grid.slotWidth, row: origin.y, firstRow: firstRow) == nil)
            }
        }
    }

    @Test func firstRowScrollsMinimallyAndClamps() {
        let grid = layout(60, 24, items: 13, size: .medium)!  // 4 rows, 2 visible
        #expect(grid.lastFirstRow == 2)
        #expect(grid.firstRow(0, showing: 5) == 0)
        #expect(grid.firstRow(0, showing: 8) == 1)
        #expect(grid.firstRow(2, showing: 4) == 1)
        #expect(grid.firstRow(9, showing: 12) == 2)
        #expect(grid.firstRow(-3, showing: 0) == 0)
    }
}
