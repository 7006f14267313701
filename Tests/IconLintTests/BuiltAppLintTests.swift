import Foundation
import IconCatalog
import IconLint
import Testing

/// `lint` on built apps: the `.app` folder and the `.ipa` Xcode makes, images read from the archive.
@Suite struct BuiltAppLintTests {
    private let fixture = BuiltAppFixture()

    @Test func anAppWithoutACarHasOnlyTheNoteAboutItsAssetCatalogIcons() throws {
        let folder = TemporaryFolder()
        var fixture = fixture
        fixture.files["Assets.car"] = nil
        for path in [fixture.writeApp(in: folder), try fixture.writeIPA(in: folder)] {
            for idiom in Idiom.allCases {
                let report = try Linter.lint(app: path, options: CatalogOptions(idiom: idiom))
                #expect(report.findings.map(\.rule) == [.iconNameOnly, .iconNameOnly], "\(report.findings.map(\.message))")
                #expect(report.findings.first?.message == "in CFBundleIcons, alternate “Dark” has only CFBundleIconName: "
                    + "its images are compiled into Assets.car, which is not read, so it is not checked")
                #expect(report.appWarnings.isEmpty)
            }
        }
    }

    @Test func imageRulesReadTheArchivedImages() throws {
        var app = fixture
        // A translucent, non-square image where the primary's @3x should be.
        app.files["AppIcon60x60@3x.png"] = PNGWriter.crushed(width: 180, height: 170) { x, _ in (200, 10, 10, x < 4 ? 0 : 255) }
        app.files["Blue60x60@2x.png"] = Data("not a png".utf8)
        let folder = TemporaryFolder()
        let path = try app.writeIPA(in: folder)
        let report = try Linter.lint(app: path)
        let found = Dictionary(grouping: report.findings, by: \.rule).mapValues { $0.map(\.file) }
        let primary3x = "\(path):Payload/Sample.app/AppIcon60x60@3x.png"
        #expect(found[.nonSquareImage] == [primary3x])
        #expect(found[.imageHasAlpha] == [primary3x])
        #expect(found[.unreadableImage] == ["\(path):Payload/Sample.app/Blue60x60@2x.png"])
        #expect(report.findings.first { $0.rule == .unreadableImage }?.message.contains("no PNG signature") == true)
    }

    @Test func aNameOnlyAlternateIsNoLongerMalformed() throws {
        var app = TestApp()
        for which in [TestApp.Which.phone, .pad] { app.setAlternate("Blue", in: which, to: ["CFBundleIconName": "Blue"]) }
        let report = try app.lint()
        #expect(report.findings.map(\.rule) == [.iconNameOnly, .iconNameOnly])
        #expect(report.findings.first?.message == "in CFBundleIcons, alternate “Blue” has only CFBundleIconName: its images "
            + "come from an asset catalog, compiled at build time, which is not read, so it is not checked")
        // Without a name either, it is still malformed.
        app.setAlternate("Blue", in: .phone, to: ["UIPrerenderedIcon": false])
        #expect(try app.findings(.malformedIconEntry).map(\.message) == ["alternate “Blue” in CFBundleIcons has no CFBundleIconFiles"])
    }

    @Test func archiveEntriesLeftUnreadAreReportedBesideTheFindings() throws {
        let folder = TemporaryFolder()
        let entries = fixture.entries.map { RawZip.Entry.deflated($0.name, $0.data) } + [.stored("../x.png", Data([1]))]
        let path = folder.write("App.ipa", RawZip(entries).build())
        let report = try Linter.lint(app: path)
        #expect(report.appWarnings.map(\.description) == ["\(path):../x.png: name contains “..”; ignored"])
    }
}
