import Foundation
import Testing
@testable import IconCatalog

/// Hostile and broken catalogs: each is read within a second and 200 MB, measured here,
/// and gives capped warnings naming the file and key instead of a crash or a hang.
@Suite struct AssetCatalogBadInputTests {
    private static let megabyte = 1 << 20

    private func expectCheap(_ use: ResourceUse, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(use.seconds < 1, "\(use)", sourceLocation: sourceLocation)
        #expect(use.peakGrowthBytes < 200 * Self.megabyte, "\(use)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("garbage", Data((0..<(AppIconSet.maximumContentsBytes - 1)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })),
        ("deep", Data(String(repeating: "[", count: AppIconSet.maximumContentsBytes - 1).utf8)),
        ("deep-objects", Data(String(repeating: "{\"images\":", count: 20_000).utf8)),
        ("truncated", Data("{\"images\": [{\"filename\": \"a.png\", \"idiom\": \"universal\"".utf8)),
        ("empty", Data()),
        ("nul", Data([0, 0, 0, 0])),
    ])
    func contentsThatIsNotJSON(name: String, bytes: Data) {
        let folder = TemporaryFolder()
        folder.write("Bad.appiconset/Contents.json", bytes)
        let (set, use) = ResourceUse.measure { AppIconSet.read(at: folder.url("Bad.appiconset")) }
        expectCheap(use)
        #expect(set.images.isEmpty)
        #expect(set.warnings.map(\.code) == [.setContentsMalformed], "\(name)")
        #expect(set.warnings.first?.subject == folder.url("Bad.appiconset/Contents.json"))
    }

    @Test func contentsOverTheSizeLimitIsNotRead() {
        let folder = TemporaryFolder()
        folder.write("Big.appiconset/Contents.json", Data(count: 50 * Self.megabyte))
        let (set, use) = ResourceUse.measure { AppIconSet.read(at: folder.url("Big.appiconset")) }
        expectCheap(use)
        #expect(set.warnings.first?.message.contains("over \(AppIconSet.maximumContentsBytes) bytes is refused") == true)
    }

    @Test func thousandsOfBadEntriesGiveACappedListOfWarnings() {
        let folder = TemporaryFolder()
        let entries: [Any] = (0..<3_000).map { index -> Any in
            switch index % 4 {
            case 0: return index
            case 1: return ["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "../../x\(index).png"]
            case 2: return ["idiom": "iphone", "size": ["60"], "scale": "2x", "filename": "a.png"]
            default: return ["idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "missing\(index).png"]
            }
        }
        folder.writeJSON("Many.appiconset/Contents.json", ["images": entries])
        let (set, use) = ResourceUse.measure { AppIconSet.read(at: folder.url("Many.appiconset")) }
        expectCheap(use)
        #expect(set.images.isEmpty)
        #expect(set.warnings.count == WarningCollector.defaultLimit + 1)
        #expect(set.warnings.first?.code == .setTooManyEntries)
        #expect(set.warnings.last?.code == .warningsOmitted)
        #expect(set.warnings.last?.message == "\(AppIconSet.maximumEntries + 1 - WarningCollector.defaultLimit) more warnings not shown")
        #expect(set.warnings[1].subject.hasSuffix("Contents.json: images[0]"))
    }

    @Test func aSymlinkedContentsFileLeavingTheProjectIsNotRead() throws {
        let folder = TemporaryFolder()
        folder.writeJSON("secret.json", ["images": [SetEntries.single("a.png")]])
        try FileManager.default.createDirectory(atPath: folder.url("Project/Evil.appiconset"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url("Project/Evil.appiconset/Contents.json"),
                                                   withDestinationPath: folder.url("secret.json"))
        let (set, use) = ResourceUse.measure {
            AppIconSet.read(at: folder.url("Project/Evil.appiconset"), boundary: PathBoundary(root: folder.url("Project")))
        }
        expectCheap(use)
        #expect(set.warnings.map(\.code) == [.setFileUnsafe])
    }

    @Test(arguments: [
        ("garbage", Data((0..<(IconComposerBundle.maximumDocumentBytes - 1)).map { UInt8(truncatingIfNeeded: $0 &* 40_503 >> 3) })),
        ("deep", Data(String(repeating: "{\"groups\":[", count: 20_000).utf8)),
        ("wrong-top", Data("[\"groups\"]".utf8)),
        ("oversized", Data(count: 8 << 20)),
    ])
    func iconJSONThatIsNotADocument(name: String, bytes: Data) {
        let folder = TemporaryFolder()
        folder.write("Bad.icon/icon.json", bytes)
        let (bundle, use) = ResourceUse.measure { IconComposerBundle.read(at: folder.url("Bad.icon")) }
        expectCheap(use)
        #expect(bundle.warnings.map(\.code) == [.iconJsonMalformed], "\(name)")
        #expect(bundle.warnings.first?.subject == folder.url("Bad.icon/icon.json"))
        #expect(bundle.composition(for: .dark).groups.isEmpty)
    }

    @Test func iconJSONWithThousandsOfLayersIsCut() {
        let folder = TemporaryFolder()
        let layers = (0..<500).map { ["image-name": "../layer\($0).png", "opacity": "x"] }
        folder.writeJSON("Many.icon/icon.json", ["groups": (0..<4).map { _ in ["layers": layers] }])
        let (bundle, use) = ResourceUse.measure { IconComposerBundle.read(at: folder.url("Many.icon")) }
        expectCheap(use)
        #expect(bundle.document.groups.flatMap(\.layers).count == IconComposerParser.maximumLayers)
        #expect(bundle.warnings.count == WarningCollector.defaultLimit + 1)
        #expect(bundle.warnings.contains { $0.code == .iconTooManyLayers })
        #expect(bundle.composition(for: .light).groups.isEmpty)
    }

    @Test func anIconLayerLinkedOutOfTheProjectIsNotRead() throws {
        let folder = TemporaryFolder()
        folder.writeJSON("Project/App.icon/icon.json", ["groups": [["layers": [["image-name": "art.svg"]]]]])
        try FileManager.default.createDirectory(atPath: folder.url("Project/App.icon/Assets"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url("Project/App.icon/Assets/art.svg"), withDestinationPath: "/etc/passwd")
        let (bundle, use) = ResourceUse.measure {
            IconComposerBundle.read(at: folder.url("Project/App.icon"), boundary: PathBoundary(root: folder.url("Project")))
        }
        expectCheap(use)
        #expect(bundle.warnings.map(\.code) == [.iconLayerUnsafe])
        #expect(bundle.assets.isEmpty)
    }

    /// The "catalog holding 500 icon sets": listing names reads no set and no image,
    /// and reading every set with its PNG headers stays within the same bounds.
    @Test func aCatalogOf500SetsIsListedAndReadQuickly() {
        let folder = TemporaryFolder()
        folder.writeGroup("Big.xcassets/Alternates", namespace: true)
        for index in 0..<500 {
            folder.writeIconSet(String(format: "Big.xcassets/Alternates/Icon%03d.appiconset", index), [
                SetEntries.single("icon.png"), SetEntries.single("dark.png", appearance: "dark"),
            ])
        }
        let (catalog, listing) = ResourceUse.measure { AssetCatalog.scan(folder.url("Big.xcassets")) }
        expectCheap(listing)
        #expect(catalog.icons.count == 500)
        #expect(catalog.icons.first?.name == "Alternates/Icon000")
        #expect(catalog.warnings.isEmpty)

        let (sets, reading) = ResourceUse.measure {
            catalog.icons.map { AppIconSet.read(at: $0.path, name: $0.name, readingSizes: true) }
        }
        expectCheap(reading)
        #expect(sets.allSatisfy { $0.images.count == 2 && $0.images[0].pixelWidth == 1024 && $0.warnings.isEmpty })
        // Names only should cost a small part of reading every set.
        #expect(listing.seconds < reading.seconds, "listing \(listing), reading \(reading)")
    }

    @Test(arguments: [
        ("top-level array", "[]"),
        ("images a string", "{\"images\": \"AppIcon.png\"}"),
        ("images an object", "{\"images\": {\"filename\": \"a.png\"}}"),
        ("entries of every wrong type", "{\"images\": [null, true, 3, \"a.png\", [], {\"filename\": 3, \"idiom\": [], \"size\": {}, \"scale\": 2}]}"),
        ("a file name escaping the set", "{\"images\": [{\"filename\": \"../../x.png\", \"idiom\": \"universal\", \"platform\": \"ios\", \"size\": \"1024x1024\"}]}"),
    ])
    func contentsOfTheWrongTypes(name: String, json: String) {
        let folder = TemporaryFolder()
        folder.write("Project/Odd.appiconset/Contents.json", json)
        folder.writePNGHeader("x.png", width: 1024, height: 1024)
        let (set, use) = ResourceUse.measure {
            AppIconSet.read(at: folder.url("Project/Odd.appiconset"), boundary: PathBoundary(root: folder.url("Project")))
        }
        expectCheap(use)
        #expect(set.images.isEmpty, "\(name)")
        #expect(!set.warnings.isEmpty, "\(name)")
        #expect(set.warnings.allSatisfy { $0.subject.hasPrefix(folder.url("Project/Odd.appiconset/Contents.json")) }, "\(name)")
        #expect(set.warnings.allSatisfy { !$0.description.contains("\n") }, "\(name)")
    }

    @Test func anImageLinkedOutOfTheProjectIsNotRead() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("secret.png", width: 1024, height: 1024)
        folder.writeJSON("Project/Linked.appiconset/Contents.json", ["images": [SetEntries.single("icon.png")]])
        try FileManager.default.createSymbolicLink(atPath: folder.url("Project/Linked.appiconset/icon.png"),
                                                   withDestinationPath: folder.url("secret.png"))
        let (set, use) = ResourceUse.measure {
            AppIconSet.read(at: folder.url("Project/Linked.appiconset"), boundary: PathBoundary(root: folder.url("Project")))
        }
        expectCheap(use)
        #expect(set.warnings.map(\.code) == [.setFileUnsafe])
        #expect(set.images.allSatisfy { $0.pixelWidth == nil })
    }

    @Test(arguments: [
        ("groups a string", "{\"groups\": \"x\"}"),
        ("layers a number", "{\"groups\": [{\"layers\": 3}]}"),
        ("every field of the wrong type", "{\"fill\": [1], \"groups\": [{\"layers\": [{\"image-name\": 7, \"opacity\": \"x\", \"hidden\": \"no\", \"position\": {\"scale\": \"big\", \"translation-in-points\": \"0,0\"}}], \"shadow\": 3}], \"supported-platforms\": 1}"),
        ("a layer escaping the bundle", "{\"groups\": [{\"layers\": [{\"image-name\": \"../../x.png\"}]}]}"),
    ])
    func iconJSONOfTheWrongTypes(name: String, json: String) {
        let folder = TemporaryFolder()
        folder.write("Odd.icon/icon.json", json)
        let (bundle, use) = ResourceUse.measure { IconComposerBundle.read(at: folder.url("Odd.icon")) }
        expectCheap(use)
        #expect(!bundle.warnings.isEmpty, "\(name)")
        #expect(bundle.warnings.allSatisfy { $0.subject.hasPrefix(folder.url("Odd.icon")) }, "\(name)")
        #expect(bundle.warnings.allSatisfy { !$0.description.contains("\n") }, "\(name)")
        #expect(bundle.assets.isEmpty, "\(name)")
    }

    /// The "project whose catalogs hold 500 icon sets", read as `list` reads it (every
    /// set's images with their PNG headers) and as the chooser reads it (names only).
    @Test func aProjectWhoseCatalogHolds500SetsIsReadQuickly() throws {
        let folder = TemporaryFolder()
        var builder = PBXProjectBuilder()
        let assets = builder.file("Assets.xcassets", in: builder.group("App"))
        builder.target("App", settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                         "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"], resources: [assets])
        let project = builder.write(into: folder)
        folder.writeIconSet("App/Assets.xcassets/AppIcon.appiconset", [SetEntries.single("icon.png")])
        for index in 0..<500 {
            folder.writeIconSet(String(format: "App/Assets.xcassets/Icon%03d.appiconset", index), [SetEntries.single("icon.png")])
        }
        let (whole, reading) = try ResourceUse.measure { try CatalogReader.read(app: project) }
        expectCheap(reading)
        #expect(whole.icons.count == 501)
        #expect(whole.icons.allSatisfy { $0.images.first?.width == 1024 })
        #expect(whole.warnings.isEmpty, "\(whole.warnings)")
        let (names, listing) = try ResourceUse.measure { try CatalogReader.readDeclared(app: project) }
        expectCheap(listing)
        #expect(names.icons.map(\.name) == whole.icons.map(\.name))
    }
}
