import FileAccess
import Foundation
import TerminalText

/// One Xcode project, read from its `project.pbxproj` into typed values: the targets with
/// their configurations and resources, the project's own configurations, and the group
/// tree that turns a file reference into a path. Every value taken from the file is
/// type-checked; what is malformed becomes a warning, except what makes the whole file
/// unusable (no `objects`, no root project), which is an error.
package struct XcodeProject: Sendable {
    /// The `.xcodeproj` bundle, absolute and normalised.
    package let path: String
    /// `SRCROOT`: the folder holding the `.xcodeproj`. Nothing outside it is ever read.
    package let folder: String
    /// `folder` with its symbolic links resolved (nil when it cannot be), resolved once for
    /// the many paths checked against it.
    let realFolder: String?
    /// The folders resolved for the opening the project was read in (see `ResolvedFolders`).
    let folders: ResolvedFolders
    /// The project's name (the bundle's name without `.xcodeproj`), `PROJECT_NAME`.
    package let name: String
    /// `developmentRegion`, which Xcode passes on as `DEVELOPMENT_LANGUAGE`.
    package let developmentRegion: String?
    /// Every target, in the order the project lists them.
    package let targets: [XcodeTarget]
    /// Problems found while reading the file that did not stop it being read.
    package let warnings: [CatalogWarning]

    /// The `project.pbxproj` inside `path`; for an XcodeGen spec, the spec itself.
    package var projectFile: String {
        ProjectPaths.pathExtension(path) == "xcodeproj" ? ProjectPaths.join(path, "project.pbxproj") : path
    }

    /// Where the files the project names may be read (see `ReadBoundary`); the project's folder
    /// unless the opening says otherwise.
    package var readBoundary: ReadBoundary?
    /// For a project generated from an XcodeGen spec: the spec files read, in the order XcodeGen
    /// merges them (each included spec before the spec including it; the spec itself last).
    package var specFiles: [String] = []
    package var boundary: ReadBoundary { readBoundary ?? ReadBoundary(root: folder, kind: .projectFolder, realRoot: realFolder, folders: folders) }
    /// Files the project's generator writes (an XcodeGen spec's Info.plists), by absolute path:
    /// read from here, not from disk.
    var generatedFiles: [String: Data] = [:]
    /// The configuration each target's scheme archives with, where a generator's spec says.
    var archiveConfigurations: [String: String] = [:]

    /// The project-level configurations, whose settings sit below every target's.
    package let configurationList: ConfigurationList
    /// Groups, file references and synchronized folders by object id.
    package let nodes: [String: FileNode]
    /// Each node's parent in the group tree, from a walk of `mainGroup` that visits each node once.
    package let parents: [String: String]
    /// The xcconfig files of the project, each read once however many targets include it.
    package let xcconfigFiles = XCConfigFiles()
    /// Settings levels (a configuration's xcconfig and settings, Xcode's defaults), each made
    /// once however many targets read them.
    let settingsLevels = SettingsLevels()

    /// The targets whose product is an application, for any platform (`XcodeTargetResolver`
    /// tells the iOS ones apart, which takes their build settings).
    package var applicationTargets: [XcodeTarget] { targets.filter(\.isApplication) }

    /// The target called `name`; an error lists the targets there are.
    package func target(named name: String) throws(XcodeProjectError) -> XcodeTarget {
        guard let target = targets.first(where: { $0.name == name }) else {
            throw .unknownTarget(path: path, name: name, available: targets.map(\.name))
        }
        return target
    }

    /// Reads `xcodeproj/project.pbxproj`, or an XcodeGen spec (see `XcodeGenSpec`); files it
    /// names are read inside `boundary` (default: the project's folder).
    package static func read(_ xcodeproj: String, boundary: ReadBoundary? = nil) throws(XcodeProjectError) -> XcodeProject {
        if XcodeGenSpec.isSpecFile(xcodeproj) { return try XcodeGenSpec.read(xcodeproj, boundary: boundary) }
        var project = try readBundle(xcodeproj, folders: boundary?.folders ?? ResolvedFolders())
        project.readBoundary = boundary
        return project
    }

    private static func readBundle(_ xcodeproj: String, folders: ResolvedFolders) throws(XcodeProjectError) -> XcodeProject {
        let bundle = ProjectPaths.absolute(xcodeproj)
        let file = ProjectPaths.join(bundle, "project.pbxproj")
        guard FileKind.notFollowing(bundle) != nil else { throw .notFound(path: xcodeproj) }
        if let problem = XcodeProjectLocator.projectFileProblem(bundle, named: xcodeproj) { throw problem }
        let plist = try ProjectFileLoader.load(file)
        return try XcodeProject(plist: plist, bundle: bundle, file: file, folders: folders)
    }

    /// The project `xcodeproj` whose `project.pbxproj` holds `contents` (which may differ from the
    /// file on disk: an edit not yet written).
    package static func read(_ xcodeproj: String, projectFile contents: Data) throws(XcodeProjectError) -> XcodeProject {
        let bundle = ProjectPaths.absolute(xcodeproj)
        return try read(bundle, plist: ProjectFileLoader.parse(contents, path: ProjectPaths.join(bundle, "project.pbxproj")))
    }

    /// The project `xcodeproj` whose `project.pbxproj` holds `plist`, already parsed.
    package static func read(_ xcodeproj: String, plist: ProjectDictionary) throws(XcodeProjectError) -> XcodeProject {
        let bundle = ProjectPaths.absolute(xcodeproj)
        return try XcodeProject(plist: plist, bundle: bundle, file: ProjectPaths.join(bundle, "project.pbxproj"))
    }

    init(plist: ProjectDictionary, bundle: String, file: String, folders: ResolvedFolders = ResolvedFolders()) throws(XcodeProjectError) {
        guard let rawObjects = plist["objects"] else {
            throw .malformed(path: file, key: "objects", problem: "is missing")
        }
        guard let objects = rawObjects.dictionary else {
            throw .malformed(path: file, key: "objects", problem: "is \(rawObjects.typeName), expected a dictionary")
        }
        var reader = ObjectReader(file: file, objects: objects)
        guard let rootID = plist["rootObject"]?.string else {
            throw .malformed(path: file, key: "rootObject", problem: "is missing or not a string")
        }
        guard let root = reader.object(rootID), root["isa"]?.string == "PBXProject" else {
            throw .malformed(path: file, key: "rootObject", problem: "does not name a PBXProject object")
        }
        path = bundle
        folder = ProjectPaths.parent(bundle)
        self.folders = folders
        realFolder = folders.realPath(folder)
        name = (ProjectPaths.lastComponent(bundle) as NSString).deletingPathExtension
        developmentRegion = reader.string(root, "developmentRegion", id: rootID)
        guard let listID = reader.string(root, "buildConfigurationList", id: rootID),
              let list = reader.configurationList(listID) else {
            throw .malformed(path: file, key: "objects.\(rootID).buildConfigurationList",
                             problem: "does not name a configuration list")
        }
        configurationList = list
        nodes = reader.fileNodes()
        if let mainGroup = reader.string(root, "mainGroup", id: rootID), nodes[mainGroup] != nil {
            parents = reader.parents(from: mainGroup, nodes: nodes)
        } else {
            reader.warn("objects.\(rootID).mainGroup is missing or not a group; files are looked for from the project's folder")
            parents = [:]
        }
        targets = reader.targets(reader.strings(root, "targets", id: rootID))
        warnings = reader.warnings
    }
}

