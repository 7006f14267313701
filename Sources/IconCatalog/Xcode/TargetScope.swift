import Foundation

/// One target's build settings for one configuration, before any file of its resources
/// is looked at: enough to tell whether it is an iOS application and what it is called.
struct TargetScope: Sendable {
    let configuration: String
    let settings: BuildSettings
    /// Whether it builds for iOS, and if not, what it builds for.
    let platform: Platform
    let bundleIdentifier: String?
    let warnings: [CatalogWarning]

    enum Platform: Sendable, Equatable {
        case iOS
        case other(String)
    }

    init(project: XcodeProject, target: XcodeTarget, configuration requested: String?,
         defines: [String: String]) throws(XcodeProjectError) {
        let configuration: String
        if let requested {
            guard target.configurations.contains(requested) else {
                throw .unknownConfiguration(path: project.path, target: target.name, name: requested,
                                            available: target.configurations)
            }
            configuration = requested
        } else {
            guard let preferred = target.preferredConfiguration else {
                throw .malformed(path: project.projectFile, key: "objects.\(target.id).buildConfigurationList",
                                 problem: "gives target “\(target.name)” no configurations")
            }
            configuration = preferred
        }
        self.configuration = configuration
        var warnings: [CatalogWarning] = []
        var table = SettingsTable()
        Self.addDefaults(to: &table, project: project, target: target, configuration: configuration)
        if let projectLevel = project.configurationList.named(configuration) {
            try Self.add(projectLevel, to: &table, project: project, level: "project", warnings: &warnings)
        } else {
            warnings.append(CatalogWarning(subject: project.projectFile,
                message: "the project has no configuration “\(configuration)”; only target “\(target.name)”'s settings are read",
                code: .missingConfiguration))
        }
        if let targetLevel = target.configurationList.named(configuration) {
            try Self.add(targetLevel, to: &table, project: project, level: "target “\(target.name)”", warnings: &warnings)
        }
        for (name, value) in defines.sorted(by: { $0.key < $1.key }) {
            table.add(name, value, origin: "--define")
        }
        settings = BuildSettings(table: table, conditionValues: BuildSettings.iOSDeviceConditions(configuration: configuration))
        platform = Self.platform(of: settings, warnings: &warnings)
        let identifier = settings.value("PRODUCT_BUNDLE_IDENTIFIER", warnings: &warnings)
        bundleIdentifier = identifier.isEmpty ? nil : identifier
        self.warnings = warnings
    }

    /// What a real build defines before any level is read, as far as icons and Info.plists use it:
    /// the target's own names, then what every target of the configuration shares (made once).
    private static func addDefaults(to table: inout SettingsTable, project: XcodeProject, target: XcodeTarget,
                                    configuration: String) {
        for (name, value) in [("TARGET_NAME", target.name), ("TARGETNAME", target.name),
                              ("PRODUCT_TYPE", target.productType ?? "")] {
            table.add(name, value, origin: "Xcode's defaults")
        }
        // The key cannot be an object id: those never hold a space.
        let shared = try? project.settingsLevels.level("defaults for \(configuration)") { () throws(XcodeProjectError) in
            .init(level: sharedDefaults(project: project, configuration: configuration), warnings: [])
        }
        table.add(shared: shared?.level ?? sharedDefaults(project: project, configuration: configuration))
    }

    private static func sharedDefaults(project: XcodeProject, configuration: String) -> SettingsTable.Level {
        let defaults: [(String, String)] = [
            ("PROJECT_NAME", project.name), ("PROJECT", project.name),
            ("PROJECT_DIR", project.folder), ("SRCROOT", project.folder), ("SOURCE_ROOT", project.folder),
            ("PROJECT_FILE_PATH", project.path), ("CONFIGURATION", configuration),
            ("PLATFORM_NAME", "iphoneos"), ("EFFECTIVE_PLATFORM_NAME", "-iphoneos"), ("SDK_NAME", "iphoneos"),
            ("PLATFORM_DISPLAY_NAME", "iOS"), ("CURRENT_ARCH", "arm64"), ("ARCHS", "arm64"), ("NATIVE_ARCH", "arm64"),
            ("ACTION", "build"), ("DEVELOPMENT_LANGUAGE", project.developmentRegion ?? "en"),
            ("PRODUCT_NAME", "$(TARGET_NAME)"), ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
            ("EXECUTABLE_NAME", "$(PRODUCT_NAME)"), ("WRAPPER_EXTENSION", "app"),
            ("WRAPPER_NAME", "$(PRODUCT_NAME).$(WRAPPER_EXTENSION)"), ("FULL_PRODUCT_NAME", "$(WRAPPER_NAME)"),
            ("CONTENTS_FOLDER_PATH", "$(WRAPPER_NAME)"),
            ("INFOPLIST_EXPAND_BUILD_SETTINGS", "YES"), ("INFOPLIST_PREPROCESS", "NO"), ("GENERATE_INFOPLIST_FILE", "NO"),
            ("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", "NO"),
        ]
        var level: SettingsTable.Level = [:]
        for (name, value) in defaults {
            level[name, default: []].append(SettingAssignment(name: name, conditions: [], value: value, origin: "Xcode's defaults"))
        }
        return level
    }

