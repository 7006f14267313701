import CellCanvas
import Foundation
import Pixels
import Synchronization
import TerminalDetection
import TerminalInput
import TerminalInterface

/// Pictures on a screen the program manages (the chooser's), in one protocol: each picture
/// made once, off the input loop, in that protocol's bytes, then placed, moved and taken away
/// by id as frames ask (`PictureScreen` says when). Placing saves the cursor, moves to the
/// picture's top-left cell and restores the cursor after, so that ncurses' idea of where
/// the cursor is stays true.
public protocol ScreenPictures: PictureEncoder, AnyObject {
    /// Encodes `picture` to be placed as `id` from now on. Safe to call from any thread.
    func prepare(_ picture: PixelPicture, as id: PictureID) throws(GraphicsEncodingError)
}

/// `body` drawn with the cursor in the top-left cell of `cells`, then the cursor put back.
func atCell(of cells: CellRect, _ body: [UInt8]) -> [UInt8] {
    Array("\u{1B}7\u{1B}[\(cells.y + 1);\(cells.x + 1)H".utf8) + body + Array("\u{1B}8".utf8)
}

/// kitty's protocol: a picture is transmitted (`t=d`, zlib-compressed RGBA, in chunks) the
/// first time it is placed, then shown by id under the text and deleted by placement; the
/// terminal keeps its pixels, so moving it costs a few bytes. A clear of the screen (a
/// resize) makes kitty free the data of pictures it left without a placement, so they are
/// sent again. Leaving deletes the pictures' data as well.
///
/// Inside tmux every command goes through its passthrough, and a picture is shown by
/// Unicode placeholders (`KittyPlaceholder`): a virtual placement once, then text that
/// tmux keeps, clips and moves like any other, across pane and window switches.
public final class KittyScreenPictures: ScreenPictures, Sendable {
    public enum Showing: Hashable, Sendable {
        /// Placed at the picture's cells (`a=p`).
        case placed
        /// Unicode placeholders whose colour carries the image id.
        case placeholders(KittyPlaceholder.IDColor)
    }

    public let showing: Showing
    /// Every command wrapped for tmux's passthrough.
    public let throughTmux: Bool
    public let textErasesPictures = false

    private struct Image {
        let id: UInt32
        /// The picture's data, in the commands that send it.
        let transmission: [UInt8]
        /// Whether the terminal has the data (sent, and not freed by a clear since).
        var sent = false
        /// Whether it was ever sent: leaving deletes it (a clear may have left it in place).
        var everSent = false
        /// Placeholders: whether the virtual placement has been made.
        var virtuallyPlaced = false
        /// The picture's cells and pixels, for a placement of a part of it.
        let columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int

        /// Where `placement` shows the whole picture, the keys for that; else for its part.
        func keys(for placement: PicturePlacement, confirmed: Bool = false) -> KittyGraphics.Placement {
            var source: KittyGraphics.PixelRect?
            if let part = placement.source {
                let x = part.x * pixelWidth / columns, y = part.y * pixelHeight / rows
                source = KittyGraphics.PixelRect(x: x, y: y, width: (part.x + part.width) * pixelWidth / columns - x,
                                                 height: (part.y + part.height) * pixelHeight / rows - y)
            }
            return KittyGraphics.Placement(imageID: id, placementID: KittyScreenPictures.placementID(of: placement),
                                           columns: placement.cells.width, rows: placement.cells.height,
                                           zIndex: KittyGraphics.belowBackgrounds, source: source)
        }
    }

    /// A placement on screen: a picture's part (`PicturePlacement.piece`).
    private struct Shown: Hashable, Comparable {
        let picture: PictureID
        let piece: Int

        init(_ placement: PicturePlacement) { (picture, piece) = (placement.picture, placement.piece) }

        static func < (lhs: Shown, rhs: Shown) -> Bool { (lhs.picture, lhs.piece) < (rhs.picture, rhs.piece) }
    }

