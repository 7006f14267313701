import Foundation

extension CLI {
    /// Runs the binary with a terminal as its stdout (util-linux `script` gives it a
    /// pseudo-terminal), as a person at a shell would; stdout and stderr arrive together,
    /// line ends as `\n`.
    func runOnTerminal(_ arguments: [String], environment extra: [String: String] = [:], timeout: TimeInterval = 30) throws -> Outcome {
        let command = ([Self.binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        let out = try Self.run(executable: "/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"],
                               environment: environment.merging(extra) { $1 }, timeout: timeout)
        return Outcome(status: out.status, stdout: out.stdout.replacingOccurrences(of: "\r\n", with: "\n"), stderr: out.stderr)
    }
}
