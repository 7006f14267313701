import Foundation

/// The Xcode projects an app path stands for, found and parsed on another thread while the
/// caller does something else (a command line parses its arguments; see
/// `AppOpener.prepare`), and then opened as most command lines ask: without a target,
/// project, configuration or define, which choose a target and its settings. Only the next
/// opening of that same path by the same `AppOpener` takes them, once: a later opening, or
/// one of another app, reads the files afresh, so nothing read ahead is trusted beyond the
/// opening it was read for.
final class ProjectReadAhead: @unchecked Sendable {
    /// One path's projects, being read or read.
    final class Entry: @unchecked Sendable {
        /// The `--app` path it was started for.
        let app: String
        /// The folders resolved reading ahead: the opening that takes the projects resolves on from them.
        let folders = ResolvedFolders()
        private let done = DispatchGroup()
        private let openingDone = DispatchGroup()
        private let lock = NSLock()
        /// Where `AppLocation` found the project (nil: the path is no project), the search from
        /// there, and each project found, by its bundle path.
        private var projectPath: String?
        private var search: Result<ProjectSearch, XcodeProjectError>?
        private var projects: [String: Result<XcodeProject, XcodeProjectError>] = [:]
        /// The project opened with the default options (see `opening(for:)`).
        private var opening: Result<OpenedApp, CatalogError>?

        init(app: String) {
            self.app = app
            done.enter()
            openingDone.enter()
        }

        /// The reading itself: what `ApplicationTargets.find` would read first, in its order,
        /// then the opening that most command lines ask for.
        func read() {
            defer { openingDone.leave() }
            guard let projectPath = readProjects() else { return }
            let opened = Result { () throws(CatalogError) in
                try ProjectOpener.open(projectPath, options: CatalogOptions(), readAhead: self, folders: folders)
            }
            lock.withLock { opening = opened }
        }

        /// The project's path, once its projects are read; nil when the app is no project.
        private func readProjects() -> String? {
            defer { done.leave() }
            guard case .xcodeProject(let projectPath)? = try? AppLocation.locate(app) else { return nil }
            let search = Result { () throws(XcodeProjectError) in try XcodeProjectLocator.find(projectPath, folders: folders) }
            var projects: [String: Result<XcodeProject, XcodeProjectError>] = [:]
            for path in (try? search.get())?.projects ?? [] where projects[path] == nil {
                let boundary = ReadBoundary.forProject(in: ProjectPaths.parent(path), app: projectPath, folders: folders)
                projects[path] = Result { () throws(XcodeProjectError) in try XcodeProject.read(path, boundary: boundary) }
            }
            lock.withLock {
                self.projectPath = projectPath
                self.search = search
                self.projects = projects
            }
            return projectPath
        }

        /// The search `XcodeProjectLocator.find(path)` makes, when it was made ahead for `path`.
        func search(at path: String) -> Result<ProjectSearch, XcodeProjectError>? {
            done.wait()
            return lock.withLock { projectPath == path ? search : nil }
        }

        /// The project `XcodeProject.read(path)` reads, when it was read ahead.
        func project(at path: String) -> Result<XcodeProject, XcodeProjectError>? {
            done.wait()
            return lock.withLock { projects[path] }
        }

        /// `OpenedApp.open(app, options:)`, when it was made ahead: for a project, and options
        /// that leave the target, project, configuration and settings to the defaults (which
        /// are all the opening of a project reads). Taken once.
        func opening(for options: CatalogOptions) -> Result<OpenedApp, CatalogError>? {
            guard options.target == nil, options.project == nil, options.configuration == nil, options.defines.isEmpty else {
                return nil
            }
            openingDone.wait()
            return lock.withLock {
                defer { opening = nil }
                return opening
            }
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
