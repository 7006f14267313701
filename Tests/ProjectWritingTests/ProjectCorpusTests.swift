import Foundation
import IconCatalog
import ProjectWriting
import TestSupport
import Testing

/// The edits on every application target of every project in `../shared/corpus/real-projects`.
/// Nothing is written there: the edits stay in their change sets, and the project is read
/// again from what they hold.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct ProjectCorpusTests {
    static let key = AlternateIconNames.setting
    static let newName = "IconChooser Test"

    struct Target {
        let xcodeproj: String
        let name: String
        let configurations: [String]
    }

    /// Every iOS application target, by project, found once for the suite's tests.
    static func targets() throws -> [Target] { allTargets }

    private static let allTargets: [Target] = {
        let root = RealProjectCorpus.root.path
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }.sorted() ?? []
        var result: [Target] = []
        for file in files {
            let xcodeproj = root + "/" + String(file.dropLast("/project.pbxproj".count))
            guard let project = try? XcodeProject.read(xcodeproj) else { continue }
            for target in project.applicationTargets where (try? project.resolve(target: target.name)) != nil {
                result.append(Target(xcodeproj: xcodeproj, name: target.name, configurations: target.configurations))
            }
        }
        return result
    }()

    /// Each project as IconCatalog reads it from disk, read once.
    static func original(_ xcodeproj: String) throws -> XcodeProject {
        if let known = originals.withLock({ originalProjects[xcodeproj] }) { return known }
        let project = try XcodeProject.read(xcodeproj)
        originals.withLock { originalProjects[xcodeproj] = project }
        return project
    }

    private static let originals = NSLock()
    nonisolated(unsafe) private static var originalProjects: [String: XcodeProject] = [:]

    /// The project as IconCatalog reads it from what `changes` holds.
    static func reread(_ target: Target, _ changes: ChangeSet) throws -> XcodeProject {
        let file = target.xcodeproj + "/project.pbxproj"
        let data = try ProjectFileChecks.staged(file, in: changes)?.replacement ?? Data(contentsOf: URL(fileURLWithPath: file))
        let project = try XcodeProject.read(target.xcodeproj, projectFile: data)
        for change in changes.changes where change.path.hasSuffix(".xcconfig") {
            project.xcconfigFiles.replace(change.path, with: try #require(change.replacement))
        }
        return project
    }

    @Test func everyTargetsListTakesANameWhereItIsDefinedAndGivesItBackByteForByte() throws {
        let targets = try Self.targets()
        #expect(targets.count >= 8, "the corpus's app targets are found")
        var editedProjectFiles: [Data] = []
        var sitesByProject: [String: Set<String>] = [:]
        for target in targets {
            var changes = ChangeSet()
            let state = try AlternateIconNames.state(target: target.name, project: target.xcodeproj, changes: &changes)
            let edit = try AlternateIconNames.add(Self.newName, target: target.name, project: target.xcodeproj, changes: &changes)
            let repository = String(target.xcodeproj.dropFirst(RealProjectCorpus.root.path.count + 1).prefix { $0 != "/" })
            for site in edit.sites { sitesByProject[repository, default: []].insert(site.file.hasSuffix(".xcconfig") ? "xcconfig" : "pbxproj") }
            #expect(edit.includingAllAppIcons == state.configurations.filter(\.includesAllAppIcons).map(\.name))
            for change in changes.changes {
                let original = try #require(change.original, "an edit of the list creates no file")
                let replacement = try #require(change.replacement)
                let difference = ProjectFileChecks.lineDifference(original, replacement)
                #expect(!difference.added.isEmpty)
                #expect((difference.removed + difference.added).allSatisfy { $0.contains(Self.key) },
                        "\(change.path): only lines of the setting change")
                if change.path.hasSuffix("project.pbxproj") { editedProjectFiles.append(replacement) }
            }
            let original = try Self.original(target.xcodeproj)
            let reread = try Self.reread(target, changes)
            for configuration in state.configurations where !configuration.includesAllAppIcons {
                let before = try original.resolve(target: target.name, configuration: configuration.name).alternateIconNames
                let names = try reread.resolve(target: target.name, configuration: configuration.name).alternateIconNames
                #expect(names == before + [Self.newName], "\(target.name) \(configuration.name) lists the new name after its others")
            }
            _ = try AlternateIconNames.remove(Self.newName, target: target.name, project: target.xcodeproj, changes: &changes)
            #expect(changes.changes.isEmpty, "\(target.xcodeproj) \(target.name): remove gives every file back")
        }
        try ProjectFileChecks.parsersAgree(on: editedProjectFiles, key: Self.key)
        #expect(sitesByProject["threema-ch_threema-ios"] == ["xcconfig"], "threema's list is in its xcconfig files")
        #expect(sitesByProject["horizontalsystems_unstoppable-wallet-ios"] != nil)
        #expect(sitesByProject["HabitRPG_habitica-ios"] == nil, "habitica includes every icon set: nothing is added")
    }

    @Test func rainbowsCommaListIsRewrittenWithSpaces() throws {
        let targets = try Self.targets().filter { $0.xcodeproj.contains("rainbow-me_rainbow") }
        #expect(!targets.isEmpty)
        for target in targets {
            var changes = ChangeSet()
            guard try AlternateIconNames.state(target: target.name, project: target.xcodeproj, changes: &changes).usesCommas else { continue }
            let edit = try AlternateIconNames.separateWithSpaces(target: target.name, project: target.xcodeproj, changes: &changes)
            #expect(!edit.sites.isEmpty)
            let reread = try Self.reread(target, changes)
            for configuration in target.configurations {
                #expect(try reread.resolve(target: target.name, configuration: configuration).alternateIconNames == ["og", "joy"])
            }
            let change = try #require(changes.changes.first)
            let difference = ProjectFileChecks.lineDifference(try #require(change.original), try #require(change.replacement))
            #expect(difference.added.allSatisfy { $0 == "\t\t\t\t\(Self.key) = \"og joy\";" })
            try ProjectFileChecks.parsersAgree(on: [try #require(change.replacement)], key: Self.key)
        }
    }

    @Test func everyTargetTakesAnIconBundleBesideItsCatalogAndGivesItBack() throws {
        var added = 0
        var editedProjectFiles: [Data] = []
        for target in try Self.targets() {
            let project = try Self.original(target.xcodeproj)
            guard let catalog = try project.resolve(target: target.name).assetCatalogs.first else { continue }
            let bundle = (catalog as NSString).deletingLastPathComponent + "/IconChooserTest.icon"
            var changes = ChangeSet()
            let edits = try ProjectResources.add([bundle], beside: [catalog], target: target.name, project: target.xcodeproj,
                                                 changes: &changes)
            let edit = try #require(edits.first)
            guard edit.edited else {
                #expect(edit.membership != .absent && changes.changes.isEmpty)
                continue
            }
            added += 1
            let change = try #require(changes.changes.first)
            #expect(changes.changes.count == 1)
            let difference = ProjectFileChecks.lineDifference(try #require(change.original), try #require(change.replacement))
            #expect(difference.removed.isEmpty)
            #expect(difference.added.count == 4 && difference.added.allSatisfy { $0.contains("IconChooserTest.icon") },
                    "\(target.xcodeproj) \(target.name): a reference, its group entry, a build file and its phase entry")
            editedProjectFiles.append(try #require(change.replacement))
            let reread = try Self.reread(target, changes)
            let resources = try reread.target(named: target.name).resourceFiles
            #expect(resources.contains { reread.location(of: $0) == .inside(bundle) }, "\(target.name) lists the bundle")
            _ = try ProjectResources.remove([bundle], target: target.name, project: target.xcodeproj, changes: &changes)
            #expect(changes.changes.isEmpty, "\(target.xcodeproj) \(target.name): remove gives every byte back")
        }
        #expect(added >= 5)
        try ProjectFileChecks.parsersAgree(on: editedProjectFiles, key: Self.key)
    }
}
