import Foundation
import Testing
@testable import IconCatalog

@Suite struct PlistPreprocessorTests {
    private func run(_ text: String, _ definitions: [String: String] = [:], comments: PlistPreprocessor.Comments = .kept,
                     in folder: TemporaryFolder = TemporaryFolder()) throws(PlistPreprocessor.Failure) -> [String] {
        let path = folder.write("Info.plist", text)
        let output = try PlistPreprocessor.run(Data(text.utf8), path: path,
                                               options: .init(definitions: definitions, comments: comments))
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    private func failure(_ text: String, _ definitions: [String: String] = [:],
                         in folder: TemporaryFolder = TemporaryFolder()) -> PlistPreprocessor.Failure? {
        do {
            _ = try run(text, definitions, in: folder)
            return nil
        } catch {
            return error
        }
    }

    @Test func directivesAreRecognisedOnlyAtTheStartOfALine() {
        #expect(PlistPreprocessor.containsDirectives(Data("<dict>\n  #ifdef INTUNE\n</dict>".utf8)))
        #expect(PlistPreprocessor.containsDirectives(Data("#  include \"x\"".utf8)))
        #expect(!PlistPreprocessor.containsDirectives(Data("<string>#ifdef</string>\n<string>#1 fan</string>".utf8)))
        #expect(!PlistPreprocessor.containsDirectives(Data("#hashtag\n".utf8)))
        #expect(!PlistPreprocessor.containsDirectives(Data("bplist00#if".utf8)))
    }

    @Test func conditionalsChooseOneBranch() throws {
        let text = """
            a
            #ifdef INTUNE
            intune
            #  ifndef LEGACY
            modern
            #  else
            legacy
            #  endif
            #elif defined(BETA) || VERSION >= 3
            beta-or-new
            #else
            plain
            #endif
            z
            """
        #expect(try run(text, ["INTUNE": "1"]) == ["a", "intune", "modern", "z"])
        #expect(try run(text, ["INTUNE": "", "LEGACY": "1"]) == ["a", "intune", "legacy", "z"])
        #expect(try run(text, ["VERSION": "3"]) == ["a", "beta-or-new", "z"])
        #expect(try run(text, ["BETA": "0"]) == ["a", "beta-or-new", "z"])
        #expect(try run(text) == ["a", "plain", "z"])
    }

    @Test func expressions() throws {
        func value(_ expression: String, _ definitions: [String: String] = [:]) throws -> Bool {
            try run("#if \(expression)\nyes\n#else\nno\n#endif", definitions) == ["yes"]
        }
        #expect(try value("1 + 2 * 3 == 7 && (10 - 4) / 3 == 2 && 7 % 4 == 3"))
        #expect(try value("0x10 == 16 && 010 == 8 && 5u == 5L && 'A' == 65"))
        #expect(try value("!0 && ~0 == -1 && -3 < 0 && 1 << 4 == 16 && (6 & 3) == 2 && (6 | 1) == 7 && (6 ^ 2) == 4"))
        #expect(try value("1 ? 2 : 0") && !(try value("0 ? 1 : 0")))
        #expect(try value("defined X && !defined(Y)", ["X": "1"]))
        #expect(try value("LEVEL > 2", ["LEVEL": "BASE + 1", "BASE": "2"]))
        #expect(!(try value("UNDEFINED_NAME")))
        #expect(!(try value("SELF", ["SELF": "SELF"])), "a macro naming itself is not expanded again")
        #expect(try value("NOT_A_MACRO == 0 || 1"))
    }

    @Test func defineAndUndefTakeEffectFromTheirLine() throws {
        let text = """
            #define FEATURE 2
            #if FEATURE == 2
            two
            #endif
            #undef FEATURE
            #ifdef FEATURE
            still
            #endif
            #define FLAG(x) x
            #ifdef FLAG
            function-like
            #endif
            """
        #expect(try run(text) == ["two", "function-like"])
    }

    @Test func includeReadsAFileBesideIt() throws {
        let folder = TemporaryFolder()
        folder.write("Extra.plist.h", "#define EXTRA 1\n<key>Extra</key>")
        folder.write("Sub/More.h", "<key>More</key>")
        let text = "#include \"Extra.plist.h\"\n#if EXTRA\n#include \"Sub/More.h\"\n#endif\n#include <TargetConditionals.h>\n#if TARGET_OS_IOS && !TARGET_OS_SIMULATOR\nios\n#endif"
        #expect(try run(text, in: folder) == ["<key>Extra</key>", "<key>More</key>", "ios"])
    }

    @Test func includeProblemsNameTheFileAndLine() {
        let folder = TemporaryFolder()
        folder.write("Self.h", "#include \"Self.h\"")
        let missing = failure("a\n#include \"Missing.h\"", in: folder)
        #expect(missing?.line == 2)
        #expect(missing?.problem == "#include \"Missing.h\": no such file")
        #expect(missing?.path == folder.url("Info.plist"))
        #expect(failure("#include \"../../etc/passwd\"", in: folder)?.problem.contains("leads outside") == true)
        #expect(failure("#include \"/etc/passwd\"", in: folder)?.problem.contains("leads outside") == true)
        #expect(failure("#include \"Self.h\"", in: folder)?.problem == "#include \"Self.h\" includes itself")
        #expect(failure("#include <stdio.h>", in: folder)?.problem == "#include <stdio.h>: system headers are not available here")
    }

    /// An `#include` of a file beside the plist that is a link out of the boundary says it is a link.
    @Test func anIncludeThroughALinkLeadingOutsideSaysSo() {
        let outside = TemporaryFolder()
        outside.write("Secret.h", "#define SECRET 1")
        let folder = TemporaryFolder()
        #expect(symlink(outside.url("Secret.h"), folder.url("Linked.h")) == 0)
        let problem = failure("#include \"Linked.h\"", in: folder)?.problem
        #expect(problem == "#include \"Linked.h\" is a link leading outside \(ProjectPaths.absolute(folder.path)); it is not read", "\(String(describing: problem))")
    }

    @Test func mistakesAreErrorsNamingTheLine() {
        #expect(failure("a\n#endif")?.description.hasSuffix("Info.plist:2: #endif without #if") == true)
        #expect(failure("#if 1\n#else\n#else\n#endif")?.line == 3)
        #expect(failure("#if 1\n#else\n#elif 1\n#endif")?.problem == "#elif after #else")
        #expect(failure("x\n#ifdef A\ny")?.problem == "#if without #endif")
        #expect(failure("x\n#ifdef A\ny")?.line == 2)
        #expect(failure("#error INTUNE needs a key")?.problem == "#error INTUNE needs a key")
        #expect(failure("#if 1 / 0\n#endif")?.problem == "division by zero in #if")
        #expect(failure("#if (1\n#endif")?.problem == "“(” without “)” in #if")
        #expect(failure("#if 1 2\n#endif")?.problem == "unexpected “2” in #if")
        #expect(failure("#if\n#endif")?.problem == "#if with no expression")
        #expect(failure("#if @\n#endif")?.problem == "“@” cannot be in a #if expression")
        #expect(failure("#frobnicate")?.problem == "#frobnicate is not a preprocessor directive")
        #expect(failure("#define F(x) x\n#if F(1)\n#endif")?.problem == "function-like macro F is not supported in #if")
    }

    @Test func skippedBranchesMayHoldAnything() throws {
        #expect(try run("#if 0\n#frobnicate\n#error no\n#if garbage (((\n#endif\n#endif\nok") == ["ok"])
    }

    @Test func commentsAsTheFlagsSay() throws {
        let text = "<string>a://b</string> /* note */\n/* multi\nline */<string>c</string>\n#ifdef X // why\nx\n#endif"
        #expect(try run(text, ["X": "1"], comments: .kept) == ["<string>a://b</string> /* note */", "/* multi", "line */<string>c</string>", "x"])
        #expect(try run(text, ["X": "1"], comments: .blockOnly) == ["<string>a://b</string>  ", " <string>c</string>", "x"])
        #expect(try run(text, ["X": "1"], comments: .removed) == ["<string>a:", " <string>c</string>", "x"])
        var options = PlistPreprocessor.Options()
        options.apply(flags: ["-traditional", "-DA=2", "-D", "B", "-UC"])
        #expect(options.comments == .blockOnly)
        options.definitions["C"] = "1"
        options.apply(flags: ["-UC", "-CC"])
        #expect(options.definitions == ["A": "2", "B": "1"])
        #expect(options.comments == .kept)
    }

    @Test func outputAndDepthAreBounded() throws {
        let folder = TemporaryFolder()
        folder.write("Big.h", String(repeating: String(repeating: "<string>padding</string>", count: 1_000) + "\n", count: 100))
        let text = Array(repeating: "#include \"Big.h\"", count: 20).joined(separator: "\n")
        let (refused, use) = ResourceUse.measure { failure(text, in: folder) }
        #expect(refused?.problem.contains("more than \(PlistPreprocessor.maximumOutputSize) bytes") == true)
        // 8 MB copied line by line in a debug build on a shared machine; the size is the real bound.
        #expect(use.seconds < 5, "\(use)")
        #expect(use.peakGrowthBytes < 200 * 1024 * 1024, "\(use)")
        for level in 0..<30 { folder.write("L\(level).h", "#include \"L\(level + 1).h\"") }
        folder.write("L30.h", "end")
        #expect(failure("#include \"L0.h\"", in: folder)?.problem.contains("nested more than 16 deep") == true)
        let deep = String(repeating: "#if 1\n", count: 300) + String(repeating: "#endif\n", count: 300)
        #expect(failure(deep)?.problem == "#if nested more than 256 deep")
        let parens = "#if " + String(repeating: "(", count: 5_000) + "1" + String(repeating: ")", count: 5_000) + "\n#endif"
        #expect(failure(parens)?.problem == "#if expression nested too deep")
    }

    /// 1,000 `#if`s over a macro of 9,000 tokens: each `#if` tokenized the macro again (5.6 s);
    /// the tokens are made once, and what all expansions make is bounded by the file's size.
    @Test func manyIfsOverALargeMacroCostLinearTime() throws {
        let macro = "#define BIG " + Array(repeating: "1", count: 4_500).joined(separator: " + ") + "\n"
        let text = macro + String(repeating: "#if BIG\n<string>x</string>\n#endif\n", count: 1_000)
        let (refused, use) = ResourceUse.measure { failure(text) }
        #expect(use.seconds < 1, "\(use)")
        #expect(refused?.problem.hasPrefix("#if expressions expand macros to more tokens than the files' size allows") == true,
                "\(String(describing: refused))")
        // A few uses of it are fine.
        let few = macro + String(repeating: "#if BIG == 4500\n<string>x</string>\n#endif\n", count: 3)
        #expect(try run(few) == ["<string>x</string>", "<string>x</string>", "<string>x</string>"])
    }

