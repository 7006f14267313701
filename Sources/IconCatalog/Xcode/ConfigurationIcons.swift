import Foundation

/// The app icons one configuration of a target names in its settings: what its build ships
/// from the target's catalogs. Lint compares configurations with it, because an icon set
/// that only a production configuration ships (its primary, say) is deliberate, not forgotten.
package struct ConfigurationIcons: Sendable, Equatable {
    /// The configuration's name.
    package let configuration: String
    /// `ASSETCATALOG_COMPILER_APPICON_NAME`, nil when empty.
    package let primaryIconName: String?
    /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`, split as Xcode splits it.
    package let alternateIconNames: [String]
    /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`: every app icon of the catalogs ships.
    package let includesAllAppIcons: Bool

    /// Reads the three settings from `settings`, noting what is odd in them in `warnings`.
    init(configuration: String, settings: BuildSettings, warnings: inout [CatalogWarning]) {
        self.configuration = configuration
        let primary = settings.value("ASSETCATALOG_COMPILER_APPICON_NAME", warnings: &warnings)
        primaryIconName = primary.isEmpty ? nil : primary
        alternateIconNames = StringList.split(settings.value("ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES", warnings: &warnings))
        includesAllAppIcons = settings.bool("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS", warnings: &warnings)
    }

    /// The names the configuration ships when it does not include them all.
    package var names: Set<String> { Set(alternateIconNames + (primaryIconName.map { [$0] } ?? [])) }
}

extension ResolvedTarget {
    /// The icon settings of every configuration of the target, the one read included, with
    /// `defines` over every level as when it was read. Configurations whose settings cannot
    /// be evaluated (an include cycle) are left out; nil when the project cannot be read again.
    package func iconsOfEveryConfiguration(defines: [String: String]) -> [ConfigurationIcons]? {
        guard let project = try? XcodeProject.read(projectPath, boundary: boundary),
              let target = try? project.target(named: targetName) else {
            return nil
        }
        return configurations.compactMap { name in
            guard let scope = try? TargetScope(project: project, target: target, configuration: name, defines: defines) else {
                return nil
            }
            var ignored: [CatalogWarning] = []
            return ConfigurationIcons(configuration: name, settings: scope.settings, warnings: &ignored)
        }
    }
}
