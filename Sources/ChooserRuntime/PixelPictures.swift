import CellCanvas
import ChooserUI
import FileAccess
import Foundation
import IconArt
import IconCatalog
import TerminalDetection
import TerminalGraphics
import TerminalInterface

/// Where the chooser's pixel pictures come from, once the terminal shows them: the encoder
/// for its protocol and the cell size pictures are made for, then each tile's picture,
/// made off the input loop and known to the encoder by id. The text layer still draws
/// everything else (badge, focus, captions, overlays) around them.
public protocol PixelPictures: Sendable {
    /// The protocols this program can draw.
    var drawable: Set<GraphicsProtocol> { get }
    /// Pictures in the protocol `capabilities` names, for a terminal of `colorDepth`: the
    /// encoder the terminal places them with and the cell size they are made for; nil keeps
    /// symbols. Called once.
    func start(for capabilities: TerminalCapabilities, colorDepth: ColorDepth) -> PixelPictureStart?
    /// Makes the pictures of these tiles for cells of `cell` pixels in `appearance`, off the
    /// loop and before work waiting there, each handed to `deliver` (from any thread) when done.
    func request(_ icons: [IconKey], size: TileSize, cell: CellPixelSize, appearance: IconAppearance,
                 deliver: @escaping @Sendable (LoadedPixelPicture) -> Void)
    /// The id the encoder knows a made picture by, nil if it was not made.
    func pictureID(icon: IconKey, size: TileSize, cell: CellPixelSize, appearance: IconAppearance) -> PictureID?
    /// Drops the work not yet started: the chooser is leaving.
    func cancelAll()
    /// Makes these tiles' pictures, off the loop, for a terminal not yet confirmed to show them
    /// (inside tmux, while tmux is asked whether it passes them through): `start` and `request`
    /// then use them as they are instead of making them again, and they are dropped otherwise.
    func makeAhead(_ icons: [IconKey], size: TileSize, for capabilities: TerminalCapabilities, colorDepth: ColorDepth,
                   appearance: IconAppearance)
    /// Forgets every picture made (the icons were read again and may look otherwise now):
    /// each is made again when next asked for. Returns the ids it forgot, for the terminal
    /// to take off the screen and free.
    func forgetPictures() -> [PictureID]
    /// Makes the details panel's large picture off the loop, before anything else waiting,
    /// in place of one asked for before and not yet started; hands it to `deliver` when done.
    func requestDetails(_ picture: DetailsPicture, cell: CellPixelSize, appearance: IconAppearance,
                        deliver: @escaping @Sendable (LoadedDetailsPixelPicture) -> Void)
    /// The id the encoder knows a made details picture by, nil if it was not made.
    func detailsPictureID(_ picture: DetailsPicture, cell: CellPixelSize, appearance: IconAppearance) -> PictureID?
}

extension PixelPictures {
    /// Pictures made only when asked for.
    public func makeAhead(_ icons: [IconKey], size: TileSize, for capabilities: TerminalCapabilities, colorDepth: ColorDepth,
                          appearance: IconAppearance) {}

    /// Pictures that are never remade.
    public func forgetPictures() -> [PictureID] { [] }

    /// Without large pictures the panel keeps its symbols.
    public func requestDetails(_ picture: DetailsPicture, cell: CellPixelSize, appearance: IconAppearance,
                               deliver: @escaping @Sendable (LoadedDetailsPixelPicture) -> Void) {
        deliver(LoadedDetailsPixelPicture(picture: picture, cell: cell, ready: false, appearance: appearance))
    }

    public func detailsPictureID(_ picture: DetailsPicture, cell: CellPixelSize, appearance: IconAppearance) -> PictureID? {
        nil
    }
}

/// The details panel's large pixel picture, made (`ready`) or not (the panel keeps symbols).
public struct LoadedDetailsPixelPicture: Hashable, Sendable {
    public var picture: DetailsPicture
    public var cell: CellPixelSize
    public var ready: Bool
    public var appearance: IconAppearance

    public init(picture: DetailsPicture, cell: CellPixelSize, ready: Bool, appearance: IconAppearance) {
        self.picture = picture
        self.cell = cell
        self.ready = ready
        self.appearance = appearance
    }
}

/// What `PixelPictures.start` set up.
public struct PixelPictureStart: Sendable {
    public var encoder: any PictureEncoder
    public var cell: CellPixelSize

    public init(encoder: any PictureEncoder, cell: CellPixelSize) {
        self.encoder = encoder
        self.cell = cell
    }
}

