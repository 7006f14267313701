import Foundation
import Testing

/// `iconchooser lint` on the built binary: each output format, each exit status,
/// `--explain`, `--disable` and `--strict`.
@Suite struct LintCommandTests {
    /// A copy of the demo app whose plist a test rewrites.
    private struct DemoCopy {
        let folder = TemporaryFolder()
        let app: String
        var plistPath: String { (app as NSString).appendingPathComponent("Info.plist") }

        init(named name: String = "demo") { app = folder.copyDemo(to: name) }

        func edit(_ change: (inout [String: Any]) -> Void) throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: plistPath))
            var plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            change(&plist)
            try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
                .write(to: URL(fileURLWithPath: plistPath))
        }

        /// Removes an alternate from one icon set.
        func removeAlternate(_ name: String, from key: String) throws {
            try edit { plist in
                var icons = plist[key] as? [String: Any] ?? [:]
                var alternates = icons["CFBundleAlternateIcons"] as? [String: Any] ?? [:]
                alternates[name] = nil
                icons["CFBundleAlternateIcons"] = alternates
                plist[key] = icons
            }
        }

        /// Sets a key of an alternate in both icon sets.
        func setAlternateKey(_ key: String, of name: String, to value: Any) throws {
            try edit { plist in
                for set in ["CFBundleIcons", "CFBundleIcons~ipad"] {
                    var icons = plist[set] as? [String: Any] ?? [:]
                    var alternates = icons["CFBundleAlternateIcons"] as? [String: Any] ?? [:]
                    var entry = alternates[name] as? [String: Any] ?? [:]
                    entry[key] = value
                    alternates[name] = entry
                    icons["CFBundleAlternateIcons"] = alternates
                    plist[set] = icons
                }
            }
        }
    }

    private static var textLine: Regex<(Substring, Substring, Substring, Substring, Substring)> { /^(.+): (error|warning|note): (.+) \[([a-z]+(?:-[a-z]+)*)\]$/ }

    @Test func theDemoLintsCleanInEveryFormat() throws {
        let cli = CLI()
        for idiom in ["phone", "pad"] {
            let text = try cli.run(["lint", "--idiom", idiom, "--strict"])
            #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
            #expect(text.stdout == "0 errors, 0 warnings, 0 notes\n")
            #expect(text.stderr.isEmpty)
        }
        let json = try cli.run(["lint", "--format", "json"])
        #expect(json.status == 0)
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any] != nil)
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.isEmpty == true)
        let github = try cli.run(["lint", "--format", "github"])
        #expect(github.status == 0 && github.stdout.isEmpty)
    }

    @Test func errorsPrintOneLineEachAndExit1() throws {
        let demo = DemoCopy()
        try demo.removeAlternate("white-black", from: "CFBundleIcons~ipad")
        let out = try CLI().run(["lint", "--app", demo.app])
        #expect(out.status == 1)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(demo.plistPath): error: alternate “white-black” is in CFBundleIcons but not in CFBundleIcons~ipad: iPads cannot switch to it [missing-on-ipad]",
            "1 error, 0 warnings, 0 notes",
        ])
        #expect(lines.dropLast().allSatisfy { $0.wholeMatch(of: Self.textLine) != nil })
        #expect(out.stderr.isEmpty)
    }

    @Test func warningsExit0UnlessStrict() throws {
        let demo = DemoCopy()
        try demo.setAlternateKey("ordinal", of: "multi-black", to: 2)  // white-black has 2 already
        let cli = CLI()
        let relaxed = try cli.run(["lint", "--app", demo.app])
        #expect(relaxed.status == 0)
        #expect(relaxed.stdout.hasSuffix("0 errors, 2 warnings, 0 notes\n"))
        #expect(relaxed.stdout.contains("in CFBundleIcons, alternates “multi-black” and “white-black” share ordinal 2"))
        #expect(relaxed.stdout.contains("in CFBundleIcons~ipad, alternates “multi-black” and “white-black” share ordinal 2"))
        let strict = try cli.run(["lint", "--app", demo.app, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout == relaxed.stdout)
    }

    @Test func notesNeverFailEvenWhenStrict() throws {
        let demo = DemoCopy()
        try demo.edit { plist in
            var icons = plist["CFBundleIcons"] as! [String: Any]
            icons["UINewsstandIcon"] = ["UINewsstandBindingType": "UINewsstandBindingTypeMagazine"]
            plist["CFBundleIcons"] = icons
        }
        let out = try CLI().run(["lint", "--app", demo.app, "--strict"])
        #expect(out.status == 0)
        #expect(out.stdout.contains(": note: CFBundleIcons has UINewsstandIcon;"))
        #expect(out.stdout.hasSuffix("0 errors, 0 warnings, 1 note\n"))
    }

    @Test func jsonIsAnArrayOfFindingsWithTheDocumentedFields() throws {
        let demo = DemoCopy()
        try demo.removeAlternate("black-multi", from: "CFBundleIcons~ipad")
        try demo.setAlternateKey("UIPrerenderedIcon", of: "black-white", to: "NO")
        let out = try CLI().run(["lint", "--app", demo.app, "--format", "json"])
        #expect(out.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        // CFBundleIcons first, then the ~ipad twin in chooser order, then what the twin lacks.
        #expect(findings.map { $0["rule"] as? String } == ["prerendered-not-boolean", "prerendered-not-boolean", "missing-on-ipad"])
        for finding in findings {
            for key in ["rule", "severity", "message", "icon", "idiom", "file"] { #expect(finding[key] != nil, "\(key)") }
            #expect(finding["severity"] as? String == "error")
            #expect(finding["file"] as? String == demo.plistPath)
        }
        #expect(findings.map { $0["icon"] as? String } == ["black-white", "black-white", "black-multi"])
        #expect(findings[2]["key"] as? String == "CFBundleIcons~ipad.CFBundleAlternateIcons.black-multi")
        #expect(findings.map { $0["idiom"] as? String } == ["phone", "pad", "pad"])
    }

    @Test func githubFormatWritesEscapedWorkflowCommands() throws {
        let demo = DemoCopy(named: "My App: 100%, v2")
        try demo.removeAlternate("black-white", from: "CFBundleIcons")
        let out = try CLI().run(["lint", "--app", demo.app, "--format", "github"])
        #expect(out.status == 0)  // only-on-ipad is a warning
        let escapedPath = demo.plistPath.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(escapedPath.hasSuffix("/My App%3A 100%25%2C v2/Info.plist"))
        #expect(out.stdout == "::warning file=\(escapedPath),title=only-on-ipad::alternate “black-white” is in CFBundleIcons~ipad but not in CFBundleIcons: iPhones cannot switch to it\n")
        #expect(try CLI().run(["lint", "--app", demo.app, "--format", "github", "--strict"]).status == 1)
    }

    @Test func imageFindingsNameTheImage() throws {
        let demo = DemoCopy()
        let image = demo.app + "/App Icons/app-icon--white-black@3x.png"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: image))
        let out = try CLI().run(["lint", "--app", demo.app])
        #expect(out.status == 1)
        #expect(out.stdout.contains("\(image): error: not a readable PNG (no PNG signature); used by alternate “white-black” in CFBundleIcons [unreadable-image]"))
    }

    @Test func disableDropsARulesFindingsAndItsExitStatus() throws {
        let demo = DemoCopy()
        try demo.removeAlternate("white-black", from: "CFBundleIcons~ipad")
        let cli = CLI()
        #expect(try cli.run(["lint", "--app", demo.app]).status == 1)
        let out = try cli.run(["lint", "--app", demo.app, "--disable", "missing-on-ipad", "--disable", "no-alternates"])
        #expect(out.status == 0)
        #expect(out.stdout == "0 errors, 0 warnings, 0 notes\n")
    }

    @Test func unknownRulesAreUsageErrors() throws {
        let cli = CLI()
        for arguments in [["lint", "--disable", "no-such-rule"], ["lint", "--explain", "no-such-rule"],
                          ["lint", "--disable", "missing-on-ipad", "--disable", "Missing-On-IPad"]] {
            let out = try cli.run(arguments)
            #expect(out.status == 64, "\(arguments)")
            #expect(out.stderr.contains("unknown rule"), "\(arguments)")
            #expect(out.stderr.contains("missing-on-ipad"), "lists the rules: \(arguments)")
            #expect(out.stdout.isEmpty)
        }
    }

    @Test func explainPrintsTheRuleAndItsFixWithoutReadingTheApp() throws {
        let out = try CLI().run(["lint", "--explain", "missing-on-ipad", "--app", "/nonexistent"])
        #expect(out.status == 0)
        #expect(out.stdout.hasPrefix("missing-on-ipad (error): "))
        #expect(out.stdout.contains("Fix:"))
        #expect(out.stderr.isEmpty)
    }

    @Test func helpListsEveryRule() throws {
        let out = try CLI().run(["lint", "--help"])
        #expect(out.status == 0)
        for rule in ["no-bundle-icons", "missing-on-ipad", "image-has-alpha", "unexpanded-variable"] {
            #expect(out.stdout.contains(rule), "\(rule)")
        }
    }

    @Test func appsThatCannotBeReadExit2() throws {
        let folder = TemporaryFolder()
        let fragment = folder.write("Fragment.plist", "<dict><key>CFBundleIcons</key><dict/></dict>")
        let cli = CLI()
        for app in [folder.url("missing"), fragment, folder.path] {
            let out = try cli.run(["lint", "--app", app])
            #expect(out.status == 2, "\(app)")
            #expect(out.stdout.isEmpty)
            #expect(out.stderrLines.count == 1)
            #expect(out.stderr.hasPrefix("iconchooser: error: "))
        }
        let icons = try cli.run(["lint", "--icons", folder.url("missing")])
        #expect(icons.status == 2)
    }

    @Test(.enabled(if: Repository.hasCorpus, "needs ../shared/corpus/real-plists beside the repository; it is absent here"))
    func corpusAppsExitAsTheIssueSays() throws {
        let cli = CLI()
        let telegram = try cli.run(["lint", "--app", Repository.realPlist("TelegramMessenger_Telegram-iOS_AlternateIcons.plist")])
        #expect(telegram.status == 2)
        #expect(telegram.stderr.contains("not a property list"))

        let duck = try cli.run(["lint", "--app", Repository.realPlist("duckduckgo_iOS_Info.plist"), "--format", "json"])
        #expect(duck.status == 1)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(duck.stdout.utf8)) as? [[String: Any]])
        #expect(findings.filter { $0["rule"] as? String == "missing-on-ipad" }.map { $0["icon"] as? String } == ["AppIcon-blue"])

        let emitron = Repository.realPlist("razeware_emitron-iOS_Info.plist")
        let icons = Repository.root.appendingPathComponent("Assets/App Icons").path
        let undefined = try cli.run(["lint", "--app", emitron, "--icons", icons])
        #expect(undefined.status == 0)
        #expect(undefined.stdout.contains("${BUNDLE_ID_SUFFIX}"))
        #expect(undefined.stdout.hasSuffix("0 errors, 0 warnings, 3 notes\n"))
        let defined = try cli.run(["lint", "--app", emitron, "--icons", icons, "--define", "BUNDLE_ID_SUFFIX=", "--strict"])
        #expect(defined.status == 0)
        #expect(defined.stdout == "0 errors, 0 warnings, 0 notes\n")
    }

    @Test func untrustedStringsNeverReachTheTerminalRaw() throws {
        let demo = DemoCopy()
        let evil = "evil\u{1B}]0;pwned\u{07}\u{202E}name"
        try demo.edit { plist in
            var icons = plist["CFBundleIcons"] as! [String: Any]
            var alternates = icons["CFBundleAlternateIcons"] as! [String: Any]
            alternates[evil] = ["CFBundleIconFiles": ["file\u{1B}[2J"]]
            icons["CFBundleAlternateIcons"] = alternates
            plist["CFBundleIcons"] = icons
        }
        let cli = CLI()
        for format in ["text", "json", "github"] {
            let out = try cli.run(["lint", "--app", demo.app, "--format", format])
            #expect(out.status == 1)
            for text in [out.stdout, out.stderr] {
                #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, "\(format)")
            }
        }
        let text = try cli.run(["lint", "--app", demo.app]).stdout
        #expect(text.contains(#"the name of alternate “evil\u{1B}]0;pwned\u{7}\u{202E}name” in CFBundleIcons contains control or bidi characters [unsafe-icon-name]"#))
        #expect(text.contains(#"file entry “file\u{1B}[2J” contains control or bidi characters; it is never read [unsafe-file-entry]"#))
    }
}
