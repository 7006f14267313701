import Foundation
import Testing

/// `list`, `current` and `set` on the built binary, as scripts and people use them.
@Suite struct CatalogCommandTests {
    @Test func listShowsTheDemoInChooserOrderWithTheCurrentMarked() throws {
        let out = try CLI().runOnTerminal(["list"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Colourful (com.example.iconchooser.colourful)") == true)
        let rows = lines.dropFirst().map { $0.split(separator: " ").prefix(2).map(String.init) }
        #expect(rows == [["✓", "Default"], ["black-white", "1"], ["white-black", "2"], ["multi-black", "3"], ["black-multi", "4"]])
        #expect(lines[1].contains("app-icon--default@2x.png 120×120, app-icon--default@3x.png 180×180"))
        #expect(lines.count == 6)
    }

    /// Icons without an ordinal are listed as Finder and Xcode sort names, numbers by value, in the
    /// table, in the rows a pipe reads and in the JSON alike.
    @Test func listOrdersNumberedNamesByValue() throws {
        let folder = TemporaryFolder()
        let names = (1...12).map { "icon\($0)" }
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundleAlternateIcons": Dictionary(
            uniqueKeysWithValues: names.shuffled().map { ($0, ["CFBundleIconFiles": [$0]]) })]])
        let cli = CLI()
        let piped = try cli.run(["list", "--app", plist])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "\t" }) } == names)
        let table = try cli.runOnTerminal(["list", "--app", plist])
        // The header, the primary, the alternates; then the warnings about their missing files.
        let rows = table.stdout.split(separator: "\n").dropFirst(2).prefix(names.count)
        #expect(rows.map { String($0.split(separator: " ")[0]) } == names, "\(table.stdout)")
        let json = try jsonObject(cli.run(["list", "--json", "--app", plist]).stdout)
        #expect((json["icons"] as? [[String: Any]])?.dropFirst().compactMap { $0["name"] as? String } == names)
    }

    @Test func listWithoutUTF8LocaleIsASCII() throws {
        let out = try CLI().runOnTerminal(["list"], environment: ["LANG": "C"])
        #expect(out.stdout.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(out.stdout.contains("* Default"))
        #expect(out.stdout.contains("120x120"))
    }

    @Test func listJSONHasTheDocumentedShape() throws {
        let out = try CLI().run(["list", "--json", "--idiom", "pad"])
        #expect(out.status == 0)
        let json = try jsonObject(out.stdout)
        let app = try #require(json["app"] as? [String: Any])
        #expect(app["name"] as? String == "Colourful")
        #expect(app["bundleIdentifier"] as? String == "com.example.iconchooser.colourful")
        #expect(app["idiom"] as? String == "pad")
        #expect((app["plist"] as? String)?.hasSuffix("Assets/Info.plist") == true)
        #expect(json["supportsAlternateIcons"] as? Bool == true)
        #expect(json["alternateIconName"] is NSNull)
        #expect((json["warnings"] as? [Any])?.isEmpty == true)
        let icons = try #require(json["icons"] as? [[String: Any]])
        #expect(icons.count == 5)
        #expect(icons[0]["name"] is NSNull && icons[0]["ordinal"] is NSNull)
        #expect(icons[0]["isPrimary"] as? Bool == true && icons[0]["isCurrent"] as? Bool == true)
        #expect(icons.dropFirst().compactMap { $0["name"] as? String } == ["black-white", "white-black", "multi-black", "black-multi"])
        #expect(icons.dropFirst().compactMap { $0["ordinal"] as? Int } == [1, 2, 3, 4])
        #expect(icons[1]["iconFiles"] as? [String] == ["app-icon--black-white-ipadpro", "app-icon--black-white-ipad"])
        let images = try #require(icons[1]["images"] as? [[String: Any]])
        #expect(images.compactMap { $0["width"] as? Int } == [167, 152])
        #expect(images.allSatisfy { FileManager.default.fileExists(atPath: $0["path"] as? String ?? "") })
    }

    @Test func setCurrentAndListAgreeAndPersistAcrossRuns() throws {
        let cli = CLI()
        #expect(try cli.run(["current"]).stdout == "\n")
        let set = try cli.run(["set", "multi-black"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try cli.run(["current"]).stdout == "multi-black\n")
        #expect(try jsonObject(cli.run(["current", "--json"]).stdout)["alternateIconName"] as? String == "multi-black")
        let listed = try jsonObject(cli.run(["list", "--json"]).stdout)
        #expect(listed["alternateIconName"] as? String == "multi-black")
        let current = (listed["icons"] as? [[String: Any]])?.filter { $0["isCurrent"] as? Bool == true }
        #expect(current?.map { $0["name"] as? String } == ["multi-black"])
        let stateFile = cli.home.url("state/iconchooser/com.example.iconchooser.colourful.json")
        #expect(FileManager.default.fileExists(atPath: stateFile))
        #expect(try cli.run(["set", "--primary"]).status == 0)
        #expect(try cli.run(["current"]).stdout == "\n")
        #expect(try jsonObject(cli.run(["current", "--json"]).stdout)["alternateIconName"] is NSNull)
    }

    @Test func stateOptionAndEnvironmentChooseTheFile() throws {
        let cli = CLI()
        let explicit = cli.home.url("explicit.json"), fromEnvironment = cli.home.url("env.json")
        #expect(try cli.run(["set", "white-black", "--state", explicit]).status == 0)
        #expect(try cli.run(["set", "black-multi"], environment: ["ICONCHOOSER_STATE": fromEnvironment]).status == 0)
        #expect(try cli.run(["current", "--state", explicit]).stdout == "white-black\n")
        #expect(try cli.run(["current"], environment: ["ICONCHOOSER_STATE": fromEnvironment]).stdout == "black-multi\n")
        #expect(try cli.run(["current"]).stdout == "\n")
    }

    @Test func unknownNameExitsOneListingValidNamesAndChangesNothing() throws {
        let cli = CLI()
        try cli.run(["set", "white-black"])
        let out = try cli.run(["set", "purple"])
        #expect(out.status == 1)
        #expect(out.stderrLines.count == 1)
        #expect(out.stderr.contains("“purple”"))
        #expect(out.stderr.contains("black-white, white-black, multi-black, black-multi"))
        #expect(try cli.run(["current"]).stdout == "white-black\n")
    }

    @Test func setOnAnAppWithoutAlternatesFails() throws {
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon"]]]])
        let cli = CLI()
        let out = try cli.run(["set", "anything", "--app", plist])
        #expect(out.status == 1)
        #expect(out.stderr.contains("declares no alternate icons"))
        #expect(try cli.run(["set", "--primary", "--app", plist]).status == 0)
        #expect(try cli.runOnTerminal(["list", "--app", plist]).stdout.contains("No alternate icons"))
        #expect(try cli.run(["list", "--app", plist]).stdout == "\t\ttrue\n")
    }

    @Test func usageErrorsUseArgumentParsersCode() throws {
        let cli = CLI()
        #expect(try cli.run(["set"]).status == 64)
        #expect(try cli.run(["set", "a", "--primary"]).status == 64)
        #expect(try cli.run(["list", "--idiom", "watch"]).status == 64)
        #expect(try cli.run(["list", "--define", "no-equals"]).status == 64)
    }

    @Test func defineExpandsVariablesInFileEntries() throws {
        let folder = TemporaryFolder()
        let demo = folder.copyDemo()
        let plist = demo + "/Info.plist"
        var dictionary = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: URL(fileURLWithPath: plist)), format: nil) as! [String: Any]
        var icons = dictionary["CFBundleIcons"] as! [String: Any]
        icons["CFBundlePrimaryIcon"] = ["CFBundleIconFiles": ["app-icon--${BASE}"]]
        dictionary["CFBundleIcons"] = icons
        folder.writePlist(dictionary, as: "demo/Info.plist")
        let cli = CLI()
        let without = try jsonObject(cli.run(["list", "--json", "--app", demo]).stdout)
        let with = try jsonObject(cli.run(["list", "--json", "--app", demo, "--define", "BASE=default"]).stdout)
        let primaryImages = { (json: [String: Any]) in ((json["icons"] as? [[String: Any]])?.first?["images"] as? [Any])?.count }
        #expect(primaryImages(without) == 0)
        #expect(primaryImages(with) == 2)
    }

    @Test func iconsOptionMustNameAFolder() throws {
        let out = try CLI().run(["list", "--icons", "/nonexistent/icons"])
        #expect(out.status == 2)
        #expect(out.stderr.contains("/nonexistent/icons: --icons must name a folder"))
    }

    @Test func installedBinaryFindsItsDemoUnderShare() throws {
        let prefix = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: prefix.url("bin"), withIntermediateDirectories: true)
        // Copied by cp, never through a descriptor of this process: another test's child spawned
        // while this process held the copy open for writing would keep it open, and running the
        // copy would fail with ETXTBSY for as long as that child lives.
        let copy = try CLI.run(executable: "/bin/cp", [CLI.binary, prefix.url("bin/iconchooser")], environment: [:])
        #expect(copy.status == 0, "\(copy.stderr)")
        try FileManager.default.createDirectory(atPath: prefix.url("share/iconchooser"), withIntermediateDirectories: true)
        _ = prefix.copyDemo(to: "share/iconchooser/demo")
        let out = try CLI.run(executable: prefix.url("bin/iconchooser"), ["list", "--json"], environment: CLI().environment)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try jsonObject(out.stdout)["app"].flatMap { ($0 as? [String: Any])?["plist"] as? String }
                == prefix.url("share/iconchooser/demo/Info.plist"))
    }
}
