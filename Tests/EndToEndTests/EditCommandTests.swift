import Foundation
import Testing
import TestSupport

/// `add` and `remove` on the built binary, on copies of the demo and of real projects: the
/// icon appears where the app's other alternates are, in its images and source; lint finds
/// nothing new; `remove` gives back every byte; a refusal changes nothing.
@Suite struct EditCommandTests {
    let cli = CLI()

    /// Every file under `folder` with its bytes (and links as their targets), so two states of
    /// a tree compare whole.
    static func snapshot(_ folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder)!
        while let relative = walker.nextObject() as? String {
            let path = (folder as NSString).appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                files[relative] = Data(("-> " + link).utf8)
            } else if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                files[relative] = Data("folder".utf8)
            } else if let data = FileManager.default.contents(atPath: path) {
                files[relative] = data
            }
        }
        return files
    }

    /// What changed between two snapshots: paths added, removed or with other bytes.
    static func difference(_ before: [String: Data], _ after: [String: Data]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    func icon(_ name: String, in list: [String: Any]) -> [String: Any]? {
        (list["icons"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    /// Lint's errors and warnings, as rule and message.
    func faults(_ app: [String]) throws -> Set<String> {
        let outcome = try cli.run(["lint", "--format", "json"] + app)
        let findings = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
        return Set(findings.filter { $0["severity"] as? String != "note" }.map { "\($0["rule"] ?? "") \($0["message"] ?? "")" })
    }

    @Test func addWritesTheDemosWayAndRemoveGivesBackEveryByte() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let image = folder.writePNG("teal.png", width: 1024)
        let before = Self.snapshot(demo)
        let faultsBefore = try faults(["--app", demo])
        let added = try cli.run(["add", "Teal", image, "--app", demo])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("Info.plist"))
        let changed = Self.difference(before, Self.snapshot(demo))
        #expect(changed == ["App Icons/app-icon--Teal-ipad@2x.png", "App Icons/app-icon--Teal-ipadpro@2x.png",
                            "App Icons/app-icon--Teal@2x.png", "App Icons/app-icon--Teal@3x.png", "Info.plist"])
        // The demo's alternates carry ordinals 1 to 4: the new one comes fifth, last in the chooser.
        for idiom in ["phone", "pad"] {
            let list = try json(["list", "--json", "--idiom", idiom, "--app", demo])
            let teal = try #require(icon("Teal", in: list), "no Teal for \(idiom)")
            #expect(teal["source"] as? String == "plist")
            #expect(teal["ordinal"] as? Int == 5)
            let sizes = (teal["images"] as? [[String: Any]] ?? []).compactMap { $0["width"] as? Int }
            #expect(Set(sizes) == (idiom == "phone" ? [120, 180] : [152, 167]))
            #expect((list["icons"] as? [[String: Any]])?.last?["name"] as? String == "Teal")
        }
        #expect(try faults(["--app", demo]) == faultsBefore)
        let removed = try cli.run(["remove", "Teal", "--app", demo])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(Self.difference(before, Self.snapshot(demo)) == [])
    }

    @Test func removeKeepsTheFilesWhenAsked() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let before = Self.snapshot(demo)
        #expect(try cli.run(["add", "Teal", folder.writePNG("teal.png", width: 1024), "--app", demo]).status == 0)
        let kept = try cli.run(["remove", "Teal", "--keep-files", "--app", demo])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(Self.difference(before, Self.snapshot(demo)) == ["App Icons/app-icon--Teal-ipad@2x.png", "App Icons/app-icon--Teal-ipadpro@2x.png",
                                                                  "App Icons/app-icon--Teal@2x.png", "App Icons/app-icon--Teal@3x.png"])
        #expect(try json(["list", "--json", "--app", demo]).description.contains("Teal") == false)
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func anIconComposerBundleGoesBesideTheAppsOtherBundles() throws {
        let temporary = TemporaryFolder()
        let copy = temporary.url("ha")
        try FileManager.default.copyItem(atPath: RealProjectCorpus.path("home-assistant_iOS"), toPath: copy)
        let before = Self.snapshot(copy)
        let bundle = (copy as NSString).appendingPathComponent("Sources/App/Resources/AppIcon.dev.icon")
        let added = try cli.run(["add", "Zephyr", bundle, "--app", copy])
        #expect(added.status == 0, "\(added.stderr)")
        let changed = Self.difference(before, Self.snapshot(copy))
        #expect(!changed.isEmpty && changed.allSatisfy { $0.hasPrefix("Sources/App/Resources/Zephyr.icon") }, "\(changed)")
        let zephyr = try #require(icon("Zephyr", in: try json(["list", "--json", "--app", copy])))
        #expect(zephyr["source"] as? String == "icon")
        #expect(try cli.run(["remove", "Zephyr", "--app", copy]).status == 0)
        #expect(Self.difference(before, Self.snapshot(copy)) == [])
    }

    @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let image = folder.writePNG("teal.png", width: 1024)
        let before = Self.snapshot(demo)
        let outcome = try cli.run(["add", "Teal", image, "--app", demo, "--dry-run"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("+++ b/Info.plist"))
        #expect(outcome.stdout.contains("+\t\t\t<key>Teal</key>"))
        #expect(outcome.stdout.contains("app-icon--Teal@2x.png"))
        #expect(Self.difference(before, Self.snapshot(demo)) == [])
    }

    @Test func refusalsNameTheProblemAndChangeNothing() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let good = folder.writePNG("good.png", width: 1024)
        let cases: [(arguments: [String], message: String)] = [
            (["add", "black-white", good], "already has an icon named “black-white”"),
            (["add", "BLACK-WHITE", good], "already has an icon named"),
            (["add", "a/b", good], "contains “/”"),
            (["add", "", good], "cannot be empty"),
            (["add", "Wide", folder.writePNG("wide.png", width: 1024, height: 1000)], "wide.png"),
            (["add", "Small", folder.writePNG("small.png", width: 512)], "small.png"),
            (["add", "Clear", folder.writePNG("clear.png", width: 1024, transparentPixels: 10)], "clear.png"),
            (["add", "Missing", folder.url("nothing.png")], "nothing.png"),
            (["remove", "no-such-icon"], "no alternate icon is named “no-such-icon”"),
        ]
        let before = Self.snapshot(demo)
        for (arguments, message) in cases {
            let outcome = try cli.run(arguments + ["--app", demo])
            #expect(outcome.status == 1, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(Self.difference(before, Self.snapshot(demo)) == [], "\(arguments) changed files")
        }
        // A transparent image is used when a background is given to flatten it onto.
        let flattened = try cli.run(["add", "Clear", folder.url("clear.png"), "--background", "#FFFFFF", "--app", demo])
        #expect(flattened.status == 0, "\(flattened.stderr)")
    }

    @Test func theBundledDemoIsNotChangedWithoutBeingNamed() throws {
        for arguments in [["add", "Teal", "x.png"], ["remove", "black-white"], ["lint", "--fix"]] {
            let outcome = try cli.run(arguments)
            #expect(outcome.status == 64 && outcome.stderr.contains("--app"), "\(arguments): \(outcome.stderr)")
        }
    }

    @Test func aBuiltAppIsNotEdited() throws {
        let folder = TemporaryFolder()
        let app = folder.url("Built.app")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        _ = folder.writePlist(["CFBundleIdentifier": "x", "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["A"]]]],
                              as: "Built.app/Info.plist", format: .binary)
        let outcome = try cli.run(["add", "Teal", folder.writePNG("teal.png", width: 1024), "--app", app])
        #expect(outcome.status == 2 && outcome.stderr.contains("built app"), "\(outcome.stderr)")
    }

    /// Each real project, the way it declares alternates, and what `add` must write there.
    static let realProjects: [(folder: String, target: String?, source: String, touched: [String])] = [
        ("HabitRPG_habitica-ios", nil, "appiconset", ["HabitRPG/Images.xcassets/AppIcons/Zephyr.appiconset/"]),
        ("horizontalsystems_unstoppable-wallet-ios", nil, "appiconset",
         ["Unstoppable/Unstoppable.xcodeproj/project.pbxproj", "Unstoppable/Unstoppable/Resources/AppIconAlternate.xcassets/Zephyr.appiconset/"]),
        ("threema-ch_threema-ios", "Threema", "appiconset",
         ["Configurations/Threema/ThreemaAppConfig.xcconfig", "SharedResources/AppIcons/Threema.xcassets/Zephyr.appiconset/"]),
        ("ColdGrub1384_Pyto", "Pyto", "appiconset", ["Pyto/Assets.xcassets/Zephyr.appiconset/"]),
        ("Memmy-App_memmy", nil, "appiconset", ["ios/Memmy/Images.xcassets/Zephyr.appiconset/", "ios/Memmy/Info.plist"]),
        ("keepassium_KeePassium", "KeePassium", "appiconset", ["KeePassium/Assets.xcassets/Zephyr.appiconset/"]),
        ("rainbow-me_rainbow", "Rainbow", "plist",
         ["ios/Rainbow.xcodeproj/project.pbxproj", "ios/Rainbow/Info.plist", "ios/Rainbow/Zephyr@2x.png", "ios/Rainbow/Zephyr@3x.png"]),
        ("home-assistant_iOS", nil, "appiconset", ["Sources/App/Resources/Assets.xcassets/AlternateIcons/Zephyr.appiconset/"]),
    ]

    /// `add` then `remove` on a copy of every project of the corpus: the icon shows where the
    /// others are, nothing else changes, lint finds nothing new, and every byte comes back.
    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"), arguments: Self.realProjects.map(\.folder))
    func addThenRemoveOnARealProject(_ folder: String) throws {
        let project = try #require(Self.realProjects.first { $0.folder == folder })
        let temporary = TemporaryFolder()
        let copy = temporary.url(folder)
        try FileManager.default.copyItem(atPath: RealProjectCorpus.path(folder), toPath: copy)
        let image = temporary.writePNG("zephyr.png", width: 1024)
        let app = ["--app", copy] + (project.target.map { ["--target", $0] } ?? [])
        let before = Self.snapshot(copy)
        let faultsBefore = try faults(app)
        let added = try cli.run(["add", "Zephyr", image] + app)
        #expect(added.status == 0, "\(folder): \(added.stderr)")
        let changed = Self.difference(before, Self.snapshot(copy))
        // Only what it must: the new set's files, and the files named.
        for path in changed {
            #expect(project.touched.contains { $0.hasSuffix("/") ? path.hasPrefix($0) || $0 == path + "/" : $0 == path },
                    "\(folder): \(path) changed")
        }
        for touched in project.touched where !touched.hasSuffix("/") { #expect(changed.contains(touched), "\(folder): \(touched) unchanged") }
        let list = try json(["list", "--json"] + app)
        let zephyr = try #require(icon("Zephyr", in: list), "\(folder): no Zephyr")
        #expect(zephyr["source"] as? String == project.source)
        #expect((zephyr["images"] as? [[String: Any]])?.isEmpty == false)
        #expect(try faults(app) == faultsBefore, "\(folder): lint finds something new")
        for file in changed where file.hasSuffix("project.pbxproj") {
            try Oracle.checkOpenStepPlist(at: (copy as NSString).appendingPathComponent(file))
        }
        let removed = try cli.run(["remove", "Zephyr"] + app)
        #expect(removed.status == 0, "\(folder): \(removed.stderr)")
        #expect(Self.difference(before, Self.snapshot(copy)) == [], "\(folder): remove left a difference")
    }
}

