import Foundation
import NIOCore
import Synchronization

/// The server-wide counts, shared by every connection: the session seats (`--max-sessions`),
/// open connections, the per-address rate limiter, and the live sessions a shutdown must end.
final class SessionRegistry: Sendable {
    private let maxSessions: Int
    private let maxConnections: Int
    private struct Counts {
        var limiter: ConnectionRateLimiter
        var connections = 0
        var sessions: [ObjectIdentifier: NIOLoopBound<SessionHandler>] = [:]
    }
    private let counts: Mutex<Counts>

    init(maxSessions: Int, limiter: ConnectionRateLimiter) {
        self.maxSessions = maxSessions
        // Connections still logging in count too, so a flood of half-open ones can't starve the demo.
        self.maxConnections = maxSessions * 2 + 16
        counts = Mutex(Counts(limiter: limiter))
    }

    enum Admission: Equatable {
        case admitted
        case rateLimited
        case tooManyConnections
    }

    func admitConnection(from address: String, now: TimeInterval = ProcessInfo.processInfo.systemUptime) -> Admission {
        counts.withLock { counts in
            guard counts.connections < maxConnections else { return .tooManyConnections }
            guard counts.limiter.admit(address, now: now) else { return .rateLimited }
            counts.connections += 1
            return .admitted
        }
    }

    func connectionClosed() {
        counts.withLock { $0.connections -= 1 }
    }

    func takeSeat(for session: SessionHandler, eventLoop: EventLoop) -> Bool {
        counts.withLock { counts in
            guard counts.sessions.count < maxSessions else { return false }
            counts.sessions[ObjectIdentifier(session)] = NIOLoopBound(session, eventLoop: eventLoop)
            return true
        }
    }

    func releaseSeat(for session: SessionHandler) {
        _ = counts.withLock { $0.sessions.removeValue(forKey: ObjectIdentifier(session)) }
    }

    var activeSessions: Int { counts.withLock { $0.sessions.count } }

    /// Asks every live session to end its program with `message` (each on its own loop).
    func endAll(saying message: String) {
        let live = counts.withLock { Array($0.sessions.values) }
        for session in live {
            session.eventLoop.execute { session.value.endProgram(saying: message) }
        }
    }
}
