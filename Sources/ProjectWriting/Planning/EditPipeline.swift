import FileAccess
import IconCatalog
import IconLint
import TerminalText

/// Lint of an app already open, as an edit checks it.
package typealias EditLint = @Sendable (OpenedApp) throws -> LintReport

/// The one way the app's files are edited, for `add`, `remove`, `lint --fix` and the chooser's
/// `f`: what an edit killed part-way left is taken back, the app is opened, linted and planned
/// from (`prepare`), then, once the caller has shown or confirmed the plan, written under the
/// dirty-tree guard, all or nothing, and read again (`write`): the change is undone unless the
/// plan's expectations hold and lint finds nothing new. The callers differ only in what they
/// plan, how they lint, and how they say what happened.
package struct EditPipeline: Sendable {
    /// Why an edit stopped: nothing was written (or all was put back), unless said.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// What an earlier edit left could not be taken back.
        case recovery(RecoveryProblem)
        /// A built app (`.app`, `.ipa`) is not edited: its path.
        case builtApp(String)
        /// The edit could not be planned.
        case plan(EditError)
        /// A file the plan touches holds uncommitted work.
        case dirty(DirtyTreeError)
        /// Written and found wrong, or not written.
        case write(CheckedWriteError)

        package var description: String {
            switch self {
            case .recovery(let error): return error.description
            case .builtApp(let path): return "\(TextSanitizer.clean(path)): a built app is not edited; give its project or Info.plist"
            case .plan(let error): return error.description
            case .dirty(let error): return error.description
            case .write(let error): return error.description
            }
        }
    }

    /// What lint says of the app as planned from.
    package enum LintBefore: Sendable {
        /// Nothing yet: `write` lints the app as it is then, where it compares at all.
        case none
        /// Linted on another thread while the app is read and the edit planned.
        case beside(EditLint)
        /// Linted first; the plan is made from the report.
        case first(EditLint)
    }

    /// An edit planned and not yet written.
    package struct Prepared<Outcome: Sendable>: Sendable {
        package let opened: OpenedApp
        package let layout: AppLayout
        package let plan: EditPlan
        /// What the planner said besides the plan (`lint --fix`'s fixed and skipped findings).
        package let outcome: Outcome
        /// Lint's report on the app as planned from, where it was linted.
        package let lintBefore: LintReport?
        /// Where the edit may write: the boundary the app was read within.
        package let boundary: ReadBoundary
    }

    /// The app, as named (absolute).
    package let app: String
    /// Opens the app: with the caller's opener before writing, a new one after.
    private let open: @Sendable (AppOpener) throws -> OpenedApp
    /// Reads an opening for every idiom an edit touches, iPhone first.
    private let readEveryIdiom: @Sendable (OpenedApp) throws -> [AppIconCatalog]

    package init(app: String, open: @escaping @Sendable (AppOpener) throws -> OpenedApp,
                 readEveryIdiom: @escaping @Sendable (OpenedApp) throws -> [AppIconCatalog]) {
        self.app = app
        self.open = open
        self.readEveryIdiom = readEveryIdiom
    }

    /// Takes back what an edit killed part-way left around the app, saying what was undone; a
    /// dry run, which writes nothing, only finds the folders holding such an edit.
    package func recover(dryRun: Bool) throws(Failure) -> (undone: [TransactionRecovery.Report], unfinished: [String]) {
        if dryRun { return ([], TransactionRecovery.unfinished(around: app)) }
        do {
            return (try TransactionRecovery.recover(around: app), [])
        } catch {
            throw .recovery(error)
        }
    }

    /// The opening read for every idiom, its files looked at; a built app is refused.
    package func layout(of opened: OpenedApp) throws -> AppLayout {
        let catalogs = try readEveryIdiom(opened)
        if catalogs[0].appKind.isBuilt { throw Failure.builtApp(catalogs[0].path) }
        return AppLayout(catalogs: catalogs)
    }

    /// Opens the app with `opener`, lints it (`lintBefore`) and plans the edit with `plan`,
    /// given the layout and the report where lint ran first. Errors of opening and linting pass
    /// through as thrown; the planner's are `Failure.plan`.
    package func prepare<Outcome: Sendable>(opener: AppOpener, lintBefore: LintBefore,
                                            plan: (AppLayout, LintReport?) throws(EditError) -> (EditPlan, Outcome)) throws -> Prepared<Outcome> {
        let opened = try open(opener)
        var report: LintReport?
        var beside: ComputedOnce<LintReport, any Error>?
        switch lintBefore {
        case .none: break
        case .beside(let lint): beside = ComputedOnce.startingNow { try lint(opened) }
        case .first(let lint): report = try lint(opened)
        }
        let layout = try self.layout(of: opened)
        let planned: (EditPlan, Outcome)
        do {
            planned = try plan(layout, report)
        } catch {
            throw Failure.plan(error)
        }
        return Prepared(opened: opened, layout: layout, plan: planned.0, outcome: planned.1,
                        lintBefore: report ?? (try? beside?.value()), boundary: layout.boundary(app: app))
    }

    /// Writes a prepared plan all or nothing inside its boundary and checks it by reading the app
    /// again: a file it touches with uncommitted changes in git stops it first, unless
    /// `allowDirty`. `lintAfter` lints the app as written (nil: no lint comparison); it is held
    /// to `lintBefore` (default: the prepared report; where there is none, the app is linted as
    /// it is now, and where lint cannot look at it, the check is the read alone).
    package func write<Outcome>(_ prepared: Prepared<Outcome>, allowDirty: Bool, lintAfter: EditLint?,
                                lintBefore: LintReport?? = .none) throws(Failure) {
        if !allowDirty {
            do {
                try DirtyTreeGuard(boundary: prepared.boundary).check(prepared.plan.changes.changes)
            } catch {
                throw .dirty(error)
            }
        }
        let open = self.open
        var before = lintBefore ?? prepared.lintBefore
        if before == nil, let lintAfter { before = try? lintAfter(open(AppOpener())) }
        // The app as written is opened once: the read and the lint after share that opening.
        let reopened = ComputedOnce { () throws -> OpenedApp in try open(AppOpener()) }
        var lint: (@Sendable () throws -> LintReport)?
        if before != nil, let lintAfter {
            lint = { @Sendable () throws -> LintReport in try lintAfter(reopened.value()) }
        }
        let pipeline = self
        let checked = CheckedWrite(read: { () throws -> [AppIconCatalog] in try pipeline.layout(of: reopened.value()).catalogs }, lint: lint)
        do {
            try checked.write(prepared.plan, boundary: prepared.boundary, before: before)
        } catch {
            throw .write(error)
        }
    }
}
