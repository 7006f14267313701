import FileAccess
import Foundation

/// An XcodeGen spec (`project.yml`, `project.yaml` or `project.json`, with the specs it
/// includes) read as the Xcode project XcodeGen would generate from it, as far as icons go:
/// the configurations (Debug and Release unless `configs` says), each level's settings
/// (setting groups, `base`, per-configuration `configs`, `configFiles` xcconfig files) over
/// XcodeGen's presets, the targets (templates merged, one per platform), the asset catalogs
/// and Icon Composer bundles their `sources` put in the resources phase, and the Info.plist
/// their `info:` writes. The project's path is the spec's; its folder (`SRCROOT`) the spec's folder.
enum XcodeGenSpec {
    /// The spec names looked for in a folder.
    static let specNames: Set<String> = ["project.yml", "project.yaml", "project.json"]

    /// True for a file read as a spec: a YAML or JSON file.
    static func isSpecFile(_ path: String) -> Bool {
        ["yml", "yaml", "json"].contains(ProjectPaths.pathExtension(ProjectPaths.lastComponent(path)))
    }

    /// True for a file named as the app that is a spec: one named as `specNames` say, any other
    /// YAML file, and a JSON file whose top object has XcodeGen's required `name` (a string) and
    /// its `targets` or an `include`. Any other JSON (a `package.json`, an asset catalog's
    /// `Contents.json`) is not one, and is not read as one.
    static func isSpec(_ path: String) -> Bool {
        let name = ProjectPaths.lastComponent(path)
        guard isSpecFile(name) else { return false }
        guard ProjectPaths.pathExtension(name) == "json", !specNames.contains(name) else { return true }
        guard let bytes = try? BoundedFile.readBytes(path, limit: SpecFileLoader.maximumFileSize),
              case .success(let document) = JSONFile.parse(bytes), case .string? = document["name"] else { return false }
        return document["targets"] != nil || document["include"] != nil
    }

    static func read(_ path: String, boundary: ReadBoundary? = nil) throws(XcodeProjectError) -> XcodeProject {
        let specPath = ProjectPaths.absolute(path)
        let folder = ProjectPaths.parent(specPath)
        let boundary = boundary ?? ReadBoundary(root: folder, kind: .projectFolder)
        if boundary.containment(of: specPath) == .linkLeadingOutside {
            throw .unreadable(path: specPath, reason: "it is a link leading outside \(boundary.description); never read")
        }
        var loader = SpecFileLoader(boundary: boundary)
        let spec = try loader.load(specPath)
        var builder = Builder(specPath: specPath, folder: folder, boundary: boundary, spec: spec)
        builder.mentionsVariables = loader.mentionsVariables
        builder.warnings = loader.warnings
        var project = try builder.project()
        project.specFiles = loader.filesInMergeOrder
        return project
    }

    /// Builds the project's model, giving each configuration, file and target an id of its own.
    struct Builder {
        let specPath: String
        let folder: String
        let boundary: ReadBoundary
        let spec: SpecDictionary
        var warnings: [CatalogWarning] = []
        var nodes: [String: FileNode] = [:]
        var nodeIDs: [String: String] = [:]
        var counter = 0
        /// Whether any file of the spec has a `$` (see `SpecFileLoader.mentionsVariables`).
        var mentionsVariables = true
        /// Each distinct `settings:` value resolved once per configuration, sorted by name.
        var resolvedSettings: [SpecValue: [String: [String: String]]] = [:]

        init(specPath: String, folder: String, boundary: ReadBoundary, spec: SpecDictionary) {
            self.specPath = specPath
            self.folder = folder
            self.boundary = boundary
            self.spec = spec
        }

