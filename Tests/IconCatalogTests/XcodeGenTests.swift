import Foundation
import Testing
@testable import IconCatalog

private func names(_ catalog: AppIconCatalog) -> [String?] { catalog.icons.map(\.name) }

/// A spec folder: `project.yml` written from `yaml`, one catalog `App/Assets.xcassets` with `sets`.
private func specFolder(_ yaml: String, sets: [String] = ["AppIcon", "Blue", "Green"]) -> TemporaryFolder {
    let folder = TemporaryFolder()
    folder.writeJSON("App/Assets.xcassets/Contents.json", ["info": ["author": "xcode", "version": 1]])
    for name in sets {
        folder.writeIconSet("App/Assets.xcassets/\(name).appiconset", [SetEntries.single("\(name).png")])
    }
    folder.write("project.yml", yaml)
    return folder
}

private func error(reading path: String, options: CatalogOptions = CatalogOptions()) -> CatalogError? {
    do {
        _ = try CatalogReader.read(app: path, options: options)
        return nil
    } catch {
        return error
    }
}

@Suite struct XcodeGenTests {
    @Test func aSpecWithIncludesGroupsTemplatesAndXcconfigReadsAsTheGeneratedProject() throws {
        let fixture = XcodeGenFixture()
        let catalog = try CatalogReader.read(app: fixture.path)
        #expect(names(catalog) == XcodeGenFixture.releaseIcons)
        #expect(catalog.appKind == .xcodegen)
        #expect(catalog.target?.projectPath == fixture.folder.url("project.yml"))
        #expect(catalog.target?.targetName == "Sample")
        #expect(catalog.target?.configuration == "Release")
        #expect(catalog.target?.configurations == ["Debug", "Release"])
        // bundleIdPrefix + the target's name; PRODUCT_NAME the target's name.
        #expect(catalog.bundleIdentifier == "com.example.Sample")
        #expect(catalog.target?.productName == "Sample")
        #expect(catalog.displayName == "Sample")
        #expect(catalog.primary.assetName == "AppIcon")
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
        let sunset = try #require(catalog.icons.first { $0.name == "Sunset" })
        #expect(sunset.images.map(\.path) == [fixture.folder.url("App/Icons/Sunset@2x.png"), fixture.folder.url("App/Icons/Sunset@3x.png")])
        // Debug has no xcconfig: no Blue.
        let debug = try CatalogReader.read(app: fixture.path, options: CatalogOptions(configuration: "Debug"))
        #expect(names(debug) == [nil, "Sunset"])
        // The spec itself, named with --app, reads the same.
        #expect(names(try CatalogReader.read(app: fixture.folder.url("project.yml"))) == XcodeGenFixture.releaseIcons)
    }

    @Test func configsMatchByNameAndTheSchemeChoosesTheArchiveConfiguration() throws {
        let folder = specFolder("""
        name: Flavours
        configs:
          Debug-production: debug
          Release-production: release
          Release-staging: release
        settings:
          configs:
            production:
              ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue
            Release-staging:
              ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Green
        schemes:
          App:
            build:
              targets:
                App: all
            archive:
              config: Release-staging
        targets:
          App:
            type: application
            platform: iOS
            sources: App
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.flavours
        """)
        let catalog = try CatalogReader.read(app: folder.path)
        #expect(catalog.target?.configuration == "Release-staging")
        #expect(catalog.target?.configurations == ["Debug-production", "Release-production", "Release-staging"])
        #expect(names(catalog) == [nil, "Green"])
        let production = try CatalogReader.read(app: folder.path, options: CatalogOptions(configuration: "Release-production"))
        #expect(names(production) == [nil, "Blue"])
        #expect(catalog.bundleIdentifier == "com.example.flavours")
    }

