import Foundation
import IconCatalog
import IconLint
@testable import ProjectWriting
import Testing
import TestSupport

/// The planner's decisions: which way a new icon is written, where, under which name, and
/// the checked write that undoes a change the app read again does not show.
@Suite struct PlanningTests {
    static func layout(_ app: String) throws -> AppLayout {
        AppLayout(catalogs: try Idiom.allCases.map { idiom in
            var options = CatalogOptions()
            options.idiom = idiom
            return try CatalogReader.read(app: app, options: options)
        })
    }

    @Test func namesTheAssetCompilerAndIOSCannotTakeAreRefused() {
        let taken: Set<String> = ["Blue", "AppIcon"]
        #expect(IconNameCheck.problem(with: "Teal", taken: taken) == nil)
        #expect(IconNameCheck.problem(with: "Dark Blue", taken: taken) == nil)
        #expect(IconNameCheck.problem(with: "", taken: taken) == .empty)
        #expect(IconNameCheck.problem(with: "a/b", taken: taken) == .slash)
        #expect(IconNameCheck.problem(with: ".hidden", taken: taken) == .unusable)
        #expect(IconNameCheck.problem(with: "tab\there", taken: taken) == .unusable)
        #expect(IconNameCheck.problem(with: "blue", taken: taken) == .taken)
        #expect(IconNameCheck.problem(with: String(repeating: "x", count: 245), taken: taken) == .tooLong)
        #expect(IconNameCheck.problem(with: String(repeating: "x", count: 244), taken: taken) == nil)
    }

