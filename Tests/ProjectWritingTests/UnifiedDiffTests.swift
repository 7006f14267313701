import Foundation
@testable import ProjectWriting
import Testing
import TestSupport

@Suite struct UnifiedDiffTests {
    static let root = "/work/project"

    func modify(_ relative: String, _ old: String, _ new: String) -> FileChange {
        FileChange(path: Self.root + "/" + relative, action: .modify(original: Data(old.utf8), replacement: Data(new.utf8)))
    }

    @Test func aChangeIsShownWithThreeLinesAroundIt() {
        let old = (1...12).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 6\n", with: "line six\nline 6½\n")
        let diff = UnifiedDiff.render([modify("App/Info.plist", old, new)], relativeTo: Self.root)
        #expect(diff == """
        --- a/App/Info.plist
        +++ b/App/Info.plist
        @@ -3,7 +3,8 @@
         line 3
         line 4
         line 5
        -line 6
        +line six
        +line 6½
         line 7
         line 8
         line 9

        """)
    }

    @Test func changesFarApartAreSeparateHunksAndNearOnesOne() {
        let old = (1...30).map { "\($0)\n" }.joined()
        var lines = (1...30).map { "\($0)" }
        lines[1] = "two"
        lines[8] = "nine"
        lines[27] = "twenty-eight"
        let diff = UnifiedDiff.render([modify("f.txt", old, lines.joined(separator: "\n") + "\n")], relativeTo: Self.root)
        let headers = diff.split(separator: "\n").filter { $0.hasPrefix("@@") }
        #expect(headers == ["@@ -1,12 +1,12 @@", "@@ -25,6 +25,6 @@"])
    }

    @Test func createdDeletedAndBinaryFilesAreNamed() {
        let changes = [
            FileChange(path: Self.root + "/Set.appiconset/Contents.json", action: .create(Data("{\n}\n".utf8))),
            FileChange(path: Self.root + "/Set.appiconset/icon.png", action: .create(Data([0x89, 0x50, 0x4E, 0x47, 0]))),
            FileChange(path: Self.root + "/Old.appiconset/Contents.json", action: .delete(original: Data("{}".utf8))),
            FileChange(path: Self.root + "/Old.appiconset/icon.png", action: .delete(original: Data([0, 1]))),
            FileChange(path: Self.root + "/Info.plist", action: .modify(original: Data("bplist00\0".utf8), replacement: Data("bplist00\0\0".utf8))),
        ]
        #expect(UnifiedDiff.render(changes, relativeTo: Self.root) == """
        --- /dev/null
        +++ b/Set.appiconset/Contents.json
        @@ -0,0 +1,2 @@
        +{
        +}
        Binary files /dev/null and b/Set.appiconset/icon.png differ
        --- a/Old.appiconset/Contents.json
        +++ /dev/null
        @@ -1 +0,0 @@
        -{}
        \\ No newline at end of file
        Binary files a/Old.appiconset/icon.png and /dev/null differ
        Binary files a/Info.plist and b/Info.plist differ

        """)
    }

    @Test func aLineThatGainsItsLineBreakIsAChange() {
        let diff = UnifiedDiff.render([modify("f", "a\nb", "a\nb\nc\n")], relativeTo: Self.root)
        #expect(diff == "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n")
    }

    @Test func comparingLineByLineStaysAffordable() {
        func lines(_ texts: [String]) -> ArraySlice<UnifiedDiff.Line> { texts.map { UnifiedDiff.Line(text: $0, terminated: true) }[...] }
        let project = (0..<17_000).map { "\t\tA1B2C3D4E5F6\($0) /* file \($0).swift */ = {isa = PBXFileReference; };" }
        var edited = project
        edited.insert("\t\tNEW1 /* new.png */ = {isa = PBXFileReference; };", at: 40)
        edited.insert("\t\tNEW2 /* new.png in Resources */,", at: 16_000)
        edited.remove(at: 9_000)
        #expect(UnifiedDiff.worthComparing(lines(project), lines(edited)), "a large file with a few edits is compared")
        #expect(!UnifiedDiff.worthComparing(lines(project), lines(project.reversed())), "upside down, it would cost (lines)²")
        #expect(UnifiedDiff.worthComparing(lines(["a", "b"]), lines(["b", "a"])), "small files always")

        // Either way, the edit script rebuilds the new side from the old.
        for (old, new) in [(project, edited), (project, Array(project.reversed()))] {
            let before = lines(old).map { $0 }, after = lines(new).map { $0 }
            let script = UnifiedDiff.editScript(before, after)
            let rebuilt = script.compactMap { $0.kind == .delete ? nil : $0.kind == .insert ? after[$0.newIndex] : before[$0.oldIndex] }
            #expect(rebuilt == after)
            #expect(script.filter { $0.kind != .insert }.map(\.oldIndex) == Array(before.indices))
        }
    }

    /// Real edits, applied by GNU patch from the root: the result is the new contents.
    @Test func patchAppliesTheDiffAndGetsTheNewFiles() throws {
        let folder = TemporaryFolder()
        let plist = folder.write("App Folder/Info.plist", xcodeStylePlist)
        let crlf = folder.write("App Folder/Windows.plist", xcodeStylePlist.replacingOccurrences(of: "\n", with: "\r\n"))
        let endless = folder.write("notes.txt", "one\ntwo")
        let gone = folder.write("Old/gone.txt", "bye\n")
        let big = folder.write("big.txt", (1...5000).map { "\($0)\n" }.joined())
        var set = ChangeSet()
        let entry = AlternateIconEntry(name: "Green", iconFiles: ["Green"], prerendered: false)
        try InfoPlistEditor.apply([.addAlternate(entry, .phone), .addAlternate(entry, .pad), .setPrimaryIconName("AppIcon", .topLevel)],
                                  toFileAt: plist, in: &set)
        try InfoPlistEditor.apply([.removeAlternate(name: "Blue", .phone)], toFileAt: crlf, in: &set)
        try set.write(text: "one\ntwo\nthree", to: endless)
        try set.delete(gone)
        try set.write(text: "made\n", to: folder.url("New Set/Contents.json"))
        // Every line different: shown as one replacement rather than compared line by line.
        try set.write(text: (1...5000).map { "changed \($0)\n" }.joined(), to: big)
        let expected = try set.changes.map { change in (change.path, change.replacement) }
        let diff = UnifiedDiff.render(set.changes, relativeTo: folder.path)
        let patchFile = TemporaryFolder()
        let patch = patchFile.write("changes.diff", diff)

        let dryRun = try runPatch(["-p1", "--dry-run", "-i", patch], in: folder.path)
        #expect(dryRun.status == 0, "\(dryRun.output)\n\(diff)")
        let applied = try runPatch(["-p1", "-i", patch], in: folder.path)
        #expect(applied.status == 0, "\(applied.output)")
        for (path, contents) in expected {
            #expect(FileManager.default.contents(atPath: path) == contents, "\(path)")
        }
    }

    private func runPatch(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        process.arguments = ["--batch", "--force"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
