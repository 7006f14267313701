import Foundation
import Synchronization

/// One assignment of a build setting: `NAME[sdk=iphoneos*] = value` in an xcconfig, or a
/// key of a configuration's `buildSettings`.
package struct SettingAssignment: Sendable, Equatable {
    package struct Condition: Sendable, Equatable {
        package let parameter: String
        package let pattern: String
    }

    package let name: String
    package let conditions: [Condition]
    /// The value as written: an expression with `$(…)` references, not yet expanded.
    package let value: String
    /// Where it was written, for warnings: a file (and line) or a configuration.
    package let origin: String

    /// Splits `NAME[param=pattern][param=pattern]` into the name and its conditions; nil
    /// when the name is not a build setting name or a condition is not closed.
    static func parseKey(_ key: Substring) -> (name: String, conditions: [Condition])? {
        // Most keys are a bare name: checked byte by byte, taken whole.
        let utf8 = key.utf8
        if let first = utf8.first, first < 0x80, isNameStart(Unicode.Scalar(first)),
           utf8.allSatisfy({ $0 < 0x80 && isNameCharacter(Unicode.Scalar($0)) }) {
            return (String(key), [])
        }
        // Slices of the key's own scalars: copying them into an array and back into strings
        // runs generic code unspecialized, a quarter of a millisecond at its first use.
        let scalars = key.unicodeScalars
        var index = scalars.startIndex
        guard index < scalars.endIndex, isNameStart(scalars[index]) else { return nil }
        while index < scalars.endIndex, isNameCharacter(scalars[index]) { index = scalars.index(after: index) }
        let name = String(Substring(scalars[..<index]))
        var conditions: [Condition] = []
        while index < scalars.endIndex {
            if scalars[index] == " " || scalars[index] == "\t" { index = scalars.index(after: index); continue }
            guard scalars[index] == "[" else { return nil }
            guard let equals = scalars[index...].firstIndex(of: "="),
                  let close = scalars[index...].firstIndex(of: "]"), equals < close else { return nil }
            let parameter = String(Substring(scalars[scalars.index(after: index)..<equals]))
            let pattern = String(Substring(scalars[scalars.index(after: equals)..<close]))
            guard !parameter.isEmpty else { return nil }
            conditions.append(Condition(parameter: parameter.trimmingSpaces,
                                        pattern: pattern.trimmingSpaces))
            index = scalars.index(after: close)
        }
        return (name, conditions)
    }

    static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "A" && scalar <= "Z") || (scalar >= "a" && scalar <= "z") || scalar == "_"
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || (scalar >= "0" && scalar <= "9")
    }

    /// True when every condition's pattern matches one of the values bound for its
    /// parameter; a parameter with no value bound matches only the pattern `*`.
    func applies(under values: [String: [String]]) -> Bool {
        conditions.allSatisfy { condition in
            guard let candidates = values[condition.parameter], !candidates.isEmpty else {
                return condition.pattern == "*"
            }
            return candidates.contains { fnmatch(condition.pattern, $0, 0) == 0 }
        }
    }
}

/// Every assignment of every setting, in precedence order: the table is filled from the
/// lowest level (Xcode's defaults) to the highest (`--define`), each level in the order its
/// file or dictionary gives, and the last assignment that applies wins, as in Xcode.
///
/// A table is a stack of levels. A level read from the project (a configuration's xcconfig
/// and settings) is made once and shared by every target's table that reads it: dictionaries
/// are copied on write, and a shared level is never written, so 10,000 targets sharing one
/// configuration hold its settings once (each holding its own copy took 271 MB).
struct SettingsTable: Sendable {
    typealias Level = [String: [SettingAssignment]]

    private var levels: [Level] = []
    /// Whether the top level is this table's own, which `add` may write; a shared level is never written.
    private var topIsOwn = false

    mutating func add(_ assignment: SettingAssignment) {
        if !topIsOwn {
            levels.append([:])
            topIsOwn = true
        }
        levels[levels.count - 1][assignment.name, default: []].append(assignment)
    }

    mutating func add(_ name: String, _ value: String, origin: String) {
        add(SettingAssignment(name: name, conditions: [], value: value, origin: origin))
    }

    /// Puts `level`, made once elsewhere, on top; what is added next goes above it.
    mutating func add(shared level: Level) {
        guard !level.isEmpty else { return }
        levels.append(level)
        topIsOwn = false
    }

    /// The assignments of `name` at every level, lowest first.
    func assignments(of name: String) -> [SettingAssignment] {
        var found: [SettingAssignment]?
        var joined = false
        for level in levels {
            guard let list = level[name] else { continue }
            if found == nil {
                found = list
            } else {
                if !joined { found!.reserveCapacity(found!.count + list.count) }
                joined = true
                found! += list
            }
        }
        return found ?? []
    }

    /// The index of the highest-precedence assignment of `name` below `limit` that applies.
    func applicable(_ name: String, below limit: Int? = nil, under values: [String: [String]]) -> Int? {
        let list = assignments(of: name)
        var index = min(limit ?? list.count, list.count) - 1
        while index >= 0 {
            if list[index].applies(under: values) { return index }
            index -= 1
        }
        return nil
    }

    var names: [String] {
        var all = Set<String>()
        for level in levels { all.formUnion(level.keys) }
        return all.sorted()
    }
}

/// Levels of a project's settings, each made once however many targets read it: a
/// configuration's xcconfig (with what it includes) and its own settings, with the warnings
/// reading them gave, or the error (an include cycle) that stops them being read.
final class SettingsLevels: Sendable {
    struct Made {
        let level: SettingsTable.Level
        let warnings: [CatalogWarning]
    }

    private let made = Mutex<[String: Result<Made, XcodeProjectError>]>([:])

    /// The level for `key` (a configuration's object id), made by `make` the first time.
    func level(_ key: String, make: () throws(XcodeProjectError) -> Made) throws(XcodeProjectError) -> Made {
        if let known = made.withLock({ $0[key] }) { return try known.get() }
        let result = Result(catching: make)
        made.withLock { $0[key] = result }
        return try result.get()
    }
}
