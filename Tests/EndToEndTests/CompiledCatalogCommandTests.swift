import Foundation
import Testing

/// Every command on a built `.app` and `.ipa` whose alternates exist only in its Assets.car
/// (written by the tests' `CarWriter`): the car's pictures in `list`, `preview`, `lint` and the chooser.
@Suite struct CompiledCatalogCommandTests {
    let cli = CLI()
    let folder = TemporaryFolder()
    let fixture = BuiltAppFixture().withIconsInCar()

    /// The `.app` and the `.ipa` of the fixture.
    func apps() throws -> [String] { [fixture.writeApp(in: folder), try fixture.writeIPA(in: folder)] }

    /// True when `styled` holds a 24-bit colour code of (r, g, b), foreground or background.
    static func holds(_ styled: String, _ rgb: (Int, Int, Int)) -> Bool {
        styled.contains("8;2;\(rgb.0);\(rgb.1);\(rgb.2)") || styled.contains("8:2:\(rgb.0):\(rgb.1):\(rgb.2)")
            || styled.contains("8:2::\(rgb.0):\(rgb.1):\(rgb.2)")
    }

    @Test func listNamesTheCarAsTheSourceOfEveryIcon() throws {
        for app in try apps() {
            let run = try cli.run(["list", "--app", app, "--json"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let icons = try #require(json["icons"] as? [[String: Any]])
            #expect(icons.map { $0["source"] as? String } == ["car", "car", "car"])
            #expect(icons.allSatisfy { ($0["assetPath"] as? String)?.hasSuffix("Sample.app/Assets.car") == true })
            let dark = try #require(icons.first { $0["name"] as? String == "Dark" })
            #expect(dark["appearances"] as? [String] == ["light", "dark", "tinted"])
            let images = try #require(dark["images"] as? [[String: Any]])
            #expect(images.map { $0["width"] as? Int } == [120, 1024, 120, 1024, 120, 1024])
            #expect(images.first?["path"] as? String == "\(app.hasSuffix(".ipa") ? app + ":Payload/Sample.app" : app)/Assets.car:Dark-120.png")
            let rows = try cli.run(["list", "--app", app]).stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init) }
            #expect(rows == ["", "Blue", "Dark"])
        }
    }

    @Test func previewDrawsTheCarsPictures() throws {
        for app in try apps() {
            let light = try cli.run(["preview", "--app", app, "--color", "truecolor", "--graphics", "symbols", "--size", "60x12"])
            #expect(light.status == 0, "\(light.stderr)")
            for colour in [(220, 30, 30), (30, 60, 220), (30, 200, 60)] {
                #expect(Self.holds(light.stdout, colour), "\(colour) missing from the preview of \(app)")
            }
            // Dark's own dark rendition is black; the primary has none and is darkened from its light image.
            let dark = try cli.run(["preview", "Dark", "--app", app, "--appearance", "dark", "--color", "truecolor",
                                    "--graphics", "symbols", "--size", "30x12"])
            #expect(dark.status == 0 && Self.holds(dark.stdout, (0, 0, 0)) && !Self.holds(dark.stdout, (30, 200, 60)), "\(dark.stdout)")
        }
    }

    @Test func lintReadsTheCar() throws {
        for app in try apps() {
            let clean = try cli.run(["lint", "--app", app])
            #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
            #expect(clean.stdout.contains("[car-inconsistent-appearances]"))
        }
        var missing = fixture
        missing.plist["CFBundleIcons"] = ["CFBundlePrimaryIcon": ["CFBundleIconName": "AppIcon"],
                                          "CFBundleAlternateIcons": ["Gone": ["CFBundleIconName": "Gone"]]]
        let ipa = try missing.writeIPA(in: folder, as: "Missing.ipa")
        let github = try cli.run(["lint", "--app", ipa, "--format", "github"])
        #expect(github.status == 1, "\(github.stdout)")
        #expect(github.stdout.contains("::error") && github.stdout.contains("ITMS-90895"), "\(github.stdout)")

        // A build script rewrote CFBundleIcons and dropped the primary's name.
        var unnamed = fixture
        unnamed.plist["CFBundleIcons"] = ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon60x60"]]]
        let unnamedIPA = try unnamed.writeIPA(in: folder, as: "Unnamed.ipa")
        let refused = try cli.run(["lint", "--app", unnamedIPA, "--format", "github"])
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(refused.stdout.split(separator: "\n").contains { $0.hasPrefix("::error") && $0.contains("car-primary-icon-unnamed")
            && $0.contains("ITMS-90713") }, "\(refused.stdout)")
    }

