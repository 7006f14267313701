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
        #expect(changed == ["App Icons/app-icon--teal-ipad@2x.png", "App Icons/app-icon--teal-ipadpro@2x.png",
                            "App Icons/app-icon--teal@2x.png", "App Icons/app-icon--teal@3x.png", "Info.plist"])
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

    @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let image = folder.writePNG("teal.png", width: 1024)
        let before = Self.snapshot(demo)
        let outcome = try cli.run(["add", "Teal", image, "--app", demo, "--dry-run"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("+++ b/Info.plist"))
        #expect(outcome.stdout.contains("+\t\t\t<key>Teal</key>"))
        #expect(outcome.stdout.contains("app-icon--teal@2x.png"))
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

    @Test func aBuiltAppIsNotEdited() throws {
        let folder = TemporaryFolder()
        let app = folder.url("Built.app")
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        _ = folder.writePlist(["CFBundleIdentifier": "x", "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["A"]]]],
                              as: "Built.app/Info.plist", format: .binary)
        let outcome = try cli.run(["add", "Teal", folder.writePNG("teal.png", width: 1024), "--app", app])
        #expect(outcome.status == 2 && outcome.stderr.contains("built app"), "\(outcome.stderr)")
    }
}