    /// One level: its xcconfig (if any), then its own settings, which take precedence. Made
    /// once per configuration object and shared by every target naming it (whose warnings then
    /// name the first such target's level).
    private static func add(_ configuration: BuildConfiguration, to table: inout SettingsTable, project: XcodeProject,
                            level: String, warnings: inout [CatalogWarning]) throws(XcodeProjectError) {
        let made = try project.settingsLevels.level(configuration.id) { () throws(XcodeProjectError) in
            try makeLevel(configuration, project: project, level: level)
        }
        table.add(shared: made.level)
        warnings.appendUnique(made.warnings)
    }

    private static func makeLevel(_ configuration: BuildConfiguration, project: XcodeProject,
                                  level: String) throws(XcodeProjectError) -> SettingsLevels.Made {
        let subject = "\(project.projectFile): \(level), \(configuration.name)"
        let boundary = project.boundary
        var reader = XCConfigReader(boundary: boundary.root, realBoundary: boundary.realRoot, files: project.xcconfigFiles,
                                    projectFolder: project.folder, boundaryName: boundary.description, folders: boundary.folders)
        var warnings: [CatalogWarning] = []
        var assignments: SettingsTable.Level = [:]
        func add(_ assignment: SettingAssignment) { assignments[assignment.name, default: []].append(assignment) }
        switch configuration.base {
        case .fileReference(let id)?:
            if let path = project.readablePath(of: id, purpose: "base configuration", warnings: &warnings) {
                for assignment in try reader.read(path, referencedFrom: subject) { add(assignment) }
            }
        case .inSynchronizedFolder(let anchor, let relativePath)?:
            if let folder = project.readablePath(of: anchor, purpose: "base configuration folder", warnings: &warnings) {
                let path = ProjectPaths.normalize(ProjectPaths.join(folder, relativePath))
                for assignment in try reader.read(path, referencedFrom: subject) { add(assignment) }
            }
        case nil:
            break
        }
        for setting in configuration.settings {
            guard let key = SettingAssignment.parseKey(Substring(setting.key)) else {
                warnings.appendUnique([CatalogWarning(subject: subject,
                    message: "“\(setting.key)” is not a build setting name; it is skipped", code: .malformedProject)])
                continue
            }
            add(SettingAssignment(name: key.name, conditions: key.conditions, value: setting.value, origin: subject))
        }
        warnings.appendUnique(reader.warnings)
        return .init(level: assignments, warnings: warnings)
    }

    /// iOS when `SDKROOT` is `iphoneos` (or an iPhoneOS SDK path), or `auto` with `iphoneos`
    /// among `SUPPORTED_PLATFORMS`.
    private static func platform(of settings: BuildSettings, warnings: inout [CatalogWarning]) -> Platform {
        let sdk = settings.value("SDKROOT", warnings: &warnings)
        let name = ProjectPaths.lastComponent(sdk).lowercased()
        if name.hasPrefix("iphoneos") { return .iOS }
        if name == "auto" || name.isEmpty {
            let platforms = settings.list("SUPPORTED_PLATFORMS", warnings: &warnings)
            if name == "auto", platforms.contains("iphoneos") { return .iOS }
            return .other(name.isEmpty ? "no SDKROOT" : "SDKROOT auto for \(platforms.joined(separator: " "))")
        }
        return .other("SDKROOT \(sdk)")
    }
}
