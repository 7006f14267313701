import Foundation
import Testing
import TestSupport

/// `add` then `remove` through the binary on every shared Expo app with a JSON config: the new icon
/// read back by `list --json` with its images and run-time name, then every byte of the project
/// as it was. A config program is refused with the entry to write by hand.
struct ExpoEditTests {
    let cli = CLI()

    /// Each shared app with an app.json: where it is, the name `add` is given (a list named by
    /// place takes the next place), whether it takes dark and tinted, and the name the app calls.
    /// nil run-time name: the refusal expected instead.
    static let apps: [(app: String, name: String, appearances: Bool, runTimeName: String?)] = [
        ("PapillonApp_papillon-v6", "teal", false, "teal"),
        ("Keireira_uha", "teal", true, "AppIcon-teal"),
        ("pchalupa_expo-alternate-app-icons/example", "teal", true, "Teal"),
        ("outsung_expo-dynamic-app-icon/example", "teal", false, "teal"),
        ("mozzius_expo-dynamic-app-icon/example", "teal", false, "teal"),
        ("howincodes_expo-dynamic-app-icon/example", "teal", true, "AppIcon-teal"),
        ("Variant-Systems_expo-dynamic-app-icon/example", "teal", false, "teal"),
        ("mzaien_config-plugin-repro-expo-52", "teal", false, "teal"),
        ("EvanBacon_expo-quick-actions/example", "2", true, "expo_ic_2"),
        // A local plugin copies its icons: no plugin iconchooser writes.
        ("Keireira_uha@HEAD", "teal", false, nil),
        // app.config.js decides over app.json: never edited.
        ("mariomurrent-softwaresolutions_expo-sdk-49-beta-dynamic-app-icon-issue", "teal", false, nil),
        ("expo_config-plugins/apps/react-native-dynamic-app-icon", "2", false, nil),
    ]

    @Test func everySharedAppWithAJSONConfigIsListed() throws {
        try #require(ExpoCorpus.available, "\(ExpoCorpus.skipMessage)")
        let listed = Set(Self.apps.map(\.app))
        let root = ExpoCorpus.root.path
        for entry in try FileManager.default.subpathsOfDirectory(atPath: root)
            where (entry as NSString).lastPathComponent == "app.json" && !entry.contains("node_modules") && !entry.contains("/ios/") {
            #expect(listed.contains((entry as NSString).deletingLastPathComponent), "\(entry) has no round trip")
        }
    }

    @Test(.enabled(if: ExpoCorpus.available, "\(ExpoCorpus.skipMessage)"), arguments: apps.map(\.app))
    func addThenRemoveGivesBackEveryByte(_ app: String) throws {
        let (_, name, appearances, runTimeName) = try #require(Self.apps.first { $0.app == app })
        let folder = TemporaryFolder()
        let top = String(app.split(separator: "/")[0])
        try FileManager.default.copyItem(atPath: ExpoCorpus.path(top), toPath: folder.url(top))
        let project = folder.url(app)
        let before = EditCommandTests.snapshot(folder.url(top))
        let images = TemporaryFolder()
        let light = images.write("light.png", PNGWriter.opaque(width: 1024, height: 1024, colour: (20, 140, 140)))
        let dark = images.write("dark.png", PNGWriter.opaque(width: 1024, height: 1024, colour: (10, 40, 40)))
        let tinted = images.write("tinted.png", PNGWriter.opaque(width: 1024, height: 1024, colour: (120, 120, 120)))
        let add = try cli.run(["add", name, light] + (appearances ? ["--dark", dark, "--tinted", tinted] : []) + ["--app", project],
                              timeout: 120)
        guard let runTimeName else {
            #expect(add.status == 1, "\(app): \(add.stdout)")
            #expect(add.stderrLines.count == 1, "\(app): \(add.stderr)")
            #expect(EditCommandTests.difference(before, EditCommandTests.snapshot(folder.url(top))).isEmpty)
            return
        }
        #expect(add.status == 0, "\(app): \(add.stderr)")
        let list = try cli.run(["list", "--json", "--app", project], timeout: 120)
        let icons = try #require((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["icons"] as? [[String: Any]])
        let icon = try #require(icons.first { $0["name"] as? String == runTimeName }, "\(app): \(icons.map { $0["name"] ?? "" })")
        #expect(icon["configKey"] as? String == name)
        let paths = (icon["images"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.count == (appearances ? 3 : 1), "\(app): \(paths)")
        for path in paths {
            #expect(FileManager.default.contents(atPath: path) != nil, "\(app): \(path)")
            #expect(((path as NSString).lastPathComponent as NSString).deletingPathExtension.hasPrefix(name))
        }
        // Beside the other alternates' images.
        let others = icons.filter { $0["configKey"] as? String != name && $0["name"] is String }
            .flatMap { ($0["images"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String } }
        if let other = others.last {
            #expect(paths.allSatisfy { ($0 as NSString).deletingLastPathComponent == (other as NSString).deletingLastPathComponent }, "\(app)")
        }
        let remove = try cli.run(["remove", runTimeName, "--app", project], timeout: 120)
        #expect(remove.status == 0, "\(app): \(remove.stderr)")
        #expect(EditCommandTests.difference(before, EditCommandTests.snapshot(folder.url(top))).isEmpty, "\(app)")
    }

    /// A made project whose app.config.js builds on app.json, with no Expo CLI to run it: the
    /// entry to add, in the plugin's shape, from the JSON config Expo hands the program.
    @Test func aConfigProgramIsNeverEdited() throws {
        let folder = TemporaryFolder()
        folder.write("app.json", #"{"expo": {"plugins": [["expo-dynamic-app-icon", {"red": {"image": "./art/red.png", "prerendered": true}}]]}}"#)
        folder.write("app.config.js", "module.exports = ({ config }) => config;\n")
        folder.writePNG("art/red.png", width: 1024)
        let image = folder.writePNG("new.png", width: 1024)
        let before = EditCommandTests.snapshot(folder.path)
        let add = try cli.run(["add", "blue", image, "--app", folder.path])
        #expect(add.status == 1)
        #expect(add.stderrLines == ["iconchooser: error: \(folder.url("app.config.js")): a config program is not edited; add "
            + #""blue": { "image": "./art/blue.png", "prerendered": true }"# + " to the icons of expo-dynamic-app-icon in its plugins, "
            + "and copy \(image) as ./art/blue.png"])
        let remove = try cli.run(["remove", "red", "--app", folder.path])
        #expect(remove.status == 1)
        #expect(remove.stderrLines == ["iconchooser: error: \(folder.url("app.config.js")): a config program is not edited; remove the "
            + "entry “red” from the icons of expo-dynamic-app-icon in its plugins (expo.plugins[0][1].red), and its images ./art/red.png"])
        // Without a JSON config, the plugin the project depends on gives the shape.
        try FileManager.default.removeItem(atPath: folder.url("app.json"))
        folder.write("package.json", #"{"dependencies": {"expo": "~52.0.0", "expo-alternate-app-icons": "^8.0.0"}}"#)
        let bare = try cli.run(["add", "Blue", image, "--app", folder.path])
        #expect(bare.stderrLines == ["iconchooser: error: \(folder.url("app.config.js")): a config program is not edited; add "
            + #"{ "name": "Blue", "ios": "./assets/Blue.png" }"# + " to the icons of expo-alternate-app-icons in its plugins, "
            + "and copy \(image) as ./assets/Blue.png"])
        var after = EditCommandTests.snapshot(folder.path)
        after["app.json"] = before["app.json"]
        after["package.json"] = nil
        #expect(EditCommandTests.difference(before, after).isEmpty)
    }
}
