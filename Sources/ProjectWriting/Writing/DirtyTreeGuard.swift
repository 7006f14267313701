import FileAccess
import Foundation
import IconCatalog

/// Refuses an edit that would write over uncommitted work, as `cargo fix` does: where the app
/// lies in a git work tree, no file the edit changes or deletes may have uncommitted changes,
/// nor may git show anything where it creates one (an untracked file). Then `git diff` after
/// the edit shows the edit alone, and `git checkout` takes it back without taking the user's
/// own work with it. Without git, or outside a work tree, there is nothing to keep apart and
/// nothing is refused. git is asked as a subprocess, each question bounded in time.
package struct DirtyTreeGuard: Sendable {
    /// The folder git is asked from: the boundary the edit writes in.
    package let folder: String
    /// How long git may take over each question, in seconds.
    package var timeout = 10
    /// The folders git is looked for in, in order (`PATH`'s).
    package var searchPath: [String]

    /// Whether `GIT_DIR` names the repository, so that a folder with no `.git` above it may still be in one.
    let gitDirectorySet: Bool

    /// Files named in a refusal before "and N more".
    static let namedAtMost = 3

    /// git is looked for on `environment`'s `PATH`, as a shell would find it; and runs with the
    /// process's own environment, so `GIT_DIR` and the like mean what the user set them to.
    package init(folder: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.folder = folder
        gitDirectorySet = environment["GIT_DIR"] != nil
        searchPath = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }

    /// The guard for writing inside `boundary` (see `AppLayout.boundary(app:)`).
    package init(boundary: ReadBoundary) {
        self.init(folder: boundary.root)
    }

    /// Throws when a file `changes` touch has uncommitted changes.
    package func check(_ changes: [FileChange]) throws(DirtyTreeError) {
        guard let dirty = try uncommitted(changes.map(\.path)), !dirty.files.isEmpty else { return }
        throw DirtyTreeError(workTree: dirty.workTree, kind: .uncommittedChanges(dirty.files))
    }

    /// What git shows of `paths` (absolute, or relative to `folder`): each path it lists, from
    /// the top of the work tree, in its order; nil when git is not installed or `folder` is
    /// not in a work tree.
    package func uncommitted(_ paths: [String]) throws(DirtyTreeError) -> (workTree: String, files: [String])? {
        // No `.git` above the folder and no GIT_DIR: no work tree, and no git to start (a few
        // milliseconds of an edit that is a few tens).
        guard gitDirectorySet || ReadBoundary.workTreeTop(above: folder) != nil else { return nil }
        guard let git = searchPath.lazy.map({ ProjectPaths.join($0, "git") }).first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        guard let location = try run(git, ["rev-parse", "--is-inside-work-tree", "--show-toplevel"]),
              location.status == 0 else { return nil }
        let lines = String(decoding: location.output, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.first == "true", lines.count >= 2 else { return nil }
        let top = lines[1]
        guard !paths.isEmpty else { return (top, []) }
        let specs = paths.map { ProjectPaths.lexicallyInside($0, folder: folder) ? ProjectPaths.relative($0, to: folder) : $0 }
        let arguments = ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--"] + specs
        guard let status = try run(git, arguments) else { return nil }
        guard status.status == 0 else {
            let said = String(decoding: status.errors, as: UTF8.self).split(separator: "\n").first.map(String.init)
            throw DirtyTreeError(workTree: top, kind: .gitFailed(command: "git status", reason: said ?? "exit status \(status.status)"))
        }
        return (top, Self.paths(ofPorcelain: status.output))
    }

    /// The paths of `git status --porcelain=v1 -z`: one `XY path` entry per file, each ended
    /// by a NUL; a rename or copy is followed by the path it came from, which is not listed.
    static func paths(ofPorcelain output: Data) -> [String] {
        var paths: [String] = []
        var skipNext = false
        for entry in output.split(separator: 0, omittingEmptySubsequences: true) {
            if skipNext {
                skipNext = false
                continue
            }
            let bytes = Array(entry)
            guard bytes.count > 3, bytes[2] == UInt8(ascii: " ") else { continue }
            paths.append(String(decoding: bytes[3...], as: UTF8.self))
            skipNext = bytes[0] == UInt8(ascii: "R") || bytes[0] == UInt8(ascii: "C")
        }
        return paths
    }

    /// Runs git in `folder` with `arguments`, in the C locale, with no pager, paths unquoted,
    /// taking no lock a running git would trip over; reads its output while it runs (a full pipe
    /// would stop it), and ends it past `timeout`. Nil when it cannot be started.
    private func run(_ git: String, _ arguments: [String]) throws(DirtyTreeError) -> BoundedProcess.Outcome? {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C"
        environment["GIT_PAGER"] = "cat"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        do {
            return try BoundedProcess.run(git, ["--no-pager", "-c", "core.quotepath=off", "--literal-pathspecs", "-C", folder] + arguments,
                                        environment: environment, timeoutSeconds: timeout)
        } catch {
            switch error {
            case .notStarted: return nil
            case .timedOut(let seconds):
                throw DirtyTreeError(workTree: folder, kind: .gitTimedOut(command: "git " + (arguments.first ?? ""), seconds: seconds))
            }
        }
    }
}

/// Why an edit was not written over a dirty work tree. Nothing was written.
package struct DirtyTreeError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Kind: Equatable, Sendable {
        /// Files the edit touches have uncommitted changes (or are untracked where it
        /// creates them): every one, from the work tree's top.
        case uncommittedChanges([String])
        /// git did not answer within the time allowed.
        case gitTimedOut(command: String, seconds: Int)
        /// git failed: what was asked, and the first line it said.
        case gitFailed(command: String, reason: String)
    }

    /// The top of the work tree (or the folder git was asked from).
    package let workTree: String
    package let kind: Kind

    package init(workTree: String, kind: Kind) {
        self.workTree = workTree
        self.kind = kind
    }

    package var description: String { description(writingAnyway: nil) }

    /// The message, ending with how to write all the same where the caller offers a way
    /// (`"give --allow-dirty"`).
    package func description(writingAnyway: String?) -> String {
        let anyway = writingAnyway.map { ", or \($0) to write all the same" } ?? ""
        switch kind {
        case .uncommittedChanges(let files):
            let named = files.prefix(DirtyTreeGuard.namedAtMost).joined(separator: ", ")
            let more = files.count > DirtyTreeGuard.namedAtMost ? " and \(files.count - DirtyTreeGuard.namedAtMost) more" : ""
            let verb = files.count == 1 ? "has" : "have"
            return "\(named)\(more) \(verb) uncommitted changes in the git work tree \(workTree); commit or stash \(files.count == 1 ? "it" : "them") first\(anyway)"
        case .gitTimedOut(let command, let seconds):
            return "\(workTree): \(command) did not answer within \(seconds) s, so uncommitted changes cannot be ruled out; nothing was written"
                + (writingAnyway.map { " (\($0) to write all the same)" } ?? "")
        case .gitFailed(let command, let reason):
            return "\(workTree): \(command) failed (\(reason)), so uncommitted changes cannot be ruled out; nothing was written"
                + (writingAnyway.map { " (\($0) to write all the same)" } ?? "")
        }
    }
}
