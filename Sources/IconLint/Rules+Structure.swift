import IconCatalog
import TerminalText

/// The ids of this file's rules that no catalog warning carries (see `ProblemCode`).
extension ProblemCode {
    /// The Info.plist has no CFBundleIcons dictionary (or its ~ipad twin is not one).
    public static let noBundleIcons = ProblemCode(rawValue: "no-bundle-icons")
    /// The app declares no alternate icons at all.
    public static let noAlternates = ProblemCode(rawValue: "no-alternates")
    /// Some alternates have an ordinal and others not, or two share one.
    public static let inconsistentOrdinals = ProblemCode(rawValue: "inconsistent-ordinals")
    /// CFBundlePrimaryIcon has CFBundleIconName but no CFBundleIconFiles.
    public static let primaryIconNameOnly = ProblemCode(rawValue: "primary-icon-name-only")
    /// An alternate's name contains control or bidirectional-formatting characters.
    public static let unsafeIconName = ProblemCode(rawValue: "unsafe-icon-name")
    /// UINewsstandIcon is present; Newsstand is gone since iOS 9.
    public static let newsstandIcon = ProblemCode(rawValue: "newsstand-icon")
}

/// Rules about the shape of `CFBundleIcons` and its entries: keys, types and ordinals.
extension LintRules {

    static let noBundleIcons = LintRule(
        id: .noBundleIcons, severity: .error,
        summary: "The Info.plist has no CFBundleIcons dictionary (or its ~ipad twin is not one).",
        explanation: """
            iOS finds an app's icons, and the alternate icons setAlternateIconName(_:) switches to, under the \
            CFBundleIcons key of Info.plist; iPads read CFBundleIcons~ipad instead when it is present. Without a \
            CFBundleIcons dictionary the app has no alternate icons and every call to setAlternateIconName(_:) fails. \
            Fix: add a CFBundleIcons dictionary with CFBundlePrimaryIcon and CFBundleAlternateIcons, each icon \
            listing its files under CFBundleIconFiles. If you lint a source Info.plist and Xcode adds the keys at \
            build time, lint the built app's Info.plist instead (Products/NAME.app/Info.plist).
            """
    ) { context, hits in
        if context.plist[LintContext.phoneKey] == nil {
            hits.add(.app, idiom: .phone, "no CFBundleIcons: the app declares no icons, so it has no alternate icons")
        }
        for idiom in Idiom.allCases {
            let key = idiom.iconsKey
            if let value = context.plist[key], !(value is [String: Any]) {
                hits.add(.iconSet(key), idiom: idiom, "\(key) is \(LintText.describe(value)), expected a dictionary of icons")
            }
        }
    }

    static let malformedIconEntry = LintRule(
        id: .malformedIconEntry, severity: .error,
        summary: "An icon is not a dictionary with a CFBundleIconFiles array of file names.",
        explanation: """
            Each alternate under CFBundleAlternateIcons must be a dictionary whose CFBundleIconFiles is an array of \
            file names (strings); iOS ignores an alternate without one, and setAlternateIconName(_:) fails for it. \
            The same shape applies to CFBundleAlternateIcons itself (a dictionary keyed by icon name) and to \
            CFBundlePrimaryIcon. Fix: make the entry a dictionary and add CFBundleIconFiles as an <array> of \
            <string> base names, e.g. <key>CFBundleIconFiles</key><array><string>Blue</string></array>, with \
            Blue@2x.png and Blue@3x.png in the app bundle.
            """
    ) { context, hits in
        for set in context.iconSets {
            if let alternates = set.alternatesValue, set.alternatesDictionary == nil {
                hits.add(.iconSet(set.key), idiom: set.idiom,
                    "CFBundleAlternateIcons in \(set.key) is \(LintText.describe(alternates)), expected a dictionary of alternate icons")
            }
            for icon in set.icons {
                guard let entry = icon.dictionary else {
                    hits.add(icon.subject, idiom: set.idiom, "\(icon.label) is \(LintText.describe(icon.value)), expected a dictionary")
                    continue
                }
                guard let files = entry["CFBundleIconFiles"] else {
                    // CFBundleIconName alone names an asset-catalog icon: icon-name-only says so.
                    if !icon.isPrimary, !(entry["CFBundleIconName"] is String) {
                        hits.add(icon.subject, idiom: set.idiom, "\(icon.label) has no CFBundleIconFiles")
                    }
                    continue
                }
                guard let array = icon.filesArray else {
                    hits.add(icon.subject, idiom: set.idiom,
                        "CFBundleIconFiles of \(icon.label) is \(LintText.describe(files)), expected an array of file names")
                    continue
                }
                if array.isEmpty, !icon.isPrimary {
                    hits.add(icon.subject, idiom: set.idiom, "CFBundleIconFiles of \(icon.label) is empty")
                }
                for position in icon.nonStringFiles {
                    hits.add(icon.subject, idiom: set.idiom,
                        "item \(position) of CFBundleIconFiles of \(icon.label) is \(LintText.describe(array[position])), expected a file name")
                }
            }
        }
    }

