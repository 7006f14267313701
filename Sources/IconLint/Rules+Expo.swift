import Foundation
import IconCatalog

/// The ids of this file's rules that no catalog warning carries (see `ProblemCode`).
extension ProblemCode {
    /// An Expo icon image is not square, or smaller than 1024×1024 pixels.
    public static let expoImageSize = ProblemCode(rawValue: "expo-image-size")
    /// An alternate icon is the primary icon's own artwork registered again.
    public static let expoPrimaryAsAlternate = ProblemCode(rawValue: "expo-primary-as-alternate")
    /// An Expo icon's tinted image is drawn in colour.
    public static let expoTintedInColour = ProblemCode(rawValue: "expo-tinted-in-colour")
    /// The project's ios/ folder no longer holds the alternate icons its Expo config declares.
    public static let expoPrebuildStale = ProblemCode(rawValue: "expo-prebuild-stale")
    /// An Expo icon is registered with iOS under another name than its config key.
    public static let expoNameRenamed = ProblemCode(rawValue: "expo-name-renamed")
}

/// Rules about an Expo project's config, checked before `expo prebuild` writes `ios/`: what the
/// icon plugins pass over without a word, or stop prebuild on (see the corpus's `FORMATS.md`).
extension LintRules {
    /// A rule that checks only an Expo project's facts.
    static func expoRule(id: ProblemCode, severity: LintSeverity, summary: String, explanation: String,
                         check: @escaping @Sendable (ExpoFacts, inout LintRule.Hits) -> Void) -> LintRule {
        LintRule(id: id, severity: severity, summary: summary, explanation: explanation) { context, hits in
            guard let expo = context.expo else { return }
            check(expo, &hits)
        }
    }

    /// A rule reporting the config reading's warnings whose code is its id, each about the icon
    /// it names where there is one, with the config key path it is at.
    static func expoWarningRule(id: ProblemCode, severity: LintSeverity, summary: String, explanation: String) -> LintRule {
        expoRule(id: id, severity: severity, summary: summary, explanation: explanation) { expo, hits in
            let prefix = "\(expo.configPath): "
            for warning in expo.warnings where warning.code == id {
                let keyPath = warning.subject.hasPrefix(prefix) ? String(warning.subject.dropFirst(prefix.count)) : nil
                let icon = keyPath.flatMap { path in expo.icons.first { $0.declaration.keyPath == path } }
                hits.add(icon.map(expoSubject) ?? .app, idiom: nil, file: expo.configPath,
                         (keyPath.map { "\($0): " } ?? "") + warning.message)
            }
        }
    }

    static func expoSubject(_ icon: AppIcon) -> LintSubject { .icon(set: LintContext.phoneKey, name: icon.name) }

    private static func declared(_ icon: AppIcon) -> String {
        let name = icon.name.map { "“\($0)”" } ?? "the primary icon"
        return icon.declaration.keyPath.map { "\(name) (\($0))" } ?? name
    }

    /// The rules only an Expo project is checked by, and those it shares with other apps.
    static var expoIDs: Set<ProblemCode> {
        [.expoIconShapeIgnored, .expoIconEntryWithoutIos, .expoIconVariantsIncomplete, .expoImageMissing, .expoDuplicateName,
         .expoIconBundleAlternate, .expoImageSize, .expoPrimaryAsAlternate, .expoTintedInColour, .expoPrebuildStale,
         .imageHasAlpha, .expoNameRenamed, .expoPluginUnknown, .expoImageNotLocal]
    }

    static let expoIconShapeIgnored = expoWarningRule(
        id: .expoIconShapeIgnored, severity: .error,
        summary: "An Expo icon plugin is given props in a shape it ignores, or stops prebuild on.",
        explanation: """
            Each alternate-icon plugin reads its own shape of props, and none of them says when it is given another: \
            expo-alternate-app-icons takes an array of {name, ios} entries, and an object such as {icons: [...]} \
            makes no icon at all; @mozzius and @howincodes no longer read "image", only "ios"; expo-quick-actions \
            reads "image" of each icon and stops prebuild without it. The app then calls a name iOS does not know, \
            and the switch fails at run time, so this is an error. Fix: write the props in the plugin's shape (see \
            its README for the version installed), e.g. ["expo-alternate-app-icons", [{"name": "Red", "ios": \
            "./assets/red.png"}]].
            """)

    static let expoIconEntryWithoutIos = expoWarningRule(
        id: .expoIconEntryWithoutIos, severity: .error,
        summary: "An expo-alternate-app-icons entry has no ios image, which stops every entry after it.",
        explanation: """
            expo-alternate-app-icons makes the iOS images entry by entry and returns at the first entry without \
            "ios": that icon and every one after it get no image set, though their names are still registered, so \
            choosing any of them fails at run time; an error. Fix: give the entry an "ios" image (a path, or \
            {light, dark, tinted}), or move Android-only entries to the end of the array.
            """)

