import Foundation
import IconArt
import TerminalStreams
import Testing
import TestSupport

/// Dopamine 2.4.5's built app (Xcode 16.3): its five icons exist only in its car, packed into
/// shared atlases. `list` gives each icon's sizes, and `preview` draws each from the car as it
/// draws the icon's upstream 180 px source (`../shared/corpus/assets-car/Dopamine`).
enum DopamineApp {
    static let folder = Repository.corpus.appendingPathComponent("assets-car/Dopamine")
    static let app = folder.appendingPathComponent("Dopamine.app").path
    static var available: Bool { FileManager.default.fileExists(atPath: app) }
}

@Suite(.enabled(if: DopamineApp.available, "skipped: ../shared/corpus/assets-car/Dopamine is absent"))
struct DopamineCommandTests {
    static let folder = DopamineApp.folder
    static let app = DopamineApp.app
    static let icons = ["AppIcon", "AppIcon_Blue", "AppIcon_ElleKit", "AppIcon_Purple", "AppIcon_Red"]
    let cli = CLI()

    /// Every icon lists the car's iPhone images once each: 15 sizes, the 120 px one at 2x and 3x,
    /// and not the iPhone XR's copy of the 180 px image at 2x (a 90 pt size no icon has).
    @Test func listGivesEachIconsSizes() throws {
        let run = try cli.run(["list", "--app", Self.app, "--json"])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let icons = try #require(json["icons"] as? [[String: Any]])
        #expect(icons.count == 5)
        for icon in icons {
            #expect(icon["source"] as? String == "car")
            let images = try #require(icon["images"] as? [[String: Any]])
            let sizes = images.compactMap { image in (image["width"] as? Int).flatMap { w in (image["scale"] as? Int).map { [w, $0] } } }
            #expect(sizes == [[40, 2], [58, 2], [60, 3], [76, 2], [80, 2], [87, 3], [114, 3], [120, 2], [120, 3], [128, 2],
                              [136, 2], [152, 2], [167, 2], [180, 3], [192, 3]], "\(icon["name"] ?? "primary")")
        }
    }

    /// The symbol picture of each icon read from the car and that of its upstream PNG differ by
    /// little in each cell: the PNG is drawn without its colour profile (Apple's Generic RGB), the
    /// car's pixels were converted to sRGB, which alone gives 9-15 levels on average. Any other
    /// icon's source differs by 32 or more, and a crop from the wrong place of an atlas (or a
    /// blank one) differs as much.
    @Test func previewOfEachIconIsItsSourcesPicture() throws {
        let temporary = TemporaryFolder()
        var pictures: [String: [[Cell]]] = [:], sources: [String: [[Cell]]] = [:]
        for icon in Self.icons {
            let fromCar = try cli.run(["preview", icon == "AppIcon" ? "Default" : icon, "--app", Self.app, "--color", "truecolor",
                                       "--graphics", "symbols", "--size", "20x10"])
            #expect(fromCar.status == 0 && fromCar.stderr.isEmpty, "\(fromCar.stderr)")
            temporary.write("\(icon).app/Icon60x60@3x.png", try Data(contentsOf: Self.folder.appendingPathComponent("upstream-sources/\(icon)-Icon-60@3x.png")))
            let plist: [String: Any] = ["CFBundleIdentifier": "com.example.source",
                                        "CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["Icon60x60"]]]]
            temporary.write("\(icon).app/Info.plist", try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0))
            let fromSource = try cli.run(["preview", "--app", temporary.url("\(icon).app"), "--color", "truecolor",
                                          "--graphics", "symbols", "--size", "20x10"])
            #expect(fromSource.status == 0, "\(fromSource.stderr)")
            pictures[icon] = Self.cells(fromCar.stdout)
            sources[icon] = Self.cells(fromSource.stdout)
        }
        for icon in Self.icons {
            let own = Self.difference(try #require(pictures[icon]), try #require(sources[icon]))
            #expect(own <= 20, "\(icon) differs from its source by \(own) a cell")
            for other in Self.icons where other != icon {
                let theirs = Self.difference(pictures[icon]!, sources[other]!)
                #expect(theirs > own + 10, "\(icon) is as near \(other)'s source (\(theirs)) as its own (\(own))")
            }
        }
    }

    /// One character cell of a picture: its colours (nil where the terminal's own shows).
    struct Cell {
        let character: Character, foreground: [Int]?, background: [Int]?

        /// The cell's mean colour: a space shows its background alone.
        var colour: [Double]? {
            let shown = character == " " ? [background].compactMap { $0 } : [foreground, background].compactMap { $0 }
            guard !shown.isEmpty else { return nil }
            return (0..<3).map { channel in Double(shown.map { $0[channel] }.reduce(0, +)) / Double(shown.count) }
        }
    }

    /// The cells of `preview`'s symbol art, line by line, from its 24-bit SGR colours.
    static func cells(_ text: String) -> [[Cell]] {
        text.split(separator: "\n").map { line in
            var cells: [Cell] = [], foreground: [Int]?, background: [Int]?
            var characters = Array(line)[...]
            while let first = characters.first {
                guard first == "\u{1B}" else {
                    cells.append(Cell(character: first, foreground: foreground, background: background))
                    characters = characters.dropFirst()
                    continue
                }
                let end = characters.firstIndex(of: "m") ?? characters.endIndex
                let parameters = String(characters[characters.index(characters.startIndex, offsetBy: 2)..<end])
                    .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                var at = 0
                while at < parameters.count {
                    switch parameters[at] {
                    case 0: foreground = nil; background = nil; at += 1
                    case 38 where at + 4 < parameters.count: foreground = Array(parameters[(at + 2)...(at + 4)]); at += 5
                    case 48 where at + 4 < parameters.count: background = Array(parameters[(at + 2)...(at + 4)]); at += 5
                    default: at += 1
                    }
                }
                characters = characters[min(end + 1, characters.endIndex)...]
            }
            return cells
        }
    }

    /// The mean difference, per channel and cell, of the cells both pictures colour.
    static func difference(_ a: [[Cell]], _ b: [[Cell]]) -> Double {
        var total = 0.0, counted = 0
        for (rowA, rowB) in zip(a, b) {
            for (cellA, cellB) in zip(rowA, rowB) {
                guard let x = cellA.colour, let y = cellB.colour else { continue }
                total += zip(x, y).map { abs($0 - $1) }.reduce(0, +) / 3
                counted += 1
            }
        }
        return counted == 0 ? .infinity : total / Double(counted)
    }
}

