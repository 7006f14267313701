import Foundation
import IconCatalog
import IconLint
@testable import ProjectWriting
import Testing
import TestSupport

/// `lint --fix`'s planner: which findings it fixes (only those with a safe fix, only those about
/// the icons asked for), in which order, what it writes, and what it leaves with the reason.
@Suite struct LintFixerTests {

    static func lint(_ app: String) throws -> LintReport {
        try Linter.lint(app: app, inspector: DecodingImageInspector())
    }

    @Test func fixesEachFixableFindingInTheTablesOrder() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings()
        let report = try Self.lint(demo)
        let outcome = try LintFixer.plan(report, layout: PlanningTests.layout(demo), background: nil)
        #expect(outcome.fixed.map(\.rule) == [.missingOnIpad, .newsstandIcon])
        #expect(outcome.skipped.isEmpty)
        #expect(outcome.plan.changes.changes.map { ($0.path as NSString).lastPathComponent }.sorted()
            == ["Info.plist", "app-icon--black-multi-ipad@2x.png", "app-icon--black-multi-ipadpro@2x.png"])
        #expect(outcome.plan.expectations == [.findingsGone(outcome.fixed.map(FindingKey.init))])
        #expect(outcome.plan.summary.contains { $0.contains("removed UINewsstandIcon from CFBundleIcons") }, "\(outcome.plan.summary)")
    }

    @Test func onlyTheFindingsAboutTheIconsAskedFor() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings()
        let report = try Self.lint(demo)
        let layout = try PlanningTests.layout(demo)
        let mine = try LintFixer.plan(report, layout: layout, background: nil, only: ["black-multi"])
        #expect(mine.fixed.map(\.rule) == [.missingOnIpad])
        let none = try LintFixer.plan(report, layout: layout, background: nil, only: ["white-black"])
        #expect(none.fixed.isEmpty && none.plan.changes.changes.isEmpty)
    }

    @Test func aFixThatChangesHowTheIconLooksWaitsForABackground() throws {
        let folder = TemporaryFolder()
        folder.writeIconSet("Assets.xcassets/AppIcon.appiconset", [SetEntries.single("icon.png")], leaveOut: ["icon.png"])
        folder.writePNG("Assets.xcassets/AppIcon.appiconset/icon.png", width: 1024, transparentPixels: 2048)
        let app = folder.url("Assets.xcassets")
        let report = try Self.lint(app)
        let layout = try PlanningTests.layout(app)
        let left = try LintFixer.plan(report, layout: layout, background: nil)
        #expect(left.fixed.isEmpty)
        #expect(left.skipped.map(\.reason) == ["flattening changes how the icon looks: give --background COLOR"])
        let flattened = try LintFixer.plan(report, layout: layout, background: IconBackground(parsing: "#ffffff"))
        #expect(flattened.fixed.map(\.rule) == [.marketingIconAlpha])
        #expect(flattened.plan.changes.changes.map(\.path) == [folder.url("Assets.xcassets/AppIcon.appiconset/icon.png")])
    }
}
