import ChooserUI
import Testing

/// Filtering the chooser as you type: which icons match, which letters are marked, the order, the focus.
@Suite struct IconFilterTests {
    /// Names in chooser order, as real apps carry them.
    let names = ["Default", "Dark", "Pride", "pride-dark", "Rainbow", "Classic Dark", "darkMode", "Blueprint", "PRIDE2"]

    func ranked(_ query: String, _ names: [String]? = nil) -> [String] {
        let names = names ?? self.names
        return IconFilter.matches(query, in: names).map { names[$0.index] }
    }

    @Test func anEmptyQueryKeepsEveryIconInChooserOrderWithNothingMarked() {
        let all = IconFilter.matches("", in: names)
        #expect(all.map(\.index) == Array(names.indices))
        #expect(all.allSatisfy { $0.positions.isEmpty })
    }

    @Test func matchingIsACaseInsensitiveSubsequence() {
        #expect(Set(ranked("prd")) == ["Pride", "pride-dark", "PRIDE2"])
        #expect(ranked("PRIDE").count == 3)
        #expect(ranked("xyz").isEmpty)
        #expect(ranked("dr").contains("Default") == false)   // d, then no r after it
        #expect(ranked("eiw").isEmpty)
    }

    @Test func theMatchedLettersAreTheOnesToMark() throws {
        let match = try #require(IconFilter.match("pd", in: "pride-dark"))
        #expect(match.positions == [0, 6])   // word starts, not the d of "pride"
        #expect(IconFilter.match("dark", in: "Classic Dark")?.positions == [8, 9, 10, 11])
        #expect(IconFilter.match("cd", in: "Classic Dark")?.positions == [0, 8])
        #expect(IconFilter.match("dm", in: "darkMode")?.positions == [0, 4])  // the camel-case hump
        #expect(IconFilter.match("bp", in: "Blueprint")?.positions == [0, 4])
        #expect(IconFilter.match("q", in: "Blueprint") == nil)
    }

    @Test func positionsCountCharactersNotBytes() {
        #expect(IconFilter.match("ro", in: "Café Rosé")?.positions == [5, 6])
        #expect(IconFilter.match("é", in: "CAFÉ")?.positions == [3])
        #expect(IconFilter.match("🌈b", in: "🌈 Rainbow")?.positions == [0, 6])
    }

    @Test func lettersOutsideASCIIFoldAsTheirLowerCase() {
        #expect(IconFilter.match("k", in: "\u{212A}elvin")?.positions == [0])   // the Kelvin sign lower-cases to k
        #expect(IconFilter.match("\u{212A}", in: "dark")?.positions == [3])
        #expect(IconFilter.match("éa", in: "ÉTÉ à la plage")?.positions == [0, 7])   // à is not a
        #expect(IconFilter.match("ß", in: "Straße")?.positions == [4])
        #expect(IconFilter.match("я", in: "Тёмная")?.positions == [5])
        #expect(IconFilter.match("e", in: "\r\nE")?.positions == [1])            // CR LF is one Character
        #expect(IconFilter.match("ab", in: "A\u{301}b") == nil)                 // á is not a
    }

    @Test func aContiguousRunBeatsScatteredLetters() {
        #expect(ranked("dark", ["daXrXk", "Dark"]) == ["Dark", "daXrXk"])
        #expect(ranked("rain", ["rXaXiXn", "Rainbow"]) == ["Rainbow", "rXaXiXn"])
    }

    @Test func wordStartsBeatLettersInsideWords() {
        // "pd": p and d both start words in pride-dark; in "upd" neither does.
        #expect(ranked("pd", ["upd", "pride-dark"]) == ["pride-dark", "upd"])
        #expect(ranked("cd", ["acid", "Classic Dark"]) == ["Classic Dark", "acid"])
    }

    @Test func earlierMatchesRankHigher() {
        #expect(ranked("dark", ["Classic Dark", "Dark Classic"]) == ["Dark Classic", "Classic Dark"])
        #expect(ranked("b", ["xxb", "xb"]) == ["xb", "xxb"])
    }

    @Test func tiesKeepChooserOrder() {
        let same = ["one-dark", "two-dark", "Dark", "three-dark"]
        let order = IconFilter.matches("dark", in: same).map(\.index)
        // Dark first (earliest), then the rest as the chooser lists them… unless their scores differ.
        let scores = IconFilter.matches("dark", in: same).map(\.score)
        #expect(order.first == 2)
        for (a, b) in zip(IconFilter.matches("dark", in: same), IconFilter.matches("dark", in: same).dropFirst())
            where a.score == b.score {
            #expect(a.index < b.index, "\(scores)")
        }
        #expect(IconFilter.matches("x", in: ["x", "x", "x"]).map(\.index) == [0, 1, 2])
    }

    @Test func theFullNameRanksFirst() {
        #expect(ranked("Pride").first == "Pride")
        #expect(ranked("dark").first == "Dark")
    }

    @Test func aQueryLongerThanTheNameNeverMatches() {
        #expect(IconFilter.match("darkest", in: "Dark") == nil)
        #expect(ranked("darkmodes").isEmpty)
    }

    @Test func longNamesAndQueriesAreBounded() {
        let long = String(repeating: "a", count: 10_000) + "z"
        // Only the first maximumLength characters are matched: the z past them is not found.
        #expect(IconFilter.match("z", in: long) == nil)
        let query = String(repeating: "a", count: IconFilter.maximumLength)
        let match = IconFilter.match(query, in: long)
        #expect(match?.positions == Array(0..<IconFilter.maximumLength))
        #expect(IconFilter.matches(query + "aaaa", in: Array(repeating: long, count: 50)).count == 50)
    }

    // MARK: - Focus across filtering

    @Test func theFocusStaysOnTheSameIconWhileItIsStillListed() {
        let result = IconFilter.matches("dark", in: names)
        #expect(IconFilter.focus(keeping: 5, in: result) == 5)    // Classic Dark is still there
        #expect(IconFilter.focus(keeping: 6, in: result) == 6)
    }

    @Test func aFocusFilteredOutMovesToTheBestMatch() {
        let result = IconFilter.matches("dark", in: names)
        #expect(IconFilter.focus(keeping: 4, in: result) == 1)    // Rainbow is gone: Dark, the best
        #expect(IconFilter.focus(keeping: nil, in: result) == 1)
    }

    @Test func nothingMatchedMeansNoFocus() {
        #expect(IconFilter.focus(keeping: 3, in: IconFilter.matches("zzz", in: names)) == nil)
    }

    @Test func clearingTheFilterKeepsTheFocusWhereItWas() {
        // Filter, move to the second match, clear: the focus is still on that icon.
        let filtered = IconFilter.matches("pri", in: names)
        let chosen = filtered[1].index
        let cleared = IconFilter.matches("", in: names)
        #expect(IconFilter.focus(keeping: chosen, in: cleared) == chosen)
    }
}
