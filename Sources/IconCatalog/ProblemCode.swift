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

    /// The code named `rawValue`, as printed and written to JSON.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Written as its name alone, as a string-valued enum is.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the code as its name alone, as a string-valued enum is written.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists a name no catalog of the target holds.
    public static let alternateIconMissing = ProblemCode(rawValue: "alternate-icon-missing")
    /// An Info.plist declares alternates only under CFBundleIcons, while the build writes the CFBundleIcons~ipad that iPads read, so iPads do not get them.
    public static let alternatesNotOnIpad = ProblemCode(rawValue: "alternates-not-on-ipad")
    /// An entry of an .ipa archive is not read: it appears more than once, or is stored in a way that cannot be read.
    public static let archiveEntryIgnored = ProblemCode(rawValue: "archive-entry-ignored")
    /// A compiled asset catalog (Assets.car) stores icon images in an encoding that is not decoded.
    public static let carEncodingNotDecoded = ProblemCode(rawValue: "car-encoding-not-decoded")
    /// An icon in a compiled asset catalog (Assets.car) holds more images than are read, so the rest are left out.
    public static let carTruncated = ProblemCode(rawValue: "car-truncated")
    /// Two app icons of the same kind in the asset catalogs have the same name, so the second is ignored.
    public static let catalogDuplicateName = ProblemCode(rawValue: "catalog-duplicate-name")
    /// An asset catalog group's Contents.json cannot be read, or its provides-namespace is not a boolean.
    public static let catalogGroupMalformed = ProblemCode(rawValue: "catalog-group-malformed")
    /// A link in an asset catalog leads outside it, so it is not followed.
    public static let catalogSymlinkOutside = ProblemCode(rawValue: "catalog-symlink-outside")
    /// An asset catalog holds more entries, or groups nested deeper, than are searched, so the rest is not searched.
    public static let catalogTruncated = ProblemCode(rawValue: "catalog-truncated")
    /// An asset catalog folder does not exist, is not a folder, or cannot be listed.
    public static let catalogUnreadable = ProblemCode(rawValue: "catalog-unreadable")
    /// A project lists the same target more than once, or gives two targets the same name.
    public static let duplicateTarget = ProblemCode(rawValue: "duplicate-target")
    /// Two icons of an Expo config get the same run-time name.
    public static let expoDuplicateName = ProblemCode(rawValue: "expo-duplicate-name")
    /// An Icon Composer .icon bundle is given where the plugin (or Expo) needs a PNG image.
    public static let expoIconBundleAlternate = ProblemCode(rawValue: "expo-icon-bundle-alternate")
    /// An expo-alternate-app-icons entry has no ios image, which stops every entry after it.
    public static let expoIconEntryWithoutIos = ProblemCode(rawValue: "expo-icon-entry-without-ios")
    /// An Expo icon plugin is given props in a shape it ignores, or stops prebuild on.
    public static let expoIconShapeIgnored = ProblemCode(rawValue: "expo-icon-shape-ignored")
    /// An icon's ios object lacks light, dark or tinted where the plugin requires them.
    public static let expoIconVariantsIncomplete = ProblemCode(rawValue: "expo-icon-variants-incomplete")
    /// An Expo config names an icon image or .icon bundle that is not there.
    public static let expoImageMissing = ProblemCode(rawValue: "expo-image-missing")
    /// An Expo icon's image is not a file in the project (a URL, or alternates written into ios.infoPlist by hand).
    public static let expoImageNotLocal = ProblemCode(rawValue: "expo-image-not-local")
    /// A local config plugin is given image paths, but iconchooser does not know what it makes of them.
    public static let expoPluginUnknown = ProblemCode(rawValue: "expo-plugin-unknown")
    /// An alternate's file exists only inside an .xcassets folder.
    public static let fileInAssetCatalog = ProblemCode(rawValue: "file-in-asset-catalog")
    /// A CFBundleIconFiles entry matches no image file.
    public static let fileNotFound = ProblemCode(rawValue: "file-not-found")
    /// A project's group tree has a cycle, or holds a file in two groups.
    public static let groupCycle = ProblemCode(rawValue: "group-cycle")
    /// An Icon Composer bundle uses effects that are not simulated, so its picture is drawn flat.
    public static let iconEffectsNotSimulated = ProblemCode(rawValue: "icon-effects-not-simulated")
    /// An Icon Composer bundle's icon.json is not a file, not valid JSON, or holds a value of the wrong type.
    public static let iconJsonMalformed = ProblemCode(rawValue: "icon-json-malformed")
    /// An Icon Composer bundle has no icon.json, or its folder cannot be read, so the icon has nothing to draw.
    public static let iconJsonMissing = ProblemCode(rawValue: "icon-json-missing")
    /// An Icon Composer bundle's icon.json names a layer image that is not in its Assets folder.
    public static let iconLayerMissing = ProblemCode(rawValue: "icon-layer-missing")
    /// An Icon Composer layer's image cannot be drawn (not a PNG or SVG, or damaged).
    public static let iconLayerUndrawable = ProblemCode(rawValue: "icon-layer-undrawable")
    /// An Icon Composer layer's image name is empty, a path or has control characters, or icon.json is a link leading outside the bundle.
    public static let iconLayerUnsafe = ProblemCode(rawValue: "icon-layer-unsafe")
    /// An alternate the Info.plist names by CFBundleIconName is in none of the target's catalogs (ITMS-90895).
    public static let iconNameMissing = ProblemCode(rawValue: "icon-name-missing")
    /// Alternates named only by CFBundleIconName: their images are in an asset catalog, not checked here.
    public static let iconNameOnly = ProblemCode(rawValue: "icon-name-only")
    /// An Icon Composer bundle has more groups or layers than are read, so the rest are not drawn.
    public static let iconTooManyLayers = ProblemCode(rawValue: "icon-too-many-layers")
    /// A target's Info.plist cannot be read, so the icons it declares are not read.
    public static let infoPlistUnreadable = ProblemCode(rawValue: "info-plist-unreadable")
    /// An icon is not a dictionary with a CFBundleIconFiles array of file names.
    public static let malformedIconEntry = ProblemCode(rawValue: "malformed-icon-entry")
    /// A project.pbxproj holds a value of the wrong type, a reference to no file, or a setting name that is not one.
    public static let malformedProject = ProblemCode(rawValue: "malformed-project")
    /// A build setting's value has a $( or ${ without its closing bracket.
    public static let malformedSetting = ProblemCode(rawValue: "malformed-setting")
    /// An XcodeGen spec has a value of the wrong type or shape: a target, a source, a setting, an include or Info.plist properties.
    public static let malformedSpec = ProblemCode(rawValue: "malformed-spec")
    /// An xcconfig file has a line that cannot be read as a setting or an #include.
    public static let malformedXcconfig = ProblemCode(rawValue: "malformed-xcconfig")
    /// An asset catalog that a target or XcodeGen spec names is not there.
    public static let missingAssetCatalog = ProblemCode(rawValue: "missing-asset-catalog")
    /// The project has no configuration of the name asked for, so only the target's own settings are read.
    public static let missingConfiguration = ProblemCode(rawValue: "missing-configuration")
    /// The Info.plist that INFOPLIST_FILE names is not there.
    public static let missingInfoPlist = ProblemCode(rawValue: "missing-info-plist")
    /// A workspace names a project that is not there.
    public static let missingProject = ProblemCode(rawValue: "missing-project")
    /// An XcodeGen spec includes a file that is not there.
    public static let missingSpecInclude = ProblemCode(rawValue: "missing-spec-include")
    /// A configuration's base xcconfig file is missing or cannot be read, so its settings are not read.
    public static let missingXcconfig = ProblemCode(rawValue: "missing-xcconfig")
    /// An xcconfig file's #include names a file that is not there.
    public static let missingXcconfigInclude = ProblemCode(rawValue: "missing-xcconfig-include")
    /// An alternate's ordinal is not an integer.
    public static let ordinalNotInteger = ProblemCode(rawValue: "ordinal-not-integer")
    /// A path the app names leads outside the project (or is absolute, or a link leading outside), so it is not read.
    public static let pathOutsideProject = ProblemCode(rawValue: "path-outside-project")
    /// UIPrerenderedIcon is not a boolean.
    public static let prerenderedNotBoolean = ProblemCode(rawValue: "prerendered-not-boolean")
    /// ASSETCATALOG_COMPILER_APPICON_NAME names no app icon of the target's catalogs (or is empty).
    public static let primaryIconMissing = ProblemCode(rawValue: "primary-icon-missing")
    /// Looking for Xcode projects, or for a target's files, stopped after the most folder entries read.
    public static let projectSearchTruncated = ProblemCode(rawValue: "project-search-truncated")
    /// Looking for icon files stopped after the most entries read, so some may have been missed.
    public static let searchTruncated = ProblemCode(rawValue: "search-truncated")
    /// An app icon set's Contents.json is not a file, not valid JSON, or not an object with an images array.
    public static let setContentsMalformed = ProblemCode(rawValue: "set-contents-malformed")
    /// An app icon set has no Contents.json, or its folder cannot be read, so the set has no images.
    public static let setContentsMissing = ProblemCode(rawValue: "set-contents-missing")
    /// An entry of an app icon set's Contents.json has a value of the wrong type or a size that cannot be read.
    public static let setEntryMalformed = ProblemCode(rawValue: "set-entry-malformed")
    /// An app icon set's Contents.json names a file that is not in the set's folder.
    public static let setFileMissing = ProblemCode(rawValue: "set-file-missing")
    /// A file that an app icon set's Contents.json names is not a PNG image.
    public static let setFileNotPng = ProblemCode(rawValue: "set-file-not-png")
    /// A file in an app icon set's folder is named by no entry of its Contents.json.
    public static let setFileUnreferenced = ProblemCode(rawValue: "set-file-unreferenced")
    /// An app icon set names a file that is empty, a path or has control characters, or a link leading outside the catalog.
    public static let setFileUnsafe = ProblemCode(rawValue: "set-file-unsafe")
    /// An app icon set's Contents.json has more entries than are read.
    public static let setTooManyEntries = ProblemCode(rawValue: "set-too-many-entries")
    /// A build setting is referred to with a space in its name, which Xcode reads as empty.
    public static let settingNameWithSpace = ProblemCode(rawValue: "setting-name-with-space")
    /// A build setting refers to itself with no lower level setting it, which Xcode reads as empty.
    public static let settingRefersToItself = ProblemCode(rawValue: "setting-refers-to-itself")
    /// A build setting expands too long, nests too deep or takes too many steps, so its value is cut.
    public static let settingTooLong = ProblemCode(rawValue: "setting-too-long")
    /// XcodeGen specs include each other too deep, or too many in all, so some are not read.
    public static let specIncludeTooDeep = ProblemCode(rawValue: "spec-include-too-deep")
    /// A built app's compiled asset catalog (Assets.car) cannot be read, so its icons are shown as placeholders.
    public static let unreadableAssetCatalog = ProblemCode(rawValue: "unreadable-asset-catalog")
    /// An icon file is not a PNG that can be decoded.
    public static let unreadableImage = ProblemCode(rawValue: "unreadable-image")
    /// An Xcode project cannot be read.
    public static let unreadableProject = ProblemCode(rawValue: "unreadable-project")
    /// A target's build settings cannot be worked out (such as xcconfig files that include each other), so its icons are not read.
    public static let unreadableTarget = ProblemCode(rawValue: "unreadable-target")
    /// A workspace's contents.xcworkspacedata cannot be read, or holds more nested groups or references than are read.
    public static let unreadableWorkspace = ProblemCode(rawValue: "unreadable-workspace")
    /// A file entry is empty, a path (/, .., absolute) or has control characters.
    public static let unsafeFileEntry = ProblemCode(rawValue: "unsafe-file-entry")
    /// A build setting reference uses an operator that is not supported here, so the value is used unchanged.
    public static let unsupportedSettingOperator = ProblemCode(rawValue: "unsupported-setting-operator")
    /// More warnings were found than are shown; this one counts those left out.
    public static let warningsOmitted = ProblemCode(rawValue: "warnings-omitted")
    /// An xcconfig file includes a file from the developer tools (<…>), which is not read.
    public static let xcconfigIncludeNotRead = ProblemCode(rawValue: "xcconfig-include-not-read")
    /// xcconfig files include each other too deep, or too many in all, so some are not read.
    public static let xcconfigTooDeep = ProblemCode(rawValue: "xcconfig-too-deep")

    /// The kebab-case name, as printed and written to JSON.
    public var description: String { rawValue }

    /// In the order of their names.
    public static func < (lhs: ProblemCode, rhs: ProblemCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
