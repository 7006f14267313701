/// Build settings that hold lists (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`,
/// `INFOPLIST_PREPROCESSOR_DEFINITIONS`) split their value the way Xcode does: at unquoted
/// whitespace, with double or single quotes grouping words and a backslash taking the next
/// character literally. `Dark "Dark 2"` is two names, `og, joy` is `og,` and `joy`.
package enum StringList {
    /// The elements of a list value.
    package static func split(_ value: String) -> [String] {
        words(value).words.map(\.value)
    }

    /// One element of a list value and where it is written (quotes and backslashes included).
    package struct Word: Equatable, Sendable {
        package let range: Range<String.Index>
        package let value: String
    }

    /// The elements of a list value with where each is written, and whether the value is
    /// balanced: false when a quote is left open or it ends in a lone backslash.
    package static func words(_ value: String) -> (words: [Word], balanced: Bool) {
        var words: [Word] = []
        var current = ""
        var start: String.Index?
        var quote: Character?
        var escaping = false
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            defer { index = value.index(after: index) }
            if escaping {
                current.append(character)
                escaping = false
                continue
            }
            if character == "\\" {
                escaping = true
                if start == nil { start = index }
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
                if start == nil { start = index }
            } else if character.isWhitespace {
                if let begun = start { words.append(Word(range: begun..<index, value: current)) }
                current = ""
                start = nil
            } else {
                current.append(character)
                if start == nil { start = index }
            }
        }
        if let begun = start { words.append(Word(range: begun..<value.endIndex, value: current)) }
        return (words, quote == nil && !escaping)
    }

    /// `word` written so `split` gives it back as one element.
    package static func quoted(_ word: String) -> String {
        guard word.isEmpty || word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" }) else {
            return word
        }
        var result = "\""
        for character in word {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }
}
