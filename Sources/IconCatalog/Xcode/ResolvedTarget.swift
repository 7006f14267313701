import FileAccess
import Foundation

/// What building one target in one configuration uses for its icons: the icon settings as
/// Xcode evaluates them, the Info.plist it processes, and the asset catalogs and Icon
/// Composer bundles it compiles. Paths are absolute; everything named here lies inside
/// the project's folder.
public struct ResolvedTarget: Sendable {
    /// The `.xcodeproj` bundle.
    public let projectPath: String
    /// The project's folder (`SRCROOT`).
    package let projectFolder: String
    /// Where the files the project names may be read.
    package let boundary: ReadBoundary
    /// The target's name (`TARGET_NAME`).
    public let targetName: String
    /// The configuration read: the one asked for, else `Release`, else the default.
    public let configuration: String
    /// Every configuration the target has, in the project's order.
    public let configurations: [String]
    /// `defaultConfigurationName` of the target's configuration list.
    public let defaultConfiguration: String?
    /// The merged, expandable settings, for anything not read below.
    package let settings: BuildSettings

    /// `ASSETCATALOG_COMPILER_APPICON_NAME`: the primary icon's name, nil when empty.
    public let primaryIconName: String?
    /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`, split as Xcode splits it.
    public let alternateIconNames: [String]
    /// True when that list was written with commas (`"og, joy"`), which Xcode reads as the
    /// names `og,` and `joy`.
    package let alternateIconNamesUseCommas: Bool
    /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`.
    public let includesAllAppIcons: Bool
    /// `PRODUCT_BUNDLE_IDENTIFIER`, expanded; nil when empty.
    public let bundleIdentifier: String?
    /// `PRODUCT_NAME`, expanded (the target's name unless set).
    public let productName: String
    /// `INFOPLIST_FILE` and how Xcode processes it; nil when the target names none.
    package let infoPlist: InfoPlistSource?
    /// `GENERATE_INFOPLIST_FILE`: the build writes (part of) the Info.plist from settings.
    package let generatesInfoPlist: Bool
    /// The `INFOPLIST_KEY_*` settings by Info.plist key, expanded; Xcode uses them when
    /// `generatesInfoPlist` is true.
    package let generatedInfoPlistKeys: [String: String]
    /// Asset catalogs the target compiles, in build-phase order, then synchronized folders'.
    package let assetCatalogs: [String]
    /// Icon Composer bundles the target compiles.
    package let iconBundles: [String]
    /// Asset catalogs and bundles the resources phase names that are not read (a link leading
    /// out of the boundary, say), with why: an edit never writes into one.
    package let unreadCatalogs: [UnreadCatalog]
    /// PNG files the target's resources phase copies to the app's top, where loose icon files are looked for.
    package let resourceFiles: [String]
    /// What was odd in the project, its xcconfig files, the settings read and the resources,
    /// with stable codes (`missing-xcconfig-include`, `path-outside-project`, …); capped.
    package let warnings: [CatalogWarning]

    init(project: XcodeProject, target: XcodeTarget, scope: TargetScope, resources: TargetResources) {
        projectPath = project.path
        projectFolder = project.folder
        boundary = project.boundary
        targetName = target.name
        configuration = scope.configuration
        configurations = target.configurations
        defaultConfiguration = target.defaultConfiguration
        settings = scope.settings
        var warnings = project.warnings
        warnings.appendUnique(scope.warnings)
        let settings = scope.settings
        let icons = ConfigurationIcons(configuration: scope.configuration, settings: settings, warnings: &warnings)
        primaryIconName = icons.primaryIconName
        alternateIconNames = icons.alternateIconNames
        alternateIconNamesUseCommas = alternateIconNames.contains { $0.contains(",") }
        includesAllAppIcons = icons.includesAllAppIcons
        bundleIdentifier = scope.bundleIdentifier
        productName = settings.value("PRODUCT_NAME", warnings: &warnings)
        generatesInfoPlist = settings.bool("GENERATE_INFOPLIST_FILE", warnings: &warnings)
        var generated: [String: String] = [:]
        for name in settings.names where name.hasPrefix("INFOPLIST_KEY_") && settings.isSet(name) {
            generated[String(name.dropFirst("INFOPLIST_KEY_".count))] = settings.value(name, warnings: &warnings)
        }
        generatedInfoPlistKeys = generated
        infoPlist = InfoPlistSource(settings: settings, project: project, warnings: &warnings)
        assetCatalogs = resources.assetCatalogs
        iconBundles = resources.iconBundles
        unreadCatalogs = resources.unreadCatalogs
        resourceFiles = resources.looseFiles
        warnings.appendUnique(resources.warnings)
        self.warnings = warnings.capped()
    }

