import Foundation
import IconArt
import TerminalStreams
import Testing

extension XDisplayTests {
    /// The chooser in real terminals that show pictures (xterm as a VT340 for sixel, kitty for
    /// its graphics protocol) under Xvfb, judged by screenshots: every tile shows its icon at
    /// the terminal's resolution, and nothing is left behind after scrolling, resizing and quitting.
    ///
    /// The icons are split along a diagonal, red above and blue below: a picture reproduces the
    /// slanted edge to the pixel, while symbol art can only draw it in steps of a cell's parts.
    @Suite(.enabled(if: VirtualDisplay.isAvailable && Screenshot.isAvailable,
                    "Xvfb, xterm, xwd, ImageMagick's convert or xdotool is not installed (make test installs them)"))
    struct PixelChooserTests {
        let cli = CLI()

        /// An app of `count` icons, each the red-and-blue diagonal.
        static func diagonalApp(in folder: TemporaryFolder, count: Int) -> String {
            let png = PNGWriter.png(width: 180, height: 180, alpha: false) { x, y in x + y < 180 ? (230, 20, 20, 255) : (20, 20, 230, 255) }
            var alternates: [String: Any] = [:]
            for index in 1..<count {
                folder.write("app/icon\(index)@3x.png", png)
                alternates["icon\(index)"] = ["CFBundleIconFiles": ["icon\(index)"]]
            }
            folder.write("app/primary@3x.png", png)
            folder.writePlist(["CFBundleDisplayName": "Diagonal", "CFBundleIcons": [
                "CFBundlePrimaryIcon": ["CFBundleIconFiles": ["primary"]], "CFBundleAlternateIcons": alternates]],
                              as: "app/Info.plist")
            return folder.url("app")
        }

        /// The chooser on `app` in a terminal on `screen`, kept open after it leaves so that
        /// what it left on screen can be seen; its exit status goes to the returned file.
        func chooserCommand(app: String, in screen: VirtualDisplay, extra: String = "") -> (command: String, status: String) {
            let status = screen.folder.url("status")
            let command = "\(shellQuote(CLI.binary)) --app \(shellQuote(app)) \(extra); echo $? > \(shellQuote(status)); sleep 120"
            return (command, status)
        }

        /// Waits until a screenshot satisfies `condition`; the last one otherwise.
        func screenshot(of screen: VirtualDisplay, _ what: String, timeout: TimeInterval = 30,
                        until condition: (Screenshot) -> Bool) throws -> Screenshot {
            var last: Screenshot?
            let deadline = Date().addingTimeInterval(timeout)
            repeat {
                let shot = try Screenshot(display: screen.display)
                if condition(shot) { return shot }
                last = shot
                usleep(200_000)
            } while Date() < deadline
            // Kept for a look after the test's folder is gone.
            let saved = (NSTemporaryDirectory() as NSString).appendingPathComponent("iconchooser-screenshot-\(UUID().uuidString).png")
            try? Data(last?.png ?? []).write(to: URL(fileURLWithPath: saved))
            Issue.record("no screenshot showed \(what) within \(Int(timeout)) s (the last one: \(saved)); tiles: \(last?.tiles ?? [])")
            return try #require(last)
        }

