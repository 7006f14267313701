import CellCanvas
import IconArt
@testable import TerminalGraphics
import TerminalInterface
import Testing
import TerminalStreams

/// The chooser's pictures as bytes: what each picture command writes, decoded back the way
/// a terminal reads it.
struct ScreenPicturesTests {
    static let first = PicturePlacement(picture: PictureID(1), cells: CellRect(x: 2, y: 3, width: 4, height: 2))
    static let moved = PicturePlacement(picture: PictureID(1), cells: CellRect(x: 10, y: 3, width: 4, height: 2))
    static let second = PicturePlacement(picture: PictureID(2), cells: CellRect(x: 2, y: 8, width: 4, height: 2))

    static func kitty(_ showing: KittyScreenPictures.Showing = .placed, throughTmux: Bool = false) throws -> KittyScreenPictures {
        let pictures = KittyScreenPictures(showing: showing, throughTmux: throughTmux, firstImageID: 40)
        try pictures.prepare(Pictures.redBlue(), as: PictureID(1))
        try pictures.prepare(Pictures.gradientIcon(columns: 4, rows: 2), as: PictureID(2))
        return pictures
    }

    /// The commands' actions in order: "t" transmissions (first chunk only), "p" places with
    /// their image id, "d" deletions.
    static func actions(_ bytes: [UInt8]) throws -> [String] {
        try kittyCommands(onlyKitty(bytes)).compactMap { command in
            guard let action = command["a"] else { return nil }
            return action + (command["i"] ?? "") + (command["d"].map { ":" + $0 } ?? "")
        }
    }

    /// The kitty commands in `bytes`, without the cursor movements around them.
    static func onlyKitty(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        return Array(text.matches(of: /\x1B_G[^\x1B]*\x1B\\/).map { String($0.output) }.joined().utf8)
    }

    @Test func kittySendsEachPictureOnceThenMovesAndDeletesByPlacement() throws {
        let pictures = try Self.kitty()
        let shown = pictures.encode([.place(Self.first), .place(Self.second)])
        #expect(try Self.actions(shown) == ["t40", "p40", "t41", "p41"])
        // Decoded, the first transmission is the picture itself; placed on its cells, under the text.
        var terminal = MiniTerminal(cell: (10, 20))
        try terminal.feed(shown)
        #expect(terminal.pictures.map { [$0.column, $0.row] } == [[2, 3], [2, 8]])
        let place = try #require(kittyCommands(Self.onlyKitty(shown)).first { $0["a"] == "p" })
        #expect(place["c"] == "4" && place["r"] == "2" && place["z"] == String(KittyGraphics.belowBackgrounds) && place["C"] == "1")
        #expect(try kittyImage(kittyCommands(Self.onlyKitty(shown)).prefix { $0["a"] != "p" }.map { $0 }) == Pictures.redBlue().bitmap)

        // Moved: no data again, only the placement.
        #expect(try Self.actions(pictures.encode([.remove(Self.first), .place(Self.moved)])) == ["d40:i", "p40"])
        // After a clear, kitty may have freed the data: sent again with the placement.
        #expect(try Self.actions(pictures.encode([.cleared, .place(Self.moved)])) == ["t40", "p40"])
        #expect(try Self.actions(pictures.encode([.removeAll])) == ["d40:i"])
        // Leaving frees every picture's data (both were sent), and nothing after that.
        #expect(try Self.actions(pictures.release()) == ["d40:I", "d41:I"])
        #expect(pictures.release().isEmpty)
    }

    /// A picture forgotten (its icon gone, or drawn anew) is deleted with its data where kitty
    /// was sent it, never placed again, and not deleted a second time on leaving; one never
    /// sent costs nothing. Cell pictures forget their bytes.
    @Test func aForgottenPictureIsDeletedWithItsData() throws {
        let pictures = try Self.kitty()
        _ = pictures.encode([.place(Self.first)])
        #expect(try Self.actions(pictures.encode([.forget(PictureID(1)), .forget(PictureID(2))])) == ["d40:I"])
        #expect(pictures.encode([.place(Self.first)]).isEmpty)
        #expect(!pictures.awaitsConfirmation)
        #expect(try Self.actions(pictures.release()).isEmpty)

        let cells = CellScreenPictures(encoding: { picture throws(GraphicsEncodingError) in try ITerm2Image.encode(picture) })
        try cells.prepare(Pictures.redBlue(), as: PictureID(1))
        #expect(!cells.encode([.place(Self.first)]).isEmpty)
        #expect(cells.encode([.forget(PictureID(1))]).isEmpty)
        #expect(cells.encode([.place(Self.first)]).isEmpty)
    }

