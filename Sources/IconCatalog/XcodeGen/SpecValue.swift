import Foundation

/// A value of an XcodeGen spec (`project.yml` or `project.json`) as XcodeGen reads it: YAML's
/// scalars already resolved (`YES` and `true` are booleans, `5.0` a number kept as written),
/// mappings with string keys in the order written. Aliases share storage with their anchor,
/// and the reader bounds how large the value is once they are expanded, so any walk of it is
/// bounded too.
package indirect enum SpecValue: Sendable, Hashable {
    case string(String)
    case bool(Bool)
    /// A number, as written (`5.0` stays `5.0`).
    case number(String)
    case null
    case array([SpecValue])
    case dictionary(SpecDictionary)

    /// What a message calls this kind of value.
    package var typeName: String {
        switch self {
        case .string: return "a string"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .null: return "null"
        case .array: return "a list"
        case .dictionary: return "a mapping"
        }
    }

    package var dictionary: SpecDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    package var array: [SpecValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// A scalar as the text XcodeGen writes into a project: strings as they are, booleans as
    /// `YES`/`NO`, numbers as written; nil for null, lists and mappings.
    package var scalarText: String? {
        switch self {
        case .string(let text), .number(let text): return text
        case .bool(let value): return value ? "YES" : "NO"
        case .null, .array, .dictionary: return nil
        }
    }

    /// A boolean as XcodeGen reads one: a YAML boolean, or the strings `true`/`YES`.
    package var boolValue: Bool? {
        switch self {
        case .bool(let value): return value
        case .string(let text): return BuildSettings.isTrue(text) ? true : (["no", "false", "0"].contains(text.lowercased()) ? false : nil)
        default: return nil
        }
    }
}

/// A mapping's entries in the order written, each key once (a later one replaces an earlier).
package struct SpecDictionary: Sendable, Hashable {
    package private(set) var entries: [(key: String, value: SpecValue)] = []
    private var positions: [String: Int] = [:]

    package init() {}

    package init(_ pairs: [(String, SpecValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    package subscript(key: String) -> SpecValue? {
        get { positions[key].map { entries[$0].value } }
        set {
            if let position = positions[key] {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    entries.remove(at: position)
                    positions = [:]
                    for (index, entry) in entries.enumerated() { positions[entry.key] = index }
                }
            } else if let newValue {
                positions[key] = entries.count
                entries.append((key, newValue))
            }
        }
    }

    package var keys: [String] { entries.map(\.key) }
    package var isEmpty: Bool { entries.isEmpty }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }

    package static func == (lhs: SpecDictionary, rhs: SpecDictionary) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for index in lhs.entries.indices where lhs.entries[index].key != rhs.entries[index].key
            || lhs.entries[index].value != rhs.entries[index].value {
            return false
        }
        return true
    }
}

extension Int {
    /// `self + other`, stopping at `Int.max` rather than overflowing.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

extension Array where Element == CatalogWarning {
    /// A warning about `key` of the spec `file` ("project.yml: targets.App.sources"), unless it is
    /// there already or the list holds as many as a target reports.
    mutating func appendSpecWarning(file: String, key: String, _ message: String, code: ProblemCode = .malformedSpec) {
        let warning = CatalogWarning(subject: "\(file): \(key)", message: message, code: code)
        if count < Self.maximumCount, !contains(warning) { append(warning) }
    }
}