        /// Pictures, scrolling to the end, the help over them and back, a smaller window, and quitting.
        func exercise(_ screen: VirtualDisplay, window: VirtualDisplay.Client, status: String, count: Int) throws {
            // Pictures arrive one by one: wait for whole rows of them (at least two rows fit).
            let first = try screenshot(of: screen, "a full screen of pictures") { shot in
                let columns = Set(shot.tiles.map(\.x)).count, rows = Set(shot.tiles.map(\.y)).count
                return rows >= 2 && shot.tiles.count == columns * rows && shot.tiles.allSatisfy(\.isPicture)
            }
            let perRow = Set(first.tiles.map(\.x)).count, rows = Set(first.tiles.map(\.y)).count
            #expect(first.tiles.count == perRow * rows && count > perRow * rows, "\(first.tiles)")
            let size = try #require(first.tiles.first).width
            #expect(first.tiles.allSatisfy { abs($0.width - size) <= 1 && abs($0.height - $0.width) <= 2 }, "\(first.tiles)")

            // To the last icon: the grid scrolls by whole rows, the last ones on screen.
            try window.keys("End")
            let rowCount = (count + perRow - 1) / perRow
            let atEnd = count - (rowCount - rows) * perRow
            let scrolled = try screenshot(of: screen, "the last \(atEnd) pictures alone") {
                $0.tiles.count == atEnd && $0.tiles.allSatisfy(\.isPicture)
            }
            #expect(scrolled.tiles.allSatisfy { abs($0.width - size) <= 1 })

            // The help box covers some tiles: what shows of their pictures is cut where it begins;
            // closed, all are back.
            try window.keys("Home", "question")
            _ = try screenshot(of: screen, "the help over the tiles") { $0.tiles.filter(\.isPicture).count < first.tiles.count }
            try window.keys("question")
            _ = try screenshot(of: screen, "the pictures back after the help") { $0.tiles.count == first.tiles.count && $0.tiles.allSatisfy(\.isPicture) }

            // Smaller: fewer tiles a row, none left where the old ones were.
            let gridRight = first.tiles.map { $0.x + $0.width }.max() ?? 0
            try window.resize(width: gridRight * 6 / 10, height: try window.size().height)
            _ = try screenshot(of: screen, "the pictures of the narrower grid") { shot in
                !shot.tiles.isEmpty && Set(shot.tiles.map(\.x)).count < perRow && shot.tiles.allSatisfy(\.isPicture)
            }

            try window.keys("q")
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })
            _ = try screenshot(of: screen, "a screen without pictures after quitting") { $0.tiles.isEmpty && $0.colouredPixels < 20 }
        }

        @Test func sixelInXtermAsAVT340() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 40)
            let (command, status) = chooserCommand(app: app, in: screen)
            let window = try screen.start([VirtualDisplay.xterm, "-ti", "vt340", "-fn", "10x20", "-geometry", "90x36+0+0", "-e", "/bin/sh", "-c", command],
                                          environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            try exercise(screen, window: window, status: status, count: 40)
        }

        /// Every picture replaces its tile whole, at font sizes whose cells do not divide the
        /// picture evenly: around each picture (its tile's cells it does not cover, and the slot's
        /// margin) and in its transparent corners nothing of the icon's symbol art is left, also
        /// after the help has covered the pictures and gone, and after scrolling to the end.
        func expectNothingAroundThePictures(_ screen: VirtualDisplay, window: VirtualDisplay.Client, status: String,
                                            count: Int, _ what: String) throws {
            // Every row whole but the grid's last, and every tile a picture.
            func settled(_ shot: Screenshot) -> Bool {
                let rows = Dictionary(grouping: shot.tiles, by: \.y).sorted { $0.key < $1.key }.map(\.value.count)
                guard rows.count >= 2, let widest = rows.max(), rows.dropLast().allSatisfy({ $0 == widest }) else { return false }
                return (rows.last == widest || shot.tiles.count <= count) && shot.tiles.allSatisfy(\.isPicture)
            }
            func check(_ shot: Screenshot, _ when: String) {
                for tile in shot.tiles {
                    let stray = shot.strayIconPixels(around: tile, by: 6)
                    #expect(stray.isEmpty, "\(what), \(when): \(stray.count) pixels of symbol art around the picture \(tile), as \(stray.prefix(6))")
                }
            }
            let first = try screenshot(of: screen, "pictures in every tile (\(what))", timeout: 60, until: settled)
            check(first, "first")
            let perRow = Set(first.tiles.map(\.x)).count, rows = Set(first.tiles.map(\.y)).count
            try window.keys("question")
            _ = try screenshot(of: screen, "the help over the tiles (\(what))") { $0.tiles.filter(\.isPicture).count < first.tiles.count }
            try window.keys("question")
            check(try screenshot(of: screen, "the pictures back after the help (\(what))", until: settled), "after the help")
            try window.keys("End")
            let atEnd = count - max(0, (count + perRow - 1) / perRow - rows) * perRow
            check(try screenshot(of: screen, "the last \(atEnd) pictures (\(what))") { shot in
                shot.tiles.count == atEnd && shot.tiles.allSatisfy(\.isPicture)
            }, "after scrolling")
            try window.keys("q")
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })
        }

        /// What is wrong with `after` (the help open) against `before` (the same grid without it):
        /// in each tile of `before`, the icon-coloured pixels left beside the box must be the
        /// picture's own, where it was (symbol art draws the diagonal in steps, and in other
        /// colours at 8 colours); and at least one tile must be cut by the box, not all hidden.
        static func helpCutProblems(before: Screenshot, after: Screenshot) -> [String] {
            var problems: [String] = []
            var cut = 0
            for tile in before.tiles {
                var shown = 0, whole = 0, unlike = 0
                for y in tile.y..<tile.y + tile.height {
                    for x in tile.x..<tile.x + tile.width {
                        let offset = (y * after.bitmap.width + x) * 4
                        if Screenshot.isIconColour(before.bitmap.pixels, offset) { whole += 1 }
                        guard Screenshot.isIconColour(after.bitmap.pixels, offset) else { continue }
                        shown += 1
                        let (a, b) = (after.colour(x: x, y: y), before.colour(x: x, y: y))
                        if max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > 40 { unlike += 1 }
                    }
                }
                if shown > whole / 20 && shown < whole * 19 / 20 { cut += 1 }
                if unlike > max(12, shown / 200) {
                    problems.append("\(unlike) of the \(shown) pixels left of \(tile) are not its picture's")
                }
            }
            if cut == 0 { problems.append("no tile is cut by the box") }
            return problems
        }

        /// The help over the grid hides exactly the cells it covers: the pictures it covers in
        /// part show the rest of themselves, in pixels; closed, every picture is whole again.
        func expectTheHelpCutsThePictures(_ screen: VirtualDisplay, window: VirtualDisplay.Client, status: String,
                                          count: Int, _ what: String) throws {
            let before = try screenshot(of: screen, "a grid of pictures (\(what))", timeout: 60) { shot in
                // Whole rows, but for the last icons' row.
                let rows = Dictionary(grouping: shot.tiles, by: \.y).sorted { $0.key < $1.key }.map(\.value.count)
                guard rows.count >= 2, let widest = rows.max(), rows.dropLast().allSatisfy({ $0 == widest }) else { return false }
                return (rows.last == widest || shot.tiles.count == count) && shot.tiles.allSatisfy(\.isPicture)
            }
            try window.keys("question")
            let after = try screenshot(of: screen, "the help cutting the pictures (\(what))") { shot in
                shot.tiles.count < before.tiles.count && Self.helpCutProblems(before: before, after: shot).isEmpty
            }
            let problems = Self.helpCutProblems(before: before, after: after)
            #expect(problems.isEmpty, "\(what): \(problems)")
            try window.keys("question")
            _ = try screenshot(of: screen, "the pictures whole after the help (\(what))") { shot in
                shot.tiles.count == before.tiles.count && shot.tiles.allSatisfy(\.isPicture)
            }
            try window.keys("q")
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })
        }

        @Test(.enabled(if: VirtualDisplay.hasKitty, "kitty is not installed (make test installs it)"))
        func theHelpHidesExactlyWhatItCoversOfKittysPictures() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 20)
            let (command, status) = chooserCommand(app: app, in: screen)
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 900, height: 600, running: command), environment: cli.environment)
            try expectTheHelpCutsThePictures(screen, window: window, status: status, count: 20, "kitty")
        }

        @Test func theHelpHidesExactlyWhatItCoversOfSixelPictures() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 20)
            let (command, status) = chooserCommand(app: app, in: screen)
            let window = try screen.start([VirtualDisplay.xterm, "-ti", "vt340", "-fn", "10x20", "-geometry", "90x36+0+0", "-e", "/bin/sh", "-c", command],
                                          environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            try expectTheHelpCutsThePictures(screen, window: window, status: status, count: 20, "xterm")
        }

        /// The help box in `after` (the help open over the grid of `before`): between the two
        /// columns with the longest vertical lines (its borders) that `before` did not have, as
        /// far as those lines reach.
        static func helpBox(before: Screenshot, after: Screenshot, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
            let background = after.colour(x: 2, y: 2)
            var runs: [(x: Int, top: Int, length: Int)] = []
            for x in 0..<width {
                // A line drawn cell by cell may have a gap of a few pixels between cells.
                var best = (top: 0, length: 0), start = -1, lastHit = -10
                for y in 0..<height {
                    let (a, b) = (after.colour(x: x, y: y), before.colour(x: x, y: y))
                    let changed = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > 24
                    let plain = max(abs(a.r - background.r), abs(a.g - background.g), abs(a.b - background.b)) <= 24
                    guard changed && !plain else { continue }
                    if y - lastHit > 5 { start = y }
                    lastHit = y
                    if y - start + 1 > best.length { best = (start, y - start + 1) }
                }
                runs.append((x, best.top, best.length))
            }
            guard let longest = runs.map(\.length).max(), longest > 60 else { return nil }
            let borders = runs.filter { $0.length * 10 >= longest * 9 }
            guard let left = borders.first, let right = borders.last, right.x - left.x > 50 else { return nil }
            let top = min(left.top, right.top), bottom = max(left.top + left.length, right.top + right.length)
            return (left.x, top, right.x - left.x + 1, bottom - top)
        }

        /// Opens the help over a still grid of pictures and expects it to hide only what it
        /// covers: in every picture of the grid, the pixels beyond the box (and the half cell
        /// around its borders) are as they were, so nothing beside the box became symbol art.
        func expectTheHelpHidesOnlyWhatItCovers(_ screen: VirtualDisplay, window: VirtualDisplay.Client, status: String,
                                                cutsAPicture: Bool, _ what: String) throws {
            let size = try window.size()
            func areas(_ shot: Screenshot) -> [(x: Int, y: Int, width: Int, height: Int)] {
                Screenshot.pictureAreas(in: shot.bitmap).filter { $0.x + $0.width <= size.width && $0.y + $0.height <= size.height }
            }
            var before = try Screenshot(display: screen.display)
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                usleep(1_500_000)
                let next = try Screenshot(display: screen.display)
                let same = areas(next).map { [$0.x, $0.y, $0.width, $0.height] } == areas(before).map { [$0.x, $0.y, $0.width, $0.height] }
                before = next
                if same && !areas(next).isEmpty { break }
            }
            let pictures = areas(before)
            try window.keys("question")
            var problems = ["the help never showed"]
            let until = Date().addingTimeInterval(30)
            while Date() < until && !problems.isEmpty {
                usleep(700_000)
                let after = try Screenshot(display: screen.display)
                guard let box = Self.helpBox(before: before, after: after, width: size.width, height: size.height) else { continue }
                problems = []
                var cut = 0
                for area in pictures {
                    var beyond = 0, changed = 0, inside = 0
                    for y in area.y..<area.y + area.height {
                        for x in area.x..<area.x + area.width {
                            let covered = x >= box.x - 12 && x < box.x + box.width + 12 && y >= box.y - 12 && y < box.y + box.height + 12
                            if covered { inside += 1; continue }
                            beyond += 1
                            let (a, b) = (after.colour(x: x, y: y), before.colour(x: x, y: y))
                            if max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) > 40 { changed += 1 }
                        }
                    }
                    if inside > 0 && beyond > 0 { cut += 1 }
                    if changed > max(20, beyond / 200) {
                        problems.append("\(changed) of the \(beyond) pixels of the picture at \(area.x),\(area.y) beside the box at \(box) changed")
                    }
                }
                if cutsAPicture && cut == 0 { problems.append("the box at \(box) cuts no picture") }
            }
            #expect(problems.isEmpty, "\(what): \(problems)")
            try window.keys("question", "q")
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })
        }

        @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
        func theHelpOverHabiticaHidesOnlyWhatItCovers() throws {
            let screen = try VirtualDisplay()
            let (command, status) = chooserCommand(app: RealProjectCorpus.path("HabitRPG_habitica-ios"), in: screen)
            let window = try screen.start([VirtualDisplay.xterm, "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "11",
                                           "-geometry", "100x36+0+0", "-e", "/bin/sh", "-c", command],
                                          environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            try expectTheHelpHidesOnlyWhatItCovers(screen, window: window, status: status, cutsAPicture: true, "Habitica in xterm")
        }

        @Test(.enabled(if: VirtualDisplay.hasKitty && RealProjectCorpus.available, "kitty or the corpus is missing"))
        func theHelpOverHabiticaInKittyHidesOnlyWhatItCovers() throws {
            let screen = try VirtualDisplay()
            let (command, status) = chooserCommand(app: RealProjectCorpus.path("HabitRPG_habitica-ios"), in: screen)
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 640, height: 400, running: command), environment: cli.environment)
            try expectTheHelpHidesOnlyWhatItCovers(screen, window: window, status: status, cutsAPicture: true, "Habitica in kitty")
        }

        @Test func theHelpOverTheDemoHidesOnlyWhatItCovers() throws {
            let screen = try VirtualDisplay()
            let (command, status) = chooserCommand(app: Repository.demoPlist, in: screen)
            let window = try screen.start([VirtualDisplay.xterm, "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "11",
                                           "-geometry", "100x36+0+0", "-e", "/bin/sh", "-c", command],
                                          environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            try expectTheHelpHidesOnlyWhatItCovers(screen, window: window, status: status, cutsAPicture: false, "the demo in xterm")
        }

        /// Habitica in xterm as a VT340 (its own font and size), through filtering, the details
        /// panel and its pictures, appearances, two choices, the end of the list, a larger window,
        /// the top and two pages down: once the screen is still, every picture on it is a tile
        /// of the grid, all of one size; none of the panel's larger pictures is left over tiles.
        @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
        func everySixelPictureLeftOnScreenIsATileShownNow() throws {
            let screen = try VirtualDisplay()
            let app = RealProjectCorpus.path("HabitRPG_habitica-ios")
            let (command, status) = chooserCommand(app: app, in: screen)
            let window = try screen.start([VirtualDisplay.xterm, "-ti", "vt340", "-geometry", "+0+0", "-e", "/bin/sh", "-c", command],
                                          environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            // The pictures in the window (at the screen's top left), once they stay as they are.
            func areas(_ shot: Screenshot) throws -> [(x: Int, y: Int, width: Int, height: Int)] {
                let size = try window.size()
                return Screenshot.pictureAreas(in: shot.bitmap).filter { $0.x + $0.width <= size.width && $0.y + $0.height <= size.height }
            }
            func still(_ what: String) throws -> Screenshot {
                var last = try Screenshot(display: screen.display)
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline {
                    usleep(1_500_000)
                    let next = try Screenshot(display: screen.display)
                    let (now, before) = (try areas(next), try areas(last))
                    if !now.isEmpty && now.map { [$0.x, $0.y, $0.width, $0.height] } == before.map { [$0.x, $0.y, $0.width, $0.height] } {
                        return next
                    }
                    last = next
                }
                Issue.record("the screen was never still \(what)")
                return last
            }
            _ = try still("at the start")
            for keys in [["slash", "p", "u", "r", "Escape"], ["i"], ["i"], ["a"], ["a"], ["Return"], ["Return"], ["End"]] {
                try window.keys(keys)
                usleep(300_000)
            }
            try window.resize(width: 700, height: 420)
            usleep(300_000)
            for key in ["g", "Next", "Next"] {
                try window.keys(key)
                usleep(300_000)
            }
            let shot = try still("after the sequence")
            let areas = try areas(shot)
            let sizes = areas.map(\.width).sorted()
            let tile = sizes[sizes.count / 2]
            #expect(areas.count >= 6 && areas.allSatisfy { abs($0.width - tile) <= 3 && abs($0.height - tile) <= 3 },
                    "pictures on screen: \(areas.map { "\($0.width)×\($0.height) at \($0.x),\($0.y)" })")
            try window.keys("q")
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })
        }

        @Test(.enabled(if: VirtualDisplay.hasKitty, "kitty is not installed (make test installs it)"), arguments: [9, 11, 13.5, 15])
        func kittysPicturesLeaveNothingOfTheirTilesAtAnyFontSize(points: Double) throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 30)
            let (command, status) = chooserCommand(app: app, in: screen)
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 900, height: 600, fontSize: points, running: command),
                                          environment: cli.environment)
            try expectNothingAroundThePictures(screen, window: window, status: status, count: 30, "kitty at \(points) pt")
        }

        @Test(arguments: [9, 11, 13.5, 15])
        func sixelPicturesLeaveNothingOfTheirTilesAtAnyFontSize(points: Double) throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 30)
            let (command, status) = chooserCommand(app: app, in: screen)
            let window = try screen.start([VirtualDisplay.xterm, "-ti", "vt340", "-fa", "DejaVu Sans Mono", "-fs", "\(points)",
                                           "-bg", "black", "-fg", "white", "-geometry", "80x30+0+0", "-e", "/bin/sh", "-c", command],
                                          environment: cli.environment.merging(["TERM": "xterm"]) { $1 })
            try expectNothingAroundThePictures(screen, window: window, status: status, count: 30, "xterm at \(points) pt")
        }

        @Test(.enabled(if: VirtualDisplay.hasKitty, "kitty is not installed (make test installs it)"))
        func kittysGraphicsProtocol() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 40)
            let (command, status) = chooserCommand(app: app, in: screen)
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 900, height: 600, running: command), environment: cli.environment)
            try exercise(screen, window: window, status: status, count: 40)
        }

        /// The details panel's large picture in kitty: placed beside (or over) the tiles when `i`
        /// opens the panel, replaced when the focus moves, taken away when `i` closes it.
        @Test(.enabled(if: VirtualDisplay.hasKitty, "kitty is not installed (make test installs it)"))
        func detailsPanelsLargePictureInKitty() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 4)
            let (command, status) = chooserCommand(app: app, in: screen)
            // Tall enough for the panel's picture to be larger than a tile's.
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 900, height: 740, running: command), environment: cli.environment)
            let first = try screenshot(of: screen, "the four pictures") { $0.tiles.count == 4 && $0.tiles.allSatisfy(\.isPicture) }
            let tile = try #require(first.tiles.first).width
            // The panel's picture is the 180-pixel icon enlarged, so its edge is a little softer than a tile's.
            func large(_ shot: Screenshot) -> [Screenshot.Tile] { shot.tiles.filter { $0.width > tile * 5 / 4 && $0.edgeError < 1 } }

            try window.keys("i")
            let opened = try screenshot(of: screen, "the panel's large picture") { large($0).count == 1 }
            let picture = try #require(large(opened).first)
            // To the right of (or over) the first tile, not covering the panel's text above it.
            let leftmost = try #require(first.tiles.first).x
            #expect(picture.x > leftmost, "\(opened.tiles)")
            try window.keys("Right")
            _ = try screenshot(of: screen, "one large picture after a focus move") { large($0).count == 1 }
            try window.keys("i")
            _ = try screenshot(of: screen, "no large picture once the panel is closed") {
                large($0).isEmpty && $0.tiles.count == 4 && $0.tiles.allSatisfy(\.isPicture)
            }
            try window.keys("q")
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })
        }

        /// kitty's pictures over SSH: `serve` runs the chooser on a pseudo-terminal of the
        /// client's size in pixels, where nothing in the environment says kitty, so the queries,
        /// answered across the connection, decide.
        @Test(.enabled(if: VirtualDisplay.hasKitty && SSHClient.isAvailable, "kitty or ssh is not installed (make test installs them)"))
        func kittysPicturesOverSSHFromServe() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 40)
            let keys = SSHClient(folder: screen.folder, port: 0)
            let authorized = screen.folder.write("authorized_keys", try keys.publicKeyLine("alice"))
            let server = try ServeProcess(["--authorized-keys", authorized, "--app", app], folder: screen.folder)
            let status = screen.folder.url("status")
            let command = try SSHClient(folder: screen.folder, port: server.port).interactive(key: "alice", statusFile: status)
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 900, height: 600, running: command), environment: cli.environment)
            try exercise(screen, window: window, status: status, count: 40)
            #expect(server.stop() == 0)
        }

        /// kitty's pictures under OpenSSH's sshd (`ssh -t host iconchooser`): sshd hands the
        /// client's window in pixels (its `pty-req`, then each `window-change`) to the
        /// chooser's pseudo-terminal and carries the queries and answers across, so detection
        /// and sizes work as locally. `preview --explain-terminal` says so before the chooser
        /// runs, with TERM as the client sent it and with one that names no terminal, and again
        /// once the chooser has left its window smaller.
        @Test(.enabled(if: VirtualDisplay.hasKitty && SSHClient.isAvailable && OpenSSHDaemon.isAvailable,
                       "kitty, ssh or sshd is not installed (make test installs them), or sshd has no user of its own to run as root"))
        func kittysPicturesOverSSHFromSshd() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 40)
            let (daemon, client) = try OpenSSHDaemon.start(in: screen.folder, key: "alice")
            let (asSent, neutral, afterResize) = (screen.folder.url("explain-as-sent"), screen.folder.url("explain-neutral"),
                                                  screen.folder.url("explain-after-resize"))
            let chooser = [CLI.binary, "--app", app, "--state", screen.folder.url("choice.json")].map(shellQuote).joined(separator: " ")
            // kitty answers once it has drawn what came before, which under softpipe on a busy
            // machine can take seconds: each explanation first waits for kitty's answer to a
            // status report of its own (a question the probe never asks, so its answer ends in
            // an `n` no late answer to the probe holds), so that the time the probe allows is
            // spent on the link, not the drawing. A software-rendered frame can still hold kitty
            // past the probe's 250 ms, so an explanation that heard nothing is asked again.
            let script = screen.folder.write("remote.sh", """
                settled() { printf '\\033[5n' > /dev/tty; IFS= read -r -s -d n -t 30 _ < /dev/tty; }
                explain() { \(shellQuote(CLI.binary)) preview --explain-terminal > "$1" 2>&1; }
                answered() { for attempt in 1 2 3 4 5; do settled; explain "$1"; grep -q '^Answers: no answer within' "$1" || return 0; done; }
                answered \(shellQuote(asSent))
                TERM=xterm-256color answered \(shellQuote(neutral))
                \(chooser)
                chosen=$?
                answered \(shellQuote(afterResize))
                exit $chosen

                """)
            let status = screen.folder.url("status")
            let command = try client.interactive(key: "alice", remote: ["/bin/bash " + shellQuote(script)], extra: ["-o", "SendEnv=LANG"],
                                                 statusFile: status)
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 900, height: 600, running: command), environment: cli.environment)
            try exercise(screen, window: window, status: status, count: 40)

            func lines(_ file: String) -> [String] {
                ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }
            let sent = lines(asSent), named = lines(neutral), after = lines(afterResize)
            #expect(sent.contains { $0.hasPrefix("Terminal: kitty ") && $0.hasSuffix("(XTVERSION)") }, "\(sent)")
            #expect(sent.contains { $0.hasPrefix("Pictures: kitty graphics, because TERM=xterm-kitty") }, "\(sent)")
            #expect(named.contains("  kitty graphics: yes, the terminal answered kitty's graphics query with OK"), "\(named)")
            #expect(named.contains { $0.hasPrefix("Pictures: kitty graphics, because the terminal answered") }, "\(named)")
            // The pixels of the client's window reached the pseudo-terminal, at the start and
            // after the window shrank, and give the cell the terminal itself reports.
            let cellSize = try #require(sent.first { $0.hasPrefix("Cell size: ") }, "\(sent)")
            #expect(cellSize.hasSuffix("from CSI 16t, and TIOCGWINSZ agrees"), "\(sent)")
            #expect(after.contains(cellSize), "\(after)")
            _ = daemon
        }

        /// Inside tmux with `allow-passthrough`, in kitty: the pictures go through tmux as kitty
        /// commands with Unicode placeholders. kitty 0.26 (Debian's) draws no placeholders, so
        /// left to itself the chooser draws symbols there; the test forces kitty's protocol and
        /// reads what tmux wrote to kitty (recorded by `script`): each picture sent whole, a
        /// virtual placement of the tile's size, and the placeholder text.
        @Test(.enabled(if: VirtualDisplay.hasKitty && Tmux.isAvailable, "kitty or tmux is not installed (make test installs them)"))
        func throughTmuxsPassthroughWithUnicodePlaceholders() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 3)
            let (config, typescript, status) = (screen.folder.url("tmux.conf"), screen.folder.url("typescript"), screen.folder.url("status"))
            screen.folder.write("tmux.conf", "set -g allow-passthrough on\nset -g status off\n")
            let socket = "iconchooser-test-\(UUID().uuidString.prefix(8))"
            let tmux = "/usr/bin/tmux -L \(socket) -f \(shellQuote(config))"
            let chooser = "\(shellQuote(CLI.binary)) --app \(shellQuote(app)) --graphics kitty; echo $? > \(shellQuote(status))"
            let command = "script -q -f -c \(shellQuote("\(tmux) new-session \(shellQuote(chooser))")) \(shellQuote(typescript)); sleep 120"
            let environment = cli.environment.merging(["TMUX_TMPDIR": screen.folder.path]) { $1 }
            // The window lives until the test ends (dropping it closes the terminal).
            let window = try screen.start(VirtualDisplay.kittyCommand(width: 900, height: 600, running: command), environment: environment)
            defer { withExtendedLifetime(window) {} }

            func recorded() -> [UInt8] { (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: typescript)))) ?? [] }
            let placeholder = Array("\u{10EEEE}".utf8)  // kitty's placeholder character
            func placeholders(_ bytes: [UInt8]) -> Int {
                guard bytes.count >= 4 else { return 0 }
                return (0...(bytes.count - 4)).count { Array(bytes[$0..<$0 + 4]) == placeholder }
            }
            #expect(eventually(timeout: 30) { String(decoding: recorded(), as: UTF8.self).matches(of: /U=1/).count >= 3 },
                    "no three virtual placements came through tmux")
            _ = try CLI.run(executable: "/usr/bin/tmux", ["-L", socket, "send-keys", "q"],
                            environment: ["PATH": "/usr/bin:/bin", "TMUX_TMPDIR": screen.folder.path])
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })

            let bytes = recorded()
            let text = String(decoding: bytes, as: UTF8.self)
            let commands = try kittyCommands(Array(text.matches(of: /\x1B_G[^\x1B]*\x1B\\/).map { String($0.output) }.joined().utf8))
            // Each transmission: its first chunk names the image, the rest follow until m=0.
            var images: [String: RGBABitmap] = [:]
            var chunks: [KittyCommand] = []
            for command in commands {
                if command["a"] == "t" || (!chunks.isEmpty && command["a"] == nil) { chunks.append(command) }
                if !chunks.isEmpty && command["m"] != "1" {
                    images[chunks[0]["i"] ?? ""] = try kittyImage(chunks)
                    chunks = []
                }
            }
            let virtual = commands.filter { $0["a"] == "p" && $0["U"] == "1" }
            #expect(images.count == 3 && virtual.count == 3, "\(commands.map(\.keyNames))")
            for placement in virtual {
                let image = try #require(images[placement["i"] ?? ""], "placed before it was sent")
                // A tile: twice as many columns as rows, all of one size.
                #expect(placement["c"] == virtual[0]["c"] && placement["r"] == virtual[0]["r"])
                #expect(Int(placement["c"] ?? "") == 2 * (Int(placement["r"] ?? "") ?? 0))
                // The diagonal icon: red towards the top left, blue towards the bottom right.
                let (w, h) = (image.width, image.height)
                let topLeft = image[w * 3 / 10, h * 3 / 10], bottomRight = image[w * 7 / 10, h * 7 / 10]
                #expect(topLeft.r > 200 && topLeft.b < 60 && bottomRight.b > 200 && bottomRight.r < 60, "\(topLeft) \(bottomRight)")
            }
            // The pictures' cells, as text tmux drew: at least a tile's worth of placeholders each.
            let (columns, rows) = (Int(virtual.first?["c"] ?? "") ?? 0, Int(virtual.first?["r"] ?? "") ?? 0)
            #expect(placeholders(bytes) >= 3 * columns * rows)
        }

        /// The symbols a terminal without pictures gets fail the picture test: it tells them apart.
        @Test func symbolArtIsNotTakenForPictures() throws {
            let screen = try VirtualDisplay()
            let app = Self.diagonalApp(in: screen.folder, count: 3)
            let (command, status) = chooserCommand(app: app, in: screen, extra: "--graphics symbols")
            let window = try screen.start([VirtualDisplay.xterm, "-ti", "vt340", "-fn", "10x20", "-geometry", "90x36+0+0", "-e", "/bin/sh", "-c", command],
                                          environment: cli.environment.merging(["TERM": "xterm-256color"]) { $1 })
            let shot = try screenshot(of: screen, "three symbol tiles") { $0.tiles.count == 3 }
            #expect(shot.tiles.allSatisfy { !$0.isPicture }, "\(shot.tiles)")
            try window.keys("q")
            #expect(eventually(timeout: 10) { (try? String(contentsOfFile: status, encoding: .utf8)) == "0\n" })
        }
    }
}

