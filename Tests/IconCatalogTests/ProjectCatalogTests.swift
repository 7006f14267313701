import Foundation
import Testing
@testable import IconCatalog

extension SmallProject {
    /// Writes the project and reads it.
    mutating func read(_ settings: [String: Any], perConfiguration: [String: [String: Any]] = [:],
                       options: CatalogOptions = CatalogOptions(), lookingForFiles: Bool = true) throws -> AppIconCatalog {
        write(settings, perConfiguration: perConfiguration)
        return try lookingForFiles ? CatalogReader.read(app: folder.path, options: options)
                                   : CatalogReader.readDeclared(app: folder.path, options: options)
    }
}

private func names(_ catalog: AppIconCatalog) -> [String?] { catalog.icons.map(\.name) }
private func codes(_ catalog: AppIconCatalog) -> [ProblemCode] { catalog.warnings.compactMap(\.code) }

@Suite struct ProjectCatalogTests {
    @Test func includeAllMakesEveryOtherIconAnAlternate() throws {
        var project = SmallProject()
        for name in ["AppIcon", "Blue", "Green", "Alternates/Red"] { project.set(name) }
        project.folder.writeGroup("App/Assets.xcassets/Alternates", namespace: false)
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"])
        #expect(names(catalog) == [nil, "Blue", "Green", "Red"])
        #expect(catalog.appKind == .xcodeproj)
        #expect(catalog.bundleIdentifier == "com.example.app")
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
        let primary = catalog.primary
        #expect(primary.picturesFrom == .appiconset && primary.assetName == "AppIcon")
        #expect(primary.assetPath == project.folder.url("App/Assets.xcassets/AppIcon.appiconset"))
        #expect(primary.declaration == IconDeclaration(path: primary.assetPath!, setting: "ASSETCATALOG_COMPILER_APPICON_NAME"))
        #expect(catalog.alternates.allSatisfy { $0.declaration.setting == "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS" })
        let image = try #require(primary.images.first)
        #expect(image.path == project.folder.url("App/Assets.xcassets/AppIcon.appiconset/AppIcon.png"))
        #expect((image.width, image.height, image.idiom, image.pointSize, image.scale, image.appearance)
                    == (1024, 1024, .universal, 1024, 1, .light))
        #expect(catalog.target?.targetName == "App" && catalog.target?.configuration == "Release")
        #expect(catalog.compiler?.includesAllAppIcons == true)
    }

    @Test func withoutIncludeAllOnlyListedNamesThatExistShip() throws {
        var project = SmallProject()
        for name in ["AppIcon", "Blue", "Dark 2", "Green"] { project.set(name) }
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Blue \"Dark 2\" Missing AppIcon Blue"])
        // Green is a set the list leaves out; Missing is listed with no icon; the primary and repeats count once.
        #expect(names(catalog) == [nil, "Blue", "Dark 2"])
        #expect(codes(catalog) == [.alternateIconMissing])
        let warning = try #require(catalog.warnings.first)
        #expect(warning.subject == project.folder.url("App.xcodeproj"))
        #expect(warning.message == "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists “Missing”, which is in none of "
            + "target “App”'s asset catalogs and Icon Composer bundles; it is not an icon of the app")
        #expect(catalog.alternates.allSatisfy { $0.declaration.setting == "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES" })
    }

    @Test func aListWrittenWithCommasNamesIconsThatDoNotExist() throws {
        var project = SmallProject()
        for name in ["AppIcon", "og", "joy"] { project.set(name) }
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "og, joy"])
        #expect(names(catalog) == [nil, "joy"])
        #expect(catalog.compiler?.alternateIconNamesUseCommas == true)
        #expect(catalog.warnings.map(\.message).contains { $0.contains("“og,”") && $0.contains("written with commas") })
    }

    @Test func namespacedGroupsPrefixTheirNames() throws {
        var project = SmallProject()
        project.set("AppIcon")
        project.folder.writeGroup("App/Assets.xcassets/Brand", namespace: true)
        project.set("Brand/Blue")
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Brand/Blue Blue"])
        #expect(names(catalog) == [nil, "Brand/Blue"])
        #expect(catalog.alternates.first?.assetName == "Brand/Blue")
        #expect(codes(catalog) == [.alternateIconMissing])
    }

    @Test func aMissingPrimaryIsAPlaceholderWithAWarning() throws {
        var project = SmallProject()
        project.set("Blue")
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"])
        #expect(names(catalog) == [nil, "Blue"])
        #expect(catalog.primary.assetName == "AppIcon" && catalog.primary.assetPath == nil && catalog.primary.images.isEmpty)
        #expect(codes(catalog) == [.primaryIconMissing])
    }

    @Test func synchronizedFoldersWithExceptionsGiveTheTargetsCatalogs() throws {
        let folder = TemporaryFolder()
        folder.writeIconSet("App/Assets.xcassets/AppIcon.appiconset", [SetEntries.single("a.png")])
        folder.writeIconSet("App/Assets.xcassets/Blue.appiconset", [SetEntries.single("b.png")])
        folder.writeIconSet("App/Widget.xcassets/Green.appiconset", [SetEntries.single("g.png")])
        folder.writeJSON("App/Brand.icon/icon.json", ["groups": [[String: Any]]()])
        var project = PBXProjectBuilder()
        let synchronized = project.synchronizedFolder("App")
        let target = project.target("App", settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                                      "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES",
                                                      "PRODUCT_BUNDLE_IDENTIFIER": "com.example.sync"],
                                    synchronizedFolders: [synchronized])
        project.exceptions(in: synchronized, for: target, ["Widget.xcassets"])
        project.write(into: folder)
        let catalog = try CatalogReader.read(app: folder.url("App.xcodeproj"))
        #expect(names(catalog) == [nil, "Blue", "Brand"])
        #expect(catalog.alternates.last?.picturesFrom == .icon)
    }

    @Test func settingsConditionalOnTheSDKAreReadForTheDevice() throws {
        var project = SmallProject()
        for name in ["Phone", "Mac", "Other", "Blue"] { project.set(name) }
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "Other",
                                        "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=iphoneos*]": "Phone",
                                        "ASSETCATALOG_COMPILER_APPICON_NAME[sdk=macosx*]": "Mac",
                                        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=iphonesimulator*]": "Mac",
                                        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES[sdk=iphoneos*]": "Blue"])
        #expect(catalog.primary.assetName == "Phone")
        #expect(names(catalog) == [nil, "Blue"])
    }

    @Test func xcconfigIncludesCarryTheIconSettings() throws {
        var project = SmallProject()
        for name in ["Brand", "Blue", "Green"] { project.set(name) }
        project.folder.write("Config/Base.xcconfig", """
            #include? "Local.xcconfig"
            ICON_PREFIX = Br
            ASSETCATALOG_COMPILER_APPICON_NAME = $(ICON_PREFIX)and
            ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue
            """)
        project.folder.write("Config/App.xcconfig", """
            #include "Base.xcconfig"
            ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = $(inherited) Green
            """)
        let config = project.builder.file("Config/App.xcconfig")
        project.builder.projectBaseConfiguration(config)
        let catalog = try project.read([:])
        #expect(catalog.primary.assetName == "Brand")
        #expect(names(catalog) == [nil, "Blue", "Green"])
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    @Test func configurationsAndDefinesChooseOtherIcons() throws {
        var project = SmallProject()
        for name in ["AppIcon", "AppIcon-Beta", "AppIcon-Local", "Blue"] { project.set(name) }
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon$(ICON_SUFFIX)",
                       "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Blue"],
                      perConfiguration: ["Debug": ["ICON_SUFFIX": "-Beta"]])
        let release = try CatalogReader.read(app: project.folder.path)
        #expect(release.primary.assetName == "AppIcon" && release.target?.configuration == "Release")
        #expect(release.target?.configurations == ["Debug", "Release"])
        let debug = try CatalogReader.read(app: project.folder.path, options: CatalogOptions(configuration: "Debug"))
        #expect(debug.primary.assetName == "AppIcon-Beta")
        let defined = try CatalogReader.read(app: project.folder.path,
                                             options: CatalogOptions(defines: ["ICON_SUFFIX": "-Local"], configuration: "Debug"))
        #expect(defined.primary.assetName == "AppIcon-Local")
        #expect(throws: CatalogError.self) {
            try CatalogReader.read(app: project.folder.path, options: CatalogOptions(configuration: "Staging"))
        }
    }

    /// A scheme file whose build action archives `target` and whose archive action uses `configuration`.
    private func scheme(target: String, configuration: String, archiving: Bool = true) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- <ArchiveAction buildConfiguration = "Commented"> -->
        <Scheme LastUpgradeVersion = "1600" version = "1.7">
           <BuildAction parallelizeBuildables = "YES">
              <BuildActionEntries>
                 <BuildActionEntry buildForTesting = "YES" buildForArchiving = "\(archiving ? "YES" : "NO")">
                    <BuildableReference BuildableIdentifier = "primary" BlueprintIdentifier = "ABC"
                       BuildableName = "\(target).app" BlueprintName = "\(target)"
                       ReferencedContainer = "container:App.xcodeproj">
                    </BuildableReference>
                 </BuildActionEntry>
              </BuildActionEntries>
           </BuildAction>
           <ArchiveAction
              buildConfiguration = "\(configuration)"
              revealArchiveInOrganizer = "YES">
           </ArchiveAction>
        </Scheme>
        """
    }

    @Test func theSchemesArchiveConfigurationIsTheDefault() throws {
        var project = SmallProject()
        project.builder = PBXProjectBuilder(configurations: ["Debug", "Beta", "Release"])
        for name in ["AppIcon", "AppIcon-Beta"] { project.set(name) }
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon$(ICON_SUFFIX)"],
                      perConfiguration: ["Beta": ["ICON_SUFFIX": "-Beta"]])
        #expect(try CatalogReader.read(app: project.folder.path).target?.configuration == "Release")
        // A scheme that does not archive the target, or names a configuration it lacks, changes nothing.
        project.folder.write("App.xcodeproj/xcshareddata/xcschemes/Other.xcscheme", scheme(target: "Other", configuration: "Beta"))
        project.folder.write("App.xcodeproj/xcshareddata/xcschemes/Test.xcscheme",
                             scheme(target: "App", configuration: "Beta", archiving: false))
        project.folder.write("App.xcodeproj/xcshareddata/xcschemes/Broken.xcscheme", scheme(target: "App", configuration: "Staging"))
        #expect(try CatalogReader.read(app: project.folder.path).target?.configuration == "Release")
        project.folder.write("App.xcodeproj/xcuserdata/me.xcuserdatad/xcschemes/App.xcscheme",
                             scheme(target: "App", configuration: "Beta"))
        let archived = try CatalogReader.read(app: project.folder.path)
        #expect(archived.target?.configuration == "Beta" && archived.primary.assetName == "AppIcon-Beta")
        let asked = try CatalogReader.read(app: project.folder.path, options: CatalogOptions(configuration: "Debug"))
        #expect(asked.target?.configuration == "Debug" && asked.primary.assetName == "AppIcon")
    }

    @Test func schemeTagsAreReadWithoutFollowingAnything() {
        let parsed = XcodeSchemes.parse(scheme(target: "A &amp; B", configuration: "Release &quot;X&quot;"))
        #expect(parsed.archiveConfiguration == "Release \"X\"")
        #expect(parsed.archives(target: "A & B", projectName: "App"))
        #expect(!parsed.archives(target: "A & B", projectName: "Other"))
        #expect(XcodeSchemes.parse("<ArchiveAction buildConfiguration = \"Unclosed").archiveConfiguration == "Unclosed")
        #expect(XcodeSchemes.parse("<!DOCTYPE x [<!ENTITY a \"b\">]><ArchiveAction buildConfiguration=\"&a;\"/>")
            .archiveConfiguration == "&a;")
    }

    @Test func aHybridPlistTakesTheSetsItNamesAndKeepsItsLooseFiles() throws {
        var project = SmallProject()
        for name in ["AppIcon", "Blue", "Green", "Red"] { project.set(name) }
        project.folder.writePlist([
            "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
            "CFBundleDisplayName": "$(PRODUCT_NAME)",
            "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Old"]],
                              "CFBundleAlternateIcons": [
                                  "Blue": ["CFBundleIconFiles": ["Blue"], "ordinal": 2],
                                  "Leaf": ["CFBundleIconName": "Green", "ordinal": 1],
                                  "Loose": ["CFBundleIconFiles": ["loose"], "UIPrerenderedIcon": true],
                                  "Gone": ["CFBundleIconName": "Nowhere"],
                                  "Red": ["CFBundleIconFiles": ["Red"], "ordinal": 3]]],
        ], as: "App/Info.plist")
        project.folder.writePNGHeader("App/Icons/loose@2x.png", width: 120, height: 120)
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "INFOPLIST_FILE": "App/Info.plist",
                                        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Red"])
        // Ordinals first (Leaf 1, Blue 2, Red 3), then by name; the catalog's primary wins over the plist's.
        #expect(names(catalog) == [nil, "Leaf", "Blue", "Red", "Gone", "Loose"])
        #expect(catalog.primary.assetName == "AppIcon" && catalog.primary.picturesFrom == .appiconset)
        #expect(catalog.displayName == "App" && catalog.bundleIdentifier == "com.example.app")
        #expect(catalog.plistPath == project.folder.url("App/Info.plist"))
        let plist = project.folder.url("App/Info.plist")
        let leaf = try #require(catalog.alternate(named: "Leaf"))
        #expect(leaf.picturesFrom == .appiconset && leaf.assetName == "Green" && leaf.ordinal == 1)
        #expect(leaf.declaration == IconDeclaration(path: plist, keyPath: "CFBundleIcons.CFBundleAlternateIcons.Leaf"))
        #expect(leaf.images.map(\.path) == [project.folder.url("App/Assets.xcassets/Green.appiconset/Green.png")])
        let red = try #require(catalog.alternate(named: "Red"))
        // Listed and declared: declared by the plist, shipped by the setting.
        #expect(red.declaration == IconDeclaration(path: plist, keyPath: "CFBundleIcons.CFBundleAlternateIcons.Red",
                                                   setting: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"))
        let loose = try #require(catalog.alternate(named: "Loose"))
        #expect(loose.picturesFrom == .plist && loose.assetName == "loose" && loose.prerendered == true)
        #expect(loose.images.map(\.path) == [project.folder.url("App/Icons/loose@2x.png")])
        #expect(loose.images.first.map { ($0.scale, $0.pointSize, $0.idiom) } ?? (nil, nil, nil) == (2, 60, nil))
        #expect(catalog.alternate(named: "Gone")?.images.isEmpty == true)
        #expect(codes(catalog) == [.iconNameMissing])
    }

    @Test func aBundleAndASetOfOneNameAreOneIconDrawnFromTheBundle() throws {
        var project = SmallProject()
        project.set("AppIcon", appearances: ["dark"])
        project.bundle("AppIcon")
        project.bundle("Only")
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon",
                                        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"])
        #expect(names(catalog) == [nil, "Only"])
        let primary = catalog.primary
        #expect(primary.picturesFrom == .icon)
        #expect(primary.assetPath == project.folder.url("App/AppIcon.icon"))
        #expect(primary.fallbackSetPath == project.folder.url("App/Assets.xcassets/AppIcon.appiconset"))
        #expect(primary.setPath == primary.fallbackSetPath)
        #expect(primary.images.map(\.appearance) == [.light, .dark])
        let only = try #require(catalog.alternate(named: "Only"))
        #expect(only.picturesFrom == .icon && only.fallbackSetPath == nil && only.images.isEmpty && only.setPath == nil)
        // What the bundle is drawn as: its canvas at 1024 px in each appearance, dark and tinted the
        // system's rendition (its document has no specialization); a bundle with a set lists the set's.
        #expect(only.drawnImages.map(\.path) == Array(repeating: project.folder.url("App/Only.icon"), count: 3))
        #expect(only.drawnImages.map(\.appearance) == [.light, .dark, .tinted])
        #expect(only.drawnImages.map(\.derivation) == [nil, .systemRendition, .systemRendition])
        #expect(only.drawnImages.allSatisfy { $0.width == 1024 && $0.height == 1024 && $0.idiom == .universal && $0.scale == 1 })
        #expect(primary.drawnImages.isEmpty)
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    /// A bundle with a specialization for dark draws dark as its own: only tinted is the system's.
    @Test func aBundleDrawsTheAppearancesItIsSpecializedForAsItsOwn() throws {
        var project = SmallProject()
        project.set("AppIcon")
        project.bundle("Night")
        _ = project.folder.writeJSON("App/Night.icon/icon.json", ["fill-specializations": [["appearance": "dark", "value": ["solid": "srgb:0,0,0,1"]]],
                                                             "groups": [] as [Any]])
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Night"])
        let night = try #require(catalog.alternate(named: "Night"))
        #expect(night.bundleAppearances == [.light, .dark])
        #expect(night.drawnImages.map(\.derivation) == [nil, nil, .systemRendition])
    }

    @Test func appearancesStandInAsIOSShowsThem() throws {
        var project = SmallProject()
        project.set("AppIcon", appearances: ["dark"])
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"])
        let icon = catalog.primary
        #expect(icon.ownAppearances == [.light, .dark])
        #expect(icon.images(for: .dark, idiom: .phone).map(\.derivation) == [nil])
        #expect(icon.images(for: .dark, idiom: .phone).first?.path.hasSuffix("AppIcon-dark.png") == true)
        let tinted = icon.images(for: .tinted, idiom: .phone)
        #expect(tinted.map(\.derivation) == [.tintedFromLight])
        #expect(tinted.map(\.appearance) == [.tinted])
        #expect(tinted.first?.path.hasSuffix("AppIcon.png") == true)
    }

    @Test func namesFirstThenImagesIconByIcon() throws {
        var project = SmallProject()
        for name in ["AppIcon", "Blue"] { project.set(name, appearances: ["tinted"]) }
        project.bundle("AppIcon")
        project.folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": ["Loose": ["CFBundleIconFiles": ["loose"]]]]],
                                  as: "App/Info.plist")
        project.folder.writePNGHeader("App/loose@3x.png", width: 180, height: 180)
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "INFOPLIST_FILE": "App/Info.plist",
                       "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"])
        let full = try CatalogReader.read(app: project.folder.path)
        let declared = try CatalogReader.readDeclared(app: project.folder.path)
        #expect(names(declared) == names(full))
        #expect(declared.icons.allSatisfy { $0.images.isEmpty })
        #expect(declared.icons.map(\.assetPath) == full.icons.map(\.assetPath))
        let finder = IconImageFinder(catalog: declared, options: CatalogOptions())
        #expect(declared.icons.map(finder.images(for:)) == full.icons.map(\.images))
        #expect(full.icons.allSatisfy { !$0.images.isEmpty })
    }

    @Test func iPadsReadTheirOwnKeyAndTheirOwnImages() throws {
        var project = SmallProject()
        project.folder.writeIconSet("App/Assets.xcassets/AppIcon.appiconset", [
            SetEntries.legacy("iphone", "60x60", "2x", "phone.png"), SetEntries.legacy("ipad", "76x76", "2x", "pad.png"),
            SetEntries.legacy("ios-marketing", "1024x1024", "1x", "store.png"),
        ])
        project.set("Blue")
        project.folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": ["Loose": ["CFBundleIconFiles": ["loose"]]]]],
                                  as: "App/Info.plist")
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "INFOPLIST_FILE": "App/Info.plist",
                       "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"])
        let phone = try CatalogReader.read(app: project.folder.path)
        #expect(names(phone) == [nil, "Blue", "Loose"])
        #expect(phone.iconsKey == "CFBundleIcons")
        #expect(phone.primary.images.map { ($0.path as NSString).lastPathComponent } == ["phone.png", "store.png"])
        #expect(phone.primary.images(for: .light, idiom: .phone).map(\.width) == [120])

        // The build writes CFBundleIcons~ipad, and that is all an iPad reads.
        let pad = try CatalogReader.read(app: project.folder.path, options: CatalogOptions(idiom: .pad))
        #expect(names(pad) == [nil, "Blue"])
        #expect(pad.iconsKey == "CFBundleIcons~ipad")
        #expect(pad.primary.images(for: .light, idiom: pad.shownIdiom).map(\.width) == [152])
        #expect(codes(pad).contains(.alternatesNotOnIpad))
    }

    @Test func anIPhoneOnlyAppShowsItsIPhoneIconsOnAnIPad() throws {
        var project = SmallProject()
        project.folder.writeIconSet("App/Assets.xcassets/AppIcon.appiconset", [
            SetEntries.legacy("iphone", "60x60", "3x", "phone.png"), SetEntries.legacy("ipad", "76x76", "2x", "pad.png"),
        ])
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "TARGETED_DEVICE_FAMILY": "1"],
                                       options: CatalogOptions(idiom: .pad))
        #expect(catalog.shownIdiom == .phone && catalog.iconsKey == "CFBundleIcons")
        #expect(catalog.primary.images.map(\.width) == [180])
        let finder = IconImageFinder(catalog: catalog, options: CatalogOptions(idiom: .pad))
        #expect(finder.images(for: catalog.primary).map(\.width) == [180])
    }

    @Test func severalTargetsMustBeChosenBetween() throws {
        var project = SmallProject()
        project.set("AppIcon")
        project.builder.target("Other", settings: ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.other",
                                                    "ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"],
                               resources: project.resources)
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"])
        #expect {
            try CatalogReader.read(app: project.folder.path)
        } throws: { error in
            guard case .xcodeProject(.targetNeeded(_, let candidates)) = error as? CatalogError else { return false }
            return candidates == ["Other (App, com.example.other)", "App (App, com.example.app)"]
        }
        let other = try CatalogReader.read(app: project.folder.path, options: CatalogOptions(target: "Other", project: "App"))
        #expect(other.bundleIdentifier == "com.example.other" && other.target?.targetName == "Other")
    }

    @Test func anAssetCatalogAloneIsAnApp() throws {
        let folder = TemporaryFolder()
        folder.writeIconSet("Icons.xcassets/AppIcon.appiconset", [SetEntries.single("a.png")])
        folder.writeIconSet("Icons.xcassets/Blue.appiconset", [SetEntries.single("b.png", appearance: nil)])
        folder.writeGroup("Icons.xcassets/Seasons", namespace: true)
        folder.writeIconSet("Icons.xcassets/Seasons/Winter.appiconset", [SetEntries.single("w.png")])
        folder.writeJSON("Icons.xcassets/Glass.icon/icon.json", ["groups": [[String: Any]]()])
        let path = folder.url("Icons.xcassets")
        let catalog = try CatalogReader.read(app: path)
        #expect(catalog.appKind == .xcassets && catalog.path == path && catalog.plistPath == nil)
        #expect(names(catalog) == [nil, "Blue", "Glass", "Seasons/Winter"])
        #expect(catalog.displayName == "Icons" && catalog.bundleIdentifier == nil)
        #expect(catalog.target == nil && catalog.warnings.isEmpty)
        #expect(catalog.alternates.allSatisfy { $0.declaration.setting == nil && $0.declaration.path == $0.assetPath })

        let blue = try CatalogReader.read(app: path, options: CatalogOptions(primaryIcon: "Blue"))
        #expect(blue.primary.assetName == "Blue")
        #expect(names(blue) == [nil, "AppIcon", "Glass", "Seasons/Winter"])

        let missing = try CatalogReader.read(app: path, options: CatalogOptions(primaryIcon: "Nope"))
        #expect(codes(missing) == [.primaryIconMissing])
        #expect(missing.alternates.count == 4)
    }

    @Test func whatAPathStandsFor() throws {
        let folder = TemporaryFolder()
        folder.writePlist(["CFBundleIcons": [String: Any]()], as: "Plain/Info.plist")
        folder.writePlist(["CFBundleIcons": [String: Any]()], as: "Both/Info.plist")
        PBXProjectBuilder().write(into: folder, as: "Both/App.xcodeproj")
        PBXProjectBuilder().write(into: folder, as: "Deep/ios/App.xcodeproj")
        folder.write("Empty/readme.txt", "nothing here")
        #expect(try AppLocation.locate(folder.url("Plain")) == .infoPlist(folder.url("Plain/Info.plist")))
        #expect(try AppLocation.locate(folder.url("Plain/Info.plist")) == .infoPlist(folder.url("Plain/Info.plist")))
        #expect(try AppLocation.locate(folder.url("Both")) == .xcodeProject(folder.url("Both")))
        #expect(try AppLocation.locate(folder.url("Deep")) == .xcodeProject(folder.url("Deep")))
        #expect(try AppLocation.locate(folder.url("Deep/ios/App.xcodeproj/project.pbxproj"))
                    == .xcodeProject(folder.url("Deep/ios/App.xcodeproj")))
        #expect(try AppLocation.locate(folder.url("Deep/ios/App.xcodeproj")) == .xcodeProject(folder.url("Deep/ios/App.xcodeproj")))
        #expect(throws: CatalogError.noApp(directory: folder.url("Empty"))) {
            try CatalogReader.read(app: folder.url("Empty"))
        }
        #expect(throws: CatalogError.notFound(path: folder.url("Nowhere"))) { try AppLocation.locate(folder.url("Nowhere")) }
    }

    @Test func theBuiltIconsDictionaryIsWhatTheBuildWrites() throws {
        var project = SmallProject()
        for name in ["AppIcon", "Blue"] { project.set(name) }
        project.folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": [
            "Loose": ["CFBundleIconFiles": ["loose"], "ordinal": 4]]]], as: "App/Info.plist")
        let catalog = try project.read(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "INFOPLIST_FILE": "App/Info.plist",
                                        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES"], lookingForFiles: false)
        let icons = catalog.builtIconsDictionary
        #expect((icons["CFBundlePrimaryIcon"] as? [String: Any])?["CFBundleIconName"] as? String == "AppIcon")
        let alternates = try #require(icons["CFBundleAlternateIcons"] as? [String: [String: Any]])
        #expect(alternates["Blue"]?["CFBundleIconName"] as? String == "Blue")
        #expect(alternates["Loose"]?["CFBundleIconFiles"] as? [String] == ["loose"])
        #expect(alternates["Loose"]?["ordinal"] as? Int == 4)
    }
}
