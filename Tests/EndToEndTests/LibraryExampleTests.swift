import Foundation
import Testing

/// The library example (Sources/icon-catalog-example), built with the package, run as a user
/// of the libraries would: what it prints must agree with what the `iconchooser` binary says
/// about the same app, since both go through the same public entry points.
@Suite struct LibraryExampleTests {
    /// `$ICON_CATALOG_EXAMPLE_BIN`, else beside the `iconchooser` binary (one build folder).
    static let binary: String = ProcessInfo.processInfo.environment["ICON_CATALOG_EXAMPLE_BIN"]
        ?? URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().appendingPathComponent("icon-catalog-example").path

    /// What the example printed, split into its parts.
    struct Listing {
        /// The first line: "NAME (SOURCE): N icons".
        var heading = ""
        /// Each icon's line ("Default [appiconset AppIcon] dark, light"), with its image lines.
        var icons: [(line: String, images: [String])] = []
        var warnings: [String] = []
        var findings: [String] = []
        var summary = ""

        init(_ output: String) {
            let lines = output.split(separator: "\n").map(String.init)
            heading = lines.first ?? ""
            for line in lines.dropFirst() {
                if line.hasPrefix("  ") {
                    icons[icons.count - 1].images.append(line)
                } else if line.hasPrefix("warning [") {
                    warnings.append(line)
                } else if line.hasPrefix("lint: ") && line.contains(" [") {
                    findings.append(String(line.dropFirst("lint: ".count)))
                } else if line.hasPrefix("lint: ") {
                    summary = String(line.dropFirst("lint: ".count))
                } else {
                    icons.append((line, []))
                }
            }
        }

        /// The icons' names as `list` prints them: empty for the primary.
        var names: [String] {
            icons.enumerated().map { index, icon in
                index == 0 ? "" : String(icon.line.prefix { $0 != "[" }.dropLast())
            }
        }
    }

