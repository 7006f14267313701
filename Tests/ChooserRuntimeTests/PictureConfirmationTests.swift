import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import IconArt
import IconCatalog
import MemoryTerminal
import Testing
import TerminalDetection
import TerminalGraphics
import TerminalInput
import TerminalInterface
import TerminalStreams

/// kitty's pictures through a terminal that loses placements, lacks a picture's data, and
/// answers late and out of order: what the terminal ends up showing is every picture the
/// screen wants, each once.
@Suite struct PictureConfirmationTests {
    /// Pictures in kitty's protocol, each tile's made at once.
    final class KittyPictures: PixelPictures, @unchecked Sendable {
        let drawable: Set<GraphicsProtocol> = [.kitty]
        private let lock = NSLock()
        private var encoder: KittyScreenPictures?
        private var made: Set<Int> = []

        func start(for capabilities: TerminalCapabilities, colorDepth: ColorDepth) -> PixelPictureStart? {
            let encoder = KittyScreenPictures(showing: .placed, throughTmux: false, firstImageID: 500)
            lock.withLock { self.encoder = encoder }
            return PixelPictureStart(encoder: encoder, cell: capabilities.cellSize ?? .standard)
        }

        func request(_ icons: [IconKey], size: TileSize, cell: CellPixelSize, appearance: IconAppearance,
                     deliver: @escaping @Sendable (LoadedPixelPicture) -> Void) {
            for icon in icons {
                let index = place(of: icon)
                guard let encoder = lock.withLock({ encoder }), let geometry = TileGeometry(columns: 2, rows: 1, cell: .standard)
                else { continue }
                let bitmap = RGBABitmap(width: geometry.width, height: geometry.height, filledWith: (200, 30, 30, 255))
                try? encoder.prepare(PixelPicture(bitmap: bitmap, geometry: geometry), as: PictureID(UInt32(index + 1)))
                lock.withLock { _ = made.insert(index) }
                deliver(LoadedPixelPicture(icon: icon, size: size, cell: cell, ready: true, appearance: appearance))
            }
        }

        func pictureID(icon: IconKey, size: TileSize, cell: CellPixelSize, appearance: IconAppearance) -> PictureID? {
            let index = place(of: icon)
            return lock.withLock { made.contains(index) ? PictureID(UInt32(index + 1)) : nil }
        }

        func cancelAll() {}
    }

    /// kitty as far as placements go: images by id once their last chunk is in, placements by
    /// image and placement id. It ignores the first placement of every image (lost on the
    /// way: no answer at all), drops the data of the images in `withoutData` the first time it
    /// comes (a placement then answers ENOENT), and keeps every answer back, to give them
    /// in reverse order.
    struct SlowKitty {
        var images: Set<String> = []
        var placements: [String: Set<String>] = [:]
        var placedOnce: Set<String> = []
        var withoutData: Set<String>
        var answers: [TerminalReply] = []
        private var receiving: String?
        private var read = 0

        init(withoutData: Set<String>) { self.withoutData = withoutData }

        mutating func follow(_ bytes: [UInt8]) throws {
            let text = String(decoding: bytes[read...], as: UTF8.self)
            read = bytes.count
            let commands = try kittyCommands(Array(text.matches(of: /\x1B_G[^\x1B]*\x1B\\/).map { String($0.output) }.joined().utf8))
            for command in commands {
                if command["a"] == "t" { receiving = command["i"] }
                if let image = receiving, command["a"] == nil || command["a"] == "t", command["m"] != "1" {
                    if withoutData.remove(image) == nil { images.insert(image) }
                    receiving = nil
                }
                guard let image = command["i"] else { continue }
                switch command["a"] {
                case "p":
                    guard placedOnce.insert(image).inserted == false else { continue }
                    guard images.contains(image) else {
                        answers.append(.kittyGraphics(id: Int(image), message: "ENOENT:No image with id: \(image)"))
                        continue
                    }
                    placements[image, default: []].insert(command["p"] ?? "0")
                    if command["q"] == nil { answers.append(.kittyGraphics(id: Int(image), message: "OK")) }
                case "d":
                    if command["d"] == "I" {
                        images.remove(image)
                        placements[image] = nil
                    } else {
                        placements[image]?.remove(command["p"] ?? "0")
                        if placements[image]?.isEmpty == true { placements[image] = nil }
                    }
                default:
                    break
                }
            }
        }
    }