extension XDisplayTests {
    /// The chooser on Dopamine in kitty (under Xvfb): the five pictures it sends in kitty's
    /// graphics protocol (recorded by `script`) are the five upstream sources, each at the size
    /// it is sent, measured inside the icon's shape (the corners are masked): every picture is
    /// nearest its own source, by far, and as near as the car's own images are (27 dB, see
    /// `DopamineCarTests`); a crop from the wrong place of an atlas measures under 15 dB.
    @Suite(.enabled(if: DopamineApp.available, "skipped: ../shared/corpus/assets-car/Dopamine is absent"),
           .enabled(if: VirtualDisplay.isAvailable && VirtualDisplay.hasKitty, "Xvfb or kitty is not installed (make test installs them)"),
           .enabled(if: ReferenceImages.available, "\(ReferenceImages.skipMessage)"))
    struct DopamineKittyTests {
        static let icons = DopamineCommandTests.icons

        /// PSNR of `picture` against the RGB `reference` of its size, over the disc inside the icon's shape.
        static func psnr(_ picture: RGBABitmap, _ reference: [UInt8]) -> Double {
            var a: [UInt8] = [], b: [UInt8] = []
            let centre = Double(picture.width - 1) / 2, radius = 0.45 * Double(picture.width)
            for y in 0..<picture.height {
                for x in 0..<picture.width where (Double(x) - centre) * (Double(x) - centre) + (Double(y) - centre) * (Double(y) - centre) <= radius * radius {
                    let pixel = picture[x, y], at = (y * picture.width + x) * 3
                    a += [pixel.r, pixel.g, pixel.b]
                    b += reference[at..<(at + 3)]
                }
            }
            return ReferenceImages.psnr(a, b)
        }

