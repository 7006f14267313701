import ChooserUI
import Foundation
import IconCatalog
import IconLint
import ProjectWriting

/// `f`'s fixes for an app on disk: `lint --fix`'s plan for one icon's findings, shown as
/// the files it changes, and written, once confirmed, as `lint --fix` writes it: all or
/// nothing, the app read again, the change undone unless the findings are gone and nothing
/// new is found. A fix touching a file with uncommitted changes in git is refused, as
/// `lint --fix` refuses it without `--allow-dirty`: the chooser has no such flag.
public final class ChooserFixes: FixSource, @unchecked Sendable {
    private struct Planned: Sendable {
        let prepared: EditPipeline.Prepared<LintFixer.Outcome>
        /// The icons the fixed findings are about, as the question and the summary name them.
        let about: String
    }

    private let pipeline: EditPipeline
    private let lint: @Sendable () throws -> LintReport
    private let lock = NSLock()
    /// The last plan made, by its id (guarded by `lock`).
    private var next = 0
    private var plans: [Int: Planned] = [:]

    /// `pipeline` opens and reads the app (as named) for every idiom, `lint` checks it as
    /// `iconchooser lint` does; nothing is read before a fix is asked for, and nothing is written
    /// outside the app's boundary.
    package init(pipeline: EditPipeline, lint: @escaping @Sendable () throws -> LintReport) {
        self.pipeline = pipeline
        self.lint = lint
    }

    public func plan(_ target: FixTarget, deliver: @escaping @Sendable (FixProposal?, String?) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do {
                // What an edit killed part-way left is taken back before the app is read for the plan.
                let recovered = try pipeline.recover(dryRun: false).undone
                let lint = self.lint
                let prepared = try pipeline.prepare(opener: AppOpener(), lintBefore: .first({ _ in try lint() })) {
                    layout, report throws(EditError) in
                    guard let report else { preconditionFailure("a fix is planned from lint's report") }
                    let outcome = try LintFixer.plan(report, layout: layout, background: nil, only: Set([target.name] + target.alsoAbout))
                    return (outcome.plan, outcome)
                }
                let outcome = prepared.outcome
                guard !outcome.fixed.isEmpty else {
                    deliver(nil, outcome.skipped.first.map(\.reason))
                    return
                }
                let about = Self.icons(of: outcome.fixed, else: target.name)
                let id = lock.withLock {
                    next += 1
                    plans = [next: Planned(prepared: prepared, about: about)]
                    return next
                }
                let count = outcome.fixed.count
                let undone = recovered.isEmpty ? "" : recovered.map { $0.description.prefix(1).uppercased() + $0.description.dropFirst() + ". " }.joined()
                let question = undone + "Fix \(count) finding\(count == 1 ? "" : "s") of \(about)?"
                deliver(FixProposal(id: id, icon: target.name, question: question,
                                    changes: outcome.plan.changes.changes.map { describe($0, layout: prepared.layout) }), nil)
            } catch {
                deliver(nil, String(describing: error))
            }
        }
    }

    public func apply(_ proposal: FixProposal, deliver: @escaping @Sendable (String?, String) -> Void) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            guard let planned = lock.withLock({ plans.removeValue(forKey: proposal.id) }) else {
                deliver("the fix is no longer current; press f again", "")
                return
            }
            let lint = self.lint
            do {
                // As `lint --fix` without `--allow-dirty`: uncommitted work is never written over.
                try pipeline.write(planned.prepared, allowDirty: false, lintAfter: { _ in try lint() })
                let count = planned.prepared.outcome.fixed.count
                deliver(nil, "Fixed \(count) finding\(count == 1 ? "" : "s") of \(planned.about).")
            } catch {
                deliver(String(describing: error), "")
            }
        }
    }

    private func describe(_ change: FileChange, layout: AppLayout) -> String {
        let path = layout.shown(change.path)
        switch change.action {
        case .create: return "create \(path)"
        case .modify: return "change \(path)"
        case .delete: return "delete \(path)"
        }
    }

    private static func quoted(_ name: String?) -> String { "“\(name ?? "Default")”" }

    /// The icons `findings` are about, quoted, in the order found (an icon set that does not
    /// ship yet is named though the grid lists it only once fixed); `target` when they name none.
    private static func icons(of findings: [LintFinding], else target: String?) -> String {
        var seen = Set<String?>()
        let names = findings.flatMap { finding -> [String?] in
            if case .icon(_, let name) = finding.subject { return [name] }
            return finding.icons
        }.filter { seen.insert($0).inserted }
        return (names.isEmpty ? [target] : names).map(quoted).joined(separator: ", ")
    }
}