    func example(_ arguments: [String]) throws -> CLI.Outcome {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary),
                     "\(Self.binary) is not built: `swift build` builds it with the package")
        return try CLI.run(executable: Self.binary, arguments, environment: CLI().environment)
    }

    @Test func listsTheDemoAppAsListDoes() throws {
        let demo = Repository.root.appendingPathComponent("Assets").path
        let outcome = try example([demo])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let listing = Listing(outcome.stdout)
        let list = try CLI().run(["list", "--app", demo])
        let names = list.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { String($0.prefix { $0 != "\t" }) }
        #expect(listing.heading == "Colourful (plist): \(names.count) icons")
        #expect(listing.names == names)
        #expect(listing.icons.first?.line.hasPrefix("Default [plist ") == true)
        // Every demo icon has loose files, each printed with its size and appearance.
        for icon in listing.icons {
            #expect(!icon.images.isEmpty, "\(icon.line)")
            #expect(icon.images.allSatisfy { $0.hasPrefix("  light ") && $0.contains(demo) }, "\(icon.images)")
        }
        #expect(listing.warnings.isEmpty)
    }

    @Test func lintsAsTheLintCommandDoes() throws {
        let folder = TemporaryFolder()
        let app = folder.copyDemo()
        // One alternate loses its files: the catalog warns, lint finds it.
        let plist = app + "/Info.plist"
        var contents = try #require(NSDictionary(contentsOfFile: plist) as? [String: Any])
        var icons = try #require(contents["CFBundleIcons"] as? [String: Any])
        var alternates = try #require(icons["CFBundleAlternateIcons"] as? [String: Any])
        let name = try #require(alternates.keys.sorted().first)
        alternates[name] = ["CFBundleIconFiles": ["gone"]]
        icons["CFBundleAlternateIcons"] = alternates
        contents["CFBundleIcons"] = icons
        folder.writePlist(contents, as: "demo/Info.plist")

        let outcome = try example([app, "--lint"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let listing = Listing(outcome.stdout)
        #expect(listing.warnings.contains { $0.hasPrefix("warning [file-not-found]") && $0.contains(name) }, "\(listing.warnings)")

        let lint = try CLI().run(["lint", "--app", app, "--format", "json"])
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [[String: Any]])
        #expect(listing.findings.count == findings.count)
        #expect(listing.findings.map { String($0.prefix { $0 != "]" }) + "]" }
                == findings.map { "\($0["severity"] ?? "") [\($0["rule"] ?? "")]" })
        let summary = try CLI().run(["lint", "--app", app])
        #expect(summary.stdout.split(separator: "\n").last.map(String.init) == listing.summary)
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func readsARealProjectWithATarget() throws {
        let project = RealProjectCorpus.path("threema-ch_threema-ios")
        let outcome = try example([project, "--target", "Threema"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let listing = Listing(outcome.stdout)
        let list = try CLI().run(["list", "--app", project, "--target", "Threema"])
        let names = list.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map { String($0.prefix { $0 != "\t" }) }
        #expect(listing.heading.hasSuffix("(xcodeproj): \(names.count) icons"))
        #expect(listing.names == names)
        #expect(listing.icons.allSatisfy { $0.line.contains("[appiconset ") })
        #expect(listing.icons.allSatisfy { !$0.images.isEmpty })

        // Without --target the project's six apps are one typed error, on one line.
        let ambiguous = try example([project])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stdout.isEmpty)
        #expect(ambiguous.stderrLines.count == 1, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("6 iOS application targets; choose one: Threema (Threema, ch.threema.iapp);"))
    }

    @Test func badInputIsOneLineAndExitTwo() throws {
        let missing = TemporaryFolder().url("nothing-here")
        let outcome = try example([missing])
        #expect(outcome.status == 2)
        #expect(outcome.stderrLines == ["icon-catalog-example: \(missing): no such file or folder"])
        #expect(try example([]).status == 64)
    }

    /// The toolchain's swift-format, where it has one.
    static let formatter: String? = ((ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        + ["/opt/swift/usr/bin"]).map { $0 + "/swift-format" }.first(where: FileManager.default.isExecutableFile)

    /// The libraries' public API is what other tools read: swift-format's documentation rule
    /// (and only it) finds every public declaration of the library products' modules
    /// (IconCatalog with TerminalText, IconLint, IconChoice) without a doc comment. Skipped where the toolchain has no swift-format.
    @Test(.enabled(if: formatter != nil, "skipped: no swift-format in PATH or /opt/swift/usr/bin"))
    func everyPublicDeclarationIsDocumented() throws {
        let formatter = try #require(Self.formatter)
        let folder = TemporaryFolder()
        let defaults = try CLI.run(executable: formatter, ["dump-configuration"], environment: [:])
        var configuration = try #require(try JSONSerialization.jsonObject(with: Data(defaults.stdout.utf8)) as? [String: Any])
        var rules = try #require(configuration["rules"] as? [String: Bool])
        for rule in rules.keys { rules[rule] = false }
        rules["AllPublicDeclarationsHaveDocumentation"] = true
        configuration["rules"] = rules
        let configurationPath = folder.write("swift-format.json", try JSONSerialization.data(withJSONObject: configuration))
        let modules = ["IconCatalog", "TerminalText", "IconLint", "IconChoice"].map { Repository.root.appendingPathComponent("Sources/\($0)").path }
        let lint = try CLI.run(executable: formatter, ["lint", "--configuration", configurationPath, "--recursive"] + modules,
                               environment: [:], timeout: 120)
        let missing = (lint.stdout + lint.stderr).split(separator: "\n").filter { $0.contains("AllPublicDeclarationsHaveDocumentation") }
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
        #expect(lint.status == 0, "\(lint.stderr)")
    }

    /// The README's code is the example's, line for line, so it compiles as long as the example does.
    @Test func readmeShowsTheExamplesCode() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Use as a library").dropFirst().first)
        let blocks = section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let code = try #require(blocks.last)
        let source = try String(contentsOf: Repository.root.appendingPathComponent("Sources/icon-catalog-example/main.swift"),
                                encoding: .utf8)
        let sourceLines = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var position = 0
        for line in code.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            let found = sourceLines[position...].firstIndex(of: line)
            #expect(found != nil, "README line not in main.swift (in order): \(line)")
            position = (found ?? position) + 1
        }
    }
}
