import Foundation
@testable import IconCatalog
import TerminalText
import Testing

@Suite struct ResolutionTests {
    private func catalog(_ folder: TemporaryFolder, _ alternates: [String: Any], primary: [String]? = ["AppIcon"],
                         options: CatalogOptions = CatalogOptions()) throws -> AppIconCatalog {
        let plist = folder.writePlist(["CFBundleIcons": PlistShapes.icons(primary: primary, alternates: alternates)])
        return try CatalogReader.read(app: plist, options: options)
    }

    @Test func entryWithoutExtensionMatchesEveryScaleAndSizesComeFromHeaders() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("Icons/blue.png", width: 60, height: 60)
        folder.writePNGHeader("Icons/blue@2x.png", width: 120, height: 120)
        folder.writePNGHeader("Icons/deeper/blue@3x.png", width: 180, height: 180, cgbi: true)
        let icon = try catalog(folder, ["blue": PlistShapes.alternate(["blue"])]).alternate(named: "blue")
        #expect(icon?.images.map(\.width) == [60, 120, 180])
    }

    @Test func entryWithPngExtensionAlsoFindsItsScales() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("red@2x.png", width: 120, height: 120)
        let icon = try catalog(folder, ["red": PlistShapes.alternate(["red.png"])]).alternate(named: "red")
        #expect(icon?.images.map(\.width) == [120])
    }

    @Test func padPrefersTildeIPadFormsAndPhoneThePlainOnes() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("a@2x.png", width: 120, height: 120)
        folder.writePNGHeader("a@2x~ipad.png", width: 152, height: 152)
        folder.writePNGHeader("a~ipad.png", width: 76, height: 76)
        let alternates = ["a": PlistShapes.alternate(["a"])]
        let phone = try catalog(folder, alternates).alternate(named: "a")
        let pad = try catalog(folder, alternates, options: CatalogOptions(idiom: .pad)).alternate(named: "a")
        #expect(phone?.images.map(\.width) == [76, 120])
        #expect(pad?.images.map(\.width) == [76, 152])
    }

    @Test func definesExpandBothSyntaxesAndUnknownOnesStay() {
        let defines = ["SUFFIX": "-beta", "X": "1"]
        #expect(IconFileResolver.expand("icon${SUFFIX}", defines: defines) == "icon-beta")
        #expect(IconFileResolver.expand("icon$(SUFFIX)$(X)", defines: defines) == "icon-beta1")
        #expect(IconFileResolver.expand("icon${OTHER}", defines: defines) == "icon${OTHER}")
        #expect(IconFileResolver.expand("icon${SUFFIX}", defines: ["SUFFIX": ""]) == "icon")
    }

    @Test func unsafeEntriesAreNeverReadAndNamed() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("outside.png", width: 10, height: 10)
        let inner = TemporaryFolder()
        let plist = inner.writePlist(["CFBundleIcons": PlistShapes.icons(alternates: [
            "escape": PlistShapes.alternate(["../\((folder.path as NSString).lastPathComponent)/outside",
                                             folder.url("outside"), "sub/dir", "..", "bad\u{1B}[31m"]),
        ])])
        let result = try CatalogReader.read(app: plist)
        #expect(result.alternate(named: "escape")?.images == [])
        let unsafe = result.warnings.filter { $0.message.contains("never read") }
        #expect(unsafe.count == 5)
        #expect(unsafe.allSatisfy { !TextSanitizer.containsUnsafe($0.description) })
    }

    @Test func filesOnlyInsideAnAssetCatalogAreReportedNotUsed() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("Assets.xcassets/blue.appiconset/blue@2x.png", width: 120, height: 120)
        let result = try catalog(folder, ["blue": PlistShapes.alternate(["blue"])])
        #expect(result.alternate(named: "blue")?.images == [])
        #expect(result.warnings.contains { $0.message.contains("asset catalog") })
    }

    @Test func iconsFolderReplacesThePlistFolder() throws {
        let folder = TemporaryFolder()
        let icons = TemporaryFolder()
        folder.writePNGHeader("g@2x.png", width: 1, height: 1)
        icons.writePNGHeader("g@2x.png", width: 120, height: 120)
        let result = try catalog(folder, ["g": PlistShapes.alternate(["g"])], options: CatalogOptions(iconsDirectory: icons.path))
        #expect(result.alternate(named: "g")?.images.map(\.width) == [120])
    }

    @Test func nonPNGFilesAndFIFOsAreWarnedAboutAndSkipped() throws {
        let folder = TemporaryFolder()
        folder.write("j@2x.png", "not a png at all")
        #expect(mkfifo(folder.url("j@3x.png"), 0o600) == 0)
        let result = try catalog(folder, ["j": PlistShapes.alternate(["j"])])
        #expect(result.alternate(named: "j")?.images == [])
        #expect(result.warnings.contains { $0.subject.hasSuffix("j@2x.png") && $0.message.contains("not a PNG") })
        #expect(result.warnings.contains { $0.subject.hasSuffix("j@3x.png") && $0.message.contains("FIFO") })
    }

    @Test func pngHeaderReadsSizesAndRejectsOtherBytes() {
        var bytes = PNGHeader.signature + [0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 4, 0, 0, 0, 2, 0]
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        #expect(PNGHeader.size(of: Data(bytes))! == (1024, 512))
        #expect(PNGHeader.size(of: Data("GIF89a".utf8)) == nil)
        #expect(PNGHeader.size(of: Data(PNGHeader.signature)) == nil)
    }
}

