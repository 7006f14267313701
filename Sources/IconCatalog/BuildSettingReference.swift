/// One `$(NAME)` or `${NAME}` in a file entry, as Xcode writes build settings into an
/// Info.plist. Found by a scan that looks at each character once: a regular expression
/// built for every entry, and every match of an entry made of nothing but references
/// materialised, made `lint` slow and large on hostile plists.
package struct BuildSettingReference: Equatable, Sendable {
    /// Distinct names worth reporting for one entry.
    package static let maximumNames = 8

    /// From the `$` to the closing bracket.
    package let range: Range<String.Index>
    package let name: Substring

    /// Every reference in `text`, in order, found lazily (a caller that stops early pays only
    /// for what it read).
    package static func all(in text: String) -> some Sequence<BuildSettingReference> {
        sequence(state: text.startIndex) { position -> BuildSettingReference? in
            guard let found = first(in: text, from: position) else { return nil }
            position = found.range.upperBound
            return found
        }
    }

    /// The first reference at or after `start`.
    package static func first(in text: String, from start: String.Index) -> BuildSettingReference? {
        let scalars = text.unicodeScalars
        var dollar = start
        while let found = scalars[dollar...].firstIndex(of: "$") {
            var index = scalars.index(after: found)
            let close: Unicode.Scalar
            switch index < scalars.endIndex ? scalars[index] : "$" {
            case "(": close = ")"
            case "{": close = "}"
            default:
                dollar = index
                continue
            }
            index = scalars.index(after: index)
            let nameStart = index
            while index < scalars.endIndex, isNameScalar(scalars[index]) { index = scalars.index(after: index) }
            if index > nameStart, index < scalars.endIndex, scalars[index] == close {
                return BuildSettingReference(range: found ..< scalars.index(after: index), name: Substring(scalars[nameStart ..< index]))
            }
            dollar = index
        }
        return nil
    }

    /// A "word" character as regular expressions' `\w` has it: letters, marks, digits and `_`.
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .decimalNumber, .connectorPunctuation, .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.isAlphabetic
        }
    }
}
