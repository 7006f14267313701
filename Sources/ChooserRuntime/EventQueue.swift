import Foundation

/// Events from several threads (the terminal's reader, the picture decoder, timers) in
/// one queue that the loop awaits: it sleeps until something happens, then takes all that
/// has happened at once, so a burst of pictures costs one frame, not one each.
final class EventQueue<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [Event] = []
    private var waiter: CheckedContinuation<[Event], Never>?

    func post(_ event: Event) {
        let resumed: (CheckedContinuation<[Event], Never>, [Event])? = lock.withLock {
            events.append(event)
            guard let waiter else { return nil }
            self.waiter = nil
            defer { events.removeAll() }
            return (waiter, events)
        }
        if let (waiter, batch) = resumed { waiter.resume(returning: batch) }
    }

    /// Everything posted since the last call, waiting until there is something. One caller at a time.
    func next() async -> [Event] {
        await withCheckedContinuation { continuation in
            let ready: [Event]? = lock.withLock {
                guard events.isEmpty else {
                    defer { events.removeAll() }
                    return events
                }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
