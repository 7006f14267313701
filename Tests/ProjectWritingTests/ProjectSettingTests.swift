import Foundation
import IconCatalog
@testable import ProjectWriting
import TestSupport
import Testing

@Suite struct ProjectSettingTests {
    static let key = AlternateIconNames.setting

    /// The names IconCatalog reads for each configuration once the change set is written.
    static func namesAfter(_ changes: ChangeSet, project: String) throws -> [String: [String]] {
        try ProjectResourcesTests.apply(changes)
        let read = try XcodeProject.read(project)
        var result: [String: [String]] = [:]
        for configuration in ["Debug", "Release"] {
            result[configuration] = try read.resolve(target: "Demo", configuration: configuration).alternateIconNames
        }
        return result
    }

    static func pbxprojText(_ changes: ChangeSet, _ project: String) throws -> String {
        String(decoding: try #require(ProjectFileChecks.staged(project + "/project.pbxproj", in: changes)?.replacement), as: UTF8.self)
    }

    @Test func aNameIsAddedToTheTargetsQuotedListInEachConfigurationKeepingItsQuoting() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetSettings.insert(#"\#(Self.key) = "Dark \"Dark 2\"";"#, at: 0)
        let project = fixture.write(in: folder)
        let file = project + "/project.pbxproj"
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        var changes = ChangeSet()
        let state = try AlternateIconNames.state(target: "Demo", project: project, changes: &changes)
        #expect(state.configurations.map(\.names) == [["Dark", "Dark 2"], ["Dark", "Dark 2"]])
        #expect(!state.includesAllAppIcons && !state.usesCommas)
        let edit = try AlternateIconNames.add("Dark 3", target: "Demo", project: project, changes: &changes)
        #expect(edit.sites.count == 2)
        let after = try #require(ProjectFileChecks.staged(file, in: changes)?.replacement)
        let difference = ProjectFileChecks.lineDifference(before, after)
        #expect(difference.removed == Array(repeating: "\t\t\t\t" + #"\#(Self.key) = "Dark \"Dark 2\"";"#, count: 2))
        #expect(difference.added == Array(repeating: "\t\t\t\t" + #"\#(Self.key) = "Dark \"Dark 2\" \"Dark 3\"";"#, count: 2))
        try ProjectFileChecks.parsersAgree(on: [after], key: Self.key)
        #expect(try Self.namesAfter(changes, project: project) == ["Debug": ["Dark", "Dark 2", "Dark 3"], "Release": ["Dark", "Dark 2", "Dark 3"]])

        var undo = ChangeSet()
        let removal = try AlternateIconNames.remove("Dark 3", target: "Demo", project: project, changes: &undo)
        #expect(removal.sites.count == 2)
        #expect(ProjectFileChecks.staged(file, in: undo)?.replacement == before)
    }

    @Test func anUnquotedListBecomesQuotedWhenItGrowsAndBareAgainWhenItShrinks() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetSettings.insert("\(Self.key) = Dark;", at: 0)
        let project = fixture.write(in: folder)
        var changes = ChangeSet()
        _ = try AlternateIconNames.add("Light", target: "Demo", project: project, changes: &changes)
        #expect(try Self.pbxprojText(changes, project).contains("\t\t\t\t\(Self.key) = \"Dark Light\";\n"))
        _ = try AlternateIconNames.remove("Light", target: "Demo", project: project, changes: &changes)
        #expect(changes.changes.isEmpty)
    }

    @Test func aListWrittenNowhereIsWrittenBesideThePrimarysNameAndRemovingItsLastNameTakesTheLineAway() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetSettings.insert("ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;", at: 0)
        let project = fixture.write(in: folder)
        let file = project + "/project.pbxproj"
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        var changes = ChangeSet()
        #expect(try AlternateIconNames.state(target: "Demo", project: project, changes: &changes).configurations.allSatisfy { $0.site == nil })
        _ = try AlternateIconNames.add("Summer Sky", target: "Demo", project: project, changes: &changes)
        let lines = try Self.pbxprojText(changes, project).components(separatedBy: "\n")
        let added = "\t\t\t\t" + #"\#(Self.key) = "\"Summer Sky\"";"#
        #expect(lines.filter { $0 == added }.count == 2)
        // Sorted among the settings, as Xcode keeps them: before APPICON_NAME.
        let first = try #require(lines.firstIndex(of: added))
        #expect(lines[first + 1] == "\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;")
        let after = try #require(ProjectFileChecks.staged(file, in: changes)?.replacement)
        try ProjectFileChecks.parsersAgree(on: [after], key: Self.key)
        #expect(try Self.namesAfter(changes, project: project) == ["Debug": ["Summer Sky"], "Release": ["Summer Sky"]])

