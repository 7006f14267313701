import IconCatalog

/// Every rule, in the order findings of equal place are listed and `--help` shows them:
/// errors, then warnings, then notes. A rule is written in its topic's `Rules+<Topic>.swift`
/// (its id there too, unless a catalog warning carries it) and registered here, by value:
/// a test fails on a rule written and not listed, and on a README table that disagrees.
public enum LintRules {
    /// Every rule, for listing them (`--help`) and explaining one (`--explain`).
    public static let all: [LintRule] = [
        noBundleIcons,
        malformedIconEntry,
        prerenderedNotBoolean,
        ordinalNotInteger,
        fileNotFound,
        fileInAssetCatalog,
        missingOnIPad,
        unsafeFileEntry,
        unreadableImage,
        nonSquareImage,
        primaryIconMissing,
        iconNameMissing,
        missingMarketingIcon,
        marketingIconAlpha,
        carIconMissing,
        carMarketingAlpha,
        carPrimaryIconUnnamed,
        expoIconShapeIgnored,
        expoIconEntryWithoutIos,
        expoIconVariantsIncomplete,
        expoImageMissing,
        expoDuplicateName,
        expoIconBundleAlternate,
        noAlternates,
        onlyOnIPad,
        scaleSuffixInEntry,
        mixedPNGExtension,
        missingStandardSize,
        sizeNameMismatch,
        inconsistentOrdinals,
        expoImageSize,
        expoPrimaryAsAlternate,
        expoTintedInColour,
        expoPrebuildStale,
        primaryIconNameOnly,
        imageHasAlpha,
        unsafeIconName,
        alternateIconMissing,
        alternateNamesWithCommas,
        unlistedIconSet,
        missingXCConfigInclude,
        missingAlternateSize,
        carAlternateSize,
        setFileMissing,
        setFileUnreferenced,
        iconLayerMissing,
        iconLayerUndrawable,
        newsstandIcon,
        unexpandedVariable,
        duplicateFileEntry,
        iconNameOnly,
        inconsistentAppearances,
        carInconsistentAppearances,
        expoNameRenamed,
        expoPluginUnknown,
        expoImageNotLocal,
    ]

    /// Every rule's id: the values `LintFinding.rule` and `CatalogWarning.code` share.
    public static var ids: [ProblemCode] { all.map(\.id) }

    /// The rule with `id`, nil for an unknown id (a typo in `--disable`).
    public static func rule(_ id: String) -> LintRule? { rule(ProblemCode(rawValue: id)) }

    /// The rule reporting `code`, nil where only the catalog's warnings carry it.
    public static func rule(_ code: ProblemCode) -> LintRule? { byID[code] }

    private static let byID: [ProblemCode: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// Where a rule sorts among findings about the same thing.
    static let rank: [ProblemCode: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0) })
}
