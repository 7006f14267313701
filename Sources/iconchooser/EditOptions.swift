import ArgumentParser
import Foundation
import IconCatalog
import IconLint
import ProjectWriting
import TerminalText

extension AppLayout.Style: ExpressibleByArgument {}

/// What the commands that write an app's files share: `--dry-run`, and how the app is read
/// before and after writing.
struct EditOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the unified diff of every text file and the files that would be created or deleted; write nothing.")
    var dryRun = false
}

extension AppOptions {
    /// The commands that write refuse to change the bundled demo by default: the app is named.
    func requireNamedApp(_ command: String) throws {
        if app == nil { throw ValidationError("\(command) changes an app's files: name the app with --app PATH") }
    }

    /// The app read for every idiom an edit touches, iPhone first, its files looked at;
    /// a failure exits 2. `opener`: a new one to read the app as it is now.
    func loadLayout(opener: AppOpener) throws -> AppLayout {
        let catalogs = try reading { path throws(CatalogError) in
            try CatalogReader.readEveryIdiom(app: path, options: catalogOptions, opener: opener)
        }
        if catalogs[0].source.isBuilt {
            throw CommandFailure("\(TextSanitizer.clean(catalogs[0].path)): a built app is not edited; give its project or Info.plist",
                                 exitCode: 2)
        }
        return AppLayout(catalogs: catalogs)
    }

    /// Lint as an edit checks the app with: one inspector for the runs before and after
    /// writing, so images the edit did not touch are decoded once.
    func editLint() throws -> @Sendable () throws -> LintReport {
        let app = try appPath(), catalogOptions = self.catalogOptions
        let inspector = RememberingImageInspector()
        return { try Linter.lint(app: app, options: catalogOptions, inspector: inspector) }
    }

    /// Writes `plan` all or nothing inside the app's boundary, checks it by reading the app
    /// again, and prints what was done; with `dryRun`, prints the diff and writes nothing.
    /// `lintBefore` is lint's report on the app as planned from (run meanwhile, with `lint`).
    /// `summaryOnStderr`: what was done goes to stderr, where stdout carries a report of its own (`lint --fix`).
    func write(_ plan: EditPlan, layout: AppLayout, dryRun: Bool, lint: @escaping @Sendable () throws -> LintReport,
               lintBefore: LintReport? = nil, summaryOnStderr: Bool = false) throws {
        let root = layout.boundary(app: try appPath())
        if dryRun {
            // The diff on stdout stays a patch (`patch -p1` takes it); what it amounts to goes to stderr.
            let changes = plan.changes.changes
            print(UnifiedDiff.render(changes, relativeTo: root), terminator: "")
            for (verb, files) in [("create", changes.filter { $0.original == nil }), ("change", changes.filter { $0.original != nil && $0.replacement != nil }),
                                  ("delete", changes.filter { $0.replacement == nil })] where !files.isEmpty {
                Console.writeError("would \(verb) \(files.count) file\(files.count == 1 ? "" : "s"): "
                                   + files.map { TextSanitizer.clean(layout.shown($0.path)) }.joined(separator: ", ") + "\n")
            }
            return
        }
        let checked = CheckedWrite(read: { try loadLayout(opener: AppOpener()).catalogs }, lint: lint)
        do {
            try checked.write(plan, boundary: root, before: lintBefore)
        } catch {
            throw CommandFailure(error.description, exitCode: 1)
        }
        for line in plan.summary {
            if summaryOnStderr { Console.writeError("iconchooser: \(TextSanitizer.clean(line))\n") } else { print(TextSanitizer.clean(line)) }
        }
    }
}
