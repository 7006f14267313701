import Foundation
import Testing
@testable import IconCatalog

/// A React Native layout: the Xcode project in `ios/`, an alternate's loose icon file and an
/// asset catalog beside it in `images/` and `assets/`, which the project names with `../`.
private struct ReactNativeRepository {
    let folder = TemporaryFolder()

    init(git: Bool = true) {
        if git { folder.write(".git/HEAD", "ref: refs/heads/main\n") }
        var builder = PBXProjectBuilder()
        let app = builder.group("App")
        let images = builder.group("../images", name: "images")
        let assets = builder.group("../assets", name: "assets")
        let resources = [builder.file("Sunset@2x.png", in: images), builder.file("Icons.xcassets", in: assets)]
        builder.target("App", settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.rn", "INFOPLIST_FILE": "App/Info.plist",
                                         "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                         "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Night"],
                       resources: resources)
        _ = app
        builder.write(into: folder, as: "ios/App.xcodeproj")
        folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": ["Sunset": ["CFBundleIconFiles": ["Sunset"]]]]],
                          as: "ios/App/Info.plist")
        folder.writePNG("images/Sunset@2x.png", width: 120)
        folder.writeJSON("assets/Icons.xcassets/Contents.json", ["info": ["author": "xcode", "version": 1]])
        for name in ["AppIcon", "Night"] {
            folder.writeIconSet("assets/Icons.xcassets/\(name).appiconset", [SetEntries.single("\(name).png")])
        }
    }
}

private func names(_ catalog: AppIconCatalog) -> [String?] { catalog.icons.map(\.name) }

@Suite struct RepositoryBoundaryTests {
    @Test func filesBesideTheNativeProjectAreReadInsideTheFolderNamed() throws {
        let repository = ReactNativeRepository(git: false)
        let catalog = try CatalogReader.read(app: repository.folder.path)
        #expect(names(catalog) == [nil, "Night", "Sunset"])
        let sunset = try #require(catalog.icons.first { $0.name == "Sunset" })
        #expect(sunset.images.map(\.path) == [repository.folder.url("images/Sunset@2x.png")])
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    @Test func aProjectInsideAGitWorkTreeReadsUpToItsTop() throws {
        let repository = ReactNativeRepository(git: true)
        let catalog = try CatalogReader.read(app: repository.folder.url("ios/App.xcodeproj"))
        #expect(names(catalog) == [nil, "Night", "Sunset"])
        #expect(catalog.target?.boundary.kind == .repository)
        #expect(catalog.target?.boundary.root == repository.folder.path)
    }

    @Test func outsideTheBoundaryTheWarningNamesTheBoundaryCrossed() throws {
        // No git work tree: the project's folder is the boundary.
        let bare = ReactNativeRepository(git: false)
        let project = try CatalogReader.read(app: bare.folder.url("ios/App.xcodeproj"))
        #expect(names(project) == [nil, "Sunset"])
        let outside = project.warnings.filter { $0.code == .pathOutsideProject }.map(\.message)
        #expect(outside.contains("resource “Sunset@2x.png” is at \(bare.folder.url("images/Sunset@2x.png")), "
                                 + "outside the project's folder \(bare.folder.url("ios")); it is not read"), "\(outside)")
        // The folder named with --app is the boundary, even inside a work tree.
        let inWorkTree = ReactNativeRepository(git: true)
        let named = try CatalogReader.read(app: inWorkTree.folder.url("ios"))
        #expect(named.warnings.contains { $0.code == .pathOutsideProject && $0.message.contains("outside the folder given with --app") })
    }

    @Test func aLinkLeadingOutTheRepositoryIsNeverFollowed() throws {
        let repository = ReactNativeRepository(git: true)
        let elsewhere = TemporaryFolder()
        elsewhere.writePNG("Sunset@2x.png", width: 120)
        try FileManager.default.removeItem(atPath: repository.folder.url("images"))
        try FileManager.default.createSymbolicLink(atPath: repository.folder.url("images"), withDestinationPath: elsewhere.path)
        let catalog = try CatalogReader.read(app: repository.folder.url("ios/App.xcodeproj"))
        let sunset = try #require(catalog.icons.first { $0.name == "Sunset" })
        #expect(sunset.images.isEmpty)
        #expect(catalog.warnings.contains { $0.code == .pathOutsideProject
            && $0.message.contains("a link leading outside the repository \(repository.folder.path)") }, "\(catalog.warnings)")
    }
}
