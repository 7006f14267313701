import IconCatalog

/// JSON as Xcode writes an asset catalog's `Contents.json`: two-space indentation, `"key" : value`
/// with a space each side of the colon, keys sorted, one member or element a line, and a
/// newline at the end. Writing a file Xcode wrote gives back its bytes, so an edit made by
/// re-writing it changes only the lines of what was added.
package enum XcodeJSON {
    package static func format(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let inner = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch value {
        case .object(let members):
            guard !members.isEmpty else { out += "{\n\n\(closing)}"; return }
            out += "{\n"
            for (index, key) in members.keys.sorted().enumerated() {
                out += inner
                out += quoted(key)
                out += " : "
                write(members[key]!, indent: indent + 1, into: &out)
                out += index + 1 < members.count ? ",\n" : "\n"
            }
            out += closing + "}"
        case .array(let elements):
            guard !elements.isEmpty else { out += "[\n\n\(closing)]"; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += inner
                write(element, indent: indent + 1, into: &out)
                out += index + 1 < elements.count ? ",\n" : "\n"
            }
            out += closing + "]"
        case .string(let text):
            out += quoted(text)
        case .number(let number):
            out += number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .bool(let flag):
            out += flag ? "true" : "false"
        case .null:
            out += "null"
        }
    }

    /// The string in quotes, with what JSON requires escaped.
    static func quoted(_ text: String) -> String { JSONString.quoted(text) }

    /// The same value with no whitespace, keys sorted: for an entry added to a file written on one line.
    package static func compact(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            return "{" + members.keys.sorted().map { quoted($0) + ":" + compact(members[$0]!) }.joined(separator: ",") + "}"
        case .array(let elements):
            return "[" + elements.map(compact).joined(separator: ",") + "]"
        default:
            var out = ""
            write(value, indent: 0, into: &out)
            return out
        }
    }
}
