import Foundation
import Testing

/// `iconchooser lint` on the real projects in `../shared/corpus/real-projects`: the project
/// rules find what reading each project shows is wrong with it, and nothing on those that are
/// well-formed.
@Suite(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct ProjectLintCommandTests {
    static let projectRules: Set<String> = [
        "primary-icon-missing", "icon-name-missing", "missing-marketing-icon", "marketing-icon-alpha",
        "alternate-icon-missing", "alternate-names-with-commas", "unlisted-icon-set", "missing-xcconfig-include",
        "missing-alternate-size", "set-file-missing", "set-file-unreferenced", "icon-layer-missing",
        "icon-layer-undrawable", "inconsistent-appearances",
    ]

    /// The findings of `lint --format json`, as (rule, file, message).
    private func findings(_ folder: String, _ more: [String] = []) throws -> [(rule: String, file: String, message: String)] {
        let out = try CLI().run(["lint", "--format", "json", "--app", RealProjectCorpus.path(folder)] + more)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]],
                                "\(out.stdout)\(out.stderr)")
        return list.map { ($0["rule"] as? String ?? "", $0["file"] as? String ?? "", $0["message"] as? String ?? "") }
    }

    @Test func unstoppableListsAMissingSetLeavesOneOutAndIncludesAnXCConfigItHasNot() throws {
        let found = try findings("horizontalsystems_unstoppable-wallet-ios")
        // Its list names AppIconIvfun, which no catalog holds; AppIconDuck is in the catalog but no
        // configuration ships it. AppIcon, the Prod configurations' primary, is no finding in Debug-Dev.
        #expect(found.contains { $0.rule == "alternate-icon-missing" && $0.message.contains("“AppIconIvfun”") })
        let unlisted = found.filter { $0.rule == "unlisted-icon-set" }
        #expect(unlisted.map { ($0.file as NSString).lastPathComponent } == ["AppIconDuck.appiconset"], "\(unlisted)")
        #expect(unlisted.first?.message.contains("in any configuration (“Debug-Dev”, “Debug-Prod”, “Release-Dev”, "
            + "“Release-Prod”)") == true, "\(unlisted)")
        // Config.xcconfig is what developers make from Config.template.xcconfig: a fresh clone has none.
        #expect(found.contains { $0.rule == "missing-xcconfig-include" && $0.file.hasSuffix("/App/App-Dev.xcconfig")
            && $0.message.hasPrefix("line 1: ") })
        // Warnings only: lint passes, and fails with --strict; each is one GitHub annotation.
        let app = ["--app", RealProjectCorpus.path("horizontalsystems_unstoppable-wallet-ios")]
        #expect(try CLI().run(["lint"] + app).status == 0)
        #expect(try CLI().run(["lint", "--strict"] + app).status == 1)
        let github = try CLI().run(["lint", "--format", "github"] + app)
        #expect(github.stdout.split(separator: "\n").contains { $0.hasPrefix("::warning file=") && $0.contains(",title=missing-xcconfig-include::line 1: ") })
        // Reported as findings, the catalog's warnings are not repeated on stderr.
        #expect(!github.stderr.contains("AppIconIvfun"))
    }

    @Test func rainbowsCommaSeparatedListIsFlagged() throws {
        let found = try findings("rainbow-me_rainbow", ["--target", "Rainbow"])
        let commas = found.filter { $0.rule == "alternate-names-with-commas" }
        #expect(commas.count == 1 && commas[0].message.contains("(“og,”)"))
        #expect(commas[0].file.hasSuffix("/ios/Rainbow.xcodeproj"))
    }

    @Test func threemaLeavesItsOldestIconOut() throws {
        let found = try findings("threema-ch_threema-ios", ["--target", "Threema"])
        #expect(found.filter { $0.rule == "unlisted-icon-set" }.map { ($0.file as NSString).lastPathComponent } == ["Icon2012.appiconset"])
    }

    @Test func habiticasBetaAndStaffIconsHaveNoDarkArt() throws {
        let found = try findings("HabitRPG_habitica-ios")
        let appearances = found.filter { $0.rule == "inconsistent-appearances" }.map(\.message)
        #expect(appearances.contains("30 of the app's 32 icon sets have dark images and 2 do not (“AppIcon-Beta” and "
            + "“AppIcon-Staff”); iOS shows their light images instead"))
        #expect(found.allSatisfy { $0.rule == "inconsistent-appearances" })
    }

    @Test func pytoListsALight6ItNeverDrew() throws {
        let found = try findings("ColdGrub1384_Pyto", ["--target", "Pyto"])
        #expect(found.filter { Self.projectRules.contains($0.rule) }.map(\.rule) == ["alternate-icon-missing"])
        #expect(found.first { $0.rule == "alternate-icon-missing" }?.message.contains("“Light 6”") == true)
    }

    @Test(arguments: [("keepassium_KeePassium", "KeePassium"), ("keepassium_KeePassium", "KeePassium Pro"),
                      ("keepassium_KeePassium", "KeePassium Org"), ("Memmy-App_memmy", nil), ("home-assistant_iOS", nil)])
    func wellFormedCatalogsAndBundlesHaveNoProjectFindings(_ folder: String, _ target: String?) throws {
        let found = try findings(folder, target.map { ["--target", $0] } ?? [])
        // home-assistant's newer icons have dark and tinted art and the older ones not: that note is true.
        let unexpected = found.filter { Self.projectRules.contains($0.rule) && $0.rule != "inconsistent-appearances" }
        #expect(unexpected.isEmpty, "\(unexpected.map { "\($0.rule): \($0.message)" })")
    }

    /// Drawing SVG layers is charged by the CPU time it takes, not by the clock: lint says the same
    /// of KeePassium's three Icon Composer bundles (SVG layers) when eight lints run at once on two
    /// cores as when one runs alone.
    @Test func svgLayersAreDrawnTheSameHoweverBusyTheMachine() throws {
        let arguments = ["lint", "--format", "json", "--app", RealProjectCorpus.path("keepassium_KeePassium"), "--target", "KeePassium"]
        let alone = try CLI().run(arguments)
        #expect(alone.status == 1, "\(alone.stderr)")
        #expect(!alone.stdout.contains("cannot be drawn"), "\(alone.stdout)")
        let lock = NSLock()
        nonisolated(unsafe) var outputs: [String] = []
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let output = (try? CLI().run(arguments).stdout) ?? "could not run"
            lock.withLock { outputs.append(output) }
        }
        for output in lock.withLock({ outputs }) { #expect(output == alone.stdout) }
    }
}
