import Foundation
import Testing
@testable import IconCatalog

/// The OpenStep parser that reads `project.pbxproj`: the same values as Foundation on what
/// Xcode writes (and on every project file of the corpus), and on hostile text a one-line
/// error with the line and column, within a second and 200 MB.
@Suite struct OpenStepPlistTests {
    private static let depth = ProjectFileLoader.maximumNesting

    private func parse(_ text: String) throws(OpenStepPlist.Failure) -> Any {
        try OpenStepPlist.parse(Data(text.utf8), maximumDepth: Self.depth).foundationShaped
    }

    private func failure(_ text: String) -> OpenStepPlist.Failure? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    private func foundation(_ data: Data) throws -> Any {
        try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
    }

    @Test func readsWhatXcodeWritesAsFoundationDoes() throws {
        let text = #"""
            // !$*UTF8*$!
            {
            	archiveVersion = 1;
            	classes = {
            	};
            	objects = {
            /* Begin PBXBuildFile section */
            		AA01 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = AA02 /* Assets.xcassets */; };
            		AA03 = {isa = PBXFileReference; path = "My App/Ünïcode \"quoted\".plist"; sourceTree = "<group>"; };
            		AA04 = {
            			isa = XCBuildConfiguration;
            			buildSettings = {
            				ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = "Dark \"Dark 2\"";
            				"INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]" = YES;
            				LD_RUNPATH_SEARCH_PATHS = (
            					"$(inherited)",
            					"@executable_path/Frameworks",
            				);
            				MARKETING_VERSION = 1.2.3;
            				OTHER = 'single quoted';
            				ESCAPES = "tab\there\nnew line \\ back \U00e9 \101 \U00";
            				EMPTY = "";
            				EMPTY_LIST = ();
            				DATA = <0fbd 7777 0a>;
            			};
            			name = Release;
            		};
            	};
            	rootObject = AA05 /* Project object */;
            }
            """#
        let ours = try parse(text)
        let theirs = try foundation(Data(text.utf8))
        #expect(PlistDifference.first(ours, theirs) == nil)
        let typed = try OpenStepPlist.parse(Data(text.utf8), maximumDepth: Self.depth)
        let objects = try #require(typed.dictionary?["objects"]?.dictionary)
        let settings = try #require(objects["AA04"]?.dictionary?["buildSettings"]?.dictionary)
        #expect(settings["ESCAPES"] == .string("tab\there\nnew line \\ back é A \u{0}"))
        #expect(settings["LD_RUNPATH_SEARCH_PATHS"] == .array([.string("$(inherited)"), .string("@executable_path/Frameworks")]))
        #expect(settings["DATA"] == .data(Data([0x0F, 0xBD, 0x77, 0x77, 0x0A])))
        #expect(objects["AA03"]?.dictionary?["path"] == .string("My App/Ünïcode \"quoted\".plist"))
        #expect(objects["AA01"]?.dictionary?.entries.map(\.key) == ["isa", "fileRef"])
    }

    @Test func smallFormsAsFoundationReadsThem() throws {
        for text in ["{}", "()", "( a, b, )", "{ a; b = c; }", "{ a = (); }", "{ \"\" = \"\"; }", "x", "\"\\U00\\UD83D\\UDE00\"",
                     "{ a = \"\\UD83D\"; }", "\u{FEFF}{ a = b; }", "{ k = v; k = w; }", "/* c */ { a = b; } // end"] {
            let ours = try parse(text)
            let theirs = try foundation(Data(text.utf8))
            #expect(PlistDifference.first(ours, theirs) == nil, "\(text.debugDescription)")
        }
    }

    /// Every project file of the corpus reads to exactly what Foundation reads from it.
    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func everyCorpusProjectFileReadsAsFoundationReadsIt() throws {
        let files = FileManager.default.enumerator(atPath: RealProjectCorpus.root.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".xcodeproj/project.pbxproj") } ?? []
        #expect(files.count >= 10)
        for file in files {
            let data = try Data(contentsOf: RealProjectCorpus.root.appendingPathComponent(file))
            let ours = try OpenStepPlist.parse(data, maximumDepth: Self.depth).foundationShaped
            let theirs = try foundation(data)
            #expect(PlistDifference.first(ours, theirs) == nil, "\(file)")
        }
    }

    @Test func errorsSayWhatAndWhere() {
        let cases: [(String, String)] = [
            ("", "line 1, column 1: the file holds no value"),
            ("  // only a comment\n", "line 2, column 1: the file holds no value"),
            ("{ a = b }", "line 1, column 9: expected “;” after the value of “a”, found “}”"),
            ("{\n  a b;\n}", "line 2, column 5: expected “=” after the key “a” (line 2), found “b”"),
            ("{ a = ; }", "line 1, column 7: unexpected “;” where a value was expected"),
            ("{ = b; }", "line 1, column 3: unexpected “=” where a dictionary key was expected"),
            ("( a b )", "line 1, column 5: expected “,” or “)” after an array element, found “b”"),
            ("{ a = b; } }", "line 1, column 12: unexpected “}” after the end of the top-level value"),
            ("{ a = \u{1}; }", "line 1, column 7: unexpected byte 0x01 where a value was expected"),
            ("{ a+b = c; }", "line 1, column 4: expected “=” after the key “a” (line 1), found “+”"),
            ("{ a = <0fb>; }", "line 1, column 11: data holds an odd number of hex digits"),
            ("{ a = <0fx>; }", "line 1, column 10: unexpected “x” in data (only hex digits may stand between < and >)"),
        ]
        for (text, expected) in cases {
            #expect(failure(text)?.description == expected, "\(text.debugDescription)")
        }
    }

    @Test func unterminatedThingsPointAtWhereTheyOpened() {
        let cases: [(String, String)] = [
            ("{\n  a = \"never closed;\n}\n", "line 2, column 7: the string opened here is never closed"),
            ("{ a = 'never", "line 1, column 7: the string opened here is never closed"),
            ("{ a = \"ends in a backslash\\", "line 1, column 7: the string opened here is never closed"),
            ("{ a = b; /* never closed }", "line 1, column 10: the comment opened here is never closed"),
            ("{ a = b; /", "line 1, column 1: the dictionary opened here is never closed"),
            ("{ a = <0f", "line 1, column 7: the data opened here is never closed"),
            ("{ a = (b, c", "line 1, column 7: the array opened here is never closed"),
            ("\n\n{ a = { b = c; }; ", "line 3, column 1: the dictionary opened here is never closed"),
            ("{ a = ", "line 1, column 7: the file ends where a value was expected"),
        ]
        for (text, expected) in cases {
            #expect(failure(text)?.description == expected, "\(text.debugDescription)")
        }
    }

    /// Cut anywhere before its last brace, a real-looking project file fails with one line.
    @Test func truncatedAtEveryByte() throws {
        var builder = PBXProjectBuilder()
        builder.target("App", settings: ["ASSETCATALOG_COMPILER_APPICON_NAME": "AppIcon", "LIST": "a \"b c\""])
        let whole = Data(builder.text().utf8)
        #expect(whole.last == 0x0A && whole.dropLast().last == UInt8(ascii: "}"))
        let (_, use) = ResourceUse.measure {
            for cut in 0...(whole.count - 2) {
                do {
                    _ = try ProjectFileLoader.parse(whole.prefix(cut), path: "App.xcodeproj/project.pbxproj")
                    Issue.record("cut at \(cut) of \(whole.count) bytes read without an error")
                } catch {
                    let message = String(describing: error)
                    #expect(!message.contains("\n"))
                    #expect(message.hasPrefix("App.xcodeproj/project.pbxproj: "))
                }
            }
        }
        #expect(use.seconds < 1, "\(use)")
        #expect(try PlistDifference.first(OpenStepPlist.parse(whole, maximumDepth: Self.depth).foundationShaped, foundation(whole)) == nil)
    }

    @Test func nestingIsBoundedWithoutRecursingIntoIt() {
        for (open, close) in [("{a=", ";}"), ("(", ")"), ("{a=(", ");}")] {
            let text = String(repeating: open, count: 10_000) + "x" + String(repeating: close, count: 10_000)
            let (outcome, use) = ResourceUse.measure { failure(text) }
            #expect(use.seconds < 1, "\(use)")
            guard case .tooDeep(let limit)? = outcome?.kind else {
                Issue.record("\(open): \(String(describing: outcome))")
                continue
            }
            #expect(limit == Self.depth)
            #expect(outcome?.description.hasSuffix("brackets nested more than \(Self.depth) levels deep") == true)
        }
        // Exactly at the limit is fine; one more is not.
        let atLimit = String(repeating: "(", count: Self.depth) + String(repeating: ")", count: Self.depth)
        #expect(failure(atLimit) == nil)
        let over = String(repeating: "(", count: Self.depth + 1) + String(repeating: ")", count: Self.depth + 1)
        #expect(failure(over)?.description == "line 1, column \(Self.depth + 1): brackets nested more than \(Self.depth) levels deep")
    }

    @Test func hugeInputsStayWithinASecondAnd200MB() {
        let size = ProjectFileLoader.maximumFileSize - 16
        let inputs: [(String, Data)] = [
            ("one long string", Data("{ a = \"".utf8) + Data(repeating: UInt8(ascii: "x"), count: size) + Data("\"; }".utf8)),
            ("one long string of escapes", Data("{ a = \"".utf8) + Data(repeating: UInt8(ascii: "\\"), count: size) + Data("\"; }".utf8)),
            ("one long unterminated string", Data("{ a = \"".utf8) + Data(repeating: UInt8(ascii: "\\"), count: size)),
            ("one long comment", Data("/*".utf8) + Data(repeating: UInt8(ascii: "*"), count: size)),
            ("many keys", Data(("{" + String(repeating: "k = v;", count: size / 6) + "}").utf8)),
            ("a long array", Data(("(" + String(repeating: "a,", count: size / 2) + ")").utf8)),
        ]
        for (name, data) in inputs {
            let (outcome, use) = ResourceUse.measure { () -> String in
                do { return "read \(type(of: try OpenStepPlist.parse(data, maximumDepth: Self.depth)))" } catch { return String(describing: error) }
            }
            #expect(use.seconds < 1, "\(name): \(use)")
            #expect(use.peakGrowthBytes < 200 << 20, "\(name): \(use)")
            #expect(!outcome.contains("\n"), "\(name)")
        }
    }
}

extension ProjectValue {
    /// The value as Foundation hands it back (a repeated key keeps its last value), to
    /// compare the two parsers.
    var foundationShaped: Any {
        switch self {
        case .string(let string): return string
        case .data(let data): return data
        case .array(let array): return array.map(\.foundationShaped)
        case .dictionary(let dictionary):
            var result: [String: Any] = [:]
            for entry in dictionary.entries { result[entry.key] = entry.value.foundationShaped }
            return result
        case .other(let name): return name
        }
    }
}

/// Where two plist values (as Foundation hands them back) first differ, by key path.
enum PlistDifference {
    static func first(_ a: Any, _ b: Any, path: String = "") -> String? {
        switch (a, b) {
        case let (x as [String: Any], y as [String: Any]):
            guard Set(x.keys) == Set(y.keys) else {
                return "\(path): keys \(Set(x.keys).symmetricDifference(y.keys).sorted().prefix(5)) differ"
            }
            for key in x.keys.sorted() {
                if let difference = first(x[key]!, y[key]!, path: path + "." + key) { return difference }
            }
            return nil
        case let (x as [Any], y as [Any]):
            guard x.count == y.count else { return "\(path): \(x.count) elements against \(y.count)" }
            for index in x.indices {
                if let difference = first(x[index], y[index], path: "\(path)[\(index)]") { return difference }
            }
            return nil
        case let (x as String, y as String):
            return x == y ? nil : "\(path): \(x.debugDescription) against \(y.debugDescription)"
        case let (x as Data, y as Data):
            return x == y ? nil : "\(path): data differs"
        default:
            return "\(path): \(PlistValue.typeName(a)) against \(PlistValue.typeName(b))"
        }
    }
}
