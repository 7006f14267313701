import Foundation
import Testing
@testable import IconCatalog

/// Reading a project's sets and bundles ahead on all cores must build what reading them one by
/// one builds: the same icons with the same images, and the warnings in the same order.
@Suite struct AssetPrefetchTests {
    @Test func prefetchedSetsGiveTheIconsAndWarningsOfReadingInTurn() throws {
        let folder = TemporaryFolder()
        folder.writeJSON("Assets.xcassets/Contents.json", ["info": ["author": "xcode", "version": 1]])
        for index in 0..<12 {
            folder.writeIconSet("Assets.xcassets/Plain\(index).appiconset", [SetEntries.single("plain\(index).png"),
                                                                              SetEntries.single("dark\(index).png", appearance: "dark")])
        }
        // Sets with warnings of every kind, between the plain ones.
        folder.writeIconSet("Assets.xcassets/Missing.appiconset", [SetEntries.single("gone.png")], leaveOut: ["gone.png"])
        folder.writePNG("Assets.xcassets/Missing.appiconset/stray.png", width: 16)
        folder.write("Assets.xcassets/NotJSON.appiconset/Contents.json", Data("{ not json".utf8))
        folder.writeIconSet("Assets.xcassets/NotPNG.appiconset", [SetEntries.single("text.png")], leaveOut: ["text.png"])
        folder.write("Assets.xcassets/NotPNG.appiconset/text.png", Data("hello".utf8))
        folder.writeIconSet("Assets.xcassets/Glass.appiconset", [SetEntries.single("glass.png")])
        folder.writeJSON("Glass.icon/icon.json", ["groups": [["layers": [["image-name": "absent.png", "name": "absent"]]]]])

        let boundary = PathBoundary(root: folder.path)
        let catalog = AssetCatalog.scan(folder.url("Assets.xcassets"), boundary: boundary)
        var assets: [String: IconAssembly.Asset] = [:]
        for entry in catalog.icons { assets[entry.name, default: IconAssembly.Asset()].set = entry }
        assets["Glass", default: IconAssembly.Asset()].bundle = AssetCatalog.Entry(name: "Glass", kind: .iconComposer,
                                                                                   path: folder.url("Glass.icon"))
        // As the assembly asks for them: some names twice, in an order that is not the catalog's.
        let names = ["Glass", "Plain3", "Missing", "Plain0", "NotJSON", "Plain3"] + assets.keys.sorted() + ["NotPNG"]
        let wanted = names.map { (asset: assets[$0]!, name: $0) }
        #expect(wanted.count > 20)

        for idiom in [Idiom.phone, .pad] {
            var inTurn = AssetReader(boundary: boundary, idiom: idiom, lookingForFiles: true)
            var ahead = AssetReader(boundary: boundary, idiom: idiom, lookingForFiles: true)
            ahead.prefetch(wanted)
            for (asset, name) in wanted {
                let declaration = IconDeclaration(path: asset.path, setting: IconAssembly.includeAllSetting)
                let expected = inTurn.icon(asset, named: name, alternate: name, declaration: declaration)
                #expect(ahead.icon(asset, named: name, alternate: name, declaration: declaration) == expected)
            }
            #expect(!inTurn.warnings.isEmpty)
            #expect(ahead.warnings == inTurn.warnings)
            #expect(ahead.effectsNote == inTurn.effectsNote)
            let codes = Set(inTurn.warnings.compactMap(\.code))
            #expect(codes.isSuperset(of: [.setFileMissing, .setFileUnreferenced, .setContentsMalformed, .setFileNotPng]),
                    "\(codes)")
        }
    }

    /// Without looking at files nothing is read ahead either.
    @Test func declaredOnlyReadingReadsNothingAhead() {
        let folder = TemporaryFolder()
        let path = folder.writeIconSet("Blue.appiconset", [SetEntries.single("blue.png")])
        var reader = AssetReader(boundary: PathBoundary(root: folder.path), idiom: .phone, lookingForFiles: false)
        let asset = IconAssembly.Asset(set: AssetCatalog.Entry(name: "Blue", kind: .iconSet, path: path))
        reader.prefetch([(asset, "Blue")])
        let icon = reader.icon(asset, named: "Blue", alternate: nil, declaration: IconDeclaration(path: path))
        #expect(icon.images.isEmpty && reader.warnings.isEmpty)
    }
}

/// A project's application targets are evaluated on all cores: the list and its warnings must
/// be those of evaluating them one at a time, in the project's order.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct TargetEvaluationOrderTests {
    @Test func targetsAndWarningsComeInTheProjectsOrder() throws {
        for (folder, projectFile) in [("threema-ch_threema-ios", "Threema.xcodeproj"), ("Memmy-App_memmy", "ios/Memmy.xcodeproj"),
                                      ("ColdGrub1384_Pyto", "Pyto.xcodeproj")] {
            let project = try XcodeProject.read(RealProjectCorpus.path("\(folder)/\(projectFile)"))
            let together = project.evaluatedApplicationTargets(configuration: nil, defines: [:])
            var targets: [ApplicationTarget] = []
            var warnings = project.warnings
            for target in project.applicationTargets {
                let alone = project.evaluatedApplicationTargets(configuration: nil, defines: [:], named: target.name)
                targets += alone.targets.map(\.target)
                warnings.appendUnique(alone.warnings)
            }
            #expect(together.targets.map(\.target) == targets, "\(folder)")
            #expect(together.warnings == warnings.capped(), "\(folder)")
        }
        let threema = try XcodeProject.read(RealProjectCorpus.path("threema-ch_threema-ios/Threema.xcodeproj"))
        #expect(threema.iOSApplicationTargets().targets.count == 6)
    }
}