    /// `#define M0 M1`, `M1 M2`, … then `#if M0`: each level copied the set of macros being
    /// expanded (5,000 defines: 406 MB). The chain's depth is bounded, and memory with it.
    @Test func aChainOfMacrosIsBoundedInDepth() throws {
        let chain = (0..<5_000).map { "#define M\($0) M\($0 + 1)" }.joined(separator: "\n") + "\n#define M5000 1\n"
        let (refused, use) = ResourceUse.measure { failure(chain + "#if M0\nyes\n#endif") }
        #expect(use.seconds < 1, "\(use)")
        #expect(use.peakGrowthBytes < 50 << 20, "\(use)")
        #expect(refused?.problem == "#if expands macros inside macros more than \(PlistPreprocessor.maximumExpansionDepth) deep")
        #expect(refused?.line == 5_002)
        // Within the depth, the chain's end is the value.
        let short = (0..<50).map { "#define M\($0) M\($0 + 1)" }.joined(separator: "\n") + "\n#define M50 7\n"
        #expect(try run(short + "#if M0 == 7\nyes\n#endif") == ["yes"])
        // A macro naming itself, directly or through others, is not expanded inside itself.
        #expect(try run("#define A B\n#define B A + 1\n#if A == 1\nyes\n#endif") == ["yes"])
    }

