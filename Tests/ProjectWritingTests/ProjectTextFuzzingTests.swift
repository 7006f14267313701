import Foundation
import ProjectWriting
import TestSupport
import Testing

/// The `project-text` fuzz target's checks (no crash; every edit undoes exactly) on the
/// corpus's project and xcconfig files, whole and cut, and on layouts made to mislead it.
@Suite struct ProjectTextFuzzingTests {
    @Test func holdsOnOddLayoutsAndValues() {
        let inputs = [
            "/* Begin PBXBuildFile section */\n/* Begin PBXFileReference section */\n/* End PBXBuildFile section */\n",
            "/* Begin PBXBuildFile section */\n/* End PBXBuildFile section */\n",
            "/* End ZZZ section */\n\n/* Begin PBXGroup section */\n",
            "\t\tAA = {\n\t\t};\n/* Begin PBXBuildFile section */\n\t\tBB /* x */ = {isa = PBXBuildFile; };\n/* End PBXBuildFile section */\n\n",
            "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"open",
            "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = a\\\nb",
            "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = A  ; // c\n",
            "Dark \"Dark 2\" 'x y' z\\ w ",
            "",
        ]
        for input in inputs { ProjectTextFuzzing.exercise(Array(input.utf8)) }
    }

    @Test(.enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
    func holdsOnTheCorpusFiles() throws {
        let root = RealProjectCorpus.root.path
        let paths = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".pbxproj") || $0.hasSuffix(".xcconfig") }.sorted()
        #expect(paths.count >= 20)
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + "/" + path)))
            ProjectTextFuzzing.exercise(bytes)
            // Cut short, the smaller files: the large ones' halves add time, not layouts.
            guard bytes.count < 256 << 10 else { continue }
            ProjectTextFuzzing.exercise(Array(bytes.prefix(bytes.count / 2)))
            ProjectTextFuzzing.exercise(Array(bytes.dropFirst(bytes.count / 3)))
        }
    }
}
