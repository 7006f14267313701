import Foundation
import IconCatalog
import TerminalText

/// Runs the rules over an app and puts the findings in a stable order: the app first, then
/// `CFBundleIcons` and `CFBundleIcons~ipad`, each set's own findings, its primary icon, then
/// its alternates in chooser order; within one thing, rule order, then file and message.
public enum Linter {
    /// Reads the app (an Info.plist or a folder holding one, an Xcode project's target, an
    /// asset catalog, a built `.app`, an `.ipa` or an Expo project) and lints it. An Expo project
    /// is checked by its own rules (`LintRules.expoIDs`) over its config and images. A project or a catalog is
    /// checked by the Info.plist its build writes: its own keys with the icons the asset
    /// compiler adds (see `AppIconCatalog.builtIconsDictionary`), whose images stay in the
    /// catalog and are not checked here. Throws only when the app cannot be read at all:
    /// missing, not a plist, not a dictionary, an archive that cannot be opened, a project
    /// whose target cannot be chosen. `opener`: the one that may have read the app ahead
    /// (`AppOpener.prepare`); by default a new one.
    public static func lint(app: String, options: CatalogOptions = CatalogOptions(), disabled: Set<ProblemCode> = [],
                            inspector: any ImageInspector = DecodingImageInspector(),
                            opener: AppOpener = AppOpener()) throws(CatalogError) -> LintReport {
        try lint(opened: opener.open(app, options: options), options: options, disabled: disabled, inspector: inspector)
    }

    /// Lints an app already opened with `options` (see `lint(app:)`): the chooser checks the
    /// app it shows without opening it again.
    package static func lint(opened: OpenedApp, options: CatalogOptions, disabled: Set<ProblemCode> = [],
                             inspector: any ImageInspector = DecodingImageInspector()) throws(CatalogError) -> LintReport {
        // An Expo project has no Info.plist yet: its config and images are checked by the Expo rules.
        if let project = opened.expo {
            let catalog = try CatalogReader.catalog(from: opened, options: options)
            let facts = ExpoFacts.gather(project: project, catalog: catalog, inspector: inspector, options: options)
            return lint(expo: facts, disabled: disabled)
        }
        var plist = opened.plist
        var appWarnings = opened.warnings
        var skipped = disabled
        var project: ProjectFacts?
        if let compiler = opened.compiler {
            let idioms: [Idiom] = compiler.supportsPad ? [.phone, .pad] : [.phone]
            appWarnings = []
            var catalogs: [AppIconCatalog] = []
            for idiom in idioms {
                var read = options
                read.idiom = idiom
                let built = try CatalogReader.catalog(from: opened, options: read, lookingForFiles: false)
                plist[built.iconsKey] = built.builtIconsDictionary
                appWarnings += built.warnings.filter { !appWarnings.contains($0) }
                catalogs.append(built)
            }
            // Warnings a rule reports are findings, not warnings beside them.
            let reported = Set(LintRules.ids)
            project = ProjectFacts.gather(from: catalogs, compiler: compiler, source: opened.source, defines: options.defines,
                                          reportedCodes: reported, inspector: inspector, folders: opened.folders)
            appWarnings.removeAll { $0.code.map(reported.contains) == true }
            appWarnings += project?.otherWarnings ?? []
            // The built app names catalog icons by CFBundleIconName alone (the asset compiler's files exist only
            // in the built app); here their sets and bundles are read, so that is no finding.
            skipped.formUnion([LintRules.primaryIconNameOnly.id, LintRules.iconNameOnly.id])
        }
        var car: CarFile?
        if opened.source.isBuilt {
            let read = CarFile.open(in: opened.iconTree)
            car = read.car
            if let warning = read.warning { appWarnings.append(warning) }
            // The car is read: its icons are checked by the car rules, not noted as unread.
            if car != nil { skipped.insert(LintRules.iconNameOnly.id) }
        }
        let index = FileIndex(tree: options.iconTree(default: opened.iconTree))
        return lint(plist: plist, plistPath: opened.plistPath ?? opened.path, source: opened.source, options: options,
                    index: index, disabled: skipped, inspector: inspector, appWarnings: appWarnings, project: project, car: car)
    }

    /// Runs the rules an Expo project is checked by over its gathered facts; the reading's warnings
    /// a rule reports are its findings, the rest stay warnings.
    package static func lint(expo: ExpoFacts, disabled: Set<ProblemCode> = []) -> LintReport {
        let context = LintContext(plist: [:], plistPath: expo.configPath, source: .expo, options: CatalogOptions(),
                                  index: FileIndex(noFilesUnder: expo.project.root), expo: expo, inspect: { _ in
                                      .unreadable(reason: "not read") })
        var seen = Set<LintFinding>()
        var findings: [LintFinding] = []
        var omitted: [LintReport.Omitted] = []
        for rule in LintRules.all where LintRules.expoIDs.contains(rule.id) && !disabled.contains(rule.id) {
            let run = rule.run(context)
            findings += run.findings.filter { seen.insert($0).inserted }
            if run.omitted > 0 { omitted.append(LintReport.Omitted(rule: rule.id, severity: rule.severity, count: run.omitted)) }
        }
        let warnings = expo.warnings.filter { $0.code.map { LintRules.expoIDs.contains($0) || disabled.contains($0) } != true }
        return LintReport(plistPath: expo.configPath, findings: FindingOrder(context).sorted(findings), omitted: omitted,
                          searchWasTruncated: false, appWarnings: warnings)
    }

