import Foundation
import IconCatalog
import IconLint
import Testing

/// The three renderings of a report, and the rule table itself.
@Suite struct OutputTests {
    private func report(_ findings: [LintFinding]) -> LintReport {
        LintReport(plistPath: "App/Info.plist", findings: findings, searchWasTruncated: false)
    }

    private func finding(_ severity: LintSeverity, _ message: String, file: String = "App/Info.plist",
                         rule: ProblemCode = .fileNotFound) -> LintFinding {
        LintFinding(rule: rule, severity: severity, message: message, subject: .icon(set: "CFBundleIcons", name: "Blue"),
                    idiom: .phone, file: file)
    }

    @Test func textIsOneLinePerFindingThenCountsWithPlurals() {
        let text = LintOutput.text(report([finding(.error, "one"), finding(.note, "two", rule: .duplicateFileEntry)]))
        #expect(text == """
            App/Info.plist: error: one [file-not-found]
            App/Info.plist: note: two [duplicate-file-entry]
            1 error, 0 warnings, 1 note

            """)
        #expect(LintOutput.text(report([])) == "0 errors, 0 warnings, 0 notes\n")
        let many = report([finding(.warning, "a"), finding(.warning, "b"), finding(.note, "c"), finding(.note, "d")])
        #expect(many.summary == "0 errors, 2 warnings, 2 notes")
    }

    @Test func messagesAreCleanedWhenFindingsAreMade() {
        let dirty = finding(.error, "bad\u{1B}[2J\u{202E}\nname")
        #expect(dirty.message == "bad[2Jname")
        #expect(LintOutput.text(report([dirty])).split(separator: "\n").count == 2)
    }

    @Test func githubAnnotationsEscapeDataAndProperties() {
        let annotated = LintOutput.github(report([
            finding(.error, "100% wrong: a, b", file: "My App: v2, final/Info.plist"),
            finding(.warning, "w"),
            finding(.note, "n", rule: .newsstandIcon),
        ]))
        #expect(annotated == """
            ::error file=My App%3A v2%2C final/Info.plist,title=file-not-found::100%25 wrong: a, b
            ::warning file=App/Info.plist,title=file-not-found::w
            ::notice file=App/Info.plist,title=newsstand-icon::n

            """)
        #expect(LintOutput.escapeData("a\r\nb%") == "a%0D%0Ab%25")
        #expect(LintOutput.escapeProperty("a:b,c%\n") == "a%3Ab%2Cc%25%0A")
    }

    @Test func jsonHasTheDocumentedFields() throws {
        let primary = LintFinding(rule: .primaryIconNameOnly, severity: .warning, message: "m",
                                  subject: .icon(set: "CFBundleIcons", name: nil), idiom: .phone, file: "Info.plist")
        let data = try JSONEncoder().encode([finding(.error, "one"), primary])
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(Set(objects[0].keys) == ["rule", "severity", "message", "icon", "idiom", "file", "key", "fixable"])
        #expect(objects[0]["icon"] as? String == "Blue")
        #expect(objects[0]["idiom"] as? String == "phone")
        #expect(objects[0]["key"] as? String == "CFBundleIcons.CFBundleAlternateIcons.Blue")
        #expect(objects[1]["icon"] is NSNull)
        #expect(objects[1]["key"] as? String == "CFBundleIcons.CFBundlePrimaryIcon")
        #expect(objects[1]["fixable"] as? Bool == false)
        let fixable = LintFinding(rule: .newsstandIcon, severity: .warning, message: "m", subject: .app, idiom: nil, file: "Info.plist")
        let fixableObject = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(fixable)) as? [String: Any]
        #expect(fixableObject?["fixable"] as? Bool == true)
    }

    @Test func explainSaysWhatFixTheRuleHas() throws {
        let newsstand = try #require(LintRules.rule("newsstand-icon"))
        #expect(LintOutput.explain(newsstand).hasSuffix("lint --fix removes UINewsstandIcon.\n"))
        let unfixable = try #require(LintRules.rule("file-in-asset-catalog"))
        #expect(LintOutput.explain(unfixable).hasSuffix("lint --fix has no fix for it.\n"))
        // Each fix is one line of its own, which `--explain` ends with a full stop.
        let fixed = LintRules.all.compactMap(\.fix)
        #expect(Set(fixed.map(\.summary)).count == fixed.count)
        for fix in fixed { #expect(!fix.summary.contains("\n") && !fix.summary.hasSuffix("."), "\(fix.summary)") }
    }

    @Test func exitStatusFollowsSeverityAndStrictness() {
        #expect(report([]).exitStatus(strict: true) == .success)
        #expect(report([finding(.note, "n")]).exitStatus(strict: true) == .success)
        #expect(report([finding(.warning, "w")]).exitStatus(strict: false) == .success)
        #expect(report([finding(.warning, "w")]).exitStatus(strict: true) == .failure)
        #expect(report([finding(.error, "e")]).exitStatus(strict: false) == .failure)
    }

    @Test func rulesHaveStableKebabCaseIdsOneLineSummariesAndAFix() {
        let ids = LintRules.ids
        #expect(Set(ids).count == ids.count)
        for rule in LintRules.all {
            #expect(rule.id.rawValue.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil, "\(rule.id)")
            #expect(!rule.summary.contains("\n") && rule.summary.hasSuffix("."), "\(rule.id)")
            #expect(rule.explanation.contains("Fix:"), "\(rule.id)")
            #expect(!rule.explanation.contains("\n"), "\(rule.id)")
        }
        // Errors, then warnings, then notes: the order `--help` lists them in.
        #expect(LintRules.all.map(\.severity) == LintRules.all.map(\.severity).sorted())
    }

    @Test func explainWrapsTheParagraph() throws {
        let text = LintOutput.explain(try #require(LintRules.rule(.missingOnIpad)))
        #expect(text.hasPrefix("missing-on-ipad (error): An alternate in CFBundleIcons is missing from CFBundleIcons~ipad.\n\n"))
        let paragraph = text.split(separator: "\n").map(String.init).dropFirst()
        #expect(paragraph.allSatisfy { $0.count <= 78 })
        #expect(text.contains("Fix:"))
    }

    @Test func visibleEscapesAndLists() {
        #expect(LintText.visible("a\u{202E}b\u{7}") == #"a\u{202E}b\u{7}"#)
        #expect(LintText.quote("plain") == "“plain”")
        #expect(LintText.list(["a"]) == "“a”")
        #expect(LintText.list(["a", "b", "c"]) == "“a”, “b” and “c”")
    }
}
