import Foundation

/// What Xcode's asset compiler (`actool`) is given to make an app's icons: the target's asset
/// catalogs and Icon Composer bundles, and the three settings that say which icons ship.
/// For an asset catalog opened alone: that catalog, `AppIcon` (or the name asked for) as the
/// primary, and every other app icon in it as an alternate.
package struct IconCompilerInputs: Sendable, Equatable {
    /// Asset catalogs in the order the target compiles them.
    package let assetCatalogs: [String]
    /// Icon Composer bundles outside the catalogs (Xcode 26 keeps them beside the catalogs).
    package let iconBundles: [String]
    /// `ASSETCATALOG_COMPILER_APPICON_NAME`: the primary icon; nil when the setting is empty.
    package let primaryIconName: String?
    /// `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`, split as Xcode splits it.
    package let alternateIconNames: [String]
    /// True when that list was written with commas (`og, joy`), which Xcode reads as `og,` and `joy`.
    package let alternateIconNamesUseCommas: Bool
    /// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS`: every app icon ships as an alternate.
    package let includesAllAppIcons: Bool
    /// Whether the app runs as an iPad app (`TARGETED_DEVICE_FAMILY` includes 2). An iPhone-only
    /// app runs on an iPad in compatibility mode and shows its iPhone icons there.
    package let supportsPad: Bool
    /// The folder nothing outside of is read (the project's read boundary, or the catalog's own folder).
    package let boundary: String
    /// What the settings are read from, for messages: the `.xcodeproj`, or the catalog.
    package let settingsSource: String

    package init(assetCatalogs: [String], iconBundles: [String] = [], primaryIconName: String?,
                 alternateIconNames: [String] = [], alternateIconNamesUseCommas: Bool = false,
                 includesAllAppIcons: Bool, supportsPad: Bool = true, boundary: String, settingsSource: String) {
        self.assetCatalogs = assetCatalogs
        self.iconBundles = iconBundles
        self.primaryIconName = primaryIconName
        self.alternateIconNames = alternateIconNames
        self.alternateIconNamesUseCommas = alternateIconNamesUseCommas
        self.includesAllAppIcons = includesAllAppIcons
        self.supportsPad = supportsPad
        self.boundary = boundary
        self.settingsSource = settingsSource
    }

    /// The inputs a target's build uses.
    package init(target: ResolvedTarget) {
        let families = target.settings.value("TARGETED_DEVICE_FAMILY")
            .split(whereSeparator: { $0 == "," || $0 == " " }).map(\.trimmingSpaces)
        self.init(assetCatalogs: target.assetCatalogs, iconBundles: target.iconBundles, primaryIconName: target.primaryIconName,
                  alternateIconNames: target.alternateIconNames, alternateIconNamesUseCommas: target.alternateIconNamesUseCommas,
                  includesAllAppIcons: target.includesAllAppIcons, supportsPad: families.contains("2"),
                  boundary: target.boundary.root, settingsSource: target.projectPath)
    }

    /// The idiom whose images a device of `idiom` shows: an iPad shows an iPhone-only app's iPhone icons.
    package func shownIdiom(on idiom: Idiom) -> Idiom {
        idiom == .pad && supportsPad ? .pad : .phone
    }
}
