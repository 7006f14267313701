/// Every rule, in the order findings of equal place are listed and `--help` shows them:
/// errors, then warnings, then notes.
public enum LintRules {
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
        noAlternates,
        onlyOnIPad,
        scaleSuffixInEntry,
        mixedPNGExtension,
        missingStandardSize,
        sizeNameMismatch,
        inconsistentOrdinals,
        primaryIconNameOnly,
        imageHasAlpha,
        unsafeIconName,
        newsstandIcon,
        unexpandedVariable,
        duplicateFileEntry,
        iconNameOnly,
    ]

    public static var ids: [String] { all.map(\.id) }

    public static func rule(_ id: String) -> LintRule? { all.first { $0.id == id } }

    /// Where a rule sorts among findings about the same thing.
    static let rank: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0) })
}