    /// Placed again once the screen is still: every picture shown, at the cells its last
    /// placement named, quietly (no answer to wait for), under its own ids, so a placement
    /// kitty moved (lines it scrolled) goes back rather than showing twice; none taken away,
    /// none whose data kitty may have freed, nothing for Unicode placeholders.
    @Test func kittyPlacesWhatIsShownAgainWhereItBelongs() throws {
        let pictures = try Self.kitty()
        #expect(pictures.placeShownAgain().isEmpty)
        let shown = pictures.encode([.place(Self.first), .place(Self.second)])
        _ = pictures.encode([.remove(Self.first), .place(Self.moved)])
        let again = pictures.placeShownAgain()
        #expect(try Self.actions(again) == ["p40", "p41"])
        let commands = try kittyCommands(Self.onlyKitty(again))
        #expect(commands.allSatisfy { $0["q"] == "2" && $0["C"] == "1" && $0["z"] == String(KittyGraphics.belowBackgrounds) })
        let first = try #require(kittyCommands(Self.onlyKitty(shown)).first { $0["a"] == "p" })
        #expect(commands[0]["p"] == first["p"] && commands[0]["c"] == "4" && commands[0]["r"] == "2")
        var terminal = MiniTerminal(cell: (10, 20))
        try terminal.feed(again)
        #expect(terminal.pictures.map { [$0.column, $0.row] } == [[10, 3], [2, 8]])
        // Taken away, or cleared with the screen: not placed again.
        _ = pictures.encode([.remove(Self.second)])
        #expect(try Self.actions(pictures.placeShownAgain()) == ["p40"])
        _ = pictures.encode([.cleared])
        #expect(pictures.placeShownAgain().isEmpty)

        let placeholders = try Self.kitty(.placeholders(.truecolor))
        _ = placeholders.encode([.place(Self.first)])
        #expect(placeholders.placeShownAgain().isEmpty)
        #expect(CellScreenPictures(encoding: { picture throws(GraphicsEncodingError) in try ITerm2Image.encode(picture) }).placeShownAgain().isEmpty)
    }

    /// Each placement asks kitty to confirm it; one not confirmed within `confirmationWait` is
    /// placed again under the same image and placement ids (so never shown twice), with its
    /// data first when kitty said it has none (ENOENT), a few times at most; a confirmed one,
    /// or one taken away, is not.
    @Test func kittyPlacesAgainWhatTheTerminalDidNotConfirm() throws {
        let pictures = try Self.kitty()
        let shown = pictures.encode([.place(Self.first), .place(Self.second)])
        let places = try kittyCommands(Self.onlyKitty(shown)).filter { $0["a"] == "p" }
        #expect(places.count == 2 && places.allSatisfy { $0["q"] == nil })
        #expect(pictures.awaitsConfirmation)
        let start = ContinuousClock.now
        // Nothing is due before the wait is over.
        #expect(pictures.placeUnconfirmed(now: start).isEmpty)
        // The first confirmed, the second not: only the second is placed again, at its cells.
        #expect(pictures.receive(.kittyGraphics(id: 40, message: "OK")))
        #expect(!pictures.receive(.kittyGraphics(id: 7, message: "OK")))  // another program's picture
        let again = pictures.placeUnconfirmed(now: start + confirmationWait * 2)
        #expect(try Self.actions(again) == ["p41"])
        var terminal = MiniTerminal(cell: (10, 20))
        try terminal.feed(again)
        #expect(terminal.pictures.map { [$0.column, $0.row] } == [[2, 8]])
        let placedAgain = try #require(kittyCommands(Self.onlyKitty(again)).first)
        #expect(placedAgain["p"] == places[1]["p"] && placedAgain["i"] == places[1]["i"])
        // kitty has no data for it: the data goes with the next attempt, due at once.
        #expect(pictures.receive(.kittyGraphics(id: 41, message: "ENOENT:No image with id: 41")))
        #expect(try Self.actions(pictures.placeUnconfirmed(now: .now)) == ["t41", "p41"])
        // A terminal that then says nothing is placed for a few times more, then left alone.
        func silentAttempts() -> Int {
            var sent = 0
            var later = ContinuousClock.now
            while pictures.awaitsConfirmation && sent < 20 {
                later += confirmationWait * 2
                if !pictures.placeUnconfirmed(now: later).isEmpty { sent += 1 }
            }
            return sent
        }
        #expect(silentAttempts() == KittyScreenPictures.placementAttempts - 1 && !pictures.awaitsConfirmation)
        // Its ENOENT coming after that still gets the data sent, a few times at most.
        for _ in 1...KittyScreenPictures.dataResends {
            #expect(pictures.receive(.kittyGraphics(id: 41, message: "ENOENT")))
            #expect(try Self.actions(pictures.placeUnconfirmed(now: .now)) == ["t41", "p41"])
        }
        #expect(pictures.receive(.kittyGraphics(id: 41, message: "ENOENT")))
        #expect(!pictures.awaitsConfirmation)
        // Taken away before it was confirmed: not placed again.
        _ = pictures.encode([.place(Self.moved)])
        _ = pictures.encode([.remove(Self.moved)])
        #expect(!pictures.awaitsConfirmation)
        #expect(pictures.placeUnconfirmed(now: .now + confirmationWait * 2).isEmpty)
    }

