import Foundation
import IconCatalog
import ProjectWriting
import TestSupport
import Testing

/// The alternate-icon list in XcodeGen specs: edited as one line of YAML in the target's
/// settings, or in the xcconfig file the spec names.
@Suite struct ProjectSpecSettingTests {
    static let key = AlternateIconNames.setting

    static func spec(settings: String) -> String {
        """
        name: Demo
        options:
          bundleIdPrefix: com.example
        targets:
          App:
            type: application
            platform: iOS
            sources: [App]
        \(settings)
        """
    }

    static func names(_ changes: ChangeSet, spec: String) throws -> [String: [String]] {
        try ProjectResourcesTests.apply(changes)
        let project = try XcodeProject.read(spec)
        var result: [String: [String]] = [:]
        for configuration in ["Debug", "Release"] {
            result[configuration] = try project.resolve(target: "App", configuration: configuration).alternateIconNames
        }
        return result
    }

    static func staged(_ path: String, _ changes: ChangeSet) throws -> String {
        String(decoding: try #require(ProjectFileChecks.staged(path, in: changes)?.replacement), as: UTF8.self)
    }

    @Test func aListInBaseKeepsItsStyleAndCommentAndComesBackByteForByte() throws {
        let folder = TemporaryFolder()
        folder.write("App/main.swift", "")
        let spec = folder.write("project.yml", Self.spec(settings: """
            settings:
              base:
                \(Self.key): Dark "Dark 2"  # the alternates
                PRODUCT_NAME: Demo
        """))
        let before = try Data(contentsOf: URL(fileURLWithPath: spec))
        var changes = ChangeSet()
        let state = try AlternateIconNames.state(target: "App", project: spec, changes: &changes)
        #expect(state.configurations.map(\.names) == [["Dark", "Dark 2"], ["Dark", "Dark 2"]])
        let edit = try AlternateIconNames.add("Dark 3", target: "App", project: spec, changes: &changes)
        #expect(edit.sites.map(\.place) == [.specSettings(target: "App", configuration: "Debug"), .specSettings(target: "App", configuration: "Release")])
        let difference = ProjectFileChecks.lineDifference(before, try #require(ProjectFileChecks.staged(spec, in: changes)?.replacement))
        #expect(difference.removed == ["        \(Self.key): Dark \"Dark 2\"  # the alternates"])
        #expect(difference.added == ["        \(Self.key): Dark \"Dark 2\" \"Dark 3\"  # the alternates"], "one line, edited once for both configurations")
        #expect(try Self.names(changes, spec: spec) == ["Debug": ["Dark", "Dark 2", "Dark 3"], "Release": ["Dark", "Dark 2", "Dark 3"]])

        var undo = ChangeSet()
        _ = try AlternateIconNames.remove("Dark 3", target: "App", project: spec, changes: &undo)
        #expect(ProjectFileChecks.staged(spec, in: undo)?.replacement == before)
    }

    @Test func aConfigurationsOwnEntryIsEditedForItAndQuotedValuesStayQuoted() throws {
        let folder = TemporaryFolder()
        folder.write("App/main.swift", "")
        let spec = folder.write("project.yml", Self.spec(settings: """
            settings:
              base:
                \(Self.key): 'Night'
              configs:
                Debug:
                  \(Self.key): "Dev Night"
        """))
        var changes = ChangeSet()
        _ = try AlternateIconNames.add("Dusk", target: "App", project: spec, changes: &changes)
        let text = try Self.staged(spec, changes)
        #expect(text.contains("        \(Self.key): 'Night Dusk'\n"))
        #expect(text.hasSuffix("          \(Self.key): \"Dev Night Dusk\""))
        #expect(try Self.names(changes, spec: spec) == ["Debug": ["Dev", "Night", "Dusk"], "Release": ["Night", "Dusk"]])
    }

    @Test func aListWrittenNowhereGoesBesideThePrimaryOrIntoANewBaseAndGoesAwayWithItsLastName() throws {
        for settings in ["    settings:\n      base:\n        ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon\n        PRODUCT_NAME: Demo",
                         "    settings:\n      PRODUCT_NAME: Demo",
                         "    settings:\n      groups: [shared]",
                         "    info:\n      path: App/Info.plist"] {
            let folder = TemporaryFolder()
            folder.write("App/main.swift", "")
            let spec = folder.write("project.yml", Self.spec(settings: settings) + "\nsettingGroups:\n  shared:\n    SWIFT_VERSION: 6\n")
            let before = try Data(contentsOf: URL(fileURLWithPath: spec))
            var changes = ChangeSet()
            _ = try AlternateIconNames.add("Summer Sky", target: "App", project: spec, changes: &changes)
            let added = ProjectFileChecks.lineDifference(before, try #require(ProjectFileChecks.staged(spec, in: changes)?.replacement)).added
            #expect(added.contains { $0.hasSuffix("\(Self.key): '\"Summer Sky\"'") }, "\(settings)")
            #expect(try Self.names(changes, spec: spec) == ["Debug": ["Summer Sky"], "Release": ["Summer Sky"]], "\(settings)")
            var undo = ChangeSet()
            _ = try AlternateIconNames.remove("Summer Sky", target: "App", project: spec, changes: &undo)
            #expect(ProjectFileChecks.staged(spec, in: undo)?.replacement == before, "\(settings)")
        }
    }

    @Test func theSharedFixturesReleaseListIsInAnXCConfigAndItsDebugListGoesIntoTheIncludedSpecHoldingTheTarget() throws {
        let fixture = XcodeGenFixture()
        let spec = fixture.folder.url("project.yml")
        let xcconfig = fixture.folder.url("Configs/Icons/Alternates.xcconfig")
        let targets = fixture.folder.url("specs/targets.yml")
        let targetsBefore = try Data(contentsOf: URL(fileURLWithPath: targets))
        var changes = ChangeSet()
        let state = try AlternateIconNames.state(target: "Sample", project: spec, changes: &changes)
        #expect(state.configurations.map(\.site) == [nil, SettingSite(file: xcconfig, place: .xcconfig)])
        // Release's list is edited in the xcconfig; Debug has none, and gets one in the target's settings,
        // which the included spec writes.
        let edit = try AlternateIconNames.add("Green", target: "Sample", project: spec, changes: &changes)
        #expect(edit.sites == [SettingSite(file: xcconfig, place: .xcconfig),
                               SettingSite(file: targets, place: .specSettings(target: "Sample", configuration: "Debug"))])
        #expect(ProjectFileChecks.staged(spec, in: changes) == nil)
        #expect(try Self.staged(xcconfig, changes) == "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue Green\n")
        let added = ProjectFileChecks.lineDifference(targetsBefore, try #require(ProjectFileChecks.staged(targets, in: changes)?.replacement)).added
        // In Debug's own entry: a line in base would override Release's xcconfig list.
        #expect(Set(added) == ["      configs:", "        Debug:", "          \(Self.key): Green"], "\(added)")
        #expect(try Self.staged(targets, changes).contains("""
                settings:
                  groups: [icons]
                  configs:
                    Debug:
                      \(Self.key): Green
            """), "after the settings' groups, in order")
        try ProjectResourcesTests.apply(changes)
        let project = try XcodeProject.read(spec)
        #expect(try project.resolve(target: "Sample", configuration: "Debug").alternateIconNames == ["Green"])
        #expect(try project.resolve(target: "Sample", configuration: "Release").alternateIconNames == ["Blue", "Green"])

        var more = ChangeSet()
        #expect(throws: ProjectEditError(path: spec, kind: .resourcesFromSpecSources)) {
            try ProjectResources.add([fixture.folder.url("App/Icon.icon")], target: "Sample", project: spec, changes: &more)
        }
        let removal = try AlternateIconNames.remove("Green", target: "Sample", project: spec, changes: &more)
        #expect(Set(removal.sites.map(\.file)) == [xcconfig, targets])
        #expect(try Self.staged(xcconfig, more) == "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue\n")
        #expect(ProjectFileChecks.staged(targets, in: more)?.replacement == targetsBefore, "the new line goes with its last name")
    }

    /// A list an included spec writes is edited there, where XcodeGen takes it from; the including
    /// spec's own line wins where both write one.
    @Test func aListInAnIncludedSpecIsEditedThereAndComesBackByteForByte() throws {
        let folder = TemporaryFolder()
        folder.write("App/main.swift", "")
        let included = folder.write("Configs/targets.yml", """
            targets:
              App:
                settings:
                  base:
                    \(Self.key): Dark  # from the shared spec
                    ASSETCATALOG_COMPILER_APPICON_NAME: AppIcon

            """)
        let spec = folder.write("project.yml", "include:\n  - Configs/targets.yml\n" + Self.spec(settings: ""))
        let specBefore = try Data(contentsOf: URL(fileURLWithPath: spec))
        let includedBefore = try Data(contentsOf: URL(fileURLWithPath: included))
        var changes = ChangeSet()
        let edit = try AlternateIconNames.add("Blue", target: "App", project: spec, changes: &changes)
        #expect(edit.sites.map(\.file) == [included, included])
        #expect(ProjectFileChecks.staged(spec, in: changes) == nil, "the including spec is left alone")
        let difference = ProjectFileChecks.lineDifference(includedBefore, try #require(ProjectFileChecks.staged(included, in: changes)?.replacement))
        #expect(difference.added == ["        \(Self.key): Dark Blue  # from the shared spec"])
        #expect(try Self.names(changes, spec: spec) == ["Debug": ["Dark", "Blue"], "Release": ["Dark", "Blue"]])

        var undo = ChangeSet()
        _ = try AlternateIconNames.remove("Blue", target: "App", project: spec, changes: &undo)
        #expect(ProjectFileChecks.staged(included, in: undo)?.replacement == includedBefore)
        #expect(try Data(contentsOf: URL(fileURLWithPath: spec)) == specBefore)

        // Written in both: the including spec's line is the one XcodeGen keeps, and the one edited.
        let both = folder.write("both.yml", "include:\n  - Configs/targets.yml\n" + Self.spec(settings: """
            settings:
              base:
                \(Self.key): Dark
        """))
        var again = ChangeSet()
        let own = try AlternateIconNames.add("Blue", target: "App", project: both, changes: &again)
        #expect(Set(own.sites.map(\.file)) == [both], "\(own.sites)")
    }
}

