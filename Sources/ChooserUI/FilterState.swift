import TerminalText

/// The `/` filter while it is open: what was typed, and what it matched in the icon set shown.
/// Kept in `ChooserState` so the grid, the captions' marks and the footer all read one value.
public struct FilterState: Hashable, Sendable {
    /// What was typed: printable characters only, at most `IconFilter.maximumLength` of them.
    public internal(set) var query: String
    /// The indices into the chooser's items that match, best first (every icon of the set, in
    /// chooser order, while the query is empty).
    public internal(set) var matched: [Int]
    /// For each matched item, the offsets of its caption's characters the query matched.
    public internal(set) var marks: [Int: [Int]]
    /// How many icons the set has: the M of "N of M".
    public internal(set) var total: Int

    init() {
        query = ""
        matched = []
        marks = [:]
        total = 0
    }

    /// Matches the query against `titles`, the captions of the items `indices` (in chooser
    /// order), and returns the item to focus: `focus` while it still matches, else the best
    /// match; nil when nothing matched.
    mutating func match(in titles: [String], indices: [Int], keeping focus: Int) -> Int? {
        let found = IconFilter.matches(query, in: titles)
        matched = found.map { indices[$0.index] }
        marks = Dictionary(uniqueKeysWithValues: found.lazy.filter { !$0.positions.isEmpty }.map { (indices[$0.index], $0.positions) })
        total = titles.count
        return IconFilter.focus(keeping: indices.firstIndex(of: focus), in: found).map { indices[$0] }
    }

    /// Adds a typed character; false when it cannot be part of a query (a control or bidi
    /// character) or the query is full.
    mutating func type(_ character: Character) -> Bool {
        guard query.count < IconFilter.maximumLength,
              !character.unicodeScalars.contains(where: TextSanitizer.isUnsafe) else { return false }
        query.append(character)
        return true
    }

    /// Removes the last character typed; false when there was none.
    mutating func deleteBackward() -> Bool {
        guard !query.isEmpty else { return false }
        query.removeLast()
        return true
    }
}
