import FileAccess
import Foundation

/// Opens an Xcode project's application target, or an asset catalog on its own, as an
/// `OpenedApp`: the Info.plist the build processes and what the asset compiler is given.
enum ProjectOpener {
    /// Finds the projects `path` stands for, chooses the target (`options.target`, in
    /// `options.project` where names repeat, or the only one) and reads it in
    /// `options.configuration`, else the configuration its scheme archives with (see
    /// `XcodeSchemes`), else Release, else the list's default; `options.defines` override
    /// every setting. `readAhead`: the projects as `AppOpener.prepare` read them; `folders`:
    /// the opening's own (see `ResolvedFolders`).
    static func open(_ path: String, options: CatalogOptions, readAhead: ProjectReadAhead.Entry? = nil,
                     folders: ResolvedFolders = ResolvedFolders()) throws(CatalogError) -> OpenedApp {
        let target: ResolvedTarget
        let searchWarnings: [CatalogWarning]
        do {
            // With --target, only that target's settings are read; the full list only for an error.
            var applications = try ApplicationTargets.find(at: path, configuration: options.configuration,
                                                           defines: options.defines, named: options.target, readAhead: readAhead,
                                                           folders: folders)
            if options.target != nil && applications.targets.isEmpty {
                applications = try ApplicationTargets.find(at: path, configuration: options.configuration, defines: options.defines,
                                                           named: nil, folders: folders)
            }
            let chosen = try applications.select(target: options.target, project: options.project)
            let configuration = options.configuration
                ?? applications.projects.first(where: { $0.path == chosen.projectPath })?.archiveConfigurations[chosen.name]
                ?? archiveConfiguration(of: chosen, searched: applications.search.root)
            target = try applications.resolve(chosen, configuration: configuration, defines: options.defines)
            searchWarnings = applications.search.warnings
        } catch {
            // A plain folder with no project holds no Info.plist either (else it was read as a plist folder).
            if case .noProject(let directory) = error, !XcodeProjectLocator.isProjectBundle(path) {
                throw .noApp(directory: directory)
            }
            throw .xcodeProject(error)
        }
        var warnings = searchWarnings
        warnings.appendUnique(target.warnings)
        var plistPath: String?
        if let infoPlist = target.infoPlist, infoPlist.exists {
            plistPath = infoPlist.path
        }
        let contents: OpenedContents
        if plistPath != nil || target.generatesInfoPlist {
            // Read on another core while the assembly finds and reads the catalogs' icons, which
            // need nothing of it until the icons it declares itself are merged in.
            let defines = options.defines
            contents = OpenedContents.startingNow { [warnings] in
                var warnings = warnings
                var plist: [String: Any] = [:]
                do throws(CatalogError) {
                    plist = try target.infoPlistContents(defines: defines, warnings: &warnings) ?? [:]
                } catch {
                    warnings.append(CatalogWarning(subject: error.path,
                        message: "\(error.description); the icons it declares are not read", code: .infoPlistUnreadable))
                }
                return PlistContents(plist: plist, warnings: warnings.capped())
            }
        } else {
            contents = OpenedContents(made: PlistContents(plist: [:], warnings: warnings.capped()))
        }
        let folder = plistPath.map(ProjectPaths.parent) ?? target.projectFolder
        let source: AppSourceKind = XcodeGenSpec.isSpecFile(target.projectPath) ? .xcodegen : .xcodeproj
        return OpenedApp(source: source, path: target.projectPath, plistPath: plistPath, contents: contents,
                         iconTree: target.resourceFiles.isEmpty ? .folder(folder) : .project(folder: folder, resources: target.resourceFiles),
                         target: target, compiler: IconCompilerInputs(target: target), folders: folders)
    }

    /// What the target's scheme archives with, when a scheme says and the target has it.
    private static func archiveConfiguration(of target: ApplicationTarget, searched root: String) -> String? {
        let workspace = ProjectPaths.pathExtension(ProjectPaths.lastComponent(root)) == "xcworkspace" ? root : nil
        guard let configuration = XcodeSchemes.archiveConfiguration(target: target.name, projectPath: target.projectPath,
                                                                    workspacePath: workspace),
              target.configurations.contains(configuration) else { return nil }
        return configuration
    }

    /// An asset catalog alone: `options.primaryIcon` (else `AppIcon`) is the primary, every
    /// other app icon in it an alternate. Never throws: an unreadable catalog lists a
    /// placeholder primary with the catalog's warning.
    static func openAssetCatalog(_ path: String, options: CatalogOptions, folders: ResolvedFolders = ResolvedFolders()) -> OpenedApp {
        let folder = ProjectPaths.parent(ProjectPaths.absolute(path))
        let compiler = IconCompilerInputs(assetCatalogs: [path], primaryIconName: options.primaryIcon ?? "AppIcon",
                                          includesAllAppIcons: true, supportsPad: true,
                                          boundary: folders.realPath(path) ?? folder, settingsSource: path)
        return OpenedApp(source: .xcassets, path: path, plistPath: nil, plist: [:], iconTree: .folder(folder),
                         compiler: compiler, folders: folders)
    }
}
