import Foundation
import Testing
import TestSupport

/// Where `add` may write in a repository, and when it must not: inside the folder the app was
/// read in (a React Native app's `../images` included), never over uncommitted work unless
/// `--allow-dirty` says so.
@Suite struct RepositoryWriteTests {
    let cli = CLI()

    /// Runs git in `folder` as a test needs it: no user configuration (HOME may be unset), a
    /// committer given inline.
    @discardableResult
    static func git(_ arguments: [String], in folder: String) throws -> CLI.Outcome {
        let outcome = try CLI.run(executable: "/usr/bin/env",
                                  ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-C", folder] + arguments,
                                  environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "LC_ALL": "C", "GIT_CONFIG_NOSYSTEM": "1",
                                                "GIT_CONFIG_GLOBAL": "/dev/null"])
        #expect(outcome.status == 0, "git \(arguments): \(outcome.stderr)")
        return outcome
    }

    static let gitInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
        || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/git")

    /// The demo in a git repository with everything committed.
    static func committedDemo(in folder: TemporaryFolder) throws -> String {
        let demo = folder.copyDemo()
        try git(["init", "-q"], in: demo)
        try git(["add", "-A"], in: demo)
        try git(["commit", "-q", "-m", "demo"], in: demo)
        return demo
    }

    /// A snapshot of the app's own files, git's folder left out.
    static func files(_ folder: String) -> [String: Data] {
        EditCommandTests.snapshot(folder).filter { !$0.key.hasPrefix(".git") }
    }

    @Test(.enabled(if: gitInstalled, "git is not installed"))
    func aFileWithUncommittedChangesStopsTheEditUnlessAllowed() throws {
        let folder = TemporaryFolder()
        let demo = try Self.committedDemo(in: folder)
        let image = folder.writePNG("teal.png", width: 1024)
        let plist = (demo as NSString).appendingPathComponent("Info.plist")
        let handle = try #require(FileHandle(forWritingAtPath: plist))
        handle.seekToEndOfFile()
        handle.write(Data("\n".utf8))
        try handle.close()
        let before = Self.files(demo)

        let refused = try cli.run(["add", "Teal", image, "--app", demo])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("Info.plist has uncommitted changes"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--allow-dirty"), "\(refused.stderr)")
        #expect(EditCommandTests.difference(before, Self.files(demo)) == [])

        let dryRun = try cli.run(["add", "Teal", image, "--app", demo, "--dry-run"])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("+++ b/Info.plist"))
        #expect(EditCommandTests.difference(before, Self.files(demo)) == [])

        let allowed = try cli.run(["add", "Teal", image, "--app", demo, "--allow-dirty"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(EditCommandTests.difference(before, Self.files(demo)).contains("Info.plist"))
    }

    @Test(.enabled(if: gitInstalled, "git is not installed"))
    func aCleanTreeOrAnUntrackedFileElsewhereIsWritten() throws {
        let folder = TemporaryFolder()
        let demo = try Self.committedDemo(in: folder)
        folder.write("demo/notes.txt", "not the app's")
        let added = try cli.run(["add", "Teal", folder.writePNG("teal.png", width: 1024), "--app", demo])
        #expect(added.status == 0, "\(added.stderr)")
        let status = try Self.git(["status", "--porcelain"], in: demo).stdout
        #expect(status.contains(" M Info.plist"), "\(status)")
    }

    /// Every file `remove` would touch untracked: the refusal names a few and counts the rest.
    @Test(.enabled(if: gitInstalled, "git is not installed"))
    func untrackedFilesTheEditTouchesAreNamedAFewAtATime() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        folder.write("demo/README", "the app's files are not committed yet")
        try Self.git(["init", "-q"], in: demo)
        try Self.git(["add", "README"], in: demo)
        try Self.git(["commit", "-q", "-m", "readme"], in: demo)
        let before = Self.files(demo)
        let refused = try cli.run(["remove", "black-white", "--app", demo])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains(#/ and \d+ more have uncommitted changes in the git work tree /#), "\(refused.stderr)")
        #expect(EditCommandTests.difference(before, Self.files(demo)) == [])
    }

    /// Without git to ask (a plain folder, or no git on the `PATH`), nothing is refused.
    @Test func withoutGitTheEditIsWritten() throws {
        let folder = TemporaryFolder()
        let plain = folder.copyDemo(to: "plain")
        let added = try cli.run(["add", "Teal", folder.writePNG("teal.png", width: 1024), "--app", plain])
        #expect(added.status == 0, "\(added.stderr)")
        guard Self.gitInstalled else { return }
        let demo = try Self.committedDemo(in: folder)
        folder.write("demo/Info.plist", try String(contentsOfFile: folder.url("demo/Info.plist"), encoding: .utf8) + "\n")
        let noGit = try cli.run(["add", "Teal", folder.url("teal.png"), "--app", demo], environment: ["PATH": cli.home.path])
        #expect(noGit.status == 0, "\(noGit.stderr)")
    }

    /// `lint --fix` takes `--allow-dirty` from the same options as `add` and `remove`.
    @Test(.enabled(if: gitInstalled, "git is not installed"))
    func lintFixRefusesTooAndWritesWhenAllowed() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings()
        // Nothing committed: every file the fix touches is untracked.
        try Self.git(["init", "-q"], in: demo)
        let before = Self.files(demo)
        let refused = try cli.run(["lint", "--fix", "--app", demo])
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("Info.plist") && refused.stderr.contains("--allow-dirty"), "\(refused.stderr)")
        #expect(EditCommandTests.difference(before, Self.files(demo)) == [])
        let allowed = try cli.run(["lint", "--fix", "--allow-dirty", "--app", demo])
        #expect(EditCommandTests.difference(before, Self.files(demo)).contains("Info.plist"), "\(allowed.stderr)")
    }

    @Test func allowDirtyGoesWithFixOnly() throws {
        let outcome = try cli.run(["lint", "--allow-dirty"])
        #expect(outcome.status == 64, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("--allow-dirty"), "\(outcome.stderr)")
    }

    /// A React Native app: its alternates' PNGs in `images/icons` beside `ios/`, listed through
    /// the project's resources as `../images/icons/…`. A new icon's files go beside them, inside
    /// the folder named with `--app`, and join the same group; `remove` takes them back.
    @Test func aReactNativeAppsLooseFilesAreWrittenBesideItsOthers() throws {
        let folder = TemporaryFolder()
        let repository = folder.url("repo")
        Self.writeReactNativeApp(in: folder)
        try checkAddAndRemove(app: repository, repository: repository, image: folder.writePNG("teal.png", width: 1024))
    }

    /// Named by its project bundle, the app is read, and written, as far as the top of the git
    /// work tree holding it.
    @Test(.enabled(if: gitInstalled, "git is not installed"))
    func aReactNativeAppNamedByItsProjectIsWrittenAsFarAsItsWorkTree() throws {
        let folder = TemporaryFolder()
        let repository = folder.url("repo")
        Self.writeReactNativeApp(in: folder)
        try Self.git(["init", "-q"], in: repository)
        try Self.git(["add", "-A"], in: repository)
        try Self.git(["commit", "-q", "-m", "app"], in: repository)
        // `remove` would touch what `add` left uncommitted: it is committed in between.
        try checkAddAndRemove(app: folder.url("repo/ios/App.xcodeproj"), repository: repository,
                              image: folder.writePNG("teal.png", width: 1024)) {
            try Self.git(["add", "-A"], in: repository)
            try Self.git(["commit", "-q", "-m", "Teal"], in: repository)
        }
    }

    private func checkAddAndRemove(app: String, repository: String, image: String, afterAdding: () throws -> Void = {}) throws {
        let before = Self.files(repository)
        let added = try cli.run(["add", "Teal", image, "--app", app])
        #expect(added.status == 0, "\(added.stderr)")
        let changed = EditCommandTests.difference(before, Self.files(repository))
        #expect(changed == ["images/icons/Teal@2x.png", "images/icons/Teal@3x.png",
                            "ios/App.xcodeproj/project.pbxproj", "ios/App/Info.plist"], "\(changed)")
        let listed = try cli.run(["list", "--json", "--app", app])
        let icons = try #require(try jsonObject(listed.stdout)["icons"] as? [[String: Any]])
        let teal = try #require(icons.first { $0["name"] as? String == "Teal" })
        #expect((teal["images"] as? [[String: Any]])?.count == 2, "\(teal)")
        try afterAdding()
        let removed = try cli.run(["remove", "Teal", "--app", app])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(EditCommandTests.difference(before, Self.files(repository)) == [])
    }

    /// `repo/` with `package.json`, `images/icons/*.png` and `ios/App.xcodeproj`, whose Info.plist
    /// declares the primary and one alternate as loose files the project's resources list.
    static func writeReactNativeApp(in folder: TemporaryFolder) {
        folder.write("repo/package.json", #"{"name": "app", "private": true}"#)
        for (name, pixels) in [("AppIcon@2x", 120), ("AppIcon@3x", 180), ("Blue@2x", 120), ("Blue@3x", 180)] {
            folder.writePNG("repo/images/icons/\(name).png", width: pixels)
        }
        folder.write("repo/ios/App/Info.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleIdentifier</key>
        \t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        \t<key>CFBundleIcons</key>
        \t<dict>
        \t\t<key>CFBundlePrimaryIcon</key>
        \t\t<dict>
        \t\t\t<key>CFBundleIconFiles</key>
        \t\t\t<array>
        \t\t\t\t<string>AppIcon</string>
        \t\t\t</array>
        \t\t</dict>
        \t\t<key>CFBundleAlternateIcons</key>
        \t\t<dict>
        \t\t\t<key>Blue</key>
        \t\t\t<dict>
        \t\t\t\t<key>CFBundleIconFiles</key>
        \t\t\t\t<array>
        \t\t\t\t\t<string>Blue</string>
        \t\t\t\t</array>
        \t\t\t</dict>
        \t\t</dict>
        \t</dict>
        </dict>
        </plist>

        """)
        // Each PNG: its file reference's id and its build file's id.
        let pngs = [("AppIcon@2x.png", "11", "21"), ("AppIcon@3x.png", "12", "22"), ("Blue@2x.png", "13", "23"), ("Blue@3x.png", "14", "24")]
        let buildFiles = pngs.map { name, reference, build in
            "\t\tAA00000000000000000000\(build) /* \(name) in Resources */ = "
                + "{isa = PBXBuildFile; fileRef = AA00000000000000000000\(reference) /* \(name) */; };\n"
        }.joined()
        let references = pngs.map { name, reference, _ in
            "\t\tAA00000000000000000000\(reference) /* \(name) */ = {isa = PBXFileReference; lastKnownFileType = image.png; "
                + "path = \"\(name)\"; sourceTree = \"<group>\"; };\n"
        }.joined()
        let children = pngs.map { name, reference, _ in "\t\t\t\tAA00000000000000000000\(reference) /* \(name) */,\n" }.joined()
        let phaseFiles = pngs.map { name, _, build in "\t\t\t\tAA00000000000000000000\(build) /* \(name) in Resources */,\n" }.joined()
        folder.write("repo/ios/App.xcodeproj/project.pbxproj", """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \(buildFiles)/* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        \t\tAA0000000000000000000010 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        \(references)\t\tAA0000000000000000000019 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        \t\tAA0000000000000000000001 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAA0000000000000000000002 /* App */,
        \t\t\t\tAA0000000000000000000003 /* Icons */,
        \t\t\t\tAA0000000000000000000004 /* Products */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000002 /* App */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAA0000000000000000000010 /* Info.plist */,
        \t\t\t);
        \t\t\tpath = App;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000003 /* Icons */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \(children)\t\t\t);
        \t\t\tname = Icons;
        \t\t\tpath = ../images/icons;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000004 /* Products */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAA0000000000000000000019 /* App.app */,
        \t\t\t);
        \t\t\tname = Products;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\tAA0000000000000000000030 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = AA0000000000000000000040 /* Build configuration list for PBXNativeTarget "App" */;
        \t\t\tbuildPhases = (
        \t\t\t\tAA0000000000000000000031 /* Resources */,
        \t\t\t);
        \t\t\tbuildRules = (
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tname = App;
        \t\t\tproductName = App;
        \t\t\tproductReference = AA0000000000000000000019 /* App.app */;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tAA0000000000000000000050 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tbuildConfigurationList = AA0000000000000000000041 /* Build configuration list for PBXProject "App" */;
        \t\t\tdevelopmentRegion = en;
        \t\t\tmainGroup = AA0000000000000000000001;
        \t\t\tproductRefGroup = AA0000000000000000000004 /* Products */;
        \t\t\tprojectDirPath = "";
        \t\t\tprojectRoot = "";
        \t\t\ttargets = (
        \t\t\t\tAA0000000000000000000030 /* App */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        \t\tAA0000000000000000000031 /* Resources */ = {
        \t\t\tisa = PBXResourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \(phaseFiles)\t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        /* End PBXResourcesBuildPhase section */

        /* Begin XCBuildConfiguration section */
        \t\tAA0000000000000000000060 /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tINFOPLIST_FILE = App/Info.plist;
        \t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = com.example.app;
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t\tTARGETED_DEVICE_FAMILY = 1;
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        \t\tAA0000000000000000000061 /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        \t\tAA0000000000000000000040 /* Build configuration list for PBXNativeTarget "App" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tAA0000000000000000000060 /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        \t\tAA0000000000000000000041 /* Build configuration list for PBXProject "App" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tAA0000000000000000000061 /* Release */,
        \t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        /* End XCConfigurationList section */
        \t};
        \trootObject = AA0000000000000000000050 /* Project object */;
        }

        """)
    }
}
