import Foundation

/// A configuration of an XcodeGen spec: its name and its type.
struct SpecConfiguration: Sendable, Equatable {
    /// `debug` and `release` get XcodeGen's default settings (and a scheme's actions their
    /// configuration); any other word none.
    enum Kind: Sendable, Equatable {
        case debug, release, other

        init(_ written: String) {
            switch written.lowercased() {
            case "debug": self = .debug
            case "release": self = .release
            default: self = .other
            }
        }
    }

    let name: String
    let kind: Kind

    /// XcodeGen's configurations when a spec names none.
    static let defaults = [SpecConfiguration(name: "Debug", kind: .debug), SpecConfiguration(name: "Release", kind: .release)]
}

/// `options.settingPresets`: which of XcodeGen's preset settings it applies.
enum SpecSettingPresets: String {
    case all, project, targets, none

    var appliesToTargets: Bool { self == .all || self == .targets }
}

/// Build settings as XcodeGen resolves a `settings:` value for one configuration: a plain map
/// of settings, or `groups` (named `settingGroups`, which may name groups themselves), then
/// `base`, then `configs` whose key the configuration's name contains (any case; a key that
/// is exactly some configuration's name applies to that one only).
struct SpecSettingsResolver {
    /// `settingGroups` of the spec (also read under their former name `settingPresets`).
    let groups: SpecDictionary
    let configurations: [SpecConfiguration]
    /// Where the settings are, for warnings (the spec's path).
    let file: String
    private(set) var warnings: [CatalogWarning] = []
    /// Settings copied so far, for every target and configuration together.
    private var work = 0
    private var reportedWork = false

    /// Each group's settings for a configuration, resolved once: groups naming each other
    /// (every one of nine naming all the others) cost one resolution each, however many paths
    /// lead to them, rather than one per path.
    private var resolvedGroups: [GroupKey: [String: String]] = [:]

    private struct GroupKey: Hashable {
        let group: String
        let configuration: String
    }

    /// Groups nested in each other at most, counted along one chain: with each group resolved
    /// once, depth costs nothing but the reader's stack, and XcodeGen itself sets no limit.
    static let maximumGroupDepth = 64
    /// Settings copied at most, for every target and configuration together (a spec of 100
    /// targets, 3 configurations and 150 settings each copies 45,000): 10,000 targets sharing a
    /// mapping of 10,000 settings through an alias would otherwise copy 10⁸ for each configuration.
    static let workLimit = 100_000

    init(spec: SpecDictionary, configurations: [SpecConfiguration], file: String) {
        var groups = SpecDictionary()
        for key in ["settingPresets", "settingGroups"] {
            if case .dictionary(let named)? = spec[key] { groups = SpecFileLoader.merge(groups, named) }
        }
        self.groups = groups
        self.configurations = configurations
        self.file = file
    }

    /// The settings `value` (at key path `key`) gives `configuration`.
    mutating func settings(_ value: SpecValue?, key: String, for configuration: SpecConfiguration) -> [String: String] {
        var result: [String: String] = [:]
        add(value, key: key, configuration: configuration, groupChain: [], into: &result)
        return result
    }

    private mutating func add(_ value: SpecValue?, key: String, configuration: SpecConfiguration, groupChain: [String],
                              into result: inout [String: String]) {
        guard let value else { return }
        guard case .dictionary(let settings) = value else {
            if value != .null { warn(key, "is \(value.typeName), expected a mapping of build settings") }
            return
        }
        let structured = ["groups", "base", "configs"].contains { settings[$0] != nil }
        guard structured else {
            addPlain(settings, key: key, into: &result)
            return
        }
        if let groupNames = settings["groups"] {
            for (index, element) in (groupNames.array ?? [groupNames]).enumerated() {
                guard case .string(let name) = element else {
                    warn("\(key).groups[\(index)]", "is \(element.typeName), expected a setting group's name")
                    continue
                }
                guard let group = groups[name] else {
                    warn("\(key).groups[\(index)]", "names the setting group “\(name)”, which the spec does not define")
                    continue
                }
                guard !groupChain.contains(name) else {
                    warn("\(key).groups[\(index)]", "setting group “\(name)” includes itself (\((groupChain + [name]).joined(separator: " → "))); it is read once")
                    continue
                }
                guard groupChain.count < Self.maximumGroupDepth else {
                    warn("\(key).groups[\(index)]", "setting group “\(name)” is nested more than \(Self.maximumGroupDepth) groups deep (from “\(groupChain.first ?? name)”); it is not read")
                    continue
                }
                let settings = groupSettings(name, group, configuration: configuration, groupChain: groupChain + [name])
                guard spend(settings.count, key: "settingGroups.\(name)") else { return }
                result.merge(settings) { _, new in new }
            }
        }
        if let base = settings["base"] {
            if case .dictionary(let plain) = base { addPlain(plain, key: "\(key).base", into: &result) }
            else if base != .null { warn("\(key).base", "is \(base.typeName), expected a mapping of build settings") }
        }
        if let configs = settings["configs"] {
            guard case .dictionary(let byConfiguration) = configs else {
                warn("\(key).configs", "is \(configs.typeName), expected settings by configuration")
                return
            }
            for (variant, nested) in byConfiguration.entries where Self.applies(variant, to: configuration, among: configurations) {
                add(nested, key: "\(key).configs.\(variant)", configuration: configuration, groupChain: groupChain, into: &result)
            }
        }
    }

