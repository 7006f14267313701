import ArgumentParser
import CommandLineSupport
import Foundation
import IconArt
import IconCatalog
import IconLint
import ProjectWriting
import TerminalText

extension IconChooser {
    /// `iconchooser lint`: checks an app's alternate-icon setup the way App Review and iPads
    /// will, for people (text), scripts (JSON) and CI (GitHub annotations).
    struct Lint: ParsableCommand, StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Check the app's icon declarations and files for mistakes.",
            discussion: """
                Checks CFBundleIcons (iPhone) and CFBundleIcons~ipad (iPad), their icon files and the images \
                in them. With --idiom pad, an app without CFBundleIcons~ipad is also checked as iPads read it \
                (from CFBundleIcons). For an Xcode project or an asset catalog, also the build settings that \
                choose the icons and the app icon sets and Icon Composer bundles the build ships. --state is not used.

                Exit status: 0 no errors; 1 errors (or, with --strict, warnings); 2 the app cannot be read; \
                64 a usage error.

                Rules (iconchooser lint --explain RULE says what each finds and how to fix it):
                \(LintOutput.ruleList())
                """)

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json, github
        }

        @OptionGroup var options: AppOptions

        @Option(name: .long, help: "Output: text (PATH: severity: message [rule]), json, or github (workflow annotations).")
        var format: Format = .text

        @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
        var strict = false

        @Option(name: .long, help: ArgumentHelp("Skip a rule (repeatable).", valueName: "rule"))
        var disable: [String] = []

        @Option(name: .long, help: ArgumentHelp("Explain a rule and how to fix what it finds, then exit.", valueName: "rule"))
        var explain: String?

        @Flag(name: .long, help: "Fix what has a safe fix (see --explain), all or nothing, then report what is left.")
        var fix = false

        /// With `--fix`: `--dry-run` prints the fixes' diff; `--allow-dirty` writes over uncommitted changes.
        @OptionGroup var edit: EditOptions

        @Option(name: .long, help: ArgumentHelp("With --fix: flatten a transparent App Store image onto this colour (#RRGGBB).",
                                                valueName: "color"))
        var background: String?

        func validate() throws {
            if (edit.dryRun || edit.allowDirty || background != nil) && !fix {
                throw ValidationError("--dry-run, --allow-dirty and --background go with --fix")
            }
            if fix { try options.requireNamedApp("lint --fix") }
            if let background, IconBackground(parsing: background) == nil {
                throw ValidationError("--background expects #RRGGBB, not “\(TextSanitizer.clean(background))”")
            }
            for id in disable + (explain.map { [$0] } ?? []) where LintRules.rule(id) == nil {
                throw ValidationError("unknown rule “\(TextSanitizer.clean(id))”; rules: \(LintRules.ids.map(\.rawValue).joined(separator: ", "))")
            }
        }

        func run() throws { try run(CommandStart()) }

        func run(_ start: CommandStart) throws {
            if let explain, let rule = LintRules.rule(explain) {
                print(LintOutput.explain(rule), terminator: "")
                return
            }
            let report: LintReport
            if fix {
                guard let fixed = try fixAndLint(opener: start.opener, svgTime: start.svgTime) else { return }
                report = fixed
            } else {
                let app = try options.appPath()
                do {
                    report = try Linter.lint(app: app, options: options.catalogOptions, disabled: disabledRules,
                                             inspector: DecodingImageInspector(svgTime: start.svgTime), opener: start.opener)
                } catch {
                    throw CommandFailure(error.description, exitCode: .unreadable)
                }
            }
            report.appWarnings.forEach { Console.warning($0.description) }
            switch format {
            case .text: print(LintOutput.text(report), terminator: "")
            case .json: print(try PrettyJSONWriter.text(of: report.listed))
            case .github: print(LintOutput.github(report), terminator: "")
            }
            let status = report.exitStatus(strict: strict)
            if status != .success { throw ExitCode(status.rawValue) }
        }

        private var disabledRules: Set<ProblemCode> { Set(disable.compactMap(ProblemCode.init(rawValue:))) }

        /// `--fix`: the app opened once for the report, the plan and the check before writing, and
        /// one inspector throughout, so each image is decoded once; the report returned is of the
        /// app as written (or as it was, when nothing was fixed); nil after `--dry-run`'s diff.
        /// `svgTime`: the command's, for every bundle it draws.
        private func fixAndLint(opener: AppOpener, svgTime: SVGTimeBudget?) throws -> LintReport? {
            let options = try self.options.resolved()
            let catalogOptions = options.catalogOptions
            let inspector = RememberingImageInspector(DecodingImageInspector(svgTime: svgTime))
            // The check counts every rule: a finding --disable keeps out of the report is still
            // there after the fix, and is no news then.
            let check: EditLint = { opened in try Linter.lint(opened: opened, options: catalogOptions, inspector: inspector) }
            let disabled = disabledRules
            let report: EditLint = { opened in
                do {
                    return try Linter.lint(opened: opened, options: catalogOptions, disabled: disabled, inspector: inspector)
                } catch {
                    throw CommandFailure(String(describing: error), exitCode: .unreadable)
                }
            }
            let pipeline = try options.editPipeline()
            let opener = try options.recoverInterruptedEdits(pipeline, dryRun: edit.dryRun, opener: opener)
            let background = self.background.flatMap(IconBackground.init(parsing:))
            let prepared = try options.prepare(pipeline, opener: opener, lintBefore: .first(report), handEdit: false) {
                layout, before throws(EditError) in
                guard let before else { preconditionFailure("lint --fix plans from lint's report") }
                let outcome = try LintFixer.plan(before, layout: layout, background: background)
                return (outcome.plan, outcome)
            }
            let outcome = prepared.outcome
            for skipped in outcome.skipped {
                Console.warning("not fixed: \(skipped.finding.message) [\(skipped.finding.rule)]: \(skipped.reason)")
            }
            guard let before = prepared.lintBefore else { preconditionFailure("lint --fix plans from lint's report") }
            if outcome.fixed.isEmpty {
                Console.writeError("iconchooser: nothing to fix\n")
                return before
            }
            if edit.dryRun {
                try options.write(prepared, with: pipeline, edit: edit, lintAfter: check)
                return nil
            }
            try options.write(prepared, with: pipeline, edit: edit, lintAfter: check,
                              lintBefore: .some(disabled.isEmpty ? before : try? check(prepared.opened)), summaryOnStderr: true)
            return try report(options.openForEdit(opener: AppOpener()))
        }
    }
}

extension IconChooser.Lint: EditingCommand {
    static func writes(_ arguments: ArraySlice<String>) -> Bool { arguments.contains("--fix") }
}
