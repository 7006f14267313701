import Foundation
import Testing

/// An Icon Composer alternate whose one layer is a 1024-pixel picture wrapped in SVG (2 MB, as
/// real apps' layers are), through the binary: `list --json` gives it images, `preview` and the
/// chooser draw its red, not a placeholder, and nothing says it cannot be drawn.
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
        let app = Self.project().folder.path
        let list = try cli.run(["list", "--json", "--app", app])
        #expect(list.status == 0, "\(list.stderr)")
        let json = try jsonObject(list.stdout)
        let icons = try #require(json["icons"] as? [[String: Any]])
        let picture = try #require(icons.first { $0["name"] as? String == "Picture" })
        #expect((picture["images"] as? [Any])?.isEmpty == false, "\(picture)")
        #expect(!list.stdout.contains("icon-layer-undrawable") && !list.stdout.contains("is refused"), "\(list.stdout)")

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
        let app = Self.project().folder.path
        var environment = cli.environment
        environment["TERM"] = "xterm-256color"
        let tmux = try Tmux(command: [CLI.binary, "--app", app].map(shellQuote).joined(separator: " "),
                            width: 110, height: 34, environment: environment)
        _ = try tmux.waitFor(text: "Picture", timeout: 30)
        let deadline = Date().addingTimeInterval(60)
        var tile: (background: String?, lettered: Bool)?
        repeat {
            tile = FixGridTmuxTests.tile(of: "Picture", in: FixGridTmuxTests.styledRows(try tmux.styledScreen()))
            if let tile, !tile.lettered, tile.background != nil { break }
            usleep(100_000)
        } while Date() < deadline
        #expect(tile?.lettered == false && tile?.background != nil, "the picture, not a placeholder: \(String(describing: tile))")
        try tmux.send("q")
    }
}