    /// A placement sent and not yet confirmed (`.placed` only).
    private struct Unconfirmed {
        var placement: PicturePlacement
        var sentAt: ContinuousClock.Instant
        /// Placements sent since the terminal last said anything about this one.
        var attempts: Int
        /// Times its data was sent again because the terminal said it had none.
        var resends = 0
    }

    /// What the terminal has been sent, held together.
    private struct State {
        var images: [PictureID: Image] = [:]
        var ids: KittyImageIDs
        /// Placements on screen (`.placed` only).
        var placed: Set<Shown> = []
        /// Where each of those is.
        var placedAt: [Shown: PicturePlacement] = [:]
        var unconfirmed: [Shown: Unconfirmed] = [:]
    }

    private let state: Mutex<State>
    /// How often a placement is sent without a word from the terminal before it is taken not
    /// to confirm placements at all (a kitty look-alike that never answers).
    static let placementAttempts = 4
    /// How often a picture's data is sent again for a terminal that says it has none.
    static let dataResends = 3

    /// A picture shows once on a screen, whole or in parts a box leaves in sight: each part has
    /// a placement id of its own, the first (or the whole) 1.
    static func placementID(of placement: PicturePlacement) -> UInt32 { UInt32(clamping: placement.piece + 1) }

    /// `firstImageID`: where this program's ids start (pick it at random: kitty's ids are
    /// shared by every program in the window, and inside tmux by every pane).
    public init(showing: Showing, throughTmux: Bool, firstImageID: UInt32) {
        self.showing = showing
        self.throughTmux = throughTmux
        if case .placeholders(let color) = showing {
            state = Mutex(State(ids: KittyImageIDs(first: firstImageID, carriedBy: color)))
        } else {
            state = Mutex(State(ids: KittyImageIDs(first: firstImageID)))
        }
    }

    public func prepare(_ picture: PixelPicture, as id: PictureID) throws(GraphicsEncodingError) {
        let imageID = state.withLock { $0.ids.allocate() }
        let transmission = wrapped(try KittyGraphics.transmit(picture, imageID: imageID))
        let image = Image(id: imageID, transmission: transmission, columns: picture.geometry.columns, rows: picture.geometry.rows,
                          pixelWidth: picture.width, pixelHeight: picture.height)
        state.withLock { $0.images[id] = image }
    }

    public func encode(_ commands: [PictureCommand]) -> [UInt8] {
        state.withLock { state in
            var out: [UInt8] = []
            for command in commands {
                switch command {
                case .place(let placement):
                    guard var image = state.images[placement.picture] else { continue }
                    if !image.sent {
                        out += image.transmission
                        image.sent = true
                        image.everSent = true
                    }
                    let shown = Shown(placement)
                    switch showing {
                    case .placed:
                        // Confirmed, so that one lost on the way (or placed before its data
                        // arrived, ENOENT) is placed again; placed again under the same ids, it
                        // moves rather than shows twice.
                        out += atCell(of: placement.cells, KittyGraphics.place(image.keys(for: placement), confirmed: true))
                        state.placed.insert(shown)
                        state.placedAt[shown] = placement
                        state.unconfirmed[shown] = Unconfirmed(placement: placement, sentAt: .now, attempts: 1)
                    case .placeholders:
                        if !image.virtuallyPlaced {
                            // The whole picture: the placeholders' own indices choose the part shown.
                            let whole = PicturePlacement(picture: placement.picture,
                                                         cells: CellRect(x: 0, y: 0, width: image.columns, height: image.rows))
                            out += wrapped(KittyGraphics.placeVirtually(image.keys(for: whole)))
                            image.virtuallyPlaced = true
                        }
                    }
                    state.images[placement.picture] = image
                case .remove(let placement):
                    let shown = Shown(placement)
                    state.unconfirmed[shown] = nil
                    state.placedAt[shown] = nil
                    guard state.placed.remove(shown) != nil, let image = state.images[placement.picture] else { continue }
                    out += KittyGraphics.delete(.placement(imageID: image.id, placementID: Self.placementID(of: placement)))
                case .removeAll:
                    for shown in state.placed.sorted() {
                        guard let image = state.images[shown.picture] else { continue }
                        out += KittyGraphics.delete(.placement(imageID: image.id, placementID: UInt32(clamping: shown.piece + 1)))
                    }
                    state.placed = []
                    state.placedAt = [:]
                    state.unconfirmed = [:]
                case .forget(let picture):
                    state.unconfirmed = state.unconfirmed.filter { $0.key.picture != picture }
                    state.placedAt = state.placedAt.filter { $0.key.picture != picture }
                    state.placed = state.placed.filter { $0.picture != picture }
                    guard let image = state.images.removeValue(forKey: picture), image.everSent else { continue }
                    out += wrapped(KittyGraphics.delete(.image(image.id)))
                case .cleared:
                    state.placed = []
                    state.placedAt = [:]
                    state.unconfirmed = [:]
                    for picture in state.images.keys {
                        state.images[picture]?.sent = false
                        state.images[picture]?.virtuallyPlaced = false
                    }
                }
            }
            return out
        }
    }

