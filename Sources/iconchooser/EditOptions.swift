import ArgumentParser
import Foundation
import IconArt
import IconCatalog
import IconLint
import ProjectWriting
import TerminalText

extension AppLayout.Style: ExpressibleByArgument {}

/// What the commands that write an app's files share: `--dry-run`, `--allow-dirty`, and how
/// the app is read before and after writing.
struct EditOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the unified diff of every text file and the files that would be created or deleted; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Write even where a file the edit touches has uncommitted changes in its git work tree.")
    var allowDirty = false
}

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

    /// Before an edit reads the app: takes back what an earlier edit, killed part-way, left
    /// unfinished where this one writes, and says so; a dry run, which writes nothing, only
    /// says it is there. What cannot be taken back exits 1, naming the file. Returns the opener
    /// to read the app with: `opener`, or a new one where files changed since it read ahead.
    func recoverInterruptedEdits(dryRun: Bool, opener: AppOpener) throws -> AppOpener {
        let app = try appPath()
        guard !dryRun else {
            for folder in TransactionRecovery.unfinished(around: app) {
                Console.warning("\(TextSanitizer.clean(folder)) holds an edit interrupted earlier; the next command that writes undoes it")
            }
            return opener
        }
        do {
            let reports = try TransactionRecovery.recover(around: app)
            for report in reports { Console.writeError("iconchooser: \(TextSanitizer.clean(report.description))\n") }
            return reports.isEmpty ? opener : AppOpener()
        } catch {
            throw CommandFailure(TextSanitizer.clean(error.description), exitCode: 1)
        }
    }

    /// The app opened for an edit, with `opener`; a failure exits 2.
    func openForEdit(opener: AppOpener) throws -> OpenedApp {
        try reading { path throws(CatalogError) in try opener.open(path, options: catalogOptions) }
    }

    /// The opened app read for every idiom an edit touches, iPhone first, its files looked at;
    /// a failure exits 2.
    func layout(of opened: OpenedApp) throws -> AppLayout {
        let catalogs = try reading { _ throws(CatalogError) in try CatalogReader.readEveryIdiom(opened: opened, options: catalogOptions) }
        if catalogs[0].source.isBuilt {
            throw CommandFailure("\(TextSanitizer.clean(catalogs[0].path)): a built app is not edited; give its project or Info.plist",
                                 exitCode: 2)
        }
        return AppLayout(catalogs: catalogs)
    }

    /// The app opened with `opener` and read for every idiom an edit touches (see `layout(of:)`).
    func loadLayout(opener: AppOpener) throws -> AppLayout {
        try layout(of: openForEdit(opener: opener))
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

    /// Writes `plan` all or nothing inside the app's boundary, checks it by reading the app
    /// again, and prints what was done; with `--dry-run`, prints the diff and writes nothing.
    /// A file the plan touches with uncommitted changes in git stops it, unless `--allow-dirty`.
    /// `lintBefore` is lint's report on the app as planned from (run meanwhile, with `lint`).
    /// `summaryOnStderr`: what was done goes to stderr, where stdout carries a report of its own (`lint --fix`).
    func write(_ plan: EditPlan, layout: AppLayout, edit: EditOptions, lint: @escaping EditLint,
               lintBefore: LintReport? = nil, summaryOnStderr: Bool = false) throws {
        let boundary = layout.boundary(app: try appPath())
        if edit.dryRun {
            // The diff on stdout stays a patch (`patch -p1` takes it); what it amounts to goes to stderr.
            let changes = plan.changes.changes
            print(UnifiedDiff.render(changes, relativeTo: boundary.root), terminator: "")
            for (verb, files) in [("create", changes.filter { $0.original == nil }), ("change", changes.filter { $0.original != nil && $0.replacement != nil }),
                                  ("delete", changes.filter { $0.replacement == nil })] where !files.isEmpty {
                Console.writeError("would \(verb) \(files.count) file\(files.count == 1 ? "" : "s"): "
                                   + files.map { TextSanitizer.clean(layout.shown($0.path)) }.joined(separator: ", ") + "\n")
            }
            return
        }
        if !edit.allowDirty {
            do {
                try DirtyTreeGuard(boundary: boundary).check(plan.changes.changes)
            } catch {
                throw CommandFailure(error.description(writingAnyway: "give --allow-dirty"), exitCode: 1)
            }
        }
        // Lint before writing, where the caller has not; where lint cannot look at the app,
        // there is nothing to compare with, and the check is the read alone.
        let before = lintBefore ?? (try? lint(openForEdit(opener: AppOpener())))
        // The app as written is opened once: the read and the lint after share that opening.
        let reopened = OnceOnDemand { try openForEdit(opener: AppOpener()) }
        let lintAfter: @Sendable () throws -> LintReport = { try lint(reopened.value()) }
        let checked = CheckedWrite(read: { try self.layout(of: reopened.value()).catalogs }, lint: before == nil ? nil : lintAfter)
        do {
            try checked.write(plan, boundary: boundary, before: before)
        } catch {
            throw CommandFailure(error.description, exitCode: 1)
        }
        for line in plan.summary {
            if summaryOnStderr { Console.writeError("iconchooser: \(TextSanitizer.clean(line))\n") } else { print(TextSanitizer.clean(line)) }
        }
    }
}

/// Lint of an app already open, as an edit checks it.
typealias EditLint = @Sendable (OpenedApp) throws -> LintReport

/// A value made once, by whichever thread asks for it first; the others wait for it.
final class OnceOnDemand<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var make: (() throws -> Value)?
    private var made: Result<Value, any Error>?

    init(_ make: @escaping () throws -> Value) {
        self.make = make
    }

    func value() throws -> Value {
        try lock.withLock {
            if let made { return made }
            let result = Result { try make!() }
            made = result
            make = nil
            return result
        }.get()
    }
}
