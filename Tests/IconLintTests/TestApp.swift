import Foundation
import IconCatalog
import IconLint
@_exported import TestSupport

/// An app written to a temporary folder for one lint: the demo's shape (a primary and two
/// alternates, Blue and Green, in `CFBundleIcons` and in `CFBundleIcons~ipad`), every file
/// a real PNG at the standard size. Tests change the plist or the files, then `lint()`.
struct TestApp {
    static let alternates = ["Blue", "Green"]

    let folder = TemporaryFolder()
    /// `CFBundleIcons`; nil leaves the key out.
    var phone: [String: Any]? = TestApp.iconSet(primary: ["AppIcon"], alternates: TestApp.alternates) { [$0] }
    /// `CFBundleIcons~ipad`; nil leaves the key out.
    var pad: [String: Any]? = TestApp.iconSet(primary: ["AppIcon-ipad", "AppIcon-ipadpro"], alternates: TestApp.alternates) {
        ["\($0)-ipad", "\($0)-ipadpro"]
    }
    /// Other top-level keys; they win over `phone` and `pad`.
    var extra: [String: Any] = [:]
    var options = CatalogOptions()

    /// Writes NAME@2x (120), NAME@3x (180), NAME-ipad@2x (152) and NAME-ipadpro@2x (167) for each icon.
    init(writingImagesFor names: [String] = ["AppIcon"] + TestApp.alternates) {
        for name in names { writeStandardImages(name) }
    }

    func writeStandardImages(_ name: String, under folder: String = "") {
        let prefix = folder.isEmpty ? "" : folder + "/"
        self.folder.write("\(prefix)\(name)@2x.png", Self.image(120))
        self.folder.write("\(prefix)\(name)@3x.png", Self.image(180))
        self.folder.write("\(prefix)\(name)-ipad@2x.png", Self.image(152))
        self.folder.write("\(prefix)\(name)-ipadpro@2x.png", Self.image(167))
    }

    /// Opaque standard-size PNGs, encoded once.
    private static let images: [Int: Data] = Dictionary(uniqueKeysWithValues: [120, 180, 152, 167].map {
        ($0, PNGWriter.opaque(width: $0, height: $0))
    })
    static func image(_ size: Int) -> Data { images[size] ?? PNGWriter.opaque(width: size, height: size) }

    static func iconSet(primary: [String], alternates: [String], files: (String) -> [String]) -> [String: Any] {
        var entries: [String: Any] = [:]
        for name in alternates {
            entries[name] = ["CFBundleIconFiles": files(name), "UIPrerenderedIcon": false] as [String: Any]
        }
        return [
            "CFBundlePrimaryIcon": ["CFBundleIconFiles": primary, "UIPrerenderedIcon": false] as [String: Any],
            "CFBundleAlternateIcons": entries,
        ]
    }

    // MARK: - Changing the plist

    enum Which { case phone, pad }

    private func set(_ which: Which) -> [String: Any]? { which == .phone ? phone : pad }
    private mutating func replace(_ which: Which, _ value: [String: Any]?) {
        if which == .phone { phone = value } else { pad = value }
    }

    /// The alternate's dictionary (a value of any type, to break it); nil removes it.
    mutating func setAlternate(_ name: String, in which: Which, to value: Any?) {
        var icons = set(which) ?? [:]
        var alternates = icons["CFBundleAlternateIcons"] as? [String: Any] ?? [:]
        alternates[name] = value
        icons["CFBundleAlternateIcons"] = alternates
        replace(which, icons)
    }

    /// Changes one key of an alternate's dictionary in both sets (or one).
    mutating func setAlternateKey(_ key: String, of name: String, to value: Any?, in sets: [Which] = [.phone, .pad]) {
        for which in sets {
            var entry = (set(which)?["CFBundleAlternateIcons"] as? [String: Any])?[name] as? [String: Any] ?? [:]
            entry[key] = value
            setAlternate(name, in: which, to: entry)
        }
    }

    mutating func setIconSetKey(_ key: String, to value: Any?, in which: Which) {
        var icons = set(which) ?? [:]
        icons[key] = value
        replace(which, icons)
    }

    var plist: [String: Any] {
        var plist: [String: Any] = ["CFBundleIdentifier": "com.example.lint-test"]
        if let phone { plist["CFBundleIcons"] = phone }
        if let pad { plist["CFBundleIcons~ipad"] = pad }
        return plist.merging(extra) { $1 }
    }

    // MARK: - Linting

    @discardableResult
    func writePlist() -> String { folder.writePlist(plist) }

    func lint(disabled: Set<ProblemCode> = []) throws -> LintReport {
        try Linter.lint(app: writePlist(), options: options, disabled: disabled)
    }

    func findings(_ rule: ProblemCode) throws -> [LintFinding] {
        try lint().findings.filter { $0.rule == rule }
    }
}
