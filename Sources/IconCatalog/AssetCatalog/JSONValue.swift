import FileAccess
import Foundation

/// A parsed JSON value with booleans and numbers kept apart: through Foundation's `Any`,
/// `1` passes as `true` and `true` as `1.0`, so a wrong type in a `Contents.json` or
/// `icon.json` could not be reported as what it is.
package enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The value `JSONSerialization` made, which marks booleans as NSNumbers of type `c`.
    /// Containers are tried first: a failed cast of a dictionary to `String` costs a bridging
    /// attempt, six times the time of the whole conversion in a debug build.
    init(foundation object: Any) {
        if let dictionary = object as? [String: Any] {
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(dictionary.count)
            for (key, value) in dictionary { members[key] = JSONValue(foundation: value) }
            self = .object(members)
        } else if let array = object as? [Any] {
            self = .array(array.map(JSONValue.init(foundation:)))
        } else if let string = object as? String {
            self = .string(string)
        } else if let number = object as? NSNumber {
            self = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.doubleValue)
        } else {
            self = .null
        }
    }

    /// The member `key` of an object; nil for a missing key or a value that is no object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// What the value is, in words, for a message such as "is a number, expected a string".
    package var kindDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        }
    }
}

/// Reads a small JSON file with the same guarantees as the plist reader: only regular
/// files, never more than a stated number of bytes, and nesting bounded (`JSONReader`'s
/// 128 levels, then Foundation's parser's 512), so a hostile file costs at most its size.
package enum JSONFile {
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case missing
        case unreadable(String)
        case tooLarge(bytes: Int, limit: Int)
        case malformed(String)

        package var description: String {
            switch self {
            case .missing: return "is missing"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            case .tooLarge(let bytes, let limit): return "is \(bytes) bytes; over \(limit) bytes is refused"
            case .malformed(let reason): return "is not valid JSON (\(reason))"
            }
        }
    }

    package static func load(_ path: String, limit: Int) -> Result<JSONValue, Failure> {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.readBytes(path, limit: limit)
        } catch {
            switch error {
            case .notFound: return .failure(.missing)
            case .badLink(let problem): return .failure(.unreadable("it is \(problem)"))
            case .notARegularFile(let kind): return .failure(.unreadable("it is \(kind)"))
            case .tooLarge(let bytes): return .failure(.tooLarge(bytes: bytes, limit: limit))
            case .system(let reason): return .failure(.unreadable(reason))
            }
        }
        return parse(bytes)
    }

    package static func parse(_ bytes: some Collection<UInt8>) -> Result<JSONValue, Failure> {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return .failure(.malformed("the file is empty"))
        }
        if let value = JSONReader.value(of: bytes) { return .success(value) }
        do {
            return .success(JSONValue(foundation: try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])))
        } catch {
            return .failure(.malformed(reason(error)))
        }
    }

    /// Foundation's sentence about what is wrong, on one line.
    private static func reason(_ error: Error) -> String {
        let info = (error as NSError).userInfo
        let text = (info[NSDebugDescriptionErrorKey] as? String) ?? (error as NSError).localizedDescription
        return String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(160))
    }
}
