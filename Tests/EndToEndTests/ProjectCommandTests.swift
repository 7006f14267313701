import Foundation
import Testing

/// Every command on the built binary, pointed at the real projects in
/// `../shared/corpus/real-projects` (the icons expected are those each project ships, worked
/// out by reading it: see ProjectCatalogCorpusTests), and the chooser in tmux on one.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct ProjectCommandTests {
    /// One real project as a user points the binary at it.
    struct Project: CustomTestStringConvertible, Sendable {
        let folder: String
        let target: String?
        let targetName: String
        let configuration: String
        let bundleIdentifier: String
        let primary: String
        let primarySource: String
        /// The first alternates in chooser order, and how many there are.
        let firstAlternates: [String]
        let alternateCount: Int
        /// An alternate to choose with `set`.
        let chosen: String
        let lintStatus: Int32

        var arguments: [String] {
            ["--app", RealProjectCorpus.path(folder)] + (target.map { ["--target", $0] } ?? [])
        }
        var testDescription: String { folder }
    }

    static let projects: [Project] = [
        Project(folder: "horizontalsystems_unstoppable-wallet-ios", target: nil, targetName: "App", configuration: "Debug-Dev",
                bundleIdentifier: "io.horizontalsystems.bank-wallet.dev", primary: "AppIconDev", primarySource: "appiconset",
                firstAlternates: ["AppIcon8ball", "AppIcon1874", "AppIconDark"], alternateCount: 13, chosen: "AppIconPepe",
                lintStatus: 0),
        Project(folder: "threema-ch_threema-ios", target: "Threema", targetName: "Threema", configuration: "AppStore",
                bundleIdentifier: "ch.threema.iapp", primary: "AppIcon", primarySource: "appiconset",
                firstAlternates: ["Icon10Years", "Icon2013_1", "Icon2013_2", "Icon2019", "Icon2025"], alternateCount: 5,
                chosen: "Icon2019", lintStatus: 0),
        // The 18 alternates are loose files of the Info.plist that the corpus does not hold: lint says so.
        Project(folder: "rainbow-me_rainbow", target: "Rainbow", targetName: "Rainbow", configuration: "Release",
                bundleIdentifier: "me.rainbow", primary: "AppIcon", primarySource: "appiconset",
                firstAlternates: ["adworld", "baggy", "chonks"], alternateCount: 18, chosen: "zora", lintStatus: 1),
        Project(folder: "keepassium_KeePassium", target: "KeePassium Pro", targetName: "KeePassium Pro", configuration: "Release",
                bundleIdentifier: "com.keepassium.ios.pro", primary: "app-icon-pro", primarySource: "icon",
                firstAlternates: ["app-icon", "app-icon-emm"], alternateCount: 8, chosen: "app-icon", lintStatus: 1),
        Project(folder: "home-assistant_iOS", target: nil, targetName: "App", configuration: "Release",
                bundleIdentifier: "io.robbie.HomeAssistant", primary: "AppIcon", primarySource: "icon",
                firstAlternates: ["AppIcon.beta", "AppIcon.dev", "beta"], alternateCount: 27, chosen: "rainbow", lintStatus: 0),
        Project(folder: "HabitRPG_habitica-ios", target: nil, targetName: "Habitica", configuration: "Release",
                bundleIdentifier: "com.habitrpg.ios.Habitica", primary: "AppIcon", primarySource: "appiconset",
                firstAlternates: ["AppIcon-Beta", "AppIcon-Staff", "Black", "BlackAlt"], alternateCount: 31, chosen: "Blue",
                lintStatus: 0),
        Project(folder: "ColdGrub1384_Pyto", target: "Pyto", targetName: "Pyto", configuration: "Release",
                bundleIdentifier: "ch.marcela.ada.Pyto", primary: "AppIcon", primarySource: "appiconset",
                firstAlternates: ["AppIcon-VPP", "Dark", "Dark 2"], alternateCount: 15, chosen: "Dark 2", lintStatus: 0),
        Project(folder: "Memmy-App_memmy", target: nil, targetName: "Memmy", configuration: "Release",
                bundleIdentifier: "com.gkasdorf.memmyapp", primary: "purple_icon", primarySource: "appiconset",
                firstAlternates: ["AppIcon", "blue_icon", "brown_icon"], alternateCount: 12, chosen: "pride_icon", lintStatus: 0),
    ]

    @Test(arguments: projects)
    func listCurrentSetPreviewAndLint(_ project: Project) throws {
        let cli = CLI()
        let listed = try cli.run(["list", "--json"] + project.arguments)
        #expect(listed.status == 0, "\(listed.stderr)")
        let json = try jsonObject(listed.stdout)
        let app = try #require(json["app"] as? [String: Any])
        #expect(app["source"] as? String == "xcodeproj")
        #expect(app["target"] as? String == project.targetName)
        #expect(app["configuration"] as? String == project.configuration)
        #expect((app["configurations"] as? [String])?.contains(project.configuration) == true)
        #expect((app["project"] as? String)?.hasSuffix(".xcodeproj") == true)
        #expect(app["bundleIdentifier"] as? String == project.bundleIdentifier)
        let icons = try #require(json["icons"] as? [[String: Any]])
        #expect(icons.first?["name"] is NSNull)
        #expect(icons.first?["assetName"] as? String == project.primary)
        #expect(icons.first?["source"] as? String == project.primarySource)
        let alternates = icons.dropFirst().compactMap { $0["name"] as? String }
        #expect(Array(alternates.prefix(project.firstAlternates.count)) == project.firstAlternates)
        #expect(alternates.count == project.alternateCount)
        for icon in icons {
            #expect(["plist", "appiconset", "icon"].contains(icon["source"] as? String ?? ""))
            #expect((icon["declaredIn"] as? [String: Any])?["path"] is String)
            let images = icon["images"] as? [[String: Any]] ?? []
            #expect(images.allSatisfy { ["light", "dark", "tinted"].contains($0["appearance"] as? String ?? "") })
        }

        let text = try cli.runOnTerminal(["list"] + project.arguments)
        #expect(text.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("Project ") == true)

        #expect(try cli.run(["current"] + project.arguments).stdout == "\n")
        let set = try cli.run(["set", project.chosen] + project.arguments)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try cli.run(["current"] + project.arguments).stdout == "\(project.chosen)\n")
        let unknown = try cli.run(["set", "No Such Icon"] + project.arguments)
        #expect(unknown.status != 0 && unknown.stderr.contains("no alternate icon named"))

        let preview = try cli.run(["preview", "--size", "12x6", "--color", "none", "Default", project.chosen] + project.arguments)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stdout.contains("Default") && preview.stdout.contains(project.chosen))

        let lint = try cli.run(["lint"] + project.arguments)
        #expect(lint.status == project.lintStatus, "\(lint.stdout)\(lint.stderr)")
    }

    @Test func severalTargetsAreListedAndOneMustBeChosen() throws {
        let out = try CLI().run(["list", "--app", RealProjectCorpus.path("threema-ch_threema-ios")])
        #expect(out.status == 2)
        let lines = out.stderrLines
        #expect(lines.count == 7)
        #expect(lines.first == "  Threema (Threema, ch.threema.iapp)")
        #expect(lines.last?.hasSuffix("6 iOS application targets (listed above, with project and bundle identifier); "
                                      + "choose one with --target NAME") == true)
        #expect(out.stdout.isEmpty)
    }

    @Test func theConfigurationChoosesThePrimaryAndTheBundleIdentifier() throws {
        let folder = RealProjectCorpus.path("home-assistant_iOS")
        let out = try CLI().run(["list", "--json", "--app", folder, "--configuration", "Debug"])
        let json = try jsonObject(out.stdout)
        let app = try #require(json["app"] as? [String: Any])
        #expect(app["configuration"] as? String == "Debug" && app["bundleIdentifier"] as? String == "io.robbie.HomeAssistant.dev")
        #expect((json["icons"] as? [[String: Any]])?.first?["assetName"] as? String == "AppIcon.dev")
        let wrong = try CLI().run(["list", "--app", folder, "--configuration", "Staging"])
        #expect(wrong.status == 2 && wrong.stderrLines.count == 1 && wrong.stderr.contains("Staging"))
    }

    /// The project is read ahead while the command line is parsed, whichever way `--app` is
    /// written and wherever it stands; a second `--app` wins, as ArgumentParser has it.
    @Test func everyWayOfGivingTheProjectListsTheSame() throws {
        let folder = RealProjectCorpus.path("home-assistant_iOS")
        let cli = CLI()
        let plain = try cli.run(["list", "--json", "--app", folder])
        #expect(plain.status == 0, "\(plain.stderr)")
        for arguments in [["list", "--json", "--app=\(folder)"], ["list", "--app", folder, "--json"],
                          ["list", "--json", "--app", RealProjectCorpus.path("threema-ch_threema-ios"), "--app", folder]] {
            let out = try cli.run(arguments)
            #expect(out.status == 0 && out.stdout == plain.stdout && out.stderr == plain.stderr, "\(arguments)")
        }
    }

    @Test func anAppearanceWithoutImagesShowsTheLightOnesMarkedDerived() throws {
        let out = try CLI().run(["list", "--json", "--appearance", "dark", "--app", RealProjectCorpus.path("HabitRPG_habitica-ios")])
        let icons = try #require(try jsonObject(out.stdout)["icons"] as? [[String: Any]])
        let beta = try #require(icons.first { $0["name"] as? String == "AppIcon-Beta" })
        #expect(beta["appearances"] as? [String] == ["light"])
        let derived = (beta["images"] as? [[String: Any]] ?? []).filter { $0["derived"] != nil }
        #expect(derived.count == 1 && derived.first?["appearance"] as? String == "dark")
        #expect(derived.first?["derived"] as? String == "light-instead-of-dark")
        let blue = try #require(icons.first { $0["name"] as? String == "Blue" })
        #expect(blue["appearances"] as? [String] == ["light", "dark", "tinted"])
        #expect((blue["images"] as? [[String: Any]] ?? []).allSatisfy { $0["derived"] == nil })
    }

    @Test func theEffectsThatAreNotDrawnAreSaidOnce() throws {
        let out = try CLI().run(["list", "--app", RealProjectCorpus.path("home-assistant_iOS")])
        let notes = out.stderr.split(separator: "\n").filter { $0.contains("not simulated") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("the pictures are drawn flat") == true)
    }

    // MARK: - The chooser

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
    func theChooserSwitchesAppearanceAndKeepsTheChoiceAcrossARestart() throws {
        let cli = CLI()
        let folder = TemporaryFolder()
        let app = RealProjectCorpus.path("HabitRPG_habitica-ios")
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let command = [CLI.binary, "--app", app].map(shellQuote).joined(separator: " ")
        let done = folder.url("status.txt")
        let tmux = try Tmux(command: "\(command); echo $? > \(shellQuote(done))", environment: environment)
        try tmux.waitFor("the title with the target and configuration") { rows in
            rows.first?.contains("App Icon — Habitica (Habitica, Release)") == true
        }
        try tmux.waitFor("the first icons") { rows in
            rows.contains { $0.contains("Default") && $0.contains("AppIcon-Beta") }
        }
        try tmux.send("a")
        try tmux.waitFor("the dark appearance in the title") { $0.first?.contains("— dark") == true }
        try tmux.send("a")
        try tmux.waitFor("the tinted appearance in the title") { $0.first?.contains("— tinted") == true }
        try tmux.send("a")
        try tmux.waitFor("light again") { rows in
            rows.first.map { !$0.contains("— tinted") && !$0.contains("— dark") } == true
        }
        try tmux.send("Right")
        try tmux.send("Enter")
        try tmux.waitFor(text: "You have changed the icon for")
        try tmux.send("Enter")
        try tmux.send("q")
        #expect(try tmux.waitForFile(done) == "0\n")
        #expect(try cli.run(["current", "--app", app]).stdout == "AppIcon-Beta\n")

        let again = folder.url("again.txt")
        let restarted = try Tmux(command: "\(command); echo $? > \(shellQuote(again))", environment: environment)
        try restarted.waitFor("the choice kept: the checkmark on the second tile, between the captions around it") { rows in
            guard let captions = rows.first(where: { $0.contains("AppIcon-Beta") }).map(Array.init),
                  let badgeRow = rows.first(where: { $0.contains("✓") }).map(Array.init),
                  let badge = badgeRow.firstIndex(of: "✓") else { return false }
            let text = String(captions)
            guard let defaultEnd = text.range(of: "Default")?.upperBound, let staff = text.range(of: "AppIcon-Staff")?.lowerBound
            else { return false }
            return text.distance(from: text.startIndex, to: defaultEnd) < badge
                && badge < text.distance(from: text.startIndex, to: staff)
        }
        try restarted.send("q")
        #expect(try restarted.waitForFile(again) == "0\n")
        #expect(try cli.run(["current", "--app", app]).stdout == "AppIcon-Beta\n")
    }
}
