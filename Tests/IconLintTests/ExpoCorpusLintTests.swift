import Foundation
import Testing
import TestSupport
@testable import IconCatalog
@testable import IconLint

/// The shared Expo apps linted, each with what reading its config and images says it gets wrong.
@Suite(.enabled(if: ExpoCorpus.available, "\(ExpoCorpus.skipMessage)"))
struct ExpoCorpusLintTests {
    private func lint(_ folder: String) throws -> LintReport { try Linter.lint(app: ExpoCorpus.path(folder)) }

    /// Each rule and how many findings it has.
    private func counts(_ report: LintReport) -> [ProblemCode: Int] {
        Dictionary(report.findings.map { ($0.rule, 1) }, uniquingKeysWith: +)
    }

    @Test func papillonsCommittedIosAgreesAndItsLightImagesAreTransparent() throws {
        let report = try lint("PapillonApp_papillon-v6")
        // Its ios/ holds the alternates app.json declares: nothing stale. Nine of its custom icons have
        // transparent corners, which outsung's plugin flattens onto white.
        #expect(counts(report) == [.imageHasAlpha: 9], "\(report.findings.map(\.message))")
        #expect(report.exitStatus(strict: false) == .success)
    }

    @Test func aReproductionNamingImagesThatAreNotThere() throws {
        let report = try lint("mzaien_config-plugin-repro-expo-52")
        #expect(counts(report) == [.expoImageMissing: 2])
        #expect(report.exitStatus(strict: false) == .failure)
    }

    @Test func uhaAtTwoCommits() throws {
        // 512 px images (the primary's light and dark, four alternates), and @howincodes' AppIcon- prefix.
        let old = try lint("Keireira_uha")
        #expect(counts(old) == [.expoImageSize: 6, .expoNameRenamed: 4])
        #expect(old.findings.filter { $0.rule == .expoNameRenamed }.allSatisfy { $0.icon?.hasPrefix("AppIcon-") == true })
        // At HEAD the alternates are written into ios.infoPlist by hand, with no images to check.
        #expect(counts(try lint("Keireira_uha@HEAD")) == [.expoImageNotLocal: 1])
    }

    @Test func pluginExamples() throws {
        // expo-alternate-app-icons' example gives a coloured picture as IconA's tinted image.
        let alternate = try lint("pchalupa_expo-alternate-app-icons/example")
        #expect(counts(alternate) == [.expoTintedInColour: 1])
        #expect(alternate.findings.first?.icon == "IconA")
        #expect(counts(try lint("EvanBacon_expo-quick-actions/example")) == [.expoNameRenamed: 2])
        #expect(counts(try lint("howincodes_expo-dynamic-app-icon/example")) == [.expoNameRenamed: 2])
        #expect(counts(try lint("mozzius_expo-dynamic-app-icon/example")).isEmpty)
        // 512 px images with transparent backgrounds, flattened onto white and scaled up.
        #expect(counts(try lint("Variant-Systems_expo-dynamic-app-icon/example")) == [.expoImageSize: 2, .imageHasAlpha: 2])
        #expect(counts(try lint("outsung_expo-dynamic-app-icon/example")) == [.imageHasAlpha: 2])
    }
}