    @Test func aBrokenCarIsOneWarningNamingIt() throws {
        var broken = fixture
        broken.files["Assets.car"] = Data("BOMStore".utf8) + Data(count: 40)
        let app = broken.writeApp(in: folder, as: "Broken.app")
        let run = try cli.run(["list", "--app", app])
        #expect(run.status == 0)
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("Assets.car") && $0.contains("compiled asset catalog not read") }
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("iconchooser: warning: \(app)/Assets.car: ") == true, "\(run.stderr)")
    }

    /// A car that is a zip bomb, over the size a car is read at, or whose tree loops: one warning naming the
    /// car, the rest of the app read, within a second of CPU and 150 MB.
    @Test func hostileCarsInAnIPAAreOneWarningAndCheap() throws {
        let root = "Payload/Sample.app/"
        var looping = CarWriter(images: (0..<6).map { .init(asset: "Icon\($0)", size: 4, colour: (1, 2, 3, 255)) })
        looping.leafSize = 2
        looping.cycle = true
        let cases: [(String, RawZip.Entry, String)] = [
            ("Bomb.ipa", .zeros(root + "Assets.car", count: 200 << 20, declaring: 4096), "inflates past its declared size"),
            ("Large.ipa", .zeros(root + "Assets.car", count: 80 << 20, declaring: 80 << 20), "limit"),
            ("Loop.ipa", .deflated(root + "Assets.car", looping.build()), "loops back on itself"),
        ]
        for (name, car, fragment) in cases {
            var entries = fixture.entries.filter { !$0.name.hasSuffix("Assets.car") }.map { RawZip.Entry.deflated($0.name, $0.data) }
            entries.append(car)
            let ipa = folder.write(name, RawZip(entries).build())
            guard let run = try measure([CLI.binary, "list", "--app", ipa], environment: cli.environment, in: folder, timeout: 30) else {
                Issue.record("list on \(name) timed out"); continue
            }
            #expect(run.status == 0, "\(run.stderr)")
            let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("iconchooser: warning: \(ipa):\(root)Assets.car: ") }
            #expect(warnings.count == 1 && warnings.first?.contains(fragment) == true, "\(run.stderr)")
            #expect(run.cpuSeconds < 1 && run.peakMegabytes < 150, "\(name): \(run.cpuSeconds) s, \(run.peakMegabytes) MB")
        }
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
    func theChooserShowsTheCarsPictures() throws {
        for app in try apps() {
            let window = try ChooserWindow(cli: cli, ["--app", app, "--graphics", "symbols"], environment: ["COLORTERM": "truecolor"])
            try window.tmux.waitFor(text: "Dark")
            _ = try window.tmux.waitFor("the three icons' colours") { _ in
                let styled = (try? window.tmux.styledScreen()) ?? ""
                return [(220, 30, 30), (30, 60, 220), (30, 200, 60)].allSatisfy { Self.holds(styled, $0) }
            }
            // The details of Dark name the car and its images.
            try window.tmux.send("End")
            try window.tmux.send("i")
            _ = try window.tmux.waitFor(text: "Dark-1024.png")
            try window.tmux.send("Escape")
            try window.tmux.send("q")
            #expect(try window.tmux.waitForFile(window.statusFile) == "0\n")
        }
    }
}
