import Foundation
import IconCatalog

/// File names for a new icon's images, after the names of the icons the app already has:
/// `purple_dark.png` of set `Purple` gives `Teal_dark.png` for `Teal`, `BlackIcon` of alternate
/// `Black` gives `BlueIcon` for `Blue`. Where a name does not contain its icon's name, the
/// simple scheme of `defaultName` is used.
package enum IconFileNaming {
    /// `text` with the icon name `old` in it replaced by `new`: an occurrence in the same case
    /// first, else in any case; only where it stands as a word (`Blue` in `BlueIcon`,
    /// `app-icon--blue`, `blue_60`, not in `Bluebird`). nil when `old` is not in `text`.
    package static func renamed(_ text: String, from old: String, to new: String) -> String? {
        guard !old.isEmpty else { return nil }
        for options in [String.CompareOptions(), .caseInsensitive] {
            var searchStart = text.startIndex
            while let range = text.range(of: old, options: options, range: searchStart..<text.endIndex) {
                if standsAlone(range, in: text) {
                    return text.replacingCharacters(in: range, with: new)
                }
                searchStart = text.index(after: range.lowerBound)
            }
        }
        return nil
    }

    /// Whether `range` of `text` starts and ends where words do: at the text's ends, next to
    /// punctuation, or where case or digits change (`BlueIcon`, `Sunday60x60`).
    static func standsAlone(_ range: Range<String.Index>, in text: String) -> Bool {
        let first = text[range].first!, last = text[text.index(before: range.upperBound)]
        if range.lowerBound > text.startIndex {
            let before = text[text.index(before: range.lowerBound)]
            let boundary = !(before.isLetter || before.isNumber)
                || (before.isLowercase && first.isUppercase)
                || (before.isNumber != first.isNumber)
            if !boundary { return false }
        }
        if range.upperBound < text.endIndex {
            let after = text[range.upperBound]
            let boundary = !(after.isLetter || after.isNumber)
                || (last.isLowercase && after.isUppercase)
                || (after.isNumber != last.isNumber)
            if !boundary { return false }
        }
        return true
    }

    /// The scheme used where there is no name to follow: `NAME-PIXELS.png`, with `-dark` or
    /// `-tinted` before `.png` for those appearances (`Sunset-1024.png`, `Sunset-1024-dark.png`,
    /// `Sunset-120.png`).
    package static func defaultName(icon: String, pixels: Int, appearance: IconAppearance) -> String {
        "\(icon)-\(pixels)\(appearance == .light ? "" : "-\(appearance.rawValue)").png"
    }
}
