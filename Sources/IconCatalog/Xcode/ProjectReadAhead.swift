import Foundation

/// The Xcode projects an app path stands for, found and parsed on another thread while the
/// caller does something else (a command line parses its arguments; see
/// `CatalogReader.prepare`). Only the next opening of that same path takes them, once: a
/// later opening, or one of another app, reads the files afresh, so nothing read ahead is
/// trusted beyond the opening it was read for.
final class ProjectReadAhead: @unchecked Sendable {
    static let shared = ProjectReadAhead()

    /// One path's projects, being read or read.
    final class Entry: @unchecked Sendable {
        /// The `--app` path it was started for.
        let app: String
        private let done = DispatchGroup()
        private let lock = NSLock()
        /// Where `AppLocation` found the project (nil: the path is no project), the search from
        /// there, and each project found, by its bundle path.
        private var projectPath: String?
        private var search: Result<ProjectSearch, XcodeProjectError>?
        private var projects: [String: Result<XcodeProject, XcodeProjectError>] = [:]

        init(app: String) {
            self.app = app
            done.enter()
        }

        /// The reading itself: what `ApplicationTargets.find` would read first, in its order.
        func read() {
            defer { done.leave() }
            guard case .xcodeProject(let projectPath)? = try? AppLocation.locate(app) else { return }
            let search = Result { () throws(XcodeProjectError) in try XcodeProjectLocator.find(projectPath) }
            var projects: [String: Result<XcodeProject, XcodeProjectError>] = [:]
            for path in (try? search.get())?.projects ?? [] where projects[path] == nil {
                projects[path] = Result { () throws(XcodeProjectError) in try XcodeProject.read(path) }
            }
            lock.withLock {
                self.projectPath = projectPath
                self.search = search
                self.projects = projects
            }
        }

        /// The search `XcodeProjectLocator.find(path)` makes, when it was made ahead for `path`.
        func search(at path: String) -> Result<ProjectSearch, XcodeProjectError>? {
            done.wait()
            return lock.withLock { projectPath == path ? search : nil }
        }

        /// The project `XcodeProject.read(path)` reads, when it was read ahead; taken once.
        func project(at path: String) -> Result<XcodeProject, XcodeProjectError>? {
            done.wait()
            return lock.withLock { projects.removeValue(forKey: path) }
        }
    }

    private let lock = NSLock()
    private var pending: Entry?

    /// Starts reading `app`'s projects on another thread, replacing any reading not yet taken.
    func begin(app: String) {
        let entry = Entry(app: app)
        lock.withLock { pending = entry }
        Thread.detachNewThread { entry.read() }
    }

    /// The reading started for `app`, if it is the one pending; any pending reading is dropped,
    /// so an opening of another app leaves nothing behind for later.
    func claim(app: String) -> Entry? {
        let entry = lock.withLock {
            defer { pending = nil }
            return pending
        }
        return entry?.app == app ? entry : nil
    }
}
