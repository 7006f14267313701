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
        /// Pictures with a placement on screen (`.placed` only).
        var placed: Set<PictureID> = []
        /// Where each of those is placed.
        var placedAt: [PictureID: PicturePlacement] = [:]
        var unconfirmed: [PictureID: Unconfirmed] = [:]
    }

    private let state: Mutex<State>
    /// How often a placement is sent without a word from the terminal before it is taken not
    /// to confirm placements at all (a kitty look-alike that never answers).
    static let placementAttempts = 4
    /// How often a picture's data is sent again for a terminal that says it has none.
    static let dataResends = 3

    /// One picture shows once on a screen, so every placement has the same placement id.
    static let placementID: UInt32 = 1

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
        state.withLock { $0.images[id] = Image(id: imageID, transmission: transmission) }
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
                    let keys = KittyGraphics.Placement(imageID: image.id, placementID: Self.placementID,
                                                       columns: placement.cells.width, rows: placement.cells.height,
                                                       zIndex: KittyGraphics.belowBackgrounds)
                    switch showing {
                    case .placed:
                        // Confirmed, so that one lost on the way (or placed before its data
                        // arrived, ENOENT) is placed again; placed again under the same ids, it
                        // moves rather than shows twice.
                        out += atCell(of: placement.cells, KittyGraphics.place(keys, confirmed: true))
                        state.placed.insert(placement.picture)
                        state.placedAt[placement.picture] = placement
                        state.unconfirmed[placement.picture] = Unconfirmed(placement: placement, sentAt: .now, attempts: 1)
                    case .placeholders:
                        if !image.virtuallyPlaced {
                            out += wrapped(KittyGraphics.placeVirtually(keys))
                            image.virtuallyPlaced = true
                        }
                    }
                    state.images[placement.picture] = image
                case .remove(let placement):
                    state.unconfirmed[placement.picture] = nil
                    state.placedAt[placement.picture] = nil
                    guard state.placed.remove(placement.picture) != nil, let image = state.images[placement.picture] else { continue }
                    out += KittyGraphics.delete(.placement(imageID: image.id, placementID: Self.placementID))
                case .removeAll:
                    for picture in state.placed.sorted() {
                        guard let image = state.images[picture] else { continue }
                        out += KittyGraphics.delete(.placement(imageID: image.id, placementID: Self.placementID))
                    }
                    state.placed = []
                    state.placedAt = [:]
                    state.unconfirmed = [:]
                case .forget(let picture):
                    state.unconfirmed[picture] = nil
                    state.placedAt[picture] = nil
                    state.placed.remove(picture)
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
                                      color: color)
    }

    public func receive(_ reply: TerminalReply) -> Bool {
        guard case .kittyGraphics(let id?, let message) = reply, id >= 0 else { return false }
        return state.withLock { state in
            guard let picture = state.images.first(where: { Int($0.value.id) == id })?.key else { return false }
            if message == "OK" {
                state.unconfirmed[picture] = nil
            } else if message.hasPrefix("ENOENT"), let placement = state.placedAt[picture] {
                // The terminal has no data under that id: sent with the next attempt, at once, even
                // where the answer came after the placement was given up on. An answer is a word
                // from the terminal, so the count of silent attempts starts again.
                var waiting = state.unconfirmed[picture] ?? Unconfirmed(placement: placement, sentAt: .now, attempts: 0)
                guard waiting.resends < Self.dataResends else {
                    state.unconfirmed[picture] = nil
                    return true
                }
                waiting.resends += 1
                waiting.attempts = 0
                waiting.sentAt = .now - confirmationWait
                state.unconfirmed[picture] = waiting
                state.images[picture]?.sent = false
            }
            return true
        }
    }

    public var awaitsConfirmation: Bool { state.withLock { !$0.unconfirmed.isEmpty } }

    public func placeUnconfirmed(now: ContinuousClock.Instant) -> [UInt8] {
        state.withLock { state in
            var out: [UInt8] = []
            for picture in state.unconfirmed.keys.sorted() {
                guard var waiting = state.unconfirmed[picture], now - waiting.sentAt >= confirmationWait,
                      var image = state.images[picture], state.placed.contains(picture) else { continue }
                guard waiting.attempts < Self.placementAttempts else {
                    state.unconfirmed[picture] = nil
                    continue
                }
                if !image.sent {
                    out += image.transmission
                    image.sent = true
                    image.everSent = true
                    state.images[picture] = image
                }
                let keys = KittyGraphics.Placement(imageID: image.id, placementID: Self.placementID,
                                                   columns: waiting.placement.cells.width, rows: waiting.placement.cells.height,
                                                   zIndex: KittyGraphics.belowBackgrounds)
                out += atCell(of: waiting.placement.cells, KittyGraphics.place(keys, confirmed: true))
                waiting.attempts += 1
                waiting.sentAt = now
                state.unconfirmed[picture] = waiting
            }
            return out
        }
    }

    public func placeShownAgain() -> [UInt8] {
        state.withLock { state in
            guard showing == .placed else { return [] }
            var out: [UInt8] = []
            for picture in state.placedAt.keys.sorted() {
                guard let placement = state.placedAt[picture], let image = state.images[picture], image.sent else { continue }
                let keys = KittyGraphics.Placement(imageID: image.id, placementID: Self.placementID,
                                                   columns: placement.cells.width, rows: placement.cells.height,
                                                   zIndex: KittyGraphics.belowBackgrounds)
                out += atCell(of: placement.cells, KittyGraphics.place(keys))
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
    public enum Format: Sendable {
        case sixel(Sixel)
        case iterm2
    }

    public let format: Format
    public let textErasesPictures = true
    private let encoded = Mutex<[PictureID: [UInt8]]>([:])

    public init(_ format: Format) {
        self.format = format
    }

    public func prepare(_ picture: PixelPicture, as id: PictureID) throws(GraphicsEncodingError) {
        let bytes: [UInt8]
        switch format {
        case .sixel(let sixel): bytes = sixel.encode(picture)
        case .iterm2: bytes = try ITerm2Image.encode(picture)
        }
        encoded.withLock { $0[id] = bytes }
    }

    public func encode(_ commands: [PictureCommand]) -> [UInt8] {
        encoded.withLock { encoded in
            commands.flatMap { command -> [UInt8] in
                if case .forget(let picture) = command { encoded[picture] = nil }
                guard case .place(let placement) = command, let bytes = encoded[placement.picture] else { return [] }
                return atCell(of: placement.cells, bytes)
            }
        }
    }
}
