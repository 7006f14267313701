import Foundation
import ProjectWriting
import Testing
import TestSupport

@Suite struct ChangeSetTests {
    @Test func editsOfOneFileComposeAndKeepTheFirstReadAsTheOriginal() throws {
        let folder = TemporaryFolder()
        let path = folder.write("a.txt", "one\n")
        var set = ChangeSet()
        try set.write(text: try #require(try set.text(of: path)) + "two\n", to: path)
        try set.write(text: try #require(try set.text(of: path)) + "three\n", to: path)
        let created = folder.url("b.txt")
        try set.write(text: "new\n", to: created)
        #expect(set.changes == [
            FileChange(path: path, action: .modify(original: Data("one\n".utf8), replacement: Data("one\ntwo\nthree\n".utf8))),
            FileChange(path: created, action: .create(Data("new\n".utf8))),
        ])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\n", "nothing is written by gathering")
    }

    @Test func aFileWrittenBackUnchangedOrCreatedThenDeletedIsNoChange() throws {
        let folder = TemporaryFolder()
        let path = folder.write("a.txt", "same\n")
        var set = ChangeSet()
        try set.write(text: "same\n", to: path)
        let transient = folder.url("t.txt")
        try set.write(text: "x", to: transient)
        try set.delete(transient)
        #expect(set.changes.isEmpty)
    }

    @Test func aSymbolicLinkIsNotEditedThrough() throws {
        let folder = TemporaryFolder()
        let target = folder.write("real.txt", "x")
        let link = folder.url("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        var set = ChangeSet()
        #expect(throws: ChangeSetError(path: link, kind: .notARegularFile(.symbolicLink))) { try set.contents(of: link) }
    }
}