/// Projects read ahead (`AppOpener.prepare`) serve the next opening of that path by the same opener only, once.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct ProjectReadAheadTests {
    @Test func theNextOpeningOfThePathTakesTheProjectsOnce() throws {
        let folder = RealProjectCorpus.path("home-assistant_iOS")
        let readAhead = ProjectReadAhead()
        readAhead.begin(app: folder)
        let entry = try #require(readAhead.claim(app: folder))
        #expect(readAhead.claim(app: folder) == nil)
        let search = try #require(entry.search(at: ProjectPaths.absolute(folder)) ?? entry.search(at: folder))
        let projectPath = try #require(try search.get().projects.first)
        let project = try #require(entry.project(at: projectPath))
        #expect(try project.get().applicationTargets.map(\.name) == XcodeProject.read(projectPath).applicationTargets.map(\.name))
        // The opening made ahead is for options that choose nothing, and is taken once.
        #expect(entry.opening(for: CatalogOptions(configuration: "Debug")) == nil)
        #expect(entry.opening(for: CatalogOptions(defines: ["A": "B"])) == nil)
        let opened = try #require(entry.opening(for: CatalogOptions(idiom: .pad)))
        #expect(try opened.get().target?.targetName == "App")
        #expect(entry.opening(for: CatalogOptions()) == nil)
    }

    @Test func anAppThatIsNoProjectIsOnlyLocated() throws {
        let readAhead = ProjectReadAhead()
        readAhead.begin(app: Repository.demoPlist)
        let entry = try #require(readAhead.claim(app: Repository.demoPlist))
        #expect(entry.search(at: Repository.demoPlist) == nil)
        #expect(entry.opening(for: CatalogOptions()) == nil)
    }

    @Test func anOpeningOfAnotherAppDropsWhatWasReadAhead() throws {
        let readAhead = ProjectReadAhead()
        readAhead.begin(app: RealProjectCorpus.path("home-assistant_iOS"))
        #expect(readAhead.claim(app: RealProjectCorpus.path("HabitRPG_habitica-ios")) == nil)
        #expect(readAhead.claim(app: RealProjectCorpus.path("home-assistant_iOS")) == nil)
    }

    /// A read after `prepare` is the read without it, whether the options are those the opening
    /// was made ahead for or not, and fails as it does.
    @Test func aPreparedReadIsTheReadAlone() throws {
        let cases: [(String, CatalogOptions)] = [
            ("home-assistant_iOS", CatalogOptions()), ("HabitRPG_habitica-ios", CatalogOptions()),
            ("Memmy-App_memmy", CatalogOptions()), ("home-assistant_iOS", CatalogOptions(idiom: .pad)),
            ("home-assistant_iOS", CatalogOptions(configuration: "Debug")), ("threema-ch_threema-ios", CatalogOptions(target: "Threema Work")),
            ("horizontalsystems_unstoppable-wallet-ios", CatalogOptions(defines: ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIconDark"])),
        ]
        for (folder, options) in cases {
            let path = RealProjectCorpus.path(folder)
            let alone = try CatalogReader.read(app: path, options: options)
            let opener = AppOpener()
            opener.prepare(app: path)
            let prepared = try CatalogReader.read(app: path, options: options, opener: opener)
            #expect(prepared.icons == alone.icons && prepared.warnings == alone.warnings, "\(folder)")
            #expect(prepared.target?.configuration == alone.target?.configuration, "\(folder)")
        }
        let several = RealProjectCorpus.path("threema-ch_threema-ios")
        let opener = AppOpener()
        opener.prepare(app: several)
        #expect(throws: CatalogError.self) { try CatalogReader.read(app: several, opener: opener) }
        #expect(throws: CatalogError.self) { try CatalogReader.read(app: several, opener: opener) }
    }

    /// What one opener read ahead is no other's: a read through another opener (the preview's
    /// own read-ahead of the same app, a library caller's) leaves it for the opener's next opening.
    @Test func anotherOpenerLeavesWhatWasReadAhead() throws {
        let path = RealProjectCorpus.path("home-assistant_iOS")
        let opener = AppOpener()
        opener.prepare(app: path)
        let elsewhere = try AppOpener().open(path, options: CatalogOptions())
        let entry = try #require(opener.readAhead.claim(app: path))
        let own = try #require(entry.opening(for: CatalogOptions())).get()
        // The opening made ahead resolved its folders itself, apart from the other opening's.
        #expect(own.folders !== elsewhere.folders)
        #expect(own.target?.targetName == elsewhere.target?.targetName)
        #expect(try CatalogReader.catalog(from: own, options: CatalogOptions()).icons
                == CatalogReader.catalog(from: elsewhere, options: CatalogOptions()).icons)
    }
}
