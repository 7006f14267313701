import Foundation

/// The OpenSSH client as a visitor uses it, with keys from ssh-keygen and a known_hosts
/// file of the test's own (so the host key is checked, never waved through).
struct SSHClient {
    static let ssh = "/usr/bin/ssh"
    static let keygen = "/usr/bin/ssh-keygen"
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: ssh) && FileManager.default.isExecutableFile(atPath: keygen)
    }

    let folder: TemporaryFolder
    let port: Int
    var user = "visitor"
    var knownHosts: String { folder.url("known_hosts") }

    init(folder: TemporaryFolder, port: Int) {
        self.folder = folder
        self.port = port
    }

    /// The private key file for `name`, made by ssh-keygen the first time it is asked for.
    func key(_ name: String) throws -> String {
        let path = folder.url("keys/\(name)")
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: folder.url("keys"), withIntermediateDirectories: true)
            let made = try CLI.run(executable: Self.keygen, ["-q", "-t", "ed25519", "-N", "", "-C", name, "-f", path],
                                   environment: ["PATH": "/usr/bin:/bin"])
            guard made.status == 0 else { throw SpawnFailed(command: "ssh-keygen: \(made.stderr)", code: made.status) }
        }
        return path
    }

    func publicKeyLine(_ name: String) throws -> String {
        try String(contentsOfFile: try key(name) + ".pub", encoding: .utf8)
    }

    /// `ssh` options: this key only, no prompts, the test's known_hosts (`accept-new` on first use unless `strict`),
    /// under one alias whatever the port, so a restarted server is checked against the key saved before.
    func options(key name: String, strict: Bool = false) throws -> [String] {
        ["-F", "/dev/null", "-p", "\(port)", "-i", try key(name),
         "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10",
         "-o", "UserKnownHostsFile=\(knownHosts)", "-o", "StrictHostKeyChecking=\(strict ? "yes" : "accept-new")",
         "-o", "LogLevel=ERROR", "-o", "HostKeyAlias=iconchooser-serve-test"]
    }

    /// Runs `ssh [extra] user@127.0.0.1 remote…` to completion.
    func run(key name: String, _ remote: [String], extra: [String] = [], strict: Bool = false,
             lang: String = "C.UTF-8", timeout: TimeInterval = 30) throws -> CLI.Outcome {
        try CLI.run(executable: Self.ssh, try options(key: name, strict: strict) + extra + ["\(user)@127.0.0.1"] + remote,
                    environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": lang], timeout: timeout)
    }

    /// A shell command line for a tmux window: an interactive `ssh -tt` whose exit status
    /// the shell writes to `statusFile`.
    func interactive(key name: String, remote: [String] = [], extra: [String] = [], statusFile: String) throws -> String {
        let command = ([Self.ssh, "-tt"] + (try options(key: name)) + extra + ["\(user)@127.0.0.1"] + remote)
            .map(shellQuote).joined(separator: " ")
        return "\(command); echo $? > \(shellQuote(statusFile)).tmp; mv \(shellQuote(statusFile)).tmp \(shellQuote(statusFile)); sleep 600"
    }
}

/// `iconchooser serve` on 127.0.0.1 and a free port, its stderr in a file, stopped with
/// SIGTERM (or killed if a test failed first).
final class ServeProcess {
    let pid: pid_t
    let port: Int
    let logFile: String
    let stateDir: String
    private var exited: Int32?

