import Foundation
import IconCatalog

/// Where each configuration of a target reads the alternate-icon list (and the primary
/// icon's name) from, lowest level first, as IconCatalog evaluates settings: the project's
/// configuration (its xcconfig file with what that includes, then its `buildSettings`), then
/// the target's. Only assignments without a condition count: those are the ones Xcode's
/// editor writes.
struct SettingSites {
    struct Definition {
        let site: SettingSite
        /// The value as written (a pbxproj string decoded; an xcconfig value without its `;`).
        let value: String
    }

    struct Chain {
        let configuration: String
        let includesAllAppIcons: Bool
        let list: [Definition]
        let primary: [Definition]
        /// The target's own configuration object, where a setting written nowhere goes.
        let targetConfiguration: String?
    }

    /// What one edit does to a list's value: the new value, or nil to delete its line.
    enum Operation {
        case add(String)
        case remove(String, deletable: Bool)
        case separateWithSpaces

        /// Throws (a reason) when the value's quoting is unbalanced, which no edit can keep.
        func apply(to value: String) throws(UnbalancedQuoting) -> String? {
            let list = SettingListText(value)
            guard list.isWellFormed else { throw UnbalancedQuoting() }
            switch self {
            case .add(let name): return list.adding(name)
            case .remove(let name, let deletable):
                let rest = list.removing(name)
                return deletable && SettingListText(rest).words.isEmpty ? nil : rest
            case .separateWithSpaces: return list.separatedBySpaces()
            }
        }
    }

    struct UnbalancedQuoting: Error {
        static let reason = "has a quote left open or ends in a lone backslash"
    }

    /// The project as IconCatalog reads it: from `project.pbxproj`, or generated from an XcodeGen spec.
    let project: XcodeProject
    /// The project file (`project.pbxproj`) or the spec.
    let file: String
    /// The project file as the change set holds it; nil for a spec.
    let projectFile: ProjectFileState?
    let target: XcodeTarget
    let chains: [Chain]

    /// True for an XcodeGen spec (`project.yml`); its settings are edited in the spec.
    static func isSpec(_ path: String) -> Bool {
        ["yml", "yaml"].contains(ProjectPaths.pathExtension(path))
    }

    init(project path: String, target name: String, changes: inout ChangeSet) throws(ProjectEditError) {
        if Self.isSpec(path) {
            file = ProjectPaths.absolute(path)
            do {
                project = try XcodeProject.read(file)
            } catch {
                throw ProjectEditError(path: file, kind: .notAProject(error.description))
            }
            projectFile = nil
            for change in changes.changes where ProjectPaths.pathExtension(change.path) == "xcconfig" {
                if let replacement = change.replacement { project.xcconfigFiles.replace(change.path, with: replacement) }
            }
            guard let found = project.targets.first(where: { $0.name == name }) else {
                throw ProjectEditError(path: file, kind: .unknownTarget(name, available: project.targets.map(\.name)))
            }
            target = found
        } else {
            let state = try ProjectFileState(xcodeproj: path, changes: &changes)
            project = state.project
            file = state.file
            projectFile = state
            target = try state.target(named: name)
        }
        let isSpec = projectFile == nil
        var chains: [Chain] = []
        for configuration in target.configurations {
            var list: [Definition] = [], primary: [Definition] = []
            let levels: [(BuildConfiguration?, String?)] = [
                (project.configurationList.named(configuration), nil),
                (target.configurationList.named(configuration), target.name),
            ]
            for case let (level?, targetName) in levels {
                let assignments = try Self.xcconfigAssignments(level, project: project, file: file)
                for (key, into) in [(AlternateIconNames.setting, 0), (AlternateIconNames.primarySetting, 1)] {
                    var found = assignments.filter { $0.name == key && $0.conditions.isEmpty }.map {
                        Definition(site: SettingSite(file: Self.file(ofOrigin: $0.origin), place: .xcconfig), value: $0.value)
                    }
                    if let setting = level.settings.last(where: { $0.key == key }) {
                        let site = isSpec
                            ? SettingSite(file: try Self.spec(defining: key, target: targetName, configuration: configuration,
                                                              among: project.specFiles, root: file, changes: &changes),
                                          place: .specSettings(target: targetName, configuration: configuration))
                            : SettingSite(file: file, place: .buildConfiguration(id: level.id, configuration: configuration, target: targetName))
                        found.append(Definition(site: site, value: setting.value))
                    }
                    if into == 0 { list += found } else { primary += found }
                }
            }
            let includesAll: Bool
            do {
                var ignored: [CatalogWarning] = []
                includesAll = try project.buildSettings(target: target.name, configuration: configuration)
                    .bool(AlternateIconNames.includeAllSetting, warnings: &ignored)
            } catch {
                throw ProjectEditError(path: file, kind: .notAProject(error.description))
            }
            chains.append(Chain(configuration: configuration, includesAllAppIcons: includesAll, list: list, primary: primary,
                                targetConfiguration: target.configurationList.named(configuration)?.id))
        }
        self.chains = chains
    }

