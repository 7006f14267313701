import Foundation
import Testing

/// `app.config.js` / `.ts`: run through the project's own Expo CLI (here a script printing what
/// `expo config --json --type public` prints for the howincodes example), refused without one,
/// and what it printed, saved as a JSON file, read as the app.
struct ExpoProgramTests {
    let cli = CLI()

    /// The howincodes example's config as `expo config --json --type public` prints it: the
    /// `expo` object at the top, with what Expo adds (sdkVersion, platforms).
    static let printedConfig = """
    {
      "name": "expo-dynamic-app-icon-example",
      "slug": "expo-dynamic-app-icon-example",
      "version": "1.0.0",
      "orientation": "portrait",
      "icon": "./assets/icon.png",
      "userInterfaceStyle": "light",
      "ios": {
        "supportsTablet": true,
        "bundleIdentifier": "expo.modules.dynamicappicon.example"
      },
      "plugins": [
        [
          "@howincodes/expo-dynamic-app-icon",
          {
            "light": { "ios": "./assets/ios_icon_light.png" },
            "dark": { "ios": { "light": "./assets/ios_icon_dark.png", "dark": "./assets/ios_icon_dark_dark.png", "tinted": "./assets/ios_icon_dark_tinted.png" } }
          }
        ]
      ],
      "sdkVersion": "52.0.0",
      "platforms": ["ios", "android"]
    }
    """

    /// A project whose app.config.js the CLI evaluates; `withCLI` puts a script at node_modules/.bin/expo
    /// that prints `printedConfig` when asked exactly `config --json --type public`.
    private func project(withCLI: Bool, json: Bool = true, cliBody: String? = nil) -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("app.config.js", "module.exports = ({ config }) => ({ ...config });\n")
        if json { folder.write("app.json", #"{"expo": {"name": "stale", "icon": "./assets/icon.png"}}"#) }
        for image in ["icon", "ios_icon_light", "ios_icon_dark", "ios_icon_dark_dark", "ios_icon_dark_tinted"] {
            folder.writePNG("assets/\(image).png", width: 64)
        }
        if withCLI {
            folder.write("config.out", Self.printedConfig)
            let script = folder.write("node_modules/.bin/expo", cliBody ?? """
            #!/bin/sh
            [ "$*" = "config --json --type public" ] || { echo "unexpected arguments: $*" >&2; exit 1; }
            cat config.out
            """)
            chmod(script, 0o755)
        }
        return folder
    }

    @Test func theProjectsCLIDecidesOverAppJSON() throws {
        let folder = project(withCLI: true)
        let out = try cli.run(["list", "--json", "--app", folder.path])
        #expect(out.status == 0, "\(out.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let app = try #require(document["app"] as? [String: Any])
        #expect(app["name"] as? String == "expo-dynamic-app-icon-example")
        #expect((app["path"] as? String)?.hasSuffix("/app.config.js") == true)
        let icons = try #require(document["icons"] as? [[String: Any]])
        #expect(icons.map { $0["name"] as? String } == [nil, "AppIcon-dark", "AppIcon-light"])
        #expect(icons.map { $0["configKey"] as? String } == [nil, "dark", "light"])
        #expect(icons[1]["appearances"] as? [String] == ["light", "dark", "tinted"])
        // app.json named directly is still the program's to decide.
        #expect(try cli.run(["list", "--app", folder.url("app.json")]).stdout.contains("AppIcon-dark"))
    }

    @Test func withoutACLIOneLineAndExit2() throws {
        let folder = project(withCLI: false)
        let expected = ["iconchooser: error: \(folder.url("app.config.js")): app.config.js is a program and the project has no Expo CLI "
            + "(node_modules/.bin/expo) to run it; make a JSON file --app can read with `npx expo config --json > expo-config.json`"]
        for app in [folder.path, folder.url("app.json"), folder.url("app.config.js")] {
            let out = try cli.run(["list", "--app", app])
            #expect(out.status == 2)
            #expect(out.stderrLines == expected)
        }
    }

    @Test func aFailingCLISaysSo() throws {
        let folder = project(withCLI: true, cliBody: "#!/bin/sh\necho 'ConfigError: Cannot find module' >&2\nexit 1\n")
        let out = try cli.run(["list", "--app", folder.path])
        #expect(out.status == 2)
        #expect(out.stderrLines == ["iconchooser: error: \(folder.url("app.config.js")): `expo config` failed (exit 1): ConfigError: Cannot find module"])
    }

    @Test func whatTheCLIPrintedIsReadAsTheApp() throws {
        let folder = project(withCLI: false, json: false)
        let saved = folder.write("expo-config.json", Self.printedConfig)
        let out = try cli.run(["list", "--app", saved])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init) ?? "" }
            == ["", "AppIcon-dark", "AppIcon-light"])
    }

    @Test func serveNeverRunsTheProgram() throws {
        let folder = project(withCLI: true)
        let marker = folder.url("ran")
        folder.write("node_modules/.bin/expo", "#!/bin/sh\ntouch \(marker)\ncat config.out\n")
        chmod(folder.url("node_modules/.bin/expo"), 0o755)
        let out = try cli.run(["serve", "--app", folder.path, "--listen", "127.0.0.1:0", "--allow-anyone", "--state-dir", folder.url("serve")])
        #expect(out.status == 2)
        #expect(out.stderrLines.first?.contains("serve never runs an app's config program") == true)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }
}
