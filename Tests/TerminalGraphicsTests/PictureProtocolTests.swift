import CellCanvas
import IconArt
import Pixels
@testable import TerminalDetection
@testable import TerminalGraphics
import Testing

/// The one table of pixel protocols (`PictureProtocol`) against what is derived from it: every
/// protocol the program names has one entry, `--graphics auto` weighs each, and the encoders
/// the chooser and `preview` use are the table's.
@Suite struct PictureProtocolTests {
    @Test func everyProtocolHasOneEntryAndAPlaceInAutoChoice() {
        #expect(PictureProtocol.all.map(\.graphics) == GraphicsProtocol.allCases)
        #expect(GraphicsProtocol.allCases.allSatisfy { PictureProtocol.of($0).graphics == $0 })
        #expect(Set(GraphicsProtocol.preference) == Set(GraphicsProtocol.allCases))
        #expect(GraphicsProtocol.preference.count == GraphicsProtocol.allCases.count)
    }

    /// kitty scales a picture to its cells: it is made no larger than its icon; sixel and
    /// iTerm2 are drawn pixel for pixel on their tile.
    @Test func howLargeEachProtocolsPicturesAreMade() {
        #expect(PictureProtocol.of(.kitty).sizing == .atMostSource)
        #expect(PictureProtocol.of(.sixel).sizing == .tile)
        #expect(PictureProtocol.of(.iterm2).sizing == .tile)
    }

    /// A sheet's picture at the cursor is the protocol's own bytes.
    @Test func aSheetWritesEachPictureInItsProtocol() throws {
        let geometry = try #require(TileGeometry(columns: 4, rows: 2, cell: .standard))
        let picture = PixelPicture(bitmap: RGBABitmap(width: geometry.width, height: geometry.height, filledWith: (255, 0, 0, 255)),
                                   geometry: geometry)
        let options = GraphicsOptions()
        #expect(try PictureProtocol.of(.kitty).atCursor(picture, options).starts(with: Array("\u{1B}_G".utf8)))
        #expect(try PictureProtocol.of(.sixel).atCursor(picture, options).starts(with: Array("\u{1B}P".utf8)))
        #expect(try PictureProtocol.of(.iterm2).atCursor(picture, options).starts(with: Array("\u{1B}]1337;File=".utf8)))
    }
}
