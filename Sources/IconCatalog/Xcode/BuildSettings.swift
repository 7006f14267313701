import Foundation

/// A target's build settings for one configuration, as Xcode evaluates them for an iOS
/// device build: every level merged (Xcode's defaults, the project's xcconfig and
/// settings, the target's xcconfig and settings, `--define`), conditions bound to
/// `sdk=iphoneos`, `arch=arm64` and the configuration, and values expanded on demand.
///
/// Expansion follows Xcode's rules: `$(NAME)`, `${NAME}` and `$NAME`; names built from
/// other settings (`$(A_$(B))`); `$(inherited)`; operators such as `:default=`, `:lower`
/// and `:rfc1034identifier`; a reference to a name not set at any level is empty (so
/// `$(NAME )`, with a space, is empty, as in Xcode); a setting that refers to itself
/// reads the level below, as `$(inherited)` does. The work one expansion may do and the
/// length of its result are bounded, so no setting can make it run away.
package struct BuildSettings: Sendable {
    let table: SettingsTable
    /// The values each condition parameter is bound to.
    let conditionValues: [String: [String]]

    /// The longest value an expansion produces; the rest is cut with a warning.
    package static let maximumLength = 16 * 1024
    /// Characters produced and settings looked up, in one expansion, before it gives up.
    static let workLimit = 1_000_000
    /// Settings being expanded inside one another before the innermost is taken as empty.
    static let maximumNesting = 100

    /// The condition values of an iOS device build: `NAME[sdk=iphoneos*]`, `[arch=arm64]`
    /// and `[config=NAME]` apply; a parameter with no value (`[color=red]`) matches only `*`.
    static func iOSDeviceConditions(configuration: String) -> [String: [String]] {
        ["sdk": ["iphoneos"], "arch": ["arm64"], "config": [configuration], "variant": ["normal"]]
    }

    /// The names set at any level, sorted.
    package var names: [String] { table.names }

    /// True when some level assigns `name` under the bound conditions.
    package func isSet(_ name: String) -> Bool {
        table.applicable(name, under: conditionValues) != nil
    }

    /// The setting's value, expanded.
    package func value(_ name: String, warnings: inout [CatalogWarning]) -> String {
        var evaluation = Evaluation(settings: self)
        let result = evaluation.value(of: name, chain: [], depth: 0) ?? ""
        warnings.appendUnique(evaluation.warnings)
        return evaluation.bounded(result, subject: name, warnings: &warnings)
    }

    /// The setting's value, expanded, when its warnings are not wanted.
    package func value(_ name: String) -> String {
        var ignored: [CatalogWarning] = []
        return value(name, warnings: &ignored)
    }

    /// The setting's value split as a list (see `StringList`).
    package func list(_ name: String, warnings: inout [CatalogWarning]) -> [String] {
        StringList.split(value(name, warnings: &warnings))
    }

    /// The setting as Xcode reads a boolean: `YES`, `true` or `1` in any case is true.
    package func bool(_ name: String, warnings: inout [CatalogWarning]) -> Bool {
        Self.isTrue(value(name, warnings: &warnings))
    }

    static func isTrue(_ value: String) -> Bool {
        ["yes", "true", "1"].contains(value.trimmingSpaces.lowercased())
    }

    /// Any text with `$(…)` references expanded against these settings, e.g. an
    /// Info.plist string such as `$(PRODUCT_BUNDLE_IDENTIFIER)`.
    package func expand(_ text: String, subject: String, warnings: inout [CatalogWarning]) -> String {
        guard text.contains("$") else { return text }
        var evaluation = Evaluation(settings: self)
        let result = evaluation.expand(Array(text.utf8), chain: [], depth: 0)
        warnings.appendUnique(evaluation.warnings)
        return evaluation.bounded(result, subject: subject, warnings: &warnings)
    }
}

extension Array where Element == CatalogWarning {
    /// Appends the warnings not already present, keeping order.
    mutating func appendUnique(_ more: [CatalogWarning]) {
        for warning in more where !contains(warning) { append(warning) }
    }
}

/// One expansion: the settings being expanded (innermost last), the work done so far,
/// and the warnings met.
struct Evaluation {
    struct Frame {
        let name: String
        /// Which assignment of `name` is being expanded, so `$(inherited)` reads the one below.
        let index: Int
    }

    let settings: BuildSettings
    var work = 0
    var exhausted = false
    var warnings: [CatalogWarning] = []

    init(settings: BuildSettings) {
        self.settings = settings
    }

    mutating func bounded(_ result: String, subject: String, warnings: inout [CatalogWarning]) -> String {
        guard result.utf8.count > BuildSettings.maximumLength else { return result }
        warnings.appendUnique([CatalogWarning(subject: subject,
            message: "expands to more than \(BuildSettings.maximumLength) bytes; the rest is cut",
            code: .settingTooLong)])
        return String(decoding: result.utf8.prefix(BuildSettings.maximumLength), as: UTF8.self)
    }

