import FileAccess
import Foundation
import Testing
@testable import IconCatalog

/// Project files made to break a reader: each must end in a one-line error or warning naming
/// the file (and the key), within a second and 200 MB, never in a crash or a hang.
@Suite(.serialized) struct XcodeBadInputTests {
    static let timeLimit = 1.0
    static let memoryLimit = 200 * 1024 * 1024

    /// Runs `body` measured, checks the limits, and returns its outcome.
    private func bounded<T>(_ what: String, _ body: () throws(XcodeProjectError) -> T) -> Result<T, XcodeProjectError> {
        let (result, use) = ResourceUse.measure { Result<T, XcodeProjectError>(catching: body) }
        #expect(use.seconds < Self.timeLimit, "\(what): \(use)")
        #expect(use.peakGrowthBytes < Self.memoryLimit, "\(what): \(use)")
        return result
    }

    private func projectFile(_ contents: Data) -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        folder.write("App.xcodeproj/project.pbxproj", contents)
        return (folder, folder.url("App.xcodeproj"))
    }

    private func readError(_ contents: Data, _ what: String) -> (XcodeProjectError?, String) {
        let (folder, path) = projectFile(contents)
        let outcome = bounded(what) { () throws(XcodeProjectError) in try XcodeProject.read(path) }
        withExtendedLifetime(folder) {}
        if case .failure(let error) = outcome { return (error, ProjectPaths.absolute(path) + "/project.pbxproj") }
        return (nil, path)
    }

    @Test func emptyFile() {
        for contents in ["", "  \n\t\n"] {
            let (error, file) = readError(Data(contents.utf8), "an empty file")
            #expect(error == .emptyFile(path: file))
            #expect(error?.description == "\(file): file is empty, not an Xcode project file")
        }
    }

    @Test func notAPlist() {
        for contents in ["hello {", "{ a = ; }", "\u{0}\u{1}\u{2}binary junk", "\"just a string\""] {
            let (error, file) = readError(Data(contents.utf8), "garbage")
            guard case .notAPlist(let path, _)? = error else {
                Issue.record("\(contents.debugDescription) gave \(String(describing: error))")
                continue
            }
            #expect(path == file)
            #expect(error?.description.contains("\n") == false)
        }
    }

    @Test func truncated() {
        var builder = PBXProjectBuilder()
        builder.target("App", settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"])
        let whole = Data(builder.text().utf8)
        for cut in [1, whole.count / 3, whole.count / 2, whole.count - 3] {
            let (error, _) = readError(whole.prefix(cut), "a file cut at \(cut) bytes")
            guard case .notAPlist? = error else {
                Issue.record("cut at \(cut): \(String(describing: error))")
                continue
            }
        }
    }

    @Test func tenThousandLevelsDeep() {
        for (open, close) in [("{a=", ";}"), ("(", ")")] {
            let text = "// !$*UTF8*$!\n{ objects = " + String(repeating: open, count: 10_000) + "x"
                + String(repeating: close, count: 10_000) + "; }"
            let (error, file) = readError(Data(text.utf8), "10,000 levels of \(open)")
            #expect(error == .nestedTooDeep(path: file, limit: ProjectFileLoader.maximumNesting))
        }
        // Brackets inside strings and comments are not nesting.
        let quoted = "{ objects = { }; rootObject = \"" + String(repeating: "{(", count: 10_000) + "\"; /* "
            + String(repeating: "{", count: 10_000) + " */ }"
        let (error, file) = readError(Data(quoted.utf8), "brackets in a string")
        #expect(error == .malformed(path: file, key: "rootObject", problem: "does not name a PBXProject object"))
    }

    @Test func fiftyMegabytes() throws {
        let (folder, path) = projectFile(Data())
        let handle = try #require(FileHandle(forWritingAtPath: folder.url("App.xcodeproj/project.pbxproj")))
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let outcome = bounded("a 50 MB file") { () throws(XcodeProjectError) in try XcodeProject.read(path) }
        guard case .failure(.tooLarge(_, let bytes, let limit)) = outcome else {
            Issue.record("a 50 MB file gave \(outcome)")
            return
        }
        #expect(bytes == 50 * 1024 * 1024 && limit == ProjectFileLoader.maximumFileSize)
    }

    @Test func wrongTopLevelShapes() {
        let cases: [(String, String)] = [
            ("{ rootObject = X; }", "objects"),
            ("{ objects = (); rootObject = X; }", "objects"),
            ("{ objects = { }; }", "rootObject"),
            ("{ objects = { X = { isa = PBXGroup; }; }; rootObject = X; }", "rootObject"),
            ("{ objects = { X = { isa = PBXProject; }; }; rootObject = X; }", "objects.X.buildConfigurationList"),
            ("{ objects = { X = { isa = PBXProject; buildConfigurationList = (a); }; }; rootObject = X; }",
             "objects.X.buildConfigurationList"),
        ]
        for (text, key) in cases {
            let (error, _) = readError(Data(text.utf8), text)
            guard case .malformed(_, let reported, _)? = error else {
                Issue.record("\(text) gave \(String(describing: error))")
                continue
            }
            #expect(reported == key)
        }
    }

    @Test func wrongTypesInsideAreWarningsNamingTheKey() throws {
        var builder = PBXProjectBuilder()
        let group = builder.group("App")
        let assets = builder.file("Assets.xcassets", in: group)
        let target = builder.target("App", resources: [assets])
        builder.set(builder.newID(), ["isa": "PBXGroup", "children": "not a list", "path": ["not", "a", "string"]])
        var broken = builder.objects[target]!
        broken["fileSystemSynchronizedGroups"] = ["a": 1]
        builder.set(target, broken)
        builder.set("AA0000000000000000000099", ["isa": "PBXNativeTarget", "name": ["x"]])
        let folder = TemporaryFolder()
        folder.write("App/Assets.xcassets/Contents.json", "{}")
        let path = builder.write(into: folder)
        let outcome = bounded("wrong types") { () throws(XcodeProjectError) in
            try XcodeProject.read(path).resolve(target: "App")
        }
        let resolved = try outcome.get()
        #expect(resolved.assetCatalogs.count == 1)
        let messages = resolved.warnings.filter { $0.code == .malformedProject }.map(\.message)
        #expect(messages.contains { $0.hasSuffix(".children is a string, expected an array") })
        #expect(messages.contains { $0.hasSuffix(".path is an array, expected a string") })
        #expect(messages.contains { $0.hasSuffix(".fileSystemSynchronizedGroups is a dictionary, expected an array") })
    }

    @Test func groupCyclesDoNotHang() throws {
        var builder = PBXProjectBuilder()
        let outer = builder.group("Outer")
        let inner = builder.group("Inner", in: outer)
        let assets = builder.file("Assets.xcassets", in: inner)
        // Inner lists Outer (a cycle), Outer lists itself, and the main group appears inside Inner.
        var innerObject = builder.objects[inner]!
        innerObject["children"] = [assets, outer, builder.mainGroup, inner]
        builder.set(inner, innerObject)
        var outerObject = builder.objects[outer]!
        outerObject["children"] = [inner, outer]
        builder.set(outer, outerObject)
        builder.target("App", resources: [assets])
        let folder = TemporaryFolder()
        folder.write("Outer/Inner/Assets.xcassets/Contents.json", "{}")
        let path = builder.write(into: folder)
        let outcome = bounded("a group cycle") { () throws(XcodeProjectError) in
            try XcodeProject.read(path).resolve(target: "App")
        }
        let resolved = try outcome.get()
        #expect(resolved.assetCatalogs.map { ProjectPaths.lastComponent($0) } == ["Assets.xcassets"])
        #expect(resolved.warnings.map(\.code) == [.groupCycle])
    }

    @Test func referencesEscapingTheProjectOrAbsolute() throws {
        var builder = PBXProjectBuilder()
        let escaping = builder.file("../../../../../../etc/passwd")
        let absolute = builder.file("/etc/passwd", sourceTree: "<absolute>")
        let escapingCatalog = builder.file("../Elsewhere.xcassets")
        builder.projectBaseConfiguration(absolute, for: "Release")
        builder.projectBaseConfiguration(escaping, for: "Debug")
        builder.target("App", settings: ["INFOPLIST_FILE": "../../etc/passwd", "INFOPLIST_PREFIX_HEADER": "/etc/passwd"],
                       resources: [escapingCatalog, absolute])
        let folder = TemporaryFolder()
        let path = builder.write(into: folder, as: "inner/App.xcodeproj")
        folder.write("Elsewhere.xcassets/Contents.json", "{}")
        for configuration in ["Release", "Debug"] {
            let outcome = bounded("escaping references") { () throws(XcodeProjectError) in
                try XcodeProject.read(path).resolve(target: "App", configuration: configuration)
            }
            let resolved = try outcome.get()
            #expect(resolved.assetCatalogs.isEmpty)
            #expect(resolved.infoPlist == nil)
            #expect(resolved.warnings.map(\.code) == Array(repeating: .pathOutsideProject, count: 3))
            #expect(resolved.warnings.allSatisfy { $0.message.contains("not read") })
        }
        var xcconfigs = PBXProjectBuilder()
        xcconfigs.target("App", baseConfiguration: xcconfigs.file("Local.xcconfig"))
        let other = TemporaryFolder()
        other.write("Local.xcconfig", "#include \"/etc/passwd\"\n#include \"../../../../../../etc/shadow\"\nA = 1")
        let resolved = try XcodeProject.read(xcconfigs.write(into: other)).resolve(target: "App")
        #expect(resolved.warnings.map(\.code) == [.pathOutsideProject, .pathOutsideProject])
        #expect(resolved.settings.value("A") == "1")
    }

    /// Paths written inside the project whose links lead out: the base configuration, an
    /// xcconfig's include, INFOPLIST_FILE and INFOPLIST_PREFIX_HEADER each say they are a link
    /// leading outside (they were "at PROJECT/App.xcconfig, outside the project's folder").
    @Test func linksLeadingOutsideAreNamedAsLinks() throws {
        let outside = TemporaryFolder()
        outside.write("Secret.xcconfig", "SECRET = yes")
        outside.write("Info.plist", "<plist><dict/></plist>")
        var builder = PBXProjectBuilder()
        builder.target("App", settings: ["INFOPLIST_FILE": "Info.plist"], baseConfiguration: builder.file("App.xcconfig"))
        let folder = TemporaryFolder()
        let path = builder.write(into: folder)
        let project = ProjectPaths.absolute(folder.path)
        #expect(symlink(outside.url("Secret.xcconfig"), folder.url("App.xcconfig")) == 0)
        #expect(symlink(outside.url("Info.plist"), folder.url("Info.plist")) == 0)
        let resolved = try XcodeProject.read(path).resolve(target: "App")
        #expect(resolved.infoPlist == nil)
        #expect(resolved.settings.value("SECRET") == "")
        #expect(resolved.warnings.map(\.code) == Array(repeating: .pathOutsideProject, count: 2))
        let messages = resolved.warnings.map(\.message)
        #expect(messages.contains("base configuration “App.xcconfig” at \(project)/App.xcconfig is a link leading outside the project's folder \(project); it is not read"), "\(messages)")
        #expect(messages.contains("\(project)/Info.plist is a link leading outside the project's folder \(project); it is not read"), "\(messages)")

        var including = PBXProjectBuilder()
        including.target("App", settings: ["INFOPLIST_FILE": "Info.plist", "INFOPLIST_PREFIX_HEADER": "Prefix.h"],
                         baseConfiguration: including.file("Base.xcconfig"))
        let other = TemporaryFolder()
        let otherProject = ProjectPaths.absolute(other.path)
        other.write("Base.xcconfig", "#include \"Linked.xcconfig\"\nA = 1")
        other.write("Info.plist", "<plist><dict/></plist>")
        #expect(symlink(outside.url("Secret.xcconfig"), other.url("Linked.xcconfig")) == 0)
        #expect(symlink(outside.url("Info.plist"), other.url("Prefix.h")) == 0)
        let included = try XcodeProject.read(including.write(into: other)).resolve(target: "App")
        #expect(Set(included.warnings.map(\.message)) == [
            "\(otherProject)/Linked.xcconfig is a link leading outside the project's folder \(otherProject); it is not read",
            "\(otherProject)/Prefix.h is a link leading outside the project's folder \(otherProject); it is not read",
        ])
        #expect(included.settings.value("SECRET") == "" && included.settings.value("A") == "1")
    }

    @Test func xcconfigIncludeCycle() {
        var builder = PBXProjectBuilder()
        builder.target("App", baseConfiguration: builder.file("A.xcconfig"))
        let folder = TemporaryFolder()
        folder.write("A.xcconfig", "#include \"B.xcconfig\"\nA = 1")
        folder.write("B.xcconfig", "#include \"C.xcconfig\"")
        folder.write("C.xcconfig", "#include? \"A.xcconfig\"")
        let path = builder.write(into: folder)
        let outcome = bounded("an include cycle") { () throws(XcodeProjectError) in
            try XcodeProject.read(path).resolve(target: "App")
        }
        guard case .failure(let error) = outcome, case .includeCycle(_, let chain) = error else {
            Issue.record("an include cycle gave \(outcome)")
            return
        }
        #expect(chain.map { ProjectPaths.lastComponent($0) } == ["A.xcconfig", "B.xcconfig", "C.xcconfig", "A.xcconfig"])
        #expect(error.description.hasSuffix("xcconfig files include each other: A.xcconfig → B.xcconfig → C.xcconfig → A.xcconfig"))
        let listed = ApplicationTargetsProbe.list(path)
        #expect(listed.targets.isEmpty && listed.warnings.map(\.code) == [.unreadableTarget])
    }

    /// The cycle is the error of choosing the target, not "no iOS application target".
    @Test func anIncludeCycleIsTheErrorWhenItHidesTheOnlyTarget() throws {
        var builder = PBXProjectBuilder()
        builder.target("App", baseConfiguration: builder.file("App.xcconfig"))
        let folder = TemporaryFolder()
        folder.write("App.xcconfig", "#include \"App.xcconfig\"\nA = 1")
        builder.write(into: folder)
        let found = try ApplicationTargets.find(at: folder.path)
        #expect(throws: XcodeProjectError.includeCycle(path: folder.url("App.xcconfig"),
                                                        chain: [folder.url("App.xcconfig"), folder.url("App.xcconfig")])) {
            try found.select()
        }
        #expect(throws: XcodeProjectError.includeCycle(path: folder.url("App.xcconfig"),
                                                        chain: [folder.url("App.xcconfig"), folder.url("App.xcconfig")])) {
            try found.select(target: "App")
        }
        do {
            _ = try CatalogReader.read(app: folder.path)
            Issue.record("a project whose only target's xcconfig includes itself was read")
        } catch {
            #expect(error.description.hasSuffix("xcconfig files include each other: App.xcconfig → App.xcconfig"), "\(error)")
        }
    }

    /// A broken project beside one with no application: the broken one's parse error, with
    /// its line and column, not "no iOS application target".
    @Test func aBrokenProjectBesideOneWithoutAnAppIsTheError() throws {
        let folder = TemporaryFolder()
        folder.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = { isa = ; };\n")
        var library = PBXProjectBuilder()
        library.target("Kit", productType: PBXProjectBuilder.framework)
        library.write(into: folder, as: "Kit.xcodeproj")
        let found = try ApplicationTargets.find(at: folder.path)
        do {
            _ = try found.select()
            Issue.record("a folder whose only app project is broken gave a target")
        } catch {
            guard case .notAPlist(let path, let reason) = error else {
                Issue.record("expected the broken project's parse error, got \(error)")
                return
            }
            #expect(path == ProjectPaths.absolute(folder.url("App.xcodeproj/project.pbxproj")))
            #expect(reason.hasPrefix("line 4, column "), "\(reason)")
        }
    }

    /// A target listed twice (or 10,000 times) in one project is one target, with a warning;
    /// a name two target objects share is read once.
    @Test func aTargetListedMoreThanOnceIsOneTarget() throws {
        for copies in [2, 10_000] {
            var builder = PBXProjectBuilder()
            let app = builder.target("App", settings: ["SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.app"])
            builder.set(builder.rootObject, builder.objects[builder.rootObject]!.merging(
                ["targets": Array(repeating: app, count: copies)]) { _, new in new })
            let folder = TemporaryFolder()
            builder.write(into: folder)
            let outcome = bounded("a target listed \(copies) times") { () throws(XcodeProjectError) in
                try ApplicationTargets.find(at: folder.path)
            }
            let found = try outcome.get()
            #expect(found.targets.map(\.name) == ["App"])
            #expect(try found.select().bundleIdentifier == "com.example.app")
            #expect(found.warnings.map(\.code) == [.duplicateTarget])
            #expect(found.warnings.first?.message == "the project lists target \(app) \(copies == 2 ? "2" : "10,000") times; it is read once")
        }
        var builder = PBXProjectBuilder()
        builder.target("App", settings: ["SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "first"])
        builder.target("App", settings: ["SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "second"])
        let folder = TemporaryFolder()
        builder.write(into: folder)
        let found = try ApplicationTargets.find(at: folder.path)
        #expect(try found.select(target: "App").bundleIdentifier == "first")
        #expect(found.warnings.map(\.message) == ["2 targets are called “App”; the first is read"])
    }

    /// 10,000 application targets sharing one configuration list of 100 settings: memory for
    /// the settings once, not once a target (271 MB), and a message listing them that stays a line.
    @Test func manyTargetsSharingOneConfiguration() throws {
        var builder = PBXProjectBuilder()
        var settings: [String: Any] = ["SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.$(TARGET_NAME)"]
        for index in 0..<100 { settings["SETTING_\(index)"] = "value \(index) $(TARGET_NAME) $(SETTING_\(max(0, index - 1)))" }
        let first = builder.target("App0", settings: settings)
        let shared = builder.objects[first]!
        var targets: [String] = [first]
        for index in 1..<10_000 {
            let id = builder.newID()
            builder.set(id, shared.merging(["name": "App\(index)"]) { _, new in new })
            targets.append(id)
        }
        builder.set(builder.rootObject, builder.objects[builder.rootObject]!.merging(["targets": targets]) { _, new in new })
        let folder = TemporaryFolder()
        builder.write(into: folder)
        let (outcome, use) = ResourceUse.measure { Result { () throws(XcodeProjectError) in try ApplicationTargets.find(at: folder.path) } }
        #expect(use.peakGrowthBytes < 120 << 20, "\(use)")
        let found = try outcome.get()
        #expect(found.targets.count == 10_000)
        #expect(found.targets.last?.bundleIdentifier == "com.example.App9999")
        do {
            _ = try found.select()
            Issue.record("10,000 targets and none chosen gave one")
        } catch {
            #expect(error.description.count < 3_000, "\(error.description.count) characters")
            #expect(error.description.hasSuffix("; and 9,980 more"), "\(error.description.suffix(80))")
        }
        let named = XcodeProjectError.unknownTarget(path: "p", name: "x", available: (0..<10_000).map { "T\($0)" })
        #expect(named.description.hasSuffix(" and 9,980 more"))
        let ambiguous = XcodeProjectError.ambiguousTarget(path: "p", name: "x", projects: Array(repeating: "P", count: 10_000))
        #expect(ambiguous.description.count < 1_000)
    }

    /// A synchronized folder naming one exception set 2,000 times, the set naming 2,000 files
    /// (142 KB): the set is read once (it took memory in the product, 494 MB).
    @Test func anExceptionSetListedManyTimesIsReadOnce() throws {
        var builder = PBXProjectBuilder()
        let synced = builder.synchronizedFolder("Shared")
        let app = builder.target("App", settings: ["SDKROOT": "iphoneos"])
        let other = builder.target("Other", settings: ["SDKROOT": "iphoneos"], synchronizedFolders: [synced])
        _ = other
        builder.exceptions(in: synced, for: app, (0..<2_000).map { "Sources/File\($0).swift" } + ["Art.xcassets"])
        let set = (builder.objects[synced]!["exceptions"] as! [String])[0]
        builder.set(synced, builder.objects[synced]!.merging(["exceptions": Array(repeating: set, count: 2_000)]) { _, new in new })
        let folder = TemporaryFolder()
        folder.write("Shared/Art.xcassets/Contents.json", "{}")
        let path = builder.write(into: folder)
        let outcome = bounded("an exception set listed 2,000 times") { () throws(XcodeProjectError) in
            try XcodeProject.read(path).resolve(target: "App")
        }
        let resolved = try outcome.get()
        #expect(resolved.assetCatalogs.map { ProjectPaths.lastComponent($0) } == ["Art.xcassets"])
    }

    /// A `project.pbxproj` that is a folder, a FIFO or a link to a device is "not a regular
    /// file", whether the project is given or found in a folder (it was "holds no Xcode
    /// project" or "without a project.pbxproj inside").
    @Test func aProjectFileThatIsNoFileSaysWhatItIs() throws {
        let cases: [(String, (String) -> Void, FileKind)] = [
            ("a directory", { try? FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: true) }, .directory),
            ("a FIFO", { _ = mkfifo($0, 0o644) }, .fifo),
            ("a link to a device", { _ = symlink("/dev/null", $0) }, .characterDevice),
        ]
        for (what, make, kind) in cases {
            let folder = TemporaryFolder()
            try FileManager.default.createDirectory(atPath: folder.url("App.xcodeproj"), withIntermediateDirectories: true)
            let file = ProjectPaths.absolute(folder.url("App.xcodeproj/project.pbxproj"))
            make(file)
            let expected = XcodeProjectError.notARegularFile(path: file, kind: kind)
            #expect(throws: expected, "\(what)") { try XcodeProject.read(folder.url("App.xcodeproj")) }
            #expect(throws: expected, "\(what)") { try XcodeProjectLocator.find(folder.url("App.xcodeproj")) }
            #expect(throws: expected, "\(what)") { try XcodeProjectLocator.find(folder.path) }
            #expect(expected.description.contains("not a regular file (\(kind))"))
        }
    }

    @Test func selfReferencingSetting() throws {
        var builder = PBXProjectBuilder()
        builder.target("App", settings: ["A": "$(A) x", "ASSETCATALOG_COMPILER_APPICON_NAME": "$(ASSETCATALOG_COMPILER_APPICON_NAME)Icon",
                                         "PRODUCT_BUNDLE_IDENTIFIER": "$(B)", "B": "$(C).b", "C": "$(B).c"])
        let folder = TemporaryFolder()
        let path = builder.write(into: folder)
        let outcome = bounded("a self-referencing setting") { () throws(XcodeProjectError) in
            try XcodeProject.read(path).resolve(target: "App")
        }
        let resolved = try outcome.get()
        var warnings: [CatalogWarning] = []
        #expect(resolved.settings.value("A", warnings: &warnings) == " x")
        #expect(warnings.map(\.code) == [.settingRefersToItself])
        #expect(resolved.primaryIconName == "Icon")
        // B reads C, whose $(B) is B again: the level below, which is empty.
        #expect(resolved.bundleIdentifier == ".c.b")
        #expect(resolved.warnings.filter { $0.code == .settingRefersToItself }.map(\.subject).sorted()
                == ["ASSETCATALOG_COMPILER_APPICON_NAME", "B"])
    }

    @Test func synchronizedFoldersAreWalkedWithinABudget() throws {
        var builder = PBXProjectBuilder()
        let synced = builder.synchronizedFolder("App")
        builder.target("App", synchronizedFolders: [synced])
        let folder = TemporaryFolder()
        for index in 0..<10 {
            try FileManager.default.createDirectory(atPath: folder.url("App/d\(index)"), withIntermediateDirectories: true)
            for file in 0..<30 { close(open(folder.url("App/d\(index)/f\(file)"), O_CREAT | O_WRONLY, 0o644)) }
        }
        folder.write("App/z/Late.xcassets/Contents.json", "{}")
        let project = try XcodeProject.read(builder.write(into: folder))
        let target = try project.target(named: "App")
        let complete = TargetResources.of(target, in: project, entryBudget: 1_000)
        #expect(complete.assetCatalogs.map { ProjectPaths.lastComponent($0) } == ["Late.xcassets"])
        #expect(complete.warnings.isEmpty)
        let cut = TargetResources.of(target, in: project, entryBudget: 100)
        #expect(cut.assetCatalogs.isEmpty)
        #expect(cut.warnings.map(\.code) == [.projectSearchTruncated])
        #expect(cut.warnings.first?.message == "stopped looking in “App”'s synchronized folders after 100 entries")
    }
}

/// `iOSApplicationTargets` of one project, for tests that only need the listing.
enum ApplicationTargetsProbe {
    static func list(_ path: String) -> (targets: [ApplicationTarget], warnings: [CatalogWarning]) {
        guard let project = try? XcodeProject.read(path) else { return ([], []) }
        return project.iOSApplicationTargets()
    }
}
