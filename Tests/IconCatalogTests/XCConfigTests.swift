import Foundation
import Testing
import TestSupport
@testable import IconCatalog

@Suite struct XCConfigTests {
    private func read(_ folder: TemporaryFolder, _ file: String) throws -> (names: [String], values: [String], warnings: [CatalogWarning]) {
        var reader = XCConfigReader(boundary: folder.path)
        let assignments = try reader.read(folder.url(file), referencedFrom: "test")
        return (assignments.map(\.name), assignments.map(\.value), reader.warnings)
    }

    @Test func linesAsXcodeReadsThem() throws {
        let folder = TemporaryFolder()
        folder.write("Base.xcconfig", """
            // a comment
            A = one ; 
            B=two// a comment right after the value
            C = https:$(SLASH)/example.com
              D[sdk=iphoneos*][arch=arm64] = four
            E = first \\
                second
            F =
            """)
        let result = try read(folder, "Base.xcconfig")
        #expect(result.names == ["A", "B", "C", "D", "E", "F"])
        #expect(result.values == ["one", "two", "https:$(SLASH)/example.com", "four", "first second", ""])
        #expect(result.warnings.isEmpty)
    }

    /// A value continued with `\\` over 50,000 lines (600 KB) costs time linear in its length:
    /// it took over 10 s when each line copied the value so far.
    @Test func aValueContinuedOverManyLinesCostsLinearTime() throws {
        let folder = TemporaryFolder()
        let lines = 50_000
        var text = "LONG = start \\\n"
        for i in 0..<lines { text += "  word\(i) \\\n" }
        text += "end\nAFTER = 1\n"
        folder.write("Long.xcconfig", text)
        let (result, use) = try ResourceUse.measure { try read(folder, "Long.xcconfig") }
        #expect(use.seconds < 1.5, "\(use)")
        #expect(result.names == ["LONG", "AFTER"])
        let words = result.values.first?.split(separator: " ") ?? []
        #expect(words.count == lines + 2)
        #expect(words.first == "start" && words.last == "end" && words[1] == "word0")
        #expect(!(result.values.first?.contains("  ") ?? true))
    }

    @Test func includesAreSplicedWhereTheyStandRelativeToTheIncludingFile() throws {
        let folder = TemporaryFolder()
        folder.write("Configs/App.xcconfig", """
            #include "../Shared/Base.xcconfig"
            #include? "Local.xcconfig"
            NAME = app
            """)
        folder.write("Shared/Base.xcconfig", "NAME = base\nBASE = yes\n#include \"Deeper.xcconfig\"")
        folder.write("Shared/Deeper.xcconfig", "DEEP = 1")
        let result = try read(folder, "Configs/App.xcconfig")
        #expect(result.names == ["NAME", "BASE", "DEEP", "NAME"])
        #expect(result.values == ["base", "yes", "1", "app"])
        #expect(result.warnings.isEmpty, "a missing #include? is fine: \(result.warnings)")
    }

    @Test func aMissingRequiredIncludeIsAWarningNamingTheLine() throws {
        let folder = TemporaryFolder()
        folder.write("App.xcconfig", "A = 1\n#include \"Config.xcconfig\"\nB = 2")
        let result = try read(folder, "App.xcconfig")
        #expect(result.names == ["A", "B"])
        #expect(result.warnings.map(\.code) == [.missingXcconfigInclude])
        #expect(result.warnings.first?.subject == folder.url("App.xcconfig") + ":2")
        #expect(result.warnings.first?.message.contains("Config.xcconfig is missing") == true)
    }

