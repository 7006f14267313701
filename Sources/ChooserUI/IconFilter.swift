/// Typing to narrow the chooser, as fzf and gum users expect: which icons a query matches
/// (case-insensitive subsequence), which letters matched (so captions can mark them), best
/// matches first and ties in chooser order, and where the focus goes when the result changes.
/// Pure: the chooser's key handling keeps the query and calls it on every keystroke.
public enum IconFilter {
    /// One icon the query matches.
    public struct Match: Equatable, Sendable {
        /// The icon's index in the names given, which are in chooser order.
        public let index: Int
        /// The offsets (in Characters) of the name's letters that matched, ascending.
        public let positions: [Int]
        /// Higher is better; only comparable between matches of the same query.
        public let score: Int
    }

    /// Names and queries are matched on their first this many characters, so a keystroke's cost
    /// is bounded whatever a plist holds (a caption shows far fewer).
    public static let maximumLength = 256

    /// The icons whose name contains the query's letters in order (case-insensitive), best first;
    /// equal scores keep chooser order. An empty query keeps every icon, in order, nothing marked.
    public static func matches(_ query: String, in names: [String]) -> [Match] {
        var folder = Folder()
        let pattern = folder.fold(query)
        guard !pattern.isEmpty else {
            return names.indices.map { Match(index: $0, positions: [], score: 0) }
        }
        var found: [Match] = []
        for (index, name) in names.enumerated() {
            if let (score, positions) = bestAlignment(of: pattern, in: folder.fold(name), original: name) {
                found.append(Match(index: index, positions: positions, score: score))
            }
        }
        // A stable order by score: ties fall back to the index, which is chooser order.
        found.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        return found
    }

    /// The score and matched positions of `query` in one name, or nil when it does not match.
    public static func match(_ query: String, in name: String) -> (score: Int, positions: [Int])? {
        var folder = Folder()
        let pattern = folder.fold(query)
        guard !pattern.isEmpty else { return (0, []) }
        return bestAlignment(of: pattern, in: folder.fold(name), original: name)
    }

    /// The icon to focus once the result is `result`: the one focused before (`previous`, an index
    /// into the names) while it is still there, else the best match; nil when nothing matched.
    public static func focus(keeping previous: Int?, in result: [Match]) -> Int? {
        if let previous, result.contains(where: { $0.index == previous }) { return previous }
        return result.first?.index
    }

    // MARK: - Scoring

    /// Every matched letter earns `letter`; one that starts a word (the name's start, after a
    /// separator, a lower-to-upper case change or a letter-to-digit change) earns `wordStart` more,
    /// one right after the previous matched letter `contiguous` more. A gap between matched letters
    /// costs `gapOpen` plus `gapExtend` per letter past the first; each letter before the first
    /// match costs `leading`, so earlier matches rank higher.
    static let letter = 16
    static let wordStart = 10
    static let contiguous = 8
    static let gapOpen = 4
    static let gapExtend = 1
    static let leading = 1

    /// Folds text to lower case as one number per Character, cut at `maximumLength`, so that
    /// matching compares integers: this runs for every name on every keystroke, and a String per
    /// letter was most of its cost. ASCII is its own lower-cased code; any other Character is
    /// numbered by its lower-cased form, the same number for the same form within one folder.
    struct Folder {
        private var others: [String: Int] = [:]

        mutating func fold(_ text: String) -> [Int] {
            let utf8 = text.utf8
            // Every ASCII byte is a Character of its own, except CR LF, which is one.
            if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
                return utf8.prefix(IconFilter.maximumLength).map { Int($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) }
            }
            return text.prefix(IconFilter.maximumLength).map { character in
                if character.utf8.count == 1, let byte = character.utf8.first {
                    return Int(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                }
                let lower = character.lowercased()
                if lower.utf8.count == 1, let byte = lower.utf8.first { return Int(byte) }  // such as the Kelvin sign's k
                if let number = others[lower] { return number }
                let number = 0x80 + others.count
                others[lower] = number
                return number
            }
        }
    }

