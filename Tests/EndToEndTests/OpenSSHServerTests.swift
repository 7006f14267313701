import Foundation
import Testing

/// The chooser run through `ssh -tt host iconchooser` under a real OpenSSH server: it must
/// behave as it does locally, over a slow link too, and end when the client is killed.
@Suite(.enabled(if: OpenSSHDaemon.isAvailable && SSHClient.isAvailable && Tmux.isAvailable,
                "needs sshd, ssh and tmux (make test installs openssh-server, openssh-client and tmux), and as root sshd's user"))
struct OpenSSHServerTests {
    let folder = TemporaryFolder()

    private func start(forceCommand: String? = nil) throws -> (OpenSSHDaemon, SSHClient) {
        try OpenSSHDaemon.start(in: folder, key: "tester", forceCommand: forceCommand)
    }

    /// The remote command line: the chooser on the demo with a state file of the test's own.
    private func chooserCommand(state: String) -> [String] {
        [[CLI.binary, "--app", Repository.demoPlist, "--state", state].map(shellQuote).joined(separator: " ")]
    }

    private func open(_ client: SSHClient, state: String, extra: [String] = []) throws -> (tmux: Tmux, status: String) {
        let status = folder.url("status-\(UUID().uuidString)")
        let command = try client.interactive(key: "tester", remote: chooserCommand(state: state),
                                             extra: ["-o", "SendEnv=LANG"] + extra, statusFile: status)
        let tmux = try Tmux(command: command, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        return (tmux, status)
    }

    private func current(_ state: String) throws -> String {
        try CLI().run(["current", "--state", state]).stdout
    }

    @Test func theChooserBehavesAsItDoesLocally() throws {
        let (daemon, client) = try start()
        let state = folder.url("choice.json")
        let (tmux, status) = try open(client, state: state)
        try tmux.waitFor(text: "black-multi", timeout: 30)
        #expect(try tmux.screen().contains { $0.contains("App Icon") && $0.contains("Colourful") })
        #expect(try tmux.screen().contains { $0.contains("✓") }, "UTF-8 over SSH (LANG sent and accepted)")
        try tmux.send("?")
        try tmux.waitFor("the help") { $0.joined().contains("Home") }
        try tmux.send("Escape")
        try tmux.waitFor("the help closed") { !$0.joined().contains("Home") }
        try tmux.send("Right")
        try tmux.send("Enter")
        try tmux.waitFor(text: "You have changed the icon for")
        try tmux.send("Escape")
        try tmux.waitFor("the alert dismissed by Esc") { !$0.contains { $0.contains("You have changed") } }
        try tmux.resize(width: 44, height: 30)
        try tmux.waitFor("the grid re-wrapped after the client's window change") { screen in
            !screen.contains { $0.contains("Default") && $0.contains("black-multi") } && screen.contains { $0.contains("black-white") }
        }
        try tmux.send("q")
        #expect(try tmux.waitForFile(status) == "0\n")
        #expect(try current(state) == "black-white\n")

        // Reopened, it starts on the stored choice.
        let (again, againStatus) = try open(client, state: state)
        try again.waitFor(text: "black-multi", timeout: 30)
        try again.send("Enter")  // the focused icon is the current one: nothing to apply, no alert
        try again.send("q")
        #expect(try again.waitForFile(againStatus) == "0\n")
        #expect(try current(state) == "black-white\n")
        _ = daemon
    }

    @Test func asAForceCommandEveryLoginLandsInTheChooser() throws {
        let state = folder.url("choice.json")
        let (daemon, client) = try start(forceCommand: chooserCommand(state: state)[0])
        let status = folder.url("status")
        let tmux = try Tmux(command: try client.interactive(key: "tester", extra: ["-o", "SendEnv=LANG"], statusFile: status),
                            environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
        try tmux.waitFor(text: "black-multi", timeout: 30)
        try tmux.send("End")
        try tmux.send("Enter")
        try tmux.waitFor(text: "You have changed the icon for")
        try tmux.send("Enter")
        try tmux.send("q")
        #expect(try tmux.waitForFile(status) == "0\n")
        #expect(try current(state) == "black-multi\n")
        _ = daemon
    }

    @Test func overASlowLinkArrowsAndEscStillWork() throws {
        let (daemon, client) = try start()
        let state = folder.url("choice.json")
        let proxy = Repository.root.appendingPathComponent("Tests/EndToEndTests/slow-link.py").path
        let (tmux, status) = try open(client, state: state, extra: [
            "-o", "ProxyCommand=python3 \(proxy) 127.0.0.1 \(daemon.port) 0.15"])
        try tmux.waitFor(text: "black-multi", timeout: 40)
        try tmux.send("Right")
        try tmux.send("Right")
        try tmux.send("Down")
        try tmux.send("Up")
        try tmux.send("Enter")
        try tmux.waitFor(text: "You have changed the icon for", timeout: 15)
        try tmux.send("Escape")
        try tmux.waitFor("the alert dismissed by Esc", timeout: 15) { !$0.contains { $0.contains("You have changed") } }
        #expect(try current(state) == "white-black\n")
        try tmux.send("q")
        #expect(try tmux.waitForFile(status, timeout: 20) == "0\n")
    }

    @Test func whenTheClientIsKilledTheChooserEndsWithinTwoSecondsAndTheStateIsWhole() throws {
        let (daemon, client) = try start()
        let state = folder.url("choice.json")
        let (tmux, _) = try open(client, state: state)
        try tmux.waitFor(text: "black-multi", timeout: 30)
        try tmux.send("End")
        try tmux.send("Enter")
        try tmux.waitFor(text: "You have changed the icon for")
        #expect(chooserProcesses(containing: state).count == 1, "the chooser runs under sshd")
        let pane = try tmux.panePID()
        let ssh = try #require(ChooserTmuxTests.child(of: pane))
        kill(ssh, SIGKILL)
        let gone = eventually(timeout: 2) { chooserProcesses(containing: state).isEmpty }
        #expect(gone, "still running: \(chooserProcesses(containing: state))")
        let saved = try #require(FileManager.default.contents(atPath: state))
        let object = try JSONSerialization.jsonObject(with: saved) as? [String: Any]
        #expect(object?["alternateIconName"] as? String == "black-multi")
        _ = daemon
    }
}