    @Test func filesIncludingEachOtherAreAnErrorNamingThem() {
        let folder = TemporaryFolder()
        folder.write("A.xcconfig", "#include \"B.xcconfig\"")
        folder.write("B.xcconfig", "#include \"A.xcconfig\"")
        #expect(throws: XcodeProjectError.includeCycle(path: folder.url("A.xcconfig"),
                                                        chain: [folder.url("A.xcconfig"), folder.url("B.xcconfig"),
                                                                folder.url("A.xcconfig")])) {
            _ = try read(folder, "A.xcconfig")
        }
        #expect(XcodeProjectError.includeCycle(path: "A.xcconfig", chain: ["/p/A.xcconfig", "/p/B.xcconfig", "/p/A.xcconfig"])
            .description == "A.xcconfig: xcconfig files include each other: A.xcconfig → B.xcconfig → A.xcconfig")
    }

    @Test func includesOutsideTheProjectOrFromTheToolsAreNotRead() throws {
        let outside = TemporaryFolder()
        outside.write("Secret.xcconfig", "SECRET = 1")
        let folder = TemporaryFolder()
        folder.write("App.xcconfig", """
            #include "\(outside.url("Secret.xcconfig"))"
            #include "<DEVELOPER_DIR>/Makefiles/CoreOS/Xcode/BSD.xcconfig"
            A = 1
            """)
        let result = try read(folder, "App.xcconfig")
        #expect(result.names == ["A"])
        #expect(result.warnings.map(\.code) == [.pathOutsideProject, .xcconfigIncludeNotRead])
    }

    @Test func includeDepthIsBounded() throws {
        let folder = TemporaryFolder()
        for level in 0..<40 { folder.write("L\(level).xcconfig", "#include \"L\(level + 1).xcconfig\"\nV\(level) = \(level)") }
        folder.write("L40.xcconfig", "END = yes")
        let result = try read(folder, "L0.xcconfig")
        #expect(result.names.count == XCConfigReader.maximumIncludeDepth)
        #expect(result.warnings.map(\.code) == [.xcconfigTooDeep])
    }

    @Test func malformedLinesAreSkippedWithAWarning() throws {
        let folder = TemporaryFolder()
        folder.write("App.xcconfig", "#import \"x\"\n9NAME = 1\nNO_EQUALS\nA[sdk=iphoneos* = 1\nGOOD = yes")
        let result = try read(folder, "App.xcconfig")
        #expect(result.names == ["GOOD"])
        #expect(result.warnings.map(\.code) == Array(repeating: .malformedXcconfig, count: 4))
    }

    // MARK: Xcode's include search: beside the including file, then the project's folder

    private func readSearching(_ folder: TemporaryFolder, _ file: String) throws -> (values: [String], warnings: [CatalogWarning]) {
        var reader = XCConfigReader(boundary: folder.path, projectFolder: folder.path)
        let assignments = try reader.read(folder.url(file), referencedFrom: "test")
        return (assignments.map(\.value), reader.warnings)
    }

    @Test func anIncludeBesideTheFileWinsOverOneInTheProjectsFolder() throws {
        let folder = TemporaryFolder()
        folder.write("Configs/App.xcconfig", "#include \"Shared.xcconfig\"\n")
        folder.write("Configs/Shared.xcconfig", "A = beside\n")
        folder.write("Shared.xcconfig", "A = project\n")
        #expect(try readSearching(folder, "Configs/App.xcconfig").values == ["beside"])
    }

    @Test func anIncludeNotBesideTheFileIsLookedForInTheProjectsFolder() throws {
        let folder = TemporaryFolder()
        folder.write("Configs/App.xcconfig", "#include \"App Icons/App Icons.xcconfig\"\nB = after\n")
        folder.write("App Icons/App Icons.xcconfig", "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon\n")
        let result = try readSearching(folder, "Configs/App.xcconfig")
        #expect(result.values == ["AppIcon", "after"])
        #expect(result.warnings.isEmpty)
    }

    @Test func aMissingIncludeNamesBothPlacesSearched() throws {
        let folder = TemporaryFolder()
        folder.write("Configs/App.xcconfig", "#include \"Icons.xcconfig\"\n#include? \"Optional.xcconfig\"\n")
        let result = try readSearching(folder, "Configs/App.xcconfig")
        #expect(result.warnings.map(\.code) == [.missingXcconfigInclude])
        #expect(result.warnings.first?.subject == folder.url("Configs/App.xcconfig") + ":1")
        #expect(result.warnings.first?.message == "includes “Icons.xcconfig”, found neither beside it (Configs/Icons.xcconfig) "
                + "nor in the project's folder (Icons.xcconfig); its settings are not read")
    }
}