        var undo = ChangeSet()
        _ = try AlternateIconNames.remove("Summer Sky", target: "Demo", project: project, changes: &undo)
        #expect(ProjectFileChecks.staged(file, in: undo)?.replacement == before)
    }

    @Test func withNoPrimaryNameSetTheListGoesInTheTargetsConfigurations() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        var changes = ChangeSet()
        let edit = try AlternateIconNames.add("Night", target: "Demo", project: project, changes: &changes)
        #expect(edit.sites.map(\.place) == [
            .buildConfiguration(id: "AA0000000000000000000072", configuration: "Debug", target: "Demo"),
            .buildConfiguration(id: "AA0000000000000000000073", configuration: "Release", target: "Demo"),
        ])
        #expect(try Self.namesAfter(changes, project: project) == ["Debug": ["Night"], "Release": ["Night"]])
    }

    @Test func aListInAnIncludedXCConfigIsEditedThereKeepingItsSpacingSemicolonAndComment() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetXCConfig = true
        let project = fixture.write(in: folder)
        folder.write("Demo/Base.xcconfig", "#include \"Shared.xcconfig\"\nPRODUCT_NAME = Demo\n")
        let shared = folder.write("Demo/Shared.xcconfig", "// Icons\n\(Self.key)   =  Dark Light ; // the alternates\nOTHER = 1\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: shared))
        var changes = ChangeSet()
        let state = try AlternateIconNames.state(target: "Demo", project: project, changes: &changes)
        #expect(state.configurations.map(\.site) == Array(repeating: SettingSite(file: shared, place: .xcconfig), count: 2))
        let edit = try AlternateIconNames.add("Dusk Glow", target: "Demo", project: project, changes: &changes)
        #expect(edit.sites == [SettingSite(file: shared, place: .xcconfig)], "one file, edited once for both configurations")
        #expect(changes.changes.map(\.path) == [shared], "the project file is untouched")
        let text = String(decoding: try #require(ProjectFileChecks.staged(shared, in: changes)?.replacement), as: UTF8.self)
        #expect(text == "// Icons\n\(Self.key)   =  Dark Light \"Dusk Glow\" ; // the alternates\nOTHER = 1\n")
        #expect(try Self.namesAfter(changes, project: project)["Release"] == ["Dark", "Light", "Dusk Glow"])

        var undo = ChangeSet()
        _ = try AlternateIconNames.remove("Dusk Glow", target: "Demo", project: project, changes: &undo)
        #expect(ProjectFileChecks.staged(shared, in: undo)?.replacement == before)
    }

    @Test func aListWrittenNowhereGoesUnderThePrimarysLineInItsXCConfig() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetXCConfig = true
        let project = fixture.write(in: folder)
        let base = folder.write("Demo/Base.xcconfig", "\tASSETCATALOG_COMPILER_APPICON_NAME=AppIcon;\nPRODUCT_NAME = Demo\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: base))
        var changes = ChangeSet()
        _ = try AlternateIconNames.add("Night", target: "Demo", project: project, changes: &changes)
        let text = String(decoding: try #require(ProjectFileChecks.staged(base, in: changes)?.replacement), as: UTF8.self)
        #expect(text == "\tASSETCATALOG_COMPILER_APPICON_NAME=AppIcon;\n\t\(Self.key)=Night;\nPRODUCT_NAME = Demo\n")
        #expect(try Self.namesAfter(changes, project: project)["Debug"] == ["Night"])
        var undo = ChangeSet()
        _ = try AlternateIconNames.remove("Night", target: "Demo", project: project, changes: &undo)
        #expect(ProjectFileChecks.staged(base, in: undo)?.replacement == before)
    }

    @Test func aListTheProjectLevelDefinesIsEditedAtTheProjectLevel() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.projectSettings.insert("\(Self.key) = Dark;", at: 0)
        let project = fixture.write(in: folder)
        var changes = ChangeSet()
        let edit = try AlternateIconNames.add("Light", target: "Demo", project: project, changes: &changes)
        #expect(edit.sites.map(\.place) == [
            .buildConfiguration(id: "AA0000000000000000000070", configuration: "Debug", target: nil),
            .buildConfiguration(id: "AA0000000000000000000071", configuration: "Release", target: nil),
        ])
        #expect(try Self.namesAfter(changes, project: project) == ["Debug": ["Dark", "Light"], "Release": ["Dark", "Light"]])
    }

    @Test func removingTheLastNameOverALowerLevelsListWritesItEmptyInsteadOfUncoveringThatList() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.projectSettings.insert("\(Self.key) = Old;", at: 0)
        fixture.targetSettings.insert("\(Self.key) = Dark;", at: 0)
        let project = fixture.write(in: folder)
        var changes = ChangeSet()
        _ = try AlternateIconNames.remove("Dark", target: "Demo", project: project, changes: &changes)
        #expect(try Self.pbxprojText(changes, project).contains("\t\t\t\t\(Self.key) = \"\";\n"))
        #expect(try Self.namesAfter(changes, project: project) == ["Debug": [], "Release": []])
    }

    @Test func withIncludeAllOnNothingIsAddedAndTheCallerIsTold() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetSettings.insert("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES;", at: 0)
        let project = fixture.write(in: folder)
        var changes = ChangeSet()
        #expect(try AlternateIconNames.state(target: "Demo", project: project, changes: &changes).includesAllAppIcons)
        let edit = try AlternateIconNames.add("Night", target: "Demo", project: project, changes: &changes)
        #expect(edit == SettingEdit(sites: [], includingAllAppIcons: ["Debug", "Release"]))
        #expect(changes.changes.isEmpty)
    }

    @Test func aConfigurationWithItsOwnListIsEditedAloneWhereTheOtherAlreadyHasTheName() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetSettingsByConfiguration = ["Debug": ["\(Self.key) = " + #""\"Dev Night\"";"#, "SDKROOT = iphoneos;"],
                                                 "Release": ["\(Self.key) = Night;", "SDKROOT = iphoneos;"]]
        let project = fixture.write(in: folder)
        var changes = ChangeSet()
        let edit = try AlternateIconNames.add("Night", target: "Demo", project: project, changes: &changes)
        #expect(edit.sites.map(\.place) == [.buildConfiguration(id: "AA0000000000000000000072", configuration: "Debug", target: "Demo")])
        #expect(try Self.namesAfter(changes, project: project) == ["Debug": ["Dev Night", "Night"], "Release": ["Night"]])
    }

    @Test func aCommaSeparatedListIsRewrittenWithSpaces() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetSettings.insert("\(Self.key) = \"og, joy\";", at: 0)
        let project = fixture.write(in: folder)
        var changes = ChangeSet()
        #expect(try AlternateIconNames.state(target: "Demo", project: project, changes: &changes).usesCommas)
        _ = try AlternateIconNames.separateWithSpaces(target: "Demo", project: project, changes: &changes)
        #expect(try Self.pbxprojText(changes, project).components(separatedBy: "\n").filter { $0.contains(Self.key) }
            == Array(repeating: "\t\t\t\t\(Self.key) = \"og joy\";", count: 2))
        #expect(try Self.namesAfter(changes, project: project)["Release"] == ["og", "joy"])
    }

    @Test func aListWrittenAsAnArrayTakesANameOnALineOfItsOwn() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetSettings.insert("\(Self.key) = (\n\t\t\t\t\tDark,\n\t\t\t\t\t\"Dark 2\",\n\t\t\t\t);", at: 0)
        let project = fixture.write(in: folder)
        let file = project + "/project.pbxproj"
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        var changes = ChangeSet()
        #expect(try AlternateIconNames.state(target: "Demo", project: project, changes: &changes).configurations.first?.names == ["Dark", "Dark 2"])
        _ = try AlternateIconNames.add("Dark 3", target: "Demo", project: project, changes: &changes)
        let after = try #require(ProjectFileChecks.staged(file, in: changes)?.replacement)
        let difference = ProjectFileChecks.lineDifference(before, after)
        #expect(difference.removed.isEmpty)
        #expect(difference.added == ["\t\t\t\t\t\"Dark 3\",", "\t\t\t\t\t\"Dark 3\","])
        try ProjectFileChecks.parsersAgree(on: [after], key: Self.key)
        #expect(try Self.namesAfter(changes, project: project)["Release"] == ["Dark", "Dark 2", "Dark 3"])
        var undo = ChangeSet()
        _ = try AlternateIconNames.remove("Dark 3", target: "Demo", project: project, changes: &undo)
        #expect(ProjectFileChecks.staged(file, in: undo)?.replacement == before)
    }

    @Test func aNameTheSettingCannotHoldIsRefusedAndAnUnbalancedValueIsNotEdited() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.targetSettings.insert("\(Self.key) = \"Dark \\\"Dark\";", at: 0)
        let project = fixture.write(in: folder)
        let file = project + "/project.pbxproj"
        var changes = ChangeSet()
        #expect(throws: ProjectEditError(path: file, kind: .invalidName("a\nb"))) {
            try AlternateIconNames.add("a\nb", target: "Demo", project: project, changes: &changes)
        }
        #expect(throws: ProjectEditError(path: file, kind: .settingNotEditable(setting: Self.key,
            reason: "has a quote left open or ends in a lone backslash"))) {
            try AlternateIconNames.add("Night", target: "Demo", project: project, changes: &changes)
        }
        #expect(changes.changes.isEmpty)
    }

    @Test func listTextAddsAndRemovesWordsKeepingEverythingElse() {
        #expect(SettingListText("").adding("A B") == "\"A B\"")
        #expect(SettingListText("$(inherited) X").adding("Y") == "$(inherited) X Y")
        // One separator goes with the name: the one `adding` writes.
        #expect(SettingListText("X  'Y Z'  W").removing("Y Z") == "X   W")
        #expect(SettingListText("A ").removing("B") == "A ")
        #expect(SettingListText(SettingListText("A ").adding("B")).removing("B") == "A ")
        #expect(!SettingListText("A \"B").isWellFormed && !SettingListText("A\\").isWellFormed)
        #expect(SettingListText("X Y").removing("X") == "Y")
        #expect(SettingListText("og, joy,moon").separatedBySpaces() == "og joy moon")
        #expect(SettingListText(#"Dark "Dark 2" Dark\ 3"#).names == ["Dark", "Dark 2", "Dark 3"])
    }

    /// session-ios's shape: two configurations ship every app icon (include-all), two ship none.
    @Test func anAddNamesTheConfigurationsThatShipNoneOfTheAppsAlternates() throws {
        let folder = TemporaryFolder()
        var fixture = ProjectFileFixture()
        fixture.moreConfigurations = ["Debug_Staging", "Release_Staging"]
        let base = fixture.targetSettings + ["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;"]
        for configuration in ["Debug", "Release"] {
            fixture.targetSettingsByConfiguration[configuration] = base + ["\(AlternateIconNames.includeAllSetting) = YES;"]
        }
        for configuration in fixture.moreConfigurations { fixture.targetSettingsByConfiguration[configuration] = base }
        let project = fixture.write(in: folder)
        folder.writeIconSet("Demo/Assets.xcassets/AppIcon.appiconset", [SetEntries.single("icon.png")])
        folder.writeIconSet("Demo/Assets.xcassets/Blue.appiconset", [SetEntries.single("blue.png")])
        let layout = try PlanningTests.layout(project)
        try #require(layout.phone.alternate(named: "Blue") != nil)
        let plan = try IconAddition.plan(AddRequest(name: "Teal", image: folder.writePNG("teal.png", width: 1024)), layout: layout)
        // The new icon ships as Blue does: by include-all where it is on, in no list where it is off.
        #expect(ProjectFileChecks.staged(project + "/project.pbxproj", in: plan.changes) == nil)
        #expect(plan.summary.contains("note: “Teal” is not shipped in the configurations Debug_Staging, Release_Staging, "
                                      + "as the app's other alternates are not"), "\(plan.summary)")
    }
}
