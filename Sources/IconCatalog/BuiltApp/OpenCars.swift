import FileAccess
import Foundation

/// The cars of app folders open in this process, by path and file identity, while something
/// holds them: a second opening of the same unchanged car (`preview`'s read-ahead and its
/// command's own reading, `lint` beside the catalog) takes the first's instead of holding the
/// file's bytes again, and one begun while the first is still reading waits for it. Nothing is
/// kept once no one holds the car, and a car that changed on disk is a different key.
final class OpenCars: @unchecked Sendable {
    static let shared = OpenCars()

    struct Key: Hashable {
        let path: String
        let identity: FileIdentity
    }

    /// One car's opening: `reading` is held while it is read; `car` and `users` under `lock`.
    private final class Slot: @unchecked Sendable {
        let reading = NSLock()
        weak var car: CarFile?
        var users = 0
    }

    private let lock = NSLock()
    private var slots: [Key: Slot] = [:]

    /// The car open under `key`, else what `read` gives (kept for the openings that follow
    /// while it is held; a warning is not kept: the next opening reads again).
    func open(_ key: Key, read: () -> (car: CarFile?, warning: CatalogWarning?)) -> (car: CarFile?, warning: CatalogWarning?) {
        let slot = lock.withLock {
            slots = slots.filter { $0.value.users > 0 || $0.value.car != nil }
            let slot = slots[key] ?? Slot()
            slots[key] = slot
            slot.users += 1
            return slot
        }
        defer { lock.withLock { slot.users -= 1 } }
        slot.reading.lock()
        defer { slot.reading.unlock() }
        if let car = lock.withLock({ slot.car }) { return (car, nil) }
        let opened = read()
        lock.withLock { slot.car = opened.car }
        return opened
    }
}
