import Foundation
import Testing

/// Every command on inputs written to hurt (`HostileInput`): no crash, trap or abort, one clear
/// line for what cannot be read, and time, memory and output bounded. The bounds are generous
/// (a debug build, on a machine shared with other builds); `make bench` measures the release
/// binary against the issue's figures.
@Suite struct HostileInputCommandTests {
    private func app(_ folder: TemporaryFolder, _ plist: Data) -> String {
        folder.write("app/Info.plist", plist)
    }

    @Test(arguments: HostileInput.binaryPlists.map(\.name))
    func hostileBinaryPlistIsOneLineInEveryCommand(_ name: String) throws {
        let hostile = try #require(HostileInput.binaryPlists.first { $0.name == name })
        let cli = CLI()
        let plist = app(cli.home, hostile.data)
        for command in [["list"], ["lint", "--format", "json"], ["preview"], ["set", "--primary"]] {
            let out = try cli.run(command + ["--app", plist], timeout: 20)
            #expect(out.status == 2, "\(command) on \(name): status \(out.status), \(out.stderr)")
            #expect(out.stderrLines.count == 1, "\(command) on \(name): \(out.stderr)")
            #expect(out.stderr.hasPrefix("iconchooser: error: \(plist): "), "\(command) on \(name): \(out.stderr)")
            #expect(out.stderr.contains(hostile.mentioning), "\(command) on \(name): \(out.stderr)")
        }
    }

