/// Build settings that hold lists (`ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES`,
/// `INFOPLIST_PREPROCESSOR_DEFINITIONS`) split their value the way Xcode does: at unquoted
/// whitespace, with double or single quotes grouping words and a backslash taking the next
/// character literally. `Dark "Dark 2"` is two names, `og, joy` is `og,` and `joy`.
package enum StringList {
    /// The elements of a list value.
    package static func split(_ value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaping = false
        for character in value {
            if escaping {
                current.append(character)
                escaping = false
                continue
            }
            if character == "\\" {
                escaping = true
                inWord = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
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
