import CPNG
import Foundation
import Pixels
import TerminalDetection

/// kitty's graphics protocol (kitty, Ghostty, WezTerm, Konsole): a picture is sent to the
/// terminal once under an id and then shown, moved and removed by id, so redrawing the
/// screen costs a few bytes per picture instead of the picture again. Every command here
/// is quiet (`q=2`), but for a placement that asks to be confirmed: its reply (`OK`, or why
/// not) comes back among the keys, where the input decoder sets it apart.
///
/// Commands are APC sequences, `ESC _ G <key=value,…> [; <base64 payload>] ESC \`.
public enum KittyGraphics {
    /// How the picture's pixels travel.
    public enum PayloadFormat: Sendable, CaseIterable {
        /// A PNG file (`f=100`, written by `PNGEncoder`).
        case png
        /// Raw RGBA compressed with zlib at its fastest level (`f=32,o=z`).
        case zlibRGBA
    }

    /// `.zlibRGBA`: about as many bytes as a PNG in less time (bench/NOTES.md has the
    /// figures). The chooser's first frame waits for every picture's compression, while a few
    /// more kilobytes cost the terminal little; the icons' flat areas are long runs zlib finds
    /// as they are, so PNG's row filters do not pay there.
    public static let defaultFormat = PayloadFormat.zlibRGBA

    /// The protocol's limit for one chunk of base64 payload.
    public static let maxChunkBytes = 4096

    /// The z-index that draws a picture under the text and under every cell with a
    /// background colour of its own (below −2³⁰): text on a plate or a badge stays whole
    /// over a picture, and blank cells show it.
    public static let belowBackgrounds: Int32 = -1_073_741_825

    /// Sends `picture` to the terminal as image `imageID` (`a=t`, transmitted directly in the
    /// escape codes, `t=d`, so it works over SSH), without showing it; `place` shows it.
    /// Sending another picture under the same id replaces the first.
    public static func transmit(_ picture: PixelPicture, imageID: UInt32,
                                format: PayloadFormat = defaultFormat) throws(GraphicsEncodingError) -> [UInt8] {
        try transmission(of: picture.bitmap, keys: ["a=t", "i=\(checked(imageID))"], format: format)
    }

    /// Sends and shows in one go (`a=T`), for output that never refers to the picture again
    /// (`preview` into a file): no id, so nothing the user's terminal already holds is replaced.
    /// The picture covers `columns`×`rows` cells from the cursor, which stays where it is.
    public static func transmitAndPlace(_ picture: PixelPicture, zIndex: Int32 = 0,
                                        format: PayloadFormat = defaultFormat) throws(GraphicsEncodingError) -> [UInt8] {
        let geometry = picture.geometry
        return try transmission(of: picture.bitmap,
                                keys: ["a=T", "c=\(geometry.columns)", "r=\(geometry.rows)", "C=1"]
                                    + (zIndex == 0 ? [] : ["z=\(zIndex)"]),
                                format: format)
    }

    /// Where and how a transmitted picture is shown.
    public struct Placement: Hashable, Sendable {
        public var imageID: UInt32
        /// Names this placement among the image's placements (0: none); placing the same
        /// image and placement id again moves the placement instead of adding one.
        public var placementID: UInt32
        /// The cells the picture is scaled into; a picture made for the terminal's cell size
        /// (`PixelPicture`) fits them exactly.
        public var columns: Int
        public var rows: Int
        /// Below zero the picture is drawn under text, so a caption or badge written over
        /// it stays readable.
        public var zIndex: Int32
        /// The part of the picture shown, in its pixels (`x`, `y`, `w`, `h`); nil for all of it.
        public var source: PixelRect?

        public init(imageID: UInt32, placementID: UInt32 = 0, columns: Int, rows: Int, zIndex: Int32 = 0,
                    source: PixelRect? = nil) {
            self.imageID = imageID
            self.placementID = placementID
            self.columns = columns
            self.rows = rows
            self.zIndex = zIndex
            self.source = source
        }
    }

    /// A rectangle of a picture's pixels.
    public struct PixelRect: Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// Shows a transmitted picture with its top-left corner in the cursor's cell (`a=p`). The
    /// cursor stays where it was (`C=1`), so the program's idea of it stays true.
    /// `confirmed`: the terminal answers `OK` (or an error such as `ENOENT`, the picture's data
    /// missing) for the image id.
    public static func place(_ placement: Placement, confirmed: Bool = false) -> [UInt8] {
        command(["a=p", "i=\(checked(placement.imageID))"] + placementKeys(placement) + ["C=1"], quiet: !confirmed)
    }

    /// A virtual placement (`U=1`) for Unicode placeholders: the picture appears wherever
    /// text made by `KittyPlaceholder` is drawn, and moves with that text, which is how a
    /// picture survives tmux redrawing a pane.
    public static func placeVirtually(_ placement: Placement) -> [UInt8] {
        command(["a=p", "U=1", "i=\(checked(placement.imageID))"] + placementKeys(placement))
    }

    private static func placementKeys(_ placement: Placement) -> [String] {
        (placement.placementID == 0 ? [] : ["p=\(placement.placementID)"])
            + (placement.source.map { ["x=\($0.x)", "y=\($0.y)", "w=\($0.width)", "h=\($0.height)"] } ?? [])
            + ["c=\(placement.columns)", "r=\(placement.rows)"]
            + (placement.zIndex == 0 ? [] : ["z=\(placement.zIndex)"])
    }

