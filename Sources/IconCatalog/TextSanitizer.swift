/// Every string from a plist or a file name is untrusted: before it reaches a terminal
/// or a log, control characters (which could move the cursor or recolour the screen)
/// and bidirectional-formatting characters (which could make text read backwards)
/// are removed.
public enum TextSanitizer {
    /// True for C0/C1 controls, DEL, and the Unicode bidi embedding, override and isolate marks.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    public static func containsUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isUnsafe)
    }

    /// The text with every unsafe scalar removed.
    public static func clean(_ text: String) -> String {
        guard containsUnsafe(text) else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { !isUnsafe($0) })
        return String(scalars)
    }

    /// JSON text with every unsafe scalar written as a `\uXXXX` escape. JSONEncoder already
    /// escapes C0 controls inside strings (so a raw tab or newline is layout); this also
    /// covers DEL, C1 controls and bidi marks, which can only occur inside strings, so
    /// escaping them keeps the JSON valid.
    public static func escapeForJSON(_ json: String) -> String {
        let layout: Set<UInt32> = [0x09, 0x0A, 0x0D]
        guard json.unicodeScalars.contains(where: { isUnsafe($0) && !layout.contains($0.value) }) else { return json }
        var out = ""
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar) && !layout.contains(scalar.value) {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// How many terminal columns text takes, so names line up and truncate cleanly:
/// East Asian wide characters and most emoji take two, combining marks none.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + of($1) }
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if TextSanitizer.isUnsafe(scalar) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if v == 0x200B { return 0 }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard of(text) > width else { return text }
        let room = width - of(ellipsis)
        guard room >= 0 else { return String(repeating: ".", count: max(0, width)) }
        var result = ""
        var used = 0
        for character in text {
            let w = of(String(character))
            if used + w > room { break }
            result.append(character)
            used += w
        }
        return result + ellipsis
    }

    /// `text` followed by spaces up to `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }
}
