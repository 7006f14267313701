import Foundation
import IconCatalog
import ProjectWriting
import TestSupport
import Testing

@Suite struct ProjectResourcesTests {
    /// Writes what the change set holds, as the command would once it is applied.
    static func apply(_ changes: ChangeSet) throws {
        for change in changes.changes {
            if let data = change.replacement {
                try data.write(to: URL(fileURLWithPath: change.path))
            } else {
                try FileManager.default.removeItem(atPath: change.path)
            }
        }
    }

    static func pbxproj(_ xcodeproj: String) -> String { xcodeproj + "/project.pbxproj" }

    @Test func aPNGGetsAReferenceInItsFoldersGroupABuildFileAndAResourcesEntryInXcodesLayout() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        let png = folder.writePNGHeader("Demo/Alt@2x.png", width: 120, height: 120)
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.pbxproj(project)))
        var changes = ChangeSet()
        let edits = try ProjectResources.add([png], target: "Demo", project: project, changes: &changes)
        #expect(edits == [ResourceEdit(path: png, membership: .absent, edited: true)])
        let after = try #require(ProjectFileChecks.staged(Self.pbxproj(project), in: changes)?.replacement)
        let difference = ProjectFileChecks.lineDifference(before, after)
        #expect(difference.removed.isEmpty)
        #expect(difference.added.count == 4)
        let reference = try #require(difference.added.first { $0.contains("isa = PBXFileReference") })
        let referenceID = String(reference.dropFirst(2).prefix(24))
        let buildFile = try #require(difference.added.first { $0.contains("isa = PBXBuildFile") })
        let buildFileID = String(buildFile.dropFirst(2).prefix(24))
        #expect(referenceID.count == 24 && referenceID.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        #expect(reference == "\t\t\(referenceID) /* Alt@2x.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = \"Alt@2x.png\"; sourceTree = \"<group>\"; };")
        #expect(buildFile == "\t\t\(buildFileID) /* Alt@2x.png in Resources */ = {isa = PBXBuildFile; fileRef = \(referenceID) /* Alt@2x.png */; };")
        let lines = String(decoding: after, as: UTF8.self).components(separatedBy: "\n")
        // The group's last child, the phase's last file.
        let child = try #require(lines.firstIndex(of: "\t\t\t\t\(referenceID) /* Alt@2x.png */,"))
        #expect(lines[child - 1] == "\t\t\t\tAA0000000000000000000014 /* Bundled */,")
        let entry = try #require(lines.firstIndex(of: "\t\t\t\t\(buildFileID) /* Alt@2x.png in Resources */,"))
        #expect(lines[entry - 1] == "\t\t\t\tAA0000000000000000000010 /* Assets.xcassets in Resources */,")
        try Self.expectSortedSections(lines)
        try ProjectFileChecks.parsersAgree(on: [after], key: "SDKROOT")

        try Self.apply(changes)
        let resolved = try XcodeProject.read(project).resolve(target: "Demo")
        #expect(resolved.resourceFiles == [png])

        var undo = ChangeSet()
        let removed = try ProjectResources.remove([png], target: "Demo", project: project, changes: &undo)
        #expect(removed == [ResourceEdit(path: png, membership: .inResources, edited: true)])
        #expect(ProjectFileChecks.staged(Self.pbxproj(project), in: undo)?.replacement == before, "remove restores every byte")
    }

    /// Every section's objects in id order, sections in isa order: as Xcode writes them.
    static func expectSortedSections(_ lines: [String]) throws {
        var sections: [String] = []
        var ids: [String] = []
        for line in lines {
            if line.hasPrefix("/* Begin ") {
                sections.append(line)
                ids = []
            } else if line.hasPrefix("/* End ") {
                #expect(ids == ids.sorted(), "\(sections.last ?? "") is sorted by id")
            } else if line.hasPrefix("\t\t"), !line.hasPrefix("\t\t\t"), let space = line.dropFirst(2).firstIndex(of: " ") {
                ids.append(String(line.dropFirst(2)[..<space]))
            }
        }
        #expect(sections == sections.sorted())
    }

    @Test func anIconComposerBundleInASubfolderWithoutAGroupIsNamedAndPathedFromTheNearestGroup() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        folder.write("Demo/Icons/Sunset.icon/icon.json", #"{"groups":[]}"#)
        let bundle = folder.url("Demo/Icons/Sunset.icon")
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.pbxproj(project)))
        var changes = ChangeSet()
        _ = try ProjectResources.add([bundle], target: "Demo", project: project, changes: &changes)
        let after = try #require(ProjectFileChecks.staged(Self.pbxproj(project), in: changes)?.replacement)
        let reference = try #require(ProjectFileChecks.lineDifference(before, after).added.first { $0.contains("PBXFileReference") })
        #expect(reference.hasSuffix(" /* Sunset.icon */ = {isa = PBXFileReference; lastKnownFileType = folder.iconcomposer.icon; name = Sunset.icon; path = Icons/Sunset.icon; sourceTree = \"<group>\"; };"))
        try Self.apply(changes)
        #expect(try XcodeProject.read(project).resolve(target: "Demo").iconBundles == [bundle])

        var undo = ChangeSet()
        _ = try ProjectResources.remove([bundle], target: "Demo", project: project, changes: &undo)
        #expect(ProjectFileChecks.staged(Self.pbxproj(project), in: undo)?.replacement == before)
    }

    @Test func aNewFileGoesRightAfterTheSiblingTheCallerNames() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        let catalog = folder.url("Demo/Assets.xcassets")
        let png = folder.url("Demo/Alt.png")
        var changes = ChangeSet()
        _ = try ProjectResources.add([png], beside: [catalog], target: "Demo", project: project, changes: &changes)
        let after = String(decoding: try #require(ProjectFileChecks.staged(Self.pbxproj(project), in: changes)?.replacement), as: UTF8.self)
        let lines = after.components(separatedBy: "\n")
        let catalogChild = try #require(lines.firstIndex(of: "\t\t\t\tAA0000000000000000000011 /* Assets.xcassets */,"))
        #expect(lines[catalogChild + 1].hasSuffix(" /* Alt.png */,"))
    }

    @Test func twoFilesAddedInOneSetAreBothListedAndRemovedTogetherGiveTheFileBack() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture(catalogInResources: false).write(in: folder)
        let files = [folder.url("Demo/A@2x.png"), folder.url("Demo/A@3x.png")]
        var changes = ChangeSet()
        _ = try ProjectResources.add(files, target: "Demo", project: project, changes: &changes)
        let after = try #require(ProjectFileChecks.staged(Self.pbxproj(project), in: changes)?.replacement)
        let lines = String(decoding: after, as: UTF8.self).components(separatedBy: "\n")
        // The project had no build files: the section is made, before the file references' one.
        let begin = try #require(lines.firstIndex(of: "/* Begin PBXBuildFile section */"))
        #expect(lines[begin - 1] == "" && lines[begin + 3] == "/* End PBXBuildFile section */" && lines[begin + 4] == "")
        #expect(lines[begin + 5] == "/* Begin PBXFileReference section */")
        try Self.expectSortedSections(lines)
        try ProjectFileChecks.parsersAgree(on: [after], key: "SDKROOT")
        let ids = try ProjectFileChecks.foundationReading(after, key: "SDKROOT").ids
        #expect(ids.count == 18 + 4)

        var undo = changes
        _ = try ProjectResources.remove(files, target: "Demo", project: project, changes: &undo)
        #expect(undo.changes.isEmpty, "the staged file is the original again")
    }

    @Test func filesThatShipAlreadyOrCannotHaveReferencesAreReportedNotEdited() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        let synced = folder.url("Synced/Alt.png")
        let excluded = folder.url("Synced/Excluded.png")
        let underFolderReference = folder.url("Demo/Bundled/Alt.png")
        let catalog = folder.url("Demo/Assets.xcassets")
        var changes = ChangeSet()
        let edits = try ProjectResources.add([synced, excluded, underFolderReference, catalog], target: "Demo",
                                             project: project, changes: &changes)
        #expect(edits.map(\.membership) == [
            .inSynchronizedFolder(folder: folder.url("Synced")),
            .excludedFromSynchronizedFolder(folder: folder.url("Synced"), exception: "Excluded.png"),
            .underFolderReference(folder: folder.url("Demo/Bundled"), copiedByTarget: false),
            .inResources,
        ])
        #expect(edits.allSatisfy { !$0.edited })
        #expect(changes.changes.isEmpty)
        #expect(edits.map(\.membership.ships) == [true, false, false, true])
    }

    @Test func aProjectFileNotInXcodesLayoutIsRefusedNamingItAndNothingIsStaged() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        // The same objects, the Resources phase written on one line as another tool might.
        let file = Self.pbxproj(project)
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: """
        \t\tAA0000000000000000000050 /* Resources */ = {
        \t\t\tisa = PBXResourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t\tAA0000000000000000000010 /* Assets.xcassets in Resources */,
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        """, with: "\t\tAA0000000000000000000050 = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (AA0000000000000000000010); runOnlyForDeploymentPostprocessing = 0; };")
        folder.write("Demo.xcodeproj/project.pbxproj", text)
        var changes = ChangeSet()
        #expect(throws: ProjectEditError(path: file, kind: .unexpectedLayout("the files list of Resources build phase AA0000000000000000000050"))) {
            try ProjectResources.add([folder.url("Demo/Alt.png")], target: "Demo", project: project, changes: &changes)
        }
        #expect(changes.changes.isEmpty)
        let error = ProjectEditError(path: file, kind: .unexpectedLayout("the files list of Resources build phase AA0000000000000000000050"))
        #expect(error.description.hasPrefix(file + ": "))
    }

    @Test func aFileOutsideTheProjectOrAnUnknownTargetIsAnError() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        var changes = ChangeSet()
        let projectFolder = (project as NSString).deletingLastPathComponent
        #expect(throws: ProjectEditError(path: Self.pbxproj(project),
                                         kind: .outsideBoundary("/tmp/elsewhere.png", boundary: "the project's folder \(projectFolder)"))) {
            try ProjectResources.add(["/tmp/elsewhere.png"], target: "Demo", project: project, changes: &changes)
        }
        #expect(throws: ProjectEditError(path: Self.pbxproj(project), kind: .unknownTarget("Other", available: ["Demo"]))) {
            try ProjectResources.add([folder.url("Demo/A.png")], target: "Other", project: project, changes: &changes)
        }
        #expect(changes.changes.isEmpty)
    }

    /// A React Native app keeps its images beside `ios/`: inside the repository the app was
    /// read in, a file there may join the target; outside it, or through a link leading out
    /// of it, it may not, and the error says which folder is the limit.
    @Test func aFileBesideTheProjectInsideTheReadBoundaryIsTheProjectsToAdd() throws {
        let folder = TemporaryFolder()
        folder.write("repo/ios/Demo.xcodeproj/project.pbxproj", ProjectFileFixture().text)
        let repository = folder.url("repo"), projectFolder = folder.url("repo/ios")
        let project = folder.url("repo/ios/Demo.xcodeproj")
        let beside = folder.url("repo/images/icons/Blue@2x.png")
        var changes = ChangeSet()
        #expect(throws: ProjectEditError(path: Self.pbxproj(project),
                                         kind: .outsideBoundary(beside, boundary: "the project's folder \(projectFolder)"))) {
            try ProjectResources.membership(of: [beside], target: "Demo", project: project, changes: &changes)
        }
        let boundary = ReadBoundary(root: repository, kind: .repository)
        #expect(try ProjectResources.membership(of: [beside], target: "Demo", project: project, boundary: boundary,
                                                changes: &changes) == [.absent])
        folder.write("outside/Blue@2x.png", "not read")
        try FileManager.default.createDirectory(atPath: folder.url("repo/images"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.url("repo/images/linked"), withDestinationPath: folder.url("outside"))
        let linked = folder.url("repo/images/linked/Blue@2x.png")
        #expect(throws: ProjectEditError(path: Self.pbxproj(project),
                                         kind: .linkLeadingOutside(linked, boundary: "the repository \(repository)"))) {
            try ProjectResources.membership(of: [linked], target: "Demo", project: project, boundary: boundary, changes: &changes)
        }
        #expect(changes.changes.isEmpty)
    }

    @Test func aFileAlreadyReferencedButNotInTheTargetGetsOnlyItsBuildFileAndEntry() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        let file = Self.pbxproj(project)
        var text = try String(contentsOfFile: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "/* End PBXFileReference section */",
            with: "\t\tAA0000000000000000000015 /* Old.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = Art/Old.png; sourceTree = \"<group>\"; };\n/* End PBXFileReference section */")
        text = text.replacingOccurrences(of: "\t\t\t\tAA0000000000000000000014 /* Bundled */,\n",
                                         with: "\t\t\t\tAA0000000000000000000014 /* Bundled */,\n\t\t\t\tAA0000000000000000000015 /* Old.png */,\n")
        folder.write("Demo.xcodeproj/project.pbxproj", text)
        let png = folder.url("Demo/Art/Old.png")
        var changes = ChangeSet()
        let edits = try ProjectResources.add([png], target: "Demo", project: project, changes: &changes)
        #expect(edits == [ResourceEdit(path: png, membership: .absent, edited: true)])
        let after = try #require(ProjectFileChecks.staged(file, in: changes)?.replacement)
        let added = ProjectFileChecks.lineDifference(Data(text.utf8), after).added
        #expect(added.count == 2)
        #expect(added.allSatisfy { $0.contains("/* Old.png in Resources */") })
        #expect(added.contains { $0.hasSuffix("= {isa = PBXBuildFile; fileRef = AA0000000000000000000015 /* Old.png */; };") })
    }

    @Test func newIDsAreFreshAndTheSameEachTimeTheEditIsPlanned() throws {
        let folder = TemporaryFolder()
        let project = ProjectFileFixture().write(in: folder)
        var first = ChangeSet(), second = ChangeSet()
        _ = try ProjectResources.add([folder.url("Demo/A.png")], target: "Demo", project: project, changes: &first)
        _ = try ProjectResources.add([folder.url("Demo/A.png")], target: "Demo", project: project, changes: &second)
        #expect(first.changes == second.changes)
    }
}
