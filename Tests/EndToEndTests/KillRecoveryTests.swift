import Foundation
import Testing
import TestSupport

/// `add` killed at every write step (`strace -e inject=SYSCALL:signal=KILL:when=N`, for each
/// call the writer makes of each kind): right after the kill every file of the project, this
/// writer's own leftovers aside, is whole, as it was or as the complete edit has it; the next
/// `add` first takes back what the kill left, and the project is then exactly the complete
/// edit, with no leftover anywhere.
@Suite struct KillRecoveryTests {
    let cli = CLI()
    static let strace = "/usr/bin/strace"
    /// Every call that changes the file system: the write steps.
    static let writeCalls = ["fsync", "link", "unlink", "rename", "renameat2", "mkdir", "rmdir"]

    /// The files and folders under `folder` a person sees: this writer's transaction folders and
    /// temporaries aside, and folders holding nothing else (a set folder a kill left with only
    /// temporaries counts as absent).
    static func visible(_ folder: String) -> [String: Data] {
        let all = EditCommandTests.snapshot(folder).filter { path, _ in
            !path.split(separator: "/").contains { $0.hasPrefix(".iconchooser-") }
        }
        return all.filter { path, data in
            data != Data("folder".utf8) || all.keys.contains { $0.hasPrefix(path + "/") && all[$0] != Data("folder".utf8) }
        }
    }

    static func leftovers(_ folder: String) -> [String] {
        EditCommandTests.snapshot(folder).keys.filter { $0.split(separator: "/").contains { $0.hasPrefix(".iconchooser-") } }.sorted()
    }

