import IconCatalog

/// Every rule, in the order findings of equal place are listed and `--help` shows them:
/// errors, then warnings, then notes.
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
    public static func rule(_ id: String) -> LintRule? { ProblemCode(rawValue: id).flatMap(rule) }

    /// The rule reporting `code`, nil where only the catalog's warnings carry it.
    public static func rule(_ code: ProblemCode) -> LintRule? { all.first { $0.id == code } }

    /// Where a rule sorts among findings about the same thing.
    static let rank: [ProblemCode: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0) })
}
