import CommandLineSupport
import Testing

/// `list` in a pipe: rows a script can split on tabs, and nothing else.
@Suite struct TabSeparatedListTests {
    @Test func rowsAreNameOrdinalCurrentThenOneFieldPerFile() {
        let list = TabSeparatedList(rows: [
            .init(name: nil, ordinal: nil, isCurrent: false, files: ["/a/App Icons/primary@2x.png", "/a/App Icons/primary@3x.png"]),
            .init(name: "dark", ordinal: 1, isCurrent: true, files: ["/a/dark@2x.png"]),
            .init(name: "pride", ordinal: nil, isCurrent: false, files: []),
        ])
        #expect(list.text == """
            \t\tfalse\t/a/App Icons/primary@2x.png\t/a/App Icons/primary@3x.png
            dark\t1\ttrue\t/a/dark@2x.png
            pride\t\tfalse

            """)
    }

    @Test func noRowsIsNoOutput() {
        #expect(TabSeparatedList(rows: []).text == "")
    }

    @Test func tabsLineBreaksAndEscapesInNamesAndPathsCannotBreakARow() {
        let list = TabSeparatedList(rows: [
            .init(name: "a\tb\nc\u{1B}[31m\u{202E}", ordinal: 3, isCurrent: false, files: ["x\ty\r\n.png"]),
        ])
        #expect(list.text == "abc[31m\t3\tfalse\txy.png\n")
        let fields = list.text.dropLast().split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 4)
    }

    @Test func negativeAndLargeOrdinalsAreWrittenAsGiven() {
        let list = TabSeparatedList(rows: [.init(name: "n", ordinal: -2, isCurrent: false, files: []),
                                           .init(name: "m", ordinal: Int.max, isCurrent: false, files: [])])
        #expect(list.text == "n\t-2\tfalse\nm\t\(Int.max)\tfalse\n")
    }
}