    static let expoIconVariantsIncomplete = expoWarningRule(
        id: .expoIconVariantsIncomplete, severity: .error,
        summary: "An icon's ios object lacks light, dark or tinted where the plugin requires them.",
        explanation: """
            expo-alternate-app-icons accepts "ios" as an object only with all three of light, dark and tinted, and \
            otherwise stops prebuild with "Invalid alternate icon configuration"; @howincodes needs "light" at \
            least. A build that stops is an error. Fix: give all three images (a dark one on a transparent \
            background, a tinted one in greys), or give "ios" a single path.
            """)

    static let expoImageMissing = expoWarningRule(
        id: .expoImageMissing, severity: .error,
        summary: "An Expo config names an icon image or .icon bundle that is not there.",
        explanation: """
            The plugins read each image at prebuild, relative to the project folder; a path with no file stops \
            prebuild (ENOENT), and a missing .icon bundle for ios.icon leaves Expo's plain white icon, so this is \
            an error. Paths are case-sensitive on the Linux machines EAS Build runs on, though not on a Mac. Fix: \
            correct the path in the config, or add the file (and commit it: EAS Build uploads what git holds).
            """)

    static let expoDuplicateName = expoWarningRule(
        id: .expoDuplicateName, severity: .error,
        summary: "Two icons of an Expo config get the same run-time name.",
        explanation: """
            iOS knows one alternate icon per name. Two entries that the plugins turn into the same name (red and \
            Red under expo-alternate-app-icons' PascalCase, or the same key in two plugins) make one image set \
            overwrite the other, and the app gets one of them whichever it meant: an error, since it goes unnoticed \
            until run time. Only the first is shown. Fix: rename one of them.
            """)

    static let expoIconBundleAlternate = expoWarningRule(
        id: .expoIconBundleAlternate, severity: .error,
        summary: "An Icon Composer .icon bundle is given where the plugin (or Expo) needs a PNG image.",
        explanation: """
            Only Expo's own ios.icon, given as a string, takes an Icon Composer .icon bundle (SDK 54 and later). The \
            alternate-icon plugins resize PNG images and cannot make an alternate from a bundle (see \
            expo-alternate-app-icons issue 187), and a .icon inside an ios.icon object or in the top-level icon is \
            only warned about by Expo and not made an Icon Composer icon: prebuild fails or the icon is not the one \
            meant, so this is an error. \
            Fix: export the icon from Icon Composer as 1024×1024 PNG images (light, dark, tinted) and name those.
            """)

    static let expoImageSize = expoRule(
        id: .expoImageSize, severity: .warning,
        summary: "An Expo icon image is not square, or smaller than 1024×1024 pixels.",
        explanation: """
            Every plugin (and Expo itself) resizes each image to 1024×1024 with "cover": a non-square image is \
            cropped to its centre and a small one scaled up, blurred, without a word. The icon still works, so this \
            is a warning. Fix: export each image as a square PNG of 1024×1024 pixels.
            """
    ) { expo, hits in
        for image in expo.images {
            guard case .picture(let width, let height, _)? = expo.facts[image.path] else { continue }
            let what = "the \(image.appearance.rawValue) image of \(declared(image.icon))"
            if width != height {
                hits.add(expoSubject(image.icon), idiom: nil, file: image.path,
                         "\(what) is \(width)×\(height) pixels; prebuild crops it to its centre square")
            } else if width < 1024 {
                hits.add(expoSubject(image.icon), idiom: nil, file: image.path,
                         "\(what) is \(width)×\(height) pixels; prebuild scales it up to 1024×1024, blurred")
            }
        }
    }

    static let expoPrimaryAsAlternate = expoRule(
        id: .expoPrimaryAsAlternate, severity: .warning,
        summary: "An alternate icon is the primary icon's own artwork registered again.",
        explanation: """
            An alternate drawn from the primary's image (the same file, or a copy of it) adds a second copy of the \
            icon to the app, and choosing it sets an alternate that looks like the primary, so the app no longer \
            reports the default icon. It works, so this is a warning. Fix: remove the entry, and to go back to the \
            primary icon pass null to the plugin's set function (setAlternateIconName(nil) in iOS).
            """
    ) { expo, hits in
        for twin in expo.primaryTwins {
            hits.add(expoSubject(twin.icon), idiom: nil, file: twin.path,
                     "\(declared(twin.icon)) is drawn with the primary icon's own light image")
        }
    }