    /// The target's Info.plist as the build processes it: preprocessed (when
    /// `INFOPLIST_PREPROCESS` is on, or the file has preprocessor lines) with the target's
    /// definitions and `defines`, its strings expanded with the build settings (unless
    /// `INFOPLIST_EXPAND_BUILD_SETTINGS` is off), and, when the build generates the
    /// Info.plist, the `INFOPLIST_KEY_*` values added where the file has no such key.
    /// Nil when the target has no Info.plist file and generates none.
    package func infoPlistContents(defines: [String: String] = [:],
                                   warnings: inout [CatalogWarning]) throws(CatalogError) -> [String: Any]? {
        var plist: [String: Any] = [:]
        if let infoPlist, let generated = infoPlist.generated {
            plist = try PlistLoader.parse(generated, path: infoPlist.path)
            if infoPlist.expandsBuildSettings {
                plist = expandingBuildSettings(in: plist, warnings: &warnings)
            }
        } else if let infoPlist {
            plist = try PlistLoader.load(infoPlist.path, preprocessor: infoPlist.preprocessorOptions(defines: defines),
                                         forcePreprocessing: infoPlist.preprocess)
            if infoPlist.expandsBuildSettings {
                plist = expandingBuildSettings(in: plist, warnings: &warnings)
            }
        } else if !generatesInfoPlist {
            return nil
        }
        if generatesInfoPlist {
            for (key, value) in generatedInfoPlistKeys where plist[key] == nil {
                plist[key] = value
            }
        }
        return plist
    }

    /// `plist` with `$(NAME)` references in its strings expanded with the target's settings,
    /// as the build does when `INFOPLIST_EXPAND_BUILD_SETTINGS` is on (Xcode's default).
    package func expandingBuildSettings(in plist: [String: Any], warnings: inout [CatalogWarning]) -> [String: Any] {
        var budget = Self.maximumExpandedValues
        return expand(plist, path: "", budget: &budget, depth: 0, warnings: &warnings) as? [String: Any] ?? plist
    }

    /// Strings expanded in one Info.plist at most; a real one has a few hundred.
    static let maximumExpandedValues = 100_000

    private func expand(_ value: Any, path: String, budget: inout Int, depth: Int, warnings: inout [CatalogWarning]) -> Any {
        guard budget > 0, depth < 64 else { return value }
        budget -= 1
        switch value {
        case let string as String:
            return settings.expand(string, subject: path.isEmpty ? "Info.plist" : path, warnings: &warnings)
        case let dictionary as [String: Any]:
            var result: [String: Any] = [:]
            for (key, element) in dictionary {
                result[key] = expand(element, path: path.isEmpty ? key : path + "." + key, budget: &budget,
                                     depth: depth + 1, warnings: &warnings)
            }
            return result
        case let array as [Any]:
            return array.enumerated().map { index, element in
                expand(element, path: "\(path)[\(index)]", budget: &budget, depth: depth + 1, warnings: &warnings)
            }
        default:
            return value
        }
    }
}

