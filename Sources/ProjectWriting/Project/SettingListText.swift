import Foundation
import IconCatalog

/// A list build setting's value (`Dark "Dark 2" Light`) edited as text: a name is added at
/// the end or taken out with the space before it, and every other character stays as
/// written, so adding and then removing a name gives the value back exactly. Words split as
/// IconCatalog's `StringList` splits them.
struct SettingListText: Equatable {
    typealias Word = StringList.Word

    let text: String
    let words: [Word]
    /// False when a quote is left open or the value ends in a lone `\`: a name appended
    /// there would be read as part of the last one.
    let isWellFormed: Bool

    init(_ text: String) {
        self.text = text
        (words, isWellFormed) = StringList.words(text)
    }

    var names: [String] { words.map(\.value) }

    /// The value with `name` at the end, written as Xcode writes a name (quoted when it holds a space).
    func adding(_ name: String) -> String {
        if words.isEmpty { return StringList.quoted(name) }
        return text + " " + StringList.quoted(name)
    }

    /// The value without any word naming `name`, each taken with the one white space
    /// character before it (the first word with the one after it): the separator `adding` wrote.
    func removing(_ name: String) -> String {
        var result = text
        for word in words.reversed() where word.value == name {
            var lower = word.range.lowerBound, upper = word.range.upperBound
            if lower > text.startIndex, text[text.index(before: lower)].isWhitespace {
                lower = text.index(before: lower)
            } else if upper < text.endIndex, text[upper].isWhitespace {
                upper = text.index(after: upper)
            }
            let offsetLower = text.distance(from: text.startIndex, to: lower)
            let offsetUpper = text.distance(from: text.startIndex, to: upper)
            let start = result.index(result.startIndex, offsetBy: offsetLower)
            let end = result.index(result.startIndex, offsetBy: offsetUpper)
            result.removeSubrange(start..<end)
        }
        return result
    }

    /// True when a word holds a comma (`og, joy`: Xcode reads the names `og,` and `joy`).
    var usesCommas: Bool { words.contains { $0.value.contains(",") } }

    /// The names with commas taken as separators, one space between them.
    func separatedBySpaces() -> String {
        names.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }.map(StringList.quoted).joined(separator: " ")
    }
}
