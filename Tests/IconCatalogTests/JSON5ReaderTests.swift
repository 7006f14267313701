import Foundation
import Testing
@testable import IconCatalog

/// JSON5 as Expo reads `app.json`: what JSON allows, and what json5 adds.
struct JSON5ReaderTests {
    private func value(_ text: String) throws -> JSONValue { try JSON5Reader.parse(Array(text.utf8)).get() }
    private func failure(_ text: String) -> JSON5Reader.Failure? {
        if case .failure(let failure) = JSON5Reader.parse(Array(text.utf8)) { return failure }
        return nil
    }

    @Test func plainJSON() throws {
        #expect(try value(#"{"a": [1, 2.5, -3e2, true, false, null, "x\n\u00e9\ud83d\ude00"]}"#)
            == .object(["a": .array([.number(1), .number(2.5), .number(-300), .bool(true), .bool(false), .null, .string("x\né😀")])]))
    }

    @Test func commentsAndTrailingCommas() throws {
        let text = """
        // a comment before
        {
          /* block
             comment */ "plugins": [
            ["expo-dynamic-app-icon", { "red": { "image": "./r.png", }, }], // trailing
          ],
        }
        """
        #expect(try value(text) == .object(["plugins": .array([.array([.string("expo-dynamic-app-icon"),
                                                                         .object(["red": .object(["image": .string("./r.png")])])])])]))
    }

    @Test func json5Extensions() throws {
        #expect(try value("{unquoted: 'single \\' quote', $k_1: 0x1F, b: +.5, c: 5., d: -Infinity, 'e': \"a\\\nb\"}")
            == .object(["unquoted": .string("single ' quote"), "$k_1": .number(31), "b": .number(0.5), "c": .number(5),
                        "d": .number(-.infinity), "e": .string("ab")]))
        guard case .number(let nan) = try value("NaN") else { Issue.record("NaN is a number"); return }
        #expect(nan.isNaN)
        // The last of two equal keys wins, as json5 has it.
        #expect(try value("{a: 1, a: 2}") == .object(["a": .number(2)]))
        #expect(try value("\u{FEFF}{}") == .object([:]))
    }

    @Test func errorsSayWhere() {
        #expect(failure("{\n  \"a\": 1\n  \"b\": 2\n}") == JSON5Reader.Failure(line: 3, column: 3, problem: "“,” or “}” expected"))
        #expect(failure("{\"a\": 'x\n'}")?.problem == "a line break inside a string")
        #expect(failure("/* never closed") == JSON5Reader.Failure(line: 1, column: 1, problem: "a comment that is never closed"))
        #expect(failure("[1, 2") != nil)
        #expect(failure("{a: 1} x")?.problem == "more text after the value")
        #expect(failure("'\\1'")?.problem == "a digit escape, which json5 refuses")
        #expect(failure("") != nil)
        #expect(failure("0x") != nil)
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: JSON5Reader.maximumDepth + 1) + String(repeating: "]", count: JSON5Reader.maximumDepth + 1)
        #expect(failure(deep)?.problem == "nested more than \(JSON5Reader.maximumDepth) levels deep")
        let allowed = String(repeating: "[", count: JSON5Reader.maximumDepth) + String(repeating: "]", count: JSON5Reader.maximumDepth)
        #expect(failure(allowed) == nil)
    }
}