/// `INFOPLIST_FILE` and the settings that say how the build processes it.
package struct InfoPlistSource: Sendable, Equatable {
    /// Absolute path (`INFOPLIST_FILE` is relative to the project's folder).
    package let path: String
    /// Whether the file is there (or its generator writes it).
    package let exists: Bool
    /// What the project's generator writes there (an XcodeGen spec's `info:`), read instead of the file.
    package let generated: Data?
    /// `INFOPLIST_PREPROCESS`.
    package let preprocess: Bool
    /// `INFOPLIST_PREPROCESSOR_DEFINITIONS`, `NAME` or `NAME=value` each, by name (`NAME` alone is `1`).
    package let preprocessorDefinitions: [String: String]
    /// `INFOPLIST_PREFIX_HEADER`, absolute, when set and inside the project's folder.
    package let prefixHeader: String?
    /// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`, split (`-C` keeps comments, `-D` defines).
    package let otherPreprocessorFlags: [String]
    /// The folder `#include` may not leave (the project's read boundary).
    package let projectFolder: String
    /// `INFOPLIST_EXPAND_BUILD_SETTINGS` (on unless turned off).
    package let expandsBuildSettings: Bool

    init?(settings: BuildSettings, project: XcodeProject, warnings: inout [CatalogWarning]) {
        let written = settings.value("INFOPLIST_FILE", warnings: &warnings)
        guard !written.isEmpty else { return nil }
        guard let path = Self.insideProject(written, project: project, setting: "INFOPLIST_FILE", warnings: &warnings) else {
            return nil
        }
        self.path = path
        generated = project.generatedFiles[path]
        exists = generated != nil || FileKind.notFollowing(path) == .regularFile
        if !exists {
            warnings.appendUnique([CatalogWarning(subject: "INFOPLIST_FILE",
                message: "\(ProjectPaths.relative(path, to: project.folder)) is not there",
                code: .missingInfoPlist)])
        }
        preprocess = settings.bool("INFOPLIST_PREPROCESS", warnings: &warnings)
        preprocessorDefinitions = PlistPreprocessor.definitions(
            fromSetting: settings.list("INFOPLIST_PREPROCESSOR_DEFINITIONS", warnings: &warnings))
        let header = settings.value("INFOPLIST_PREFIX_HEADER", warnings: &warnings)
        prefixHeader = header.isEmpty ? nil
            : Self.insideProject(header, project: project, setting: "INFOPLIST_PREFIX_HEADER", warnings: &warnings)
        otherPreprocessorFlags = settings.list("INFOPLIST_OTHER_PREPROCESSOR_FLAGS", warnings: &warnings)
        projectFolder = project.boundary.root
        expandsBuildSettings = settings.bool("INFOPLIST_EXPAND_BUILD_SETTINGS", warnings: &warnings)
    }

    /// How the build preprocesses the file: the target's flags and definitions, then
    /// `defines` (`--define`) over them.
    package func preprocessorOptions(defines: [String: String] = [:]) -> PlistPreprocessor.Options {
        var options = PlistPreprocessor.Options(definitions: preprocessorDefinitions, prefixHeader: prefixHeader,
                                                includeBoundary: projectFolder)
        options.apply(flags: otherPreprocessorFlags)
        options.definitions.merge(defines) { _, override in override }
        return options
    }

    private static func insideProject(_ written: String, project: XcodeProject, setting: String,
                                      warnings: inout [CatalogWarning]) -> String? {
        let path = ProjectPaths.normalize(ProjectPaths.join(project.folder, written))
        let containment = project.boundary.containment(of: path)
        guard containment == .inside else {
            warnings.appendUnique([CatalogWarning(subject: setting,
                message: project.boundary.refusal(path, containment), code: .pathOutsideProject)])
            return nil
        }
        return path
    }
}

extension Array where Element == CatalogWarning {
    /// Warnings a target reports at most; the last one says how many more there were.
    static var maximumCount: Int { 100 }

    func capped() -> [CatalogWarning] {
        guard count > Self.maximumCount else { return self }
        return Array(prefix(Self.maximumCount - 1)) + [CatalogWarning(subject: "warnings",
            message: "\(count - Self.maximumCount + 1) more warnings not shown", code: .warningsOmitted)]
    }
}
