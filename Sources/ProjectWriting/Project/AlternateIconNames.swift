import Foundation
import IconCatalog

/// Where a build setting is written.
package struct SettingSite: Hashable, Sendable, CustomStringConvertible {
    package enum Place: Hashable, Sendable {
        /// The `buildSettings` of configuration object `id` in `project.pbxproj`: a target's
        /// (`target` names it) or the project's own (`target` nil).
        case buildConfiguration(id: String, configuration: String, target: String?)
        /// The last assignment of the setting without a condition in an xcconfig file.
        case xcconfig
        /// A `settings` mapping in an XcodeGen spec, as it applies to `configuration`: a
        /// target's (`target` names it) or the spec's own (`target` nil). The line edited is
        /// the `configs` entry's for the configuration where it has one, else `base`'s.
        case specSettings(target: String?, configuration: String)
    }

    /// The file holding it: `project.pbxproj`, an xcconfig file or a spec.
    package let file: String
    package let place: Place

    package init(file: String, place: Place) {
        self.file = file
        self.place = place
    }

    package var description: String {
        switch place {
        case .buildConfiguration(_, let configuration, let target?): return "\(file): target “\(target)”, \(configuration)"
        case .buildConfiguration(_, let configuration, nil): return "\(file): the project's \(configuration)"
        case .xcconfig: return file
        case .specSettings(let target?, let configuration): return "\(file): target “\(target)”'s settings, \(configuration)"
        case .specSettings(nil, let configuration): return "\(file): the project's settings, \(configuration)"
        }
    }
}

/// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` of one target, configuration by configuration.
package struct AlternateIconNamesState: Equatable, Sendable {
    package struct Configuration: Equatable, Sendable {
        package let name: String
        /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`: every icon set ships, listed or not.
        package let includesAllAppIcons: Bool
        /// Where the list that applies is written; nil when it is written nowhere.
        package let site: SettingSite?
        /// The names that site lists, as written (a `$(…)` reference is a name here).
        package let names: [String]
    }

    package let configurations: [Configuration]

    /// True when the setting is on in every configuration: no list needs the name.
    package var includesAllAppIcons: Bool { configurations.allSatisfy(\.includesAllAppIcons) }
    /// True when a list is written with commas (`"og, joy"`).
    package var usesCommas: Bool { configurations.contains { $0.names.contains { $0.contains(",") } } }
}

/// What an edit of the list did.
package struct SettingEdit: Equatable, Sendable {
    /// The places written, in order.
    package let sites: [SettingSite]
    /// Configurations left alone because `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS` is on in them.
    package let includingAllAppIcons: [String]

    package init(sites: [SettingSite], includingAllAppIcons: [String]) {
        self.sites = sites
        self.includingAllAppIcons = includingAllAppIcons
    }
}

/// The list of alternate app icons the asset compiler ships, edited where the target defines
/// it: a configuration's `buildSettings` in `project.pbxproj` (the target's or the project's),
/// or an xcconfig file a configuration is based on (or one it includes), in every
/// configuration of the target, each place once. Values keep their quoting; a name with a
/// space is written in double quotes, as Xcode writes it.
package enum AlternateIconNames {
    package static let setting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    package static let primarySetting = "ASSETCATALOG_COMPILER_APPICON_NAME"
    package static let includeAllSetting = "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"

    /// The list as `target` of `project` (an `.xcodeproj` bundle) defines it, read through `changes`.
    package static func state(target: String, project: String, changes: inout ChangeSet) throws(ProjectEditError) -> AlternateIconNamesState {
        try SettingSites(project: project, target: target, changes: &changes).listState()
    }

    /// Adds `name` to the list in every configuration where include-all is off and the list
    /// lacks it. Where the list is written nowhere, it is written where the primary icon's
    /// name is set (each place), else in the target's configurations.
    package static func add(_ name: String, target: String, project: String,
                            changes: inout ChangeSet) throws(ProjectEditError) -> SettingEdit {
        try ChangeSet.allOrNothing(&changes) { (staged: inout ChangeSet) throws(ProjectEditError) in
            var sites = try SettingSites(project: project, target: target, changes: &staged)
            return try sites.add(name, changes: &staged)
        }
    }

    /// Takes `name` out of every place a configuration of the target reads the list from. A
    /// list left empty loses its line, unless a lower level's list would then apply (it is
    /// then written empty): adding a name and removing it gives every file back.
    package static func remove(_ name: String, target: String, project: String,
                               changes: inout ChangeSet) throws(ProjectEditError) -> SettingEdit {
        try ChangeSet.allOrNothing(&changes) { (staged: inout ChangeSet) throws(ProjectEditError) in
            var sites = try SettingSites(project: project, target: target, changes: &staged)
            return try sites.remove(name, changes: &staged)
        }
    }

    /// Rewrites each list written with commas (`og, joy`) with spaces (`og joy`).
    package static func separateWithSpaces(target: String, project: String,
                                           changes: inout ChangeSet) throws(ProjectEditError) -> SettingEdit {
        try ChangeSet.allOrNothing(&changes) { (staged: inout ChangeSet) throws(ProjectEditError) in
            var sites = try SettingSites(project: project, target: target, changes: &staged)
            return try sites.separateWithSpaces(changes: &staged)
        }
    }

    /// Whether the asset compiler can take `name` in the list: not empty, no line break or
    /// other control character, no `$(` (which the build would expand).
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("$(") && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