    @Test func theDemoDeclaresItsAlternatesWithLooseFilesAndOrdinals() throws {
        let folder = TemporaryFolder()
        let layout = try Self.layout(folder.copyDemo())
        #expect(layout.existingStyle == .plist)
        #expect(layout.nextOrdinal == 5)
        #expect(layout.writesPadEntry)
        #expect(layout.takenNames.isSuperset(of: ["black-white", "white-black", "multi-black", "black-multi"]))
        #expect(layout.looseTemplate?.name == "black-multi")
        #expect(layout.looseTemplate?.files.map(\.pixels).sorted() == [120, 152, 167, 180])
        #expect(layout.setFolder == nil, "the demo has no asset catalog")
        let plan = try IconAddition.plan(AddRequest(name: "Teal", image: folder.writePNG("t.png", width: 1024)), layout: layout)
        #expect(plan.expectations == [.iconPresent(name: "Teal", source: .plist, idioms: [.phone, .pad])])
        #expect(throws: EditError.self) {
            try IconAddition.plan(AddRequest(name: "Teal", image: folder.url("t.png"), style: .assetCatalog), layout: layout)
        }
    }

    /// A catalog read alone, its alternates in a namespace group of legacy multi-size sets.
    static func namespacedCatalog(_ folder: TemporaryFolder) -> String {
        folder.writeIconSet("A.xcassets/AppIcon.appiconset", [SetEntries.single("icon.png")])
        folder.writeGroup("A.xcassets/Alternates", namespace: true)
        folder.writeIconSet("A.xcassets/Alternates/Blue.appiconset", [
            SetEntries.legacy("iphone", "60x60", "2x", "blue-120.png"), SetEntries.legacy("iphone", "60x60", "3x", "blue-180.png"),
            SetEntries.legacy("ios-marketing", "1024x1024", "1x", "blue-1024.png"),
        ])
        return folder.url("A.xcassets")
    }

    @Test func aNewSetGoesBesideTheAlternatesInTheirNamespaceAndTakesTheirForm() throws {
        let folder = TemporaryFolder()
        let layout = try Self.layout(Self.namespacedCatalog(folder))
        #expect(layout.existingStyle == .assetCatalog)
        #expect(layout.namespace == "Alternates/")
        #expect(layout.setFolder == folder.url("A.xcassets/Alternates"))
        let image = folder.writePNG("teal.png", width: 1024)
        let plan = try IconAddition.plan(AddRequest(name: "Teal", image: image), layout: layout)
        #expect(plan.expectations == [.iconPresent(name: "Alternates/Teal", source: .appiconset, idioms: layout.shippedIdioms)])
        let created = plan.changes.changes.map(\.path)
        #expect(created.contains(folder.url("A.xcassets/Alternates/Teal.appiconset/Contents.json")))
        // The sibling's form: every size it has, not one 1024 px image.
        #expect(created.filter { $0.hasSuffix(".png") }.count == 3, "\(created)")
        let single = try IconAddition.plan(AddRequest(name: "Teal", image: image, sizes: .single), layout: layout)
        #expect(single.changes.changes.filter { $0.path.hasSuffix(".png") }.count == 1)
        // The name is checked with its namespace too.
        #expect(throws: EditError.self) { try IconAddition.plan(AddRequest(name: "Blue", image: image), layout: layout) }
    }

    @Test func aCheckedWriteThatDoesNotHoldIsUndone() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let layout = try Self.layout(demo)
        let plistPath = (demo as NSString).appendingPathComponent("Info.plist")
        let original = try Data(contentsOf: URL(fileURLWithPath: plistPath))
        let plan = try IconAddition.plan(AddRequest(name: "Teal", image: folder.writePNG("t.png", width: 1024)), layout: layout)
        // A reader that still sees the app as it was: the icon is missing, so the write is undone.
        let stale = CheckedWrite(read: { layout.catalogs }, lint: nil)
        do {
            try stale.write(plan, boundary: ReadBoundary(root: demo, kind: .appFolder))
            Issue.record("a write the app does not show was kept")
        } catch {
            guard case .checkFailed(let problems) = error.kind else { Issue.record("\(error)"); return }
            #expect(problems == ["no icon “Teal” for iPhone", "no icon “Teal” for iPad"])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: plistPath)) == original)
        #expect(!FileManager.default.fileExists(atPath: (demo as NSString).appendingPathComponent("App Icons/app-icon--Teal@2x.png")))
        // Read for real, it holds and stays.
        let real = CheckedWrite(read: { try Self.layout(demo).catalogs }, lint: nil)
        try real.write(plan, boundary: ReadBoundary(root: demo, kind: .appFolder))
        #expect(try Self.layout(demo).phone.alternate(named: "Teal") != nil)
    }

    @Test func aWriteOutsideTheBoundaryIsRefusedBeforeAnythingIsWritten() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let layout = try Self.layout(demo)
        let plan = try IconAddition.plan(AddRequest(name: "Teal", image: folder.writePNG("t.png", width: 1024)), layout: layout)
        let elsewhere = folder.url("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        let error = #expect(throws: CheckedWriteError.self) {
            try CheckedWrite(read: { layout.catalogs }, lint: nil).write(plan, boundary: ReadBoundary(root: elsewhere, kind: .appFolder))
        }
        // The refusal says which folder is the limit, and how it came to be one.
        #expect(error?.description.contains("outside the folder given with --app \(elsewhere); nothing is written there") == true,
                "\(String(describing: error))")
        #expect(try Self.layout(demo).phone.alternate(named: "Teal") == nil)
    }

    // MARK: The state an edit aims at

    /// A plist app with one alternate of loose files, the state `add` leaves an app that had none.
    static func oneAlternateApp(_ folder: TemporaryFolder) -> String {
        folder.writePNG("app/Icon@2x.png", width: 120)
        folder.writePNG("app/Blue@2x.png", width: 120)
        folder.writePlist(["CFBundleIdentifier": "com.example.app", "CFBundleIcons": [
            "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Icon"]],
            "CFBundleAlternateIcons": ["Blue": ["CFBundleIconFiles": ["Blue"]]],
        ]], as: "app/Info.plist")
        return folder.url("app")
    }

    static func finding(_ rule: ProblemCode, _ subject: LintSubject) -> LintFinding {
        LintFinding(rule: rule, severity: .warning, message: "\(rule)", subject: subject, idiom: nil, file: "Info.plist")
    }

    /// The check compares lint after writing with the state the plan aims at: a finding of a
    /// rule it aims at is no fault, any other new one still is.
    @Test func aFindingThePlanAimsAtIsNoFaultAndAnyOtherNewOneIs() throws {
        let folder = TemporaryFolder()
        let layout = try Self.layout(folder.copyDemo())
        let noAlternates = Self.finding(.noAlternates, .iconSet("CFBundleIcons"))
        let missingFile = Self.finding(.fileNotFound, .icon(set: "CFBundleIcons", name: nil))
        func problems(_ expectations: [EditPlan.Expectation], after: [LintFinding]) -> [String] {
            let report = LintReport(plistPath: "Info.plist", findings: after, searchWasTruncated: false)
            return CheckedWrite(read: { layout.catalogs }, lint: { report })
                .check(EditPlan(expectations: expectations), faultsBefore: [])
        }
        #expect(problems([], after: [noAlternates]).count == 1)
        #expect(problems([.aimedFinding(.noAlternates)], after: [noAlternates]).isEmpty)
        #expect(problems([.aimedFinding(.noAlternates)], after: [noAlternates, missingFile]).count == 1)
        #expect(problems([.aimedFinding(.fileNotFound)], after: [noAlternates]).count == 1)
    }

    /// Removing the last alternate aims at an app with none; removing one of several does not.
    @Test func removingTheLastAlternateAimsAtAnAppWithNone() throws {
        let folder = TemporaryFolder()
        let app = Self.oneAlternateApp(folder)
        let plist = try Data(contentsOf: URL(fileURLWithPath: (app as NSString).appendingPathComponent("Info.plist")))
        let plan = try IconRemoval.plan(name: "Blue", keepFiles: false, layout: Self.layout(app))
        #expect(plan.expectations == [.iconAbsent(name: "Blue"), .aimedFinding(.noAlternates)])
        let demoPlan = try IconRemoval.plan(name: "black-white", keepFiles: false, layout: Self.layout(folder.copyDemo()))
        #expect(demoPlan.expectations == [.iconAbsent(name: "black-white")])
        // Written and checked with lint before and after, the removal is kept.
        let lint: @Sendable () throws -> LintReport = { try Linter.lint(app: app) }
        try CheckedWrite(read: { try Self.layout(app).catalogs }, lint: lint).write(plan, boundary: ReadBoundary(root: folder.path, kind: .appFolder), before: lint())
        #expect(try Self.layout(app).phone.alternates.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: (app as NSString).appendingPathComponent("Info.plist"))) != plist)
    }

    // MARK: The hybrid way

    /// A project whose Info.plist entries name its catalog's sets (as Memmy's do), every set
    /// shipping, on iPhone and iPad unless `families` says otherwise.
    static func hybridProject(entry: [String: Any], families: String = "1,2") -> SmallProject {
        var project = SmallProject()
        project.set("AppIcon")
        project.set("blue")
        project.folder.writePlist(["CFBundleIdentifier": "com.example.app", "CFBundleIcons": [
            "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon"], "CFBundleIconName": "AppIcon"],
            "CFBundleAlternateIcons": ["blue": entry],
        ]], as: "App/Info.plist")
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS": "YES",
                       "INFOPLIST_FILE": "App/Info.plist", "TARGETED_DEVICE_FAMILY": families])
        return project
    }

    /// The Info.plist as the plan would write it, read back by Foundation.
    static func plannedPlist(_ plan: EditPlan, _ path: String) throws -> [String: Any] {
        var changes = plan.changes
        let data = try #require(try changes.contents(of: path))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    static func alternate(_ name: String, in plist: [String: Any], _ key: String) -> [String: Any]? {
        ((plist[key] as? [String: Any])?["CFBundleAlternateIcons"] as? [String: Any])?[name] as? [String: Any]
    }

    /// A new set's entry has its neighbour's keys, naming the set, and an iPad twin where the
    /// target runs on iPad: an entry with neither CFBundleIconFiles nor CFBundleIconName names no image.
    @Test func aHybridEntryHasItsNeighboursKeysAndAnIPadTwinWhereTheAppRunsOnIPad() throws {
        let project = Self.hybridProject(entry: ["CFBundleIconFiles": ["blue"], "UIPrerenderedIcon": false])
        let plistPath = project.folder.url("App/Info.plist")
        let layout = try Self.layout(project.folder.url("App.xcodeproj"))
        #expect(layout.catalogPlistTemplate?.icon.name == "blue")
        let plan = try IconAddition.plan(AddRequest(name: "Teal", image: project.folder.writePNG("t.png", width: 1024)), layout: layout)
        let plist = try Self.plannedPlist(plan, plistPath)
        let neighbour = try #require(Self.alternate("blue", in: plist, "CFBundleIcons"))
        let phone = try #require(Self.alternate("Teal", in: plist, "CFBundleIcons"))
        #expect(Set(phone.keys) == Set(neighbour.keys))
        #expect(phone["CFBundleIconFiles"] as? [String] == ["Teal"])
        #expect(phone["UIPrerenderedIcon"] as? Bool == false)
        let pad = try #require(Self.alternate("Teal", in: plist, "CFBundleIcons~ipad"), "no iPad twin")
        #expect(NSDictionary(dictionary: pad).isEqual(to: phone))

        // Neighbours naming their set by CFBundleIconName too, on iPhone alone: both keys, no twin.
        let named = Self.hybridProject(entry: ["CFBundleIconFiles": ["blue"], "CFBundleIconName": "blue"], families: "1")
        let namedPlan = try IconAddition.plan(AddRequest(name: "Teal", image: named.folder.writePNG("t.png", width: 1024)),
                                              layout: Self.layout(named.folder.url("App.xcodeproj")))
        let namedPlist = try Self.plannedPlist(namedPlan, named.folder.url("App/Info.plist"))
        let teal = try #require(Self.alternate("Teal", in: namedPlist, "CFBundleIcons"))
        #expect(teal["CFBundleIconFiles"] as? [String] == ["Teal"] && teal["CFBundleIconName"] as? String == "Teal")
        #expect(teal["UIPrerenderedIcon"] == nil)
        #expect(namedPlist["CFBundleIcons~ipad"] == nil)
    }

    /// Where the neighbour's entry cannot be read again, no entry is guessed: the plan is refused.
    @Test func aHybridEntryWhoseNeighbourCannotBeReadIsRefused() throws {
        let project = Self.hybridProject(entry: ["CFBundleIconFiles": ["blue"]])
        let layout = try Self.layout(project.folder.url("App.xcodeproj"))
        project.folder.write("App/Info.plist", "not a plist")
        do {
            _ = try IconAddition.plan(AddRequest(name: "Teal", image: project.folder.writePNG("t.png", width: 1024)), layout: layout)
            Issue.record("an entry was planned without its neighbour's keys")
        } catch {
            guard case .neighbourEntryUnreadable(_, let name, let cause) = error.kind else { Issue.record("\(error)"); return }
            #expect(name == "blue" && cause != nil)
            #expect(!error.description.contains("\n"))
        }
    }

    /// The path `add` was refused for and the name its folder already holds in another case; nil when not refused so.
    static func otherCaseRefusal(_ request: AddRequest, _ layout: AppLayout) -> (path: String, existing: String)? {
        do {
            _ = try IconAddition.plan(request, layout: layout)
        } catch {
            if case .image(let image) = error.kind, case .existsInOtherCase(let existing) = image.kind { return (image.path, existing) }
        }
        return nil
    }

    @Test func aNameTakenInAnotherCaseByAnUnlistedSetIsRefused() throws {
        var project = SmallProject()
        project.set("AppIcon")
        project.set("Blue")
        project.set("Duck")
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Blue"])
        let layout = try Self.layout(project.folder.path)
        #expect(!layout.takenNames.contains("Duck"), "no setting ships Duck.appiconset: it is no icon of the app")
        let image = project.folder.writePNG("duck.png", width: 1024)
        let refusal = Self.otherCaseRefusal(AddRequest(name: "duck", image: image), layout)
        #expect(refusal?.path == project.folder.url("App/Assets.xcassets/duck.appiconset"))
        #expect(refusal?.existing == "Duck.appiconset")
        // An Icon Composer bundle is refused the same way beside a folder of its name in another case.
        try FileManager.default.createDirectory(atPath: project.folder.url("App/Assets.xcassets/Goose.icon"), withIntermediateDirectories: true)
        #expect(Self.otherCaseRefusal(AddRequest(name: "goose", image: Self.iconBundle(in: project.folder)), layout)?.existing == "Goose.icon")
        #expect(Self.otherCaseRefusal(AddRequest(name: "Swan", image: image), layout) == nil)
    }

    /// A minimal Icon Composer bundle with one layer.
    static func iconBundle(in folder: TemporaryFolder) -> String {
        folder.writeJSON("source/Bird.icon/icon.json", ["groups": [["layers": [["image-name": "bird.png", "name": "bird"]]]]])
        folder.writePNG("source/Bird.icon/Assets/bird.png", width: 1024)
        return folder.url("source/Bird.icon")
    }

    @Test func aLooseFileTakenInAnotherCaseIsRefused() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        folder.writePNG("demo/App Icons/app-icon--Duck@2x.png", width: 120)
        let layout = try Self.layout(demo)
        let refusal = Self.otherCaseRefusal(AddRequest(name: "duck", image: folder.writePNG("duck.png", width: 1024)), layout)
        #expect(refusal?.existing == "app-icon--Duck@2x.png")
    }

    @Test func aCatalogThatIsALinkLeadingOutsideIsNamedAsTheReasonThereIsNoCatalog() throws {
        var project = SmallProject()
        let elsewhere = TemporaryFolder()
        elsewhere.writeIconSet("Assets.xcassets/AppIcon.appiconset", [SetEntries.single("icon.png")])
        let catalog = project.folder.url("App/Assets.xcassets")
        try FileManager.default.removeItem(atPath: catalog)
        try FileManager.default.createSymbolicLink(atPath: catalog, withDestinationPath: elsewhere.url("Assets.xcassets"))
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"])
        let layout = try Self.layout(project.folder.path)
        let request = AddRequest(name: "Teal", image: project.folder.writePNG("teal.png", width: 1024), style: .assetCatalog)
        let error = try #require(throws: EditError.self) { try IconAddition.plan(request, layout: layout) }
        guard case let .noAssetCatalog(_, unread?) = error.kind else { Issue.record("\(error)"); return }
        #expect(unread.path == "App/Assets.xcassets" && unread.reason == .linkLeadingOutside)
        #expect(error.description.contains("App/Assets.xcassets is a symbolic link leading outside"), "\(error)")
        #expect(error.description.contains("iconchooser does not write through it); add one in Xcode"), "\(error)")
    }
}
