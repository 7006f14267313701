import Foundation
import IconCatalog
import IconLint

extension FuzzHarness {
    /// An Expo `app.json` (JSON5): the reader, then the project read as an app (icons, names,
    /// images beside it) and linted. What plain JSON's reader reads, JSON5's reads to the same value.
    public static func expoConfig(_ bytes: [UInt8]) {
        let parsed = JSON5Reader.parse(bytes)
        if case .success(let strict) = JSONFile.parse(bytes), case .success(let relaxed) = parsed {
            precondition(agree(strict, relaxed), "JSON5 reads plain JSON as JSON does")
        }
        let config = place(bytes, at: "Expo/app.json")
        _ = place(Array(#"{"name": "expo-alternate-app-icons"}"#.utf8), at: "package.json")
        let picture = (try? Data(contentsOf: URL(fileURLWithPath: scratch + "/AppIcon.appiconset/icon.png"))).map(Array.init) ?? []
        _ = place(picture, at: "Expo/icon.png")
        for app in [config, (config as NSString).deletingLastPathComponent] {
            if let catalog = try? CatalogReader.read(app: app) {
                _ = catalog.warnings.map(\.description)
                precondition(catalog.icons.first?.isPrimary == true && catalog.icons.count <= 2_001)
            }
            _ = try? Linter.lint(app: app)
        }
    }

    /// The same value, numbers within rounding: Foundation reads long numbers as integers or
    /// decimals before they become doubles, JSON5's reader as doubles at once. A string holding
    /// NUL is Foundation's to cut short.
    private static func agree(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return x == y || !x.isFinite || !y.isFinite || abs(x - y) <= abs(x) * 1e-12
        case (.string(let x), .string(let y)):
            return x == y || x.contains("\0") || y.contains("\0")
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { agree($0, $1) }
        case (.object(let x), .object(let y)):
            return x.keys.sorted() == y.keys.sorted() && x.allSatisfy { key, value in agree(value, y[key]!) }
        default:
            return a == b
        }
    }
}
