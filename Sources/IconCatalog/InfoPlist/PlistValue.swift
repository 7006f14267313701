import Foundation

/// Foundation hands plist values back as `Any`; these helpers say what a value really
/// is, so a wrong type can be reported in the plist's own words. Booleans need care:
/// on Linux `<true/>` arrives as a Swift `Bool` while `<integer>1</integer>` is an
/// NSNumber that also casts to `Bool`; on Darwin booleans are NSNumbers of type "c".
/// Public so lint rules judge types exactly as the catalog does.
package enum PlistValue {
    /// The types a plist value can have, as decisions compare them.
    package enum Kind: Hashable, Sendable, CustomStringConvertible {
        case boolean, integer, real, string, array, dictionary, data, date, unknown

        /// "a string", "an integer", "a boolean", ... as a plist editor would call it.
        package var description: String {
            switch self {
            case .boolean: return "a boolean"
            case .integer: return "an integer"
            case .real: return "a real number"
            case .string: return "a string"
            case .array: return "an array"
            case .dictionary: return "a dictionary"
            case .data: return "data"
            case .date: return "a date"
            case .unknown: return "an unknown value"
            }
        }
    }

    package static func kind(of value: Any) -> Kind {
        if isBoolean(value) { return .boolean }
        if let number = value as? NSNumber { return isInteger(number) ? .integer : .real }
        switch value {
        case is String: return .string
        case is [Any]: return .array
        case is [String: Any]: return .dictionary
        case is Data: return .data
        case is Date: return .date
        default: return .unknown
        }
    }

    /// The value's type in words, for a message.
    package static func typeName(_ value: Any) -> String {
        kind(of: value).description
    }

    /// The value as an integer, only when the plist stored an `<integer>` (not a real, string or boolean).
    package static func integer(_ value: Any) -> Int? {
        guard !isBoolean(value), let number = value as? NSNumber, isInteger(number) else { return nil }
        return number.intValue
    }

    /// The value as a boolean, only when the plist stored `<true/>` or `<false/>`.
    package static func boolean(_ value: Any) -> Bool? {
        guard isBoolean(value) else { return nil }
        return (value as? Bool) ?? (value as? NSNumber)?.boolValue
    }

    private static func isBoolean(_ value: Any) -> Bool {
        if type(of: value) == Bool.self { return true }
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func isInteger(_ number: NSNumber) -> Bool {
        ["s", "i", "l", "q", "S", "I", "L", "Q"].contains(String(cString: number.objCType))
    }
}
