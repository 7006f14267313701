import FileAccess
import Foundation
@testable import IconCatalog
import TerminalText
import Testing

/// Plists of hostile text: warnings stay few and short, whatever the plist holds.
@Suite struct WarningCapTests {
    @Test func thousandsOfMissingFilesAreCountedNotListed() throws {
        let folder = TemporaryFolder()
        let started = Date()
        let catalog = try CatalogReader.read(app: folder.write("Info.plist", HostileInput.manyFileEntries(100_000)))
        #expect(Date().timeIntervalSince(started) < 20)
        let notFound = catalog.warnings.filter { $0.code == .fileNotFound }
        #expect(notFound.count == WarningList.shownPerCode)
        #expect(notFound.allSatisfy { $0.message.hasPrefix("no file found") })
        let counted = try #require(catalog.warnings.last)
        #expect(counted.description == "… and 99,990 more files not found")
        #expect(counted.code == WarningList.omittedCode)
        #expect(catalog.warnings.count == WarningList.shownPerCode + 1)
    }

    @Test func aListCountsWhatItLeavesOutPerKind() {
        var list = WarningList(capped: (0..<12).map {
            CatalogWarning(subject: "archive", message: "entry \($0) left unread", code: .archiveEntryIgnored)
        })
        for i in 0..<25 { list.add(code: .fileNotFound, subject: "s\(i)", "missing \(i)") }
        var other = WarningList()
        for i in 0..<15 { other.add(code: .fileNotFound, subject: "t\(i)", "missing \(i)") }
        for i in 0..<3 { other.add(code: .unsafeFileEntry, subject: "u\(i)", "unsafe \(i)") }
        list.append(contentsOf: other)
        let warnings = list.warnings
        #expect(warnings.filter { $0.code == .fileNotFound }.map(\.subject) == (0..<10).map { "s\($0)" })
        #expect(warnings.filter { $0.code == .unsafeFileEntry }.count == 3)
        #expect(warnings.prefix(12).allSatisfy { $0.code == .archiveEntryIgnored })
        #expect(warnings.last?.description == "… and 30 more files not found")
    }

    @Test func whichWarningsAreShownDoesNotDependOnDictionaryOrder() throws {
        var alternates: [String: Any] = [:]
        for i in 0..<500 { alternates["alt\(i)"] = ["ordinal": "x"] }
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": PlistShapes.icons(alternates: alternates)])
        let subjects = try CatalogReader.read(app: plist).warnings.map(\.subject).filter { $0.contains("AlternateIcons") }
        #expect(subjects == ["alt0", "alt1", "alt10", "alt100", "alt101", "alt102", "alt103", "alt104", "alt105", "alt106"]
            .map { "CFBundleIcons.CFBundleAlternateIcons.\($0)" })
    }

    @Test func longNamesAreAbbreviatedWithTheirLength() throws {
        let long = String(repeating: "\u{1B}x", count: 100_000)
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": PlistShapes.icons(alternates: [long: PlistShapes.alternate(["f" + long])])],
                                      format: .binary)
        let warnings = try CatalogReader.read(app: plist).warnings.filter { $0.subject.contains("AlternateIcons") }
        #expect(!warnings.isEmpty)
        for warning in warnings {
            #expect(warning.description.count < 400, "\(warning.description.prefix(100))…")
            #expect(warning.description.contains("(200,000 characters)") || warning.description.contains("(200,001 characters)"))
        }
    }

    @Test func namesThatStillFitAreKeptWhole() {
        #expect(MessageText.abbreviated("Blue Whale") == "Blue Whale")
        #expect(MessageText.abbreviated(String(repeating: "a", count: 61)) == String(repeating: "a", count: 60) + "… (61 characters)")
        // Invisible and combining characters are cut too: each counts one column at least.
        #expect(MessageText.abbreviated(String(repeating: "\u{301}", count: 1_000), to: 10)
                == String(repeating: "\u{301}", count: 10) + "… (1 character)")
        #expect(MessageText.grouped(379_990) == "379,990")
        #expect(MessageText.grouped(-1_000) == "-1,000")
        #expect(MessageText.grouped(999) == "999")
    }

    @Test func buildSettingReferencesAreFoundByAScanThatStops() {
        let entry = "a$(ONE)b${TWO}c$(bad-name)$(ONE)$" + String(repeating: "$(X)", count: 100_000)
        #expect(IconFileResolver.unexpandedVariables(in: entry) == ["ONE", "TWO", "X"])
        let many = (0..<1_000).map { "$(V\($0))" }.joined()
        #expect(IconFileResolver.unexpandedVariables(in: many).count == BuildSettingReference.maximumNames)
        #expect(IconFileResolver.expand("x$(A)${A}$(B)", defines: ["A": "1"]) == "x11$(B)")
        #expect(IconFileResolver.expand("é\u{301}$(A)", defines: ["A": "z"]) == "é\u{301}z")
    }

    @Test func aHeaderClaimingMoreThanPNGAllowsIsNoPNG() throws {
        let folder = TemporaryFolder()
        let path = folder.writePNGHeader("huge.png", width: Int(UInt32.max), height: Int(UInt32.max))
        #expect(PNGHeader.size(of: try BoundedFile.readPrefix(path, count: 64)) == nil)
    }
}