    init(_ arguments: [String], folder: TemporaryFolder, stateDir: String? = nil, name: String = "serve") throws {
        logFile = folder.url("\(name).log")
        self.stateDir = stateDir ?? folder.url("serve-state")
        let argv = [CLI.binary, "serve", "--listen", "127.0.0.1:0", "--state-dir", self.stateDir] + arguments
        pid = try spawnProgram(argv, environment: [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "XDG_STATE_HOME": folder.url("xdg"),
        ], stderr: logFile)
        var found: Int?
        var died: Int32?
        let (logFile, pid) = (logFile, pid)
        _ = eventually(timeout: 20) {
            let log = (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? ""
            if let match = log.firstMatch(of: /ssh -t -p ([0-9]+)/) { found = Int(match.output.1) }
            died = found == nil ? waitForExit(pid, timeout: 0) : nil
            return found != nil || died != nil
        }
        guard let found else {
            if died == nil {
                kill(pid, SIGKILL)
                _ = waitForExit(pid, timeout: 5)
            }
            throw StartFailed(log: (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "", status: died)
        }
        port = found
    }

    struct StartFailed: Error, CustomStringConvertible {
        let log: String
        let status: Int32?
        var description: String {
            "iconchooser serve did not start (\(status.map { "exit status \($0)" } ?? "no port within 20 s")); it said:\n\(log)"
        }
    }

    var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

    /// SIGTERM, then its exit status (nil if it did not exit within `timeout`).
    func stop(timeout: TimeInterval = 15) -> Int32? {
        if let exited { return exited }
        kill(pid, SIGTERM)
        exited = waitForExit(pid, timeout: timeout)
        return exited
    }

    /// The sessions' own processes (their command lines name this server's state folder).
    var sessionProcesses: [pid_t] { chooserProcesses(containing: stateDir).filter { $0 != pid } }

    deinit {
        if exited == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(pid, timeout: 5)
        }
    }
}

/// A real OpenSSH server (`sshd -D`) of the test's own: a free port on 127.0.0.1, a
/// throwaway host key, a throwaway authorized key and a config that reads nothing else.
/// It runs as whoever runs the tests and lets in only that user.
final class OpenSSHDaemon {
    static let sshd = "/usr/sbin/sshd"
    /// As root, sshd drops to its own unprivileged user before it reads a word from the
    /// network, and refuses to start without it; as anyone else it runs as that user.
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: sshd) && (getuid() != 0 || getpwnam("sshd") != nil)
    }
    /// Shared with `make bench` (bench/sections/ssh.sh).
    static let configTemplate = Repository.root.appendingPathComponent("Tests/EndToEndTests/sshd_config.template").path

    struct StartFailed: Error, CustomStringConvertible {
        let what: String
        var description: String { what }
    }

    let folder: TemporaryFolder
    let port: Int
    let pid: pid_t

    /// `forceCommand`: sshd's ForceCommand, run whatever the client asks for.
    init(folder: TemporaryFolder, authorizedKeys: String, forceCommand: String? = nil) throws {
        self.folder = folder
        if getuid() == 0 {
            // sshd wants its privilege-separation folder; a fresh machine that never started it has none.
            try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
        }
        let hostKey = folder.url("sshd/host_ed25519_key")
        try FileManager.default.createDirectory(atPath: folder.url("sshd"), withIntermediateDirectories: true)
        _ = try CLI.run(executable: SSHClient.keygen, ["-q", "-t", "ed25519", "-N", "", "-f", hostKey],
                        environment: ["PATH": "/usr/bin:/bin"])
        let keys = folder.write("sshd/authorized_keys", authorizedKeys)
        port = try freePort()
        let template = try String(contentsOfFile: Self.configTemplate, encoding: .utf8)
        let config = folder.write("sshd/sshd_config", template
            .replacingOccurrences(of: "@PORT@", with: "\(port)")
            .replacingOccurrences(of: "@HOST_KEY@", with: hostKey)
            .replacingOccurrences(of: "@AUTHORIZED_KEYS@", with: keys)
            + (forceCommand.map { "ForceCommand \($0)\n" } ?? ""))
        pid = try spawnProgram([Self.sshd, "-D", "-e", "-f", config], environment: ["PATH": "/usr/sbin:/usr/bin:/bin"],
                               stderr: folder.url("sshd/sshd.log"))
        let port = port
        guard eventually(timeout: 10, { canConnect(port: port) }) else {
            kill(pid, SIGKILL)
            _ = waitForExit(pid, timeout: 5)
            throw StartFailed(what: "sshd did not start: " + log)
        }
    }

    /// A server that lets in `key` (made in `folder`), and the client that logs in with it
    /// as the user running the tests.
    static func start(in folder: TemporaryFolder, key: String, forceCommand: String? = nil) throws -> (OpenSSHDaemon, SSHClient) {
        let keys = SSHClient(folder: folder, port: 0)
        let daemon = try OpenSSHDaemon(folder: folder, authorizedKeys: try keys.publicKeyLine(key), forceCommand: forceCommand)
        var client = SSHClient(folder: folder, port: daemon.port)
        client.user = NSUserName()
        return (daemon, client)
    }

    var log: String { (try? String(contentsOfFile: folder.url("sshd/sshd.log"), encoding: .utf8)) ?? "" }

    /// The listener and every session it forked, with whatever runs in them: a test that
    /// failed half-way leaves no sshd and no chooser behind.
    deinit {
        let sessions = descendants(of: pid)
        kill(pid, SIGTERM)
        for session in sessions { kill(session, SIGTERM) }
        if waitForExit(pid, timeout: 5) == nil {
            kill(pid, SIGKILL)
            _ = waitForExit(pid, timeout: 5)
        }
        if !eventually(timeout: 5, { sessions.allSatisfy { !isRunning($0) } }) {
            for session in sessions where isRunning(session) { kill(session, SIGKILL) }
        }
    }
}

/// A port nobody listens on now (bound to 0, read back, released).
func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    guard bound else { throw OpenSSHDaemon.StartFailed(what: "no free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
}

func canConnect(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
    }
}