        mutating func project() throws(XcodeProjectError) -> XcodeProject {
            guard let nameValue = spec["name"] else { throw .malformed(path: specPath, key: "name", problem: "is missing; a spec names its project") }
            guard case .string(let name) = nameValue else {
                throw .malformed(path: specPath, key: "name", problem: "is \(nameValue.typeName), expected the project's name")
            }
            let options = spec["options"]?.dictionary ?? SpecDictionary()
            if let raw = spec["options"], raw.dictionary == nil { warn("options", "is \(raw.typeName), expected a mapping") }
            let configurations = self.configurations()
            var presets = SpecSettingPresets.all
            if let written = options["settingPresets"] {
                if let known = written.scalarText.flatMap(SpecSettingPresets.init(rawValue:)) { presets = known }
                else { warn("options.settingPresets", "is not all, project, targets or none; all is used") }
            }
            let bundleIdPrefix = options["bundleIdPrefix"]?.scalarText
            var defaultConfiguration = configurations.first?.name
            if let written = options["defaultConfig"] {
                if let text = written.scalarText, configurations.contains(where: { $0.name == text }) { defaultConfiguration = text }
                else { warn("options.defaultConfig", "names no configuration of the spec (\(configurations.map(\.name).joined(separator: ", ")))") }
            }
            var resolver = SpecSettingsResolver(spec: spec, configurations: configurations, file: specPath)
            let projectFiles = configFiles(spec["configFiles"], key: "configFiles")
            var projectSettings: [String: [String: String]] = [:]
            let projectList = ConfigurationList(configurations: configurations.map { configuration in
                let settings = resolver.settings(spec["settings"], key: "settings", for: configuration)
                projectSettings[configuration.name] = settings
                return BuildConfiguration(id: nextID("P"), name: configuration.name, settings: Self.sorted(settings),
                                          base: projectFiles[configuration.name].map { .fileReference($0) })
            }, defaultName: defaultConfiguration)

            var expander = SpecTargetExpander(spec: spec, file: specPath)
            expander.mentionsVariables = mentionsVariables
            var targets: [XcodeTarget] = []
            var archive: [String: String] = [:]
            for target in try expander.targets(of: spec) {
                let definition = target.definition
                let targetFiles = configFiles(definition["configFiles"], key: "\(target.key).configFiles")
                let sources = self.sources(definition["sources"], key: target.key)
                let info = infoPlist(definition["info"], key: "\(target.key).info")
                let presetSettings = presets.appliesToTargets
                    ? SpecPresets.targetSettings(platform: target.platform, destinations: target.destinations, type: target.type ?? "")
                    : [:]
                let list = ConfigurationList(configurations: configurations.map { configuration in
                    var settings = presetSettings
                    let own = resolved(definition["settings"], key: "\(target.key).settings", for: configuration, resolver: &resolver)
                    settings.merge(own) { _, new in new }
                    let written = projectSettings[configuration.name, default: [:]].merging(own) { _, new in new }
                    if written["INFOPLIST_FILE"] == nil {
                        if let info { settings["INFOPLIST_FILE"] = relative(info) }
                        else if let found = sources.infoPlists.first { settings["INFOPLIST_FILE"] = relative(found) }
                    }
                    if written["PRODUCT_BUNDLE_IDENTIFIER"] == nil, let bundleIdPrefix {
                        settings["PRODUCT_BUNDLE_IDENTIFIER"] = SpecPresets.bundleIdentifier(prefix: bundleIdPrefix, target: target.name)
                    }
                    if written["PRODUCT_NAME"] == nil { settings["PRODUCT_NAME"] = target.productName }
                    return BuildConfiguration(id: nextID("T"), name: configuration.name, settings: Self.sorted(settings),
                                              base: targetFiles[configuration.name].map { .fileReference($0) })
                }, defaultName: defaultConfiguration)
                let productType = target.type.map { "com.apple.product-type.\($0)" }
                if target.type == nil { warn("\(target.key).type", "is missing; the target is not read as an application") }
                targets.append(XcodeTarget(name: target.name, productType: productType, configurations: configurations.map(\.name),
                                           defaultConfiguration: defaultConfiguration, id: nextID("X"), configurationList: list,
                                           resourceFiles: sources.catalogs.map { fileNode($0) }, synchronizedFolders: []))
                if let configuration = archiveConfiguration(of: target, configurations: configurations) {
                    archive[target.name] = configuration
                }
            }
            warnings += resolver.warnings + expander.warnings
            var project = XcodeProject(specPath: specPath, folder: folder, name: name,
                                       developmentRegion: options["developmentLanguage"]?.scalarText,
                                       targets: targets, warnings: warnings.capped(), configurationList: projectList, nodes: nodes,
                                       folders: boundary.folders)
            project.generatedFiles = generated
            project.archiveConfigurations = archive
            project.readBoundary = boundary
            return project
        }