    /// Once the screen has been still for `confirmationWait`, every picture it shows is placed
    /// again, quietly, at the cells the last frame gave it: kitty moves placements with lines
    /// it scrolls, and nothing else would put one back. A new frame starts the wait again.
    @Test func picturesArePlacedAgainWhereTheyBelongOnceTheScreenIsStill() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal(size: TerminalSize(columns: 60, rows: 24), environment: ["TERM": "xterm-kitty"])
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
                detectionTimeout: .seconds(30), pixelPictures: KittyPictures()))
            try await chooser.frame(showing: "Default")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            terminal.send(.reply(.cellSize(width: 10, height: 20)), .reply(.primaryAttributes([62])))
            #expect(await terminal.waitUntil { ($0.framesWithPictures.last?.pictures.count ?? 0) == 5 })
            for id in 500...504 { terminal.send(.reply(.kittyGraphics(id: id, message: "OK"))) }
            // The cells of the quiet placements after `start` (each at the cursor it moves to), once all five came.
            func placedAgain(after start: Int) -> [[Int]]? {
                let bytes = terminal.pictureBytes
                guard bytes.count > start else { return nil }
                let placed = String(decoding: bytes[start...], as: UTF8.self)
                    .matches(of: /\x1B7\x1B\[(\d+);(\d+)H\x1B_Ga=p[^\x1B]*q=2\x1B\\\x1B8/)
                    .compactMap { match in Int(match.output.2).flatMap { x in Int(match.output.1).map { [x - 1, $0 - 1] } } }
                return placed.count == 5 ? placed.sorted { $0.lexicographicallyPrecedes($1) } : nil
            }
            let wanted = try #require(terminal.framesWithPictures.last).pictures
                .map { [$0.cells.x, $0.cells.y] }.sorted { $0.lexicographicallyPrecedes($1) }
            let start = terminal.pictureBytes.count
            #expect(await terminal.waitUntil(timeout: .seconds(30)) { _ in placedAgain(after: start) != nil })
            #expect(placedAgain(after: start) == wanted)
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }

    @Test func placementsLostOrWithoutTheirDataArePlacedAgainAndNeverTwice() async throws {
        try await onTestThread {
            let terminal = MemoryTerminal(size: TerminalSize(columns: 60, rows: 24), environment: ["TERM": "xterm-kitty"])
            let chooser = RunningChooser(terminal: terminal, options: ChooserSession.Options(
                detectionTimeout: .seconds(30), pixelPictures: KittyPictures()))
            try await chooser.frame(showing: "Default")
            #expect(await terminal.waitUntil { !$0.queries.isEmpty })
            terminal.send(.reply(.cellSize(width: 10, height: 20)), .reply(.primaryAttributes([62])))
            #expect(await terminal.waitUntil { ($0.framesWithPictures.last?.pictures.count ?? 0) == 5 })
            // The second picture's data is lost on its first sending.
            var kitty = SlowKitty(withoutData: ["501"])
            let deadline = ContinuousClock.now + .seconds(60)
            var settled = false
            while ContinuousClock.now < deadline {
                try kitty.follow(terminal.pictureBytes)
                // Answers come late, and the newest first.
                for answer in kitty.answers.reversed() { terminal.send(.reply(answer)) }
                kitty.answers = []
                let wanted = terminal.framesWithPictures.last?.pictures.count ?? 0
                if wanted == 5 && kitty.placements.count == 5 && !terminal.awaitsPictureConfirmation {
                    settled = true
                    break
                }
                try await Task.sleep(for: .milliseconds(300))
            }
            #expect(settled, "kitty shows \(kitty.placements) with \(kitty.images) of its data")
            // Every picture once: one placement each, all with their data.
            #expect(kitty.placements.values.allSatisfy { $0.count == 1 })
            #expect(Set(kitty.placements.keys).isSubset(of: kitty.images))
            terminal.type("q")
            #expect(try await chooser.status() == 0)
        }
    }
}
