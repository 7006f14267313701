import Foundation
import Testing
@testable import IconCatalog

@Suite struct AssetCatalogTests {
    @Test func namespacesComposeAndPlainGroupsAddNothing() {
        let folder = TemporaryFolder()
        let catalog = "Assets.xcassets"
        folder.writeJSON("\(catalog)/Contents.json", ["info": ["author": "xcode", "version": 1]])
        folder.writeIconSet("\(catalog)/AppIcon.appiconset", [SetEntries.single("a.png")])
        folder.writeGroup("\(catalog)/Brand", namespace: true)
        folder.writeGroup("\(catalog)/Brand/Seasonal", namespace: true)
        folder.writeGroup("\(catalog)/Brand/Plain", namespace: false)
        folder.writeGroup("\(catalog)/Alternates", namespace: false)
        folder.writeIconSet("\(catalog)/Brand/Blue.appiconset", [SetEntries.single("b.png")])
        folder.writeIconSet("\(catalog)/Brand/Seasonal/Winter.appiconset", [SetEntries.single("w.png")])
        folder.writeIconSet("\(catalog)/Brand/Plain/Red.appiconset", [SetEntries.single("r.png")])
        folder.writeIconSet("\(catalog)/Alternates/Green.appiconset", [SetEntries.single("g.png")])
        folder.writeJSON("\(catalog)/Brand/Glass.icon/icon.json", ["groups": []])
        // A folder without Contents.json is a group without a namespace.
        folder.writeIconSet("\(catalog)/Loose/Grey.appiconset", [SetEntries.single("g.png")])

        let scanned = AssetCatalog.scan(folder.url(catalog))
        #expect(scanned.warnings.isEmpty, "\(scanned.warnings)")
        #expect(scanned.icons.map(\.name) == ["AppIcon", "Brand/Blue", "Brand/Glass", "Brand/Red", "Brand/Seasonal/Winter",
                                              "Green", "Grey"])
        #expect(scanned.icons.map(\.kind) == [.iconSet, .iconSet, .iconComposer, .iconSet, .iconSet, .iconSet, .iconSet])
        #expect(scanned.icons[4].path == folder.url("\(catalog)/Brand/Seasonal/Winter.appiconset"))
        #expect(scanned.icons(named: "Brand/Seasonal/Winter").count == 1)
    }

    @Test func otherAssetTypesAndFilesAreNotIcons() {
        let folder = TemporaryFolder()
        folder.writeIconSet("A.xcassets/Logo.imageset/Inner.appiconset", [SetEntries.single("x.png")])
        folder.write("A.xcassets/Fake.appiconset", "a file, not a folder")
        folder.writeJSON("A.xcassets/Tint.colorset/Contents.json", ["colors": []])
        folder.writeIconSet("A.xcassets/Real.appiconset", [SetEntries.single("x.png")])
        let scanned = AssetCatalog.scan(folder.url("A.xcassets"))
        #expect(scanned.icons.map(\.name) == ["Real"])
    }

    @Test func linksLeavingTheCatalogAreNotFollowedAndLoopsEnd() throws {
        let folder = TemporaryFolder()
        folder.writeIconSet("Elsewhere/Stolen.appiconset", [SetEntries.single("x.png")])
        folder.writeIconSet("A.xcassets/Group/Own.appiconset", [SetEntries.single("x.png")])
        try FileManager.default.createSymbolicLink(atPath: folder.url("A.xcassets/Out"), withDestinationPath: folder.url("Elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: folder.url("A.xcassets/Group/Loop"), withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: folder.url("A.xcassets/Again.appiconset"),
                                                   withDestinationPath: "Group/Own.appiconset")
        let scanned = AssetCatalog.scan(folder.url("A.xcassets"))
        #expect(scanned.icons.map(\.name) == ["Again", "Own"])
        #expect(scanned.warnings.map(\.code) == [.catalogSymlinkOutside])
        #expect(scanned.warnings[0].subject == folder.url("A.xcassets/Out"))

        // Given the whole folder as the boundary, the link out of the catalog stays inside it.
        let wide = AssetCatalog.scan(folder.url("A.xcassets"), boundary: PathBoundary(root: folder.path))
        #expect(wide.icons.map(\.name) == ["Again", "Own", "Stolen"])
    }

    @Test func twoSetsOfOneNameAreOneIconWithAWarning() {
        let folder = TemporaryFolder()
        folder.writeIconSet("A.xcassets/One/Same.appiconset", [SetEntries.single("x.png")])
        folder.writeIconSet("A.xcassets/Two/Same.appiconset", [SetEntries.single("x.png")])
        folder.writeJSON("A.xcassets/Same.icon/icon.json", ["groups": []])
        let scanned = AssetCatalog.scan(folder.url("A.xcassets"))
        #expect(scanned.icons.map(\.kind) == [.iconSet, .iconComposer])
        #expect(scanned.icons[0].path.hasSuffix("One/Same.appiconset"))
        #expect(scanned.warnings.map(\.code) == [.catalogDuplicateName])
    }

    @Test func aMalformedGroupIsReadWithoutNamespace() {
        let folder = TemporaryFolder()
        folder.write("A.xcassets/Group/Contents.json", "{ properties: }")
        folder.writeJSON("A.xcassets/Typed/Contents.json", ["properties": ["provides-namespace": "yes"]])
        folder.writeIconSet("A.xcassets/Group/X.appiconset", [SetEntries.single("x.png")])
        folder.writeIconSet("A.xcassets/Typed/Y.appiconset", [SetEntries.single("y.png")])
        let scanned = AssetCatalog.scan(folder.url("A.xcassets"))
        #expect(scanned.icons.map(\.name) == ["X", "Y"])
        #expect(scanned.warnings.map(\.code) == [.catalogGroupMalformed, .catalogGroupMalformed])
        #expect(scanned.warnings[1].subject.hasSuffix("Typed/Contents.json: properties.provides-namespace"))
    }

    @Test func aMissingCatalogOrAFileIsAnEmptyCatalogWithAWarning() {
        let folder = TemporaryFolder()
        let missing = AssetCatalog.scan(folder.url("Nope.xcassets"))
        #expect(missing.icons.isEmpty && missing.warnings.map(\.code) == [.catalogUnreadable])
        folder.write("File.xcassets", "x")
        #expect(AssetCatalog.scan(folder.url("File.xcassets")).warnings.first?.message == "is a regular file, not an asset catalog folder")
    }

    @Test func deepGroupsStopAtTheDepthLimit() {
        let folder = TemporaryFolder()
        let deep = (0...AssetCatalog.maximumDepth).map { "g\($0)" }.joined(separator: "/")
        folder.writeIconSet("A.xcassets/\(deep)/Deep.appiconset", [SetEntries.single("x.png")])
        folder.writeIconSet("A.xcassets/g0/Shallow.appiconset", [SetEntries.single("x.png")])
        let scanned = AssetCatalog.scan(folder.url("A.xcassets"))
        #expect(scanned.icons.map(\.name) == ["Shallow"])
        #expect(scanned.warnings.map(\.code) == [.catalogTruncated])
    }
}