    private static func isWordStart(_ characters: [Character], at position: Int) -> Bool {
        guard position > 0 else { return true }
        let previous = characters[position - 1], current = characters[position]
        // ASCII by its code: Unicode's letter and case properties were a third of a keystroke's matching.
        if let before = previous.asciiValue, let this = current.asciiValue {
            let isLower = { (byte: UInt8) in byte >= 0x61 && byte <= 0x7A }
            let isUpper = { (byte: UInt8) in byte >= 0x41 && byte <= 0x5A }
            let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
            let isLetter = { (byte: UInt8) in isLower(byte) || isUpper(byte) }
            if !(isLetter(before) || isDigit(before)) { return isLetter(this) || isDigit(this) }
            if isLower(before) && isUpper(this) { return true }
            return isLetter(before) && isDigit(this)
        }
        if !(previous.isLetter || previous.isNumber) { return current.isLetter || current.isNumber }
        if previous.isLowercase && current.isUppercase { return true }
        return previous.isLetter && current.isNumber
    }

    /// The best-scoring way to match `pattern` in `text` (both folded): a dynamic programme over
    /// (pattern letter, text position) with affine gaps, O(pattern × text), then a walk back for the
    /// positions. Names that are no subsequence are turned away first in one pass.
    private static func bestAlignment(of pattern: [Int], in text: [Int],
                                      original: String) -> (score: Int, positions: [Int])? {
        guard pattern.count <= text.count, isSubsequence(pattern, of: text) else { return nil }
        let characters = Array(original.prefix(maximumLength))
        let width = text.count
        let bonus = (0..<width).map { letter + (isWordStart(characters, at: $0) ? wordStart : 0) }
        let none = Int.min / 4
        // score[i * width + j]: the best for pattern[0...i] with pattern[i] at text[j]; from[…]: where
        // pattern[i-1] was. One array each, not one per pattern letter: this runs for every name on every key.
        var score = [Int](repeating: none, count: pattern.count * width)
        var from = [Int](repeating: -1, count: pattern.count * width)
        for j in 0..<width where text[j] == pattern[0] {
            score[j] = bonus[j] - leading * j
        }
        for i in 1..<max(1, pattern.count) {
            // bestGap: the best score of pattern[i-1] at k less its gap's cost, over k <= j - 2; gapFrom its k.
            var bestGap = none, gapFrom = -1
            for j in i..<width {
                if j >= 2 {
                    let opened = score[(i - 1) * width + j - 2] - gapOpen
                    let extended = bestGap == none ? none : bestGap - gapExtend
                    if opened >= extended { bestGap = opened; gapFrom = j - 2 } else { bestGap = extended }
                }
                guard text[j] == pattern[i] else { continue }
                let adjacent = score[(i - 1) * width + j - 1] == none ? none : score[(i - 1) * width + j - 1] + contiguous
                if adjacent == none && bestGap <= none / 2 { continue }
                if adjacent >= bestGap {
                    score[i * width + j] = adjacent + bonus[j]
                    from[i * width + j] = j - 1
                } else {
                    score[i * width + j] = bestGap + bonus[j]
                    from[i * width + j] = gapFrom
                }
            }
        }
        let last = pattern.count - 1
        var end = -1
        for j in 0..<width where score[last * width + j] > none / 2 && (end < 0 || score[last * width + j] > score[last * width + end]) {
            end = j
        }
        guard end >= 0 else { return nil }
        var positions = [Int](repeating: 0, count: pattern.count)
        var position = end
        for i in stride(from: last, through: 0, by: -1) {
            positions[i] = position
            position = from[i * width + position]
        }
        return (score[last * width + end], positions)
    }

    private static func isSubsequence(_ pattern: [Int], of text: [Int]) -> Bool {
        var next = 0
        for letter in text where next < pattern.count && letter == pattern[next] {
            next += 1
        }
        return next == pattern.count
    }
}
