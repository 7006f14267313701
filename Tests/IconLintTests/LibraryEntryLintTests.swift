import Foundation
import IconCatalog
import IconLint
import SystemPackage
import Testing

/// lint through the library: the same findings for a path given as a String, a file URL or a FilePath.
@Suite struct LibraryEntryLintTests {
    @Test func everyFormOfPathLintsTheSameApp() throws {
        let folder = TemporaryFolder()
        let app = folder.copyDemo()
        // A file entry that is not there: one error, whatever the path's form.
        var plist = try #require(NSDictionary(contentsOfFile: app + "/Info.plist") as? [String: Any])
        var icons = try #require(plist["CFBundleIcons"] as? [String: Any])
        icons["CFBundlePrimaryIcon"] = ["CFBundleIconFiles": ["missing-file"]]
        plist["CFBundleIcons"] = icons
        folder.writePlist(plist, as: "demo/Info.plist")

        let byString = try Linter.lint(app: app)
        #expect(byString.findings.contains { $0.rule == .fileNotFound })
        #expect(try Linter.lint(app: URL(fileURLWithPath: app)).findings == byString.findings)
        #expect(try Linter.lint(app: FilePath(app)).findings == byString.findings)
        #expect(throws: CatalogError.notAFileURL(url: "ftp://host/app")) {
            try Linter.lint(app: URL(string: "ftp://host/app")!)
        }
    }
}
