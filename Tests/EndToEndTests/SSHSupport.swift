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
