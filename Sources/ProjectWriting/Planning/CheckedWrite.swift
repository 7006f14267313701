import FileAccess
import Foundation
import IconCatalog
import IconLint

/// A planned edit of an app: the files it changes and what must hold once they are
/// written, checked by reading the app again with the same readers.
package struct EditPlan: Sendable {
    /// What must be true of the app read again after writing.
    package enum Expectation: Sendable, Equatable {
        /// The icon is there, in each of these idioms, with images, from this kind of source.
        case iconPresent(name: String, source: AppIconSource, idioms: [Idiom])
        /// No icon of this name is left.
        case iconAbsent(name: String)
        /// These findings (rule, and the icon they are about where they are about one) are gone.
        case findingsGone([FindingKey])
        /// Lint rightly finds this of the app the edit aims at: removing the last alternate
        /// aims at an app with none, which `no-alternates` says. Such a finding after writing
        /// is the state asked for, not a fault the edit made; it is allowed, not required.
        case aimedFinding(ProblemCode)
    }

    package var changes: ChangeSet
    /// One line per thing done, for people: "added Blue to ASSETCATALOG_…_NAMES in Config.xcconfig".
    package var summary: [String]
    package var expectations: [Expectation]

    package init(changes: ChangeSet = ChangeSet(), summary: [String] = [], expectations: [Expectation] = []) {
        self.changes = changes
        self.summary = summary
        self.expectations = expectations
    }
}

/// A finding as `lint` before and after an edit are compared: its rule, where it is, and
/// what it says.
package struct FindingKey: Hashable, Sendable, CustomStringConvertible {
    package let rule: ProblemCode
    package let key: String?
    package let message: String

    package init(_ finding: LintFinding) {
        rule = finding.rule
        key = finding.subject.key
        message = finding.message
    }

    package init(rule: ProblemCode, key: String?, message: String) {
        self.rule = rule
        self.key = key
        self.message = message
    }

    package var description: String { "\(message) [\(rule)]" }
}

/// Why a checked write did not keep its changes. Nothing on disk differs from before,
/// unless `restoreFailed` says what could not be put back.
package struct CheckedWriteError: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable {
        /// The transaction did not happen.
        case notWritten(FileTransactionError)
        /// Written, read again, found wrong, and put back: what did not hold.
        case checkFailed([String])
        /// Found wrong, and putting it back failed too.
        case restoreFailed(check: [String], FileTransactionError)
    }

    package let kind: Kind

    package var description: String {
        switch kind {
        case .notWritten(let error): return error.description
        case .checkFailed(let problems):
            return "the change was undone, as the app read again did not show it right: " + problems.joined(separator: "; ")
        case .restoreFailed(let problems, let error):
            return "the app read again did not show the change right (\(problems.joined(separator: "; "))), "
                + "and putting the files back failed: \(error.description)"
        }
    }
}

/// Writes a plan all or nothing, reads the app again with the same readers, and keeps the
/// change only when the plan's expectations hold and lint finds nothing new (errors and
/// warnings: a note is news, not a fault) beyond what the plan aims at; otherwise puts
/// every file back.
package struct CheckedWrite {
    /// How the app is read after writing: every idiom's catalog, iPhone first.
    package let read: () throws -> [AppIconCatalog]
    /// How it is linted, before and after; nil skips the lint comparison.
    package let lint: (@Sendable () throws -> LintReport)?

    package init(read: @escaping () throws -> [AppIconCatalog], lint: (@Sendable () throws -> LintReport)?) {
        self.read = read
        self.lint = lint
    }

    /// The findings lint counts against an edit: errors and warnings, each once.
    package static func faults(_ report: LintReport) -> Set<FindingKey> {
        Set(report.findings.filter { $0.severity != .note }.map(FindingKey.init))
    }

    /// Writes `plan` inside `boundary` (see `AppLayout.boundary(app:)`). `before` is lint's
    /// report on the app as it was read for planning (nil: lint it now, before writing).
    package func write(_ plan: EditPlan, boundary: ReadBoundary, before: LintReport? = nil,
                       transaction: FileTransaction? = nil) throws(CheckedWriteError) {
        let faultsBefore: Set<FindingKey>?
        do {
            faultsBefore = try lint.map { Self.faults(try before ?? $0()) }
        } catch {
            faultsBefore = nil
        }
        let applied: AppliedTransaction
        do {
            applied = try (transaction ?? FileTransaction(boundary: boundary)).apply(plan.changes.changes)
        } catch {
            throw CheckedWriteError(kind: .notWritten(error))
        }
        let problems = check(plan, faultsBefore: faultsBefore)
        guard problems.isEmpty else {
            do {
                try applied.restore()
            } catch {
                throw CheckedWriteError(kind: .restoreFailed(check: problems, error))
            }
            throw CheckedWriteError(kind: .checkFailed(problems))
        }
        applied.commit()
    }

    /// What does not hold after writing, in words; empty when all is well.
    package func check(_ plan: EditPlan, faultsBefore: Set<FindingKey>?) -> [String] {
        // Lint reads the app on the second core while the catalogs are read here.
        let linting = lint.map { lint in ComputedOnce.startingNow { try lint() } }
        let catalogs: [AppIconCatalog]
        do {
            catalogs = try read()
        } catch {
            _ = try? linting?.value()
            return ["the app cannot be read any more (\(error))"]
        }
        var problems: [String] = []
        var gone: [FindingKey] = []
        var aimed: Set<ProblemCode> = []
        for expectation in plan.expectations {
            switch expectation {
            case let .iconPresent(name, source, idioms):
                for idiom in idioms {
                    guard let catalog = catalogs.first(where: { $0.idiom == idiom }) else { continue }
                    guard let icon = catalog.alternate(named: name) else {
                        problems.append("no icon “\(name)” for \(idiom.deviceName)")
                        continue
                    }
                    if icon.picturesFrom != source { problems.append("“\(name)” comes from \(icon.picturesFrom.rawValue), not \(source.rawValue)") }
                    if icon.images.isEmpty && source != .icon { problems.append("“\(name)” has no images for \(idiom.deviceName)") }
                }
            case let .iconAbsent(name):
                if catalogs.contains(where: { $0.alternate(named: name) != nil }) { problems.append("“\(name)” is still an icon of the app") }
            case let .findingsGone(keys):
                gone += keys
            case let .aimedFinding(rule):
                aimed.insert(rule)
            }
        }
        guard let linting else { return problems }
        guard let report = try? linting.value() else {
            return problems + ["lint cannot check the app any more"]
        }
        let after = Self.faults(report)
        if let faultsBefore {
            let news = after.subtracting(faultsBefore).filter { !aimed.contains($0.rule) }
            for new in news.sorted(by: { $0.description < $1.description }).prefix(5) {
                problems.append("lint finds something new: \(new)")
            }
        }
        let remaining = Set(report.findings.map(FindingKey.init))
        for key in gone where remaining.contains(where: { $0.rule == key.rule && $0.key == key.key }) {
            problems.append("still found: \(key)")
        }
        return problems
    }
}