    public func text(for placement: PicturePlacement) -> CellGrid? {
        guard case .placeholders(let color) = showing, let image = state.withLock({ $0.images[placement.picture] }) else { return nil }
        return KittyPlaceholder.cells(imageID: image.id, columns: placement.cells.width, rows: placement.cells.height,
                                      color: color, origin: (placement.source?.x ?? 0, placement.source?.y ?? 0))
    }

    public func receive(_ reply: TerminalReply) -> Bool {
        guard case .kittyGraphics(let id?, let message) = reply, id >= 0 else { return false }
        return state.withLock { state in
            guard let picture = state.images.first(where: { Int($0.value.id) == id })?.key else { return false }
            // The answer names the image, not the placement: it is taken for each of its parts.
            let parts = state.placedAt.keys.filter { $0.picture == picture }.sorted()
            if message == "OK" {
                for shown in parts { state.unconfirmed[shown] = nil }
            } else if message.hasPrefix("ENOENT") {
                // The terminal has no data under that id: sent with the next attempt, at once, even
                // where the answer came after the placement was given up on. An answer is a word
                // from the terminal, so the count of silent attempts starts again.
                for shown in parts {
                    guard let placement = state.placedAt[shown] else { continue }
                    var waiting = state.unconfirmed[shown] ?? Unconfirmed(placement: placement, sentAt: .now, attempts: 0)
                    guard waiting.resends < Self.dataResends else {
                        state.unconfirmed[shown] = nil
                        continue
                    }
                    waiting.resends += 1
                    waiting.attempts = 0
                    waiting.sentAt = .now - confirmationWait
                    state.unconfirmed[shown] = waiting
                    state.images[picture]?.sent = false
                }
            }
            return true
        }
    }

    public var awaitsConfirmation: Bool { state.withLock { !$0.unconfirmed.isEmpty } }

    public func placeUnconfirmed(now: ContinuousClock.Instant) -> [UInt8] {
        state.withLock { state in
            var out: [UInt8] = []
            for shown in state.unconfirmed.keys.sorted() {
                guard var waiting = state.unconfirmed[shown], now - waiting.sentAt >= confirmationWait,
                      var image = state.images[shown.picture], state.placed.contains(shown) else { continue }
                guard waiting.attempts < Self.placementAttempts else {
                    state.unconfirmed[shown] = nil
                    continue
                }
                if !image.sent {
                    out += image.transmission
                    image.sent = true
                    image.everSent = true
                    state.images[shown.picture] = image
                }
                out += atCell(of: waiting.placement.cells, KittyGraphics.place(image.keys(for: waiting.placement), confirmed: true))
                waiting.attempts += 1
                waiting.sentAt = now
                state.unconfirmed[shown] = waiting
            }
            return out
        }
    }