    private mutating func spend(_ amount: Int) -> Bool {
        guard !exhausted else { return false }
        work += amount
        if work > BuildSettings.workLimit {
            exhausted = true
            warn(subject: "build settings",
                 "expanding them took more than \(BuildSettings.workLimit) steps (settings that expand into each other many times); the result is cut",
                 code: .settingTooLong)
            return false
        }
        return true
    }

    private mutating func warn(subject: String, _ message: String, code: ProblemCode) {
        let warning = CatalogWarning(subject: subject, message: message, code: code)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    /// The value of `name` as seen from inside `chain`: a name already being expanded
    /// (or `inherited`) reads its next lower assignment, any other name its highest; nil
    /// when no assignment applies.
    mutating func value(of requested: String, chain: [Frame], depth: Int) -> String? {
        guard spend(1) else { return "" }
        var name = requested
        var limit: Int?
        if requested == "inherited" {
            guard let current = chain.last else { return nil }
            name = current.name
            limit = current.index
        } else if let frame = chain.last(where: { $0.name == requested }) {
            limit = frame.index
        }
        guard let index = settings.table.applicable(name, below: limit, under: settings.conditionValues) else {
            // `A = $(A) more` is a common way to extend a lower level's value; with no lower
            // level it is a mistake (or a loop through other settings) that expands to nothing.
            if limit != nil, requested != "inherited" {
                warn(subject: requested,
                     "refers to itself ($(\(requested))) with no lower level setting it; Xcode reads that as an empty $(inherited)",
                     code: .settingRefersToItself)
            }
            return nil
        }
        guard depth < BuildSettings.maximumNesting else {
            warn(subject: name, "settings nested more than \(BuildSettings.maximumNesting) deep; the innermost is taken as empty",
                 code: .settingTooLong)
            return ""
        }
        let value = settings.table.assignments(of: name)[index].value
        guard value.contains("$") else {
            return spend(value.utf8.count) ? value : ""
        }
        return expand(Array(value.utf8), chain: chain + [Frame(name: name, index: index)], depth: depth + 1)
    }

    /// Expands a whole value: literal text and `$` substitutions.
    mutating func expand(_ bytes: [UInt8], chain: [Frame], depth: Int) -> String {
        var cursor = 0
        return fragment(bytes, &cursor, stops: [], chain: chain, depth: depth)
    }

    /// Expands from `cursor` until one of `stops` (outside nested substitutions) or the end.
    private mutating func fragment(_ bytes: [UInt8], _ cursor: inout Int, stops: Set<UInt8>, chain: [Frame], depth: Int) -> String {
        var output: [UInt8] = []
        while cursor < bytes.count, !stops.contains(bytes[cursor]) {
            if bytes[cursor] == UInt8(ascii: "$") {
                output += Array(substitution(bytes, &cursor, chain: chain, depth: depth).utf8)
            } else {
                output.append(bytes[cursor])
                cursor += 1
            }
            guard spend(1), output.count <= BuildSettings.maximumLength else {
                // Skip the rest of this fragment so the caller's brackets still match up.
                while cursor < bytes.count, !stops.contains(bytes[cursor]) { cursor += 1 }
                break
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// One substitution starting at the `$` under `cursor`.
    private mutating func substitution(_ bytes: [UInt8], _ cursor: inout Int, chain: [Frame], depth: Int) -> String {
        let start = cursor
        cursor += 1
        guard cursor < bytes.count else { return "$" }
        let opener = bytes[cursor]
        if opener == UInt8(ascii: "$") {
            cursor += 1
            return "$"
        }
        if opener == UInt8(ascii: "(") || opener == UInt8(ascii: "{") {
            let closer = opener == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
            cursor += 1
            let stops: Set<UInt8> = [UInt8(ascii: ":"), closer]
            let name = fragment(bytes, &cursor, stops: stops, chain: chain, depth: depth)
            if name.contains(where: \.isWhitespace) {
                warn(subject: name.trimmingCharacters(in: .whitespaces),
                     "is referred to as “$(\(name))”, with a space in the name; no setting is called that, so Xcode reads it as empty",
                     code: .settingNameWithSpace)
            }
            var result = name.isEmpty ? "" : value(of: name, chain: chain, depth: depth) ?? ""
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":") {
                cursor += 1
                let operatorStart = cursor
                while cursor < bytes.count, Self.isOperatorCharacter(bytes[cursor]) { cursor += 1 }
                let operatorName = String(decoding: bytes[operatorStart..<cursor], as: UTF8.self)
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") {
                    cursor += 1
                    let operand = fragment(bytes, &cursor, stops: stops, chain: chain, depth: depth)
                    result = replace(result, operatorName, operand, setting: name)
                } else {
                    result = retrieve(result, operatorName, setting: name)
                    while cursor < bytes.count, !stops.contains(bytes[cursor]) { cursor += 1 }
                }
            }
            guard cursor < bytes.count, bytes[cursor] == closer else {
                warn(subject: String(decoding: bytes, as: UTF8.self),
                     "has “\(String(decoding: bytes[start...].prefix(40), as: UTF8.self))” without its closing bracket; it is kept as written",
                     code: .malformedSetting)
                cursor = bytes.count
                return String(decoding: bytes[start...], as: UTF8.self)
            }
            cursor += 1
            return result
        }
        if SettingAssignment.isNameStart(Unicode.Scalar(opener)) {
            // `$NAME`, which Xcode still accepts; a `$(` straight after continues the name.
            let nameStart = cursor
            while cursor < bytes.count, SettingAssignment.isNameCharacter(Unicode.Scalar(bytes[cursor])) { cursor += 1 }
            var name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self)
            if cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "$"), bytes[cursor + 1] == UInt8(ascii: "(") {
                name += substitution(bytes, &cursor, chain: chain, depth: depth)
            }
            return value(of: name, chain: chain, depth: depth) ?? "$" + name
        }
        return "$"
    }