/// `readDeclared` looks at no file; `IconImageFinder` later finds what `read` finds at once.
@Suite struct DeferredResolutionTests {
    @Test func declaredCatalogHasNamesAndFilesButNoImagesAndNoFileWarnings() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("blue@2x.png", width: 120, height: 120)
        let plist = folder.writePlist(["CFBundleIcons": PlistShapes.icons(primary: ["AppIcon"], alternates: [
            "blue": PlistShapes.alternate(["blue${SUFFIX}"]), "gone": PlistShapes.alternate(["missing"]),
        ])])
        let options = CatalogOptions(defines: ["SUFFIX": ""])
        let eager = try CatalogReader.read(app: plist, options: options)
        let declared = try CatalogReader.readDeclared(app: plist, options: options)
        #expect(declared.icons.map(\.name) == eager.icons.map(\.name))
        #expect(declared.icons.map(\.iconFiles) == eager.icons.map(\.iconFiles))
        #expect(declared.alternate(named: "blue")?.iconFiles == ["blue"])
        #expect(declared.icons.filter { !$0.images.isEmpty }.isEmpty)
        #expect(eager.warnings.contains { $0.message.contains("no file found for “missing”") })
        #expect(!declared.warnings.contains { $0.message.contains("no file found") })
    }

    @Test func finderFindsWhatAnEagerReadFinds() throws {
        for idiom in Idiom.allCases {
            let options = CatalogOptions(idiom: idiom)
            let eager = try CatalogReader.read(app: Repository.demoPlist, options: options)
            let declared = try CatalogReader.readDeclared(app: Repository.demoPlist, options: options)
            let finder = IconImageFinder(catalog: declared, options: options)
            #expect(eager.icons.allSatisfy { !$0.images.isEmpty })
            #expect(declared.icons.map { finder.images(for: $0) } == eager.icons.map(\.images))
        }
    }

    /// Expanded once only: a define whose value looks like a variable is not expanded again.
    @Test func finderDoesNotExpandTwice() throws {
        let folder = TemporaryFolder()
        folder.writePNGHeader("a$(B)@2x.png", width: 120, height: 120)
        folder.writePNGHeader("ab@2x.png", width: 60, height: 60)
        let plist = folder.writePlist(["CFBundleIcons": PlistShapes.icons(primary: ["AppIcon"], alternates: [
            "a": PlistShapes.alternate(["a$(A)"]),
        ])])
        let options = CatalogOptions(defines: ["A": "$(B)", "B": "b"])
        let declared = try CatalogReader.readDeclared(app: plist, options: options)
        let icon = try #require(declared.alternate(named: "a"))
        #expect(IconImageFinder(catalog: declared, options: options).images(for: icon).map(\.width) == [120])
        #expect(try CatalogReader.read(app: plist, options: options).alternate(named: "a")?.images.map(\.width) == [120])
    }
}
