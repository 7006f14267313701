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

    @Test func theSharedFixturesReleaseListIsInAnXCConfigAndItsDebugSettingsInAnIncludedSpecWhichIsRefused() throws {
        let fixture = XcodeGenFixture()
        let spec = fixture.folder.url("project.yml")
        let xcconfig = fixture.folder.url("Configs/Icons/Alternates.xcconfig")
        var changes = ChangeSet()
        let state = try AlternateIconNames.state(target: "Sample", project: spec, changes: &changes)
        #expect(state.configurations.map(\.site) == [nil, SettingSite(file: xcconfig, place: .xcconfig)])
        // Release's list is edited in the xcconfig; Debug's would go in the target's settings, which an included spec writes.
        #expect(throws: ProjectEditError(path: spec, kind: .notInSpec("target “Sample”"))) {
            try AlternateIconNames.add("Green", target: "Sample", project: spec, changes: &changes)
        }
        #expect(changes.changes.isEmpty, "nothing is staged when part of the edit fails")
        #expect(throws: ProjectEditError(path: spec, kind: .resourcesFromSpecSources)) {
            try ProjectResources.add([fixture.folder.url("App/Icon.icon")], target: "Sample", project: spec, changes: &changes)
        }
        let removal = try AlternateIconNames.remove("Blue", target: "Sample", project: spec, changes: &changes)
        #expect(removal.sites == [SettingSite(file: xcconfig, place: .xcconfig)])
        #expect(try Self.staged(xcconfig, changes) == "", "the list's last name goes with its line: no list lies below it")
    }
}
