import Foundation
import Testing
@testable import IconCatalog
import TestSupport

/// The JSON reader of `Contents.json` and `icon.json`: the values Foundation gives on what
/// Xcode writes (and on every such file of the corpus), and nothing at all where it is unsure,
/// so Foundation decides what is refused and says why.
@Suite struct PlainJSONParserTests {
    private func foundation(_ text: String) -> JSONValue? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])).map(JSONValue.init(foundation:))
    }

    @Test(arguments: [
        #"{"images":[{"filename":"Icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#,
        #"{ "a" : [ 1, -2.5, 3e2, 0.125E-1, true, false, null, "" ], "b" : {} , "c" : [] }"#,
        #"{"escapes":"\" \\ \/ \b \f \n \r \t \u00e9 \u20AC \ud83d\ude00","ünï":"cödé ✓"}"#,
        #"  "a fragment"  "#, "42", "true", "null", "[[[[[]]]]]",
        #"{"properties":{"provides-namespace":true}}"#,
    ])
    func readsAsFoundationDoes(_ text: String) throws {
        let plain = try #require(PlainJSONParser.parse(Data(text.utf8)))
        #expect(plain == foundation(text))
    }

    /// Anything outside the subset is Foundation's to accept or refuse.
    @Test(arguments: [
        "", "{", #"{"a":1,}"#, "[1,]", #"{"a":1,"a":2}"#, "01", "-0", "-0.0", "1.", ".5", "1e", "+1",
        "12345678901234567890", "1e400", #""\u12""#, #""\ud800""#, #""\udc00x""#, "\"a\tb\"", #""\x""#,
        "\u{FEFF}{}", "tru", "nul", "[1 2]", #"{"a" 1}"#, "{} x", #"{1:2}"#,
        String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ])
    func leavesTheRestToFoundation(_ text: String) {
        #expect(PlainJSONParser.parse(Data(text.utf8)) == nil)
    }

    @Test func leavesInvalidUTF8ToFoundation() {
        #expect(PlainJSONParser.parse(Data([0x22, 0xFF, 0xFE, 0x22])) == nil)
        #expect(PlainJSONParser.parse(Data([0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D])) == nil)
    }

    /// A file it leaves alone still reads, or fails, as Foundation has it.
    @Test func fileReadingFallsBackToFoundation() {
        #expect(JSONFile.parse(Data(#"{"a":1,"a":2}"#.utf8)) == .success(foundation(#"{"a":1,"a":2}"#)!))
        guard case .failure(.malformed(let reason)) = JSONFile.parse(Data("{".utf8)) else {
            Issue.record("a truncated object was read")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func readsEveryJSONFileOfTheCorpusAsFoundationDoes() throws {
        let corpus = RealProjectCorpus.root.path
        let files = FileManager.default.enumerator(atPath: corpus)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") }
        #expect(files.count > 100)
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: corpus + "/" + file))
            let expected = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])).map(JSONValue.init(foundation:))
            let plain = PlainJSONParser.parse(data)
            #expect(plain == nil || plain == expected, "\(file)")
            #expect(plain != nil || expected == nil, "\(file) is read by Foundation only")
        }
    }
}

/// Path normalisation's shortcut for paths already normal gives what the full rule gives.
@Suite struct PathNormalizationTests {
    @Test(arguments: [
        "/", "", ".", "..", "a", "/a", "a/", "/a/", "//a", "a//b", "/a/./b", "/a/../b", "./a", "../a", "a/.", "a/..",
        "/a/.b", "/a/..b", "/a/b.", "/a/b..", "/a/...", ".a", "..a", "a.b/c", "/x/y/z.appiconset/Contents.json",
        "/a/b/../../..", "a/b/../../..", "/.", "/..", "///",
    ])
    func normalizesAsComponentsDo(_ path: String) {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                if let last = parts.last, last != ".." { parts.removeLast() } else if !isAbsolute { parts.append(part) }
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        let expected = isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
        #expect(ProjectPaths.normalize(path) == expected)
    }
}
