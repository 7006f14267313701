import IconCatalog

/// The ids of this file's rules that no catalog warning carries (see `ProblemCode`).
extension ProblemCode {
    /// ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES is written with commas; Xcode splits it at spaces.
    public static let alternateNamesWithCommas = ProblemCode(rawValue: "alternate-names-with-commas")
    /// An app icon in the target's catalogs that no configuration ships: INCLUDE_ALL is off and no setting lists it.
    public static let unlistedIconSet = ProblemCode(rawValue: "unlisted-icon-set")
}

/// Rules about an Xcode target's icon settings and the app icons its catalogs hold. They see
/// a project or an asset catalog read alone (`LintContext.project`); on an Info.plist or a
/// built app they find nothing. Each costs one pass over what `ProjectFacts` gathered.
extension LintRules {
    static let primarySetting = "ASSETCATALOG_COMPILER_APPICON_NAME"
    static let alternatesSetting = "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES"
    static let includeAllSetting = "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS"

    /// The hits of one project rule: the first `shown` are kept, the rest only counted (their
    /// messages never built) and summed up in one last hit.
    typealias ProjectHits = LintRule.Hits

    /// A rule over `ProjectFacts`.
    static func projectRule(id: ProblemCode, severity: LintSeverity, summary: String, explanation: String, fix: LintFix? = nil,
                            check: @escaping @Sendable (ProjectFacts, inout ProjectHits) -> Void) -> LintRule {
        LintRule(id: id, severity: severity, summary: summary, explanation: explanation, fix: fix) { context, hits in
            guard let project = context.project else { return }
            check(project, &hits)
        }
    }

    /// A rule reporting the reading's warnings whose code is its id: those about the app, then
    /// those about each shipped icon's set or bundle, which sort with the icon. `consequence`
    /// ends each message.
    static func warningRule(id: ProblemCode, severity: LintSeverity, summary: String, explanation: String,
                            fix: LintFix? = nil, consequence: String = "") -> LintRule {
        projectRule(id: id, severity: severity, summary: summary, explanation: explanation, fix: fix) { project, hits in
            for warning in project.warnings(id) {
                let (file, detail) = location(of: warning.subject)
                hits.add(.app, idiom: nil, file: file, (detail.map { "\($0): " } ?? "") + warning.message + consequence)
            }
            for icon in project.icons {
                for warning in icon.warnings where warning.code == id {
                    let (file, detail) = location(of: warning.subject)
                    hits.add(icon.subject, idiom: nil, file: file,
                             "\(icon.label): " + (detail.map { "\($0): " } ?? "") + warning.message + consequence)
                }
            }
        }
    }

    /// A warning's subject split into the file and what in it: `FILE:12` (a line) or
    /// `FILE: images[2].filename` (a key).
    static func location(of subject: String) -> (file: String, detail: String?) {
        if let match = subject.wholeMatch(of: /(.+): ([A-Za-z0-9_.\[\]-]+)/) {
            return (String(match.1), String(match.2))
        }
        if let match = subject.wholeMatch(of: /(.+):([0-9]+)/) {
            return (String(match.1), "line \(match.2)")
        }
        return (subject, nil)
    }

    static let primaryIconMissing = warningRule(
        id: .primaryIconMissing, severity: .error,
        summary: "ASSETCATALOG_COMPILER_APPICON_NAME names no app icon of the target's catalogs (or is empty).",
        explanation: """
            The asset compiler makes the app's icon from the app icon set or Icon Composer bundle that \
            ASSETCATALOG_COMPILER_APPICON_NAME names, looked for in the asset catalogs the target builds. When no \
            catalog of the target holds that name, the app ships without an icon and App Store Connect refuses it. \
            Fix: correct the setting (Build Settings > Primary App Icon Set Name, often set in an xcconfig file), or \
            add the catalog holding the icon to the target's Copy Bundle Resources phase. A name built from other \
            settings (AppIcon$(BUNDLE_ID_SUFFIX)) may need --define or --configuration to read as the build does.
            """,
        consequence: "; the app has no icon")

