import CommandLineSupport
import Testing

/// Reading the options already on a command line that a shell hands to a completion request.
@Suite struct CompletionLineTests {
    let home = "/home/ada"

    func values(_ words: [String], completing: Int? = nil, of name: String = "--app") throws -> [String] {
        try CompletionLine(words: words, completing: completing ?? words.count - 1).values(of: name, home: home)
    }

    @Test func anOptionsValueInEitherSpelling() throws {
        #expect(try values(["iconchooser", "set", "--app", "My.app", ""]) == ["My.app"])
        #expect(try values(["iconchooser", "set", "--app=My.app", ""]) == ["My.app"])
        #expect(try values(["iconchooser", "set", "--app", "=", "My.app", ""]) == ["My.app"])  // bash splits at =
        #expect(try values(["iconchooser", "set", "--app", "=", "My"]) == [])
        #expect(try values(["iconchooser", "--app", "a", "set", "--app", "b", ""]) == ["a", "b"])
        #expect(try values(["iconchooser", "set", ""]) == [])
    }

    @Test func theWordBeingCompletedIsNeverAValue() throws {
        // `--app <TAB>`: the path is still being typed.
        #expect(try values(["iconchooser", "set", "--app", "Exam"]) == [])
        // The cursor on an earlier word: the rest of the line still counts.
        #expect(try values(["iconchooser", "set", "", "--app", "x.ipa"], completing: 2) == ["x.ipa"])
        // `--app` itself being completed, its value after the cursor.
        #expect(try values(["iconchooser", "set", "--ap", "x.ipa"], completing: 2) == [])
        // The option as the last word: no value yet.
        #expect(try values(["iconchooser", "set", "--app"], completing: 3) == [])
    }

    @Test func operandsAfterTheTerminatorAreNotOptions() throws {
        #expect(try values(["iconchooser", "set", "--", "--app", "x", ""]) == [])
        #expect(try values(["iconchooser", "set", "--app", "--", ""]) == ["--"])
    }

    @Test func theCommandWordItselfIsNotRead() throws {
        #expect(try values(["--app", "x", ""]) == [])
    }

    @Test func similarOptionNamesAreNotConfused() throws {
        #expect(try values(["iconchooser", "set", "--apple", "x", "--app-x=y", ""]) == [])
    }

    @Test func argumentsForSeveralOptionsInTheOrderAsked() throws {
        let line = CompletionLine(words: ["iconchooser", "preview", "--idiom", "pad", "--define", "A=1", "--app", "x",
                                          "--define=B=2", "--size", "8x4", ""], completing: 11)
        #expect(try line.arguments(for: ["--app", "--idiom", "--define"], home: home)
                == ["--app", "x", "--idiom", "pad", "--define", "A=1", "--define", "B=2"])
    }

    @Test func aValueTheShellWouldExpandIsUnreadable() {
        let error = #expect(throws: CompletionLine.Unreadable.self) {
            try values(["iconchooser", "set", "--app", "$PROJ/Info.plist", ""])
        }
        #expect(error?.word == "$PROJ/Info.plist")
    }
}

/// Shell words as a program receives them.
@Suite struct ShellWordTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("'My App'/Info.plist", "My App/Info.plist"),
        ("\"My App\"/Info.plist", "My App/Info.plist"),
        ("My\\ App/Info.plist", "My App/Info.plist"),
        ("'it'\\''s'", "it's"),
        ("\"a\\\"b\\\\c\\d\"", "a\"b\\c\\d"),
        ("'$HOME'", "$HOME"),
        ("\"unfinished", "unfinished"),
        ("trailing\\", "trailing"),
        ("", ""),
    ])
    func quotesAndBackslashes(word: String, expected: String) {
        #expect(ShellWord.unquoted(word, home: "/home/ada") == expected)
    }

    @Test func aLeadingTildeIsTheHomeFolder() {
        #expect(ShellWord.unquoted("~/apps/Info.plist", home: "/home/ada") == "/home/ada/apps/Info.plist")
        #expect(ShellWord.unquoted("~", home: "/home/ada") == "/home/ada")
        #expect(ShellWord.unquoted("'~/x'", home: "/home/ada") == "~/x")
        #expect(ShellWord.unquoted("a/~/x", home: "/home/ada") == "a/~/x")
        #expect(ShellWord.unquoted("~/x", home: nil) == nil)
        #expect(ShellWord.unquoted("~bob/x", home: "/home/ada") == nil)
    }

    @Test(arguments: ["$HOME/x", "\"$HOME\"/x", "`pwd`/x", "$(pwd)/x", "\"`pwd`\""])
    func wordsTheShellWouldExpandAreUnreadable(word: String) {
        #expect(ShellWord.unquoted(word, home: "/home/ada") == nil)
    }
}