        /// The settings `value` gives `configuration`, resolved once for targets sharing the value.
        mutating func resolved(_ value: SpecValue?, key: String, for configuration: SpecConfiguration,
                               resolver: inout SpecSettingsResolver) -> [String: String] {
            guard let value else { return [:] }
            guard settingsWritten <= SpecSettingsResolver.workLimit else { return [:] }
            var settings: [String: String]
            if let known = resolvedSettings[value]?[configuration.name] {
                settings = known
            } else {
                settings = resolver.settings(value, key: key, for: configuration)
                resolvedSettings[value, default: [:]][configuration.name] = settings
            }
            settingsWritten = settingsWritten.addingClamped(settings.count)
            guard settingsWritten <= SpecSettingsResolver.workLimit else {
                if !reportedSettings {
                    reportedSettings = true
                    warn(key, "the spec's settings took more than \(SpecSettingsResolver.workLimit) steps to apply to its targets; the rest are not read")
                }
                return [:]
            }
            return settings
        }

        /// Settings given to targets so far, each target and configuration counted: bounded as resolving them is.
        var settingsWritten = 0
        var reportedSettings = false

        /// Each distinct `sources:` value walked once: targets made from one template share theirs.
        var walkedSources: [SpecValue: SpecSources] = [:]

        mutating func sources(_ value: SpecValue?, key: String) -> SpecSources {
            guard let value else { return SpecSources(nil, key: key, folder: folder, boundary: boundary, file: specPath) }
            if let known = walkedSources[value] { return known }
            let sources = SpecSources(value, key: key, folder: folder, boundary: boundary, file: specPath)
            warnings += sources.warnings
            walkedSources[value] = sources
            return sources
        }

        /// Info.plist files the spec's `info:` writes, by absolute path.
        var generated: [String: Data] = [:]

        /// Configurations read at most (a real spec has a handful).
        static let maximumConfigurations = 100

        /// `configs:`, sorted by name as XcodeGen lists them; Debug and Release when absent.
        mutating func configurations() -> [SpecConfiguration] {
            guard let raw = spec["configs"] else { return SpecConfiguration.defaults }
            guard case .dictionary(let configs) = raw, !configs.isEmpty else {
                warn("configs", "is \(raw.typeName), expected configurations by name (Debug: debug); Debug and Release are used")
                return SpecConfiguration.defaults
            }
            if configs.entries.count > Self.maximumConfigurations {
                warn("configs", "names \(configs.entries.count) configurations; the first \(Self.maximumConfigurations) are read")
            }
            return configs.entries.prefix(Self.maximumConfigurations).map { name, value in
                if value.scalarText == nil && value != .null { warn("configs.\(name)", "is \(value.typeName), expected debug or release") }
                return SpecConfiguration(name: name, kind: SpecConfiguration.Kind(value.scalarText ?? ""))
            }.sorted { $0.name < $1.name }
        }

        /// `configFiles:` as file-reference ids by configuration name.
        mutating func configFiles(_ value: SpecValue?, key: String) -> [String: String] {
            guard let value else { return [:] }
            guard case .dictionary(let files) = value else {
                warn(key, "is \(value.typeName), expected xcconfig files by configuration")
                return [:]
            }
            var ids: [String: String] = [:]
            for (configuration, path) in files.entries {
                guard case .string(let written) = path else {
                    warn("\(key).\(configuration)", "is \(path.typeName), expected an xcconfig file's path")
                    continue
                }
                ids[configuration] = fileNode(ProjectPaths.normalize(ProjectPaths.join(folder, written)))
            }
            return ids
        }

