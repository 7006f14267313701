import FileAccess
import Foundation
import NIOCore
import NIOPosix
import NIOSSH
import SystemPackage

/// `iconchooser serve`: an SSH server (swift-nio-ssh) where each visitor lands straight in
/// the chooser, on a pseudo-terminal of their own, with their own chosen icon. Public-key
/// logins only; every limit (sessions, idle time, connections per address) is enforced here.
public final class DemoServer: Sendable {
    private let group: MultiThreadedEventLoopGroup
    private let listener: Channel
    private let registry: SessionRegistry

    /// Where it listens (with the real port when 0 was asked for).
    public let address: ListenAddress

    private init(group: MultiThreadedEventLoopGroup, listener: Channel, registry: SessionRegistry, address: ListenAddress) {
        self.group = group
        self.listener = listener
        self.registry = registry
        self.address = address
    }

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Binds and starts accepting connections.
    public static func start(_ configuration: ServerConfiguration) async throws -> DemoServer {
        // One loop is plenty for a demo's handful of sessions; the programs run in processes of their own.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let registry = SessionRegistry(
            maxSessions: configuration.maxSessions,
            limiter: ConnectionRateLimiter(burst: configuration.connectionBurst, refillInterval: configuration.connectionRefill))
        let hostKey = configuration.hostKey.privateKey
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let address = channel.remoteAddress?.ipAddress ?? "unknown"
                switch registry.admitConnection(from: address) {
                case .admitted:
                    break
                case .rateLimited:
                    configuration.log("iconchooser serve: refused a connection from \(address): too many connections from it; it may try again shortly")
                    return channel.eventLoop.makeFailedFuture(ChannelError.inputClosed)
                case .tooManyConnections:
                    configuration.log("iconchooser serve: refused a connection from \(address): too many open connections")
                    return channel.eventLoop.makeFailedFuture(ChannelError.inputClosed)
                }
                channel.closeFuture.whenComplete { _ in registry.connectionClosed() }
                return channel.eventLoop.makeCompletedFuture {
                    let connection = ConnectionInfo(address: channel.remoteAddress.map(Self.describe) ?? address)
                    let authenticator = KeyAuthenticator(access: configuration.access, connection: connection, log: configuration.log)
                    var server = SSHServerConfiguration(hostKeys: [hostKey], userAuthDelegate: authenticator)
                    server.maxAuthAttempts = 10
                    let ssh = NIOSSHHandler(
                        role: .server(server),
                        allocator: channel.allocator,
                        inboundChildChannelInitializer: { child, type in
                            guard case .session = type else {
                                return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
                            }
                            return child.eventLoop.makeCompletedFuture {
                                try child.pipeline.syncOperations.addHandler(SessionHandler(
                                    configuration: configuration, registry: registry, connection: connection))
                            }
                        })
                    let idle = TimeAmount.milliseconds(Int64((configuration.idleTimeout + 30) * 1000))
                    try channel.pipeline.syncOperations.addHandlers([
                        IdleStateHandler(readTimeout: configuration.idleTimeout > 0 ? idle : nil),
                        ConnectionGuard(connection: connection, loginGraceTime: configuration.loginGraceTime),
                        ssh,
                        ConnectionErrorHandler(),
                    ])
                }
            }
        let listener: Channel
        do {
            listener = try await bootstrap.bind(host: configuration.host, port: configuration.port).get()
        } catch {
            try? await group.shutdownGracefully()
            let reason = (error as? IOError).map { Errno(rawValue: $0.errnoCode).message } ?? "\(error)"
            throw StartError(description: "cannot listen on \(ListenAddress(host: configuration.host, port: configuration.port)): \(reason)")
        }
        let port = listener.localAddress?.port ?? configuration.port
        return DemoServer(group: group, listener: listener, registry: registry,
                          address: ListenAddress(host: configuration.host, port: port))
    }

    static func describe(_ address: SocketAddress) -> String {
        let ip = address.ipAddress ?? "unknown"
        guard let port = address.port else { return ip }
        return ListenAddress(host: ip, port: port).description
    }

    /// Stops accepting, ends every session with `message` (the chooser gets SIGHUP and the
    /// visitor reads the message), waits for them up to `grace` seconds, then stops.
    public func shutdown(saying message: String, grace: TimeInterval = 5) async {
        try? await listener.close()
        registry.endAll(saying: message)
        let deadline = Date().addingTimeInterval(grace)
        while registry.activeSessions > 0 && Date() < deadline {
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        // Let the last exit statuses reach their clients.
        try? await Task.sleep(nanoseconds: 100_000_000)
        try? await group.shutdownGracefully()
    }

    /// Returns once the listener has closed (after `shutdown`).
    public func waitUntilClosed() async {
        try? await listener.closeFuture.get()
    }

    public var activeSessions: Int { registry.activeSessions }
}

/// Public keys only: a key in the authorized set (or any key, with `--allow-anyone`) is the
/// visitor's identity. swift-nio-ssh has already checked the signature when this is asked.
final class KeyAuthenticator: NIOSSHServerUserAuthenticationDelegate {
    private let access: ServerConfiguration.Access
    private let connection: ConnectionInfo
    private let log: @Sendable (String) -> Void

    init(access: ServerConfiguration.Access, connection: ConnectionInfo, log: @escaping @Sendable (String) -> Void) {
        self.access = access
        self.connection = connection
        self.log = log
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest,
                         responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        guard case .publicKey(let offer) = request.request else {
            responsePromise.succeed(.failure)
            return
        }
        let fingerprint = KeyFingerprint(offer.publicKey)
        if access.allows(offer.publicKey) {
            connection.user = fingerprint
            responsePromise.succeed(.success)
        } else {
            log("iconchooser serve: refused key \(fingerprint) from \(connection.address): not in the authorized keys")
            responsePromise.succeed(.failure)
        }
    }
}

/// Drops connections that never log in (within the grace time) or go silent (the idle
/// handler's read timeout, a backstop behind each session's own, gentler, idle timer).
private final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    private let connection: ConnectionInfo
    private let loginGraceTime: TimeInterval

    init(connection: ConnectionInfo, loginGraceTime: TimeInterval) {
        self.connection = connection
        self.loginGraceTime = loginGraceTime
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let connection = NIOLoopBound(connection, eventLoop: context.eventLoop)
        let channel = context.channel
        context.eventLoop.scheduleTask(in: .milliseconds(Int64(loginGraceTime * 1000))) {
            if connection.value.user == nil { channel.close(promise: nil) }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}

/// A protocol error or a reset ends the connection (and so its sessions); nothing is retried.
private final class ConnectionErrorHandler: ChannelInboundHandler {
    typealias InboundIn = Any

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
