import Foundation

/// An iOS application target as a chooser of targets lists it.
package struct ApplicationTarget: Sendable, Equatable {
    /// The `.xcodeproj` bundle holding it.
    package let projectPath: String
    /// The project's name (`PROJECT_NAME`).
    package let projectName: String
    /// The target's name (`TARGET_NAME`).
    package let name: String
    /// `PRODUCT_BUNDLE_IDENTIFIER` in `configuration`, expanded.
    package let bundleIdentifier: String?
    /// The configuration the identifier was read for (see `XcodeTarget.preferredConfiguration`).
    package let configuration: String
    /// Every configuration the target has, in the project's order.
    package let configurations: [String]
    /// `defaultConfigurationName` of the target's configuration list.
    package let defaultConfiguration: String?
}

extension XcodeProject {
    /// The target's settings, Info.plist and icon resources for `configuration` (nil: the
    /// target's `Release`, else its default configuration). `defines` (`--define`) override
    /// every level. Throws when the target is missing, is not an iOS application, or has
    /// no such configuration, or when its xcconfig files include each other.
    package func resolve(target name: String, configuration: String? = nil,
                         defines: [String: String] = [:]) throws(XcodeProjectError) -> ResolvedTarget {
        try resolve(target: name, configuration: configuration, defines: defines, evaluated: nil)
    }

    /// The target's build settings in `configuration`, evaluated as `resolve` evaluates them,
    /// without looking at its Info.plist or resources.
    package func buildSettings(target name: String, configuration: String) throws(XcodeProjectError) -> BuildSettings {
        try TargetScope(project: self, target: self.target(named: name), configuration: configuration, defines: [:]).settings
    }

    /// `resolve`, reusing `evaluated` (the target's settings as listing it evaluated them)
    /// when it is for the configuration asked for.
    func resolve(target name: String, configuration: String?, defines: [String: String],
                 evaluated: TargetScope?) throws(XcodeProjectError) -> ResolvedTarget {
        let target = try self.target(named: name)
        guard target.isApplication else {
            throw .notAnIOSApplication(path: path, target: name, reason: "its product type is \(target.productType ?? "none")")
        }
        let scope: TargetScope
        if let evaluated, evaluated.configuration == (configuration ?? target.preferredConfiguration) {
            scope = evaluated
        } else {
            scope = try TargetScope(project: self, target: target, configuration: configuration, defines: defines)
        }
        if case .other(let reason) = scope.platform {
            throw .notAnIOSApplication(path: path, target: name, reason: reason)
        }
        return ResolvedTarget(project: self, target: target, scope: scope, resources: TargetResources.of(target, in: self))
    }

    /// The project's iOS application targets, each with its bundle identifier in
    /// `configuration` where it has one (else in its preferred configuration). Targets
    /// whose settings cannot be read are left out with a warning.
    package func iOSApplicationTargets(configuration: String? = nil, defines: [String: String] = [:])
        -> (targets: [ApplicationTarget], warnings: [CatalogWarning]) {
        let found = evaluatedApplicationTargets(configuration: configuration, defines: defines)
        return (found.targets.map(\.target), found.warnings)
    }

    /// `iOSApplicationTargets` with the settings evaluated for each (to be reused when the
    /// target is read), only of the targets called `name` when one is given.
    func evaluatedApplicationTargets(configuration: String?, defines: [String: String], named name: String? = nil)
        -> (targets: [(target: ApplicationTarget, scope: TargetScope)], warnings: [CatalogWarning],
            failures: [ApplicationTargets.Failure]) {
        var targets: [(target: ApplicationTarget, scope: TargetScope)] = []
        var failures: [ApplicationTargets.Failure] = []
        var warnings = self.warnings
        // Each target's settings (and xcconfig files) are read on its own core; the targets and
        // warnings are taken in the project's order.
        let candidates = applicationTargets.filter { name == nil || $0.name == name }
        let evaluated = candidates.concurrentMap { target in
            Result { () throws(XcodeProjectError) -> TargetScope in
                let chosen = configuration.flatMap { target.configurations.contains($0) ? $0 : nil }
                return try TargetScope(project: self, target: target, configuration: chosen, defines: defines)
            }
        }
        for (target, result) in zip(candidates, evaluated) {
            let scope: TargetScope
            switch result {
            case .success(let value): scope = value
            case .failure(let error):
                warnings.appendUnique([CatalogWarning(subject: path, message: error.description, code: .unreadableTarget)])
                failures.append(ApplicationTargets.Failure(target: target.name, error: error))
                continue
            }
            guard scope.platform == .iOS else { continue }
            warnings.appendUnique(scope.warnings)
            targets.append((ApplicationTarget(
                projectPath: path, projectName: self.name, name: target.name, bundleIdentifier: scope.bundleIdentifier,
                configuration: scope.configuration, configurations: target.configurations,
                defaultConfiguration: target.defaultConfiguration), scope))
        }
        return (targets, warnings.capped(), failures)
    }
}

