import IconCatalog
import Testing
import IconArt

struct ImageChoiceTests {
    /// The demo app's four files per icon.
    let files = [
        IconImage(path: "a@2x.png", width: 120, height: 120),
        IconImage(path: "a@3x.png", width: 180, height: 180),
        IconImage(path: "a-ipad@2x.png", width: 152, height: 152),
        IconImage(path: "a-ipadpro@2x.png", width: 167, height: 167),
    ]

    @Test func theSmallestThatIsLargeEnough() {
        #expect(IconImage.best(in: files, width: 16, height: 16)?.path == "a@2x.png")
        #expect(IconImage.best(in: files, width: 150, height: 150)?.path == "a-ipad@2x.png")
        #expect(IconImage.best(in: files, width: 160, height: 160)?.path == "a-ipadpro@2x.png")
        #expect(IconImage.best(in: files, width: 167, height: 167)?.path == "a-ipadpro@2x.png")
    }

    @Test func elseTheLargest() {
        #expect(IconImage.best(in: files, width: 400, height: 400)?.path == "a@3x.png")
    }

    @Test func noCandidatesNoChoice() {
        #expect(IconImage.best(in: [], width: 16, height: 16) == nil)
    }

    @Test func tiesGoToTheFirstListed() {
        let twins = [IconImage(path: "one", width: 60, height: 60), IconImage(path: "two", width: 60, height: 60)]
        #expect(IconImage.best(in: twins, width: 16, height: 16)?.path == "one")
        #expect(IconImage.best(in: twins, width: 100, height: 100)?.path == "one")
    }

    /// A square image in a wider box is fitted to the box's height, so it is large enough
    /// when it is as tall as the box; it need not be as wide.
    @Test func largeEnoughMeansNoEnlargingWhenFitted() {
        let small = IconImage(path: "16", width: 16, height: 16)
        let large = IconImage(path: "32", width: 32, height: 32)
        #expect(small.covers(width: 20, height: 16))
        #expect(!small.covers(width: 20, height: 17))
        #expect(IconImage.best(in: [large, small], width: 20, height: 16)?.path == "16")
    }

    @Test func unknownSizesAreNeverLargeEnough() {
        let unknown = IconImage(path: "?", width: 0, height: 0)
        let tiny = IconImage(path: "tiny", width: 8, height: 8)
        #expect(!unknown.covers(width: 1, height: 1))
        #expect(IconImage.best(in: [unknown, tiny], width: 16, height: 16)?.path == "tiny")
        #expect(IconImage.best(in: [unknown], width: 16, height: 16)?.path == "?")
    }
}