    @Test func kittyPlaceholdersThroughTmux() throws {
        let pictures = try Self.kitty(.placeholders(.truecolor), throughTmux: true)
        let bytes = pictures.encode([.place(Self.first)])
        // Every command wrapped whole for tmux; unwrapped, a transmission and a virtual placement.
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_G") && !text.contains("\u{1B}[") && !text.contains("\u{1B}7"))
        let unwrapped = text.replacingOccurrences(of: "\u{1B}Ptmux;", with: "").replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}")
        let commands = try kittyCommands(Array(unwrapped.replacingOccurrences(of: "\u{1B}\\\u{1B}\\", with: "\u{1B}\\").utf8))
        #expect(commands.compactMap { $0["a"] } == ["t", "p"])
        #expect(commands.last?["U"] == "1" && commands.last?["c"] == "4" && commands.last?["r"] == "2")
        #expect(try kittyImage(Array(commands.dropLast())) == Pictures.redBlue().bitmap)
        // The cells are text: placeholders carrying the image id in their colour.
        let cells = try #require(pictures.text(for: Self.first))
        #expect(cells.width == 4 && cells.height == 2)
        #expect(cells[0, 0].text.unicodeScalars.first == KittyPlaceholder.character)
        // Placed again (a new frame), the virtual placement is not made twice.
        #expect(pictures.encode([.place(Self.first)]).isEmpty)
    }

    /// The parts of the red-and-blue picture a box over its top-right cells leaves: its left
    /// column, and the rest of its bottom row.
    static let leftPart = PicturePlacement(picture: PictureID(1), cells: CellRect(x: 2, y: 3, width: 1, height: 2),
                                           source: CellRect(x: 0, y: 0, width: 1, height: 2), piece: 0)
    static let bottomPart = PicturePlacement(picture: PictureID(1), cells: CellRect(x: 3, y: 4, width: 3, height: 1),
                                             source: CellRect(x: 1, y: 1, width: 3, height: 1), piece: 1)

