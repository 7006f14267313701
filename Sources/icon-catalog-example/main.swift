// What another Swift tool does to read an app's icons with the IconCatalog and IconLint
// libraries: open whatever the user has (an Info.plist, a project folder, an .xcodeproj,
// an .xcworkspace, an .xcassets, a built .app or an .ipa), print its icons in chooser order
// with their images, then the warnings and, with --lint, lint's findings.
//
//     icon-catalog-example PATH [--target NAME] [--configuration NAME] [--lint]
import Foundation
import IconCatalog
import IconLint
import TerminalText

/// Names and messages come from the app's files: drop control and bidi characters before
/// they reach a terminal. (`CatalogWarning.description` and `LintFinding.message` are clean already.)
func printable(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
        let category = scalar.properties.generalCategory
        return category != .control && category != .format
    }))
}

/// The value of `--name VALUE`, taken out of `arguments`.
func take(_ name: String, from arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}

var arguments = Array(CommandLine.arguments.dropFirst())
var options = CatalogOptions()
options.target = take("--target", from: &arguments)
options.configuration = take("--configuration", from: &arguments)
let lint = arguments.contains("--lint")
arguments.removeAll { $0 == "--lint" }
guard arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: icon-catalog-example PATH [--target NAME] [--configuration NAME] [--lint]\n".utf8))
    exit(ExitStatus.usage.rawValue)
}
let app = URL(fileURLWithPath: arguments[0])

do {
    let catalog = try CatalogReader.read(app: app, options: options)
    print("\(printable(catalog.displayName ?? "?")) (\(catalog.appKind.rawValue)): \(catalog.icons.count) icons")
    for icon in catalog.icons {
        let appearances = icon.ownAppearances.map(\.rawValue).sorted().joined(separator: ", ")
        print("\(printable(icon.displayName)) [\(icon.picturesFrom.rawValue) \(printable(icon.assetName ?? "-"))] \(appearances)")
        for image in icon.images {
            print("  \(image.appearance.rawValue) \(image.width)x\(image.height) \(printable(image.path))")
        }
    }
    for warning in catalog.warnings {
        print("warning [\(warning.code?.rawValue ?? "-")] \(warning)")
    }
    if lint {
        let report = try Linter.lint(app: app, options: options)
        for finding in report.findings {
            print("lint: \(finding.severity.rawValue) [\(finding.rule)] \(finding.message)")
        }
        print("lint: \(report.summary)")
    }
} catch {
    // Typed throws: `error` is a CatalogError, one line naming the file and the problem.
    FileHandle.standardError.write(Data("icon-catalog-example: \(error)\n".utf8))
    // The statuses iconchooser documents, by name: ExitStatus, in TerminalText (the IconCatalog product gives it).
    exit(ExitStatus.unreadable.rawValue)
}
