import Foundation
import Testing

/// `iconchooser serve`, driven with the real OpenSSH client (`ssh`, not a library) inside tmux.
@Suite(.enabled(if: SSHClient.isAvailable && Tmux.isAvailable,
                "ssh, ssh-keygen or tmux is not installed (make test installs openssh-client and tmux)"))
struct ServeTests {
    let folder = TemporaryFolder()

    /// A server that lets in the keys of `users` (their public keys in an authorized_keys file).
    private func serve(users: [String], _ extra: [String] = [], stateDir: String? = nil,
                       name: String = "serve") throws -> (ServeProcess, SSHClient) {
        let keys = SSHClient(folder: folder, port: 0)
        let lines = try users.map { try keys.publicKeyLine($0) }.joined()
        let authorized = folder.write("authorized_keys", lines)
        let server = try ServeProcess(["--authorized-keys", authorized] + extra, folder: folder, stateDir: stateDir, name: name)
        return (server, SSHClient(folder: folder, port: server.port))
    }

    private func window(_ client: SSHClient, key: String, remote: [String] = [], width: Int = 100, height: Int = 30)
        throws -> (tmux: Tmux, status: String) {
        let status = folder.url("status-\(UUID().uuidString)")
        let tmux = try Tmux(command: try client.interactive(key: key, remote: remote, statusFile: status),
                            width: width, height: height, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        return (tmux, status)
    }

    /// SSH carries no COLORTERM, so over `serve` the chooser learns that the visitor's terminal
    /// takes 24-bit colours from its answers: a client whose terminal answers as kitty does
    /// (XTVERSION) sees the focus plate, and everything after, in 24-bit colour though TERM
    /// says 256. The terminal is a script that answers, and keeps what the chooser wrote.
    @Test func aVisitorsTerminalThatAnswersAsKittyGets24BitColour() throws {
        let (server, client) = try serve(users: ["alice"])
        let plate = "48:2::10:132:255"  // the focus plate's blue, as xterm-direct writes it
        let ssh = [SSHClient.ssh, "-tt"] + (try client.options(key: "alice")) + ["\(client.user)@127.0.0.1"]
        let (status, written) = try AnsweringTerminal.run(ssh, until: plate, keys: "q", in: folder, environment: [
            "PATH": "/usr/bin:/bin", "HOME": folder.path, "LANG": "C.UTF-8", "TERM": "xterm-256color"])
        #expect(status == 0, "\(written.suffix(400).debugDescription)")
        // The first frame, before any answer, in 256 colours; the plate in 24-bit after kitty's answer.
        let firstPlate = try #require(written.range(of: "48;5;"), "no 256-colour code before the answers")
        let upgraded = try #require(written.range(of: plate), "the plate never came in 24-bit colour")
        #expect(firstPlate.lowerBound < upgraded.lowerBound)
        #expect(server.stop() == 0)
    }

    @Test func refusesToStartWithoutBeingToldWhoMayLogIn() throws {
        let outcome = try CLI().run(["serve", "--listen", "127.0.0.1:0"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--authorized-keys") && outcome.stderr.contains("--allow-anyone"))
        let both = try CLI().run(["serve", "--allow-anyone", "--authorized-keys", "/dev/null"])
        #expect(both.status == 64)
    }

    @Test func connectNavigateApplyLeaveAndTheChoiceOutlivesARestart() throws {
        let stateDir = folder.url("state")
        var (server, client) = try serve(users: ["alice"], stateDir: stateDir)
        #expect(server.log.contains("(ED25519)") && server.log.contains("(new)"))
        let hostKey = stateDir + "/host_ed25519_key"
        var info = stat()
        #expect(stat(hostKey, &info) == 0 && info.st_mode & 0o777 == 0o600)

        let (tmux, status) = try window(client, key: "alice")
        try tmux.waitFor(text: "black-multi", timeout: 30)
        #expect(try tmux.screen().contains { $0.contains("App Icon") && $0.contains("Colourful") })
        try tmux.send("Right")
        try tmux.send("Enter")
        try tmux.waitFor(text: "You have changed the icon for", timeout: 15)
        try tmux.send("Enter")
        try tmux.waitFor("the alert dismissed") { !$0.contains { $0.contains("You have changed") } }
        // The client's window change reaches the chooser, which re-wraps the grid.
        try tmux.resize(width: 44, height: 30)
        try tmux.waitFor("the grid re-wrapped") { screen in
            !screen.contains { $0.contains("Default") && $0.contains("black-multi") } && screen.contains { $0.contains("black-white") }
        }
        try tmux.send("q")
        #expect(try tmux.waitForFile(status) == "0\n")
        #expect(try client.run(key: "alice", ["current"]).stdout == "black-white\n")
        // One log line for the session: who (the key's fingerprint, as ssh-keygen shows it), from where, what.
        let fingerprint = try CLI.run(executable: SSHClient.keygen, ["-l", "-f", try client.key("alice") + ".pub"],
                                      environment: [:]).stdout.split(separator: " ")[1]
        let line = try #require(server.log.split(separator: "\n").first { $0.contains("kind=chooser") })
        #expect(line.contains("user=\(fingerprint) address=127.0.0.1:"))
        // TERM is the pane's (tmux sets its own); the size is the last the client reported.
        #expect(line.contains(/\ term=(tmux|screen|xterm)[a-z0-9.+-]* size=44x30 duration=[0-9.]+s status=0$/))

        // Restart: the same host key (the saved known_hosts is enforced), the same choice.
        #expect(server.stop() == 0)
        (server, client) = try serve(users: ["alice"], stateDir: stateDir, name: "serve-again")
        #expect(!server.log.contains("(new)"))
        let current = try client.run(key: "alice", ["current"], strict: true)
        #expect(current.status == 0, "ssh said: \(current.stderr)")
        #expect(current.stdout == "black-white\n")
        #expect(server.stop() == 0)
    }

    /// The client's window in pixels (its `pty-req`, then each `window-change`) reaches the
    /// chooser's terminal, as its help shows: a tmux pane reports 16×32-pixel cells.
    @Test func theClientsPixelSizeReachesTheChooser() throws {
        let (server, client) = try serve(users: ["alice"])
        let (tmux, status) = try window(client, key: "alice")
        try tmux.waitFor(text: "black-multi", timeout: 30)
        try tmux.send("?")
        try tmux.waitFor("the help with the cell size") { $0.joined(separator: " ").contains("cells 16×32 px") }
        try tmux.send("?")
        try tmux.resize(width: 44, height: 30)
        try tmux.waitFor("the grid re-wrapped") { screen in
            !screen.contains { $0.contains("Default") && $0.contains("black-multi") } && screen.contains { $0.contains("black-white") }
        }
        try tmux.send("?")
        try tmux.waitFor("the help with the cell size after the resize") { $0.joined(separator: " ").contains("cells 16×32 px") }
        try tmux.send("?", "q")
        #expect(try tmux.waitForFile(status) == "0\n")
        #expect(server.stop() == 0)
    }

    /// A visitor's chooser changes no files (`--no-fix`): its help lists no fix key.
    @Test func aVisitorsHelpListsNoFixKey() throws {
        let (server, client) = try serve(users: ["alice"])
        let (tmux, status) = try window(client, key: "alice")
        try tmux.waitFor(text: "black-multi", timeout: 30)
        try tmux.send("?")
        let help = try tmux.waitFor("the help") { $0.contains { $0.contains("close this help") } }
        #expect(help.contains { $0.contains("details (files, lint)") })
        #expect(!help.contains { $0.contains("fix what lint found") })
        try tmux.send("?", "q")
        #expect(try tmux.waitForFile(status) == "0\n")
        #expect(server.stop() == 0)
    }

    @Test func tenVisitorsAtOnceKeepTheirOwnChoicesAndVanishingLeavesNoProcess() throws {
        let users = (0..<10).map { "user\($0)" }
        // Ten visitors from one address open 30 connections in a few seconds: more than the default allows.
        let (server, client) = try serve(users: users, ["--connections-per-minute", "120"])
        let names = ["black-white", "white-black", "multi-black", "black-multi"]
        let windows = try users.map { try window(client, key: $0, width: 100, height: 30) }
        for (index, window) in windows.enumerated() {
            try window.tmux.waitFor(text: "black-multi", timeout: 60)
            for _ in 0...(index % names.count) { try window.tmux.send("Right") }
            try window.tmux.send("Enter")
        }
        for window in windows {
            try window.tmux.waitFor(text: "You have changed the icon for", timeout: 30)
        }
        for (index, user) in users.enumerated() {
            let current = try client.run(key: user, ["current"])
            let expected = names[index % names.count] + "\n"
            #expect(current.stdout == expected, "\(user): \(current.stderr)")
        }
        // Kill every client mid-session: within 2 seconds no chooser is left, and no zombie.
        #expect(server.sessionProcesses.count == 10)
        for window in windows {
            let pane = try window.tmux.panePID()
            let ssh = ChooserTmuxTests.child(of: pane) ?? pane
            kill(ssh, SIGKILL)
        }
        let gone = eventually(timeout: 2) { server.sessionProcesses.isEmpty && zombieChildren(of: server.pid).isEmpty }
        #expect(gone, "still running: \(server.sessionProcesses); zombies: \(zombieChildren(of: server.pid))")
        for (index, user) in users.enumerated() {
            let current = try client.run(key: user, ["current"])
            let expected = names[index % names.count] + "\n"
            #expect(current.stdout == expected, "\(user) after the kill: \(current.stderr)")
        }
        #expect(server.stop() == 0)
        #expect(server.log.components(separatedBy: "kind=chooser").count - 1 == 10)
    }

    @Test func anUnknownKeyAndPasswordsAreRefused() throws {
        let (server, client) = try serve(users: ["alice"])
        _ = try client.key("mallory")
        let refused = try client.run(key: "mallory", ["list"])
        #expect(refused.status == 255)
        #expect(refused.stderr.contains("Permission denied (publickey)"))
        let password = try client.run(key: "mallory", ["list"], extra: [
            "-o", "PreferredAuthentications=password,keyboard-interactive", "-o", "PubkeyAuthentication=no"])
        #expect(password.status == 255)
        #expect(password.stderr.contains("Permission denied (publickey)"))
        #expect(server.log.contains("refused key SHA256:"))
        #expect(server.stop() == 0)
    }

    @Test func commandsWithoutATerminalAndWhatIsRefused() throws {
        let (server, client) = try serve(users: ["alice"])
        let list = try client.run(key: "alice", ["list"])
        #expect(list.status == 0)
        #expect(list.stdout.hasPrefix("\t\ttrue\t") && list.stdout.contains("\nblack-multi\t4\tfalse\t"))
        let json = try client.run(key: "alice", ["list", "--json"])
        #expect(try jsonObject(json.stdout)["icons"] != nil)

        // The client's locale decides the character set (LANG=C: ASCII), whatever locales exist here.
        // On a terminal (`-tt`), where list prints its table.
        let ascii = try client.run(key: "alice", ["list"], extra: ["-tt", "-o", "SendEnv=LANG"], lang: "C")
        #expect(ascii.stdout.contains("* Default") && !ascii.stdout.contains("✓"))
        let utf8 = try client.run(key: "alice", ["list"], extra: ["-tt", "-o", "SendEnv=LANG"], lang: "en_US.UTF-8")
        #expect(utf8.stdout.contains("✓ Default"))

        let noTerminal = try client.run(key: "alice", [], extra: ["-T"])
        #expect(noTerminal.status == 1)
        #expect(noTerminal.stderr.contains("this demo needs a terminal: ssh -t"))

        let marker = folder.url("must-not-exist")
        let rm = try client.run(key: "alice", ["touch", marker, ";", "rm", "-rf", "/"])
        #expect(rm.status == 126)
        #expect(rm.stderr.contains("is not allowed"))
        #expect(!FileManager.default.fileExists(atPath: marker))

        let unknown = try client.run(key: "alice", ["set", "no-such-icon"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no-such-icon"))
        #expect(try client.run(key: "alice", ["set", "white-black"]).status == 0)
        #expect(try client.run(key: "alice", ["current"]).stdout == "white-black\n")
        #expect(try client.run(key: "alice", ["set", "--primary"]).status == 0)
        #expect(try client.run(key: "alice", ["current"]).stdout == "\n")
        #expect(server.stop() == 0)
    }

    @Test func oneSessionTooManyIsToldTheServerIsBusy() throws {
        let (server, client) = try serve(users: ["alice", "bob"], ["--max-sessions", "1"])
        let (tmux, _) = try window(client, key: "alice")
        try tmux.waitFor(text: "black-multi", timeout: 30)
        let busy = try client.run(key: "bob", ["list"])
        #expect(busy.status == 1)
        #expect(busy.stderr.contains("server busy"))
        try tmux.send("q")
        #expect(eventually(timeout: 10) { server.sessionProcesses.isEmpty })
        #expect(try client.run(key: "bob", ["list"]).status == 0)
        #expect(server.stop() == 0)
    }

    @Test func oneAddressOpeningTooManyConnectionsIsHeldBack() throws {
        let (server, client) = try serve(users: ["alice"], ["--connections-per-minute", "3"])
        let outcomes = try (0..<5).map { _ in try client.run(key: "alice", ["current"]) }
        #expect(outcomes.prefix(3).allSatisfy { $0.status == 0 })
        #expect(outcomes.suffix(2).allSatisfy { $0.status == 255 })
        #expect(server.log.contains("too many connections from it"))
        #expect(server.stop() == 0)
    }

    @Test func sigtermEndsSessionsWithAMessageAndExitsZero() throws {
        let (server, client) = try serve(users: ["alice"])
        let (tmux, status) = try window(client, key: "alice")
        try tmux.waitFor(text: "black-multi", timeout: 30)
        #expect(server.stop() == 0)
        try tmux.waitFor(text: "shutting down", timeout: 10)
        #expect(try tmux.waitForFile(status) == "129\n")
        #expect(server.sessionProcesses.isEmpty)
        #expect(server.log.contains("SIGTERM"))
    }

    @Test func anIdleSessionIsClosedWithAMessage() throws {
        let (server, client) = try serve(users: ["alice"], ["--idle-timeout", "2"])
        let (tmux, status) = try window(client, key: "alice")
        try tmux.waitFor(text: "black-multi", timeout: 30)
        try tmux.waitFor(text: "closed after 2 s without input", timeout: 15)
        #expect(try tmux.waitForFile(status) == "129\n")
        #expect(server.stop() == 0)
    }

    @Test func anyoneMayComeInWithAllowAnyoneAndTheSharedStateIsShared() throws {
        let keys = SSHClient(folder: folder, port: 0)
        _ = try keys.key("carol")
        _ = try keys.key("dave")
        let shared = folder.url("shared.json")
        let server = try ServeProcess(["--allow-anyone", "--shared-state", "--state", shared], folder: folder)
        let client = SSHClient(folder: folder, port: server.port)
        #expect(try client.run(key: "carol", ["set", "multi-black"]).status == 0)
        #expect(try client.run(key: "dave", ["current"]).stdout == "multi-black\n")
        #expect(FileManager.default.fileExists(atPath: shared))
        #expect(server.stop() == 0)
    }
}
