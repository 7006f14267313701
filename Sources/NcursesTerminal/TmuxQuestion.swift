import FileAccess
import Foundation
import SystemPackage
import TerminalDetection

/// Asks tmux itself whether it passes control strings through to the terminal outside
/// (`allow-passthrough`), its version and its client's TERM: `tmux show` and `tmux display`
/// in one run of the tmux client, which finds the server through `TMUX`.
enum TmuxQuestion {
    /// How long tmux may take before the answer counts as unknown.
    static let timeoutMilliseconds = 1000

    static func ask(environment: [String: String]) -> TmuxReport {
        let arguments = ["tmux"] + TmuxReport.arguments(pane: environment["TMUX_PANE"] ?? "")
        switch run(arguments, environment: environment) {
        case .success(let (status, output, errors)):
            return TmuxReport(output: output, exitStatus: status, errors: errors)
        case .failure(let problem):
            return TmuxReport(passthrough: .unknown(problem.description))
        }
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a program found on PATH and collects its output, killing it after the timeout.
    /// posix_spawn rather than Foundation's Process, whose exit waiter would also watch the
    /// terminal's descriptors.
    private static func run(_ arguments: [String], environment: [String: String]) -> Result<(Int32, String, String), Problem> {
        var output: [Int32] = [], errors: [Int32] = []
        do throws(SystemCallError) {
            let first = try Descriptors.pipe()
            output = [first.read, first.write]
            let second = try Descriptors.pipe()
            errors = [second.read, second.write]
        } catch {
            output.forEach { close($0) }
            return .failure(Problem(description: "cannot start tmux (\(error.call))"))
        }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        for descriptor in [output[0], output[1], errors[0], errors[1]] {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let started = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard started == 0 else {
            return .failure(Problem(description: "cannot start tmux: \(Errno(rawValue: started).message)"))
        }
        let deadline = Monotonic.milliseconds() + timeoutMilliseconds
        var collected: [Int32: [UInt8]] = [output[0]: [], errors[0]: []]
        var open = [output[0], errors[0]]
        while !open.isEmpty {
            let remaining = deadline - Monotonic.milliseconds()
            var sources = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = remaining > 0 ? (try? systemCall("poll") { poll(&sources, nfds_t(sources.count), Int32(remaining)) }) ?? -1 : 0
            guard ready > 0 else {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                _ = try? systemCall("waitpid") { waitpid(pid, &status, 0) }
                return .failure(Problem(description: "tmux did not answer within \(timeoutMilliseconds) ms"))
            }
            for source in sources where source.revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = (try? systemCall("read") { chunk.withUnsafeMutableBytes { read(source.fd, $0.baseAddress, $0.count) } }) ?? 0
                if count > 0, collected[source.fd, default: []].count < 65536 {
                    collected[source.fd, default: []] += chunk[..<count]
                } else if count <= 0 {
                    open.removeAll { $0 == source.fd }
                }
            }
        }
        var status: Int32 = 0
        _ = try? systemCall("waitpid") { waitpid(pid, &status, 0) }
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return .success((exitStatus, String(decoding: collected[output[0]] ?? [], as: UTF8.self),
                         String(decoding: collected[errors[0]] ?? [], as: UTF8.self)))
    }
}
