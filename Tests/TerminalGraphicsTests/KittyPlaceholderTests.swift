import CellCanvas
import TerminalGraphics
import Testing

struct KittyPlaceholderTests {
    /// What a terminal reads from a placeholder cell: the image id from the colour and the
    /// marks, the row and column from the marks.
    static func read(_ cell: Cell) -> (imageID: UInt32, row: Int, column: Int)? {
        let scalars = Array(cell.text.unicodeScalars)
        guard scalars.first == "\u{10EEEE}", scalars.count >= 3,
              let row = KittyPlaceholder.diacritics.firstIndex(of: scalars[1]),
              let column = KittyPlaceholder.diacritics.firstIndex(of: scalars[2]) else { return nil }
        let topByte = scalars.count > 3 ? UInt32(KittyPlaceholder.diacritics.firstIndex(of: scalars[3])!) : 0
        let low: UInt32
        switch cell.foreground {
        case let .rgb(r, g, b): low = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
        case let .indexed(n): low = UInt32(n)
        case .default: return nil
        }
        return (topByte << 24 | low, row, column)
    }

    @Test func theDiacriticsTable() {
        let table = KittyPlaceholder.diacritics
        #expect(table.count == 297)
        // The protocol's own examples: 0 is U+0305, 1 is U+030D, 2 is U+030E.
        #expect(table.prefix(3) == ["\u{0305}", "\u{030D}", "\u{030E}"])
        // Spot checks across the table, including the last entry and the first beyond the BMP.
        #expect(table[29] == "\u{036F}" && table[30] == "\u{0483}")
        #expect(table[101] == "\u{07EC}")
        #expect(table[283] == "\u{10A0F}")
        #expect(table[296] == "\u{1D244}")
        // Increasing, and every one a combining mark drawn above its character (class 230).
        #expect(zip(table, table.dropFirst()).allSatisfy { $0.value < $1.value })
        #expect(table.allSatisfy { $0.properties.canonicalCombiningClass == .above && $0.properties.generalCategory == .nonspacingMark })
    }

    @Test func cellsCarryRowColumnAndImageID() throws {
        let grid = KittyPlaceholder.cells(imageID: 0x12_3456, columns: 4, rows: 3, color: .truecolor)
        #expect(grid.width == 4 && grid.height == 3)
        for row in 0..<3 {
            for column in 0..<4 {
                let cell = try #require(Self.read(grid[column, row]))
                #expect(cell.imageID == 0x12_3456 && cell.row == row && cell.column == column)
                #expect(grid[column, row].foreground == .rgb(0x12, 0x34, 0x56))
            }
        }
        #expect(KittyPlaceholder.cellText(row: 1, column: 2, imageID: 5) == "\u{10EEEE}\u{030D}\u{030E}")
    }

    @Test func theTopByteOfAnIDIsAThirdMark() throws {
        let id: UInt32 = 42 + (2 << 24)
        #expect(KittyPlaceholder.cellText(row: 0, column: 1, imageID: id) == "\u{10EEEE}\u{0305}\u{030D}\u{030E}")
        let grid = KittyPlaceholder.cells(imageID: id, columns: 2, rows: 1, color: .palette256)
        #expect(grid[0, 0].foreground == .indexed(42))
        #expect(try #require(Self.read(grid[1, 0])).imageID == id)
    }

    @Test func whichIDsAColourCanCarry() {
        #expect(KittyPlaceholder.canCarry(imageID: 0xFF_FFFF, in: .truecolor))
        #expect(KittyPlaceholder.canCarry(imageID: 200, in: .palette256))
        #expect(!KittyPlaceholder.canCarry(imageID: 300, in: .palette256))
        #expect(!KittyPlaceholder.canCarry(imageID: 0, in: .truecolor))
    }

    @Test func aPlaceholderIsOneColumnWide() {
        let cell = Cell(KittyPlaceholder.cellText(row: 3, column: 4, imageID: 1))
        #expect(cell.columns == 1)
        #expect(cell.text.count == 1)  // one grapheme: the marks combine with the placeholder
    }
}