    @Test func twoMegabytesOfHostileTextStayBoundedInEveryCommand() throws {
        let folder = TemporaryFolder()
        let data = HostileInput.hostileText(bytes: 2_000_000)
        let plist = app(folder, data)
        let cli = CLI(home: folder)
        let commands: [[String]] = [
            ["list"], ["list", "--json"], ["lint"], ["lint", "--format", "json"], ["lint", "--format", "github"],
            ["current"], ["preview", "--size", "4x2", "black-multi", "Default"], ["set", "no-such-icon"],
        ]
        for command in commands {
            let argv = [CLI.binary] + command + ["--app", plist, "--state", folder.url("state.json")]
            guard let run = try measure(argv, environment: cli.environment, in: folder) else {
                Issue.record("\(command) did not finish within 120 s")
                continue
            }
            #expect(run.status < 128, "\(command) died: \(run.status) \(run.stderr.prefix(300))")
            // CPU time, which other work on the machine does not inflate (a debug build).
            #expect(run.cpuSeconds < 30, "\(command) took \(run.cpuSeconds) s of CPU (\(run.seconds) s)")
            #expect(run.peakMegabytes < 150, "\(command) peaked at \(run.peakMegabytes) MB")
            // `list` lists every icon and its files: that grows with the plist, warnings do not.
            let limit = command[0] == "list" ? 3 * data.count : 1_000_000
            #expect(run.stdout.utf8.count + run.stderr.utf8.count < limit,
                    "\(command) wrote \(run.stdout.utf8.count) + \(run.stderr.utf8.count) bytes")
            #expect(run.stderr.utf8.count < 20_000, "\(command) wrote \(run.stderr.utf8.count) bytes of warnings")
        }
        // In a pipe, `list` writes rows to stdout and its warnings to stderr.
        let list = try cli.run(["list", "--app", plist, "--state", folder.url("state.json")], timeout: 60).stderr
        #expect(list.contains("warning: … and "), "the list counts the warnings it leaves out")
        #expect(list.contains("more files not found"))
        let lint = try cli.run(["lint", "--app", plist], timeout: 60).stdout
        #expect(lint.contains("more file-not-found findings [file-not-found]"))
        #expect(lint.contains("characters)”"), "long names are cut and their length said")
    }

    /// The kinds of the third reliability round, through the binary: each command ends with
    /// status 0, 1 or 2, one line for what cannot be read, within a generous CPU time and 150 MB.
    @Test func projectsBundlesAndPlistsWrittenToHurtEndInTime() throws {
        var cases: [(name: String, app: String, mentioning: String?)] = []
        // An Icon Composer layer of 1e19 points and fills that convert to NaN (trapped in preview and lint).
        var icon = SmallProject()
        icon.set("AppIcon")
        icon.bundle("Hostile", groups: [["layers": [["image-name": "huge.svg", "fill": ["solid": "display-p3:1e300,1e300,1e300,1"]],
                                                    ["image-name": "huge.svg", "fill": ["linear-gradient": ["extended-display-p3:1e300,0,0", "srgb:0,0,1,1"]]]]]])
        icon.folder.write("App/Hostile.icon/Assets/huge.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1e19\" viewBox=\"0 0 1e19 1e19\"/>")
        icon.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Hostile"])
        cases.append(("icon composer", icon.folder.path, nil))
        // An xcconfig value continued over 50,000 lines, and one including itself.
        var continued = SmallProject()
        continued.set("AppIcon")
        continued.folder.write("App.xcconfig", "OTHER = a \\\n" + String(repeating: "  b \\\n", count: 50_000) + "c\n")
        continued.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon"], baseConfiguration: continued.builder.file("App.xcconfig"))
        cases.append(("xcconfig continuation", continued.folder.path, nil))
        var cycle = SmallProject()
        cycle.folder.write("App.xcconfig", "#include \"App.xcconfig\"")
        cycle.write([:], baseConfiguration: cycle.builder.file("App.xcconfig"))
        cases.append(("xcconfig cycle", cycle.folder.path, "xcconfig files include each other: App.xcconfig → App.xcconfig"))
        // An Info.plist with a chain of 20,000 macros (5.5 GB), and one after 5,000 #define lines.
        let chain = TemporaryFolder()
        chain.write("Info.plist", (0..<20_000).map { "#define M\($0) M\($0 + 1)" }.joined(separator: "\n") + "\n#if M0\n#endif\n<plist><dict/></plist>")
        cases.append(("macro chain", chain.path, "more than 64 deep"))
        let late = TemporaryFolder()
        late.write("Info.plist", (0..<5_000).map { "#define D\($0) 1" }.joined(separator: "\n")
            + "\n<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key>"
            + "<dict><key>CFBundleIconFiles</key><array><string>Icon</string></array></dict></dict></dict></plist>")
        cases.append(("late XML", late.path, nil))
        for (name, app, mentioning) in cases {
            for command in [["list", "--json"], ["lint", "--format", "json"], ["preview", "--size", "8x4", "--color", "none"]] {
                let cli = CLI()
                guard let run = try measure([CLI.binary] + command + ["--app", app], environment: cli.environment, in: cli.home, timeout: 120) else {
                    Issue.record("\(command) on \(name) did not finish within 120 s")
                    continue
                }
                #expect([0, 1, 2].contains(run.status), "\(command) on \(name): status \(run.status) \(run.stderr.prefix(300))")
                // CPU time of a debug build on a shared machine; the release binary takes a fraction.
                #expect(run.cpuSeconds < 10, "\(command) on \(name) took \(run.cpuSeconds) s of CPU")
                #expect(run.peakMegabytes < 150, "\(command) on \(name) peaked at \(run.peakMegabytes) MB")
                if let mentioning {
                    #expect(run.status == 2 && run.stderr.contains(mentioning), "\(command) on \(name): \(run.stderr.prefix(300))")
                    #expect(run.stderr.split(separator: "\n").count == 1, "\(command) on \(name): \(run.stderr.prefix(600))")
                }
            }
        }
    }

    /// 10,000 application targets sharing one configuration: the error listing them stays a
    /// few lines (it was every target, one a line), and choosing one reads it.
    @Test func tenThousandTargetsAreListedInAFewLines() throws {
        var builder = PBXProjectBuilder()
        let first = builder.target("App0", settings: ["SDKROOT": "iphoneos", "PRODUCT_BUNDLE_IDENTIFIER": "com.example.$(TARGET_NAME)"])
        var targets = [first]
        for index in 1..<10_000 {
            let id = builder.newID()
            builder.set(id, builder.objects[first]!.merging(["name": "App\(index)"]) { _, new in new })
            targets.append(id)
        }
        builder.set(builder.rootObject, builder.objects[builder.rootObject]!.merging(["targets": targets]) { _, new in new })
        let cli = CLI()
        builder.write(into: cli.home, as: "big/App.xcodeproj")
        let app = cli.home.url("big")
        let all = try #require(try measure([CLI.binary, "list", "--json", "--app", app], environment: cli.environment, in: cli.home))
        #expect(all.status == 2)
        #expect(all.stderr.utf8.count < 4_000, "\(all.stderr.utf8.count) bytes")
        #expect(all.stderr.contains("  … and 9,950 more\n"), "\(all.stderr.suffix(300))")
        #expect(all.peakMegabytes < 150, "\(all.peakMegabytes) MB")
        let one = try #require(try measure([CLI.binary, "list", "--json", "--app", app, "--target", "App5"], environment: cli.environment, in: cli.home))
        #expect(one.status == 0 && one.stdout.contains("com.example.App5"), "\(one.stderr.prefix(300))")
        #expect(one.peakMegabytes < 150, "\(one.peakMegabytes) MB")
    }

    /// Writes pictures with bench/make-bench-input.py (`arguments` after the script's name).
    private func makeBenchInput(_ arguments: [String]) throws {
        let script = Repository.root.appendingPathComponent("bench/make-bench-input.py").path
        let made = try CLI.run(executable: "/usr/bin/env", ["python3", script] + arguments,
                               environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"], timeout: 300)
        try #require(made.status == 0, "make-bench-input.py failed: \(made.stderr)")
    }

    @Test func previewOfA4096CrushedPNGStaysUnder150MB() throws {
        let folder = TemporaryFolder()
        try makeBenchInput(["oneicon", folder.url("app"), "4096", "--level", "1", "--crushed"])
        let run = try #require(try measure([CLI.binary, "preview", "--app", folder.url("app/Info.plist"), "--size", "16x8", "--color", "256"],
                                           environment: CLI(home: folder).environment, in: folder, timeout: 300), "preview did not finish")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.peakMegabytes < 150, "peak \(run.peakMegabytes) MB")
    }

    @Test func parallelDecodingOfBigPicturesStaysWithinOneBudget() throws {
        // Four 4096×4096 icons that go through libpng (a suggested palette keeps the row decoder
        // out): decoded one per core, four would hold 64 MiB of pixels each at once.
        let folder = TemporaryFolder()
        try makeBenchInput(["oneicon", folder.url("one"), "4096", "--level", "1", "--palette-hint"])
        let picture = try Data(contentsOf: URL(fileURLWithPath: folder.url("one/big@2x.png")))
        var alternates: [String: Any] = [:]
        for name in ["a", "b", "c", "d"] {
            folder.write("app/\(name)@2x.png", picture)
            alternates[name] = ["CFBundleIconFiles": [name]]
        }
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": alternates]], as: "app/Info.plist")
        let cli = CLI(home: folder)
        let run = try #require(try measure([CLI.binary, "preview", "--app", plist, "--size", "8x4", "a", "b", "c", "d"],
                                           environment: cli.environment, in: folder, timeout: 300), "preview did not finish")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakMegabytes < 150, "peak \(run.peakMegabytes) MB")
    }

    @Test func aSocketOrALinkLoopGivenAsAppSaysSo() throws {
        let cli = CLI()
        let loop = cli.home.url("loop")
        #expect(symlink(cli.home.url("loop2"), loop) == 0 && symlink(loop, cli.home.url("loop2")) == 0)
        let looped = try cli.run(["list", "--app", loop])
        #expect(looped.status == 2 && looped.stderr == "iconchooser: error: \(loop): a symbolic link loop\n", "\(looped.stderr)")

        let dangling = cli.home.url("dangling")
        #expect(symlink(cli.home.url("nowhere.plist"), dangling) == 0)
        let broken = try cli.run(["lint", "--app", dangling])
        #expect(broken.status == 2 && broken.stderr.contains("\(dangling): a broken symbolic link (to “\(cli.home.url("nowhere.plist"))”, which does not exist)"),
                "\(broken.stderr)")

        let socketPath = cli.home.url("s")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: socketPath.utf8.prefix($0.count - 1)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        let socketRun = try cli.run(["current", "--app", socketPath])
        #expect(socketRun.status == 2 && socketRun.stderr.contains("\(socketPath): not a regular file (a socket)"), "\(socketRun.stderr)")
    }
}
