import Foundation
@testable import ProjectWriting
import TestSupport
import Testing

/// What the dirty-tree guard asks git, and how it reads the answer: names as they are on disk
/// (spaces, accents), a staged rename by its new name, nothing where there is no work tree or no git.
@Suite struct DirtyTreeGuardTests {
    static let gitInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/git")

    @discardableResult
    static func git(_ arguments: [String], in folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-C", folder] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: gitInstalled, "git is not installed"))
    func gitsAnswerNamesEachFileAsItIsOnDisk() throws {
        let folder = TemporaryFolder()
        for name in ["a b.png", "é.png", "clean.png"] { folder.write("repo/icons/\(name)", name) }
        let repository = folder.url("repo")
        try Self.git(["init", "-q"], in: repository)
        try Self.git(["add", "-A"], in: repository)
        try Self.git(["commit", "-q", "-m", "icons"], in: repository)
        folder.write("repo/icons/é.png", "changed")
        try Self.git(["mv", "icons/a b.png", "icons/c d.png"], in: repository)
        folder.write("repo/icons/new.png", "untracked")
        let check = DirtyTreeGuard(folder: folder.url("repo/icons"))
        let paths = ["é.png", "c d.png", "clean.png", "new.png", "absent.png"].map { folder.url("repo/icons/\($0)") }
        let answer = try #require(try check.uncommitted(paths))
        #expect(Set(answer.files) == ["icons/é.png", "icons/c d.png", "icons/new.png"], "\(answer.files)")
        #expect(try check.uncommitted([folder.url("repo/icons/clean.png")])?.files == [])
    }

    @Test func withoutAWorkTreeOrWithoutGitNothingIsAsked() throws {
        let folder = TemporaryFolder()
        folder.write("plain/Info.plist", "x")
        if Self.gitInstalled {
            #expect(try DirtyTreeGuard(folder: folder.url("plain")).uncommitted([folder.url("plain/Info.plist")]) == nil)
        }
        var noGit = DirtyTreeGuard(folder: folder.url("plain"))
        noGit.searchPath = [folder.path]
        #expect(try noGit.uncommitted([folder.url("plain/Info.plist")]) == nil)
    }

    @Test func aRenameIsListedByItsNewName() {
        let output = Data("R  new.png\0old.png\0 M Info.plist\0?? x y.png\0".utf8)
        #expect(DirtyTreeGuard.paths(ofPorcelain: output) == ["new.png", "Info.plist", "x y.png"])
    }

    @Test func aRefusalNamesAFewFilesAndCountsTheRest() {
        let one = DirtyTreeError(workTree: "/r", kind: .uncommittedChanges(["Info.plist"]))
        #expect(one.description(writingAnyway: "give --allow-dirty")
            == "Info.plist has uncommitted changes in the git work tree /r; commit or stash it first, or give --allow-dirty to write all the same")
        let five = DirtyTreeError(workTree: "/r", kind: .uncommittedChanges(["a", "b", "c", "d", "e"]))
        #expect(five.description == "a, b, c and 2 more have uncommitted changes in the git work tree /r; commit or stash them first")
    }
}