/// A target as the project file describes it, before any build setting is evaluated.
package struct XcodeTarget: Sendable, Equatable {
    /// The target's name (`TARGET_NAME`).
    package let name: String
    /// `productType`, e.g. `com.apple.product-type.application`; nil for aggregate targets.
    package let productType: String?
    /// The names of its configurations, in the project's order.
    package let configurations: [String]
    /// `defaultConfigurationName` of its configuration list, what `xcodebuild` builds
    /// without `-configuration`.
    package let defaultConfiguration: String?

    /// True for application targets of any platform.
    package var isApplication: Bool { productType == Self.applicationProductType }
    static let applicationProductType = "com.apple.product-type.application"

    /// The target's object id in the project file.
    package let id: String
    package let configurationList: ConfigurationList
    /// File reference ids from the target's resources build phases, in order.
    package let resourceFiles: [String]
    /// `fileSystemSynchronizedGroups`: synchronized folders whose files all belong to the target.
    package let synchronizedFolders: [String]

    /// The configuration used when none is asked for: `Release` where the target has it
    /// (what people ship), else the list's default, else the first.
    package var preferredConfiguration: String? {
        if configurations.contains("Release") { return "Release" }
        if let defaultConfiguration, configurations.contains(defaultConfiguration) { return defaultConfiguration }
        return configurations.first
    }
}

package struct ConfigurationList: Sendable, Equatable {
    package var configurations: [BuildConfiguration]
    package var defaultName: String?

    package func named(_ name: String) -> BuildConfiguration? {
        configurations.first { $0.name == name }
    }
}