        /// The part of `tile` its picture covers (pixels not fully clear).
        static func coveredSquare(_ tile: RGBABitmap) -> RGBABitmap {
            var left = tile.width, top = tile.height, right = -1, bottom = -1
            for y in 0..<tile.height {
                for x in 0..<tile.width where tile[x, y].a > 0 {
                    left = min(left, x)
                    right = max(right, x)
                    top = min(top, y)
                    bottom = max(bottom, y)
                }
            }
            guard right >= left, bottom >= top else { return tile }
            var pixels: [UInt8] = []
            for y in top...bottom {
                let from = (y * tile.width + left) * 4, to = (y * tile.width + right + 1) * 4
                pixels += tile.pixels[from..<to]
            }
            return RGBABitmap(width: right - left + 1, height: bottom - top + 1, pixels: pixels)
        }

        @Test func theChoosersPicturesAreTheIconsSources() throws {
            let screen = try VirtualDisplay()
            let (typescript, status) = (screen.folder.url("typescript"), screen.folder.url("status"))
            let chooser = "\(shellQuote(CLI.binary)) --app \(shellQuote(DopamineApp.app)) --graphics kitty; echo $? > \(shellQuote(status))"
            let command = "script -q -f -c \(shellQuote(chooser)) \(shellQuote(typescript)); sleep 120"
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 900, height: 600, running: command), environment: CLI().environment)
            defer { withExtendedLifetime(window) {} }

            /// The pictures sent so far, by image id.
            func sent() -> [String: RGBABitmap] {
                let text = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: typescript))) ?? Data(), as: UTF8.self)
                guard let commands = try? kittyCommands(Array(text.matches(of: /\x1B_G[^\x1B]*\x1B\\/).map { String($0.output) }.joined().utf8))
                else { return [:] }
                var images: [String: RGBABitmap] = [:], chunks: [KittyCommand] = []
                for command in commands {
                    if command["a"] == "t" || command["a"] == "T" || (!chunks.isEmpty && command["a"] == nil) { chunks.append(command) }
                    if !chunks.isEmpty && command["m"] != "1" {
                        if let image = try? kittyImage(chunks) { images[chunks[0]["i"] ?? "\(images.count)"] = image }
                        chunks = []
                    }
                }
                return images
            }
            #expect(eventually(timeout: 60) { sent().count >= Self.icons.count }, "the chooser sent \(sent().count) pictures")
            try window.keys("q")
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })

            // Each picture is its tile: the icon is the square of pixels it covers (the rest is clear).
            let pictures = Array(sent().values).map(Self.coveredSquare)
            #expect(pictures.count == Self.icons.count, "\(pictures.map { "\($0.width)×\($0.height)" })")
            var matched: [String] = []
            for picture in pictures {
                #expect(picture.width == picture.height && picture.width >= 40, "\(picture.width)×\(picture.height)")
                let scores = try Self.icons.map { icon in
                    let reference = try #require(try ReferenceImages.srgb(DopamineApp.folder.appendingPathComponent("upstream-sources/\(icon)-Icon-60@3x.png").path, sizes: [picture.width], filter: .lanczos)[picture.width])
                    return (icon: icon, psnr: Self.psnr(picture, reference))
                }.sorted { $0.psnr > $1.psnr }
                matched.append(scores[0].icon)
                #expect(scores[0].psnr >= 27 && scores[0].psnr > scores[1].psnr + 5, "a \(picture.width) px picture: \(scores)")
            }
            #expect(Set(matched) == Set(Self.icons), "\(matched)")
        }
    }
}