    @Test func sourcesHonourExcludesIncludesBuildPhasesAndFolderReferences() throws {
        let folder = specFolder("""
        name: Sources
        settings:
          ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS: YES
        targets:
          App:
            type: application
            platform: iOS
            sources:
              - path: App
                excludes: ["Old/**"]
              - path: Extra
                includes: ["Keep/*.xcassets"]
              - path: Unused.xcassets
                buildPhase: none
              - path: Copied
                type: folder
        """)
        for (catalog, set) in [("App/Old/Old.xcassets", "Old"), ("Extra/Keep/Kept.xcassets", "Kept"),
                               ("Extra/Drop/Dropped.xcassets", "Dropped"), ("Unused.xcassets", "Unused"),
                               ("Copied/Copied.xcassets", "Copied")] {
            folder.writeIconSet("\(catalog)/\(set).appiconset", [SetEntries.single("\(set).png")])
        }
        folder.writeJSON("App/Bundled.icon/icon.json", ["groups": []])
        let catalog = try CatalogReader.read(app: folder.path)
        #expect(Set(names(catalog).compactMap { $0 }) == ["Blue", "Green", "Kept", "Bundled"])
        #expect(catalog.target?.iconBundles == [folder.url("App/Bundled.icon")])
    }

    @Test func aTargetOfSeveralPlatformsIsOneTargetPerPlatform() throws {
        let folder = specFolder("""
        name: Multi
        targets:
          Tool:
            type: application
            platform: [iOS, macOS]
            sources: App
            settings:
              PRODUCT_BUNDLE_IDENTIFIER: com.example.${platform}
          Wide:
            type: application
            supportedDestinations: [iOS, macOS]
            sources: App
          Framework:
            type: framework
            platform: iOS
        """)
        let targets = try ApplicationTargets.find(at: folder.path)
        #expect(targets.targets.map(\.name) == ["Tool_iOS", "Wide"])
        #expect(targets.targets.first?.bundleIdentifier == "com.example.iOS")
    }

