import FileAccess
import Foundation
import IconArt

/// Tile pictures decoded on another core while the command line is still being parsed.
/// `preview` spends about as long in ArgumentParser as in decoding a large icon, and one
/// cannot start after the other without knowing what the command line asks for; so the
/// pictures it most likely asks for are decoded meanwhile (see `IconPictures.readAhead`), and used
/// only where the tile turns out to be exactly that one: the same file (by path and
/// identity: device, inode, size and modification time, so a file changed in between is
/// decoded afresh), the same tile size and the same grid of pixels per cell. A tile nobody
/// read ahead is decoded where it is needed, as without any of this; the first such miss
/// stops the read-ahead, whose guess it shows to be wrong. The command that reads ahead owns
/// one and gives it to the renderers that read ahead and draw (`TileRenderer(readAhead:)`).
public final class TileCanvasReadAhead: @unchecked Sendable {
    /// A tile's picture: what `TileRenderer` decodes a file into for one tile size.
    struct Key: Hashable {
        let path: String
        let file: FileIdentity
        let columns: Int
        let rows: Int
        let gridColumns: Int
        let gridRows: Int

        /// The key of `path` as it is on disk now; nil where it cannot be examined.
        init?(path: String, columns: Int, rows: Int, grid: (columns: Int, rows: Int)) {
            guard let file = FileIdentity.of(path), FileKind.following(path) == .regularFile else { return nil }
            self.path = path
            self.file = file
            self.columns = columns
            self.rows = rows
            gridColumns = grid.columns
            gridRows = grid.rows
        }
    }

    private enum Slot {
        /// Listed, not started: the first to ask takes it over.
        case listed
        case decoding
        case decoded(Result<LinearImage, PNGDecodeError>)
    }

    private let condition = NSCondition()
    /// The read-ahead is choosing its pictures (reading the app): askers wait for the list.
    private var choosing = false
    /// Whether any read-ahead was started: without one, asking costs no file lookup.
    private var started = false
    /// A tile was asked for that was not read ahead: nothing more is started.
    private var stopped = false
    private var slots: [Key: Slot] = [:]
    /// Read-aheads still running.
    private var running = 0
    private var served = 0

    /// How many pictures were taken from the read-ahead.
    var picturesServed: Int { condition.withLock { served } }

    public init() {}

    /// Starts nothing more: the pictures will be drawn another way (as pixel pictures, say).
    public func stop() {
        condition.withLock { stopped = true }
    }

    /// Waits until every read-ahead started has decoded its list or stopped.
    func waitUntilDone() {
        condition.withLock { while running > 0 { condition.wait() } }
    }

    /// Runs a read-ahead on a thread of its own: `choose` lists the pictures (it reads the app;
    /// an empty list gives up), then each not yet asked for is decoded in turn, by `decode`,
    /// until the list ends or a miss or `stop()` stops it.
    func begin(choose: @escaping @Sendable () -> [Key], decode: @escaping @Sendable (Key) -> Result<LinearImage, PNGDecodeError>) {
        condition.withLock {
            started = true
            choosing = true
            running += 1
        }
        Thread.detachNewThread { [self] in
            defer {
                condition.withLock {
                    running -= 1
                    condition.broadcast()
                }
            }
            let keys = choose()
            condition.withLock {
                for key in keys where slots[key] == nil { slots[key] = .listed }
                choosing = false
                condition.broadcast()
            }
            for key in keys {
                let mine = condition.withLock { () -> Bool in
                    guard !stopped, case .listed? = slots[key] else { return false }
                    slots[key] = .decoding
                    return true
                }
                guard mine else { continue }
                let result = decode(key)
                condition.withLock {
                    slots[key] = .decoded(result)
                    condition.broadcast()
                }
            }
        }
    }

    /// The picture read ahead for `path` at this tile size, waiting while it is being decoded;
    /// nil where it was not read ahead (then the caller decodes it, and nothing more is read
    /// ahead) or was listed but not started (the caller decodes it instead). Each is taken once.
    func take(path: String, columns: Int, rows: Int, grid: (columns: Int, rows: Int)) -> Result<LinearImage, PNGDecodeError>? {
        guard condition.withLock({ started }) else { return nil }
        let key = Key(path: path, columns: columns, rows: rows, grid: grid)
        condition.lock()
        defer { condition.unlock() }
        while choosing { condition.wait() }
        while true {
            switch key.flatMap({ slots[$0] }) {
            case nil:
                stopped = true
                return nil
            case .listed:
                slots[key!] = nil
                return nil
            case .decoding:
                condition.wait()
            case .decoded(let result):
                slots[key!] = nil
                served += 1
                return result
            }
        }
    }
}
