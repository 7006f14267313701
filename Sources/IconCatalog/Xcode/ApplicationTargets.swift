import Foundation

/// An iOS application target as a chooser of targets lists it.
public struct ApplicationTarget: Sendable, Equatable {
    /// The `.xcodeproj` bundle holding it.
    public let projectPath: String
    /// The project's name (`PROJECT_NAME`).
    public let projectName: String
    /// The target's name (`TARGET_NAME`).
    public let name: String
    /// `PRODUCT_BUNDLE_IDENTIFIER` in `configuration`, expanded.
    public let bundleIdentifier: String?
    /// The configuration the identifier was read for (see `XcodeTarget.preferredConfiguration`).
    public let configuration: String
    /// Every configuration the target has, in the project's order.
    public let configurations: [String]
    /// `defaultConfigurationName` of the target's configuration list.
    public let defaultConfiguration: String?
}

extension XcodeProject {
    /// The target's settings, Info.plist and icon resources for `configuration` (nil: the
    /// target's `Release`, else its default configuration). `defines` (`--define`) override
    /// every level. Throws when the target is missing, is not an iOS application, or has
    /// no such configuration, or when its xcconfig files include each other.
    public func resolve(target name: String, configuration: String? = nil,
                        defines: [String: String] = [:]) throws(XcodeProjectError) -> ResolvedTarget {
        let target = try self.target(named: name)
        guard target.isApplication else {
            throw .notAnIOSApplication(path: path, target: name, reason: "its product type is \(target.productType ?? "none")")
        }
        let scope = try TargetScope(project: self, target: target, configuration: configuration, defines: defines)
        if case .other(let reason) = scope.platform {
            throw .notAnIOSApplication(path: path, target: name, reason: reason)
        }
        return ResolvedTarget(project: self, target: target, scope: scope, resources: TargetResources.of(target, in: self))
    }

    /// The project's iOS application targets, each with its bundle identifier in
    /// `configuration` where it has one (else in its preferred configuration). Targets
    /// whose settings cannot be read are left out with a warning.
    public func iOSApplicationTargets(configuration: String? = nil, defines: [String: String] = [:])
        -> (targets: [ApplicationTarget], warnings: [CatalogWarning]) {
        var targets: [ApplicationTarget] = []
        var warnings = self.warnings
        for target in applicationTargets {
            let chosen = configuration.flatMap { target.configurations.contains($0) ? $0 : nil }
            let scope: TargetScope
            do {
                scope = try TargetScope(project: self, target: target, configuration: chosen, defines: defines)
            } catch {
                warnings.appendUnique([CatalogWarning(subject: path, message: error.description, code: "unreadable-target")])
                continue
            }
            guard scope.platform == .iOS else { continue }
            warnings.appendUnique(scope.warnings)
            targets.append(ApplicationTarget(
                projectPath: path, projectName: self.name, name: target.name, bundleIdentifier: scope.bundleIdentifier,
                configuration: scope.configuration, configurations: target.configurations,
                defaultConfiguration: target.defaultConfiguration))
        }
        return (targets, warnings.capped())
    }
}

/// Every iOS application target of the Xcode projects a path stands for (a project, a
/// workspace, or a folder holding them), and the choice of one.
public struct ApplicationTargets: Sendable {
    /// The projects the path stood for.
    public let search: ProjectSearch
    /// The projects that could be read, in the search's order.
    public let projects: [XcodeProject]
    /// iOS application targets, project by project in the project's target order.
    public let targets: [ApplicationTarget]
    /// Warnings of the search and of every project read (a project that could not be read
    /// is a warning when others could).
    public let warnings: [CatalogWarning]

    /// Finds the projects `path` stands for (see `XcodeProjectLocator`) and their iOS
    /// application targets, each with its bundle identifier in `configuration` where it has
    /// one. Throws when nothing there can be read.
    public static func find(at path: String, configuration: String? = nil,
                            defines: [String: String] = [:]) throws(XcodeProjectError) -> ApplicationTargets {
        let search = try XcodeProjectLocator.find(path)
        var projects: [XcodeProject] = []
        var targets: [ApplicationTarget] = []
        var warnings = search.warnings
        var firstError: XcodeProjectError?
        for projectPath in search.projects {
            do {
                let project = try XcodeProject.read(projectPath)
                projects.append(project)
                let found = project.iOSApplicationTargets(configuration: configuration, defines: defines)
                targets += found.targets
                warnings.appendUnique(found.warnings)
            } catch {
                firstError = firstError ?? error
                warnings.appendUnique([CatalogWarning(subject: projectPath, message: error.description,
                                                      code: "unreadable-project")])
            }
        }
        if projects.isEmpty, let firstError { throw firstError }
        return ApplicationTargets(search: search, projects: projects, targets: targets, warnings: warnings.capped())
    }

    /// The target to read: the one named `target` (in the project at `project`, when
    /// given, which may be the `.xcodeproj` path or the project's name), or the only one.
    public func select(target: String? = nil, project: String? = nil) throws(XcodeProjectError) -> ApplicationTarget {
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
                throw .unknownTarget(path: search.root, name: target, available: candidates.map(\.name))
            }
            guard named.count == 1 else {
                throw .ambiguousTarget(path: search.root, name: target, projects: named.map(\.projectName))
            }
            return named[0]
        }
        guard let only = candidates.first else { throw .noApplicationTarget(path: search.root) }
        guard candidates.count == 1 else {
            throw .targetNeeded(path: search.root, candidates: candidates.map {
                "\($0.name) (\($0.projectName)\($0.bundleIdentifier.map { ", \($0)" } ?? ""))"
            })
        }
        return only
    }

    /// `resolve(target:configuration:defines:)` of the chosen target's project.
    public func resolve(_ target: ApplicationTarget, configuration: String? = nil,
                        defines: [String: String] = [:]) throws(XcodeProjectError) -> ResolvedTarget {
        guard let project = projects.first(where: { $0.path == target.projectPath }) else {
            throw .notFound(path: target.projectPath)
        }
        return try project.resolve(target: target.name, configuration: configuration, defines: defines)
    }
}