/// Every iOS application target of the Xcode projects a path stands for (a project, a
/// workspace, or a folder holding them), and the choice of one.
package struct ApplicationTargets: Sendable {
    /// The projects the path stood for.
    package let search: ProjectSearch
    /// The projects that could be read, in the search's order.
    package let projects: [XcodeProject]
    /// iOS application targets, project by project in the project's target order.
    package let targets: [ApplicationTarget]
    /// Warnings of the search and of every project read (a project that could not be read
    /// is a warning when others could).
    package let warnings: [CatalogWarning]
    /// Each target's settings as evaluated for the listing, by project path and target name.
    let scopes: [String: [String: TargetScope]]
    /// The `--define`s the settings were evaluated with.
    let defines: [String: String]
    /// What could not be read, in the search's order: a project (`target` nil) or an
    /// application target's settings. When no target is left to choose, the first of these is
    /// the error, rather than "no iOS application target", which hides why.
    let failures: [Failure]

    struct Failure: Sendable {
        /// The application target whose settings could not be read; nil for a whole project.
        let target: String?
        let error: XcodeProjectError
    }

    /// Finds the projects `path` stands for (see `XcodeProjectLocator`) and their iOS
    /// application targets, each with its bundle identifier in `configuration` where it has
    /// one. Throws when nothing there can be read.
    package static func find(at path: String, configuration: String? = nil,
                             defines: [String: String] = [:]) throws(XcodeProjectError) -> ApplicationTargets {
        try find(at: path, configuration: configuration, defines: defines, named: nil)
    }

    /// `find`, listing only the targets called `name` when one is given: the others' settings
    /// (and xcconfig files) are not read. Projects in `readAhead` are taken from it; `folders`
    /// are those of the opening the projects are read for.
    static func find(at path: String, configuration: String?, defines: [String: String], named name: String?,
                     readAhead: ProjectReadAhead.Entry? = nil,
                     folders: ResolvedFolders = ResolvedFolders()) throws(XcodeProjectError) -> ApplicationTargets {
        let search = try (readAhead?.search(at: path) ?? Result { () throws(XcodeProjectError) in
            try XcodeProjectLocator.find(path, folders: folders)
        }).get()
        var projects: [XcodeProject] = []
        var targets: [ApplicationTarget] = []
        var scopes: [String: [String: TargetScope]] = [:]
        var warnings = search.warnings
        var failures: [Failure] = []
        for projectPath in search.projects {
            do {
                let boundary = ReadBoundary.forProject(in: ProjectPaths.parent(projectPath), app: search.root, folders: folders)
                let project = try (readAhead?.project(at: projectPath) ?? Result { () throws(XcodeProjectError) in
                    try XcodeProject.read(projectPath, boundary: boundary)
                }).get()
                projects.append(project)
                let found = project.evaluatedApplicationTargets(configuration: configuration, defines: defines, named: name)
                for (target, scope) in found.targets {
                    targets.append(target)
                    scopes[project.path, default: [:]][target.name] = scope
                }
                warnings.appendUnique(found.warnings)
                failures += found.failures
            } catch {
                failures.append(Failure(target: nil, error: error))
                warnings.appendUnique([CatalogWarning(subject: projectPath, message: error.description,
                                                      code: .unreadableProject)])
            }
        }
        if projects.isEmpty, let first = failures.first { throw first.error }
        return ApplicationTargets(search: search, projects: projects, targets: targets, warnings: warnings.capped(),
                                  scopes: scopes, defines: defines, failures: failures)
    }

    /// The target to read: the one named `target` (in the project at `project`, when
    /// given, which may be the `.xcodeproj` path or the project's name), or the only one.
    package func select(target: String? = nil, project: String? = nil) throws(XcodeProjectError) -> ApplicationTarget {
        var candidates = targets
        if let project {
            let wanted = ProjectPaths.absolute(project)
            candidates = candidates.filter {
                $0.projectPath == wanted || $0.projectName == project || ($0.projectName + ".xcodeproj") == project
            }
        }
        if let target {
            let named = candidates.filter { $0.name == target }
            guard !named.isEmpty else {
                // The target is there but its settings cannot be read (an xcconfig cycle): that is the error.
                if let failure = failures.first(where: { $0.target == target }) { throw failure.error }
                throw .unknownTarget(path: search.root, name: target, available: candidates.map(\.name))
            }
            guard named.count == 1 else {
                throw .ambiguousTarget(path: search.root, name: target, projects: named.map(\.projectName))
            }
            return named[0]
        }
        guard let only = candidates.first else {
            // Nothing to choose because something could not be read: say what and where.
            if let failure = failures.first { throw failure.error }
            throw .noApplicationTarget(path: search.root)
        }
        guard candidates.count == 1 else {
            throw .targetNeeded(path: search.root, candidates: candidates.map {
                "\($0.name) (\($0.projectName)\($0.bundleIdentifier.map { ", \($0)" } ?? ""))"
            })
        }
        return only
    }

    /// `resolve(target:configuration:defines:)` of the chosen target's project.
    package func resolve(_ target: ApplicationTarget, configuration: String? = nil,
                         defines: [String: String] = [:]) throws(XcodeProjectError) -> ResolvedTarget {
        guard let project = projects.first(where: { $0.path == target.projectPath }) else {
            throw .notFound(path: target.projectPath)
        }
        return try project.resolve(target: target.name, configuration: configuration, defines: defines,
                                   evaluated: defines == self.defines ? scopes[project.path]?[target.name] : nil)
    }
}