    /// The assignments of the configuration's xcconfig file and what it includes, in order.
    private static func xcconfigAssignments(_ configuration: BuildConfiguration, project: XcodeProject,
                                            file: String) throws(ProjectEditError) -> [SettingAssignment] {
        func inside(_ id: String) -> String? {
            if case .inside(let path) = project.location(of: id) { return path }
            return nil
        }
        let path: String?
        switch configuration.base {
        case .fileReference(let id)?:
            path = inside(id)
        case .inSynchronizedFolder(let anchor, let relative)?:
            path = inside(anchor).map { ProjectPaths.normalize(ProjectPaths.join($0, relative)) }
        case nil:
            path = nil
        }
        guard let path else { return [] }
        let boundary = project.boundary
        var reader = XCConfigReader(boundary: boundary.root, realBoundary: boundary.realRoot, files: project.xcconfigFiles,
                                    projectFolder: project.folder, boundaryName: boundary.description)
        do {
            return try reader.read(path, referencedFrom: file)
        } catch {
            throw ProjectEditError(path: path, kind: .notAProject(error.description))
        }
    }

    /// The spec file whose line gives a level's setting, as XcodeGen merges them: the spec itself,
    /// else the last included spec that writes it. Where none does (a template or a setting group
    /// gives it, or nothing), the spec that writes the level's settings (or the target), where a new
    /// line would go; else the spec itself.
    private static func spec(defining key: String, target: String?, configuration: String, among files: [String], root: String,
                             changes: inout ChangeSet) throws(ProjectEditError) -> String {
        var holder: String?
        for candidate in [root] + files.reversed().filter({ $0 != root }) {
            let lines = try XCConfigLines.read(candidate, changes: &changes)
            if SpecSettingLines.locate(key, target: target, configuration: configuration, in: lines) != nil { return candidate }
            let holds = SpecSettingLines.settingsBlock(target: target, in: lines) != nil
                || target.map { SpecSettingLines.targetBlock($0, in: lines) != nil } == true
            if holder == nil && holds { holder = candidate }
        }
        return holder ?? root
    }

    /// The file of an assignment's origin, `path:line`.
    private static func file(ofOrigin origin: String) -> String {
        guard let colon = origin.lastIndex(of: ":") else { return origin }
        return String(origin[..<colon])
    }

    func listState() -> AlternateIconNamesState {
        AlternateIconNamesState(configurations: chains.map { chain in
            let effective = chain.list.last
            return .init(name: chain.configuration, includesAllAppIcons: chain.includesAllAppIcons, site: effective?.site,
                         names: effective.map { SettingListText($0.value).names } ?? [])
        })
    }

    // MARK: Edits

    mutating func add(_ name: String, changes: inout ChangeSet) throws(ProjectEditError) -> SettingEdit {
        guard AlternateIconNames.isValidName(name) else {
            throw ProjectEditError(path: file, kind: .invalidName(name))
        }
        var edits: [SettingSite] = []
        var creations: [SettingSite] = []
        var primaryLines: [SettingSite: Definition] = [:]
        for chain in chains where !chain.includesAllAppIcons {
            if let effective = chain.list.last {
                if !SettingListText(effective.value).names.contains(name), !edits.contains(effective.site) { edits.append(effective.site) }
            } else if let primary = chain.primary.last {
                if !creations.contains(primary.site) { creations.append(primary.site) }
                primaryLines[primary.site] = primary
            } else if projectFile == nil {
                let spec = try Self.spec(defining: AlternateIconNames.setting, target: target.name, configuration: chain.configuration,
                                         among: project.specFiles, root: file, changes: &changes)
                let site = SettingSite(file: spec, place: .specSettings(target: target.name, configuration: chain.configuration))
                if !creations.contains(site) { creations.append(site) }
            } else if let id = chain.targetConfiguration {
                let site = SettingSite(file: file,
                                       place: .buildConfiguration(id: id, configuration: chain.configuration, target: target.name))
                if !creations.contains(site) { creations.append(site) }
            }
        }
        try apply(edits.map { ($0, .add(name)) }, creating: creations, value: StringList.quoted(name), changes: &changes)
        return SettingEdit(sites: edits + creations, includingAllAppIcons: chains.filter(\.includesAllAppIcons).map(\.configuration))
    }

