import Foundation
import Testing

/// An Icon Composer alternate whose one layer is a 1024-pixel picture wrapped in SVG (2 MB, as
/// real apps' layers are), through the binary: `list --json` lists it with no warning of its
/// layer, `preview` and the chooser draw its red, not a placeholder, and `lint` finds nothing undrawable.
@Suite struct PictureLayerCommandTests {
    let cli = CLI()

    static func project() -> SmallProject {
        var project = SmallProject()
        project.set("AppIcon")
        project.bundle("Picture", groups: [["layers": [["name": "picture", "image-name": "picture.svg"]]]])
        project.folder.write("App/Picture.icon/Assets/picture.svg", PictureLayerSVG.text())
        project.write(["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES": "Picture"])
        return project
    }

    @Test func listAndPreviewShowThePicture() throws {
        let project = Self.project()
        let app = project.folder.path
        let list = try cli.run(["list", "--json", "--app", app])
        #expect(list.status == 0, "\(list.stderr)")
        let json = try jsonObject(list.stdout)
        let icons = try #require(json["icons"] as? [[String: Any]])
        // A bundle's pictures are drawn from its layers, so its images are what it is drawn as: its
        // canvas at 1024 px, named by the bundle, light its own and dark and tinted the system's
        // rendition (it has no specialization for them); no warning of its layer.
        let picture = try #require(icons.first { $0["name"] as? String == "Picture" })
        let bundle = try #require(picture["assetPath"] as? String)
        #expect(picture["source"] as? String == "icon" && bundle.hasSuffix("/App/Picture.icon"), "\(picture)")
        #expect(picture["appearances"] as? [String] == ["light"], "\(picture)")
        let images = try #require(picture["images"] as? [[String: Any]])
        #expect(images.map { $0["path"] as? String } == [bundle, bundle, bundle], "\(images)")
        #expect(images.map { $0["appearance"] as? String } == ["light", "dark", "tinted"], "\(images)")
        #expect(images.allSatisfy { $0["width"] as? Int == 1024 && $0["height"] as? Int == 1024 && $0["idiom"] as? String == "universal"
            && $0["size"] as? Double == 1024 && $0["scale"] as? Int == 1 }, "\(images)")
        #expect(images.map { $0["derived"] as? String } == [nil, "system-rendition", "system-rendition"], "\(images)")
        #expect(!list.stdout.contains("picture.svg") && !list.stderr.contains("picture.svg"), "\(list.stdout)\(list.stderr)")
        // `list` for people says the same: the bundle, at 1024 px.
        let text = try cli.run(["list", "--app", app])
        #expect(text.stdout.split(separator: "\n").contains { $0.hasPrefix("Picture\t") && $0.hasSuffix("\t\(bundle)\t\(bundle)\t\(bundle)") },
                "\(text.stdout)")

        let preview = try cli.run(["preview", "Picture", "--app", app, "--size", "8x4", "--color", "truecolor", "--symbols", "half"])
        #expect(preview.status == 0 && preview.stderr.isEmpty, "\(preview.stderr)")
        // Every colour of the tile is the picture's red (a placeholder is grey, with a letter).
        let colours = preview.stdout.matches(of: /[34]8;2;([0-9]+);([0-9]+);([0-9]+)m/).compactMap { match -> (Int, Int, Int)? in
            guard let red = Int(match.output.1), let green = Int(match.output.2), let blue = Int(match.output.3) else { return nil }
            return (red, green, blue)
        }
        #expect(colours.count >= 8, "\(preview.stdout)")
        #expect(colours.filter { $0.0 > 150 && $0.1 < 60 && $0.2 < 60 }.count * 2 > colours.count, "\(preview.stdout)")

        let lint = try cli.run(["lint", "--format", "json", "--app", app])
        #expect(!lint.stdout.contains("icon-layer-undrawable"), "\(lint.stdout)")
    }

    @Test(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"))
    func theChooserDrawsThePicture() throws {
        let project = Self.project()
        let app = project.folder.path
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let tmux = try Tmux(command: [CLI.binary, "--app", app].map(shellQuote).joined(separator: " "),
                            width: 110, height: 34, environment: environment)
        _ = try tmux.waitFor(text: "Picture", timeout: 30)
        // The picture's tile is the rightmost, so its rows end where its colour does (tmux
        // trims a line's last blank cells): look for its red background in the rows above the
        // caption, and for no letter (a placeholder's initial) in the tile's columns.
        let deadline = Date().addingTimeInterval(60)
        var drawn = false
        var lettered = true
        var shown = ""
        repeat {
            let styled = try tmux.styledScreen()
            let rows = FixGridTmuxTests.styledRows(styled)
            shown = styled
            // The caption ends its line, so it has no blank after it either.
            if let y = rows.firstIndex(where: { String($0.map(\.character)).contains(" Picture") }), y >= 10 {
                let caption = String(rows[y].map(\.character))
                let middle = caption.distance(from: caption.startIndex, to: caption.range(of: " Picture")!.lowerBound) + 4
                let tile = rows[(y - 10)..<(y - 1)]
                drawn = tile.contains { row in
                    row.indices.contains(middle - 6) && row[(middle - 6)...].contains { $0.style.contains(/48;5;(88|124|160|196)\b/) }
                }
                lettered = tile.contains { row in
                    (max(0, middle - 6)...(middle + 6)).contains { row.indices.contains($0) && row[$0].character.isLetter }
                }
            }
            if drawn && !lettered { break }
            usleep(100_000)
        } while Date() < deadline
        #expect(drawn && !lettered, "the picture in its red, not a placeholder: \(shown)")
        try tmux.send("q")
    }
}
