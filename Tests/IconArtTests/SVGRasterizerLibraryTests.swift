import Foundation
import Testing
import TestSupport
@testable import IconArt

/// libiconchooser-svg, opened beside the test runner as beside the program, and the error a
/// missing or broken library gives.
@Suite struct SVGRasterizerLibraryTests {
    private static let square = Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"2\"><rect width=\"4\" height=\"2\" fill=\"#FF0000\"/></svg>".utf8)

    @Test func theBuiltLibraryIsFoundBesideTheRunningProgram() throws {
        let library = try SVGRasterizerLibrary.shared.get()
        let document = try SVGDocument(bytes: Self.square, library: .success(library))
        #expect(document.width == 4 && document.height == 2)
        let patch = try #require(try document.draw(in: LayerFrame(x: 0, y: 0, width: 4, height: 2),
                                                   clip: PixelRect(x: 0, y: 0, width: 8, height: 8)))
        #expect(patch.rect == PixelRect(x: 0, y: 0, width: 4, height: 2))
        #expect(Array(patch.samples.prefix(4)) == [1, 0, 0, 1])
    }

    @Test func aMissingLibraryIsNamedWithWhereItWasLookedFor() {
        let folder = TemporaryFolder()
        let result = SVGRasterizerLibrary.load(from: [folder.url("bin"), folder.url("lib/iconchooser")])
        guard case .failure(let failure) = result else {
            Issue.record("loaded from an empty folder")
            return
        }
        #expect(failure.description == "\(SVGRasterizerLibrary.fileName), which draws SVG, is not installed "
                + "(looked in \(folder.url("bin")) and \(folder.url("lib/iconchooser")))")
        #expect(throws: SVGDocument.Failure.rasterizerUnavailable(failure)) {
            try SVGDocument(bytes: Self.square, library: result)
        }
    }

    @Test func aFileThatIsNoLibrarySaysWhatTheLoaderFound() {
        let folder = TemporaryFolder()
        folder.write("lib/\(SVGRasterizerLibrary.fileName)", "not a library")
        guard case .failure(let failure) = SVGRasterizerLibrary.load(from: [folder.url("bin"), folder.url("lib")]) else {
            Issue.record("loaded a text file")
            return
        }
        #expect(failure.description.hasPrefix("\(SVGRasterizerLibrary.fileName), which draws SVG, cannot be loaded: "
                                              + folder.url("lib/\(SVGRasterizerLibrary.fileName)")), "\(failure)")
        #expect(!failure.description.contains("\n"))
    }
}