    mutating func remove(_ name: String, changes: inout ChangeSet) throws(ProjectEditError) -> SettingEdit {
        var sites: [SettingSite] = []
        // A site's line may go only when no configuration reading it has a list below it.
        var keepsLine: Set<SettingSite> = []
        for chain in chains {
            for (index, definition) in chain.list.enumerated() where SettingListText(definition.value).names.contains(name) {
                if !sites.contains(definition.site) { sites.append(definition.site) }
                if index > 0 { keepsLine.insert(definition.site) }
            }
        }
        try apply(sites.map { ($0, .remove(name, deletable: !keepsLine.contains($0))) }, creating: [], value: "", changes: &changes)
        return SettingEdit(sites: sites, includingAllAppIcons: chains.filter(\.includesAllAppIcons).map(\.configuration))
    }

    mutating func separateWithSpaces(changes: inout ChangeSet) throws(ProjectEditError) -> SettingEdit {
        var sites: [SettingSite] = []
        for chain in chains {
            for definition in chain.list where SettingListText(definition.value).usesCommas && !sites.contains(definition.site) {
                sites.append(definition.site)
            }
        }
        try apply(sites.map { ($0, .separateWithSpaces) }, creating: [], value: "", changes: &changes)
        return SettingEdit(sites: sites, includingAllAppIcons: chains.filter(\.includesAllAppIcons).map(\.configuration))
    }

    /// Changes the list's value at each site and writes a new list of `value` at `creations`
    /// (beside the primary icon's name, or in the target's settings); each file is staged once.
    private func apply(_ edits: [(site: SettingSite, operation: Operation)], creating creations: [SettingSite], value: String,
                       changes: inout ChangeSet) throws(ProjectEditError) {
        var pbxproj = try projectFile?.text()
        // The spec and the specs it includes that are changed, by file.
        var specs: [String: [String]] = [:]
        func specLines(of path: String) throws(ProjectEditError) -> [String]? {
            guard projectFile == nil else { return nil }
            if let lines = specs[path] { return lines }
            let lines = try XCConfigLines.read(path, changes: &changes)
            specs[path] = lines
            return lines
        }
        // Spec sites of several configurations may be one line (`base`): each line is changed once.
        var specEdits: [String: [Int: Operation]] = [:]
        for (site, operation) in edits {
            switch site.place {
            case .buildConfiguration(let id, _, _):
                guard var text = pbxproj, let state = projectFile else { continue }
                try BuildSettingLines.change(AlternateIconNames.setting, in: id, of: &text, state: state, operation)
                pbxproj = text
            case .xcconfig:
                try XCConfigLines.change(AlternateIconNames.setting, in: site.file, operation, changes: &changes)
            case .specSettings(let target, let configuration):
                guard let lines = try specLines(of: site.file) else { continue }
                guard let line = SpecSettingLines.locate(AlternateIconNames.setting, target: target, configuration: configuration, in: lines) else {
                    throw ProjectEditError(path: site.file, kind: .notInSpec("\(AlternateIconNames.setting) of \(target.map { "target “\($0)”" } ?? "the project")"))
                }
                specEdits[site.file, default: [:]][line] = operation
            }
        }
        for (path, edits) in specEdits {
            for (line, operation) in edits.sorted(by: { $0.key > $1.key }) {
                specs[path] = try SpecSettingLines.changing(AlternateIconNames.setting, at: line, in: specs[path] ?? [], operation, file: path)
            }
        }
        for site in creations {
            switch site.place {
            case .buildConfiguration(let id, _, _):
                guard var text = pbxproj else { continue }
                try BuildSettingLines.insert(AlternateIconNames.setting, value: value, in: id, of: &text)
                pbxproj = text
            case .xcconfig:
                try XCConfigLines.insert(AlternateIconNames.setting, value: value, after: AlternateIconNames.primarySetting,
                                         in: site.file, changes: &changes)
            case .specSettings(let target, let configuration):
                guard let lines = try specLines(of: site.file) else { continue }
                // `base` only where every configuration gets the new line; else each its own `configs` entry.
                let everyConfiguration = Set(chains.map(\.configuration)) == Set(creations.compactMap { creation -> String? in
                    if case .specSettings(_, let other) = creation.place, creation.file == site.file { return other }
                    return nil
                })
                specs[site.file] = try SpecSettingLines.inserting(AlternateIconNames.setting, value: value, after: AlternateIconNames.primarySetting,
                                                                  level: target, target: self.target.name, configuration: configuration,
                                                                  onlyThisConfiguration: !everyConfiguration, in: lines, file: site.file)
            }
        }
        if let pbxproj, let state = projectFile, !edits.isEmpty || !creations.isEmpty, pbxproj.text != state.contents {
            try state.stage(pbxproj, in: &changes)
        }
        for (path, lines) in specs.sorted(by: { $0.key < $1.key }) { try XCConfigLines.write(lines, to: path, changes: &changes) }
    }
}

