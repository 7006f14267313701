import ChooserRuntime
import Foundation
import IconCatalog
import IconLint
import Testing
import TestSupport

@Suite("ChooserLint")
struct ChooserLintTests {
    /// The chooser's first check lints the app as the chooser opened it (it is not opened a
    /// second time); once `f` changed the files, every check reads the app as it is then.
    @Test func theFirstCheckLintsTheChoosersOpeningThenTheAppAfresh() throws {
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleName": "A",
                                       "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Missing"]]]])
        let opened = try AppOpener().open(plist, options: CatalogOptions())
        let check = ChooserLint(opened: opened, app: plist, options: CatalogOptions())
        let asOpened = try Linter.lint(app: plist).findings
        // The Info.plist changes after the chooser opened the app: the first check still sees the opening.
        folder.writePlist(["CFBundleName": "A", "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": [String]()]]])
        let asNow = try Linter.lint(app: plist).findings
        #expect(asOpened != asNow)
        #expect(check.usesOpening)
        #expect(try check.lint().findings == asOpened)
        #expect(!check.usesOpening)
        #expect(try check.lint().findings == asNow)
    }
}
