import Foundation
import TestSupport
import Testing

/// What is registered by value in one table must not be written and forgotten: a lint rule
/// declared in a `Rules+<Topic>.swift` that `LintRules.all` does not list would never run, a
/// form of app (`AppForm`) missing from `AppForm.all` would never be tried, and nothing else
/// would say so. Read from the sources, as the other architecture tests do, since
/// Swift on Linux cannot list a type's static members at run time.
@Suite struct RegistrationTests {
    static func source(_ path: String) throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent("Sources/\(path)"), encoding: .utf8)
    }

    /// The rule values a file declares: `static let NAME = LintRule(id: …` or a helper that
    /// makes one (`projectRule(id: …`), known by `id:` opening the call.
    static func declaredRules(in text: String) -> [String] {
        text.matches(of: #/static let (\w+) = \w+\(\s*id:\s/#).map { String($0.output.1) }
    }

    /// The names the array of `static let all: [Type] = [` lists.
    static func registered(_ type: String, in text: String) -> [String] {
        guard let start = text.firstRange(of: "static let all: [\(type)] = [") else { return [] }
        let rest = text[start.upperBound...]
        let list = rest[..<(rest.firstIndex(of: "]") ?? rest.endIndex)]
        return list.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }

    @Test func everyLintRuleWrittenIsRegistered() throws {
        let folder = Repository.root.appendingPathComponent("Sources/IconLint")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("Rules+") }
        #expect(files.count >= 5, "found \(files.count) rule files in Sources/IconLint")
        let registered = Self.registered("LintRule", in: try Self.source("IconLint/LintRules.swift"))
        #expect(registered.count >= 50, "read \(registered.count) names from LintRules.all")
        var declared: [String] = []
        for file in files.sorted() {
            let names = Self.declaredRules(in: try Self.source("IconLint/\(file)"))
            for name in names {
                #expect(registered.contains(name), "Sources/IconLint/\(file) declares the rule \(name), which LintRules.all does not list")
            }
            declared += names
        }
        #expect(Set(registered) == Set(declared), "LintRules.all lists names no rule file declares: \(Set(registered).subtracting(declared).sorted())")
    }

    /// The scan sees a rule however it is made, and nothing that is not one.
    @Test func theRuleScanSeesRulesOnly() {
        let text = """
            static let a = LintRule(
                id: .a, severity: .error,
            static let b = projectRule(id: .b, severity: .note,
            static let phoneKey = "CFBundleIcons"
            static let rank: [ProblemCode: Int] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, 0) })
            """
        #expect(Self.declaredRules(in: text) == ["a", "b"])
        #expect(Self.registered("LintRule", in: "public static let all: [LintRule] = [\n    a,\n    b,\n]\n") == ["a", "b"])
    }

    /// Every form of app `Sources/IconCatalog/Assembly/AppLocation.swift` declares is asked.
    @Test func everyFormOfAppWrittenIsRegistered() throws {
        let text = try Self.source("IconCatalog/Assembly/AppLocation.swift")
        let declared = text.matches(of: #/static let (\w+) = AppForm\(/#).map { String($0.output.1) }
        let registered = Self.registered("AppForm", in: text)
        #expect(declared.count >= 5, "found \(declared.count) forms")
        #expect(Set(declared) == Set(registered), "declared \(declared.sorted()), AppForm.all lists \(registered.sorted())")
    }
}
