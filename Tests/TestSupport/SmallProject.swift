import Foundation

/// A one-target iOS app project in a temporary folder: `App/Assets.xcassets` in the target's
/// resources, the settings given, and whatever else the test writes beside it.
public struct SmallProject {
    public let folder = TemporaryFolder()
    public var builder = PBXProjectBuilder()
    public let appGroup: PBXProjectBuilder.ID
    public var resources: [PBXProjectBuilder.ID] = []

    public init() {
        appGroup = builder.group("App")
        folder.writeJSON("App/Assets.xcassets/Contents.json", ["info": ["author": "xcode", "version": 1]])
        resources.append(builder.file("Assets.xcassets", in: appGroup))
    }

    /// A single-size set in the catalog (`name` may hold group folders: `Brand/Blue`).
    public func set(_ name: String, appearances: [String] = []) {
        let file = name.replacingOccurrences(of: "/", with: "-")
        folder.writeIconSet("App/Assets.xcassets/\(name).appiconset",
                            [SetEntries.single("\(file).png")] + appearances.map { SetEntries.single("\(file)-\($0).png", appearance: $0) })
    }

    /// An Icon Composer bundle beside the catalog, in the target's resources, with these groups.
    public mutating func bundle(_ name: String, groups: [[String: Any]] = []) {
        folder.writeJSON("App/\(name).icon/icon.json", ["groups": groups])
        resources.append(builder.file("\(name).icon", in: appGroup))
    }

    /// Writes the project with one application target (for iPhone and iPad, unless the settings say otherwise).
    public mutating func write(_ settings: [String: Any], perConfiguration: [String: [String: Any]] = [:],
                               baseConfiguration: PBXProjectBuilder.ID? = nil) {
        var all: [String: Any] = ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.app", "TARGETED_DEVICE_FAMILY": "1,2"]
        all.merge(settings) { _, new in new }
        builder.target("App", settings: all, perConfiguration: perConfiguration, baseConfiguration: baseConfiguration,
                       resources: resources)
        builder.write(into: folder)
    }
}
