import Foundation

/// A value of a project file, typed as the reader needs it. A project file holds tens of
/// thousands of values; as `Any` each was boxed, then cast back (a runtime conformance
/// lookup) at every read, which cost more than parsing the text.
package enum ProjectValue: Equatable, Sendable {
    case string(String)
    case data(Data)
    case array([ProjectValue])
    case dictionary(ProjectDictionary)
    /// A number, boolean or date, which only XML and binary plists hold; the project reader
    /// wants none, so only its kind is kept, to say what was found instead.
    case other(typeName: String)

    /// How a warning names the value's kind: "a string", "an array".
    package var typeName: String {
        switch self {
        case .string: return "a string"
        case .data: return "data"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .other(let name): return name
        }
    }

    package var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    package var dictionary: ProjectDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    package var array: [ProjectValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The value Foundation's `PropertyListSerialization` read (from an XML or binary plist),
    /// nested at most as deep as Foundation nests.
    init(foundation value: Any) {
        switch value {
        case let string as String:
            self = .string(string)
        case let dictionary as [String: Any]:
            self = .dictionary(ProjectDictionary(entries: dictionary.map { ($0.key, ProjectValue(foundation: $0.value)) }))
        case let array as [Any]:
            self = .array(array.map(ProjectValue.init(foundation:)))
        case let data as Data:
            self = .data(data)
        default:
            self = .other(typeName: PlistValue.typeName(value))
        }
    }
}

/// A dictionary of a project file, in the file's order. Project objects hold a handful of
/// keys, which a scan finds sooner than hashing would; a key written twice has its last
/// value, as in Foundation.
package struct ProjectDictionary: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        package let key: String
        package let value: ProjectValue
    }

    /// Every entry as written, duplicate keys included.
    package let entries: [Entry]

    init(entries: [Entry]) {
        self.entries = entries
    }

    init(entries: [(String, ProjectValue)]) {
        self.entries = entries.map { Entry(key: $0.0, value: $0.1) }
    }

    package subscript(key: String) -> ProjectValue? {
        entries.last(where: { $0.key == key })?.value
    }

    /// Each key once, with its last value, sorted by key.
    var sortedUniqueEntries: [Entry] {
        var last: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { last[entry.key] = index }
        return last.sorted { $0.key < $1.key }.map { entries[$0.value] }
    }

    /// A key-to-position index for a dictionary read many times by key (a project's
    /// `objects`): the position of each key's last entry.
    func index() -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() { positions[entry.key] = index }
        return positions
    }

    package static func == (lhs: ProjectDictionary, rhs: ProjectDictionary) -> Bool {
        lhs.sortedUniqueEntries == rhs.sortedUniqueEntries
    }
}
