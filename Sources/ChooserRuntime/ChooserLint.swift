import Foundation
import IconCatalog
import IconLint

/// The chooser's look at its app, as `iconchooser lint` checks it: the first from the opening
/// the chooser read its icons from (the app is not opened twice), every later one (after `f`
/// changed the files) from the app as it is on disk then.
package final class ChooserLint: @unchecked Sendable {
    private let app: String
    private let options: CatalogOptions
    private let lock = NSLock()
    private var opened: OpenedApp?

    /// `opened`: `app` as the chooser opened it with `options`.
    package init(opened: OpenedApp, app: String, options: CatalogOptions) {
        self.opened = opened
        self.app = app
        self.options = options
    }

    /// Whether the next check takes the chooser's own opening.
    package var usesOpening: Bool { lock.withLock { opened != nil } }

    /// Lints the app: the chooser's opening the first time, the app read afresh afterwards.
    package func lint() throws(CatalogError) -> LintReport {
        let first = lock.withLock {
            defer { opened = nil }
            return opened
        }
        if let first { return try Linter.lint(opened: first, options: options) }
        return try Linter.lint(app: app, options: options)
    }
}
