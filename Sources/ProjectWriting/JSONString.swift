/// A string written as a JSON string literal, for the JSON files the edits write by hand
/// (asset catalogs' `Contents.json`, an Expo `app.json`) so that their bytes stay in the file's
/// own style: quotes, backslashes and control characters escaped, everything else as it is.
enum JSONString {
    /// `escapingLineSeparators`: U+2028 and U+2029 escaped too, which JavaScript before ES2019
    /// does not take raw in a string (an Expo config is read by JavaScript tools); Xcode writes
    /// them raw.
    static func quoted(_ text: String, escapingLineSeparators: Bool = false) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (escapingLineSeparators && (scalar.value == 0x2028 || scalar.value == 0x2029)):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