    @Test func infoPropertiesDeclareIconsAndTheGeneratedPlistWinsOverAFileOnDisk() throws {
        let folder = specFolder("""
        name: Declared
        targets:
          App:
            type: application
            platform: iOS
            sources: [App]
            settings:
              ASSETCATALOG_COMPILER_APPICON_NAME: ""
              PRODUCT_BUNDLE_IDENTIFIER: com.example.declared
            info:
              path: App/Info.plist
              properties:
                CFBundleIcons:
                  CFBundlePrimaryIcon:
                    CFBundleIconName: AppIcon
                    CFBundleIconFiles: [Primary]
                  CFBundleAlternateIcons:
                    Green:
                      CFBundleIconName: Green
        """, sets: ["AppIcon", "Green"])
        // A stale Info.plist XcodeGen would write over.
        folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": ["Stale": ["CFBundleIconFiles": ["Stale"]]]]],
                          as: "App/Info.plist")
        let catalog = try CatalogReader.read(app: folder.path)
        #expect(names(catalog) == [nil, "Green"])
        #expect(catalog.icons[1].picturesFrom == .appiconset)
        #expect(catalog.bundleIdentifier == "com.example.declared")
    }

    @Test func aSpecJSONIsReadLikeItsYAML() throws {
        let folder = specFolder("")
        try FileManager.default.removeItem(atPath: folder.url("project.yml"))
        folder.writeJSON("project.json", ["name": "FromJSON", "options": ["bundleIdPrefix": "org.example"],
                                          "targets": ["App": ["type": "application", "platform": "iOS", "sources": ["App"],
                                                              "settings": ["ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": true]]]])
        let catalog = try CatalogReader.read(app: folder.path)
        #expect(names(catalog) == [nil, "Blue", "Green"])
        #expect(catalog.bundleIdentifier == "org.example.App")
    }

    @Test func replaceKeysAndYAMLMergeKeysFollowXcodeGen() throws {
        let folder = specFolder("""
        name: Merged
        include: [base.yml]
        targets:
          App:
            sources:REPLACE: [App]
            settings: &shared
              <<: { ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Green }
              PRODUCT_BUNDLE_IDENTIFIER: com.example.merged
        """)
        folder.write("base.yml", "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: [Missing]\n")
        let catalog = try CatalogReader.read(app: folder.path)
        #expect(names(catalog) == [nil, "Green"])
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
    }

    // MARK: Bad input

    @Test func aSpecThatIsNotYAMLIsOneLineNamingTheFileAndLine() throws {
        let folder = specFolder("name: Broken\ntargets: [unclosed\n  App: {\n")
        let failure = try #require(error(reading: folder.path))
        #expect(failure.description.hasPrefix(folder.url("project.yml") + ": line "))
        #expect(failure.description.contains("is not a YAML spec"))
        #expect(!failure.description.contains("\n"))
        let empty = specFolder("\n\n")
        #expect(error(reading: empty.path)?.description == "\(empty.url("project.yml")): file is empty, not an Xcode project file")
        let list = specFolder("- name\n- targets\n")
        #expect(error(reading: list.path)?.description
                == "\(list.url("project.yml")): the top level is a list, expected a mapping of the spec's keys")
    }

    @Test func aYAMLBombIsRefusedQuicklyAndSmall() throws {
        var yaml = "name: Bomb\nlevel0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            yaml += "level\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "targets: {}\n"
        let folder = specFolder(yaml)
        let (failure, use) = ResourceUse.measure { error(reading: folder.path) }
        #expect(failure?.description.contains("expands to more than 1000000 values") == true, "\(String(describing: failure))")
        #expect(use.seconds < 1 && use.peakGrowthBytes < 150 << 20, "\(use)")
        // The same bomb as a mapping key never reaches a hash of it.
        let keyed = specFolder("name: Keyed\nbig: &b [1, 2]\n? *b\n: value\n")
        #expect(error(reading: keyed.path)?.description.contains("mapping key that is a list or a mapping") == true)
    }

    @Test func includesOfThemselvesOrACycleAreAnErrorNamingTheFiles() throws {
        let folder = specFolder("name: Loop\ninclude: [a.yml]\n")
        folder.write("a.yml", "include: [b.yml]\n")
        folder.write("b.yml", "include: [project.yml]\n")
        // Named at the spec whose include closes the cycle.
        #expect(error(reading: folder.path)?.description
                == "\(folder.url("b.yml")): XcodeGen specs include each other: project.yml → a.yml → b.yml → project.yml")
        let itself = specFolder("name: Self\ninclude: project.yml\n")
        #expect(error(reading: itself.path)?.description.contains("project.yml → project.yml") == true)
    }

    @Test func includesLeavingTheProjectAreWarningsNamingTheKeyAndTheBoundary() throws {
        let folder = specFolder("""
        name: Outside
        include:
          - /etc/passwd
          - ../elsewhere.yml
          - missing.yml
        targets:
          App: { type: application, platform: iOS, sources: App }
        """)
        let catalog = try CatalogReader.read(app: folder.url("project.yml"))
        let subjects = catalog.warnings.map(\.subject)
        #expect(subjects.contains("\(folder.url("project.yml")): include[0]"))
        let passwd = try #require(catalog.warnings.first { $0.subject.hasSuffix("include[0]") })
        #expect(passwd.message == "names /etc/passwd, outside the project's folder \(folder.path); it is not read")
        #expect(passwd.code == .pathOutsideProject)
        #expect(catalog.warnings.contains { $0.subject.hasSuffix("include[1]") && $0.code == .pathOutsideProject })
        #expect(catalog.warnings.contains { $0.subject.hasSuffix("include[2]") && $0.code == .missingSpecInclude })
        #expect(names(catalog) == [nil])
    }

    @Test func wrongTypesAreWarningsNamingTheKey() throws {
        let folder = specFolder("""
        name: Types
        configs: [Debug]
        options: 5
        settingGroups:
          loop: { groups: [loop] }
        targets:
          App:
            type: application
            platform: iOS
            sources: [App, 7]
            templates: [Missing]
            settings:
              groups: [loop, nowhere]
              base:
                ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: { nested: map }
                PRODUCT_BUNDLE_IDENTIFIER: com.example.types
          Broken: 12
        """)
        let catalog = try CatalogReader.read(app: folder.path)
        let file = folder.url("project.yml")
        let subjects = Set(catalog.warnings.map(\.subject))
        for key in ["configs", "options", "targets.App.sources[1]", "targets.App.templates[0]", "settingGroups.loop.groups[0]",
                    "targets.App.settings.groups[1]", "targets.App.settings.base.ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES",
                    "targets.Broken"] {
            #expect(subjects.contains("\(file): \(key)"), "\(key) in \(subjects.sorted())")
        }
        #expect(names(catalog) == [nil])
        #expect(catalog.target?.configurations == ["Debug", "Release"])
    }

    @Test func tenThousandTargetsCostBoundedTimeAndMemory() throws {
        var yaml = "name: Many\noptions: { bundleIdPrefix: com.example }\ntargets:\n"
        for index in 0..<10_000 {
            yaml += "  App\(index): { type: application, platform: iOS, sources: App }\n"
        }
        let folder = specFolder(yaml)
        let (failure, use) = ResourceUse.measure { error(reading: folder.path) }
        #expect(failure?.description.contains("10,000 iOS application targets; choose one") == true, "\(String(describing: failure))")
        #expect(use.seconds < 1 && use.peakGrowthBytes < 150 << 20, "\(use)")
        let one = try CatalogReader.read(app: folder.path, options: CatalogOptions(target: "App9999"))
        #expect(one.bundleIdentifier == "com.example.App9999")
    }

    @Test func settingsSharedThroughAnAliasByManyTargetsCostBoundedWork() throws {
        var yaml = "name: Shared\nsettingGroups:\n  big: &big\n"
        for index in 0..<1_000 { yaml += "    SETTING_\(index): value\n" }
        yaml += "targets:\n"
        for index in 0..<400 { yaml += "  T\(index): { type: application, platform: iOS, settings: { base: *big } }\n" }
        let folder = specFolder(yaml)
        let (failure, use) = ResourceUse.measure { error(reading: folder.path) }
        #expect(failure?.description.contains("iOS application targets; choose one") == true, "\(String(describing: failure))")
        #expect(use.seconds < 1 && use.peakGrowthBytes < 150 << 20, "\(use)")
        let catalog = try CatalogReader.read(app: folder.path, options: CatalogOptions(target: "T0"))
        #expect(catalog.warnings.contains { $0.message.contains("took more than 100000 steps") }, "\(catalog.warnings)")
    }

    // MARK: Specs made to cost: each read with the outcome and the message, in work bounded by the spec

    /// Nine setting groups each naming all nine (773 bytes took 19 s): each group is resolved
    /// once, every group's settings arrive, and the cycle is named.
    @Test func settingGroupsNamingEachOtherAreEachResolvedOnce() throws {
        let groupNames = (0..<9).map { "g\($0)" }
        var yaml = "name: Tangle\nsettingGroups:\n"
        for (index, name) in groupNames.enumerated() {
            yaml += "  \(name):\n    groups: [\(groupNames.joined(separator: ", "))]\n    base: { S\(index): \"\(index)\" }\n"
        }
        yaml += "  icons: { ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue Green }\n"
        yaml += "targets:\n  App:\n    type: application\n    platform: iOS\n    sources: App\n"
        yaml += "    settings: { groups: [g0, icons], base: { PRODUCT_BUNDLE_IDENTIFIER: com.example.tangle } }\n"
        let folder = specFolder(yaml)
        // Thread CPU time, as the neighbouring tests bound it: every path through the nine took 19 s.
        let (read, use) = ResourceUse.measure { Result { try CatalogReader.read(app: folder.path) } }
        #expect(use.seconds < 2, "\(use)")
        let catalog = try read.get()
        #expect(names(catalog) == [nil, "Blue", "Green"])
        #expect(catalog.warnings.contains { $0.message.hasPrefix("setting group “g0” includes itself (g0 → g0)") }, "\(catalog.warnings)")
        let project = try XcodeGenSpec.read(folder.url("project.yml"))
        let settings = try #require(project.targets.first?.configurationList.configurations.first?.settings)
        let values = Dictionary(settings.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        #expect((0..<9).allSatisfy { values["S\($0)"] == "\($0)" }, "\(values)")
    }

    /// A chain of 24 groups without a cycle (11 s) is read whole, the innermost group's
    /// settings included; one of 70 is said to be too deep, not to include itself.
    @Test func aLongChainOfGroupsIsReadAndTooDeepIsSaidSo() throws {
        func chain(_ length: Int) -> String {
            var yaml = "name: Chain\nsettingGroups:\n"
            for index in 0..<length - 1 { yaml += "  c\(index): { groups: [c\(index + 1)], base: { S\(index): x } }\n" }
            yaml += "  c\(length - 1): { ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue Green }\n"
            yaml += "targets:\n  App: { type: application, platform: iOS, sources: App, settings: { groups: [c0] } }\n"
            return yaml
        }
        let shortFolder = specFolder(chain(24))
        let short = try CatalogReader.read(app: shortFolder.path)
        #expect(names(short) == [nil, "Blue", "Green"])
        #expect(!short.warnings.contains { $0.subject.contains("settingGroups") }, "\(short.warnings)")
        let longFolder = specFolder(chain(70))
        let long = try CatalogReader.read(app: longFolder.path)
        #expect(names(long) == [nil])
        #expect(long.warnings.contains { $0.message == "setting group “c64” is nested more than 64 groups deep (from “c0”); it is not read" },
                "\(long.warnings)")
        #expect(!long.warnings.contains { $0.message.contains("includes itself") })
    }

    /// Templates each naming the next twice, 20 deep (2.5 KB took 5–8 s, then said "no iOS
    /// application target"): each is expanded once; what they add up to (2^20 sources) is past
    /// the work limit, and the spec is refused naming that limit and where, not its targets.
    @Test func templatesFanningOutAreExpandedOnceAndTooMuchIsSaidSo() throws {
        func fan(_ depth: Int) -> String {
            var yaml = "name: Fan\ntargetTemplates:\n"
            for index in 0..<depth { yaml += "  t\(index): { templates: [t\(index + 1), t\(index + 1)], sources: [App] }\n" }
            yaml += "  t\(depth): { type: application, platform: iOS, settings: { ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue Green } }\n"
            yaml += "targets:\n  App: { templates: [t0] }\n"
            return yaml
        }
        // Eight deep (256 sources, as XcodeGen would merge them) is read as the templates say.
        let smallFolder = specFolder(fan(8))
        let small = try CatalogReader.read(app: smallFolder.path)
        #expect(names(small) == [nil, "Blue", "Green"])
        let largeFolder = specFolder(fan(20))
        let failure = error(reading: largeFolder.path)
        let message = failure?.description ?? ""
        #expect(message.contains("makes merging target templates take more than 1000000 steps"), "\(message)")
        #expect(message.contains("targetTemplates.t"), "\(message)")
        #expect(!message.contains("no iOS application target"), "\(message)")
    }

    /// Templates naming each other in a cycle are applied once, with a warning; a chain of 70
    /// is said to be too deep.
    @Test func templateCyclesAndDepthAreNamed() throws {
        let cycleFolder = specFolder("""
            name: Cycle
            targetTemplates:
              a: { templates: [b], type: application }
              b: { templates: [a], platform: iOS, sources: [App] }
            targets:
              App: { templates: [a], settings: { ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue } }
            """)
        let cycle = try CatalogReader.read(app: cycleFolder.path)
        #expect(names(cycle) == [nil, "Blue"])
        #expect(cycle.warnings.contains { $0.message == "target template “a” uses itself (a → b → a); it is applied once" }, "\(cycle.warnings)")
        var yaml = "name: Deep\ntargetTemplates:\n"
        for index in 0..<70 { yaml += "  d\(index): { templates: [d\(index + 1)] }\n" }
        yaml += "  d70: { type: application }\ntargets:\n  App: { templates: [d0], platform: iOS, sources: [App] }\n"
        let deepFolder = specFolder(yaml)
        let deep = try XcodeGenSpec.read(deepFolder.url("project.yml")).warnings
        #expect(deep.contains { $0.message == "target template “d64” is nested more than 64 templates deep (from “d0”); it is not applied" }, "\(deep)")
    }

    /// One template holding 1,000 values, used by 1,000 targets with an attribute each (5 s):
    /// what holds no `$` is not walked again for each target, and every target gets its name.
    @Test func aSharedTemplateValueIsNotWalkedPerTarget() throws {
        var yaml = "name: Shared\noptions: { bundleIdPrefix: com.example }\ntargetTemplates:\n  app:\n    type: application\n"
        yaml += "    platform: iOS\n    sources: [App]\n    settings: { base: { SHOWN_NAME: \"${target_name} app\" } }\n    dependencies:\n"
        for index in 0..<1_000 { yaml += "      - sdk: Kit\(index).framework\n" }
        yaml += "targets:\n"
        for index in 0..<1_000 { yaml += "  T\(index): { templates: [app] }\n" }
        let folder = specFolder(yaml)
        let (read, use) = ResourceUse.measure { Result { () throws(XcodeProjectError) in try XcodeGenSpec.read(folder.url("project.yml")) } }
        #expect(use.seconds < 2, "\(use)")
        let project = try read.get()
        #expect(project.targets.count == 1_000)
        let last = try #require(project.targets.first { $0.name == "T999" })
        #expect(last.configurationList.configurations.first?.settings.contains { $0.key == "SHOWN_NAME" && $0.value == "T999 app" } == true)
        #expect(!project.warnings.contains { $0.message.contains("steps") }, "\(project.warnings)")
    }

    /// Exclude globs of many `**` (8 s; 300 of them over 30 s): a run of `**` is one, a pattern
    /// is matched against a path in one pass, and patterns past the limit are named and not used.
    @Test func excludeGlobsOfManyStarsAreMatchedInOnePass() throws {
        let stars = String(repeating: "**/", count: 300)
        #expect(GlobFilter.split(stars + "a") == ["**", "a"])
        #expect(GlobFilter.matches(GlobFilter.split(stars + "a"), ["x", "y", "a"]))
        let alternating = GlobFilter.split(String(repeating: "**/a/", count: 150) + "b")
        #expect(!GlobFilter.matches(alternating, Array(repeating: "a", count: 16)))
        #expect(GlobFilter.matches(GlobFilter.split("**/a/**/b"), ["a", "x", "b"]))
        let filter = GlobFilter(excludes: ["Other/" + stars + "*.xcassets"], includes: [])
        #expect(filter.excludes(["Other", "Deep", "Assets.xcassets"]) && !filter.excludes(["Assets.xcassets"]))

        let patterns = (0..<400).map { "\"\(stars)Skipped\($0)/**\"" }.joined(separator: ", ")
        let folder = specFolder("""
            name: Globs
            targets:
              App:
                type: application
                platform: iOS
                sources: [{ path: App, excludes: [\(patterns)] }]
                settings: { ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES: Blue Green }
            """)
        let catalog = try CatalogReader.read(app: folder.path)
        #expect(names(catalog) == [nil, "Blue", "Green"])
        #expect(catalog.warnings.contains { $0.message.hasPrefix("its excludes and includes have more than 1000 path components in all") },
                "\(catalog.warnings)")
    }

    // MARK: Tuist, and folders known by their contents

    @Test func aTuistProjectIsNamedWithWhatToRun() throws {
        let folder = TemporaryFolder()
        folder.write("Project.swift", "import ProjectDescription\n")
        folder.write("Tuist/Config.swift", "")
        #expect(error(reading: folder.path)?.description == "\(folder.path): the Xcode project is generated by Tuist (Project.swift); "
                + "run `tuist generate --no-open` there and point --app at the .xcodeproj it makes")
    }

    @Test func aCloneNamedLikeABundleIsReadAsASourceFolder() throws {
        let outer = TemporaryFolder()
        let clone = XcodeGenFixture(folder: outer)
        let renamed = ProjectPaths.parent(outer.path) + "/" + UUID().uuidString + ".app"
        try FileManager.default.moveItem(atPath: clone.path, toPath: renamed)
        defer { try? FileManager.default.removeItem(atPath: renamed) }
        #expect(names(try CatalogReader.read(app: renamed)) == XcodeGenFixture.releaseIcons)
        // A built app is still a built app.
        let built = TemporaryFolder()
        let app = BuiltAppFixture().writeApp(in: built)
        #expect(try CatalogReader.read(app: app).appKind == .app)
        // An asset catalog's name on a clone holding a project.
        let catalogNamed = TemporaryFolder()
        var project = SmallProject()
        project.set("AppIcon")
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"])
        let moved = catalogNamed.url("Clone.xcassets")
        try FileManager.default.moveItem(atPath: project.folder.path, toPath: moved)
        #expect(try CatalogReader.read(app: moved).appKind == .xcodeproj)
    }
}
