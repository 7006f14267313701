import Foundation
import NIOCore

/// The server-wide counts, shared by every connection: the session seats (`--max-sessions`),
/// open connections, the per-address rate limiter, and the live sessions a shutdown must end.
final class SessionRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private let maxSessions: Int
    private let maxConnections: Int
    private var limiter: ConnectionRateLimiter
    private var connections = 0
    private var sessions: [ObjectIdentifier: NIOLoopBound<SessionHandler>] = [:]

    init(maxSessions: Int, limiter: ConnectionRateLimiter) {
        self.maxSessions = maxSessions
        // Connections still logging in count too, so a flood of half-open ones can't starve the demo.
        self.maxConnections = maxSessions * 2 + 16
        self.limiter = limiter
    }

    enum Admission: Equatable {
        case admitted
        case rateLimited
        case tooManyConnections
    }

    func admitConnection(from address: String, now: TimeInterval = ProcessInfo.processInfo.systemUptime) -> Admission {
        lock.withLock {
            guard connections < maxConnections else { return .tooManyConnections }
            guard limiter.admit(address, now: now) else { return .rateLimited }
            connections += 1
            return .admitted
        }
    }

    func connectionClosed() {
        lock.withLock { connections -= 1 }
    }

    func takeSeat(for session: SessionHandler, eventLoop: EventLoop) -> Bool {
        lock.withLock {
            guard sessions.count < maxSessions else { return false }
            sessions[ObjectIdentifier(session)] = NIOLoopBound(session, eventLoop: eventLoop)
            return true
        }
    }

    func releaseSeat(for session: SessionHandler) {
        _ = lock.withLock { sessions.removeValue(forKey: ObjectIdentifier(session)) }
    }

    var activeSessions: Int { lock.withLock { sessions.count } }

    /// Asks every live session to end its program with `message` (each on its own loop).
    func endAll(saying message: String) {
        let live = lock.withLock { Array(sessions.values) }
        for session in live {
            session.eventLoop.execute { session.value.endProgram(saying: message) }
        }
    }
}
