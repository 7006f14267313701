import Testing
import IconArt

struct ImageChoiceTests {
    /// The demo app's four files per icon.
    let files = [
        ImageCandidate(path: "a@2x.png", width: 120, height: 120),
        ImageCandidate(path: "a@3x.png", width: 180, height: 180),
        ImageCandidate(path: "a-ipad@2x.png", width: 152, height: 152),
        ImageCandidate(path: "a-ipadpro@2x.png", width: 167, height: 167),
    ]

    @Test func theSmallestThatIsLargeEnough() {
        #expect(ImageCandidate.best(in: files, width: 16, height: 16)?.path == "a@2x.png")
        #expect(ImageCandidate.best(in: files, width: 150, height: 150)?.path == "a-ipad@2x.png")
        #expect(ImageCandidate.best(in: files, width: 160, height: 160)?.path == "a-ipadpro@2x.png")
        #expect(ImageCandidate.best(in: files, width: 167, height: 167)?.path == "a-ipadpro@2x.png")
    }

    @Test func elseTheLargest() {
        #expect(ImageCandidate.best(in: files, width: 400, height: 400)?.path == "a@3x.png")
    }

    @Test func noCandidatesNoChoice() {
        #expect(ImageCandidate.best(in: [], width: 16, height: 16) == nil)
    }

    @Test func tiesGoToTheFirstListed() {
        let twins = [ImageCandidate(path: "one", width: 60, height: 60), ImageCandidate(path: "two", width: 60, height: 60)]
        #expect(ImageCandidate.best(in: twins, width: 16, height: 16)?.path == "one")
        #expect(ImageCandidate.best(in: twins, width: 100, height: 100)?.path == "one")
    }

    /// A square image in a wider box is fitted to the box's height, so it is large enough
    /// when it is as tall as the box; it need not be as wide.
    @Test func largeEnoughMeansNoEnlargingWhenFitted() {
        let small = ImageCandidate(path: "16", width: 16, height: 16)
        let large = ImageCandidate(path: "32", width: 32, height: 32)
        #expect(small.covers(width: 20, height: 16))
        #expect(!small.covers(width: 20, height: 17))
        #expect(ImageCandidate.best(in: [large, small], width: 20, height: 16)?.path == "16")
    }

    @Test func unknownSizesAreNeverLargeEnough() {
        let unknown = ImageCandidate(path: "?", width: 0, height: 0)
        let tiny = ImageCandidate(path: "tiny", width: 8, height: 8)
        #expect(!unknown.covers(width: 1, height: 1))
        #expect(ImageCandidate.best(in: [unknown, tiny], width: 16, height: 16)?.path == "tiny")
        #expect(ImageCandidate.best(in: [unknown], width: 16, height: 16)?.path == "?")
    }
}