package struct BuildConfiguration: Sendable, Equatable {
    package struct Setting: Sendable, Equatable {
        package let key: String
        package let value: String
    }

    /// Where a configuration's xcconfig file is.
    package enum BaseConfiguration: Sendable, Equatable {
        /// `baseConfigurationReference`: a file reference in the group tree.
        case fileReference(String)
        /// `baseConfigurationReferenceAnchor` plus `baseConfigurationReferenceRelativePath`:
        /// a file inside a synchronized folder.
        case inSynchronizedFolder(anchor: String, relativePath: String)
    }

    package let id: String
    package let name: String
    /// `buildSettings` sorted by key, so `NAME` comes before its conditional `NAME[sdk=…]`
    /// forms, which then take precedence as Xcode gives them.
    package let settings: [Setting]
    package let base: BaseConfiguration?
}

/// A group, file reference or synchronized folder in the project's file tree.
package struct FileNode: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case group, variantGroup, versionGroup, fileReference, synchronizedFolder
    }

    package struct MembershipExceptions: Sendable, Equatable {
        /// The target the exceptions are for (nil when the set names none).
        package let target: String?
        /// Paths relative to the synchronized folder.
        package let paths: [String]
    }

    package let kind: Kind
    package let name: String?
    package let path: String?
    package let sourceTree: String
    package let children: [String]
    /// For a synchronized folder: its build-file exception sets.
    package let exceptions: [MembershipExceptions]
    /// For a synchronized folder: subfolders kept as folder references (copied, not compiled).
    package let explicitFolders: [String]
}

/// Reads the project's objects into the project model, turning every wrong type into a
/// warning that names the key.
struct ObjectReader {
    let file: String
    let objects: ProjectDictionary
    /// Where each object id's (last) entry is in `objects`.
    private let positions: [String: Int]
    private(set) var warnings: [CatalogWarning] = []
    /// Objects that many others may name, read once and shared (their arrays are then one
    /// copy in memory however often they are named): exception sets, configurations and
    /// configuration lists, by id.
    private var exceptionSets: [String: FileNode.MembershipExceptions?] = [:]
    private var configurations: [String: BuildConfiguration?] = [:]
    private var configurationLists: [ConfigurationListKey: ConfigurationList?] = [:]

    private struct ConfigurationListKey: Hashable {
        let id: String
        let withSettings: Bool
    }

    /// Distinct warnings are kept; a project with thousands of broken entries reports the first ones.
    static let maximumWarnings = 50

    init(file: String, objects: ProjectDictionary) {
        self.file = file
        self.objects = objects
        positions = objects.index()
    }

    mutating func warn(_ message: String) {
        guard warnings.count < Self.maximumWarnings else { return }
        warnings.append(CatalogWarning(subject: file, message: message, code: .malformedProject))
    }

    mutating func object(_ id: String) -> ProjectDictionary? {
        guard let position = positions[id] else { return nil }
        let value = objects.entries[position].value
        guard let object = value.dictionary else {
            warn("objects.\(id) is \(value.typeName), expected a dictionary")
            return nil
        }
        return object
    }

    mutating func string(_ object: ProjectDictionary, _ key: String, id: String) -> String? {
        guard let value = object[key] else { return nil }
        guard let string = value.string else {
            warn("objects.\(id).\(key) is \(value.typeName), expected a string")
            return nil
        }
        return string
    }

