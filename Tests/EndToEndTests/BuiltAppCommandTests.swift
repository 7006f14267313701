import Foundation
import Testing

/// Every command on a built `.app` and `.ipa` made by the tests, and every bad archive the
/// issue names: one line naming the file (and the entry), the documented status, and the
/// cost measured on the child itself (CPU time and peak memory, from GNU time).
@Suite struct BuiltAppCommandTests {
    let cli = CLI()
    let folder = TemporaryFolder()
    let fixture = BuiltAppFixture()

    /// A run of the binary with what it cost (see `measure`).
    func measured(_ arguments: [String]) throws -> Measured {
        guard let run = try measure([CLI.binary] + arguments, environment: cli.environment, in: folder, timeout: 30) else {
            throw CLI.TimedOut(command: arguments.joined(separator: " "), seconds: 30)
        }
        return run
    }

    /// Within a second of CPU and 200 MB, whatever the outcome.
    func expectCheap(_ run: Measured, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.cpuSeconds < 1, "\(what): \(run.cpuSeconds) s of CPU", sourceLocation: sourceLocation)
        #expect(run.peakMegabytes < 200, "\(what): \(run.peakMegabytes) MB", sourceLocation: sourceLocation)
    }

    /// `list` refuses the app: exit 2, nothing on stdout, one line starting with `PREFIX: ` and holding `fragment`.
    func expectRefused(_ app: String, prefix: String? = nil, mentioning fragment: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try measured(["list", "--app", app])
        #expect(run.status == 2, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(run.stderrLines.count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.hasPrefix("iconchooser: error: \(prefix ?? app): "), "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(fragment), "\(run.stderr)", sourceLocation: sourceLocation)
        expectCheap(run, fragment, sourceLocation: sourceLocation)
    }

    /// `list` reads the app but warns, once, about `entry`.
    func expectWarned(_ app: String, about entry: String, mentioning fragment: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let run = try measured(["list", "--app", app])
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("iconchooser: warning: \(app):\(entry): ") }
        #expect(warnings.count == 1, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(warnings.first?.contains(fragment) == true, "\(run.stderr)", sourceLocation: sourceLocation)
        expectCheap(run, fragment, sourceLocation: sourceLocation)
    }

    /// The standard app's entries, with `change` applied, zipped byte by byte.
    func ipa(_ name: String = "App.ipa", _ change: (inout [RawZip.Entry]) -> Void = { _ in }) -> String {
        var entries = fixture.entries.map { RawZip.Entry.deflated($0.name, $0.data) }
        change(&entries)
        return folder.write(name, RawZip(entries).build())
    }

    private let root = "Payload/Sample.app/"

    // MARK: - Every command on a good app

    @Test func listReadsTheAppAndTheIPAAlike() throws {
        let app = fixture.writeApp(in: folder)
        let ipa = try fixture.writeIPA(in: folder)
        for (path, source, plist) in [(app, "app", app + "/Info.plist"), (ipa, "ipa", ipa + ":Payload/Sample.app/Info.plist")] {
            let text = try measured(["list", "--app", path])
            #expect(text.status == 0, "\(text.stderr)")
            let rows = text.stdout.split(separator: "\n").map { Array($0.split(separator: "\t", omittingEmptySubsequences: false).prefix(3)) }
            #expect(rows == [["", "", "true"], ["Blue", "", "false"], ["Dark", "", "false"]], "\(text.stdout)")
            #expect(text.stderr == "iconchooser: warning: \(plist): “Dark” has only CFBundleIconName, and the compiled asset catalog "
                + "(Assets.car) has no images for it; shown as a placeholder\n")
            expectCheap(text, "list \(source)")
            let table = try cli.runOnTerminal(["list", "--app", path])
            let lines = table.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Sample (\(BuiltAppFixture.bundleIdentifier)) — \(plist), phone")
            #expect(lines.dropFirst().prefix(3) == [
                "✓ Default  -  AppIcon60x60@2x.png 120×120, AppIcon60x60@3x.png 180×180",
                "  Blue     -  Blue60x60@2x.png 120×120, Blue60x60@3x.png 180×180",
                "  Dark     -  (not in Assets.car)",
            ])
            #expect(lines.dropFirst(4) == ["warning: \(plist): “Dark” has only CFBundleIconName, and the compiled asset catalog "
                + "(Assets.car) has no images for it; shown as a placeholder"])

            let json = try jsonObject(cli.run(["list", "--json", "--app", path, "--idiom", "pad"]).stdout)
            let about = try #require(json["app"] as? [String: Any])
            #expect(about["source"] as? String == source)
            #expect(about["plist"] as? String == plist)
            #expect(about["bundleIdentifier"] as? String == BuiltAppFixture.bundleIdentifier)
            let icons = try #require(json["icons"] as? [[String: Any]])
            #expect(icons.map { $0["name"] as? String } == [nil, "Blue", "Dark"])
            let images = (icons[1]["images"] as? [[String: Any]]) ?? []
            #expect(images.compactMap { $0["width"] as? Int } == [120, 180, 152, 167])
            let blue = source == "app" ? app + "/Blue76x76@2x~ipad.png" : ipa + ":Payload/Sample.app/Blue76x76@2x~ipad.png"
            #expect(images.compactMap { $0["path"] as? String }.contains(blue))
            #expect((icons[2]["images"] as? [Any])?.isEmpty == true)
            #expect((json["warnings"] as? [String])?.count == 1)
        }
        // Nothing was unpacked beside the archive.
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix("out-") && !$0.hasPrefix("err-") })
            == ["Sample.app", "Sample.ipa"])
    }

    @Test func currentAndSetKeepTheChoiceUnderTheBundleIdentifier() throws {
        let ipa = try fixture.writeIPA(in: folder)
        let app = fixture.writeApp(in: folder)
        #expect(try cli.run(["current", "--app", ipa]).stdout == "\n")
        #expect(try cli.run(["set", "Blue", "--app", ipa]).status == 0)
        #expect(try cli.run(["current", "--app", ipa]).stdout == "Blue\n")
        // The same app as a folder is the same bundle identifier, so the same choice.
        #expect(try cli.run(["current", "--app", app]).stdout == "Blue\n")
        #expect(FileManager.default.fileExists(atPath: cli.home.url("state/iconchooser/\(BuiltAppFixture.bundleIdentifier).json")))
        // An asset-catalog alternate can be chosen like any other.
        let dark = try cli.run(["set", "Dark", "--app", app])
        #expect(dark.status == 0, "\(dark.stderr)")
        #expect(try jsonObject(cli.run(["current", "--json", "--app", ipa]).stdout)["alternateIconName"] as? String == "Dark")
        let unknown = try cli.run(["set", "Green", "--app", ipa])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "iconchooser: error: \(ipa):Payload/Sample.app/Info.plist: no alternate icon named “Green”; "
            + "valid names: Blue, Dark (or --primary)\n")
        #expect(try cli.run(["set", "--primary", "--app", ipa]).status == 0)
        #expect(try cli.run(["current", "--app", app]).stdout == "\n")
    }

    @Test func previewDrawsTheCrushedPicturesFromTheArchive() throws {
        for path in [fixture.writeApp(in: folder), try fixture.writeIPA(in: folder)] {
            let run = try measured(["preview", "--app", path, "--size", "8x4", "--color", "truecolor"])
            #expect(run.status == 0, "\(run.stderr)")
            // The red primary and the blue alternate as their own colours; Dark as the placeholder.
            #expect(run.stdout.contains("2;220;30;30"), "\(run.stdout)")
            #expect(run.stdout.contains("2;30;60;220"), "\(run.stdout)")
            #expect(run.stdout.contains("Default") && run.stdout.contains("Blue") && run.stdout.contains("Dark"))
            #expect(run.stderrLines.count == 1 && run.stderr.contains("“Dark” has only CFBundleIconName"), "\(run.stderr)")
            expectCheap(run, "preview")
        }
    }

    @Test func lintChecksTheArchivedImages() throws {
        for path in [fixture.writeApp(in: folder), try fixture.writeIPA(in: folder)] {
            // Its car holds no icon: each alternate named by CFBundleIconName is missing from it (ITMS-90895).
            let run = try measured(["lint", "--app", path, "--format", "json"])
            #expect(run.status == 1, "\(run.stderr)")
            let findings = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(findings.compactMap { $0["rule"] as? String } == Array(repeating: "car-icon-missing", count: 4))
            #expect(findings.compactMap { $0["severity"] as? String } == Array(repeating: "error", count: 4))
            expectCheap(run, "lint")
        }
        var broken = fixture
        broken.files["Blue60x60@3x.png"] = PNGWriter.crushed(width: 180, height: 120) { _, _ in (1, 2, 3, 255) }
        let ipa = try broken.writeIPA(in: folder, as: "Broken.ipa")
        let run = try measured(["lint", "--app", ipa])
        #expect(run.status == 1)
        #expect(run.stdout.contains("\(ipa):Payload/Sample.app/Blue60x60@3x.png: error: is 180×120 pixels, not square; "
            + "used by alternate “Blue” in CFBundleIcons [non-square-image]"), "\(run.stdout)")
    }

    // MARK: - Bad archives

    @Test func anArchiveThatIsNoZipOrIsCutShort() throws {
        try expectRefused(folder.write("Words.ipa", String(repeating: "not a zip at all\n", count: 100)),
                          mentioning: "not a zip archive (no end-of-central-directory record")
        let whole = try Data(contentsOf: URL(fileURLWithPath: try fixture.writeIPA(in: folder)))
        try expectRefused(folder.write("Cut.ipa", whole.prefix(whole.count * 2 / 3)), mentioning: "not a zip archive")
        try expectRefused(folder.write("Empty.ipa", Data()), mentioning: "not a zip archive (the file is empty)")
    }

    @Test func zipBombsAreRefusedAtOnce() throws {
        let plist = root + "Info.plist"
        let lying = ipa("Lying.ipa") { $0[0] = .zeros(plist, count: 16 << 20, declaring: 4096) }
        try expectRefused(lying, prefix: lying + ":" + plist, mentioning: "inflates past its declared size of 4096 bytes")
        let honest = ipa("Honest.ipa") { $0[0] = .zeros(plist, count: 1 << 20, declaring: 3 << 30) }
        try expectRefused(honest, prefix: honest + ":" + plist, mentioning: "over the limit")
        // As an icon, a bomb costs only its own picture.
        let icon = ipa("Icon.ipa") { entries in
            entries.removeAll { $0.name.hasSuffix("Blue60x60@2x.png") }
            entries.append(.zeros(self.root + "Blue60x60@2x.png", count: 16 << 20, declaring: 64))
        }
        try expectWarned(icon, about: root + "Blue60x60@2x.png", mentioning: "inflates past its declared size")
        let preview = try measured(["preview", "--app", icon, "--size", "8x4"])
        #expect(preview.status == 0)
        expectCheap(preview, "preview of a bomb")
    }

    @Test func aHundredThousandEntries() throws {
        // The app's own entries and filler: exactly 100,000, the most an archive may list.
        let filler = (0..<(100_000 - fixture.entries.count)).map { RawZip.Entry.stored(String(format: "SwiftSupport/iphoneos/lib%06d.dylib", $0), Data()) }
        let many = ipa("Many.ipa") { $0 += filler }
        let run = try measured(["list", "--app", many])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Blue60x60@2x.png\t"))
        expectCheap(run, "100,000 entries")
        let tooMany = ipa("TooMany.ipa") { $0 += filler + [.stored("one-more", Data())] }
        try expectRefused(tooMany, mentioning: "its directory lists 100001 entries; more than 100000 are refused")
    }

    @Test func duplicateNames() throws {
        let plist = root + "Info.plist"
        let twice = ipa("Twice.ipa") { $0.append($0[0]) }
        try expectRefused(twice, prefix: twice + ":" + plist, mentioning: "appears 2 times in the archive")
        let icon = ipa("Icon.ipa") { $0.append($0.first { $0.name.hasSuffix("Blue60x60@2x.png") }!) }
        try expectWarned(icon, about: root + "Blue60x60@2x.png", mentioning: "appears 2 times in the archive")
    }

    @Test func namesThatLeaveTheArchive() throws {
        let dots = ipa("Dots.ipa") { $0.append(.stored("Payload/Sample.app/../../evil.png", Data([1]))) }
        try expectWarned(dots, about: "Payload/Sample.app/../../evil.png", mentioning: "name contains “..”; ignored")
        let absolute = ipa("Absolute.ipa") { $0.append(.stored("/tmp/evil.png", Data([1]))) }
        try expectWarned(absolute, about: "/tmp/evil.png", mentioning: "name is an absolute path; ignored")
    }

    @Test func linksAndEncryptedEntriesAreNotRead() throws {
        let icon = root + "Blue60x60@2x.png"
        let link = ipa("Link.ipa") { entries in
            entries.removeAll { $0.name == icon }
            entries.append(.symlink(icon, to: "/etc/passwd"))
        }
        try expectWarned(link, about: icon, mentioning: "is a symbolic link; links in an archive are never followed")
        let linkedPlist = ipa("LinkedPlist.ipa") { $0[0] = .symlink(self.root + "Info.plist", to: "../../Info.plist") }
        try expectRefused(linkedPlist, prefix: linkedPlist + ":" + root + "Info.plist", mentioning: "is a symbolic link")
        let encrypted = ipa("Encrypted.ipa") { entries in
            let index = entries.firstIndex { $0.name == icon }!
            entries[index].flags |= 1
        }
        try expectWarned(encrypted, about: icon, mentioning: "is encrypted; not read")
    }

    @Test func aFIFOGivenAsTheAppIsRefusedWithoutWaiting() throws {
        let fifo = folder.url("Waiting.ipa")
        #expect(mkfifo(fifo, 0o600) == 0)
        try expectRefused(fifo, mentioning: "not a regular file (a FIFO)")
    }

    @Test func archivesWithoutOneApp() throws {
        let plist = fixture.plistData
        let none = folder.write("None.ipa", RawZip([.stored("Sample.app/Info.plist", plist)]).build())
        try expectRefused(none, mentioning: "holds no Payload/NAME.app folder; not an iOS app archive")
        let two = folder.write("Two.ipa", RawZip([.stored("Payload/A.app/Info.plist", plist), .stored("Payload/B.app/Info.plist", plist)]).build())
        try expectRefused(two, mentioning: "holds 2 apps (Payload/A.app, Payload/B.app); an .ipa holds exactly one")
    }

    // MARK: - The chooser

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
    func theChooserRunsOnAnIPA() throws {
        let ipa = try fixture.writeIPA(in: folder)
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let done = folder.url("status.txt")
        let command = [CLI.binary, "--app", ipa].map(shellQuote).joined(separator: " ")
        let tmux = try Tmux(command: "\(command); echo $? > \(shellQuote(done))", environment: environment)
        let screen = try tmux.waitFor("the three icons") { rows in
            rows.contains { $0.contains("Default") && $0.contains("Blue") && $0.contains("Dark") }
        }
        #expect(screen.contains { $0.contains("Sample") })
        try tmux.send("Right")
        try tmux.send("Enter")
        try tmux.waitFor(text: "You have changed the icon for")
        #expect(try cli.run(["current", "--app", ipa]).stdout == "Blue\n")
        try tmux.send("Enter")
        try tmux.waitFor("alert dismissed") { !$0.contains { $0.contains("You have changed") } }
        try tmux.send("q")
        #expect(try tmux.waitForFile(done) == "0\n")
    }
}