/// A setting's line in a configuration's `buildSettings` in `project.pbxproj`:
/// `\t\t\t\tNAME = value;`, keys sorted as Xcode sorts them.
enum BuildSettingLines {
    static func change(_ key: String, in id: String, of text: inout PBXProjText, state: ProjectFileState,
                       _ operation: SettingSites.Operation) throws(ProjectEditError) {
        let range = try text.buildSettings(of: id)
        let prefix = "\t\t\t\t" + key + " = "
        guard let line = text.lines[range].firstIndex(where: { $0.hasPrefix(prefix) }) else {
            throw ProjectEditError(path: text.path, kind: .unexpectedLayout("the \(key) line of build configuration \(id)"))
        }
        if text.lines[line] == prefix + "(" {
            guard let elements = state.object(id)?["buildSettings"]?.dictionary?[key]?.array?.compactMap(\.string) else {
                throw ProjectEditError(path: text.path, kind: .settingNotEditable(setting: key, reason: "is not a list of strings in build configuration \(id)"))
            }
            try changeArray(key, at: line, elements: elements, of: &text, operation)
            return
        }
        guard text.lines[line].hasSuffix(";") else {
            throw ProjectEditError(path: text.path, kind: .unexpectedLayout("the \(key) line of build configuration \(id)"))
        }
        guard let value = state.object(id)?["buildSettings"]?.dictionary?[key]?.string else {
            throw ProjectEditError(path: text.path, kind: .settingNotEditable(setting: key, reason: "is not a string in build configuration \(id)"))
        }
        let changed: String?
        do {
            changed = try operation.apply(to: value)
        } catch {
            throw ProjectEditError(path: text.path, kind: .settingNotEditable(setting: key, reason: SettingSites.UnbalancedQuoting.reason))
        }
        if let new = changed {
            text.replace(line: line, with: prefix + PBXString.encoded(new) + ";")
        } else {
            text.removeLines(line..<(line + 1))
        }
    }

    /// A list written as an array (`KEY = (` then one `\t\t\t\t\tNAME,` a line, then `\t\t\t\t);`),
    /// each element one name: a name is a line of its own, added before the closing one.
    private static func changeArray(_ key: String, at line: Int, elements: [String], of text: inout PBXProjText,
                                    _ operation: SettingSites.Operation) throws(ProjectEditError) {
        guard let closing = text.lines[(line + 1)...].firstIndex(of: "\t\t\t\t);"), closing - line - 1 == elements.count,
              text.lines[(line + 1)..<closing].allSatisfy({ $0.hasPrefix("\t\t\t\t\t") && $0.hasSuffix(",") }) else {
            throw ProjectEditError(path: text.path, kind: .unexpectedLayout("the \(key) array"))
        }
        let item = { (name: String) in "\t\t\t\t\t" + PBXString.encoded(name) + "," }
        switch operation {
        case .add(let name):
            text.insert(item(name), at: closing)
        case .remove(let name, let deletable):
            let kept = elements.filter { $0 != name }
            if kept.isEmpty && deletable {
                text.removeLines(line..<(closing + 1))
                return
            }
            for index in elements.indices.reversed() where elements[index] == name {
                text.removeLines((line + 1 + index)..<(line + 2 + index))
            }
        case .separateWithSpaces:
            for index in elements.indices.reversed() where elements[index].contains(",") {
                let names = elements[index].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                text.removeLines((line + 1 + index)..<(line + 2 + index))
                for name in names.reversed() { text.insert(item(name), at: line + 1 + index) }
            }
        }
    }

    /// Writes `key = value;` in its sorted place among the configuration's settings.
    static func insert(_ key: String, value: String, in id: String, of text: inout PBXProjText) throws(ProjectEditError) {
        let range = try text.buildSettings(of: id)
        let index = text.lines[range].firstIndex { line in
            guard line.hasPrefix("\t\t\t\t"), !line.hasPrefix("\t\t\t\t\t"), let equals = line.range(of: " = ") else { return false }
            let existing = line[line.index(line.startIndex, offsetBy: 4)..<equals.lowerBound]
            return existing.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) > key
        } ?? range.upperBound
        text.insert("\t\t\t\t" + key + " = " + PBXString.encoded(value) + ";", at: index)
    }
}
