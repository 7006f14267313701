import Foundation
import IconCatalog
import Testing
import TerminalText
import TestSupport
@testable import CommandLineSupport

/// `list --json` is `ListReport`'s `Encodable` written by `PrettyJSONWriter`; through `JSONEncoder`
/// it is what the writer must match byte for byte.
@Suite struct ListReportJSONTests {
    /// `list --json` as `JSONEncoder` writes it.
    private func encoded(_ report: ListReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return TextSanitizer.escapeForJSON(String(decoding: try encoder.encode(report), as: UTF8.self))
    }

    private func expectSameText(_ report: ListReport, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try encoded(report)
        let written = try report.json()
        #expect(written == expected, sourceLocation: sourceLocation)
        if written != expected, let line = zip(written.split(separator: "\n", omittingEmptySubsequences: false),
                                               expected.split(separator: "\n", omittingEmptySubsequences: false))
            .first(where: { $0.0 != $0.1 }) {
            Issue.record("first difference: written \(line.0.debugDescription), encoder \(line.1.debugDescription)",
                         sourceLocation: sourceLocation)
        }
    }

    /// Every C0 control, DEL, C1 controls, bidi marks, quotes, backslashes, slashes and text
    /// beyond ASCII (two- to four-byte UTF-8, U+2028 which the encoder leaves alone).
    private static let awkward: String = {
        var text = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init)))
        text += "\"quoted\" back\\slash a/b/c \u{7F}\u{80}\u{85}\u{9F}\u{A0} é ü ß \u{061C}\u{200E}\u{200F}"
        text += "\u{202A}\u{202E}\u{2066}\u{2069} \u{2028}\u{2029} 漢字 😀 👩‍👩‍👧 e\u{301} \u{FEFF}"
        return text
    }()

    private func image(_ path: String, _ size: Int, idiom: AppIconSetImage.Idiom? = nil, points: Double? = nil,
                       scale: Int? = nil, appearance: IconAppearance = .light, derived: IconDerivation? = nil) -> IconImage {
        IconImage(storage: .file(path), width: size, height: size / 2 + 1, idiom: idiom, pointSize: points, scale: scale,
                  appearance: appearance, derivation: derived)
    }

    private func icon(_ name: String?, ordinal: Int? = nil, current: Bool = false, source: AppIconSource = .appiconset,
                      declaration: IconDeclaration = IconDeclaration(path: "/p/Info.plist"), appearances: [IconAppearance] = [],
                      files: [String] = [], images: [IconImage] = []) -> ListReport.Icon {
        ListReport.Icon(name: name, ordinal: ordinal, isPrimary: name == nil, isCurrent: current, source: source,
                        assetName: name.map { "Asset \($0)" }, assetPath: name.map { "/p/\($0).appiconset" },
                        fallbackSet: source == .icon ? "/p/fallback.appiconset" : nil, declaration: declaration,
                        appearances: appearances, iconFiles: files, images: images, assetCatalogOnly: false)
    }

    /// Each printed type's table of members names every stored property it has (and no other key),
    /// so a property added without its row fails here instead of missing from `list --json`.
    @Test func everyPropertyHasItsMemberInTheTable() {
        func properties(_ value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }
        func keys<Root>(_ fields: [JSONField<Root>]) -> [String] { fields.map(\.key) }
        let app = ListReport.App(plist: "Info.plist", path: "Info.plist", name: nil, bundleIdentifier: nil, idiom: .phone,
                                 source: .plist, project: nil, target: nil, configuration: nil, configurations: nil,
                                 appearance: .light)
        let report = ListReport(app: app, supportsAlternateIcons: false, alternateIconName: nil, icons: [], warnings: [])
        #expect(properties(app) == Set(keys(ListReport.App.fields)))
        #expect(properties(report) == Set(keys(ListReport.fields)))
        // `declaration` is written as `declaredIn`, its `configKey` beside it; `assetCatalogOnly` is for the text only.
        let iconProperties = properties(icon("Blue")).subtracting(["declaration", "assetCatalogOnly"]).union(["declaredIn", "configKey"])
        #expect(iconProperties == Set(keys(ListReport.Icon.fields)))
        for table in [keys(ListReport.App.fields), keys(ListReport.Icon.fields), keys(ListReport.fields)] {
            #expect(Set(table).count == table.count, "a key written twice: \(table)")
        }
    }

    @Test func nullsEmptyArraysAndNoIcons() throws {
        let app = ListReport.App(plist: "Info.plist", path: "Info.plist", name: nil, bundleIdentifier: nil, idiom: .phone,
                                 source: .plist, project: nil, target: nil, configuration: nil, configurations: nil,
                                 appearance: .light)
        try expectSameText(ListReport(app: app, supportsAlternateIcons: false, alternateIconName: nil, icons: [], warnings: []))
        let bare = icon(nil, source: .plist)
        try expectSameText(ListReport(app: app, supportsAlternateIcons: false, alternateIconName: nil, icons: [bare], warnings: [""]))
        let withEmptyConfigurations = ListReport.App(plist: "", path: "", name: "", bundleIdentifier: "", idiom: .pad,
                                                     source: .xcodeproj, project: "", target: "", configuration: "",
                                                     configurations: [], appearance: .tinted)
        try expectSameText(ListReport(app: withEmptyConfigurations, supportsAlternateIcons: true, alternateIconName: "",
                                      icons: [bare, icon("")], warnings: []))
    }

    @Test func escapesAndTextBeyondASCIIInEveryString() throws {
        let text = Self.awkward
        let app = ListReport.App(plist: text, path: "/a/" + text, name: text, bundleIdentifier: text, idiom: .pad,
                                 source: .ipa, project: text, target: text, configuration: text, configurations: [text, "Release"],
                                 appearance: .dark)
        let icons = [
            icon(nil, declaration: IconDeclaration(path: text, keyPath: text, setting: text), files: [text, ""],
                 images: [image(text, 1024, idiom: .universal, points: 1024, scale: 1)]),
            icon(text, ordinal: -3, current: true, source: .icon, declaration: IconDeclaration(path: "/p", setting: text),
                 appearances: [.light, .dark], images: [image("/p/\(text).png", 180, appearance: .dark, derived: .lightInsteadOfDark)]),
        ]
        try expectSameText(ListReport(app: app, supportsAlternateIcons: true, alternateIconName: text, icons: icons,
                                      warnings: [text, "second \u{1B}[31m warning"]))
    }

    @Test func numbersAsTheEncoderWritesThem() throws {
        let points: [Double] = [20, 29, 40, 60, 76, 83.5, 1024, 0.5, 0.1, 1.0 / 3, 1e-7, 1e20, 1e300, 123_456_789.25, 0,
                                -0.0, -83.5, Double.ulpOfOne, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude]
        let images = points.enumerated().map { offset, size in
            image("/p/\(offset).png", offset * 37, idiom: .iphone, points: size, scale: offset % 4)
        } + [image("/p/big.png", Int.max, scale: Int.min), image("/p/none.png", 0)]
        let app = ListReport.App(plist: "/p/Info.plist", path: "/p", name: "N", bundleIdentifier: "b", idiom: .phone,
                                 source: .xcassets, project: nil, target: nil, configuration: nil, configurations: nil,
                                 appearance: .light)
        let icons = [icon(nil, ordinal: Int.max, appearances: IconAppearance.allCases, images: images),
                     icon("min", ordinal: Int.min, images: [image("/p/m.png", 1, idiom: .iosMarketing, points: 1024, scale: 1,
                                                                  appearance: .tinted, derived: .tintedFromLight)])]
        try expectSameText(ListReport(app: app, supportsAlternateIcons: true, alternateIconName: "min", icons: icons,
                                      warnings: []))
    }

    @Test func aNumberTheEncoderRefusesIsRefused() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            let app = ListReport.App(plist: "p", path: "p", name: nil, bundleIdentifier: nil, idiom: .phone, source: .plist,
                                     project: nil, target: nil, configuration: nil, configurations: nil, appearance: .light)
            let report = ListReport(app: app, supportsAlternateIcons: false, alternateIconName: nil,
                                    icons: [icon(nil, images: [image("/p/x.png", 1, points: value)])], warnings: [])
            #expect(throws: (any Error).self) { try encoded(report) }
            #expect(throws: PrettyJSONWriter.InvalidValue.self) { try report.json() }
        }
    }

    @Test func theDemoAppInEveryAppearanceAndIdiom() throws {
        for idiom in Idiom.allCases {
            let catalog = try CatalogReader.read(app: Repository.demoPlist,
                                                 options: CatalogOptions(idiom: idiom))
            for appearance in IconAppearance.allCases {
                for current in [nil] + catalog.alternateNames.prefix(2).map(Optional.some) {
                    try expectSameText(ListReport(catalog: catalog, current: current, warnings: catalog.warnings,
                                                  appearance: appearance))
                }
            }
        }
    }

    /// The names of the folder's application targets when it has several (from the error that asks
    /// for one: `NAME (PROJECT, IDENTIFIER)`), else nil for its only one.
    private func applicationTargets(_ folder: String) throws -> [String?] {
        let candidates: [String]
        switch Result(catching: { () throws(CatalogError) in try CatalogReader.read(app: folder) }) {
        case .success: return [nil]
        case .failure(.xcodeProject(.targetNeeded(_, let found))): candidates = found
        case .failure(let error): throw error
        }
        return candidates.map { String($0[..<($0.range(of: " (")?.lowerBound ?? $0.endIndex)]) }
    }

    /// Every application target of every real project, in each of its configurations and appearances.
    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func everyTargetAndConfigurationOfTheRealProjects() throws {
        let projects = try FileManager.default.contentsOfDirectory(atPath: RealProjectCorpus.root.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted()
        #expect(projects.count >= 8)
        var reports = 0
        for project in projects {
            let folder = RealProjectCorpus.path(project)
            for target in try applicationTargets(folder) {
                let first = try CatalogReader.read(app: folder, options: CatalogOptions(target: target))
                let configurations: [String?] = first.target.map { $0.configurations } ?? [nil]
                for configuration in configurations {
                    let catalog = try CatalogReader.read(app: folder, options: CatalogOptions(target: target, configuration: configuration))
                    for appearance in IconAppearance.allCases {
                        try expectSameText(ListReport(catalog: catalog, current: catalog.alternateNames.last,
                                                      warnings: catalog.warnings, appearance: appearance))
                        reports += 1
                    }
                }
            }
        }
        #expect(reports > 50)
    }
}
