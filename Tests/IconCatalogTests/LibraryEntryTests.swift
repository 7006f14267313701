import Foundation
import IconCatalog
import SystemPackage
import Testing

/// The library's entry point takes a path however a tool holds it: a String, a file URL or
/// swift-system's FilePath all read the same app; anything but a file URL is a typed error.
@Suite struct LibraryEntryTests {
    private func summary(_ catalog: AppIconCatalog) -> [String] {
        catalog.icons.map { icon in "\(icon.displayName): \(icon.images.map(\.path).joined(separator: " "))" }
    }

    @Test func aStringAURLAndAFilePathReadTheSameApp() throws {
        let folder = Repository.root.appendingPathComponent("Assets").path
        let byString = try CatalogReader.read(app: folder)
        let byURL = try CatalogReader.read(app: URL(fileURLWithPath: folder))
        let byFilePath = try CatalogReader.read(app: FilePath(folder))
        #expect(byString.icons.count > 1 && byString.icons.allSatisfy { !$0.images.isEmpty })
        #expect(summary(byURL) == summary(byString))
        #expect(summary(byFilePath) == summary(byString))
        #expect(byURL.bundleIdentifier == byString.bundleIdentifier && byFilePath.path == byString.path)

        let declared = try CatalogReader.readDeclared(app: FilePath(folder))
        #expect(declared.alternateNames == byString.alternateNames && declared.icons.allSatisfy(\.images.isEmpty))
        #expect(try CatalogReader.readDeclared(app: URL(fileURLWithPath: folder)).alternateNames == byString.alternateNames)
    }

    @Test func onlyFileURLsAreRead() throws {
        let web = try #require(URL(string: "https://example.com/Info.plist"))
        #expect(throws: CatalogError.notAFileURL(url: "https://example.com/Info.plist")) {
            try CatalogReader.read(app: web)
        }
        #expect(CatalogError.notAFileURL(url: "https://example.com/Info.plist").description
                == "https://example.com/Info.plist: not a file URL; give the app as a file: URL or a path")
    }

    @Test func errorsThroughEveryFormAreTheSameTypedError() throws {
        let missing = TemporaryFolder().url("gone")
        #expect(throws: CatalogError.notFound(path: missing)) { try CatalogReader.read(app: FilePath(missing)) }
        #expect(throws: CatalogError.notFound(path: missing)) { try CatalogReader.read(app: URL(fileURLWithPath: missing)) }
    }
}
