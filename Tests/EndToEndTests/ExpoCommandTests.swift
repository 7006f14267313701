import Foundation
import Testing

/// Expo projects through the built binary: `list --json` with run-time names and config keys,
/// `set` and `current`, `preview`, and the chooser's details panel saying where the config declares an icon.
struct ExpoCommandTests {
    let cli = CLI()

    /// A project using @howincodes/expo-dynamic-app-icon (names `AppIcon-<key>`), with a comment in its app.json.
    private func project() -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("app.json", """
        {
          "expo": {
            "name": "Made",
            "icon": "./assets/icon.png",
            "ios": { "bundleIdentifier": "com.example.made" },
            "plugins": [
              // The alternates
              ["@howincodes/expo-dynamic-app-icon", {
                "red": { "ios": "./assets/red.png" },
                "night": { "ios": { "light": "./assets/n.png", "dark": "./assets/n-dark.png", "tinted": "./assets/n-tinted.png" } },
              }],
            ],
          },
        }
        """)
        for image in ["icon", "red", "n", "n-dark", "n-tinted"] { folder.writePNG("assets/\(image).png", width: 64) }
        return folder
    }

    @Test func listJSONGivesRunTimeNamesAndConfigKeys() throws {
        let folder = project()
        let out = try cli.run(["list", "--json", "--app", folder.path])
        #expect(out.status == 0, "\(out.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let app = try #require(document["app"] as? [String: Any])
        #expect(app["source"] as? String == "expo")
        #expect(app["bundleIdentifier"] as? String == "com.example.made")
        let icons = try #require(document["icons"] as? [[String: Any]])
        #expect(icons.map { $0["name"] as? String } == [nil, "AppIcon-night", "AppIcon-red"])
        #expect(icons.map { $0["configKey"] as? String } == [nil, "night", "red"])
        #expect(icons[1]["appearances"] as? [String] == ["light", "dark", "tinted"])
        let declared = try #require(icons[1]["declaredIn"] as? [String: Any])
        #expect(declared["keyPath"] as? String == "expo.plugins[0][1].night")
        #expect(declared["plugin"] as? String == "@howincodes/expo-dynamic-app-icon")
    }

    @Test func setCurrentAndPreview() throws {
        let folder = project()
        let state = folder.url("state.json")
        #expect(try cli.run(["set", "AppIcon-red", "--app", folder.path, "--state", state]).status == 0)
        #expect(try cli.run(["current", "--app", folder.path, "--state", state]).stdout == "AppIcon-red\n")
        // The config's key is not the run-time name: refused like any name the app does not have.
        #expect(try cli.run(["set", "red", "--app", folder.path, "--state", state]).status != 0)
        let preview = try cli.run(["preview", "--app", folder.path, "--state", state, "--appearance", "dark"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("AppIcon-night") && preview.stdout.contains("AppIcon-red"))
    }

    /// add writes the plugin's entry into app.json (its comment and trailing commas kept) and the
    /// image beside the others; list reads it back under its run-time name; remove gives back every byte.
    @Test func addAndRemoveWriteTheConfig() throws {
        let folder = project()
        let before = EditCommandTests.snapshot(folder.path)
        let image = folder.write("new.png", PNGWriter.opaque(width: 1024, height: 1024, colour: (90, 90, 90)))
        let dry = try cli.run(["add", "blue", image, "--app", folder.path, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("\n+        \"blue\": { \"ios\": \"./assets/blue.png\" },\n"), "\(dry.stdout)")
        #expect(dry.stderrLines == ["would create 1 file: assets/blue.png", "would change 1 file: app.json"])
        var untouched = EditCommandTests.snapshot(folder.path)
        untouched["new.png"] = nil
        #expect(EditCommandTests.difference(before, untouched).isEmpty, "a dry run writes nothing")
        let add = try cli.run(["add", "blue", image, "--app", folder.path])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "created assets/blue.png\nchanged app.json: added “blue” to the icons of "
            + "@howincodes/expo-dynamic-app-icon; the app calls it “AppIcon-blue”\n")
        let config = try String(contentsOfFile: folder.url("app.json"), encoding: .utf8)
        #expect(config.contains("n-tinted.png\" } },\n        \"blue\": { \"ios\": \"./assets/blue.png\" },\n      }],"), "\(config)")
        let list = try cli.run(["list", "--json", "--app", folder.path])
        let icons = try #require((try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])?["icons"] as? [[String: Any]])
        let blue = try #require(icons.first { $0["name"] as? String == "AppIcon-blue" })
        #expect(blue["configKey"] as? String == "blue")
        #expect((blue["images"] as? [[String: Any]])?.first?["path"] as? String == folder.url("assets/blue.png"))
        let remove = try cli.run(["remove", "AppIcon-blue", "--app", folder.path])
        #expect(remove.status == 0, "\(remove.stderr)")
        var after = EditCommandTests.snapshot(folder.path)
        after["new.png"] = nil
        #expect(EditCommandTests.difference(before, after).isEmpty)
    }

    @Test func malformedConfigIsOneLineAndExit2() throws {
        let folder = TemporaryFolder()
        folder.write("app.json", "{\"expo\": {\"icon\": \"./i.png\" \"x\": 1}}")
        let out = try cli.run(["list", "--app", folder.url("app.json")])
        #expect(out.status == 2)
        #expect(out.stderrLines == ["iconchooser: error: \(folder.url("app.json")): not JSON5 as Expo reads it (line 1, column 29: “,” or “}” expected)"])
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
    func detailsSayWhereTheConfigDeclaresTheIcon() throws {
        let folder = project()
        var env = cli.environment
        env["TERM"] = "xterm-256color"
        let command = [CLI.binary, "--app", folder.path, "--state", folder.url("state.json")].map(shellQuote).joined(separator: " ")
        let tmux = try Tmux(command: command, width: 120, height: 40, environment: env)
        try tmux.waitFor(text: "AppIcon-night")
        try tmux.send("Right")
        try tmux.send("i")
        try tmux.waitFor("the details of AppIcon-night", timeout: 30) { screen in
            let text = screen.joined(separator: "\n")
            return text.contains("config expo.plugins[0][1].night") && text.contains("plugin @howincodes/expo-dynamic-app-icon")
                && text.contains("config key night") && text.contains("n-tinted.png")
        }
        try tmux.send("a")
        try tmux.waitFor(text: "— dark")
        try tmux.send("q")
    }

    /// lint through the binary: the plugin's silent failures as findings, the exit status, JSON and --explain.
    @Test func lintReportsWhatThePluginPassesOver() throws {
        let folder = TemporaryFolder()
        folder.write("app.json", """
        { "expo": { "icon": "./icon.png", "plugins": [["expo-alternate-app-icons", [
            { "name": "Andy", "android": { "foregroundImage": "./icon.png" } },
            { "name": "hail_hydra", "ios": "./small.png" },
        ]]] } }
        """)
        folder.write("icon.png", PNGWriter.opaque(width: 1024, height: 1024, colour: (90, 90, 90)))
        folder.writePNG("small.png", width: 64)
        let text = try cli.run(["lint", "--app", folder.path])
        #expect(text.status == 1, "\(text.stderr)")
        #expect(text.stdout.contains("error: expo.plugins[0][1][0]: “Andy” has no ios image"))
        #expect(text.stdout.contains("[expo-icon-entry-without-ios]"))
        #expect(text.stdout.contains("[expo-name-renamed]") && text.stdout.contains(#"setAlternateAppIcon("HailHydra")"#))
        #expect(text.stderr.isEmpty, "a finding is not also a warning: \(text.stderr)")

        let json = try cli.run(["lint", "--format", "json", "--app", folder.path])
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(Set(findings.compactMap { $0["rule"] as? String }) == ["expo-icon-entry-without-ios", "expo-name-renamed"])
        let entry = try #require(findings.first { $0["rule"] as? String == "expo-icon-entry-without-ios" })
        #expect(entry["severity"] as? String == "error")
        #expect(entry["icon"] as? String == "Andy")
        #expect((entry["file"] as? String)?.hasSuffix("app.json") == true)

        // HailHydra has no finding of its own for its 64 px image: the entry before it stops the plugin, so
        // it is never made. Disabling that rule still leaves the rename note.
        let disabled = try cli.run(["lint", "--disable", "expo-icon-entry-without-ios", "--app", folder.path])
        #expect(disabled.status == 0, "\(disabled.stdout)\(disabled.stderr)")
    }

    @Test func lintExplainsTheExpoRules() throws {
        for rule in ["expo-icon-shape-ignored", "expo-prebuild-stale", "expo-name-renamed", "expo-tinted-in-colour"] {
            let out = try cli.run(["lint", "--explain", rule])
            #expect(out.status == 0, "\(rule): \(out.stderr)")
            #expect(out.stdout.contains(rule) && out.stdout.contains("Fix:"), "\(rule)")
        }
        let help = try cli.run(["lint", "--help"])
        #expect(help.stdout.contains("expo-image-size"))
    }
}
