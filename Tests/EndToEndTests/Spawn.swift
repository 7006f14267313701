import Foundation

/// Starts a program the way a login shell would: no signals blocked, default handlers,
/// stdio from and to files. Not through Foundation's `Process`: the test runner's threads
/// block every signal and a child inherits that mask, so a server started by Process
/// never hears SIGTERM (and tmux never reaps its panes).
func spawnProgram(_ argv: [String], environment: [String: String],
                  stdin: String = "/dev/null", stdout: String = "/dev/null", stderr: String = "/dev/null") throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    var pid: pid_t = 0
    let spawned = withCStrings(argv) { cArgv in
        withCStrings(env) { cEnv in posix_spawn(&pid, argv[0], &actions, &attributes, cArgv, cEnv) }
    }
    guard spawned == 0 else { throw SpawnFailed(command: argv.joined(separator: " "), code: spawned) }
    return pid
}

struct SpawnFailed: Error, CustomStringConvertible {
    let command: String
    let code: Int32
    var description: String { "cannot start \(command)" + (code == 0 ? "" : ": \(String(cString: strerror(code)))") }
}

/// Waits up to `timeout` seconds for `pid` to exit; its status as a shell shows it, or nil on time-out.
func waitForExit(_ pid: pid_t, timeout: TimeInterval) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F) }
        if result < 0 { return nil }
        guard Date() < deadline else { return nil }
        usleep(10_000)
    }
}

/// Calls `body` with a NULL-terminated C array of the strings.
func withCStrings<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}

/// Live processes (not zombies) whose command line contains `marker`; with `executable`,
/// only those running that file (so a shell or an ssh client that names it is left out).
func processes(containing marker: String, executable: String? = nil) -> [pid_t] {
    let wanted = executable.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
    return allProcesses().compactMap { pid -> pid_t? in
        guard pid != getpid(),
              let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
              String(decoding: cmdline.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self).contains(marker),
              let status = processStatus(pid) else { return nil }
        if let wanted, (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) != wanted { return nil }
        return status.state == "Z" ? nil : pid
    }
}

/// Running `iconchooser` processes whose command line contains `marker`.
func chooserProcesses(containing marker: String) -> [pid_t] {
    processes(containing: marker, executable: CLI.binary)
}

/// Children of `parent` that have exited but were never reaped.
func zombieChildren(of parent: pid_t) -> [pid_t] {
    allProcesses().filter { processStatus($0).map { $0.state == "Z" && $0.parent == parent } ?? false }
}

/// Every process below `root` (its children, theirs, and so on) as /proc shows them now.
func descendants(of root: pid_t) -> [pid_t] {
    var children: [pid_t: [pid_t]] = [:]
    for pid in allProcesses() {
        if let status = processStatus(pid) { children[status.parent, default: []].append(pid) }
    }
    var found: [pid_t] = [], next = [root]
    while let parent = next.popLast() {
        let below = children[parent] ?? []
        found += below
        next += below
    }
    return found
}

/// Alive and not yet a zombie.
func isRunning(_ pid: pid_t) -> Bool {
    processStatus(pid).map { $0.state != "Z" } ?? false
}

private func allProcesses() -> [pid_t] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
}

/// The state letter and parent of a process, from /proc/PID/stat (after the name in
/// parentheses, which may itself hold spaces and parentheses).
private func processStatus(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
    return (state, parent)
}

/// Polls `condition` every 50 ms for up to `timeout` seconds.
func eventually(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(50_000)
    }
    return condition()
}

/// What one run of a program cost: its exit status (as a shell shows it), wall-clock time, CPU
/// time (user and system, which a busy machine does not inflate) and peak resident memory.
struct Measured {
    let status: Int32
    let seconds: Double
    let cpuSeconds: Double
    let peakMegabytes: Double
    let stdout: String
    let stderr: String
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

/// Runs `argv` under GNU time with stdout and stderr in files of `folder`; nil when it did not
/// end within `timeout` seconds. GNU time forks the program from its own small process: a child
/// spawned straight from the test runner reports the runner's resident memory as its own peak
/// (Linux carries the spawning address space's high-water mark across exec).
func measure(_ argv: [String], environment: [String: String], in folder: TemporaryFolder,
             timeout: TimeInterval = 120) throws -> Measured? {
    let out = folder.url("out-\(UUID().uuidString)"), err = folder.url("err-\(UUID().uuidString)")
    let cost = folder.url("err-cost-\(UUID().uuidString)")
    let pid = try spawnProgram([gnuTime, "-q", "-f", "%e %U %S %M", "-o", cost] + argv,
                               environment: environment, stdout: out, stderr: err)
    guard let status = waitForExit(pid, timeout: timeout) else {
        kill(pid, SIGKILL)
        _ = waitForExit(pid, timeout: 10)
        return nil
    }
    // The last line holds the figures; a line before it says when the program was killed by a signal.
    let report = (try? String(contentsOfFile: cost, encoding: .utf8)) ?? ""
    let figures = report.split(separator: "\n").last?.split(separator: " ").compactMap { Double($0) } ?? []
    guard figures.count == 4 else { throw MeasureFailed(report: report) }
    let text = { (path: String) in (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    return Measured(status: status, seconds: figures[0], cpuSeconds: figures[1] + figures[2],
                    peakMegabytes: figures[3] / 1024, stdout: text(out), stderr: text(err))
}

/// GNU time (apt package `time`, in the Makefile's list).
let gnuTime = "/usr/bin/time"

struct MeasureFailed: Error, CustomStringConvertible {
    let report: String
    var description: String { "GNU time wrote no figures: \(report.prefix(500))" }
}
