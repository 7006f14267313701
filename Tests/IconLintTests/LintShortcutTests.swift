import Foundation
import IconCatalog
@testable import IconLint
import Testing

/// The shortcuts lint takes on large plists give the answers of the plain definitions they replace.
@Suite struct LintShortcutTests {
    @Test func namesCompareAsStringsCompare() {
        let long = String(repeating: "\u{202E}x\u{7}", count: 500)
        let pairs: [(String, String)] = [
            ("abc", "abc"), ("abc", "abd"), ("ab", "abc"), ("", ""), ("", "a"),
            ("caf\u{E9}", "cafe\u{301}"), ("cafe\u{301}s", "caf\u{E9}s"), ("e\u{301}", "\u{E9}"),
            ("a\u{323}\u{301}", "a\u{301}\u{323}"), ("xa\u{323}\u{301}", "xa\u{301}\u{324}"),
            ("\u{E9}\u{E9}", "\u{E9}e\u{301}"), ("\u{1100}\u{1161}", "\u{AC00}"), ("x\u{1100}\u{1161}", "x\u{AC00}"),
            (long + "12", long + "13"), (long + "e\u{301}", long + "\u{E9}"), (long + "1", long + "12"),
        ]
        for (a, b) in pairs {
            #expect(LintSubject.sameName(a, b) == (a == b), "\(a.debugDescription) and \(b.debugDescription)")
            #expect(LintSubject.icon(set: "S", name: a) == .icon(set: "S", name: b) ? a == b : a != b)
        }
        #expect(LintSubject.icon(set: "S", name: nil) != .icon(set: "S", name: ""))
        #expect(LintSubject.icon(set: "S", name: "a") != .icon(set: "T", name: "a"))
        #expect(LintSubject.iconSet("S") != .app)
    }

    /// Findings that differ only in their subject stay apart, and equal ones are one.
    @Test func findingsAboutDifferentIconsWithTheSameMessageStayApart() {
        func finding(_ name: String) -> LintFinding {
            LintFinding(rule: .fileNotFound, severity: .note, message: "same", subject: .icon(set: "S", name: name), idiom: nil, file: "f")
        }
        let set: Set<LintFinding> = [finding("caf\u{E9}"), finding("cafe\u{301}"), finding("cafe")]
        #expect(set.count == 2)
    }

    /// Long and short CFBundleIconFiles lists count repeats alike (a long one goes through a dictionary).
    @Test func repeatsAreCountedInLongFileLists() throws {
        for filler in [2, 30] {
            var app = TestApp()
            let files = ["Blue", "Blue.png"] + (0..<filler).map { "Other\($0)" } + ["Blue", "Other1.PNG", "Cafe\u{301}", "Caf\u{E9}"]
            app.setAlternateKey("CFBundleIconFiles", of: "Blue", to: files, in: [.phone])
            let messages = try app.findings(.duplicateFileEntry).map(\.message)
            #expect(messages == ["alternate “Blue” in CFBundleIcons lists “Blue” 3 times in CFBundleIconFiles",
                                 "alternate “Blue” in CFBundleIcons lists “Cafe\u{301}” 2 times in CFBundleIconFiles",
                                 "alternate “Blue” in CFBundleIcons lists “Other1” 2 times in CFBundleIconFiles"], "\(filler)")
        }
    }
}
