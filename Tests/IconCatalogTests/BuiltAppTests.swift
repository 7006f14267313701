import Foundation
import IconCatalog
import Testing
import TestSupport

/// Built apps read as catalogs: the `.app` folder and the `.ipa`, made by the tests as
/// Xcode makes them, and the archives that must be refused or partly read.
@Suite struct BuiltAppTests {
    private let fixture = BuiltAppFixture()

    /// The icons in chooser order with the pixel sizes of their images.
    private func shape(_ catalog: AppIconCatalog) -> [String] {
        catalog.icons.map { icon in
            "\(icon.displayName): " + icon.images.map { "\(($0.path as NSString).lastPathComponent) \($0.width)" }.joined(separator: ", ")
        }
    }

    private func ipa(_ entries: [RawZip.Entry], in folder: TemporaryFolder, name: String = "App.ipa") -> String {
        folder.write(name, RawZip(entries).build())
    }

    private func error(_ body: () throws -> Void) -> CatalogError? {
        do { try body() } catch let error as CatalogError { return error } catch { Issue.record("\(error)") }
        return nil
    }

    @Test func anAppFolderReadsItsBinaryPlistAndCrushedPNGs() throws {
        let folder = TemporaryFolder()
        let app = fixture.writeApp(in: folder)
        #expect(BuiltApp.kind(of: app) == .app)
        let catalog = try CatalogReader.read(app: app)
        #expect(catalog.appKind == .app)
        #expect(catalog.plistPath == app + "/Info.plist")
        #expect(catalog.bundleIdentifier == BuiltAppFixture.bundleIdentifier)
        #expect(shape(catalog) == ["Default: AppIcon60x60@2x.png 120, AppIcon60x60@3x.png 180",
                                   "Blue: Blue60x60@2x.png 120, Blue60x60@3x.png 180", "Dark: "])
        let pad = try CatalogReader.read(app: app, options: CatalogOptions(idiom: .pad))
        #expect(pad.iconsKey == "CFBundleIcons~ipad")
        #expect(pad.icons[1].images.map(\.width) == [120, 180, 152, 167])
    }

    @Test func anIPAIsReadInPlaceWithArchivedImages() throws {
        let folder = TemporaryFolder()
        let path = try fixture.writeIPA(in: folder)
        #expect(BuiltApp.kind(of: path) == .ipa)
        let catalog = try CatalogReader.read(app: path)
        #expect(catalog.appKind == .ipa)
        #expect(catalog.plistPath == path + ":Payload/Sample.app/Info.plist")
        #expect(shape(catalog) == ["Default: AppIcon60x60@2x.png 120, AppIcon60x60@3x.png 180",
                                   "Blue: Blue60x60@2x.png 120, Blue60x60@3x.png 180", "Dark: "])
        let image = try #require(catalog.icons[1].images.first)
        #expect(image.path == path + ":Payload/Sample.app/Blue60x60@2x.png")
        guard case .archived = image.storage else { Issue.record("\(image.storage) is not archived"); return }
        // Its bytes are the crushed PNG the app holds.
        #expect(try image.storage.read(limit: 1 << 20) == fixture.files["Blue60x60@2x.png"])
        // Nothing was extracted beside the archive.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Sample.ipa"])
    }

    @Test func theLazyFinderFindsArchivedImagesToo() throws {
        let folder = TemporaryFolder()
        let options = CatalogOptions()
        let declared = try CatalogReader.readDeclared(app: try fixture.writeIPA(in: folder), options: options)
        #expect(declared.icons.allSatisfy { $0.images.isEmpty })
        let finder = IconImageFinder(catalog: declared, options: options)
        #expect(finder.images(for: declared.icons[0]).map(\.width) == [120, 180])
        #expect(finder.images(for: declared.icons[2]).isEmpty)
    }

    @Test func iconsNamedOnlyByCFBundleIconNameAreListedWithOneNote() throws {
        let folder = TemporaryFolder()
        for path in [fixture.writeApp(in: folder), try fixture.writeIPA(in: folder)] {
            let catalog = try CatalogReader.read(app: path)
            let dark = try #require(catalog.alternate(named: "Dark"))
            #expect(dark.isAssetCatalogOnly && dark.iconName == "Dark" && dark.iconFiles.isEmpty)
            let notes = catalog.warnings.filter { $0.code == .iconNameOnly }
            #expect(notes.count == 1)
            #expect(notes.first?.message == "“Dark” has only CFBundleIconName, and the compiled asset catalog (Assets.car) "
                + "has no images for it; shown as a placeholder")
            #expect(catalog.warnings.count == 1, "\(catalog.warnings)")
        }
    }

    @Test func manyNameOnlyIconsStillMakeOneNote() throws {
        var app = BuiltAppFixture()
        var alternates: [String: Any] = [:]
        for index in 0..<30 { alternates["Theme \(index)"] = ["CFBundleIconName": "Theme \(index)"] }
        app.plist["CFBundleIcons"] = ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"], "CFBundleAlternateIcons": alternates]
        let folder = TemporaryFolder()
        let catalog = try CatalogReader.read(app: app.writeApp(in: folder))
        #expect(catalog.icons.count == 31)
        let notes = catalog.warnings.filter { $0.code == .iconNameOnly }
        #expect(notes.count == 1 && catalog.warnings.count == 1)
        #expect(notes.first?.message.hasPrefix("the primary icon “AppIcon”, “Theme 0”, “Theme 1”, “Theme 2”, “Theme 3” and 26 more have") == true,
                "\(notes)")
    }

    @Test func aHandWrittenPlistWithANameOnlyAlternateListsItToo() throws {
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": [
            "Dark": ["CFBundleIconName": "Dark"], "NoName": ["ordinal": 2], "Odd": ["CFBundleIconName": 7],
        ]]])
        let catalog = try CatalogReader.read(app: plist)
        #expect(catalog.appKind == .plist)
        #expect(catalog.alternateNames == ["Dark"])
        #expect(catalog.warnings.map(\.description) == [
            "CFBundleIcons.CFBundleAlternateIcons.NoName: has no CFBundleIconFiles; skipped",
            "CFBundleIcons.CFBundleAlternateIcons.Odd: has no CFBundleIconFiles; skipped",
            "\(plist): “Dark” has only CFBundleIconName: its images are in an asset catalog, compiled at build time, "
                + "which is not read; shown as a placeholder",
        ])
    }

    @Test func archiveEntriesThatAreNeverReadAreWarnings() throws {
        let folder = TemporaryFolder()
        let root = "Payload/Sample.app/"
        var entries = fixture.entries.map { RawZip.Entry.deflated($0.name, $0.data) }
            .filter { !$0.name.hasSuffix("Blue60x60@3x.png") && !$0.name.hasSuffix("AppIcon60x60@3x.png") }
        var encrypted = RawZip.Entry.stored(root + "Blue60x60@3x.png", fixture.files["Blue60x60@3x.png"]!)
        encrypted.flags |= 1
        entries += [
            encrypted,
            .symlink(root + "AppIcon60x60@3x.png", to: "../../../../etc/passwd"),
            .stored("../escape.png", Data([1])),
            .stored("/etc/absolute.png", Data([1])),
            .stored(root + "Assets.car", Data([2])),
        ]
        let path = ipa(entries, in: folder)
        let catalog = try CatalogReader.read(app: path)
        #expect(catalog.warnings.filter { $0.code == .archiveEntryIgnored }.map(\.description) == [
            "\(path):../escape.png: name contains “..”; ignored",
            "\(path):/etc/absolute.png: name is an absolute path; ignored",
            "\(path):\(root)Assets.car: appears 2 times in the archive; which one is meant is unclear, so none is read",
            "\(path):\(root)Blue60x60@3x.png: is encrypted; not read",
            "\(path):\(root)AppIcon60x60@3x.png: is a symbolic link; links in an archive are never followed; not read",
        ])
        // The entries left out are not found; the rest still are.
        #expect(shape(catalog).prefix(2) == ["Default: AppIcon60x60@2x.png 120", "Blue: Blue60x60@2x.png 120"])
        #expect(catalog.warnings.contains { $0.message == "no file found for “AppIcon60x60” under \(path):Payload/Sample.app" } == false)
    }

    @Test func warningsAboutEntriesAreCapped() throws {
        let folder = TemporaryFolder()
        let entries = fixture.entries.map { RawZip.Entry.stored($0.name, $0.data) }
            + (0..<500).map { RawZip.Entry.stored("../\($0).png", Data()) }
        let catalog = try CatalogReader.read(app: ipa(entries, in: folder))
        let ignored = catalog.warnings.filter { $0.code == .archiveEntryIgnored }
        #expect(ignored.count == ArchivedAppFolder.maximumWarnings + 1)
        #expect(ignored.last?.message == "\(500 - ArchivedAppFolder.maximumWarnings) more entries left unread")
    }

    @Test func archivesThatHoldNoSingleReadableApp() throws {
        let folder = TemporaryFolder()
        let plist = fixture.plistData
        let noPayload = ipa([.stored("Sample.app/Info.plist", plist)], in: folder, name: "a.ipa")
        #expect(error { _ = try CatalogReader.read(app: noPayload) } == .noAppInArchive(path: noPayload))
        let two = ipa([.stored("Payload/One.app/Info.plist", plist), .stored("Payload/Two.app/Info.plist", plist)], in: folder, name: "b.ipa")
        let several = error { _ = try CatalogReader.read(app: two) }
        #expect(several == .severalAppsInArchive(path: two, apps: ["Payload/One.app", "Payload/Two.app"]))
        #expect(several?.description == "\(two): holds 2 apps (Payload/One.app, Payload/Two.app); an .ipa holds exactly one")
        let noPlist = ipa([.stored("Payload/One.app/AppIcon60x60@2x.png", Data([1]))], in: folder, name: "c.ipa")
        #expect(error { _ = try CatalogReader.read(app: noPlist) }?.description == "\(noPlist):Payload/One.app: folder holds no Info.plist")
        let twice = ipa([.stored("Payload/One.app/Info.plist", plist), .stored("Payload/One.app/Info.plist", plist)], in: folder, name: "d.ipa")
        #expect(error { _ = try CatalogReader.read(app: twice) }?.description
            == "\(twice):Payload/One.app/Info.plist: appears 2 times in the archive; which one is the app's is unclear")
        let linked = ipa([.symlink("Payload/One.app/Info.plist", to: "/etc/passwd")], in: folder, name: "e.ipa")
        #expect(error { _ = try CatalogReader.read(app: linked) }?.description
            == "\(linked):Payload/One.app/Info.plist: is a symbolic link; links in an archive are never followed")
        let junk = ipa([.stored("Payload/One.app/Info.plist", Data("not a plist".utf8))], in: folder, name: "f.ipa")
        #expect(error { _ = try CatalogReader.read(app: junk) }?.description.hasPrefix("\(junk):Payload/One.app/Info.plist: not a property list") == true)
    }

    @Test func aFileThatIsNoZipButNamedIPAIsSaidSo() throws {
        let folder = TemporaryFolder()
        let path = folder.write("Fake.ipa", String(repeating: "just some words\n", count: 10))
        #expect(error { _ = try CatalogReader.read(app: path) }?.description
            == "\(path): not a zip archive (no end-of-central-directory record; not a zip, or truncated)")
        #expect(error { _ = try CatalogReader.read(app: folder.url("Missing.ipa")) } == .notFound(path: folder.url("Missing.ipa")))
        // A zip under another name is still an archive; a plist named .app (a file) is still a plist.
        let renamed = folder.write("app.zip", try Data(contentsOf: URL(fileURLWithPath: try fixture.writeIPA(in: folder))))
        #expect(try CatalogReader.read(app: renamed).appKind == .ipa)
        let plistFile = folder.writePlist(["CFBundleIcons": [:] as [String: Any]], as: "Odd.app")
        #expect(try CatalogReader.read(app: plistFile).appKind == .plist)
    }

    @Test func anAppFolderWithoutInfoPlist() throws {
        let folder = TemporaryFolder()
        folder.write("Empty.app/Assets.car", Data([1]))
        #expect(error { _ = try CatalogReader.read(app: folder.url("Empty.app")) } == .noInfoPlist(directory: folder.url("Empty.app")))
    }
}