        /// `info:`: the path written, its contents generated from `properties`.
        mutating func infoPlist(_ value: SpecValue?, key: String) -> String? {
            guard let value else { return nil }
            guard case .dictionary(let info) = value else {
                warn(key, "is \(value.typeName), expected path and properties")
                return nil
            }
            guard case .string(let written)? = info["path"] else {
                warn("\(key).path", "is missing or not a string; the Info.plist it describes is not read")
                return nil
            }
            let path = ProjectPaths.normalize(ProjectPaths.join(folder, written))
            if let data = SpecInfoPlist.contents(properties: info["properties"], key: key, file: specPath, warnings: &warnings) {
                generated[path] = data
            }
            return path
        }

        /// The scheme archive configuration XcodeGen writes for `target`: a spec scheme's
        /// `archive.config` where a scheme builds the target, else, for a target with a
        /// `scheme:`, the first release configuration.
        func archiveConfiguration(of target: SpecTarget, configurations: [SpecConfiguration]) -> String? {
            if case .dictionary(let schemes)? = spec["schemes"] {
                // A scheme named as the target first, then the others by name.
                let ordered = schemes.entries.sorted { first, second in
                    if (first.key == target.name) != (second.key == target.name) { return first.key == target.name }
                    return first.key < second.key
                }
                for (_, scheme) in ordered {
                    guard case .dictionary(let scheme) = scheme,
                          case .dictionary(let build)? = scheme["build"],
                          case .dictionary(let built)? = build["targets"], built[target.name] != nil else { continue }
                    if case .dictionary(let archive)? = scheme["archive"], let configuration = archive["config"]?.scalarText,
                       configurations.contains(where: { $0.name == configuration }) {
                        return configuration
                    }
                    return configurations.first { $0.kind == .release }?.name
                }
            }
            if target.definition["scheme"] != nil { return configurations.first { $0.kind == .release }?.name }
            return nil
        }

        /// A file reference for `path`, relative to the spec's folder (`SOURCE_ROOT`).
        mutating func fileNode(_ path: String) -> String {
            if let known = nodeIDs[path] { return known }
            let id = nextID("F")
            nodes[id] = FileNode(kind: .fileReference, name: nil, path: relative(path), sourceTree: "SOURCE_ROOT",
                                 children: [], exceptions: [], explicitFolders: [])
            nodeIDs[path] = id
            return id
        }

        /// `path` relative to the spec's folder, with `..` where it lies beside it.
        func relative(_ path: String) -> String {
            let base = folder.split(separator: "/"), target = path.split(separator: "/")
            var common = 0
            while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
            let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
            return parts.isEmpty ? "." : parts.joined(separator: "/")
        }

        mutating func nextID(_ kind: String) -> String {
            counter += 1
            return "XCODEGEN-\(kind)\(counter)"
        }

        static func sorted(_ settings: [String: String]) -> [BuildConfiguration.Setting] {
            settings.sorted { $0.key < $1.key }.map { BuildConfiguration.Setting(key: $0.key, value: $0.value) }
        }

        mutating func warn(_ key: String, _ message: String) {
            warnings.appendSpecWarning(file: specPath, key: key, message)
        }
    }
}

extension XcodeProject {
    /// The project an XcodeGen spec generates (see `XcodeGenSpec`).
    init(specPath: String, folder: String, name: String, developmentRegion: String?, targets: [XcodeTarget],
         warnings: [CatalogWarning], configurationList: ConfigurationList, nodes: [String: FileNode], folders: ResolvedFolders) {
        path = specPath
        self.folder = folder
        self.folders = folders
        realFolder = folders.realPath(folder)
        self.name = name
        self.developmentRegion = developmentRegion
        self.targets = targets
        self.warnings = warnings
        self.configurationList = configurationList
        self.nodes = nodes
        parents = [:]
    }
}
