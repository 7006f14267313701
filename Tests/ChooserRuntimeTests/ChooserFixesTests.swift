import ChooserRuntime
import ChooserUI
import Foundation
import IconCatalog
import IconLint
@testable import ProjectWriting
import Testing
import TestSupport

/// The chooser's `f` on an app on disk: the proposal (the question and the files it changes),
/// the fix written once confirmed through the edit pipeline, a proposal used up, and uncommitted
/// work never written over.
@Suite struct ChooserFixesTests {

    static func fixes(_ app: String) -> ChooserFixes {
        let pipeline = EditPipeline(app: app, open: { opener in try opener.open(app, options: CatalogOptions()) },
                                    readEveryIdiom: { opened in try CatalogReader.readEveryIdiom(opened: opened, options: CatalogOptions()) })
        return ChooserFixes(pipeline: pipeline, lint: { try Linter.lint(app: app, inspector: DecodingImageInspector()) })
    }

    /// What `plan` delivers, waited for.
    static func plan(_ fixes: ChooserFixes, _ target: FixTarget) -> (FixProposal?, String?) {
        let done = DispatchSemaphore(value: 0)
        let result = Box<(FixProposal?, String?)>((nil, nil))
        fixes.plan(target) { proposal, error in
            result.value = (proposal, error)
            done.signal()
        }
        done.wait()
        return result.value
    }

    /// What `apply` delivers, waited for: the error, or the summary.
    static func apply(_ fixes: ChooserFixes, _ proposal: FixProposal) -> (String?, String) {
        let done = DispatchSemaphore(value: 0)
        let result = Box<(String?, String)>((nil, ""))
        fixes.apply(proposal) { error, summary in
            result.value = (error, summary)
            done.signal()
        }
        done.wait()
        return result.value
    }

    final class Box<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    static func padAlternates(_ demo: String) throws -> Set<String> {
        let plist = try PropertyListSerialization.propertyList(
            from: Data(contentsOf: URL(fileURLWithPath: (demo as NSString).appendingPathComponent("Info.plist"))), format: nil) as? [String: Any]
        return Set(((plist?["CFBundleIcons~ipad"] as? [String: Any])?["CFBundleAlternateIcons"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test func aProposalIsWrittenOnceConfirmedAndOnlyOnce() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings(newsstand: false)
        let fixes = Self.fixes(demo)
        let (proposal, error) = Self.plan(fixes, FixTarget(name: "black-multi"))
        #expect(error == nil)
        let made = try #require(proposal)
        #expect(made.question == "Fix 1 finding of “black-multi”?")
        #expect(made.changes.contains("change Info.plist"), "\(made.changes)")
        #expect(!(try Self.padAlternates(demo)).contains("black-multi"), "nothing is written before it is confirmed")
        let (failure, summary) = Self.apply(fixes, made)
        #expect(failure == nil, "\(failure ?? "")")
        #expect(summary == "Fixed 1 finding of “black-multi”.")
        #expect(try Self.padAlternates(demo).contains("black-multi"))
        #expect(Self.apply(fixes, made).0 == "the fix is no longer current; press f again")
        // Nothing is left to fix about it.
        let again = Self.plan(fixes, FixTarget(name: "black-multi"))
        #expect(again.0 == nil)
    }

    @Test func anIconWithNothingToFixGetsNoProposal() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings(newsstand: false)
        let (proposal, _) = Self.plan(Self.fixes(demo), FixTarget(name: "white-black"))
        #expect(proposal == nil)
    }

    @Test func uncommittedWorkIsNeverWrittenOver() throws {
        let folder = TemporaryFolder()
        let demo = try folder.copyDemoWithFixableFindings(newsstand: false)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "demo"]] {
            let git = Process()
            git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
            git.arguments = ["-C", demo] + arguments
            try git.run()
            git.waitUntilExit()
            try #require(git.terminationStatus == 0, "git \(arguments)")
        }
        let plist = (demo as NSString).appendingPathComponent("Info.plist")
        try (String(contentsOfFile: plist, encoding: .utf8) + "\n").write(toFile: plist, atomically: true, encoding: .utf8)
        let fixes = Self.fixes(demo)
        let proposal = try #require(Self.plan(fixes, FixTarget(name: "black-multi")).0)
        let before = try Data(contentsOf: URL(fileURLWithPath: plist))
        let (failure, _) = Self.apply(fixes, proposal)
        #expect(failure?.contains("uncommitted changes") == true, "\(failure ?? "")")
        #expect(try Data(contentsOf: URL(fileURLWithPath: plist)) == before)
    }
}