    /// Lints an already-parsed plist against an already-walked folder.
    package static func lint(plist: [String: Any], plistPath: String, source: AppSourceKind = .plist,
                             options: CatalogOptions, index: FileIndex, disabled: Set<ProblemCode> = [],
                             inspector: any ImageInspector, appWarnings: [CatalogWarning] = [],
                             project: ProjectFacts? = nil, car: CarFile? = nil) -> LintReport {
        let context = LintContext(plist: plist, plistPath: plistPath, source: source, options: options, index: index,
                                  project: project, car: car, inspect: { inspector.inspect($0) })
        var seen = Set<LintFinding>()
        var findings: [LintFinding] = []
        var omitted: [LintReport.Omitted] = []
        for rule in LintRules.all where !disabled.contains(rule.id) {
            let run = rule.run(context)
            findings += run.findings.filter { seen.insert($0).inserted }
            if run.omitted > 0 { omitted.append(LintReport.Omitted(rule: rule.id, severity: rule.severity, count: run.omitted)) }
        }
        let order = FindingOrder(context)
        var appWarnings = appWarnings
        if let car {
            // What the car holds for the icons but cannot show: warned about once, naming the car.
            for set in context.iconSets {
                let names = set.icons.compactMap { $0.dictionary?["CFBundleIconName"] as? String }
                for warning in car.images(named: names, idiom: set.idiom).warnings where !appWarnings.contains(warning) {
                    appWarnings.append(warning)
                }
            }
        }
        let truncation = CatalogWarning.searchTruncated(root: index.root)
        if index.truncated && !appWarnings.contains(truncation) { appWarnings.append(truncation) }
        return LintReport(plistPath: plistPath, findings: order.sorted(findings), omitted: omitted,
                          searchWasTruncated: index.truncated, appWarnings: appWarnings)
    }
}

/// The sort behind "a stable order" for findings.
struct FindingOrder {
    private var setRank: [String: Int] = [:]
    private var alternateRank: [String: [String: Int]] = [:]

    init(_ context: LintContext) {
        for (position, set) in context.iconSets.enumerated() {
            setRank[set.key] = position
            alternateRank[set.key] = Dictionary(set.alternateNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// (set, place in set, name) for a subject; names missing from a set (an alternate the
    /// `~ipad` twin lacks) come after those it has.
    private func place(_ subject: LintSubject) -> (Int, Int, String) {
        func set(_ key: String) -> Int { setRank[key] ?? (key == LintContext.phoneKey ? 0 : 1) }
        switch subject {
        case .app: return (-1, 0, "")
        case .iconSet(let key): return (set(key), 0, "")
        case .icon(let key, nil): return (set(key), 1, "")
        case .icon(let key, let name?): return (set(key), 2 + (alternateRank[key]?[name] ?? Int(Int32.max)), name)
        }
    }

    /// The findings in order. Each finding's place is looked up once, not at every comparison:
    /// names from outside can be long, and hashing them dominated the sort.
    func sorted(_ findings: [LintFinding]) -> [LintFinding] {
        let keyed = findings.map { (place: place($0.subject), rank: LintRules.rank[$0.rule] ?? 0, finding: $0) }
        return keyed.sorted { a, b in
            if a.place != b.place { return a.place < b.place }
            if a.rank != b.rank { return a.rank < b.rank }
            if a.finding.file != b.finding.file { return a.finding.file < b.finding.file }
            return a.finding.message < b.finding.message
        }.map(\.finding)
    }
}

/// The findings of one run, with the counts and exit status `lint` reports.
public struct LintReport: Sendable {
    /// Findings of one rule beyond the first `LintRule.Hits.shownPerRule`: counted, not shown.
    public struct Omitted: Sendable, Equatable {
        /// The rule whose findings were capped.
        public let rule: ProblemCode
        /// Its severity, so the totals count the findings left out.
        public let severity: LintSeverity
        /// How many findings were left out.
        public let count: Int
    }

    /// What was linted, for messages: the Info.plist, or the project or catalog when there is none.
    public let plistPath: String
    /// The findings shown, in order.
    public let findings: [LintFinding]
    /// Per rule, the findings past the cap, in rule order.
    public let omitted: [Omitted]
    /// The icon folder had more entries than are looked at; some files may have been missed.
    public let searchWasTruncated: Bool
    /// Problems met opening the app that are no rule's finding (archive entries left unread).
    public let appWarnings: [CatalogWarning]

    package init(plistPath: String, findings: [LintFinding], omitted: [Omitted] = [], searchWasTruncated: Bool,
                 appWarnings: [CatalogWarning] = []) {
        self.plistPath = plistPath
        self.findings = findings
        self.omitted = omitted
        self.searchWasTruncated = searchWasTruncated
        self.appWarnings = appWarnings
    }

    /// What every output lists: the findings, then per capped rule one line that counts the rest
    /// ("… and 379,990 more file-not-found findings"), about the Info.plist.
    public var listed: [LintFinding] {
        findings + omitted.map { more in
            LintFinding(rule: more.rule, severity: more.severity,
                        message: "… and \(MessageText.grouped(more.count)) more \(more.rule) findings",
                        subject: .app, idiom: nil, file: plistPath)
        }
    }

    /// Every finding of the severity, those counted but not shown included.
    public func count(_ severity: LintSeverity) -> Int {
        findings.count(where: { $0.severity == severity })
            + omitted.filter { $0.severity == severity }.reduce(0) { $0 + $1.count }
    }

    /// "1 error, 2 warnings, 0 notes".
    public var summary: String {
        LintSeverity.allCases.map { $0.counted(count($0)) }.joined(separator: ", ")
    }

    /// A failure with errors, or with warnings when `strict`; else a success. Notes never fail a run.
    public func exitStatus(strict: Bool) -> ExitStatus {
        count(.error) > 0 || (strict && count(.warning) > 0) ? .failure : .success
    }
}
