import Foundation

/// Writes small Xcode projects for tests: a `project.pbxproj` in the OpenStep format
/// Xcode writes, with groups, file references, synchronized folders (and their exception
/// sets), targets with configurations, resources and xcconfig files. Objects can also be
/// replaced wholesale to make malformed projects.
public struct PBXProjectBuilder {
    public typealias ID = String

    public static let application = "com.apple.product-type.application"
    public static let framework = "com.apple.product-type.framework"

    public private(set) var objects: [ID: [String: Any]] = [:]
    public let rootObject: ID
    public let mainGroup: ID
    public let configurations: [String]
    private let projectConfigurationList: ID
    private var targets: [ID] = []
    private var counter = 0

    /// A project whose configurations are `configurations` (the list's default being
    /// `defaultConfiguration`) and whose project-level settings are `projectSettings`.
    public init(configurations: [String] = ["Debug", "Release"], defaultConfiguration: String = "Release",
                projectSettings: [String: Any] = ["SDKROOT": "iphoneos"], developmentRegion: String = "en") {
        self.configurations = configurations
        rootObject = Self.id(1)
        mainGroup = Self.id(2)
        projectConfigurationList = Self.id(3)
        counter = 3
        objects[mainGroup] = ["isa": "PBXGroup", "children": [String](), "sourceTree": "<group>"]
        let list = makeConfigurationList(configurations, defaultConfiguration: defaultConfiguration,
                                         settings: Dictionary(uniqueKeysWithValues: configurations.map { ($0, projectSettings) }))
        objects[projectConfigurationList] = list
        objects[rootObject] = [
            "isa": "PBXProject", "buildConfigurationList": projectConfigurationList, "mainGroup": mainGroup,
            "targets": [String](), "developmentRegion": developmentRegion, "projectDirPath": "", "projectRoot": "",
        ]
    }

    private static func id(_ number: Int) -> ID {
        String(format: "AA%022X", number)
    }

    /// A fresh object id, for objects added with `set`.
    public mutating func newID() -> ID {
        counter += 1
        return Self.id(counter)
    }

    private mutating func makeConfigurationList(_ names: [String], defaultConfiguration: String,
                                                settings: [String: [String: Any]]) -> [String: Any] {
        var ids: [ID] = []
        for name in names {
            let id = newID()
            objects[id] = ["isa": "XCBuildConfiguration", "name": name, "buildSettings": settings[name] ?? [:]]
            ids.append(id)
        }
        return ["isa": "XCConfigurationList", "buildConfigurations": ids, "defaultConfigurationName": defaultConfiguration]
    }

    private mutating func append(_ child: ID, to parent: ID?) {
        let parent = parent ?? mainGroup
        var children = objects[parent]?["children"] as? [String] ?? []
        children.append(child)
        objects[parent]?["children"] = children
    }

    /// A group (with a folder `path`, or only a `name`) inside `parent` (the main group by default).
    @discardableResult
    public mutating func group(_ path: String?, name: String? = nil, sourceTree: String = "<group>", in parent: ID? = nil) -> ID {
        let id = newID()
        var object: [String: Any] = ["isa": "PBXGroup", "children": [String](), "sourceTree": sourceTree]
        if let path { object["path"] = path }
        if let name { object["name"] = name }
        objects[id] = object
        append(id, to: parent)
        return id
    }

    /// A file reference (a file or a folder such as `Assets.xcassets`).
    @discardableResult
    public mutating func file(_ path: String, sourceTree: String = "<group>", in parent: ID? = nil) -> ID {
        let id = newID()
        objects[id] = ["isa": "PBXFileReference", "path": path, "sourceTree": sourceTree]
        append(id, to: parent)
        return id
    }

    /// A variant group (localized resources) holding file references at `paths`.
    @discardableResult
    public mutating func variantGroup(_ name: String, paths: [String], in parent: ID? = nil) -> ID {
        let id = newID()
        objects[id] = ["isa": "PBXVariantGroup", "name": name, "children": [String](), "sourceTree": "<group>"]
        append(id, to: parent)
        for path in paths { file(path, in: id) }
        return id
    }

    /// An Xcode 16 synchronized folder.
    @discardableResult
    public mutating func synchronizedFolder(_ path: String, explicitFolders: [String] = [], in parent: ID? = nil) -> ID {
        let id = newID()
        objects[id] = ["isa": "PBXFileSystemSynchronizedRootGroup", "path": path, "sourceTree": "<group>",
                       "exceptions": [String](), "explicitFolders": explicitFolders, "explicitFileTypes": [String: Any]()]
        append(id, to: parent)
        return id
    }

