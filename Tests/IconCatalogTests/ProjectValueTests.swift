import Foundation
import Testing
@testable import IconCatalog

/// The typed values a project file is read into: keys in the file's order with the last of a
/// repeated key winning, as Foundation reads them, and the kinds XML and binary plists add
/// named in warnings rather than read.
@Suite struct ProjectValueTests {
    private func dictionary(_ text: String) throws -> ProjectDictionary {
        try #require(OpenStepPlist.parse(Data(text.utf8), maximumDepth: ProjectFileLoader.maximumNesting).dictionary)
    }

    @Test func aRepeatedKeyHasItsLastValue() throws {
        let read = try dictionary("{ k = first; other = x; k = second; }")
        #expect(read["k"] == .string("second"))
        #expect(read["missing"] == nil)
        #expect(read.entries.map(\.key) == ["k", "other", "k"])
        #expect(read.sortedUniqueEntries.map(\.key) == ["k", "other"])
        #expect(read.sortedUniqueEntries.first?.value == .string("second"))
        #expect(read.index() == ["k": 2, "other": 1])
    }

    @Test func equalityIgnoresOrderAndOverwrittenValues() throws {
        #expect(try dictionary("{ a = 1; b = 2; }") == dictionary("{ b = 2; a = 0; a = 1; }"))
        #expect(try dictionary("{ a = 1; }") != dictionary("{ a = 2; }"))
    }

    @Test func typedAccessorsAndKindNames() {
        #expect(ProjectValue.string("x").string == "x")
        #expect(ProjectValue.string("x").array == nil)
        #expect(ProjectValue.array([.string("a")]).array == [.string("a")])
        #expect(ProjectValue.data(Data([1])).typeName == "data")
        #expect(ProjectValue.array([]).typeName == "an array")
        #expect(ProjectValue.dictionary(ProjectDictionary(entries: [ProjectDictionary.Entry]())).typeName == "a dictionary")
        #expect(ProjectValue.string("").typeName == "a string")
    }

    @Test func foundationValuesKeepTheirKindForWarnings() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>s</key><string>text</string>
              <key>i</key><integer>3</integer>
              <key>r</key><real>1.5</real>
              <key>b</key><true/>
              <key>d</key><date>2024-01-01T00:00:00Z</date>
              <key>a</key><array><string>x</string><integer>1</integer></array>
              <key>n</key><dict><key>k</key><data>AQI=</data></dict>
            </dict></plist>
            """
        let value = ProjectValue(foundation: try PropertyListSerialization.propertyList(from: Data(xml.utf8), format: nil))
        let read = try #require(value.dictionary)
        #expect(read["s"] == .string("text"))
        #expect(read["i"] == .other(typeName: "an integer"))
        #expect(read["r"] == .other(typeName: "a real number"))
        #expect(read["b"] == .other(typeName: "a boolean"))
        #expect(read["d"] == .other(typeName: "a date"))
        #expect(read["a"] == .array([.string("x"), .other(typeName: "an integer")]))
        #expect(read["n"]?.dictionary?["k"] == .data(Data([1, 2])))
    }

    /// An object id written twice is one object, the last written, as Foundation reads it.
    @Test func anObjectWrittenTwiceIsItsLastForm() throws {
        let text = """
            { objects = {
                P = { isa = PBXProject; buildConfigurationList = L; mainGroup = G; targets = (); };
                L = { isa = XCConfigurationList; buildConfigurations = (); };
                G = { isa = PBXGroup; children = (F); sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = first.xcassets; sourceTree = "<group>"; };
                F = { isa = PBXFileReference; path = second.xcassets; sourceTree = "<group>"; };
              };
              rootObject = P; }
            """
        let folder = TemporaryFolder()
        folder.write("App.xcodeproj/project.pbxproj", text)
        let project = try XcodeProject.read(folder.url("App.xcodeproj"))
        #expect(project.nodes["F"]?.path == "second.xcassets")
        #expect(project.nodes.count == 2)
        #expect(project.parents["F"] == "G")
    }

    /// An XML project file whose values have the wrong kinds reads with warnings that name them.
    @Test func anXMLProjectWithNumbersWhereStringsBelongWarns() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>objects</key><dict>
                <key>P</key><dict>
                  <key>isa</key><string>PBXProject</string>
                  <key>buildConfigurationList</key><string>L</string>
                  <key>developmentRegion</key><integer>7</integer>
                  <key>targets</key><array><true/></array>
                </dict>
                <key>L</key><dict>
                  <key>isa</key><string>XCConfigurationList</string>
                  <key>buildConfigurations</key><array><string>C</string></array>
                </dict>
                <key>C</key><dict>
                  <key>isa</key><string>XCBuildConfiguration</string>
                  <key>name</key><string>Release</string>
                  <key>buildSettings</key><dict><key>N</key><real>2.5</real><key>S</key><string>ok</string></dict>
                </dict>
              </dict>
              <key>rootObject</key><string>P</string>
            </dict></plist>
            """
        let folder = TemporaryFolder()
        folder.write("App.xcodeproj/project.pbxproj", xml)
        let project = try XcodeProject.read(folder.url("App.xcodeproj"))
        let messages = project.warnings.map(\.message)
        #expect(messages.contains("objects.P.developmentRegion is an integer, expected a string"))
        #expect(messages.contains("objects.P.targets[0] is a boolean, expected a string"))
        #expect(messages.contains("objects.C.buildSettings.N is a real number, expected a string"))
        #expect(project.developmentRegion == nil)
        #expect(project.configurationList.configurations.first?.settings == [.init(key: "S", value: "ok")])
    }
}
