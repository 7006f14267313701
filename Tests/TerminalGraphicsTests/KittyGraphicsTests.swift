import CellCanvas
import IconArt
@testable import TerminalGraphics
import Testing
import TerminalStreams

struct KittyGraphicsTests {
    @Test(arguments: KittyGraphics.PayloadFormat.allCases)
    func aTransmissionDecodesToThePicture(format: KittyGraphics.PayloadFormat) throws {
        for picture in [Pictures.redBlue(), Pictures.gradientIcon()] {
            let commands = try kittyCommands(try KittyGraphics.transmit(picture, imageID: 7, format: format))
            let first = try #require(commands.first)
            #expect(first["a"] == "t" && first["i"] == "7" && first["t"] == "d" && first["q"] == "2")
            #expect(first["f"] == (format == .png ? "100" : "32"))
            // Lossless: the very pixels, transparent corners included.
            #expect(try kittyImage(commands) == picture.bitmap)
        }
    }

    @Test func chunksAreAtMost4096BytesAndOnlyTheFirstCarriesTheKeys() throws {
        let picture = Pictures.gradientIcon(columns: 16, rows: 8)
        let commands = try kittyCommands(try KittyGraphics.transmit(picture, imageID: 1, format: .zlibRGBA))
        #expect(commands.count > 2)
        for (n, command) in commands.enumerated() {
            #expect(command.payload.count <= 4096 && command.payload.count > 0)
            #expect(command["m"] == (n == commands.count - 1 ? "0" : "1"))
            if n > 0 { #expect(Set(command.keyNames) == ["m", "q"]) }
            // Every chunk but the last is full, and whole base64 quads.
            if n < commands.count - 1 { #expect(command.payload.count == 4096) }
        }
    }

    @Test func chunkBoundaries() throws {
        func chunks(_ count: Int) throws -> [KittyCommand] {
            try kittyCommands(KittyGraphics.chunked(base64: Array(repeating: UInt8(ascii: "A"), count: count), keys: ["a=t"]))
        }
        // Exactly one chunk: no `m` at all.
        let one = try chunks(4096)
        #expect(one.count == 1 && one[0]["m"] == nil && one[0].payload.count == 4096)
        let two = try chunks(4100)
        #expect(two.map { $0.payload.count } == [4096, 4])
        #expect(two.map { $0["m"] } == ["1", "0"])
        #expect(two[0]["a"] == "t" && two[1]["a"] == nil)
        let three = try chunks(8192 + 4)
        #expect(three.map { $0.payload.count } == [4096, 4096, 4])
    }

    @Test func placementDeletionAndVirtualPlacementCommands() throws {
        let placement = KittyGraphics.Placement(imageID: 42, placementID: 3, columns: 16, rows: 8, zIndex: -1)
        let place = try #require(try kittyCommands(KittyGraphics.place(placement)).first)
        #expect(place.keys.map { "\($0.0)=\($0.1)" } == ["a=p", "i=42", "p=3", "c=16", "r=8", "z=-1", "C=1", "q=2"])
        #expect(place.payload.isEmpty)

        let unnamed = try #require(try kittyCommands(KittyGraphics.place(.init(imageID: 5, columns: 4, rows: 2))).first)
        #expect(unnamed.keyNames == ["a", "i", "c", "r", "C", "q"])

        let virtual = try #require(try kittyCommands(KittyGraphics.placeVirtually(.init(imageID: 9, columns: 4, rows: 2))).first)
        #expect(virtual.keys.map { "\($0.0)=\($0.1)" } == ["a=p", "U=1", "i=9", "c=4", "r=2", "q=2"])

        func keys(_ deletion: KittyGraphics.Deletion) throws -> [String] {
            try kittyCommands(KittyGraphics.delete(deletion)).flatMap { $0.keys.map { "\($0.0)=\($0.1)" } }
        }
        #expect(try keys(.placement(imageID: 42, placementID: 3)) == ["a=d", "d=i", "i=42", "p=3", "q=2"])
        #expect(try keys(.image(42)) == ["a=d", "d=I", "i=42", "q=2"])
        #expect(try keys(.images(100...199)) == ["a=d", "d=R", "x=100", "y=199", "q=2"])
    }

    @Test func transmitAndPlaceCoversTheTileAndLeavesTheCursor() throws {
        let picture = Pictures.redBlue(columns: 6, rows: 3)
        let commands = try kittyCommands(try KittyGraphics.transmitAndPlace(picture, zIndex: -1))
        let first = try #require(commands.first)
        #expect(first["a"] == "T" && first["i"] == nil && first["c"] == "6" && first["r"] == "3")
        #expect(first["C"] == "1" && first["z"] == "-1")
        #expect(try kittyImage(commands) == picture.bitmap)
    }

    @Test func imageIDsWrapWithinWhatThePlaceholderColourCarries() {
        var ids = KittyImageIDs(first: 0xFF_FFFE)
        #expect([ids.allocate(), ids.allocate(), ids.allocate()] == [0xFF_FFFE, 0xFF_FFFF, 1])
        var small = KittyImageIDs(first: 3, carriedBy: .palette256)
        #expect(small.allocate() == 3 + 16)  // the palette's entries from 16 on
        var topByte = KittyImageIDs(first: 239, carriedBy: .palette256)
        #expect([topByte.allocate(), topByte.allocate()] == [255, 1 << 24 | 16])  // then the next top byte
        var last = KittyImageIDs(first: 240 * 256 - 1, carriedBy: .palette256)
        #expect([last.allocate(), last.allocate()] == [255 << 24 | 255, 16])
        for _ in 0..<1000 { #expect(KittyPlaceholder.canCarry(imageID: last.allocate(), in: .palette256)) }
        var folded = KittyImageIDs(first: 0)
        #expect(folded.allocate() == 1)
    }
}
