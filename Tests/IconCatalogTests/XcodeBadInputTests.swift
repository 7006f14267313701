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
        let messages = resolved.warnings.filter { $0.code == "malformed-project" }.map(\.message)
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
        #expect(resolved.warnings.map(\.code) == ["group-cycle"])
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
            #expect(resolved.warnings.map(\.code) == Array(repeating: "path-outside-project", count: 3))
            #expect(resolved.warnings.allSatisfy { $0.message.contains("not read") })
        }
        var xcconfigs = PBXProjectBuilder()
        xcconfigs.target("App", baseConfiguration: xcconfigs.file("Local.xcconfig"))
        let other = TemporaryFolder()
        other.write("Local.xcconfig", "#include \"/etc/passwd\"\n#include \"../../../../../../etc/shadow\"\nA = 1")
        let resolved = try XcodeProject.read(xcconfigs.write(into: other)).resolve(target: "App")
        #expect(resolved.warnings.map(\.code) == ["path-outside-project", "path-outside-project"])
        #expect(resolved.settings.value("A") == "1")
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
        #expect(listed.targets.isEmpty && listed.warnings.map(\.code) == ["unreadable-target"])
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
        #expect(warnings.map(\.code) == ["setting-refers-to-itself"])
        #expect(resolved.primaryIconName == "Icon")
        // B reads C, whose $(B) is B again: the level below, which is empty.
        #expect(resolved.bundleIdentifier == ".c.b")
        #expect(resolved.warnings.filter { $0.code == "setting-refers-to-itself" }.map(\.subject).sorted()
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
        #expect(cut.warnings.map(\.code) == ["project-search-truncated"])
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
