import IconCatalog

/// What `lint --fix` does about a rule's findings. A fix is offered only where it is safe:
/// it adds what is missing or removes what is wrong without changing how any icon looks,
/// except `flattenMarketingImage`, which runs only with a background colour given.
public enum LintFix: String, Sendable, CaseIterable, Codable {
    /// Makes an alternate set's missing 120, 152 and 167 px images from its largest image,
    /// where that is larger (never upscaled).
    case makeMissingSizes
    /// Adds an alternate's `CFBundleIcons` entry to `CFBundleIcons~ipad`, with iPad-sized files.
    case addPadTwin
    /// Writes `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` with spaces instead of commas.
    case replaceCommas
    /// Takes a listed name that no catalog holds out of the list.
    case unlistMissingName
    /// Adds an app icon no configuration ships to the list.
    case listIconSet
    /// Removes `UINewsstandIcon`.
    case removeNewsstandIcon
    /// Flattens the App Store image onto `--background`, removing its alpha channel.
    case flattenMarketingImage
    /// Makes a file a `CFBundleIconFiles` entry names and no file answers, from the same
    /// icon's largest image, where that is at least as large (never upscaled).
    case makeMissingFile

    /// The fix for a rule's findings, where it has one: the one table of fixable rules.
    public static func fix(for rule: ProblemCode) -> LintFix? {
        switch rule {
        case .missingAlternateSize: return .makeMissingSizes
        case .missingOnIpad: return .addPadTwin
        case .alternateNamesWithCommas: return .replaceCommas
        case .alternateIconMissing: return .unlistMissingName
        case .unlistedIconSet: return .listIconSet
        case .newsstandIcon: return .removeNewsstandIcon
        case .marketingIconAlpha: return .flattenMarketingImage
        case .fileNotFound: return .makeMissingFile
        default: return nil
        }
    }

    /// True for a fix that changes how an icon looks, which runs only when asked for with
    /// the colour to use (`--background`).
    public var needsBackground: Bool { self == .flattenMarketingImage }

    /// One line for `--explain`: what `lint --fix` does.
    public var summary: String {
        switch self {
        case .makeMissingSizes: return "makes the missing images from the set's largest image, where it is larger (never upscaled), and adds them to the set"
        case .addPadTwin:
            return "adds the alternate to CFBundleIcons~ipad: its entry, with 152 and 167 px files made from its largest image where it names loose files"
        case .replaceCommas: return "writes the list with spaces, quoting names that have one"
        case .unlistMissingName: return "removes the name from the list"
        case .listIconSet: return "adds the icon's name to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES where the target sets it"
        case .removeNewsstandIcon: return "removes UINewsstandIcon"
        case .flattenMarketingImage: return "with --background COLOR, flattens the image onto that colour"
        case .makeMissingFile:
            return "makes the file at the size its name stands for (NAME@2x.png 120 px, NAME@3x.png 180 px, NAME-ipad 152 px, "
                + "NAME-ipadpro 167 px) from the icon's largest image, where that is at least as large (never upscaled)"
        }
    }
}

extension LintRule {
    /// What `lint --fix` does about this rule's findings; nil when it has no safe fix.
    public var fix: LintFix? { LintFix.fix(for: id) }
}