/// A pixel picture made (`ready`) or not (its tile stays symbol art).
public struct LoadedPixelPicture: Hashable, Sendable {
    public var icon: IconKey
    public var size: TileSize
    public var cell: CellPixelSize
    public var ready: Bool
    public var appearance: IconAppearance

    public init(icon: IconKey, size: TileSize, cell: CellPixelSize, ready: Bool, appearance: IconAppearance = .light) {
        self.icon = icon
        self.size = size
        self.cell = cell
        self.ready = ready
        self.appearance = appearance
    }
}

/// The chooser's pixel pictures in kitty's protocol, sixel or iTerm2 images: each tile's
/// picture made once per size on the `DecodeQueue`, as `make` gives it (from a PNG, or
/// from a picture already drawn), and encoded there for the protocol, so a frame costs
/// only the bytes that place it.
public final class IconPixelPictures: PixelPictures, @unchecked Sendable {
    public let drawable = IconPixelPictures.protocols
    private static let protocols = Set(PictureProtocol.all.map(\.graphics))

    /// A picture of one size; the details panel's is another picture than a tile's of the same
    /// size, as kitty shows each picture in one place at a time.
    private struct Key: Hashable {
        let icon: IconKey
        let columns: Int
        let rows: Int
        let cell: CellPixelSize
        let appearance: IconAppearance
        var forDetails = false
    }

    private let queue: DecodeQueue
    private let make: @Sendable (IconKey, TileGeometry, PixelPicture.Sizing, IconAppearance) throws -> PixelPicture?
    private let lock = NSLock()
    private var pictures: (any ScreenPictures)?
    /// No larger than the icons' own pixels where the terminal scales pictures to their cells
    /// (kitty); the details panel's picture is always made whole (see `makePicture`).
    private var sizing = PixelPicture.Sizing.tile
    private var made: [Key: PictureID] = [:]
    /// Pictures made (or being made) by `makeAhead`, not yet encoded.
    private var ahead: [Key: AheadPicture] = [:]
    private var nextID: UInt32 = 1
    /// How many times the pictures made were forgotten: one begun before is not kept.
    private var generation = 0

    /// `make`: the picture of an icon for a geometry, made as large as the sizing says, in an
    /// appearance; nil when it has none (or is not listed). It runs on `queue`, beside other
    /// work (see `DecodeQueue.lanes`).
    public init(queue: DecodeQueue,
                make: @escaping @Sendable (IconKey, TileGeometry, PixelPicture.Sizing, IconAppearance) throws -> PixelPicture?) {
        self.queue = queue
        self.make = make
    }

    /// The pictures of an app's icons.
    public convenience init(icons: ChooserIcons, queue: DecodeQueue) {
        self.init(queue: queue) { try icons.pixelPicture($0, geometry: $1, sizing: $2, appearance: $3) }
    }

    public func start(for capabilities: TerminalCapabilities, colorDepth: ColorDepth) -> PixelPictureStart? {
        guard let plan = Self.plan(for: capabilities, colorDepth: colorDepth) else { return nil }
        lock.withLock {
            pictures = plan.encoder
            sizing = plan.sizing
        }
        return PixelPictureStart(encoder: plan.encoder, cell: plan.cell)
    }

    /// The encoder, the cell size pictures are made for and how large they are made, where this
    /// terminal shows pictures in a protocol this program draws.
    private static func plan(for capabilities: TerminalCapabilities, colorDepth: ColorDepth)
        -> (encoder: any ScreenPictures, cell: CellPixelSize, sizing: PixelPicture.Sizing)? {
        guard let graphics = capabilities.graphics, protocols.contains(graphics) else { return nil }
        let chosen = PictureProtocol.of(graphics)
        guard let encoder = chosen.screenPictures(for: capabilities, colorDepth: colorDepth) else { return nil }
        // kitty scales a picture to the cells it is placed on; sixel and iTerm2 pictures
        // would not line up with the text unless the cell size is known (or forced).
        guard let cell = capabilities.cellSize ?? (graphics.scalesToCells || capabilities.graphicsForced ? .standard : nil) else {
            return nil
        }
        return (encoder, cell, chosen.sizing)
    }

    public func makeAhead(_ icons: [IconKey], size: TileSize, for capabilities: TerminalCapabilities, colorDepth: ColorDepth,
                          appearance: IconAppearance) {
        guard let plan = Self.plan(for: capabilities, colorDepth: colorDepth) else { return }
        let jobs = icons.compactMap { icon -> DecodeQueue.Job? in
            let key = Key(icon: icon, columns: size.columns, rows: size.rows, cell: plan.cell, appearance: appearance)
            let early = AheadPicture(sizing: plan.sizing, picture: ComputedOnce { [self] in picture(key, sizing: plan.sizing) })
            guard lock.withLock({ () -> Bool in
                guard made[key] == nil, ahead[key] == nil else { return false }
                ahead[key] = early
                return true
            }) else { return nil }
            return DecodeQueue.Job(kind: .pixels, icon: icon, size: size) { [self] in
                _ = early.picture.value()
            }
        }
        queue.add(jobs, urgent: true)
    }

