import Foundation
import Testing

/// Every bad input gets one clear line naming the file, the documented exit code, and no hang.
@Suite struct BadInputTests {
    private func expectRefused(_ app: String, status: Int32 = 2, mentioning fragment: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let out = try CLI().run(["list", "--app", app], timeout: 20)
        #expect(out.status == status, "\(out.stderr)", sourceLocation: sourceLocation)
        #expect(out.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(out.stderrLines.count == 1, "\(out.stderr)", sourceLocation: sourceLocation)
        #expect(out.stderr.hasPrefix("iconchooser: error: \(app): "), "\(out.stderr)", sourceLocation: sourceLocation)
        #expect(out.stderr.contains(fragment), "\(out.stderr)", sourceLocation: sourceLocation)
    }

    @Test func emptyFile() throws {
        let folder = TemporaryFolder()
        try expectRefused(folder.write("Info.plist", ""), mentioning: "empty")
    }

    @Test func textThatIsNotAPlist() throws {
        let folder = TemporaryFolder()
        try expectRefused(folder.write("Info.plist", "just some words\n"), mentioning: "not a property list")
    }

    @Test(.enabled(if: Repository.hasCorpus, "../shared/corpus is not present"))
    func telegramFragment() throws {
        try expectRefused(Repository.realPlist("TelegramMessenger_Telegram-iOS_AlternateIcons.plist"),
                          mentioning: "not a property list")
    }