/// The whole X screen, and the red-and-blue tiles on it.
struct Screenshot {
    static let xwd = "/usr/bin/xwd"
    static let convert = "/usr/bin/convert"
    /// Also xdotool, which types into the terminal and resizes it.
    static var isAvailable: Bool {
        [xwd, convert, "/usr/bin/xdotool"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
    }

    /// A red-and-blue area: its bounding box, and how closely it follows the diagonal.
    struct Tile: CustomStringConvertible {
        let x: Int, y: Int, width: Int, height: Int
        /// Where the red half meets the blue, measured in each row of the middle half (away
        /// from the rounded corners) to a fraction of a pixel from how red its pixels are:
        /// the root mean square of its distance from the ideal diagonal, in pixels.
        let edgeError: Double
        /// A picture: square like the icon (symbols take the shape of the cells they assume),
        /// with the diagonal followed to the pixel (symbols draw it in steps of a cell's parts).
        var isPicture: Bool { abs(width - height) <= 2 && edgeError < 0.6 }
        var isSquarish: Bool { width * 10 >= height * 7 && height * 10 >= width * 7 }
        var description: String {
            "\(width)×\(height) at \(x),\(y) (edge off by \((edgeError * 100).rounded() / 100) px)"
        }
    }

    let png: [UInt8]
    let bitmap: RGBABitmap
    /// Every roughly square area of at least 400 red, blue or purple pixels, top to bottom,
    /// left to right (the focus plate, blue in eight colours, is not one).
    let tiles: [Tile]
    /// Red, blue or purple pixels anywhere.
    let colouredPixels: Int

    init(display: String) throws {
        let outcome = try CLI.run(executable: "/bin/sh", ["-c", "\(Self.xwd) -root -silent | \(Self.convert) xwd:- png:- | base64 -w0"],
                                  environment: ["DISPLAY": display, "PATH": "/usr/bin:/bin"])
        guard outcome.status == 0, let data = Data(base64Encoded: outcome.stdout) else {
            throw SpawnFailed(command: "xwd | convert (\(outcome.stderr))", code: 0)
        }
        png = [UInt8](data)
        bitmap = try PNGDecoder.decode(png, name: "screenshot")
        (tiles, colouredPixels) = Self.tiles(in: bitmap)
    }

    /// The screen's colour at a pixel.
    func colour(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let offset = (y * bitmap.width + x) * 4
        return (Int(bitmap.pixels[offset]), Int(bitmap.pixels[offset + 1]), Int(bitmap.pixels[offset + 2]))
    }

    /// The icon-coloured pixels in the band `by` pixels wide around `tile`'s picture, and in
    /// the picture's four corners, which the icon's rounded outline leaves transparent: where a
    /// tile's symbol art (the same red and blue) would show if its picture did not replace it
    /// whole. Nothing else of the chooser is drawn in those colours.
    func strayIconPixels(around tile: Tile, by band: Int) -> [String] {
        func iconColoured(_ x: Int, _ y: Int) -> Bool { Self.isIconColour(bitmap.pixels, (y * bitmap.width + x) * 4) }
        var stray: [String] = []
        let (left, top) = (max(0, tile.x - band), max(0, tile.y - band))
        let (right, bottom) = (min(bitmap.width - 1, tile.x + tile.width - 1 + band), min(bitmap.height - 1, tile.y + tile.height - 1 + band))
        for y in top...bottom {
            for x in left...right {
                let inside = x >= tile.x && x < tile.x + tile.width && y >= tile.y && y < tile.y + tile.height
                if !inside && iconColoured(x, y) { stray.append("\(x),\(y)") }
            }
        }
        for (x, y) in [(tile.x, tile.y), (tile.x + tile.width - 1, tile.y), (tile.x, tile.y + tile.height - 1),
                       (tile.x + tile.width - 1, tile.y + tile.height - 1)] where iconColoured(x, y) {
            stray.append("corner \(x),\(y)")
        }
        return stray
    }

    /// Every area of at least 1500 pixels unlike the terminal's background (the colour of the
    /// pixel at 2,2: a terminal window at the screen's top left) that is taller than a line of text: the pictures, and anything
    /// larger drawn where they are (one picture over another merges with it). Top to bottom.
    static func pictureAreas(in bitmap: RGBABitmap) -> [(x: Int, y: Int, width: Int, height: Int)] {
        let (width, height) = (bitmap.width, bitmap.height)
        let pixels = bitmap.pixels
        let corner = 4 * (2 * width + 2)
        let background = (Int(pixels[corner]), Int(pixels[corner + 1]), Int(pixels[corner + 2]))
        var marked = [Bool](repeating: false, count: width * height)
        for index in 0..<(width * height) {
            let (r, g, b) = (Int(pixels[index * 4]), Int(pixels[index * 4 + 1]), Int(pixels[index * 4 + 2]))
            marked[index] = max(abs(r - background.0), abs(g - background.1), abs(b - background.2)) > 24
        }
        var areas: [(x: Int, y: Int, width: Int, height: Int)] = []
        for start in 0..<(width * height) where marked[start] {
            var stack = [start], area = 0
            var (minX, minY, maxX, maxY) = (width, height, 0, 0)
            marked[start] = false
            while let index = stack.popLast() {
                area += 1
                let (x, y) = (index % width, index / width)
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (nx, ny) = (x + dx, y + dy)
                    guard nx >= 0, ny >= 0, nx < width, ny < height, marked[ny * width + nx] else { continue }
                    marked[ny * width + nx] = false
                    stack.append(ny * width + nx)
                }
            }
            // The focus plate and lines of text are no taller than a cell.
            if area >= 1500 && maxY - minY + 1 > 30 { areas.append((minX, minY, maxX - minX + 1, maxY - minY + 1)) }
        }
        return areas.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }

    /// Red, blue, or a blend of the two (the soft edge between them).
    static func isIconColour(_ pixels: [UInt8], _ offset: Int) -> Bool {
        let (r, g, b) = (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
        return g < 90 && r + b > 200
    }

    /// The connected areas of icon colours (a flood fill), each measured against the diagonal.
    static func tiles(in bitmap: RGBABitmap) -> ([Tile], Int) {
        let (width, height) = (bitmap.width, bitmap.height)
        let pixels = bitmap.pixels
        var coloured = [Bool](repeating: false, count: width * height)
        for index in 0..<(width * height) { coloured[index] = isIconColour(pixels, index * 4) }
        var seen = [Bool](repeating: false, count: width * height)
        var tiles: [Tile] = []
        for start in 0..<(width * height) where coloured[start] && !seen[start] {
            var stack = [start], area = 0
            var (minX, minY, maxX, maxY) = (width, height, 0, 0)
            seen[start] = true
            while let index = stack.popLast() {
                area += 1
                let (x, y) = (index % width, index / width)
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (nx, ny) = (x + dx, y + dy)
                    guard nx >= 0, ny >= 0, nx < width, ny < height else { continue }
                    let next = ny * width + nx
                    if coloured[next] && !seen[next] {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            let (w, h) = (maxX - minX + 1, maxY - minY + 1)
            guard area >= 400 else { continue }
            // How red each pixel is, from the tile's own blue (0) to its own red (1).
            func redness(_ x: Int, _ y: Int) -> Double {
                let offset = (y * width + x) * 4
                let (r, b) = (Double(pixels[offset]), Double(pixels[offset + 2]))
                return r + b > 0 ? r / (r + b) : 0
            }
            let middle = (minY + h / 4)...(maxY - h / 4)
            let ratios = middle.flatMap { y in (minX...maxX).filter { coloured[y * width + $0] }.map { redness($0, y) } }
            let (blue, red) = (ratios.min() ?? 0, ratios.max() ?? 1)
            var squared = 0.0
            for y in middle {
                // The red part of the row, in pixels, each pixel counted as red as it is.
                let part = (minX...maxX).filter { coloured[y * width + $0] }.reduce(0.0) { sum, x in
                    sum + min(1, max(0, (redness(x, y) - blue) / max(0.01, red - blue)))
                }
                let ideal = Double(w) * (1 - (Double(y - minY) + 0.5) / Double(h))
                squared += (part - ideal) * (part - ideal)
            }
            let tile = Tile(x: minX, y: minY, width: w, height: h, edgeError: (squared / Double(max(1, middle.count))).squareRoot())
            if tile.isSquarish { tiles.append(tile) }
        }
        return (tiles.sorted { ($0.y, $0.x) < ($1.y, $1.x) }, coloured.count { $0 })
    }
}

extension VirtualDisplay {
    static let kitty = "/usr/bin/kitty"
    static var hasKitty: Bool { FileManager.default.isExecutableFile(atPath: kitty) }

    /// kitty with none of the user's settings, drawing with Mesa's softpipe: llvmpipe, Xvfb's
    /// usual GL, draws kitty's cell backgrounds in wrong colours once a picture is on screen.
    /// The cursor does not blink: each blink is a redraw, slow in software, and kitty answers
    /// queries only between redraws.
    static func kittyCommand(width: Int, height: Int, fontSize: Double? = nil, running command: String) -> [String] {
        ["/usr/bin/env", "GALLIUM_DRIVER=softpipe", kitty, "--config", "NONE", "-o", "initial_window_width=\(width)", "-o", "initial_window_height=\(height)",
         "-o", "remember_window_size=no", "-o", "cursor_blink_interval=0"]
            + (fontSize.map { ["-o", "font_size=\($0)"] } ?? []) + ["/bin/sh", "-c", command]
    }

    /// A terminal window on this display, driven with xdotool.
    final class Client {
        let pid: pid_t
        let display: String
        let window: String

        init(pid: pid_t, display: String, window: String) {
            self.pid = pid
            self.display = display
            self.window = window
        }

        deinit {
            kill(pid, SIGTERM)
            if waitForExit(pid, timeout: 5) == nil {
                kill(pid, SIGKILL)
                _ = waitForExit(pid, timeout: 5)
            }
        }

        private func xdotool(_ arguments: [String]) throws {
            let outcome = try CLI.run(executable: "/usr/bin/xdotool", arguments, environment: ["DISPLAY": display])
            guard outcome.status == 0 else { throw SpawnFailed(command: "xdotool \(arguments.joined(separator: " ")): \(outcome.stderr)", code: 0) }
        }

        /// Presses these keys (X key names) in the window, which takes the focus first.
        func keys(_ names: String...) throws { try keys(names) }

        func keys(_ names: [String]) throws {
            try xdotool(["windowfocus", "--sync", window])
            try xdotool(["key", "--delay", "50"] + names)
        }

        /// The window's size in pixels.
        func size() throws -> (width: Int, height: Int) {
            let outcome = try CLI.run(executable: "/usr/bin/xdotool", ["getwindowgeometry", "--shell", window], environment: ["DISPLAY": display])
            func value(_ name: String) -> Int? {
                outcome.stdout.split(separator: "\n").first { $0.hasPrefix(name + "=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
            }
            guard let width = value("WIDTH"), let height = value("HEIGHT") else {
                throw SpawnFailed(command: "xdotool getwindowgeometry: \(outcome.stdout)", code: 0)
            }
            return (width, height)
        }

        func resize(width: Int, height: Int) throws {
            try xdotool(["windowsize", window, String(width), String(height)])
        }
    }

    /// Starts `argv` (a terminal) on this display and waits for its window. A terminal that
    /// exits before showing one is started once more, and the error says whether the display
    /// answered.
    func start(_ argv: [String], environment: [String: String]) throws -> Client {
        var env = environment
        env["DISPLAY"] = display
        var failure = ""
        for _ in 1...2 {
            let pid = try spawnProgram(argv, environment: env, stderr: folder.url("terminal.log"))
            var window: String?
            var exitStatus: Int32?
            // Generous: a loaded machine (every suite at once) can take long to map a window.
            _ = eventually(timeout: 60) {
                let found = try? CLI.run(executable: "/usr/bin/xdotool", ["search", "--onlyvisible", "--pid", String(pid)],
                                         environment: ["DISPLAY": display])
                window = found?.stdout.split(separator: "\n").first.map(String.init)
                if window == nil { exitStatus = waitForExit(pid, timeout: 0) }
                return window != nil || exitStatus != nil
            }
            if let window { return Client(pid: pid, display: display, window: window) }
            if exitStatus == nil {
                kill(pid, SIGKILL)
                _ = waitForExit(pid, timeout: 5)
            }
            let log = (try? String(contentsOfFile: folder.url("terminal.log"), encoding: .utf8)) ?? ""
            let server = kill(self.pid, 0) == 0 ? "running" : "gone"
            let answers = (try? CLI.run(executable: "/usr/bin/xdotool", ["getdisplaygeometry"], environment: ["DISPLAY": display]))?.status == 0
            let serverLog = (try? String(contentsOfFile: folder.url("xvfb.log"), encoding: .utf8)) ?? ""
            failure = "\(argv[0]) on \(display) (" + (exitStatus.map { "exited with status \($0) before showing a window" } ?? "no window within 60 s")
                + "; Xvfb \(server), the display \(answers ? "answers" : "does not answer"), its log: "
                + "\(serverLog.suffix(300)); the terminal's output: \(log.suffix(300)))"
            guard exitStatus != nil else { break }
            usleep(500_000)
        }
        throw SpawnFailed(command: failure, code: 0)
    }
}