    static let prerenderedNotBoolean = LintRule(
        id: .prerenderedNotBoolean, severity: .error,
        summary: "UIPrerenderedIcon is not a boolean.",
        explanation: """
            UIPrerenderedIcon must be <true/> or <false/>. A string such as "YES" or an <integer> is not a boolean: \
            iOS does not read it as one, and App Store validation of the Info.plist can reject it. (Since iOS 7 the \
            system never adds a gloss effect, so the key only matters for very old systems.) Fix: write \
            <key>UIPrerenderedIcon</key><false/>, or remove the key.
            """
    ) { context, hits in
        for set in context.iconSets {
            for icon in set.icons {
                guard let value = icon.dictionary?["UIPrerenderedIcon"], PlistValue.boolean(value) == nil else { continue }
                hits.add(icon.subject, idiom: set.idiom,
                         "UIPrerenderedIcon of \(icon.label) is \(LintText.describe(value)), expected <true/> or <false/>")
            }
        }
    }

    static let ordinalNotInteger = LintRule(
        id: .ordinalNotInteger, severity: .error,
        summary: "An alternate's ordinal is not an integer.",
        explanation: """
            Apps that show their alternate icons in a fixed order often give each one an `ordinal` (as Emitron \
            does), and choosers, this tool included, sort by it. A string, real number or boolean is not an \
            ordinal: the icon falls back to being ordered by name, so the order in the app and in its chooser \
            disagree. Fix: write <key>ordinal</key><integer>2</integer>.
            """
    ) { context, hits in
        for set in context.iconSets {
            for icon in set.alternates {
                guard let value = icon.dictionary?["ordinal"], PlistValue.integer(value) == nil else { continue }
                hits.add(icon.subject, idiom: set.idiom, "ordinal of \(icon.label) is \(LintText.describe(value)), expected an integer")
            }
        }
    }

    static let noAlternates = LintRule(
        id: .noAlternates, severity: .warning,
        summary: "The app declares no alternate icons at all.",
        explanation: """
            Neither CFBundleIcons nor CFBundleIcons~ipad has entries under CFBundleAlternateIcons, so \
            supportsAlternateIcons is false and there is nothing to switch to. Fix: declare each alternate under \
            CFBundleIcons > CFBundleAlternateIcons (and the same names under CFBundleIcons~ipad for iPads), or, \
            if the app has no alternate icons, do not run this check on it.
            """
    ) { context, hits in
        guard let first = context.iconSets.first else { return }
        for set in context.iconSets {
            guard set.alternatesValue != nil else { continue }
            guard let dictionary = set.alternatesDictionary else { return }  // malformed-icon-entry says it
            if !dictionary.isEmpty { return }
        }
        let keys = LintText.list(context.iconSets.map(\.key), quoted: false)
        hits.add(.iconSet(first.key), idiom: nil, "no alternate icons: \(keys) declare\(context.iconSets.count == 1 ? "s" : "") no CFBundleAlternateIcons entries")
    }

    static let inconsistentOrdinals = LintRule(
        id: .inconsistentOrdinals, severity: .warning,
        summary: "Some alternates have an ordinal and others not, or two share one.",
        explanation: """
            When only some alternates have an `ordinal`, or two have the same one, nothing says where the others \
            go: the app's own list and any chooser guess (this tool puts icons without an ordinal last, by name). \
            Fix: give every alternate in the set a distinct integer ordinal, or remove ordinal from all of them.
            """
    ) { context, hits in
        for set in context.iconSets {
            let alternates = set.alternates.filter { $0.dictionary != nil }
            let without = alternates.filter { $0.dictionary?["ordinal"] == nil }.compactMap(\.name)
            if !without.isEmpty, without.count < alternates.count {
                hits.add(.iconSet(set.key), idiom: set.idiom,
                    "in \(set.key), \(LintText.list(without)) \(without.count == 1 ? "has" : "have") no ordinal while other alternates do; the chooser order is a guess")
            }
            var byOrdinal: [Int: [String]] = [:]
            for icon in alternates {
                if let value = icon.dictionary?["ordinal"], let ordinal = PlistValue.integer(value), let name = icon.name {
                    byOrdinal[ordinal, default: []].append(name)
                }
            }
            for (ordinal, names) in byOrdinal.sorted(by: { $0.key < $1.key }) where names.count > 1 {
                hits.add(.iconSet(set.key), idiom: set.idiom,
                    "in \(set.key), alternates \(LintText.list(names)) share ordinal \(ordinal); their order is a guess")
            }
        }
    }

