import Foundation
import IconCatalog
import IconLint

/// Plans `lint --fix`: for each finding whose rule has a safe fix (`LintRule.fix`), the edits
/// that make it go away, chosen by the rule's id, gathered into one plan written all or nothing. A finding whose fix
/// cannot be made here (an image too small to make a size from, a fix that would change how
/// an icon looks without `--background`) is left, with the reason.
package enum LintFixer {
    /// The rules whose findings `plan` fixes, in the order it fixes them: the list is written
    /// with spaces before names are taken out of it. The rules with a `fix`, no more, no fewer
    /// (a test holds them to `LintRules.all`).
    package static let fixedRules: [ProblemCode] = [
        .missingAlternateSize, .missingOnIpad, .alternateNamesWithCommas, .alternateIconMissing, .unlistedIconSet,
        .newsstandIcon, .marketingIconAlpha, .fileNotFound,
    ]

    /// A finding left as it is, and why.
    package struct Skipped: Sendable {
        package let finding: LintFinding
        package let reason: String
    }

    /// What fixing would do.
    package struct Outcome: Sendable {
        package var plan: EditPlan
        /// The findings the plan fixes.
        package var fixed: [LintFinding]
        package var skipped: [Skipped]
    }

    /// Plans the fixes of `report`'s fixable findings (only those about the icons named in
    /// `only`, nil for the primary, when given: the chooser's `f`). A finding about the app
    /// is about those icons when every icon it names is one of them.
    package static func plan(_ report: LintReport, layout: AppLayout, background: IconBackground?,
                             only: Set<String?>? = nil) throws(EditError) -> Outcome {
        var outcome = Outcome(plan: EditPlan(), fixed: [], skipped: [])
        var findings = report.findings.filter { LintFix.fix(for: $0.rule) != nil }
        if let only {
            findings = findings.filter { finding in
                if case .icon(_, let name) = finding.subject { return only.contains(name) }
                return !finding.icons.isEmpty && finding.icons.allSatisfy(only.contains)
            }
        }
        let order = Dictionary(uniqueKeysWithValues: fixedRules.enumerated().map { ($1, $0) })
        findings.sort { order[$0.rule, default: fixedRules.count] < order[$1.rule, default: fixedRules.count] }
        var setsCompleted = Set<String>()
        var padTwins = Set<String>()
        var commasFixed = false
        var newsstandIdioms = Set<Idiom>()
        // Per icon of an icons key: nil once its missing files are made, else why they are not.
        var missingFiles: [LintSubject: String?] = [:]
        for finding in findings {
            do {
                let done: Bool
                switch finding.rule {
                case .missingAlternateSize:
                    if setsCompleted.insert(finding.file).inserted {
                        try completeSet(at: finding.file, layout: layout, background: background, into: &outcome.plan)
                    }
                    done = true
                case .missingOnIpad:
                    guard let name = finding.subject.iconName else { done = false; break }
                    if padTwins.insert(name).inserted { try addPadTwin(name, layout: layout, into: &outcome.plan) }
                    done = true
                case .alternateNamesWithCommas:
                    if !commasFixed { try separateWithSpaces(layout: layout, into: &outcome.plan) }
                    commasFixed = true
                    done = true
                case .alternateIconMissing:
                    done = try unlistMissingNames(commasSeparated: commasFixed, layout: layout, into: &outcome.plan)
                case .unlistedIconSet:
                    guard let name = finding.icons.first ?? nil else { done = false; break }
                    try ProjectSteps.ship(name, layout: layout, into: &outcome.plan)
                    done = true
                case .newsstandIcon:
                    let idiom: Idiom = finding.subject == .iconSet(Idiom.pad.iconsKey) ? .pad : .phone
                    if newsstandIdioms.insert(idiom).inserted, let plist = layout.phone.plistPath {
                        try IconAddition.editPlist(plist, [.removeNewsstandIcon(idiom)], layout: layout, into: &outcome.plan)
                    }
                    done = true
                case .marketingIconAlpha:
                    guard let background else {
                        outcome.skipped.append(Skipped(finding: finding, reason: "flattening changes how the icon looks: give --background COLOR"))
                        continue
                    }
                    try flatten(finding.file, onto: background, layout: layout, into: &outcome.plan)
                    done = true
                case .fileNotFound:
                    guard case let .icon(set, name) = finding.subject else { done = false; break }
                    if missingFiles[finding.subject] == nil {
                        // Staged on a copy: an icon whose files cannot all be made leaves none of them.
                        var staged = outcome.plan
                        do {
                            try makeMissingFiles(of: name, in: set, layout: layout, into: &staged)
                            outcome.plan = staged
                            missingFiles[finding.subject] = .some(nil)
                        } catch {
                            missingFiles[finding.subject] = .some(error.description)
                        }
                    }
                    if case let reason?? = missingFiles[finding.subject] {
                        outcome.skipped.append(Skipped(finding: finding, reason: reason))
                        continue
                    }
                    done = true
                default:
                    outcome.skipped.append(Skipped(finding: finding, reason: "lint --fix makes no edit for \(finding.rule)"))
                    continue
                }
                if done {
                    outcome.fixed.append(finding)
                } else {
                    outcome.skipped.append(Skipped(finding: finding, reason: "lint did not say enough about it to fix it"))
                }
            } catch {
                outcome.skipped.append(Skipped(finding: finding, reason: error.description))
            }
        }
        outcome.plan.expectations.append(.findingsGone(outcome.fixed.map(FindingKey.init)))
        return outcome
    }

    /// The missing home-screen sizes of a multi-size set, from its largest image.
    private static func completeSet(at path: String, layout: AppLayout, background: IconBackground?,
                                    into plan: inout EditPlan) throws(EditError) {
        let set = AppIconSet.read(at: path)
        let slots = IconSetCompletion.missingSlots(in: set, includesPad: layout.phone.compiler?.supportsPad ?? true)
        guard !slots.isEmpty else { return }
        do {
            let result = try IconSetCompletion.add(slots, to: set, background: background, changes: &plan.changes)
            plan.summary.append("made \(result.created.map(layout.shown).joined(separator: ", ")) in \(layout.shown(path))")
        } catch {
            throw EditError(.image(error))
        }
    }

    /// An alternate's `CFBundleIcons` entry copied into `CFBundleIcons~ipad`: with iPad-sized
    /// files (152 and 167 px) made from its largest image where it names loose files.
    private static func addPadTwin(_ name: String, layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard let plist = layout.phone.plistPath, let icon = layout.phone.alternate(named: name) else {
            throw EditError(.noSuchIcon(name: name, app: layout.phone.path))
        }
        let files = icon.images.compactMap { image -> (String, Int)? in
            if case .file(let path) = image.storage, image.width == image.height { return (path, image.width) }
            return nil
        }
        guard icon.picturesFrom == .plist, !icon.iconFiles.isEmpty, let largest = files.max(by: { $0.1 < $1.1 }) else {
            try IconAddition.editPlist(plist, [.copyAlternateToPad(name: name)], layout: layout, into: &plan)
            return
        }
        let image: IconSourceImage
        do {
            image = try IconSourceImage.load(largest.0, appearance: .light, requirement: .existingImage, changes: plan.changes)
        } catch {
            throw EditError(.image(error))
        }
        let folder = (largest.0 as NSString).deletingLastPathComponent
        let sibling = layout.looseTemplate(excluding: name, withPadFiles: true)
        let loose = LooseIconFiles.plan(name: name, like: sibling, folder: folder, includesPad: true)
        let padFiles = loose.files.filter { LooseIconFiles.padPixels.contains($0.pixels) }
        guard padFiles.allSatisfy({ $0.pixels <= image.pixels }) else {
            throw EditError(.image(IconImageError(path: largest.0, kind: .wouldUpscale(from: image.pixels, to: padFiles.map(\.pixels).max() ?? 0))))
        }
        let padOnly = LooseIconPlan(phoneEntries: [], padEntries: loose.padEntries, files: padFiles)
        let created: [String]
        do { created = try LooseIconFiles.write(padOnly, from: image, changes: &plan.changes) } catch { throw EditError(.image(error)) }
        let entry = AlternateIconEntry(name: name, iconFiles: loose.padEntries, prerendered: icon.prerendered, ordinal: icon.ordinal)
        try IconAddition.editPlist(plist, [.addAlternate(entry, .pad)], layout: layout, into: &plan)
        try ProjectSteps.addResources(created, beside: files.map(\.0), layout: layout, into: &plan)
        plan.summary.insert("created \(created.map(layout.shown).joined(separator: ", "))", at: 0)
    }

    /// The files that `name`'s entries in `iconsKey` name and no file answers, each at the size
    /// its name stands for (`LooseIconFiles.defaultFiles(forEntry:)`), made from the largest
    /// square image of the icon in any idiom (an iPad file from the iPhone's 180 px one) beside
    /// it; refused where that image is smaller than a file needs.
    private static func makeMissingFiles(of name: String?, in iconsKey: String, layout: AppLayout,
                                         into plan: inout EditPlan) throws(EditError) {
        let icons = layout.catalogs.compactMap { catalog in name == nil ? catalog.primary : catalog.alternate(named: name!) }
        guard let catalog = layout.catalogs.first(where: { $0.iconsKey == iconsKey }),
              let icon = name == nil ? catalog.primary : catalog.alternate(named: name!) else {
            throw EditError(.noSuchIcon(name: name ?? "the primary icon", app: layout.phone.path))
        }
        let plist = layout.shown(layout.phone.plistPath ?? layout.phone.path)
        var images: [(path: String, pixels: Int)] = []
        var names = Set<String>()
        for image in icons.flatMap(\.images) {
            guard case .file(let path) = image.storage else { continue }
            names.insert((path as NSString).lastPathComponent)
            if image.width == image.height, !images.contains(where: { $0.path == path }) { images.append((path, image.width)) }
        }
        let missing = icon.iconFiles.filter { entry in
            IconFileResolver.unexpandedVariables(in: entry).isEmpty && IconFileResolver.unsafeReason(entry) == nil
                && !IconFileResolver.candidateEndings.contains { names.contains(IconFileResolver.baseName(of: entry) + $0) }
        }
        guard !missing.isEmpty else { return }
        guard let largest = images.max(by: { $0.pixels < $1.pixels }) else {
            throw EditError(.missingFileNotMade(entry: missing[0], plist: plist, .noImage))
        }
        let folder = (largest.path as NSString).deletingLastPathComponent
        var files: [(path: String, pixels: Int)] = []
        for entry in missing {
            let made = LooseIconFiles.defaultFiles(forEntry: IconFileResolver.baseName(of: entry))
            guard !made.isEmpty else { throw EditError(.missingFileNotMade(entry: entry, plist: plist, .sizeNotInName)) }
            files += made.map { ((folder as NSString).appendingPathComponent(IconFileResolver.baseName(of: entry) + $0.ending), $0.pixels) }
        }
        if let needed = files.map(\.pixels).max(), needed > largest.pixels {
            throw EditError(.image(IconImageError(path: largest.path, kind: .wouldUpscale(from: largest.pixels, to: needed))))
        }
        do {
            let image = try IconSourceImage.load(largest.path, appearance: .light, requirement: .existingImage, changes: plan.changes)
            for file in files {
                if try plan.changes.contents(of: file.path) != nil { throw IconImageError(path: file.path, kind: .alreadyExists) }
                try NewFileName.requireFree(file.path)
                try IconSetWriter.stage(try image.png(pixels: file.pixels), at: file.path, changes: &plan.changes)
            }
        } catch let error as IconImageError {
            throw EditError(.image(error))
        } catch let error as ChangeSetError {
            throw EditError(.file(error))
        } catch {
            throw EditError(.file(ChangeSetError(path: largest.path, kind: .unreadable(String(describing: error)))))
        }
        plan.summary.append("made " + files.map { "\(layout.shown($0.path)) (\($0.pixels) px)" }.joined(separator: ", ")
                            + " from \(layout.shown(largest.path)) (\(largest.pixels) px), the icon's largest image")
        try ProjectSteps.addResources(files.map(\.path), beside: images.map(\.path), layout: layout, into: &plan)
    }

    private static func separateWithSpaces(layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard let target = layout.phone.target else { return }
        do {
            let edit = try AlternateIconNames.separateWithSpaces(target: target.targetName, project: target.projectPath, changes: &plan.changes)
            for site in edit.sites { plan.summary.append("wrote \(AlternateIconNames.setting) with spaces in \(layout.shownSite(site))") }
        } catch {
            throw EditError(.project(error))
        }
    }

    /// Takes out of the list every name that no catalog of the target holds (after the list
    /// was written with spaces, when `commasSeparated`, the names between its commas).
    private static func unlistMissingNames(commasSeparated: Bool, layout: AppLayout, into plan: inout EditPlan) throws(EditError) -> Bool {
        guard let compiler = layout.phone.compiler else { return false }
        // Names a set or bundle of the catalogs answers to (an Info.plist alternate of the same name does not count).
        let present = Set(layout.catalogs.flatMap(\.icons).filter { $0.picturesFrom == .appiconset || $0.picturesFrom == .icon }
            .flatMap { [$0.name, $0.assetName] }.compactMap { $0 })
        let listed = commasSeparated
            ? compiler.alternateIconNames.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            : compiler.alternateIconNames
        let missing = listed.filter { !$0.isEmpty && !present.contains($0) && !$0.contains(",") }
        for name in Set(missing).sorted() { try ProjectSteps.unship(name, layout: layout, into: &plan) }
        return !missing.isEmpty
    }

    /// The image at `path` flattened onto `background`, same size, no alpha channel.
    private static func flatten(_ path: String, onto background: IconBackground, layout: AppLayout,
                                into plan: inout EditPlan) throws(EditError) {
        do {
            let image = try IconSourceImage.load(path, appearance: .light, background: background, requirement: .existingImage,
                                                 changes: plan.changes)
            try plan.changes.write(try image.png(pixels: image.pixels), to: path)
        } catch let error as IconImageError {
            throw EditError(.image(error))
        } catch let error as ChangeSetError {
            throw EditError(.file(error))
        } catch {
            throw EditError(.file(ChangeSetError(path: path, kind: .unreadable(String(describing: error)))))
        }
        plan.summary.append("flattened \(layout.shown(path)) onto \(background)")
    }
}