    /// kitty shows each part of a picture a box leaves in sight with a source rectangle of the
    /// picture's own pixels, each under a placement id of its own, and takes each away alone.
    @Test func kittyShowsThePartsOfAPictureABoxLeaves() throws {
        let pictures = try Self.kitty()
        let bytes = pictures.encode([.place(Self.leftPart), .place(Self.bottomPart)])
        let places = try kittyCommands(Self.onlyKitty(bytes)).filter { $0["a"] == "p" }
        #expect(places.map { command in ["p", "x", "y", "w", "h", "c", "r"].map { "\($0)=\(command[$0] ?? "-")" }.joined(separator: ",") }
                == ["p=1,x=0,y=0,w=10,h=40,c=1,r=2", "p=2,x=10,y=20,w=30,h=20,c=3,r=1"])
        var terminal = MiniTerminal(cell: (10, 20))
        try terminal.feed(bytes)
        #expect(terminal.pictures.map { [$0.column, $0.row] } == [[2, 3], [3, 4]])
        let removed = try kittyCommands(Self.onlyKitty(pictures.encode([.remove(Self.bottomPart)])))
        #expect(removed.map { "\($0["a"] ?? "")\($0["p"] ?? "")" } == ["d2"])
        // The whole picture again: the first part's placement moves back to the whole.
        let whole = try kittyCommands(Self.onlyKitty(pictures.encode([.remove(Self.leftPart), .place(Self.first)])))
        #expect(whole.map { "\($0["a"] ?? "")\($0["p"] ?? "")\($0["w"] ?? "")" } == ["d1", "p1"])
        // Through tmux the placeholders of a part carry the picture's own rows and columns.
        let placeholders = try Self.kitty(.placeholders(.truecolor), throughTmux: true)
        _ = placeholders.encode([.place(Self.bottomPart)])
        let cells = try #require(placeholders.text(for: Self.bottomPart))
        let image = try #require(placeholders.text(for: Self.first))
        #expect(cells.width == 3 && cells.height == 1 && cells[0, 0] == image[1, 1] && cells[2, 0] == image[3, 1])
    }

    /// sixel and iTerm2 draw a part of a picture as a picture of its own, cut from the whole.
    @Test(arguments: [true, false])
    func sixelAndITerm2DrawThePartOfAPictureABoxLeaves(sixel: Bool) throws {
        let pictures = sixel ? CellScreenPictures(encoding: { Sixel(background: (0, 0, 0), maxColors: 256).encode($0) })
            : CellScreenPictures(encoding: { picture throws(GraphicsEncodingError) in try ITerm2Image.encode(picture) })
        try pictures.prepare(Pictures.redBlue(), as: PictureID(1))
        var terminal = MiniTerminal(cell: (10, 20))
        try terminal.feed(pictures.encode([.place(Self.bottomPart)]))
        #expect(terminal.pictures.count == 1 && terminal.pictures[0].column == 3 && terminal.pictures[0].row == 4)
        let shown = terminal.pictures[0].bytes
        let expected = try #require(Pictures.redBlue().cropped(columns: 1..<4, rows: 1..<2)).bitmap
        #expect(expected.width == 30 && expected.height == 20)
        if sixel {
            let decoded = try decodeSixel(shown)
            #expect(decoded.width == 30 && decoded.height == 20 && decoded.drawnWidth == 30)
            // One red column of pixels' cell, then blue.
            #expect(decoded.pixels[0]! == (255, 0, 0) && decoded.pixels[9]! == (255, 0, 0) && decoded.pixels[10]! == (0, 0, 255))
        } else {
            #expect(try PNGDecoder.decode(decodeITerm2(shown).file, name: "iterm2") == expected)
        }
    }

    @Test(arguments: [true, false])
    func sixelAndITerm2DrawAtTheCellAndPutTheCursorBack(sixel: Bool) throws {
        let pictures = sixel ? CellScreenPictures(encoding: { Sixel(background: (0, 0, 0), maxColors: 256).encode($0) })
            : CellScreenPictures(encoding: { picture throws(GraphicsEncodingError) in try ITerm2Image.encode(picture) })
        try pictures.prepare(Pictures.redBlue(), as: PictureID(1))
        let bytes = pictures.encode([.place(Self.first), .remove(Self.first), .removeAll, .cleared])
        var terminal = MiniTerminal(cell: (10, 20))
        try terminal.feed(bytes)
        #expect(terminal.pictures.count == 1 && terminal.pictures[0].column == 2 && terminal.pictures[0].row == 3)
        #expect(terminal.x == 0 && terminal.y == 0)
        let shown = terminal.pictures[0].bytes
        if sixel {
            let decoded = try decodeSixel(shown)
            #expect(decoded.width == 40 && decoded.height == 40)
            #expect(decoded.pixels[0]! == (255, 0, 0) && decoded.pixels[39]! == (0, 0, 255))
        } else {
            #expect(try PNGDecoder.decode(decodeITerm2(shown).file, name: "iterm2") == Pictures.redBlue().bitmap)
        }
    }
}