    mutating func strings(_ object: ProjectDictionary, _ key: String, id: String) -> [String] {
        guard let value = object[key] else { return [] }
        guard let array = value.array else {
            warn("objects.\(id).\(key) is \(value.typeName), expected an array")
            return []
        }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element.string else {
                warn("objects.\(id).\(key)[\(index)] is \(element.typeName), expected a string")
                continue
            }
            result.append(string)
        }
        return result
    }

    /// `withSettings` false: the configurations' names only, for a target that is no application
    /// (its settings and xcconfig file are never evaluated).
    /// Read once per id and shared by every target naming it (10,000 targets sharing a
    /// configuration of 100 settings took 271 MB when each had its own copy).
    mutating func configurationList(_ id: String, withSettings: Bool = true) -> ConfigurationList? {
        let key = ConfigurationListKey(id: id, withSettings: withSettings)
        if let known = configurationLists[key] { return known }
        let list = readConfigurationList(id, withSettings: withSettings)
        configurationLists[key] = .some(list)
        return list
    }

    private mutating func readConfigurationList(_ id: String, withSettings: Bool) -> ConfigurationList? {
        guard let list = object(id), list["isa"]?.string == "XCConfigurationList" else {
            warn("objects.\(id) is not an XCConfigurationList")
            return nil
        }
        var configurations: [BuildConfiguration] = []
        var listed: Set<String> = []
        for configurationID in strings(list, "buildConfigurations", id: id) {
            guard listed.insert(configurationID).inserted else {
                warn("objects.\(id).buildConfigurations names \(configurationID) more than once; it is read once")
                continue
            }
            guard let configuration = configuration(configurationID, list: id, withSettings: withSettings) else { continue }
            configurations.append(configuration)
        }
        return ConfigurationList(configurations: configurations,
                                 defaultName: string(list, "defaultConfigurationName", id: id))
    }

    /// The configuration `id`, with its settings read once however many lists name it
    /// (without them, only its name is read).
    private mutating func configuration(_ id: String, list: String, withSettings: Bool) -> BuildConfiguration? {
        if withSettings, let known = configurations[id] { return known }
        var result: BuildConfiguration?
        if let configuration = object(id), configuration["isa"]?.string == "XCBuildConfiguration" {
            if let name = string(configuration, "name", id: id) {
                result = BuildConfiguration(id: id, name: name,
                                            settings: withSettings ? settings(configuration, id: id) : [],
                                            base: withSettings ? base(configuration, id: id) : nil)
            } else {
                warn("objects.\(id).name is missing")
            }
        } else {
            warn("objects.\(list).buildConfigurations names \(id), which is not an XCBuildConfiguration")
        }
        if withSettings { configurations[id] = .some(result) }
        return result
    }

    /// Settings whose values are strings, or arrays of strings joined as Xcode joins a list.
    private mutating func settings(_ configuration: ProjectDictionary, id: String) -> [BuildConfiguration.Setting] {
        guard let raw = configuration["buildSettings"] else { return [] }
        guard let dictionary = raw.dictionary else {
            warn("objects.\(id).buildSettings is \(raw.typeName), expected a dictionary")
            return []
        }
        var settings: [BuildConfiguration.Setting] = []
        for entry in dictionary.sortedUniqueEntries {
            let key = entry.key, value = entry.value
            if let string = value.string {
                settings.append(.init(key: key, value: string))
            } else if let array = value.array, array.allSatisfy({ $0.string != nil }) {
                let words = array.compactMap(\.string).map(StringList.quoted)
                settings.append(.init(key: key, value: words.joined(separator: " ")))
            } else {
                warn("objects.\(id).buildSettings.\(key) is \(value.typeName), expected a string")
            }
        }
        return settings
    }

    private mutating func base(_ configuration: ProjectDictionary, id: String) -> BuildConfiguration.BaseConfiguration? {
        if let reference = string(configuration, "baseConfigurationReference", id: id) {
            return .fileReference(reference)
        }
        if let anchor = string(configuration, "baseConfigurationReferenceAnchor", id: id),
           let relative = string(configuration, "baseConfigurationReferenceRelativePath", id: id) {
            return .inSynchronizedFolder(anchor: anchor, relativePath: relative)
        }
        return nil
    }

    /// Every group, file reference and synchronized folder in the file, reachable or not.
    mutating func fileNodes() -> [String: FileNode] {
        var nodes: [String: FileNode] = [:]
        // An id written twice is read once, with its last object (checked only when there are such ids).
        let allUnique = positions.count == objects.entries.count
        for (position, entry) in objects.entries.enumerated() where allUnique || positions[entry.key] == position {
            let id = entry.key
            guard let object = entry.value.dictionary, let isa = object["isa"]?.string else { continue }
            let kind: FileNode.Kind
            switch isa {
            case "PBXGroup": kind = .group
            case "PBXVariantGroup": kind = .variantGroup
            case "XCVersionGroup": kind = .versionGroup
            case "PBXFileReference", "PBXReferenceProxy": kind = .fileReference
            case "PBXFileSystemSynchronizedRootGroup": kind = .synchronizedFolder
            default: continue
            }
            var exceptions: [FileNode.MembershipExceptions] = []
            if kind == .synchronizedFolder {
                // Each set once per folder, and read once however many folders list it: a set listed
                // n times, naming m files, cost memory in n × m.
                var listed: Set<String> = []
                for exceptionID in strings(object, "exceptions", id: id) where listed.insert(exceptionID).inserted {
                    if let set = exceptionSet(exceptionID) { exceptions.append(set) }
                }
            }
            nodes[id] = FileNode(
                kind: kind, name: string(object, "name", id: id), path: string(object, "path", id: id),
                sourceTree: string(object, "sourceTree", id: id) ?? "<group>",
                children: kind == .fileReference || kind == .synchronizedFolder ? [] : strings(object, "children", id: id),
                exceptions: exceptions,
                explicitFolders: kind == .synchronizedFolder ? strings(object, "explicitFolders", id: id) : [])
        }
        return nodes
    }

    /// The build-file exception set `id`, read once and shared; its paths each listed once.
    private mutating func exceptionSet(_ id: String) -> FileNode.MembershipExceptions? {
        if let known = exceptionSets[id] { return known }
        var set: FileNode.MembershipExceptions?
        if let object = object(id), object["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet" {
            var seen: Set<String> = []
            let paths = strings(object, "membershipExceptions", id: id).filter { seen.insert($0).inserted }
            set = .init(target: string(object, "target", id: id), paths: paths)
        }
        exceptionSets[id] = .some(set)
        return set
    }

    /// A breadth-first walk of the group tree from `root` that visits each node once, so a
    /// group listed inside itself (or in two places) cannot make a later walk loop.
    mutating func parents(from root: String, nodes: [String: FileNode]) -> [String: String] {
        var parents: [String: String] = [:]
        var visited: Set<String> = [root]
        var queue = [root]
        var next = 0
        var reportedCycle = false
        while next < queue.count {
            let id = queue[next]
            next += 1
            for child in nodes[id]?.children ?? [] where nodes[child] != nil {
                guard visited.insert(child).inserted else {
                    if !reportedCycle {
                        reportedCycle = true
                        warnings.append(CatalogWarning(subject: file,
                            message: "group \(id) lists \(child), which is already in the group tree (a cycle or a file in two groups); it is used once",
                            code: .groupCycle))
                    }
                    continue
                }
                parents[child] = id
                queue.append(child)
            }
        }
        return parents
    }

    /// The targets `ids` name, each read once: an id listed again, or a second target of a
    /// name already taken, is a warning and left out. Xcode never writes either, and a name
    /// that repeats inside one project is one no `--project` could choose between.
    mutating func targets(_ ids: [String]) -> [XcodeTarget] {
        var seenIDs: Set<String> = []
        var seenNames: Set<String> = []
        var repeatedIDs: [String: Int] = [:]
        var repeatedNames: [String: Int] = [:]
        var targets: [XcodeTarget] = []
        for id in ids {
            guard seenIDs.insert(id).inserted else {
                repeatedIDs[id, default: 0] += 1
                continue
            }
            guard let target = target(id) else { continue }
            guard seenNames.insert(target.name).inserted else {
                repeatedNames[target.name, default: 0] += 1
                continue
            }
            targets.append(target)
        }
        for (id, count) in repeatedIDs.sorted(by: { $0.key < $1.key }).prefix(Self.maximumWarnings) {
            warnings.append(CatalogWarning(subject: file,
                message: "the project lists target \(MessageText.abbreviated(id)) \(MessageText.grouped(count + 1)) times; it is read once",
                code: .duplicateTarget))
        }
        for (name, count) in repeatedNames.sorted(by: { $0.key < $1.key }).prefix(Self.maximumWarnings) {
            warnings.append(CatalogWarning(subject: file,
                message: "\(MessageText.grouped(count + 1)) targets are called “\(MessageText.abbreviated(name))”; the first is read",
                code: .duplicateTarget))
        }
        return targets
    }

    mutating func target(_ id: String) -> XcodeTarget? {
        guard let target = object(id) else {
            warn("targets names \(id), which is not an object")
            return nil
        }
        guard let name = string(target, "name", id: id) else {
            warn("objects.\(id).name is missing; the target is skipped")
            return nil
        }
        // Only an application's settings and resources are ever read: a project's other targets
        // (extensions, frameworks, tests) are most of its objects.
        let productType = string(target, "productType", id: id)
        let isApplication = productType == XcodeTarget.applicationProductType
        let list = string(target, "buildConfigurationList", id: id).flatMap { configurationList($0, withSettings: isApplication) }
            ?? ConfigurationList(configurations: [], defaultName: nil)
        var resources: [String] = []
        for phaseID in isApplication ? strings(target, "buildPhases", id: id) : [] {
            guard let phase = object(phaseID), phase["isa"]?.string == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in strings(phase, "files", id: phaseID) {
                guard let buildFile = object(buildFileID),
                      let reference = string(buildFile, "fileRef", id: buildFileID) else { continue }
                resources.append(reference)
            }
        }
        return XcodeTarget(
            name: name, productType: productType,
            configurations: list.configurations.map(\.name), defaultConfiguration: list.defaultName,
            id: id, configurationList: list, resourceFiles: resources,
            synchronizedFolders: strings(target, "fileSystemSynchronizedGroups", id: id))
    }
}