    public func placeShownAgain() -> [UInt8] {
        state.withLock { state in
            guard showing == .placed else { return [] }
            var out: [UInt8] = []
            for shown in state.placedAt.keys.sorted() {
                guard let placement = state.placedAt[shown], let image = state.images[shown.picture], image.sent else { continue }
                out += atCell(of: placement.cells, KittyGraphics.place(image.keys(for: placement)))
            }
            return out
        }
    }

    /// Deletes every picture sent, with its data; nothing sent is left in the terminal.
    public func release() -> [UInt8] {
        state.withLock { state in
            let sent = state.images.values.filter(\.everSent).map(\.id).sorted()
            state.images = [:]
            state.placed = []
            state.placedAt = [:]
            state.unconfirmed = [:]
            return sent.flatMap { wrapped(KittyGraphics.delete(.image($0))) }
        }
    }

    /// Each command of `bytes` through tmux's passthrough when inside tmux.
    private func wrapped(_ bytes: [UInt8]) -> [UInt8] {
        throughTmux ? KittyGraphics.passedThroughTmux(bytes) : bytes
    }
}

/// sixel and iTerm2 images: pixels in the cells, so text drawn over a picture wipes it and it
/// is placed again (see `PictureScreen`). Each picture's bytes are kept for that; a picture
/// taken away is wiped by the text drawn over it, so removing sends nothing.
public final class CellScreenPictures: ScreenPictures, Sendable {
    /// A picture's bytes at the cursor, in the protocol (`PictureProtocol`'s).
    private let encode: @Sendable (PixelPicture) throws(GraphicsEncodingError) -> [UInt8]
    public let textErasesPictures = true

    private struct Part: Hashable {
        let picture: PictureID
        let source: CellRect
    }

    /// Each picture's bytes, its pixels (to draw a part of it where a box covers the rest) and
    /// the parts drawn so far, kept while the picture may be placed.
    private struct Store {
        var encoded: [PictureID: [UInt8]] = [:]
        var pictures: [PictureID: PixelPicture] = [:]
        var parts: [Part: [UInt8]] = [:]
    }

    private let store = Mutex(Store())

    public init(encoding encode: @escaping @Sendable (PixelPicture) throws(GraphicsEncodingError) -> [UInt8]) {
        self.encode = encode
    }

    private func bytes(of picture: PixelPicture) throws(GraphicsEncodingError) -> [UInt8] {
        try encode(picture)
    }

    public func prepare(_ picture: PixelPicture, as id: PictureID) throws(GraphicsEncodingError) {
        let bytes = try bytes(of: picture)
        store.withLock { store in
            store.encoded[id] = bytes
            store.pictures[id] = picture
            store.parts = store.parts.filter { $0.key.picture != id }
        }
    }

    public func encode(_ commands: [PictureCommand]) -> [UInt8] {
        store.withLock { store in
            commands.flatMap { command -> [UInt8] in
                if case .forget(let picture) = command {
                    store.encoded[picture] = nil
                    store.pictures[picture] = nil
                    store.parts = store.parts.filter { $0.key.picture != picture }
                }
                guard case .place(let placement) = command else { return [] }
                guard let source = placement.source else {
                    return store.encoded[placement.picture].map { atCell(of: placement.cells, $0) } ?? []
                }
                // Pixels in the cells: a part is a picture of its own, made the first time it is shown.
                let part = Part(picture: placement.picture, source: source)
                if let bytes = store.parts[part] { return atCell(of: placement.cells, bytes) }
                guard let cropped = store.pictures[placement.picture]?.cropped(columns: source.columns, rows: source.rows),
                      let bytes = try? bytes(of: cropped) else { return [] }
                store.parts[part] = bytes
                return atCell(of: placement.cells, bytes)
            }
        }
    }
}
