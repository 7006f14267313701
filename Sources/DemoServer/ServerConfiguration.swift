import Foundation
import NIOSSH

/// Everything `iconchooser serve` was told: where to listen, who may come in, the limits,
/// and how to start the chooser (and the scriptable commands) for a visitor.
public struct ServerConfiguration: Sendable {
    /// Who may log in: the keys of an authorized_keys file, or, for public demos, anyone
    /// with any key (each key still gets its own choice). Never a password.
    public enum Access: Sendable {
        case authorizedKeys(AuthorizedKeys)
        case anyone

        func allows(_ key: NIOSSHPublicKey) -> Bool {
            switch self {
            case .authorizedKeys(let keys): keys.allows(key)
            case .anyone: true
            }
        }
    }

    /// Where a visitor's choice is kept.
    public enum StateLayout: Sendable {
        /// One file per key fingerprint in this folder.
        case perUser(folder: String)
        /// Every visitor drives the one choice in this file.
        case shared(file: String)

        public func stateFile(for user: KeyFingerprint) -> String {
            switch self {
            case .perUser(let folder): (folder as NSString).appendingPathComponent("\(user.hex).json")
            case .shared(let file): file
            }
        }
    }

    /// The `iconchooser` binary and the options that name the app (`--app`, `--idiom`, …);
    /// the server adds the subcommand and `--state`.
    public struct Launch: Sendable {
        public var executable: String
        public var appArguments: [String]

        public init(executable: String, appArguments: [String]) {
            self.executable = executable
            self.appArguments = appArguments
        }
    }

    public var host: String
    public var port: Int
    public var hostKey: HostKeyFile
    public var access: Access
    public var state: StateLayout
    public var launch: Launch
    public var maxSessions: Int
    public var idleTimeout: TimeInterval
    /// Per-address connection budget: a burst, then one more per `connectionRefill` seconds.
    public var connectionBurst: Int = 30
    public var connectionRefill: TimeInterval = 2
    /// How long a visitor has to log in before the connection is dropped.
    public var loginGraceTime: TimeInterval = 60
    /// Where the server's own lines go (stderr in the command).
    public var log: @Sendable (String) -> Void

    public init(host: String, port: Int, hostKey: HostKeyFile, access: Access, state: StateLayout,
                launch: Launch, maxSessions: Int, idleTimeout: TimeInterval, log: @escaping @Sendable (String) -> Void) {
        self.host = host
        self.port = port
        self.hostKey = hostKey
        self.access = access
        self.state = state
        self.launch = launch
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
        self.log = log
    }
}

/// `HOST:PORT`, `[IPv6]:PORT`, or a bare `PORT` (on 127.0.0.1).
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    public init?(_ text: String) {
        let host: Substring
        let port: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { return nil }
            port = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            host = text[..<colon]
            port = text[text.index(after: colon)...]
            guard !host.contains(":") else { return nil }
        } else {
            host = "127.0.0.1"
            port = Substring(text)
        }
        guard !host.isEmpty, let number = Int(port), (0...65535).contains(number),
              port.allSatisfy(\.isASCII) else { return nil }
        self.host = String(host)
        self.port = number
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