    /// What group `name` gives `configuration`, resolved the first time it is named.
    private mutating func groupSettings(_ name: String, _ group: SpecValue, configuration: SpecConfiguration,
                                        groupChain: [String]) -> [String: String] {
        let memoKey = GroupKey(group: name, configuration: configuration.name)
        if let known = resolvedGroups[memoKey] { return known }
        var settings: [String: String] = [:]
        add(group, key: "settingGroups.\(name)", configuration: configuration, groupChain: groupChain, into: &settings)
        resolvedGroups[memoKey] = settings
        return settings
    }

    /// Counts `amount` settings copied toward `workLimit`, for the whole spec; false (and one
    /// warning naming where) once past it.
    private mutating func spend(_ amount: Int, key: String) -> Bool {
        work = work.addingClamped(amount)
        guard work <= Self.workLimit else {
            if !reportedWork {
                reportedWork = true
                warn(key, "the spec's settings took more than \(Self.workLimit) steps to apply to its targets; the rest are not read")
            }
            return false
        }
        return true
    }

    private mutating func addPlain(_ settings: SpecDictionary, key: String, into result: inout [String: String]) {
        guard spend(settings.entries.count, key: key) else { return }
        for (name, value) in settings.entries {
            if let text = value.scalarText {
                result[name] = text
            } else if case .array(let elements) = value, elements.allSatisfy({ $0.scalarText != nil }) {
                result[name] = elements.compactMap(\.scalarText).map(StringList.quoted).joined(separator: " ")
            } else if value == .null {
                result[name] = ""
            } else {
                warn("\(key).\(name)", "is \(value.typeName), expected a string; it is skipped")
            }
        }
    }

    /// XcodeGen's rule for `configs:` keys.
    static func applies(_ variant: String, to configuration: SpecConfiguration, among all: [SpecConfiguration]) -> Bool {
        let wanted = variant.lowercased()
        if all.contains(where: { $0.name.lowercased() == wanted }) { return configuration.name.lowercased() == wanted }
        return configuration.name.lowercased().contains(wanted)
    }

    private mutating func warn(_ key: String, _ message: String) {
        warnings.appendSpecWarning(file: file, key: key, message)
    }
}

/// The settings XcodeGen puts below a target's own (its `settingPresets`), as far as icons and
/// the platform go: what `Platforms/iOS.yml`, `Product_Platform/application_iOS.yml` and
/// `SupportedDestinations/*.yml` set.
enum SpecPresets {
    /// `SDKROOT` by `platform:`.
    static let sdkRoots = ["iOS": "iphoneos", "tvOS": "appletvos", "macOS": "macosx", "watchOS": "watchos", "visionOS": "xros"]
    /// `SUPPORTED_PLATFORMS` words by `supportedDestinations:` entry.
    static let destinationPlatforms = ["iOS": "iphoneos iphonesimulator", "tvOS": "appletvos appletvsimulator",
                                       "macOS": "macosx", "visionOS": "xros xrsimulator", "watchOS": "watchos watchsimulator"]

    /// A target's preset settings for its platform (nil: `auto`, from its destinations) and type.
    static func targetSettings(platform: String?, destinations: [String], type: String) -> [String: String] {
        var settings: [String: String] = [:]
        let isApplication = type == "application"
        if let platform, platform != "auto" {
            guard let sdk = sdkRoots[platform] else { return settings }
            settings["SDKROOT"] = sdk
            if platform == "iOS" {
                settings["TARGETED_DEVICE_FAMILY"] = "1,2"
                settings["ASSETCATALOG_COMPILER_APPICON_NAME"] = "AppIcon"
            } else if platform == "tvOS" && isApplication {
                settings["ASSETCATALOG_COMPILER_APPICON_NAME"] = "App Icon & Top Shelf Image"
            } else if isApplication {
                settings["ASSETCATALOG_COMPILER_APPICON_NAME"] = "AppIcon"
            }
            return settings
        }
        guard !destinations.isEmpty else { return settings }
        settings["SDKROOT"] = "auto"
        settings["SUPPORTED_PLATFORMS"] = destinations.compactMap { destinationPlatforms[$0] }.joined(separator: " ")
        if destinations.contains("iOS") {
            settings["TARGETED_DEVICE_FAMILY"] = "1,2"
        }
        if isApplication { settings["ASSETCATALOG_COMPILER_APPICON_NAME"] = "AppIcon" }
        return settings
    }

    /// `bundleIdPrefix` + `.` + the target's name with `_` made `-` and any character but
    /// letters, digits, `-` and `.` removed.
    static func bundleIdentifier(prefix: String, target: String) -> String {
        let cleaned = target.replacingOccurrences(of: "_", with: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
        return prefix + "." + cleaned
    }
}