    static let expoTintedInColour = expoRule(
        id: .expoTintedInColour, severity: .warning,
        summary: "An Expo icon's tinted image is drawn in colour.",
        explanation: """
            iOS 18 makes a tinted icon from the tinted image's luminance alone and colours it with the user's tint; \
            the colours of a tinted image drawn in colour are thrown away, and parts of different colours but \
            equal brightness run together. The icon still works, so this is a warning. Fix: draw the tinted image \
            in greys on a transparent or black background (white where the tint should be strongest).
            """
    ) { expo, hits in
        for image in expo.images where image.appearance == .tinted {
            guard let colour = expo.colour[image.path], colour.pixels > 0,
                  Double(colour.coloured) > Double(colour.pixels) * ExpoFacts.colouredShare else { continue }
            let percent = max(1, Int((Double(colour.coloured) * 100 / Double(colour.pixels)).rounded()))
            hits.add(expoSubject(image.icon), idiom: nil, file: image.path,
                     "the tinted image of \(declared(image.icon)) is in colour (\(percent)% of its pixels); iOS keeps only its luminance")
        }
    }

    static let expoPrebuildStale = expoRule(
        id: .expoPrebuildStale, severity: .warning,
        summary: "The project's ios/ folder no longer holds the alternate icons its Expo config declares.",
        explanation: """
            expo prebuild writes the icons the config declares into ios/; a committed ios/ made before the config \
            last changed lacks the new icons and still ships the removed ones. A build from that ios/ (a local \
            Xcode build, or EAS Build of a project that commits ios/) then has the old icons, and the app's calls \
            for the new names fail. EAS Build runs prebuild itself when ios/ is not committed, so this is a \
            warning. Fix: run `npx expo prebuild --platform ios` (with --clean if icons were removed) and commit ios/, \
            or remove ios/ from the repository and let prebuild make it.
            """
    ) { expo, hits in
        guard let built = expo.prebuilt else { return }
        if !built.missing.isEmpty {
            hits.add(.app, idiom: nil, file: built.folder,
                     "ios/ lacks \(LintText.list(built.missing)), which \(expo.configPath) declares; run `npx expo prebuild`",
                     about: built.missing)
        }
        if !built.extra.isEmpty {
            hits.add(.app, idiom: nil, file: built.folder,
                     "ios/ still has \(LintText.list(built.extra)), which \(expo.configPath) no longer declares; "
                     + "run `npx expo prebuild --clean`")
        }
    }

    static let expoNameRenamed = expoRule(
        id: .expoNameRenamed, severity: .note,
        summary: "An Expo icon is registered with iOS under another name than its config key.",
        explanation: """
            expo-alternate-app-icons (5.0 and later) PascalCases a name that starts in lower case (hail_hydra is \
            registered as HailHydra, and setAlternateAppIcon must be given that); @howincodes adds "AppIcon-" and \
            expo-quick-actions "expo_ic_" (their set functions take the key and add the prefix). A note, naming the \
            call to make: a call with the config's spelling is the commonest reason a switch fails in production. \
            Fix: call the name the note gives, or write the key as it is registered (Red rather than red).
            """
    ) { expo, hits in
        for icon in expo.project.icons {
            guard let kind = icon.kind, let key = icon.configKey, let name = icon.name, name != key,
                  let shown = expo.icons.first(where: { $0.declaration.keyPath == icon.keyPath }) else { continue }
            hits.add(expoSubject(shown), idiom: nil, file: expo.configPath,
                     "\(icon.keyPath): “\(key)” is registered with iOS as “\(name)”; the app calls \(kind.javaScriptCall(key))")
        }
    }

    static let expoPluginUnknown = expoWarningRule(
        id: .expoPluginUnknown, severity: .note,
        summary: "A local config plugin is given image paths, but iconchooser does not know what it makes of them.",
        explanation: """
            A plugin given by a path (./plugins/withIcons.js) is the project's own program; when it is not a copy \
            of a plugin iconchooser knows, the icons it makes are not read or checked. A note: nothing is known to \
            be wrong. Fix: none needed; to have the icons read, use one of the published plugins, or declare them in \
            ios.infoPlist as well.
            """)

    static let expoImageNotLocal = expoWarningRule(
        id: .expoImageNotLocal, severity: .note,
        summary: "An Expo icon's image is not a file in the project (a URL, or alternates written into ios.infoPlist by hand).",
        explanation: """
            An image given as a URL is downloaded at prebuild, and alternates written by hand into \
            ios.infoPlist.CFBundleIcons get their images from elsewhere (a local plugin); iconchooser reads \
            neither, so those icons are shown as placeholders and their images are not checked. A note, as nothing \
            is known to be wrong. Fix: none needed; to have them checked, keep the images in the project and name \
            them by path.
            """)
}
