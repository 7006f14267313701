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

    /// Each real project, the way it declares alternates, and what `add` must write there;
    /// `project` and `app` name the project file and the target an independent reader checks.
    static let realProjects: [(folder: String, target: String?, source: String, touched: [String], project: String, app: String)] = [
        ("HabitRPG_habitica-ios", nil, "appiconset", ["HabitRPG/Images.xcassets/AppIcons/Zephyr.appiconset/"],
         "Habitica.xcodeproj/project.pbxproj", "Habitica"),
        ("horizontalsystems_unstoppable-wallet-ios", nil, "appiconset",
         ["Unstoppable/Unstoppable.xcodeproj/project.pbxproj", "Unstoppable/Unstoppable/Resources/AppIconAlternate.xcassets/Zephyr.appiconset/"],
         "Unstoppable/Unstoppable.xcodeproj/project.pbxproj", "App"),
        ("threema-ch_threema-ios", "Threema", "appiconset",
         ["Configurations/Threema/ThreemaAppConfig.xcconfig", "SharedResources/AppIcons/Threema.xcassets/Zephyr.appiconset/"],
         "Threema.xcodeproj/project.pbxproj", "Threema"),
        ("ColdGrub1384_Pyto", "Pyto", "appiconset", ["Pyto/Assets.xcassets/Zephyr.appiconset/"], "Pyto.xcodeproj/project.pbxproj", "Pyto"),
        ("Memmy-App_memmy", nil, "appiconset", ["ios/Memmy/Images.xcassets/Zephyr.appiconset/", "ios/Memmy/Info.plist"],
         "ios/Memmy.xcodeproj/project.pbxproj", "Memmy"),
        ("keepassium_KeePassium", "KeePassium", "appiconset", ["KeePassium/Assets.xcassets/Zephyr.appiconset/"],
         "KeePassium.xcodeproj/project.pbxproj", "KeePassium"),
        ("rainbow-me_rainbow", "Rainbow", "plist",
         ["ios/Rainbow.xcodeproj/project.pbxproj", "ios/Rainbow/Info.plist", "ios/Rainbow/Zephyr@2x.png", "ios/Rainbow/Zephyr@3x.png"],
         "ios/Rainbow.xcodeproj/project.pbxproj", "Rainbow"),
        ("home-assistant_iOS", nil, "appiconset", ["Sources/App/Resources/Assets.xcassets/AlternateIcons/Zephyr.appiconset/"],
         "HomeAssistant.xcodeproj/project.pbxproj", "App"),
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
        try Oracle.checkAdded("Zephyr", in: copy, project: project.project, target: project.app, source: project.source)
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

    /// On Memmy, whose Info.plist entries each name their catalog set and which runs on iPad, a
    /// new set gets an entry with its neighbours' keys naming it, and a twin for iPad.
    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func aNewSetOnMemmyIsDeclaredLikeItsNeighbours() throws {
        let temporary = TemporaryFolder()
        let copy = temporary.url("memmy")
        try FileManager.default.copyItem(atPath: RealProjectCorpus.path("Memmy-App_memmy"), toPath: copy)
        let added = try cli.run(["add", "Trusty", temporary.writePNG("trusty.png", width: 1024), "--app", copy])
        #expect(added.status == 0, "\(added.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: (copy as NSString).appendingPathComponent("ios/Memmy/Info.plist")))
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        func alternates(_ key: String) -> [String: [String: Any]] {
            ((plist[key] as? [String: Any])?["CFBundleAlternateIcons"] as? [String: [String: Any]]) ?? [:]
        }
        let trusty = try #require(alternates("CFBundleIcons")["Trusty"])
        let neighbours = alternates("CFBundleIcons").filter { $0.key != "Trusty" }.values
        #expect(!neighbours.isEmpty && neighbours.allSatisfy { Set($0.keys) == Set(trusty.keys) }, "\(trusty)")
        #expect(trusty["CFBundleIconFiles"] as? [String] == ["Trusty"])
        #expect(trusty["UIPrerenderedIcon"] as? Bool == false)
        let twin = try #require(alternates("CFBundleIcons~ipad")["Trusty"], "no iPad twin")
        #expect(NSDictionary(dictionary: twin).isEqual(to: trusty))
        #expect(try cli.run(["remove", "Trusty", "--app", copy]).status == 0)
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

extension Oracle {
    /// Checks, with `openstep_plist` and `plistlib` rather than the tool's own readers, what
    /// `add NAME` wrote to a project's target: a set in a catalog of the target's resources,
    /// its name in every configuration whose list ships the other alternates, an Info.plist
    /// entry with its neighbours' keys where their entries name the catalog's sets (and its
    /// iPad twin where the target runs on iPad), and for loose files their entry and files in
    /// the resources.
    static func checkAdded(_ name: String, in root: String, project: String, target: String, source: String) throws {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            print("skipped: the oracle venv (.build/oracle-venv) is absent; make test makes it")
            return
        }
        let outcome = try CLI.run(executable: python, ["-c", addedScript, root, project, target, name, source],
                                  environment: ["PATH": "/usr/bin:/bin"])
        #expect(outcome.status == 0, "\(project): \(outcome.stdout)\(outcome.stderr)")
    }

    static let addedScript = #"""
        import json, os, plistlib, re, sys
        import openstep_plist

        root, pbxproj, target_name, name, source = sys.argv[1:6]
        project_file = os.path.join(root, pbxproj)
        project_dir = os.path.dirname(os.path.dirname(project_file))
        with open(project_file, encoding="utf-8") as f:
            project = openstep_plist.load(f)
        objects = project["objects"]
        problems = []

        parents = {}
        for key, value in objects.items():
            if value.get("isa") in ("PBXGroup", "PBXVariantGroup"):
                for child in value.get("children", []):
                    parents[child] = key
        root_object = objects[project["rootObject"]]
        base = os.path.normpath(os.path.join(project_dir, root_object.get("projectDirPath", "")))

        def full_path(key):
            item = objects.get(key, {})
            tree, path = item.get("sourceTree", "<group>"), item.get("path", "")
            if tree == "<absolute>":
                return path
            if tree == "SOURCE_ROOT":
                return os.path.normpath(os.path.join(base, path))
            if tree != "<group>":
                return None
            folder = full_path(parents[key]) if key in parents else base
            return None if folder is None else os.path.normpath(os.path.join(folder, path))

        target = next(o for o in objects.values() if o.get("isa") == "PBXNativeTarget" and o.get("name") == target_name)
        resources = set()
        for phase in target.get("buildPhases", []):
            if objects[phase].get("isa") == "PBXResourcesBuildPhase":
                for build_file in objects[phase].get("files", []):
                    resolved = full_path(objects[build_file].get("fileRef"))
                    if resolved:
                        resources.add(resolved)
        synchronized = [p for p in (full_path(k) for k in target.get("fileSystemSynchronizedGroups", [])) if p]

        def ships(path):
            path = os.path.normpath(path)
            return path in resources or any(path.startswith(folder + os.sep) for folder in synchronized)

        def xcconfig(path, seen):
            if not path or path in seen or not os.path.isfile(path):
                return []
            seen.add(path)
            found = []
            for line in open(path, encoding="utf-8", errors="replace"):
                line = line.split("//")[0].strip()
                include = re.match(r'#include\??\s+"([^"]+)"', line)
                if include:
                    found += xcconfig(os.path.normpath(os.path.join(os.path.dirname(path), include.group(1))), seen)
                    continue
                setting = re.match(r"([A-Za-z0-9_]+)\s*=\s*(.*?);?$", line)
                if setting:
                    found.append((setting.group(1), setting.group(2)))
            return found

        def configurations(owner):
            return {objects[k]["name"]: objects[k] for k in objects[owner["buildConfigurationList"]]["buildConfigurations"]}

        def base_configuration(configuration):
            anchor = configuration.get("baseConfigurationReferenceAnchor")
            if anchor:
                folder = full_path(anchor)
                return folder and os.path.join(folder, configuration.get("baseConfigurationReferenceRelativePath", ""))
            return full_path(configuration.get("baseConfigurationReference"))

        def assignments(configuration):
            found = xcconfig(base_configuration(configuration), set())
            return found + list(configuration.get("buildSettings", {}).items())

        def words(value):
            items = value if isinstance(value, list) else re.findall(r'"[^"]*"|[^\s,]+', value)
            return [item.strip('"') for item in items if item.strip('"')]

        LIST = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
        levels = configurations(root_object)
        settings_by_configuration = {}
        for configuration_name, configuration in configurations(target).items():
            settings = {}
            for level in (levels.get(configuration_name), configuration):
                for key, value in assignments(level or {}):
                    listed = words(value)
                    if "$(inherited)" in listed:
                        inherited = settings.get(key, [])
                        listed = [w for item in listed for w in (inherited if item == "$(inherited)" else [item])]
                    settings[key] = listed
            settings_by_configuration[configuration_name] = settings
            shipped = [n for n in settings.get(LIST, []) if n != name]
            includes_all = settings.get("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", ["NO"]) == ["YES"]
            if source == "appiconset" and shipped and not includes_all and name not in settings.get(LIST, []):
                problems.append(f"{configuration_name}: {LIST} lists {shipped} but not {name}")

        runs_on_ipad = any("2" in ",".join(s.get("TARGETED_DEVICE_FAMILY", ["1"])).split(",") for s in settings_by_configuration.values())
        plist_setting = next((s["INFOPLIST_FILE"] for s in settings_by_configuration.values() if s.get("INFOPLIST_FILE")), None)
        plist = {}
        plist_path = None
        if plist_setting:
            relative = re.sub(r"^\$[({](SRCROOT|PROJECT_DIR)[)}]/", "", " ".join(plist_setting))
            plist_path = os.path.join(project_dir, relative)
            if os.path.isfile(plist_path):
                with open(plist_path, "rb") as f:
                    plist = plistlib.load(f)

        def alternates(key):
            return plist.get(key, {}).get("CFBundleAlternateIcons", {})

        entry = alternates("CFBundleIcons").get(name)
        assets = {os.path.splitext(n)[0] for _, dirs, _ in os.walk(root) for n in dirs if n.endswith((".appiconset", ".icon"))}

        def names_an_asset(value):
            return value.get("CFBundleIconName") in assets or any(file in assets for file in value.get("CFBundleIconFiles", []))

        neighbours = [value for key, value in alternates("CFBundleIcons").items() if key != name and names_an_asset(value)]
        if source == "appiconset":
            sets = [os.path.join(d, n) for d, dirs, _ in os.walk(root) for n in dirs if n == name + ".appiconset"]
            if len(sets) != 1:
                problems.append(f"{len(sets)} sets named {name}")
            else:
                catalog = sets[0]
                while catalog != root and not catalog.endswith(".xcassets"):
                    catalog = os.path.dirname(catalog)
                if not ships(catalog):
                    problems.append(f"{sets[0]} is in no asset catalog of target {target_name}'s resources")
                with open(os.path.join(sets[0], "Contents.json")) as f:
                    files = [image["filename"] for image in json.load(f).get("images", []) if "filename" in image]
                if not files or not all(os.path.isfile(os.path.join(sets[0], file)) for file in files):
                    problems.append(f"{sets[0]}: its images are missing")
            if neighbours:
                if entry is None:
                    problems.append(f"{plist_path}: no entry for {name} beside its neighbours' entries")
                else:
                    if all(set(entry) != set(other) for other in neighbours):
                        problems.append(f"{plist_path}: {name}'s entry has keys {sorted(entry)}, unlike its neighbours'")
                    if "CFBundleIconFiles" in entry and entry["CFBundleIconFiles"] != [name]:
                        problems.append(f"{plist_path}: {name}'s CFBundleIconFiles is {entry['CFBundleIconFiles']}")
                    if "CFBundleIconName" in entry and entry["CFBundleIconName"] != name:
                        problems.append(f"{plist_path}: {name}'s CFBundleIconName is {entry['CFBundleIconName']}")
                    if "CFBundleIconFiles" not in entry and "CFBundleIconName" not in entry:
                        problems.append(f"{plist_path}: {name}'s entry names no image")
        elif source == "plist":
            base_names = (entry or {}).get("CFBundleIconFiles", [])
            if not base_names:
                problems.append(f"{plist_path}: no entry naming files for {name}")
            for base_name in base_names:
                pattern = re.compile(re.escape(os.path.splitext(base_name)[0]) + r"(@[23]x)?(~ipad)?\.png$")
                found = [os.path.join(d, n) for d, _, names in os.walk(root) for n in names if pattern.match(n)]
                if not found:
                    problems.append(f"no file for {base_name}")
                problems += [f"{path} is not in target {target_name}'s resources" for path in found if not ships(path)]
        if entry is not None and (runs_on_ipad or "CFBundleIcons~ipad" in plist):
            if name not in alternates("CFBundleIcons~ipad"):
                problems.append(f"{plist_path}: {name} has no twin in CFBundleIcons~ipad, and the target runs on iPad")
        print("\n".join(problems))
        sys.exit(1 if problems else 0)
        """#
}
