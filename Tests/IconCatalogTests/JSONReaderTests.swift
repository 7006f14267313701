import Foundation
import Testing
@testable import IconCatalog

/// `JSONReader` must read every document it accepts exactly as Foundation does, and leave
/// to Foundation whatever it is unsure of, so values and messages are Foundation's.
@Suite struct JSONReaderTests {
    private func foundation(_ text: String) -> JSONValue? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])).map(JSONValue.init(foundation:))
    }

    @Test func readsWhatFoundationReadsTheSameWay() {
        let documents = [
            #"{"images":[{"filename":"a.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}"#,
            " \t\r\n[ 1 , -2.5 , 3e2, 4E-1, 0, 0.25, 123456789012345 ] \n",
            #"{"a": true, "b": false, "c": null, "d": {}, "e": [], "f": [[[]]], "g": ""}"#,
            #""escapes \" \\ \/ \b \f \n \r \t \u00e9 \u20AC \ud83d\ude00""#,
            #"{"ünïcödé": "😀 emoji and ✓", "key with spaces": "  "}"#,
            "42", "true", "null", "-17", "1.5e+3",
        ]
        for text in documents {
            let read = JSONReader.value(of: Array(text.utf8))
            #expect(read != nil, "declined: \(text)")
            #expect(read == foundation(text), "\(text)")
        }
    }

    @Test func leavesWhatItIsUnsureOfToFoundation() {
        let declined = [
            "", "  ", "{", "[1,]", #"{"a":1,}"#, #"{"a":1 "b":2}"#, "01", "-0", "-0.0", "1.", ".5", "+1", "1e", "0x10",
            "1234567890123456", "1e400", #"{"a":1,"a":2}"#, #""\ud800""#, #""\udc00x""#, #""\x""#, "\"tab\tinside\"",
            #""\u0000""#, "\u{FEFF}{}", "nul", "tru", "[1] 2", "{\"a\":\u{00A0}1}",
            String(repeating: "[", count: 200) + String(repeating: "]", count: 200),
        ]
        for text in declined {
            #expect(JSONReader.value(of: Array(text.utf8)) == nil, "accepted: \(text)")
        }
        // Bytes that are no UTF-8 inside a string.
        #expect(JSONReader.value(of: [0x22, 0xFF, 0xFE, 0x22]) == nil)
    }

    /// What Foundation reads but the reader declines still reads, through Foundation.
    @Test func fileParsingFallsBackToFoundation() throws {
        for text in ["\u{FEFF}{\"a\":1}", "1e300", String(repeating: "[", count: 200) + String(repeating: "]", count: 200)] {
            let parsed = try JSONFile.parse(Data(text.utf8)).get()
            #expect(parsed == foundation(text))
        }
        // Foundation reads a trailing comma, which the reader leaves to it.
        #expect(try JSONFile.parse(Data("[1,]".utf8)).get() == .array([.number(1)]))
        guard case .failure(.malformed(let reason)) = JSONFile.parse(Data(#"{"a" 1}"#.utf8)) else {
            Issue.record("{\"a\" 1} was read")
            return
        }
        #expect(!reason.isEmpty)
    }

    /// Every `Contents.json` and `icon.json` of the real projects reads as Foundation reads it.
    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func readsTheCorpusFilesAsFoundationDoes() throws {
        let walker = FileManager.default.enumerator(atPath: RealProjectCorpus.root.path)
        var checked = 0
        while let relative = walker?.nextObject() as? String {
            guard ["Contents.json", "icon.json"].contains((relative as NSString).lastPathComponent) else { continue }
            let data = try Data(contentsOf: RealProjectCorpus.root.appendingPathComponent(relative))
            let expected = (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])).map(JSONValue.init(foundation:))
            #expect(JSONReader.value(of: data) == expected, "\(relative)")
            checked += 1
        }
        #expect(checked > 100)
    }
}

@Suite struct ConcurrentMapTests {
    @Test func keepsTheElementsOrder() {
        let numbers = Array(0..<200)
        // Early elements take longest, so they finish last.
        let mapped = numbers.concurrentMap { number -> String in
            if number < 4 { usleep(2_000) }
            return "#\(number)"
        }
        #expect(mapped == numbers.map { "#\($0)" })
        #expect([Int]().concurrentMap { $0 + 1 } == [])
        #expect([7].concurrentMap { $0 + 1 } == [8])
    }
}