    static let iconNameMissing = warningRule(
        id: .iconNameMissing, severity: .error,
        summary: "An alternate the Info.plist names by CFBundleIconName is in none of the target's catalogs (ITMS-90895).",
        explanation: """
            An alternate declared in Info.plist with CFBundleIconName and no CFBundleIconFiles takes its images from \
            the asset catalog, under that name. When the target's catalogs have no app icon of that name, the app \
            has no images for it: setAlternateIconName(_:) fails, and App Store Connect reports the upload as \
            ITMS-90895 (Missing Icon: no such asset is present in the asset catalog). Fix: add an app icon set of \
            that name to a catalog the target builds, or correct the CFBundleIconName.
            """,
        consequence: "; App Store Connect reports this as ITMS-90895")

    static let alternateIconMissing = warningRule(
        id: .alternateIconMissing, severity: .warning,
        summary: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists a name no catalog of the target holds.",
        explanation: """
            Xcode 13 and later make an alternate icon of each app icon set this setting lists (space-separated, \
            with shell-style quotes for names with spaces). A name with no set or Icon Composer bundle in the \
            target's catalogs makes no icon: the app's call to setAlternateIconName(_:) with it fails. Fix: add \
            the set, correct the spelling (names are case-sensitive and include their namespace, e.g. Icons/Blue), \
            or remove the name.
            """,
        fix: LintFix("removes the name from the list"))

    static let missingXCConfigInclude = warningRule(
        id: .missingXcconfigInclude, severity: .warning,
        summary: "An xcconfig file's #include names a file that is not there.",
        explanation: """
            #include "Other.xcconfig" must find its file (relative to the including file); only #include? may \
            name one that is missing. A fresh checkout often lacks a file every developer is told to create \
            (Config.xcconfig from Config.template.xcconfig): the settings it would give are missing from that \
            build, and are not read here either, so the icons found may differ from the real build. Fix: add the \
            file, or write #include? when it is truly optional.
            """)

    static let alternateNamesWithCommas = projectRule(
        id: .alternateNamesWithCommas, severity: .warning,
        summary: "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES is written with commas; Xcode splits it at spaces.",
        explanation: """
            The setting is a space-separated list, like every list-valued build setting: "og, joy" is the two \
            names "og," and "joy", and no app icon set is called "og,". Fix: write the names with spaces only \
            (og joy), quoting a name that has a space in it ("Dark Blue").
            """,
        fix: LintFix("writes the list with spaces, quoting names that have one")
    ) { project, hits in
        guard project.compiler.alternateIconNamesUseCommas else { return }
        // A quoted name with a comma in it is fine when an icon has that name.
        let icons = Set(project.icons.map(\.assetName))
        let withCommas = project.compiler.alternateIconNames.filter { $0.contains(",") && !icons.contains($0) }
        guard !withCommas.isEmpty else { return }
        hits.add(.app, idiom: nil, file: project.compiler.settingsSource,
                 "\(alternatesSetting) is written with commas (\(LintText.list(withCommas))); Xcode splits it at spaces only, "
                 + "so \(withCommas.count == 1 ? "that name, comma included, names" : "those names, commas included, name") no icon")
    }

    static let unlistedIconSet = projectRule(
        id: .unlistedIconSet, severity: .warning,
        summary: "An app icon in the target's catalogs that no configuration ships: INCLUDE_ALL is off and no setting lists it.",
        explanation: """
            With ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS off, the build makes icons only of the set \
            ASSETCATALOG_COMPILER_APPICON_NAME names and those ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES lists \
            (and those the Info.plist names). Any other app icon set is left out of the app: often an alternate \
            added to the catalog and forgotten in the list. Every configuration of the target is compared: a set \
            that only another configuration ships (a production primary, read in a debug configuration) is \
            deliberate and not reported. Fix: add its name to Alternate App Icon Sets in Build \
            Settings, turn on Include All App Icon Assets, or delete the set if it is no longer wanted.
            """,
        fix: LintFix("adds the icon's name to ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES where the target sets it")
    ) { project, hits in
        let configuration: String
        if project.unshippedIn.count > 1 {
            configuration = " in any configuration (\(project.unshippedIn.map(LintText.quote).joined(separator: ", ")))"
        } else {
            configuration = project.configuration.map { " in configuration \(LintText.quote($0))" } ?? ""
        }
        for entry in project.unshipped {
            let kind = entry.kind == .iconSet ? "app icon set" : "Icon Composer icon"
            hits.add(.app, idiom: nil, file: entry.path,
                     "\(kind) \(LintText.quote(entry.name)) does not ship\(configuration): \(includeAllSetting) is off, "
                     + "and neither \(primarySetting) nor \(alternatesSetting) names it", about: [entry.name])
        }
    }
}
