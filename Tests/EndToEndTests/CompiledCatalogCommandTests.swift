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

    /// Every 24-bit colour a styled text sets (`38;2;R;G;B` or `48;2;R;G;B`).
    static func colours(_ styled: String) -> [(Int, Int, Int)] {
        styled.components(separatedBy: "8;2;").dropFirst().compactMap { rest in
            let numbers = rest.prefix { $0.isNumber || $0 == ";" }.split(separator: ";").prefix(3).compactMap { Int($0) }
            return numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : nil
        }
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

    /// A 48 MiB car (under the 64 MiB a car is read at: a large app's other images beside its
    /// icons, stored uncompressed) is held once, whoever reads it: `list`, `list --json` and
    /// `preview` (which reads the app ahead while its command line is parsed, then opens it for
    /// the command) each peak under 150 MB and under two of the car, its own 48 MiB included.
    @Test func aLargeCarIsHeldOnce() throws {
        var images: [CarWriter.Image] = []
        for (asset, colour) in [("AppIcon", (220, 30, 30)), ("Blue", (30, 60, 220)), ("Dark", (30, 200, 60))] as [(String, (UInt8, UInt8, UInt8))] {
            images.append(.init(asset: asset, size: 120, scale: 2, idiom: 1, colour: (colour.0, colour.1, colour.2, 255)))
            images.append(.init(asset: asset, size: 1024, idiom: 6, encoding: .uncompressed, colour: (colour.0, colour.1, colour.2, 255)))
        }
        for i in 0..<9 {
            images.append(.init(asset: "Photo\(i)", size: 1024, encoding: .uncompressed, colour: (UInt8(i), 90, 90, 255)))
        }
        var app = BuiltAppFixture()
        app.files["Assets.car"] = CarWriter(images: images).build()
        let megabytes = Double(app.files["Assets.car"]!.count) / Double(1 << 20)
        #expect(megabytes > 48 && megabytes < 64, "\(megabytes) MiB")
        let path = app.writeApp(in: folder, as: "Large.app")
        // The same app as an .ipa, its files stored (this car's flat colours deflate past the
        // zip-bomb ratio): the car is read straight into the one array the catalog keeps.
        folder.write("Large.ipa", RawZip(app.entries.map { RawZip.Entry.stored($0.name, $0.data) }).build())
        let ipa = folder.url("Large.ipa")
        let commands: [[String]] = [
            ["list", "--app", path], ["list", "--app", path, "--json"],
            ["preview", "--app", path, "--color", "truecolor", "--graphics", "symbols", "--size", "60x12"],
            ["preview", "Blue", "--app", path, "--color", "truecolor", "--graphics", "kitty", "--size", "30x12"],
            ["list", "--app", ipa, "--json"],
            ["preview", "--app", ipa, "--color", "truecolor", "--graphics", "symbols", "--size", "60x12"],
        ]
        for command in commands {
            let run = try #require(try measure([CLI.binary] + command, environment: cli.environment, in: folder, timeout: 60),
                                   "\(command) timed out")
            #expect(run.status == 0 && run.stderr.isEmpty, "\(command): \(run.stderr)")
            // Held twice, the car alone would be more than that.
            #expect(run.peakMegabytes < min(150, 2 * megabytes), "\(command): \(run.peakMegabytes) MB for a \(megabytes) MiB car")
        }
        let preview = try cli.run(["preview", "--app", path, "--color", "truecolor", "--graphics", "symbols", "--size", "60x12"])
        for colour in [(220, 30, 30), (30, 60, 220), (30, 200, 60)] {
            #expect(Self.holds(preview.stdout, colour), "\(colour) missing from the preview")
        }
    }

    /// Alternates only in the car, packed into LZFSE atlases as Xcode 11 and later pack them:
    /// `list --json` names the car and each image's rectangle's source, `preview` draws their colours.
    @Test func listAndPreviewReadIconsPackedIntoAtlases() throws {
        guard ReferenceLZFSE.available else {
            if ReferenceLZFSE.inCI { Issue.record("PyPI's lzfse must be installed in CI: \(ReferenceLZFSE.skipMessage)") }
            print(ReferenceLZFSE.skipMessage)
            return
        }
        let packed = BuiltAppFixture().withAlternatesInAtlases()
        for app in [packed.writeApp(in: folder, as: "Packed.app"), try packed.writeIPA(in: folder, as: "Packed.ipa")] {
            let run = try cli.run(["list", "--app", app, "--json"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            #expect((json["warnings"] as? [Any])?.isEmpty == true, "\(json["warnings"] ?? "")")
            let icons = try #require(json["icons"] as? [[String: Any]])
            #expect(icons.map { $0["name"] as? String } == [nil, "Blue", "Dark"])
            #expect(icons.map { $0["source"] as? String } == ["car", "car", "car"])
            let car = (app.hasSuffix(".ipa") ? app + ":Payload/Sample.app" : app) + "/Assets.car"
            for name in ["Blue", "Dark"] {
                let icon = try #require(icons.first { $0["name"] as? String == name })
                let images = try #require(icon["images"] as? [[String: Any]])
                #expect(images.map { $0["width"] as? Int } == [120, 180], "\(name)")
                #expect(images.map { $0["path"] as? String } == ["\(car):\(name)-120.png", "\(car):\(name)-180.png"])
            }

            let preview = try cli.run(["preview", "--app", app, "--color", "truecolor", "--graphics", "symbols", "--size", "60x12"])
            #expect(preview.status == 0 && preview.stderr.isEmpty, "\(preview.stderr)")
            for colour in [(220, 30, 30), (30, 60, 220), (30, 200, 60)] {
                #expect(Self.holds(preview.stdout, colour), "\(colour) missing from the preview of \(app)")
            }
            // Each alternate alone: its own colour only, never its neighbour's in the atlas.
            for (name, own, neighbour) in [("Blue", (30, 60, 220), (30, 200, 60)), ("Dark", (30, 200, 60), (30, 60, 220))] {
                let one = try cli.run(["preview", name, "--app", app, "--color", "truecolor", "--graphics", "symbols", "--size", "30x12"])
                #expect(one.status == 0 && Self.holds(one.stdout, own) && !Self.holds(one.stdout, neighbour), "\(name): \(one.stdout)")
            }
        }
    }

    /// A single-size icon's 1024 px images, one for each appearance: `list --json` has all three,
    /// `preview --appearance` draws each from its own rendition, never derived from the light one.
    @Test func previewDrawsEachAppearanceOfASingleSizeIcon() throws {
        let app = BuiltAppFixture().withSingleSizeDark().writeApp(in: folder, as: "Single.app")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try cli.run(["list", "--app", app, "--json"]).stdout.utf8)) as? [String: Any])
        let dark = try #require((json["icons"] as? [[String: Any]])?.first { $0["name"] as? String == "Dark" })
        #expect(dark["appearances"] as? [String] == ["light", "dark", "tinted"])
        #expect((dark["images"] as? [[String: Any]])?.map { $0["width"] as? Int } == [1024, 1024, 1024])
        let darkRun = try cli.run(["preview", "Dark", "--app", app, "--appearance", "dark", "--color", "truecolor",
                                   "--graphics", "symbols", "--size", "30x12"])
        #expect(darkRun.status == 0 && Self.holds(darkRun.stdout, (0, 0, 0)), "dark: \(darkRun.stdout)\(darkRun.stderr)")
        #expect([(30, 200, 60), (128, 128, 128)].allSatisfy { !Self.holds(darkRun.stdout, $0) }, "dark: \(darkRun.stdout)")
        // The tinted rendition (opaque grey) is drawn as iOS draws a tinted icon, its luminance in
        // the tint: greys only, never the light rendition's green.
        let tinted = try cli.run(["preview", "Dark", "--app", app, "--appearance", "tinted", "--color", "truecolor",
                                  "--graphics", "symbols", "--size", "30x12"])
        let colours = Self.colours(tinted.stdout)
        #expect(tinted.status == 0 && !colours.isEmpty && colours.allSatisfy { $0.0 == $0.1 && $0.1 == $0.2 },
                "tinted: \(tinted.stdout)\(tinted.stderr)")
        #expect(!Self.holds(tinted.stdout, (30, 200, 60)), "tinted: \(tinted.stdout)")
    }

    /// An icon whose only images are in an encoding not decoded (deepmap) is a placeholder, with one
    /// warning naming the encoding and the car; an icon that also has a decodable image shows it.
    @Test func anEncodingNotDecodedIsAPlaceholderAndOneWarning() throws {
        var app = BuiltAppFixture()
        app.files["Assets.car"] = CarWriter(images: [
            .init(asset: "AppIcon", size: 120, scale: 2, idiom: 1, encoding: .deepmap, colour: (1, 2, 3, 255)),
            .init(asset: "AppIcon", size: 180, scale: 3, idiom: 1, colour: (220, 30, 30, 255)),
            .init(asset: "Dark", size: 120, scale: 2, idiom: 1, encoding: .deepmap, colour: (1, 2, 3, 255)),
            .init(asset: "Dark", size: 1024, encoding: .deepmap, colour: (1, 2, 3, 255)),
        ]).build()
        let path = app.writeApp(in: folder, as: "Deepmap.app")
        let car = path + "/Assets.car"
        let run = try cli.run(["list", "--app", path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let icons = try #require(json["icons"] as? [[String: Any]])
        let primary = try #require(icons.first { $0["isPrimary"] as? Bool == true })
        #expect(primary["source"] as? String == "car")
        #expect((primary["images"] as? [[String: Any]])?.map { $0["path"] as? String } == ["\(car):AppIcon-180.png"])
        let dark = try #require(icons.first { $0["name"] as? String == "Dark" })
        #expect((dark["images"] as? [Any])?.isEmpty == true)
        let warnings = (json["warnings"] as? [String] ?? []).filter { $0.contains("deepmap") }
        #expect(warnings == ["\(car): icon images stored as deepmap (LZFSE) are not decoded; "
            + "each icon shows its other images, or a placeholder where it has none"], "\(json["warnings"] ?? "")")
        // That warning speaks for Dark: no other says the car has nothing for it.
        #expect(!(json["warnings"] as? [String] ?? []).contains { $0.contains("“Dark”") }, "\(json["warnings"] ?? "")")

        // lint says the same once, and does not take Dark's images for missing (ITMS-90895): they are in the car.
        let lint = try cli.run(["lint", "--app", path])
        let lines = lint.stderr.split(separator: "\n").filter { $0.contains("deepmap") }
        #expect(lines == ["iconchooser: warning: \(car): icon images stored as deepmap (LZFSE) are not decoded; "
            + "each icon shows its other images, or a placeholder where it has none"], "\(lint.stderr)")
        #expect(lint.stdout.contains("“Blue”") && lint.stdout.contains("[car-icon-missing]"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("“Dark”"), "\(lint.stdout)")
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