    /// What a deletion removes.
    public enum Deletion: Hashable, Sendable {
        /// One placement of an image; the image stays, ready to be placed again.
        case placement(imageID: UInt32, placementID: UInt32)
        /// Every placement of an image, and the image data (`d=I`).
        case image(UInt32)
        /// Every image whose id is in the range, and its placements (`d=R`, kitty 0.33 and
        /// later; an older kitty ignores it, so a program that must be sure deletes `.image`
        /// by `.image`).
        case images(ClosedRange<UInt32>)
    }

    public static func delete(_ deletion: Deletion) -> [UInt8] {
        switch deletion {
        case let .placement(imageID, placementID):
            precondition(placementID != 0, "kitty placement ids start at 1")
            return command(["a=d", "d=i", "i=\(checked(imageID))", "p=\(placementID)"])
        case let .image(imageID):
            return command(["a=d", "d=I", "i=\(checked(imageID))"])
        case let .images(range):
            return command(["a=d", "d=R", "x=\(checked(range.lowerBound))", "y=\(range.upperBound)"])
        }
    }

    /// Image id 0 means "no id" to the protocol.
    private static func checked(_ imageID: UInt32) -> UInt32 {
        precondition(imageID != 0, "kitty image ids start at 1")
        return imageID
    }

    /// Every command in `bytes` wrapped for tmux's passthrough, one by one (a transmission is
    /// a command per chunk), as tmux passes one control string at a time.
    public static func passedThroughTmux(_ bytes: [UInt8]) -> [UInt8] {
        commands(in: bytes).flatMap(TerminalQuery.passedThroughTmux)
    }

    /// The commands in `bytes`, each whole.
    static func commands(in bytes: [UInt8]) -> [[UInt8]] {
        var commands: [[UInt8]] = []
        var start = 0
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B && bytes[i + 1] == UInt8(ascii: "\\") {
                commands.append(Array(bytes[start...(i + 1)]))
                start = i + 2
                i += 2
            } else {
                i += 1
            }
        }
        if start < bytes.count { commands.append(Array(bytes[start...])) }
        return commands
    }

    /// One command without payload, quiet.
    static func command(_ keys: [String], quiet: Bool = true) -> [UInt8] {
        Array(("\u{1B}_G" + (keys + (quiet ? ["q=2"] : [])).joined(separator: ",") + "\u{1B}\\").utf8)
    }

    /// The transmission of `bitmap` with `keys` first: the payload in base64, split into
    /// chunks of at most `maxChunkBytes`, every chunk but the last marked `m=1`; only the
    /// first chunk carries the keys.
    static func transmission(of bitmap: RGBABitmap, keys: [String],
                             format: PayloadFormat) throws(GraphicsEncodingError) -> [UInt8] {
        let payload: [UInt8], formatKeys: [String]
        switch format {
        case .png:
            do { payload = try PNGEncoder.encode(bitmap) } catch { throw .png(error) }
            formatKeys = ["f=100"]
        case .zlibRGBA:
            payload = try zlibCompressed(bitmap.pixels)
            formatKeys = ["f=32", "s=\(bitmap.width)", "v=\(bitmap.height)", "o=z"]
        }
        return chunked(base64: Array(Data(payload).base64EncodedData()), keys: keys + ["t=d"] + formatKeys)
    }

    static func chunked(base64: [UInt8], keys: [String]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(base64.count + (base64.count / maxChunkBytes + 1) * 16 + 64)
        var start = 0
        repeat {
            let end = min(base64.count, start + maxChunkBytes)
            let more = end < base64.count
            let first = start == 0
            var chunkKeys = first ? keys : []
            if more { chunkKeys.append("m=1") } else if !first { chunkKeys.append("m=0") }
            out += Array(("\u{1B}_G" + (chunkKeys + ["q=2"]).joined(separator: ",") + ";").utf8)
            out += base64[start..<end]
            out += [0x1B, UInt8(ascii: "\\")]
            start = end
        } while start < base64.count
        return out
    }

    /// zlib's format (header, deflate, Adler-32), which `o=z` asks for.
    static func zlibCompressed(_ bytes: [UInt8]) throws(GraphicsEncodingError) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), Z_BEST_SPEED)
            }
        }
        guard status == Z_OK else { throw .zlib(status: Int(status)) }
        out.removeSubrange(Int(size)...)
        return out
    }
}

/// Image ids for one program's pictures: consecutive ids from a starting point the
/// program picks at random, so two programs in one terminal (kitty's ids are shared by the
/// whole window, and inside tmux by every pane) are unlikely to overwrite each other's
/// pictures. The ids are those a Unicode placeholder can carry in `color`: any 24-bit id
/// in truecolor; in 256 colours a palette entry from 16 to 255 and any top byte (which
/// travels as a third mark), 61,440 ids in all. They wrap around at the end.
public struct KittyImageIDs: Sendable {
    public let color: KittyPlaceholder.IDColor
    private var next: UInt32

    /// `first` is folded into the ids `color` can carry.
    public init(first: UInt32, carriedBy color: KittyPlaceholder.IDColor = .truecolor) {
        self.color = color
        switch color {
        case .truecolor: next = first == 0 ? 0 : (first - 1) % Self.count(color)
        case .palette256: next = first % Self.count(color)
        }
    }

    private static func count(_ color: KittyPlaceholder.IDColor) -> UInt32 {
        switch color {
        case .truecolor: 0xFF_FFFF
        case .palette256: 240 * 256
        }
    }

    /// The id numbered `index` among those `color` carries.
    private static func id(_ index: UInt32, _ color: KittyPlaceholder.IDColor) -> UInt32 {
        switch color {
        case .truecolor: index + 1
        case .palette256: (index / 240) << 24 | (16 + index % 240)
        }
    }

    public mutating func allocate() -> UInt32 {
        defer { next = (next + 1) % Self.count(color) }
        return Self.id(next, color)
    }
}
