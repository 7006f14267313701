import Foundation
@_exported import TestSupport

/// Icon dictionaries in the shape Info.plists use.
enum PlistShapes {
    static func alternate(_ files: [String], ordinal: Any? = nil, prerendered: Any? = false) -> [String: Any] {
        var entry: [String: Any] = ["CFBundleIconFiles": files]
        if let ordinal { entry["ordinal"] = ordinal }
        if let prerendered { entry["UIPrerenderedIcon"] = prerendered }
        return entry
    }

    static func icons(primary: [String]? = ["AppIcon"], alternates: [String: Any]) -> [String: Any] {
        var icons: [String: Any] = ["CFBundleAlternateIcons": alternates]
        if let primary { icons["CFBundlePrimaryIcon"] = ["CFBundleIconFiles": primary] }
        return icons
    }
}

