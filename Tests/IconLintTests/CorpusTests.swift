import Foundation
import IconCatalog
import IconLint
import TerminalText
import Testing

/// The checks on real Info.plists from public apps (`../shared/corpus/real-plists`).
/// Their images are not in the corpus, so every resolvable entry is also a missing file.
@Suite(.enabled(if: Repository.hasCorpus, "needs ../shared/corpus/real-plists beside the repository; it is absent here"))
struct CorpusTests {
    private func lint(_ name: String, _ options: CatalogOptions = CatalogOptions()) throws -> LintReport {
        try Linter.lint(app: Repository.realPlist(name), options: options)
    }

    @Test func duckDuckGoLacksAppIconBlueOnIPad() throws {
        let hits = try lint("duckduckgo_iOS_Info.plist").findings.filter { $0.rule == .missingOnIpad }
        #expect(hits.map(\.icon) == ["AppIcon-blue"])
        #expect(hits.first?.severity == .error)
    }

    @Test func emitronsSuffixIsReportedUntilDefined() throws {
        let name = "razeware_emitron-iOS_Info.plist"
        let notes = try lint(name).findings.filter { $0.rule == .unexpandedVariable }
        #expect(notes.count == 3)
        #expect(notes.allSatisfy { $0.message.contains("${BUNDLE_ID_SUFFIX}") && $0.message.contains("--define BUNDLE_ID_SUFFIX=") })
        let defined = try lint(name, CatalogOptions(defines: ["BUNDLE_ID_SUFFIX": ""]))
        #expect(!defined.findings.contains { $0.rule == .unexpandedVariable })
    }

    @Test func emitronWithTheDemosImagesIsClean() throws {
        // Emitron and the demo share their file names; with the demo's images nothing is left to report.
        let icons = Repository.root.appendingPathComponent("Assets/App Icons").path
        let undefined = try lint("razeware_emitron-iOS_Info.plist", CatalogOptions(iconsDirectory: icons))
        #expect(undefined.findings.map(\.rule) == Array(repeating: .unexpandedVariable, count: 3))
        #expect(undefined.findings.allSatisfy { $0.message.hasSuffix("(the files here fit --define BUNDLE_ID_SUFFIX=)") })
        let report = try lint("razeware_emitron-iOS_Info.plist",
                              CatalogOptions(iconsDirectory: icons, defines: ["BUNDLE_ID_SUFFIX": ""]))
        #expect(report.findings.isEmpty, "\(report.findings.map(\.message))")
    }

    @Test func telegramsFragmentCannotBeRead() {
        #expect {
            try lint("TelegramMessenger_Telegram-iOS_AlternateIcons.plist")
        } throws: { error in
            guard case .notAPlist? = error as? CatalogError else { return false }
            return true
        }
    }

    @Test func telegramsPrimaryHasOnlyAnIconName() throws {
        let findings = try lint("TelegramMessenger_Telegram-iOS_Info.plist").findings
        #expect(findings.filter { $0.rule == .primaryIconNameOnly }.count == 1)
    }

    @Test func wordPressNamesWithSpacesAndApostrophesAreFine() throws {
        let findings = try lint("wordpress-mobile_WordPress-iOS_Jetpack-Info.plist").findings
        #expect(!findings.contains { $0.rule == .unsafeIconName || $0.rule == .unsafeFileEntry || $0.rule == .malformedIconEntry })
        let icons = Set(findings.compactMap(\.icon))
        #expect(icons.contains("Spectrum '22") && icons.contains("Black Classic"))
        // Only missing files: the corpus has no images.
        #expect(Set(findings.map(\.rule)) == [.fileNotFound])
    }

    @Test func everyReadablePlistLintsWithCleanOneLineMessages() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.realPlists.path).sorted()
        for name in names where name != "TelegramMessenger_Telegram-iOS_AlternateIcons.plist" {
            let report = try lint(name)
            for finding in report.findings {
                #expect(!TextSanitizer.containsUnsafe(finding.message) && !finding.message.contains("\n"), "\(name)")
            }
        }
    }
}