    /// The picture for `key`, made now.
    private func picture(_ key: Key, sizing: PixelPicture.Sizing) -> PixelPicture? {
        guard let geometry = TileGeometry(columns: key.columns, rows: key.rows, cell: key.cell) else { return nil }
        return try? make(key.icon, geometry, sizing, key.appearance)
    }

    public func request(_ icons: [IconKey], size: TileSize, cell: CellPixelSize, appearance: IconAppearance,
                        deliver: @escaping @Sendable (LoadedPixelPicture) -> Void) {
        let jobs = icons.map { icon in
            DecodeQueue.Job(kind: .pixels, icon: icon, size: size) { [self] in
                let key = Key(icon: icon, columns: size.columns, rows: size.rows, cell: cell, appearance: appearance)
                deliver(LoadedPixelPicture(icon: icon, size: size, cell: cell, ready: makePicture(key),
                                           appearance: appearance))
            }
        }
        queue.add(jobs, urgent: true)
    }

    /// Makes and encodes one picture; false when there is none or it could not be made.
    private func makePicture(_ key: Key) -> Bool {
        guard let (pictures, tileSizing, generation) = lock.withLock({ pictures.map { ($0, self.sizing, self.generation) } }) else {
            return false
        }
        // The details panel's large picture is made at the size it is shown, by the tiles'
        // resampler, never enlarged by the terminal: kitty's scaling of a 180-pixel icon to
        // 260–288 pixels left stair-steps on its curves.
        let sizing: PixelPicture.Sizing = key.forDetails ? .tile : tileSizing
        if lock.withLock({ made[key] }) != nil { return true }
        // Made ahead, or being made: taken (or waited for) rather than made twice.
        let madeAhead = lock.withLock { ahead.removeValue(forKey: key) }.flatMap { $0.sizing == sizing ? $0 : nil }
        guard let picture = madeAhead.map({ $0.picture.value() }) ?? picture(key, sizing: sizing)
        else { return false }
        let id = lock.withLock {
            defer { nextID += 1 }
            return PictureID(nextID)
        }
        do {
            try pictures.prepare(picture, as: id)
        } catch {
            return false
        }
        // A picture of the icons as they were before `forgetPictures` is not kept.
        return lock.withLock {
            guard self.generation == generation else { return false }
            made[key] = id
            return true
        }
    }

    public func pictureID(icon: IconKey, size: TileSize, cell: CellPixelSize, appearance: IconAppearance) -> PictureID? {
        lock.withLock { made[Key(icon: icon, columns: size.columns, rows: size.rows, cell: cell, appearance: appearance)] }
    }

    public func forgetPictures() -> [PictureID] {
        lock.withLock {
            defer {
                made = [:]
                ahead = [:]
                generation += 1
            }
            return made.values.sorted()
        }
    }

    public func requestDetails(_ picture: DetailsPicture, cell: CellPixelSize, appearance: IconAppearance,
                               deliver: @escaping @Sendable (LoadedDetailsPixelPicture) -> Void) {
        let key = Key(icon: picture.icon, columns: picture.columns, rows: picture.rows, cell: cell, appearance: appearance,
                      forDetails: true)
        queue.cancel(.detailsPixels)
        queue.add([DecodeQueue.Job(kind: .detailsPixels, icon: picture.icon, size: .large) { [self] in
            deliver(LoadedDetailsPixelPicture(picture: picture, cell: cell, ready: makePicture(key), appearance: appearance))
        }], urgent: true)
    }

    public func detailsPictureID(_ picture: DetailsPicture, cell: CellPixelSize, appearance: IconAppearance) -> PictureID? {
        lock.withLock {
            made[Key(icon: picture.icon, columns: picture.columns, rows: picture.rows, cell: cell, appearance: appearance,
                     forDetails: true)]
        }
    }

    public func cancelAll() {
        queue.cancel(.pixels)
        queue.cancel(.detailsPixels)
        lock.withLock { ahead = [:] }
    }
}

/// A picture made once by whichever comes first, the job that makes it ahead or the request that
/// needs it: the other gets it as made, waiting only while it is being made.
private struct AheadPicture {
    let sizing: PixelPicture.Sizing
    let picture: ComputedOnce<PixelPicture?, Never>
}