    /// How many times the busiest thread makes each write call in an `add` that is not killed.
    func callCounts(_ arguments: [String]) throws -> [String: Int] {
        let folder = TemporaryFolder()
        let trace = folder.url("trace")
        let outcome = try CLI.run(executable: Self.strace, ["-f", "-o", trace, "-e", "trace=" + Self.writeCalls.joined(separator: ",")]
                                  + [CLI.binary] + arguments, environment: cli.environment, timeout: 120)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        var perThread: [String: Int] = [:]
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let call = fields[1].drop(while: { $0 == " " }).split(separator: "(").first.map(String.init), Self.writeCalls.contains(call) else { continue }
            perThread["\(fields[0]) \(call)", default: 0] += 1
        }
        var counts: [String: Int] = [:]
        for (key, count) in perThread {
            let call = String(key.split(separator: " ")[1])
            counts[call] = max(counts[call] ?? 0, count)
        }
        return counts
    }

    /// Kills `add` at every write step of a copy of the project `make` makes.
    func killAtEveryStep(_ label: String, make: (TemporaryFolder) throws -> (app: String, arguments: [String])) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.strace), "strace is missing: make test installs it")
        let images = TemporaryFolder()
        let image = images.writePNG("trusty.png", width: 1024)
        // The original and the complete edit.
        let reference = TemporaryFolder()
        let (referenceApp, referenceArguments) = try make(reference)
        let original = EditCommandTests.snapshot(referenceApp)
        let add = ["add", "Trusty", image] + referenceArguments
        let counts = try callCounts(add)
        let complete = EditCommandTests.snapshot(referenceApp)
        #expect(complete != original && Self.leftovers(referenceApp).isEmpty, "\(label): the add did not happen cleanly")
        let completeVisible = Self.visible(referenceApp)
        var kills = 0
        for call in Self.writeCalls {
            guard let count = counts[call] else { continue }
            for step in 1...count {
                let folder = TemporaryFolder()
                let (app, arguments) = try make(folder)
                let before = Self.visible(app)
                let killed = try CLI.run(executable: Self.strace,
                                         ["-f", "-o", "/dev/null", "-e", "trace=\(call)", "-e", "inject=\(call):signal=KILL:when=\(step)",
                                          CLI.binary, "add", "Trusty", image] + arguments, environment: cli.environment, timeout: 120)
                let context = "\(label), killed at \(call) #\(step)"
                if killed.status != 0 { kills += 1 }
                // Each file whole: as it was, or as the complete edit has it (between the first
                // and the last file put in place, some are one and some the other).
                let after = Self.visible(app)
                let torn = Set(before.keys).union(after.keys).union(completeVisible.keys).filter {
                    after[$0] != before[$0] && after[$0] != completeVisible[$0]
                }
                #expect(torn.isEmpty, "\(context): neither as it was nor as the edit makes it: \(torn.sorted())")
                let again = try cli.run(["add", "Trusty", image] + arguments, timeout: 120)
                #expect(again.status == 0 || (again.status == 1 && again.stderr.contains("already has an icon named")), "\(context): \(again.stderr)")
                let final = EditCommandTests.snapshot(app)
                #expect(EditCommandTests.difference(complete, final).isEmpty,
                        "\(context): after the next add: \(EditCommandTests.difference(complete, final))")
                #expect(Self.leftovers(app).isEmpty, "\(context): left \(Self.leftovers(app))")
            }
        }
        #expect(kills >= 10, "\(label): only \(kills) kills happened: \(counts)")
    }

    /// Every command that writes recovers first, whatever it then does: killed mid-way through
    /// putting the files in place, `add` leaves a mix that `remove`, `lint --fix` and `add
    /// --dry-run` each find; the dry run only says so, the others put the demo back as it was.
    @Test(arguments: [["remove", "Trusty"], ["lint", "--fix"], ["add", "Trusty", "--dry-run"]])
    func everyWritingCommandRecoversFirst(_ command: [String]) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.strace), "strace is missing: make test installs it")
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let image = folder.writePNG("trusty.png", width: 1024)
        let original = EditCommandTests.snapshot(demo)
        // The plist's original is linked aside, one new PNG is linked into place, the second is
        // about to be: the plist is not changed yet.
        let killed = try CLI.run(executable: Self.strace, ["-f", "-o", "/dev/null", "-e", "trace=link", "-e", "inject=link:signal=KILL:when=3",
                                                           CLI.binary, "add", "Trusty", image, "--app", demo], environment: cli.environment)
        #expect(killed.status != 0)
        #expect(!Self.leftovers(demo).isEmpty)
        let arguments = command.first == "add" ? ["add", "Trusty", image, "--dry-run"] : command
        let outcome = try cli.run(arguments + ["--app", demo])
        if command.contains("--dry-run") {
            #expect(outcome.stderr.contains("holds an edit interrupted earlier"), "\(outcome.stderr)")
            #expect(!Self.leftovers(demo).isEmpty, "a dry run writes nothing")
        } else {
            #expect(outcome.stderrLines.first?.hasPrefix("iconchooser: an edit interrupted earlier was undone in ") == true, "\(outcome.stderr)")
            #expect(outcome.stderr.contains(": 1 file it made removed, 4 temporary files removed"), "\(outcome.stderr)")
            #expect(EditCommandTests.difference(original, EditCommandTests.snapshot(demo)).isEmpty)
        }
    }

    @Test func thePlistWay() throws {
        try killAtEveryStep("the demo") { folder in
            let demo = folder.copyDemo()
            return (demo, ["--app", demo])
        }
    }

    /// An Expo project: its app.json edited and the image copied beside the others' (outsung's example).
    @Test(.enabled(if: ExpoCorpus.available, "\(ExpoCorpus.skipMessage)"))
    func anExpoConfig() throws {
        try killAtEveryStep("an Expo config") { folder in
            let copy = folder.url("outsung")
            try FileManager.default.copyItem(atPath: ExpoCorpus.path("outsung_expo-dynamic-app-icon"), toPath: copy)
            let app = (copy as NSString).appendingPathComponent("example")
            return (app, ["--app", app])
        }
    }

    /// A catalog icon listed in project.pbxproj (Unstoppable Wallet) and one listed in an
    /// xcconfig file (Threema).
    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"),
          arguments: [("horizontalsystems_unstoppable-wallet-ios", nil), ("threema-ch_threema-ios", "Threema")] as [(String, String?)])
    func theCatalogWay(_ project: String, _ target: String?) throws {
        try killAtEveryStep(project) { folder in
            let copy = folder.url(project)
            try FileManager.default.copyItem(atPath: RealProjectCorpus.path(project), toPath: copy)
            return (copy, ["--app", copy] + (target.map { ["--target", $0] } ?? []))
        }
    }
}
