import Foundation

extension AppIconCatalog {
    /// The icons as the built app's Info.plist declares them under `iconsKey`: a catalog
    /// icon by its `CFBundleIconName` (the asset compiler also lists the files it makes, which
    /// exist only in the built app), a loose-file icon with its `CFBundleIconFiles`, each with
    /// the `ordinal` and `UIPrerenderedIcon` its Info.plist gives. What `lint` checks a project by.
    package var builtIconsDictionary: [String: Any] {
        func entry(_ icon: AppIcon) -> [String: Any] {
            var entry: [String: Any] = [:]
            if icon.picturesFrom == .plist {
                if !icon.iconFiles.isEmpty { entry["CFBundleIconFiles"] = icon.iconFiles }
                if let name = icon.iconName { entry["CFBundleIconName"] = name }
            } else if let name = icon.assetName {
                entry["CFBundleIconName"] = name
            }
            if let ordinal = icon.ordinal { entry["ordinal"] = ordinal }
            if let prerendered = icon.prerendered { entry["UIPrerenderedIcon"] = prerendered }
            return entry
        }
        var icons: [String: Any] = ["CFBundlePrimaryIcon": entry(primary)]
        let alternates = alternates.compactMap { icon in icon.name.map { ($0, entry(icon) as Any) } }
        if !alternates.isEmpty {
            icons["CFBundleAlternateIcons"] = Dictionary(alternates, uniquingKeysWith: { first, _ in first })
        }
        return icons
    }
}