    /// A build-file exception set of `folder` for `target`.
    public mutating func exceptions(in folder: ID, for target: ID, _ paths: [String]) {
        let id = newID()
        objects[id] = ["isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "membershipExceptions": paths, "target": target]
        var exceptions = objects[folder]?["exceptions"] as? [String] ?? []
        exceptions.append(id)
        objects[folder]?["exceptions"] = exceptions
    }

    /// A base configuration (xcconfig) for a configuration of the project, or of every one.
    public mutating func projectBaseConfiguration(_ file: ID, for configuration: String? = nil) {
        setBase(list: projectConfigurationList, file: file, configuration: configuration)
    }

    private mutating func setBase(list: ID, file: ID, configuration: String?) {
        for id in objects[list]?["buildConfigurations"] as? [String] ?? [] {
            guard configuration == nil || objects[id]?["name"] as? String == configuration else { continue }
            objects[id]?["baseConfigurationReference"] = file
        }
    }

    /// A target. `settings` apply to every configuration, `perConfiguration` on top of them;
    /// `baseConfiguration` is an xcconfig file reference for every configuration.
    @discardableResult
    public mutating func target(_ name: String, productType: String? = Self.application, settings: [String: Any] = [:],
                                perConfiguration: [String: [String: Any]] = [:], baseConfiguration: ID? = nil,
                                resources: [ID] = [], synchronizedFolders: [ID] = [],
                                defaultConfiguration: String? = nil) -> ID {
        let id = newID()
        var merged: [String: [String: Any]] = [:]
        for configuration in configurations {
            merged[configuration] = settings.merging(perConfiguration[configuration] ?? [:]) { _, new in new }
        }
        let listID = newID()
        objects[listID] = makeConfigurationList(configurations, defaultConfiguration: defaultConfiguration ?? configurations.last!,
                                                settings: merged)
        if let baseConfiguration { setBase(list: listID, file: baseConfiguration, configuration: nil) }
        var buildFiles: [ID] = []
        for resource in resources {
            let buildFile = newID()
            objects[buildFile] = ["isa": "PBXBuildFile", "fileRef": resource]
            buildFiles.append(buildFile)
        }
        let phase = newID()
        objects[phase] = ["isa": "PBXResourcesBuildPhase", "files": buildFiles, "buildActionMask": "2147483647"]
        var object: [String: Any] = [
            "isa": productType == nil ? "PBXAggregateTarget" : "PBXNativeTarget", "name": name,
            "buildConfigurationList": listID, "buildPhases": [phase], "fileSystemSynchronizedGroups": synchronizedFolders,
        ]
        if let productType { object["productType"] = productType }
        objects[id] = object
        targets.append(id)
        objects[rootObject]?["targets"] = targets
        return id
    }

    /// Sets a base configuration in a synchronized folder, as Xcode 16 writes it, for every
    /// configuration of `target`.
    public mutating func targetBaseConfiguration(_ target: ID, anchor folder: ID, relativePath: String) {
        guard let list = objects[target]?["buildConfigurationList"] as? String else { return }
        for id in objects[list]?["buildConfigurations"] as? [String] ?? [] {
            objects[id]?["baseConfigurationReferenceAnchor"] = folder
            objects[id]?["baseConfigurationReferenceRelativePath"] = relativePath
        }
    }

    /// Replaces (or adds) an object as it is, for malformed projects.
    public mutating func set(_ id: ID, _ object: [String: Any]) {
        objects[id] = object
    }

    /// The whole `project.pbxproj`, as Xcode writes it.
    public func text() -> String {
        var out = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
        for id in objects.keys.sorted() {
            out += "\t\t\(id) = \(Self.encode(objects[id]!, indent: 2));\n"
        }
        out += "\t};\n\trootObject = \(rootObject);\n}\n"
        return out
    }

    /// Writes `relative` (a `.xcodeproj` folder) under `folder` and returns its path.
    @discardableResult
    public func write(into folder: TemporaryFolder, as relative: String = "App.xcodeproj") -> String {
        folder.write(relative + "/project.pbxproj", text())
        return folder.url(relative)
    }

    static func encode(_ value: Any, indent: Int) -> String {
        let pad = String(repeating: "\t", count: indent + 1)
        switch value {
        case let string as String:
            return quote(string)
        case let array as [Any]:
            return "(" + array.map { "\n\(pad)\(encode($0, indent: indent + 1))," }.joined() + "\n" + pad.dropLast() + ")"
        case let dictionary as [String: Any]:
            return "{" + dictionary.keys.sorted().map { "\n\(pad)\(quote($0)) = \(encode(dictionary[$0]!, indent: indent + 1));" }
                .joined() + "\n" + pad.dropLast() + "}"
        default:
            return quote("\(value)")
        }
    }

    static func quote(_ string: String) -> String {
        var out = "\""
        for character in string {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