    static let primaryIconNameOnly = LintRule(
        id: .primaryIconNameOnly, severity: .warning,
        summary: "CFBundlePrimaryIcon has CFBundleIconName but no CFBundleIconFiles.",
        explanation: """
            A primary icon given only by CFBundleIconName lives in the asset catalog: Xcode compiles it and writes \
            the file names into the built app's Info.plist. Read from the source Info.plist it has no files, so a \
            chooser (this one included) cannot show the icon people go back to, and iOS versions before 11 have \
            none to show. Fix: add CFBundleIconFiles listing the primary icon's files (e.g. AppIcon60x60), or \
            lint the built app's Info.plist, where Xcode has added them.
            """
    ) { context, hits in
        for set in context.iconSets {
            guard let primary = set.primary, let entry = primary.dictionary,
                  let name = entry["CFBundleIconName"], entry["CFBundleIconFiles"] == nil else { continue }
            let shown = (name as? String).map { " \(LintText.quote($0))" } ?? ""
            hits.add(primary.subject, idiom: set.idiom, "\(primary.label) has CFBundleIconName\(shown) but no CFBundleIconFiles")
        }
    }

    static let iconNameOnly = LintRule(
        id: .iconNameOnly, severity: .note,
        summary: "Alternates named only by CFBundleIconName: their images are in an asset catalog, not checked here.",
        explanation: """
            An alternate with CFBundleIconName and no CFBundleIconFiles is an asset-catalog icon: Xcode compiles \
            its app-icon set into Assets.car, and iOS draws it from there (iOS 10.3 and later). That is how Xcode \
            13 and later write every asset-catalog alternate into a built app's Info.plist, and it is right. This \
            tool does not read compiled asset catalogs, so the images of these icons are not checked. Fix: \
            nothing, in a built app. Written by hand in a source Info.plist, make sure the name matches an \
            app-icon set in the target's asset catalog that the build includes \
            (ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES, or "Include All App Icon Assets"): otherwise the \
            alternate has no images at all.
            """
    ) { context, hits in
        for set in context.iconSets {
            let names = set.alternates.filter { icon in
                guard let entry = icon.dictionary else { return false }
                return entry["CFBundleIconName"] is String && entry["CFBundleIconFiles"] == nil
            }.compactMap(\.name)
            guard !names.isEmpty else { continue }
            let one = names.count == 1
            let place = context.source.isBuilt
                ? "\(one ? "its" : "their") images are compiled into Assets.car"
                : "\(one ? "its" : "their") images come from an asset catalog, compiled at build time"
            hits.add(.iconSet(set.key), idiom: set.idiom,
                "in \(set.key), \(one ? "alternate" : "alternates") \(MessageText.list(names, limit: 10, show: LintText.quote)) "
                + "\(one ? "has" : "have") only CFBundleIconName: \(place), which is not read, so \(one ? "it is" : "they are") not checked")
        }
    }

    static let unsafeIconName = LintRule(
        id: .unsafeIconName, severity: .warning,
        summary: "An alternate's name contains control or bidirectional-formatting characters.",
        explanation: """
            The name under CFBundleAlternateIcons is what the app passes to setAlternateIconName(_:). Control \
            characters and invisible bidirectional marks (U+202E and friends) make a name that looks like another \
            one, or that reorders text where it is shown, so the app's code and its plist disagree in ways no one \
            can see. Spaces, punctuation and any script are fine. Fix: rename the key to visible characters only, \
            and the same name in the app's code.
            """
    ) { context, hits in
        for set in context.iconSets {
            for icon in set.alternates {
                guard let name = icon.name, TextSanitizer.containsUnsafe(name) else { continue }
                hits.add(icon.subject, idiom: set.idiom, "the name of \(icon.label) contains control or bidi characters")
            }
        }
    }

    static let newsstandIcon = LintRule(
        id: .newsstandIcon, severity: .note,
        summary: "UINewsstandIcon is present; Newsstand is gone since iOS 9.",
        explanation: """
            UINewsstandIcon described the cover art of Newsstand apps, which iOS 9 removed. Nothing reads it any \
            more. Fix: delete the UINewsstandIcon dictionary (and UINewsstandApp, if present).
            """,
        fix: LintFix("removes UINewsstandIcon")
    ) { context, hits in
        if context.plist["UINewsstandIcon"] != nil {
            hits.add(.app, idiom: nil, "UINewsstandIcon is present; Newsstand was removed in iOS 9 and nothing reads it")
        }
        for set in context.iconSets where set.dictionary["UINewsstandIcon"] != nil {
            hits.add(.iconSet(set.key), idiom: set.idiom, "\(set.key) has UINewsstandIcon; Newsstand was removed in iOS 9 and nothing reads it")
        }
    }
}