    private static func isOperatorCharacter(_ byte: UInt8) -> Bool {
        SettingAssignment.isNameCharacter(Unicode.Scalar(byte))
    }

    /// `$(NAME:op)`.
    private mutating func retrieve(_ value: String, _ operatorName: String, setting: String) -> String {
        switch operatorName {
        case "lower": return value.lowercased()
        case "upper": return value.uppercased()
        case "identifier": return Identifier.c(value)
        case "c99extidentifier": return Identifier.c99Extended(value)
        case "rfc1034identifier": return Identifier.rfc1034(value)
        case "quote": return Identifier.quoted(value)
        case "dir":
            let directory = (value as NSString).deletingLastPathComponent
            return directory.isEmpty ? "./" : (directory.hasSuffix("/") ? directory : directory + "/")
        case "file": return (value as NSString).lastPathComponent
        case "base": return ((value as NSString).lastPathComponent as NSString).deletingPathExtension
        case "suffix":
            let pathExtension = (value as NSString).pathExtension
            return pathExtension.isEmpty ? "" : "." + pathExtension
        case "standardizepath": return value.isEmpty ? value : ProjectPaths.normalize(value)
        case "not": return value == "YES" ? "NO" : "YES"
        default:
            warn(subject: setting, "uses the operator “:\(operatorName)”, which is not supported here; the value is used unchanged",
                 code: .unsupportedSettingOperator)
            return value
        }
    }

    /// `$(NAME:op=operand)`.
    private mutating func replace(_ value: String, _ operatorName: String, _ operand: String, setting: String) -> String {
        switch operatorName {
        case "default":
            return value.isEmpty ? operand : value
        case "dir" where !value.isEmpty:
            return ProjectPaths.join(operand, (value as NSString).lastPathComponent)
        case "file" where !value.isEmpty:
            return ProjectPaths.join((value as NSString).deletingLastPathComponent, operand)
        case "base" where !value.isEmpty:
            let pathExtension = (value as NSString).pathExtension
            return ProjectPaths.join((value as NSString).deletingLastPathComponent, operand)
                + (pathExtension.isEmpty ? "" : "." + pathExtension)
        case "suffix" where !value.isEmpty:
            let suffix = operand.hasPrefix(".") ? String(operand.dropFirst()) : operand
            return (value as NSString).deletingPathExtension + "." + suffix
        case "dir", "file", "base", "suffix":
            return value
        default:
            warn(subject: setting, "uses the operator “:\(operatorName)=”, which is not supported here; the value is used unchanged",
                 code: .unsupportedSettingOperator)
            return value
        }
    }
}

/// The identifier forms Xcode's setting operators make of a value.
enum Identifier {
    /// `:identifier`: a C identifier; every other character, and a leading digit, becomes `_`.
    static func c(_ value: String) -> String {
        mangle(value, allowed: { $0 == "_" }, replacement: "_")
    }

    /// `:rfc1034identifier`: letters, digits and `-`; every other character, and a leading digit, becomes `-`.
    static func rfc1034(_ value: String) -> String {
        mangle(value, allowed: { $0 == "-" }, replacement: "-")
    }

    private static func mangle(_ value: String, allowed: (Character) -> Bool, replacement: Character) -> String {
        var result = ""
        for character in value.decomposedStringWithCanonicalMapping {
            let isLetter = ("A"..."Z").contains(character) || ("a"..."z").contains(character)
            let isDigit = ("0"..."9").contains(character) && !result.isEmpty
            result.append(isLetter || isDigit || allowed(character) ? character : replacement)
        }
        return result
    }

    /// `:c99extidentifier`: letters of any script stay, other characters become `_`, and
    /// a leading digit gets a `_` in front.
    static func c99Extended(_ value: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in value.precomposedStringWithCanonicalMapping.unicodeScalars {
            let keep = scalar.isASCII
                ? SettingAssignment.isNameCharacter(scalar)
                : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            scalars.append(keep ? scalar : "_")
        }
        if let first = scalars.first, first >= "0" && first <= "9" { scalars.insert("_", at: scalars.startIndex) }
        return String(scalars)
    }

    /// `:quote`: whitespace, quotes and backslashes escaped with a backslash.
    static func quoted(_ value: String) -> String {
        guard !value.isEmpty else { return "\"\"" }
        var result = ""
        for character in value {
            if character == " " || character == "\t" || character == "\n" || character == "\r"
                || character == "\\" || character == "\"" || character == "'" {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }
}