    @Test func truncatedBinaryPlist() throws {
        let folder = TemporaryFolder()
        let whole = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": ["a": ["CFBundleIconFiles": ["a"]]]]],
                                      format: .binary)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        try expectRefused(folder.write("cut.plist", data.prefix(data.count - 7)), mentioning: "not a property list")
    }

    @Test func tenThousandLevelsOfNesting() throws {
        let folder = TemporaryFolder()
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>CFBundleIcons</key>"
            + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000) + "</dict></plist>"
        try expectRefused(folder.write("Info.plist", xml), mentioning: "nested")
    }

    @Test func sharedReferenceBinaryPlist() throws {
        let folder = TemporaryFolder()
        try expectRefused(folder.write("Info.plist", BinaryPlistBuilder.sharedReferenceBomb()), mentioning: "expand")
    }

    @Test func iconsOfTheWrongType() throws {
        let folder = TemporaryFolder()
        try expectRefused(folder.writePlist(["CFBundleIcons": "AppIcon"]),
                          mentioning: "CFBundleIcons is a string, expected a dictionary")
        try expectRefused(folder.writePlist(["CFBundleName": "x"], as: "none.plist"), mentioning: "no CFBundleIcons")
        try expectRefused(folder.write("array.plist", try PropertyListSerialization.data(
            fromPropertyList: [1, 2], format: .xml, options: 0)), mentioning: "not a dictionary")
    }

    @Test func alternateOfTheWrongTypeIsSkippedWithAWarning() throws {
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": [
            "good": ["CFBundleIconFiles": ["g"]], "bad": 42, "noFiles": ["ordinal": 1],
        ]]])
        let out = try CLI().run(["list", "--app", plist])
        #expect(out.status == 0)
        #expect(out.stdout.contains("good"))
        #expect(out.stderr.contains("warning: CFBundleIcons.CFBundleAlternateIcons.bad: is an integer, expected a dictionary; skipped"))
        #expect(out.stderr.contains("warning: CFBundleIcons.CFBundleAlternateIcons.noFiles: has no CFBundleIconFiles; skipped"))
    }

    @Test func fifoIsRefusedWithoutWaiting() throws {
        let folder = TemporaryFolder()
        let fifo = folder.url("Info.plist")
        #expect(mkfifo(fifo, 0o600) == 0)
        try expectRefused(fifo, mentioning: "not a regular file (a FIFO)")
    }

    @Test func emptyOptionValuesAreRefusedByName() throws {
        for option in ["--app", "--target", "--configuration", "--state"] {
            let out = try CLI().run(["list", option, ""], timeout: 20)
            #expect(out.status == 64, "\(option): \(out.stderr)")
            #expect(out.stdout.isEmpty)
            #expect(out.stderr.hasPrefix("Error: \(option) expects a value, not an empty string"), "\(out.stderr)")
        }
    }

    @Test func folderWithoutInfoPlist() throws {
        let folder = TemporaryFolder()
        try expectRefused(folder.path, mentioning: "folder holds no Info.plist")
        try expectRefused(folder.url("missing"), mentioning: "no such file")
    }

    @Test func controlAndBidiCharactersAreStrippedInTextAndEscapedInJSON() throws {
        let folder = TemporaryFolder()
        let evilName = "evil\u{1B}]0;pwned\u{07}\u{1B}[31m\u{202E}name"
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": [
            evilName: ["CFBundleIconFiles": ["file\u{1B}[2J\u{202E}x"]],
            "plain": ["CFBundleIconFiles": ["plain"]],
        ]]])
        let cli = CLI()
        for arguments in [["list"], ["set", "nope"], ["set", evilName], ["current"]] {
            let out = try cli.run(arguments + ["--app", plist])
            for text in [out.stdout, out.stderr] {
                #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E },
                        "\(arguments): \(text.debugDescription)")
            }
        }
        let json = try cli.run(["list", "--json", "--app", plist]).stdout
        #expect(json.contains("\\u001b") && json.contains("\\u202e"))
        #expect(!json.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        let names = (try jsonObject(json)["icons"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names?.contains(evilName) == true)
        #expect(try cli.run(["current", "--json", "--app", plist]).stdout.contains("\\u202e"))
    }

    @Test func stateFolderThatCannotBeWrittenFailsAndChangesNothing() throws {
        let cli = CLI()
        let blocker = cli.home.write("blocker", "not a folder")
        let out = try cli.run(["set", "black-white", "--state", blocker + "/state.json"])
        #expect(out.status == 1)
        #expect(out.stderrLines.count == 1)
        #expect(out.stderr.contains("cannot save the icon choice"))
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "not a folder")

        // A read-only folder (only meaningful when not root: root writes anyway).
        guard getuid() != 0 else { return }
        let locked = cli.home.url("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        #expect(try cli.run(["set", "white-black", "--state", locked + "/s.json"]).status == 0)
        #expect(chmod(locked, 0o500) == 0)
        defer { chmod(locked, 0o700) }
        #expect(try cli.run(["set", "black-white", "--state", locked + "/s.json"]).status == 1)
        #expect(try cli.run(["current", "--state", locked + "/s.json"]).stdout == "white-black\n")
    }

    @Test func corruptStateReadsAsPrimaryWithAWarningAndIsKept() throws {
        let cli = CLI()
        let state = cli.home.write("state.json", "\u{0}\u{1}garbage{")
        let out = try cli.run(["current", "--state", state])
        #expect(out.status == 0)
        #expect(out.stdout == "\n")
        #expect(out.stderr.contains("not a valid state file"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: state)) == Data("\u{0}\u{1}garbage{".utf8))
        let stale = cli.home.write("stale.json", #"{"alternateIconName":"removed-icon","version":1}"#)
        let staleOut = try cli.run(["current", "--state", stale])
        #expect(staleOut.stdout == "\n")
        #expect(staleOut.stderr.contains("no longer declares"))
    }

    @Test func twoProcessesSettingAtOnceNeverLeaveABrokenState() throws {
        let cli = CLI()
        let state = cli.home.url("race/state.json")
        let names = ["black-white", "white-black", "multi-black", "black-multi"]
        func writer(_ first: String, _ second: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", """
                i=0; while [ $i -lt 200 ]; do
                  if [ $((i % 2)) = 0 ]; then n="$1"; else n="$2"; fi
                  "$0" set "$n" --state "$3" || exit 1; i=$((i + 1))
                done
                """, CLI.binary, first, second, state]
            process.environment = cli.environment
            try process.run()
            return process
        }
        let writers = [try writer(names[0], names[1]), try writer(names[2], names[3])]
        var reads = 0
        while writers.contains(where: \.isRunning) {
            if let data = FileManager.default.contents(atPath: state) {
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                let name = object?["alternateIconName"] as? String
                #expect(name.map(names.contains) == true, "read \(String(decoding: data, as: UTF8.self).debugDescription)")
                reads += 1
            }
            usleep(2_000)
        }
        writers.forEach { $0.waitUntilExit() }
        #expect(writers.allSatisfy { $0.terminationStatus == 0 })
        #expect(reads > 0)
        let final = try cli.run(["current", "--state", state])
        #expect(final.stderr.isEmpty)
        #expect(names.contains(final.stdout.trimmingCharacters(in: .newlines)))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cli.home.url("race")).sorted()
        #expect(leftovers == ["state.json", "state.json.lock"])
    }
}