    /// 5,000 `#define` lines before `<?xml`: the preprocessed text starts with as many blank
    /// lines, and is still the plist it is (it was "neither XML nor a binary plist").
    @Test func aPreprocessedPlistMayStartFarIn() throws {
        let folder = TemporaryFolder()
        let defines = (0..<5_000).map { "#define NAME_\($0) \($0)" }.joined(separator: "\n")
        folder.write("Info.plist", defines + """

            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>CFBundleIcons</key>
                <dict>
                    <key>CFBundleAlternateIcons</key>
                    <dict>
                        <key>dark</key>
                        <dict><key>CFBundleIconFiles</key><array><string>dark</string></array></dict>
                    </dict>
                </dict>
            </dict>
            </plist>
            """)
        #expect(try CatalogReader.readDeclared(app: folder.path).alternateNames == ["dark"])
        folder.write("Other.plist", String(repeating: "\n", count: 10_000) + "hello")
        #expect(throws: CatalogError.notAPlist(path: folder.url("Other.plist"), reason: "neither XML nor a binary plist")) {
            try PlistLoader.load(folder.url("Other.plist"))
        }
    }

    @Test func anInfoPlistWithPreprocessorLinesLoadsWhereverItComesFrom() throws {
        let folder = TemporaryFolder()
        folder.write("Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key>
                <string>com.example.app</string>
            #ifdef PRO
                <key>CFBundleDisplayName</key>
                <string>Pro</string>
            #endif
                <key>CFBundleIcons</key>
                <dict>
                    <key>CFBundleAlternateIcons</key>
                    <dict>
                        <key>dark</key>
                        <dict><key>CFBundleIconFiles</key><array><string>dark</string></array></dict>
            #ifdef PRO
                        <key>gold</key>
                        <dict><key>CFBundleIconFiles</key><array><string>gold</string></array></dict>
            #endif
                    </dict>
                </dict>
            </dict>
            </plist>
            """)
        let plain = try CatalogReader.readDeclared(app: folder.path)
        #expect(plain.alternateNames == ["dark"])
        #expect(plain.displayName == nil)
        let pro = try CatalogReader.readDeclared(app: folder.path, options: CatalogOptions(defines: ["PRO": "1"]))
        #expect(pro.alternateNames == ["dark", "gold"])
        #expect(pro.displayName == "Pro")
        folder.write("Info.plist", "<plist>\n#if\n</plist>")
        #expect(throws: CatalogError.preprocessing(path: folder.url("Info.plist"), line: 2, problem: "#if with no expression")) {
            try CatalogReader.read(app: folder.path)
        }
        #expect(CatalogError.preprocessing(path: "Info.plist", line: 2, problem: "#if with no expression").description
                == "Info.plist:2: #if with no expression")
    }
}