extension EditCommandTests {
    /// The ways an app with no alternate yet is made: a plist of loose files alone, a project
    /// (in Xcode's layout) whose target settings name its catalog's primary, and one whose
    /// xcconfig does.
    enum ZeroAlternateApp: String, CaseIterable {
        case plist, projectSettings, xcconfigSettings

        /// The app made in `folder`, and the arguments that name it (and the way, where none is the default).
        func make(in folder: TemporaryFolder) -> [String] {
            switch self {
            case .plist:
                folder.writePNG("app/Icon@2x.png", width: 120)
                folder.writePNG("app/Icon@3x.png", width: 180)
                folder.writePlist(["CFBundleIdentifier": "com.example.app", "CFBundleName": "App",
                                   "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Icon"]]]], as: "app/Info.plist")
                return ["--app", folder.url("app"), "--style", "plist"]
            case .projectSettings, .xcconfigSettings:
                var project = ProjectFileFixture()
                if self == .projectSettings {
                    project.targetSettings.append("ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;")
                } else {
                    project.targetXCConfig = true
                    folder.write("Demo/Base.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n")
                }
                project.write(in: folder)
                folder.writeIconSet("Demo/Assets.xcassets/AppIcon.appiconset", [SetEntries.single("AppIcon.png")])
                folder.writePNG("Demo/Assets.xcassets/AppIcon.appiconset/AppIcon.png", width: 1024)
                return ["--app", folder.path]
            }
        }
    }

    /// On an app with no alternate, `remove` undoes `add` to the byte: lint's finding that the
    /// app has no alternates is the state `remove` aims at, not something it broke.
    @Test(arguments: ZeroAlternateApp.allCases)
    func addThenRemoveOnAnAppWithNoAlternates(_ kind: ZeroAlternateApp) throws {
        let folder = TemporaryFolder()
        let app = kind.make(in: folder)
        let image = TemporaryFolder()
        let png = image.writePNG("zephyr.png", width: 1024)
        let before = Self.snapshot(folder.path)
        let added = try cli.run(["add", "Zephyr", png] + app)
        #expect(added.status == 0, "\(kind): \(added.stderr)")
        #expect(icon("Zephyr", in: try json(["list", "--json"] + app.prefix(2))) != nil, "\(kind): no Zephyr")
        #expect(Self.difference(before, Self.snapshot(folder.path)) != [])
        let removed = try cli.run(["remove", "Zephyr"] + app.prefix(2))
        #expect(removed.status == 0, "\(kind): \(removed.stderr)")
        #expect(Self.difference(before, Self.snapshot(folder.path)) == [], "\(kind): remove left a difference")
    }
}

/// PyPI's `openstep_plist`, an independent reader of project files, in the venv `make test` makes.
enum Oracle {
    static let python = Repository.root.appendingPathComponent(".build/oracle-venv/bin/python3").path

    static func checkOpenStepPlist(at path: String) throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            print("skipped: the oracle venv (.build/oracle-venv) is absent; make test makes it")
            return
        }
        let outcome = try CLI.run(executable: python, ["-c", "import openstep_plist, sys; openstep_plist.load(open(sys.argv[1]))", path],
                                  environment: ["PATH": "/usr/bin:/bin"])
        #expect(outcome.status == 0, "openstep_plist cannot read \(path): \(outcome.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: Never.self, "Foundation cannot read \(path)") {
            try PropertyListSerialization.propertyList(from: data, format: nil)
        }
    }
}
