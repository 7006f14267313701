import Foundation
import Testing
import TestSupport

/// Another program appending to the file `add` replaces, while each of `add`'s renames and
/// links is held up 0.4 s (strace's delay injection) so the two overlap: whatever the outcome
/// (written, or refused because the file changed), not one line the other program wrote is lost.
@Suite struct ConcurrentEditTests {
    let cli = CLI()

    /// Appends numbered XML comments to `file` until `stop` exists, beginning once `start`
    /// exists (when given); prints how many it wrote.
    static let writer = """
        import os, sys, time
        path, stop, start = sys.argv[1], sys.argv[2], sys.argv[3:]
        while start and not os.path.exists(start[0]) and not os.path.exists(stop):
            time.sleep(0.005)
        n = 0
        while not os.path.exists(stop):
            with open(path, "a") as f:
                f.write("<!-- other program %d -->\\n" % n)
            n += 1
            time.sleep(0.01)
        print(n)
        """

    @Test func anotherProgramsLinesSurviveAnAddDelayedAtEveryRename() throws {
        try #require(FileManager.default.isExecutableFile(atPath: KillRecoveryTests.strace), "strace is missing: make test installs it")
        var outcomes: [Int32] = []
        for run in 1...5 {
            let folder = TemporaryFolder()
            let demo = folder.copyDemo()
            let image = folder.writePNG("trusty.png", width: 1024)
            let plist = demo + "/Info.plist"
            let stop = folder.url("stop")
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            // Odd runs write from the start, so add finds the plist changed since it read it;
            // even runs begin once add puts its first new file in place, after its last look,
            // so only the look at the replaced file once out of the way can see it.
            let firstNewFile = demo + "/App Icons/app-icon--Trusty-ipad@2x.png"
            writer.arguments = ["-c", Self.writer, plist, stop] + (run.isMultiple(of: 2) ? [firstNewFile] : [])
            let written = Pipe()
            writer.standardOutput = written
            try writer.run()
            Thread.sleep(forTimeInterval: 0.05)
            let added = try CLI.run(executable: KillRecoveryTests.strace,
                                    ["-f", "-o", "/dev/null", "-e", "trace=rename,renameat2,link",
                                     "-e", "inject=rename,renameat2,link:delay_enter=400000",
                                     CLI.binary, "add", "Trusty", image, "--app", demo], environment: cli.environment, timeout: 120)
            FileManager.default.createFile(atPath: stop, contents: nil)
            let count = Int(String(decoding: written.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
            writer.waitUntilExit()
            #expect(count > 0, "run \(run): the other program wrote nothing")
            let text = try String(contentsOfFile: plist, encoding: .utf8)
            let missing = (0..<max(count, 0)).filter { !text.contains("<!-- other program \($0) -->\n") }
            #expect(missing.isEmpty, "run \(run): add exited \(added.status) (\(added.stderr)) and \(missing.count) of \(count) lines are gone")
            #expect(added.status == 1 && added.stderr.contains(run.isMultiple(of: 2) ? "while it was being written" : "since it was read"),
                    "run \(run): \(added.stderr)")
            outcomes.append(added.status)
        }
        print("add beside another writer, exit statuses: \(outcomes)")
    }
}
