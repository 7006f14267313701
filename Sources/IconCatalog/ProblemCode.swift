/// Every kind of problem the catalog warns about and `lint` reports, one typed set: a warning
/// and the lint rule that reports the same thing share a code, so scripts filter either by it
/// and `lint` finds the catalog's warnings by rule without comparing text. The raw value is
/// the stable kebab-case name printed and written to JSON.
///
/// The codes below are those the catalog's warnings carry (some also a lint rule's id); a lint
/// rule that reports what no warning does declares its id beside the rule, in IconLint
/// (`Sources/IconLint/Rules+*.swift`), so a rule is written without touching this module.
/// `LintRules.all` holds every rule's id once; tests hold the ids unique and kebab-case.
public struct ProblemCode: RawRepresentable, Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The kebab-case name, as printed and written to JSON.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Written as its name alone, as a string-valued enum is.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static let alternateIconMissing = ProblemCode(rawValue: "alternate-icon-missing")
    public static let alternatesNotOnIpad = ProblemCode(rawValue: "alternates-not-on-ipad")
    public static let archiveEntryIgnored = ProblemCode(rawValue: "archive-entry-ignored")
    public static let carEncodingNotDecoded = ProblemCode(rawValue: "car-encoding-not-decoded")
    public static let carTruncated = ProblemCode(rawValue: "car-truncated")
    public static let catalogDuplicateName = ProblemCode(rawValue: "catalog-duplicate-name")
    public static let catalogGroupMalformed = ProblemCode(rawValue: "catalog-group-malformed")
    public static let catalogSymlinkOutside = ProblemCode(rawValue: "catalog-symlink-outside")
    public static let catalogTruncated = ProblemCode(rawValue: "catalog-truncated")
    public static let catalogUnreadable = ProblemCode(rawValue: "catalog-unreadable")
    public static let duplicateTarget = ProblemCode(rawValue: "duplicate-target")
    public static let expoDuplicateName = ProblemCode(rawValue: "expo-duplicate-name")
    public static let expoIconBundleAlternate = ProblemCode(rawValue: "expo-icon-bundle-alternate")
    public static let expoIconEntryWithoutIos = ProblemCode(rawValue: "expo-icon-entry-without-ios")
    public static let expoIconShapeIgnored = ProblemCode(rawValue: "expo-icon-shape-ignored")
    public static let expoIconVariantsIncomplete = ProblemCode(rawValue: "expo-icon-variants-incomplete")
    public static let expoImageMissing = ProblemCode(rawValue: "expo-image-missing")
    public static let expoImageNotLocal = ProblemCode(rawValue: "expo-image-not-local")
    public static let expoPluginUnknown = ProblemCode(rawValue: "expo-plugin-unknown")
    public static let fileInAssetCatalog = ProblemCode(rawValue: "file-in-asset-catalog")
    public static let fileNotFound = ProblemCode(rawValue: "file-not-found")
    public static let groupCycle = ProblemCode(rawValue: "group-cycle")
    public static let iconEffectsNotSimulated = ProblemCode(rawValue: "icon-effects-not-simulated")
    public static let iconJsonMalformed = ProblemCode(rawValue: "icon-json-malformed")
    public static let iconJsonMissing = ProblemCode(rawValue: "icon-json-missing")
    public static let iconLayerMissing = ProblemCode(rawValue: "icon-layer-missing")
    public static let iconLayerUndrawable = ProblemCode(rawValue: "icon-layer-undrawable")
    public static let iconLayerUnsafe = ProblemCode(rawValue: "icon-layer-unsafe")
    public static let iconNameMissing = ProblemCode(rawValue: "icon-name-missing")
    public static let iconNameOnly = ProblemCode(rawValue: "icon-name-only")
    public static let iconTooManyLayers = ProblemCode(rawValue: "icon-too-many-layers")
    public static let infoPlistUnreadable = ProblemCode(rawValue: "info-plist-unreadable")
    public static let malformedIconEntry = ProblemCode(rawValue: "malformed-icon-entry")
    public static let malformedProject = ProblemCode(rawValue: "malformed-project")
    public static let malformedSetting = ProblemCode(rawValue: "malformed-setting")
    public static let malformedSpec = ProblemCode(rawValue: "malformed-spec")
    public static let malformedXcconfig = ProblemCode(rawValue: "malformed-xcconfig")
    public static let missingAssetCatalog = ProblemCode(rawValue: "missing-asset-catalog")
    public static let missingConfiguration = ProblemCode(rawValue: "missing-configuration")
    public static let missingInfoPlist = ProblemCode(rawValue: "missing-info-plist")
    public static let missingProject = ProblemCode(rawValue: "missing-project")
    public static let missingSpecInclude = ProblemCode(rawValue: "missing-spec-include")
    public static let missingXcconfig = ProblemCode(rawValue: "missing-xcconfig")
    public static let missingXcconfigInclude = ProblemCode(rawValue: "missing-xcconfig-include")
    public static let ordinalNotInteger = ProblemCode(rawValue: "ordinal-not-integer")
    public static let pathOutsideProject = ProblemCode(rawValue: "path-outside-project")
    public static let prerenderedNotBoolean = ProblemCode(rawValue: "prerendered-not-boolean")
    public static let primaryIconMissing = ProblemCode(rawValue: "primary-icon-missing")
    public static let projectSearchTruncated = ProblemCode(rawValue: "project-search-truncated")
    public static let searchTruncated = ProblemCode(rawValue: "search-truncated")
    public static let setContentsMalformed = ProblemCode(rawValue: "set-contents-malformed")
    public static let setContentsMissing = ProblemCode(rawValue: "set-contents-missing")
    public static let setEntryMalformed = ProblemCode(rawValue: "set-entry-malformed")
    public static let setFileMissing = ProblemCode(rawValue: "set-file-missing")
    public static let setFileNotPng = ProblemCode(rawValue: "set-file-not-png")
    public static let setFileUnreferenced = ProblemCode(rawValue: "set-file-unreferenced")
    public static let setFileUnsafe = ProblemCode(rawValue: "set-file-unsafe")
    public static let setTooManyEntries = ProblemCode(rawValue: "set-too-many-entries")
    public static let settingNameWithSpace = ProblemCode(rawValue: "setting-name-with-space")
    public static let settingRefersToItself = ProblemCode(rawValue: "setting-refers-to-itself")
    public static let settingTooLong = ProblemCode(rawValue: "setting-too-long")
    public static let specIncludeTooDeep = ProblemCode(rawValue: "spec-include-too-deep")
    public static let unreadableAssetCatalog = ProblemCode(rawValue: "unreadable-asset-catalog")
    public static let unreadableImage = ProblemCode(rawValue: "unreadable-image")
    public static let unreadableProject = ProblemCode(rawValue: "unreadable-project")
    public static let unreadableTarget = ProblemCode(rawValue: "unreadable-target")
    public static let unreadableWorkspace = ProblemCode(rawValue: "unreadable-workspace")
    public static let unsafeFileEntry = ProblemCode(rawValue: "unsafe-file-entry")
    public static let unsupportedSettingOperator = ProblemCode(rawValue: "unsupported-setting-operator")
    public static let warningsOmitted = ProblemCode(rawValue: "warnings-omitted")
    public static let xcconfigIncludeNotRead = ProblemCode(rawValue: "xcconfig-include-not-read")
    public static let xcconfigTooDeep = ProblemCode(rawValue: "xcconfig-too-deep")

    /// The kebab-case name, as printed and written to JSON.
    public var description: String { rawValue }

    /// In the order of their names.
    public static func < (lhs: ProblemCode, rhs: ProblemCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
