import ArgumentParser
import Foundation
import IconArt
import IconCatalog
import IconLint
import ProjectWriting
import TerminalText

/// How the commands that write (`add`, `remove`, `lint --fix`, the chooser's `f`) use the one
/// edit pipeline (`EditPipeline`): the app opened and read as the other commands read it, and
/// what the pipeline reports said on the terminal, with the command's exit status.
extension AppOptions {
    /// The commands that write refuse to change the bundled demo by default: the app is named.
    func requireNamedApp(_ command: String) throws {
        if app == nil { throw ValidationError("\(command) changes an app's files: name the app with --app PATH") }
    }

    /// The config program (`app.config.js`, `.ts`) the app is, which an edit never changes; nil for any other app.
    func configProgram() -> String? {
        guard let path = try? appPath(), case .expoProgram(let program)? = try? AppLocation.locate(path) else { return nil }
        return program
    }

    /// The pipeline that edits this app: opened as the other commands open it (a failure exits 2)
    /// and read for every idiom an edit touches, iPhone first, its files looked at.
    func editPipeline() throws -> EditPipeline {
        let options = self
        return EditPipeline(app: try appPath(), open: { opener in try options.openForEdit(opener: opener) },
                            readEveryIdiom: { opened in
                                try options.reading { _ throws(CatalogError) in
                                    try CatalogReader.readEveryIdiom(opened: opened, options: options.catalogOptions)
                                }
                            })
    }

    /// Before an edit reads the app: takes back what an earlier edit, killed part-way, left
    /// unfinished where this one writes, and says so; a dry run, which writes nothing, only
    /// says it is there. What cannot be taken back exits 1, naming the file. Returns the opener
    /// to read the app with: `opener`, or a new one where files changed since it read ahead.
    func recoverInterruptedEdits(_ pipeline: EditPipeline, dryRun: Bool, opener: AppOpener) throws -> AppOpener {
        let recovered: (undone: [TransactionRecovery.Report], unfinished: [String])
        do {
            recovered = try pipeline.recover(dryRun: dryRun)
        } catch {
            throw failure(error)
        }
        for folder in recovered.unfinished {
            Console.warning("\(TextSanitizer.clean(folder)) holds an edit interrupted earlier; the next command that writes undoes it")
        }
        for report in recovered.undone { Console.writeError("iconchooser: \(TextSanitizer.clean(report.description))\n") }
        return recovered.undone.isEmpty ? opener : AppOpener()
    }

    /// The app opened for an edit, with `opener`; a failure exits 2.
    func openForEdit(opener: AppOpener) throws -> OpenedApp {
        try reading { path throws(CatalogError) in try opener.open(path, options: catalogOptions) }
    }

    /// Lint for an edit whose lint before writing is only compared with lint after (`add`,
    /// `remove`): before, images are read to their headers and bundles not drawn; after, what
    /// the edit wrote is decoded in full (see `RememberingImageInspector.FirstLook`).
    func comparedLint() -> (before: EditLint, after: EditLint) {
        let catalogOptions = self.catalogOptions
        let inspector = RememberingImageInspector(firstLook: .headerOnly)
        return ({ opened in try Linter.lint(opened: opened, options: catalogOptions, inspector: inspector) },
                { opened in
                    inspector.decodeWhatChanges()
                    return try Linter.lint(opened: opened, options: catalogOptions, inspector: inspector)
                })
    }

    /// The pipeline's `prepare`, its refusals the command's exit: a plan that cannot be made
    /// exits 1 (after the lines to change by hand, with `handEdit`), a built app 2.
    func prepare<Outcome: Sendable>(_ pipeline: EditPipeline, opener: AppOpener, lintBefore: EditPipeline.LintBefore,
                                    handEdit: Bool = true,
                                    plan: (AppLayout, LintReport?) throws(EditError) -> (EditPlan, Outcome)) throws -> EditPipeline.Prepared<Outcome> {
        do {
            return try pipeline.prepare(opener: opener, lintBefore: lintBefore, plan: plan)
        } catch let refusal as EditPipeline.Failure {
            if handEdit, case .plan(let error) = refusal, let lines = error.handEdit {
                Console.writeError(lines.map { TextSanitizer.clean($0) + "\n" }.joined())
            }
            throw failure(refusal)
        }
    }

    /// Writes a prepared plan through the pipeline and prints what was done; with `--dry-run`,
    /// prints the diff and writes nothing. A file the plan touches with uncommitted changes in
    /// git stops it, unless `--allow-dirty`. `lintBefore`: what the lint after is held to, where
    /// not the prepared report. `summaryOnStderr`: what was done goes to stderr, where stdout
    /// carries a report of its own (`lint --fix`).
    func write<Outcome>(_ prepared: EditPipeline.Prepared<Outcome>, with pipeline: EditPipeline, edit: EditOptions,
                        lintAfter: @escaping EditLint, lintBefore: LintReport?? = .none, summaryOnStderr: Bool = false) throws {
        let plan = prepared.plan, layout = prepared.layout
        if edit.dryRun {
            // The diff on stdout stays a patch (`patch -p1` takes it); what it amounts to goes to stderr.
            let changes = plan.changes.changes
            print(UnifiedDiff.render(changes, relativeTo: prepared.boundary.root), terminator: "")
            for (verb, files) in [("create", changes.filter { $0.original == nil }), ("change", changes.filter { $0.original != nil && $0.replacement != nil }),
                                  ("delete", changes.filter { $0.replacement == nil })] where !files.isEmpty {
                Console.writeError("would \(verb) \(files.count) file\(files.count == 1 ? "" : "s"): "
                                   + files.map { TextSanitizer.clean(layout.shown($0.path)) }.joined(separator: ", ") + "\n")
            }
            return
        }
        do {
            try pipeline.write(prepared, allowDirty: edit.allowDirty, lintAfter: lintAfter, lintBefore: lintBefore)
        } catch {
            throw failure(error)
        }
        for line in plan.summary {
            if summaryOnStderr { Console.writeError("iconchooser: \(TextSanitizer.clean(line))\n") } else { print(TextSanitizer.clean(line)) }
        }
    }

    /// A refusal of the pipeline as the command's exit: 2 for an app that is not edited at all, 1 otherwise.
    private func failure(_ refusal: EditPipeline.Failure) -> CommandFailure {
        switch refusal {
        case .builtApp: return CommandFailure(refusal.description, exitCode: .unreadable)
        case .recovery(let error): return CommandFailure(TextSanitizer.clean(error.description), exitCode: .failure)
        case .dirty(let error): return CommandFailure(error.description(writingAnyway: "give --allow-dirty"), exitCode: .failure)
        case .plan(let error): return CommandFailure(error.description, exitCode: .failure)
        case .write(let error): return CommandFailure(error.description, exitCode: .failure)
        }
    }
}
