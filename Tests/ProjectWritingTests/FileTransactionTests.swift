import FileAccess
import Foundation
@testable import ProjectWriting
import Testing
import TestSupport

/// Everything under a folder: each path with its kind, permissions and bytes (or link target),
/// and a file's inode, so that a file put back is known to be the very file, not a copy.
struct FolderSnapshot: Equatable, CustomStringConvertible {
    struct Item: Equatable {
        let kind: FileAttributeType
        let permissions: Int
        let contents: Data?
        let inode: Int
    }

    let items: [String: Item]

    init(_ root: String) {
        var items: [String: Item] = [:]
        let manager = FileManager.default
        let walker = manager.enumerator(atPath: root)
        while let relative = walker?.nextObject() as? String {
            let path = root + "/" + relative
            let attributes = (try? manager.attributesOfItem(atPath: path)) ?? [:]
            let kind = attributes[.type] as? FileAttributeType ?? .typeUnknown
            let contents = kind == .typeRegular ? manager.contents(atPath: path)
                : kind == .typeSymbolicLink ? (try? manager.destinationOfSymbolicLink(atPath: path)).map { Data($0.utf8) } : nil
            items[relative] = Item(kind: kind, permissions: (attributes[.posixPermissions] as? Int) ?? -1, contents: contents,
                                   inode: kind == .typeRegular ? (attributes[.systemFileNumber] as? Int) ?? -1 : -1)
        }
        self.items = items
    }

    /// Equality ignoring inode numbers, for a state rebuilt rather than kept.
    func sameContents(as other: FolderSnapshot) -> Bool {
        items.keys.sorted() == other.items.keys.sorted() && items.allSatisfy { key, item in
            let theirs = other.items[key]!
            return item.kind == theirs.kind && item.permissions == theirs.permissions && item.contents == theirs.contents
        }
    }

    var description: String {
        items.keys.sorted().map { "\($0) \(items[$0]!.kind.rawValue) \(String(items[$0]!.permissions, radix: 8)) \(items[$0]!.contents?.count ?? -1)" }
            .joined(separator: "\n")
    }
}

/// A small project: a plist to change, a set to delete, a place for a new set.
struct TransactionFixture {
    let folder = TemporaryFolder()
    var root: String { folder.path }
    let plist: String
    let script: String
    let oldSet: String

    init() {
        plist = folder.write("App/Info.plist", "<plist>old</plist>\n")
        script = folder.write("App/run.sh", "#!/bin/sh\n")
        chmod(script, 0o751)
        oldSet = folder.write("App/Assets.xcassets/Old.appiconset/Contents.json", "{}\n")
        folder.write("App/Assets.xcassets/Contents.json", "{}\n")
    }

    var newSet: String { folder.url("App/Assets.xcassets/New.appiconset/Contents.json") }
    var newImage: String { folder.url("App/Assets.xcassets/New.appiconset/icon.png") }

    func changes() throws -> [FileChange] {
        var set = ChangeSet()
        try set.write(text: "<plist>new</plist>\n", to: plist)
        try set.write(text: "#!/bin/sh\necho hi\n", to: script)
        try set.delete(oldSet)
        try set.write(text: "{\"images\":[]}\n", to: newSet)
        try set.write(Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]), to: newImage)
        return set.changes
    }
}

@Suite struct FileTransactionTests {
    @Test func everyChangeLandsAndRestoreGivesBackTheVeryFiles() throws {
        let fixture = TransactionFixture()
        let before = FolderSnapshot(fixture.root)
        let applied = try FileTransaction(boundary: fixture.root).apply(try fixture.changes())
        #expect(try String(contentsOfFile: fixture.plist, encoding: .utf8) == "<plist>new</plist>\n")
        #expect(try String(contentsOfFile: fixture.newSet, encoding: .utf8) == "{\"images\":[]}\n")
        #expect(FileManager.default.contents(atPath: fixture.newImage) == Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]))
        #expect(!FileManager.default.fileExists(atPath: (fixture.oldSet as NSString).deletingLastPathComponent),
                "the emptied Old.appiconset is removed")
        let after = FolderSnapshot(fixture.root)
        #expect(after.items["App/run.sh"]?.permissions == 0o751, "a changed file keeps its permissions")
        #expect(after.items["App/Assets.xcassets/New.appiconset/Contents.json"]?.permissions == before.items["App/Info.plist"]?.permissions,
                "a new file gets what any new file gets under the umask, not a temporary file's 0600")
        let visible = after.items.keys.filter { !$0.hasPrefix(".iconchooser-transaction-") }
        #expect(!visible.contains { ($0 as NSString).lastPathComponent.hasPrefix(".") }, "no temporaries left beside the files: \(visible)")
        try applied.restore()
        #expect(FolderSnapshot(fixture.root) == before, "the same files, inodes included, and nothing else")
        try applied.restore()
        #expect(FolderSnapshot(fixture.root) == before, "restoring twice does nothing more")
    }

    @Test func commitKeepsTheChangesAndDropsTheOriginals() throws {
        let fixture = TransactionFixture()
        let applied = try FileTransaction(boundary: fixture.root).apply(try fixture.changes())
        let written = FolderSnapshot(fixture.root)
        applied.commit()
        let committed = FolderSnapshot(fixture.root)
        #expect(!committed.items.keys.contains { $0.hasPrefix(".iconchooser-") }, "\(committed)")
        #expect(committed.items == written.items.filter { !$0.key.hasPrefix(".iconchooser-") })
        try applied.restore()
        #expect(FolderSnapshot(fixture.root) == committed, "nothing to restore once committed")
    }

    /// Fails at every step in turn: each failure leaves the disk exactly as it was.
    @Test func aFailureAtAnyStepLeavesEveryFileAsItWas() throws {
        let fixture = TransactionFixture()
        let before = FolderSnapshot(fixture.root)
        let changes = try fixture.changes()
        var transaction = FileTransaction(boundary: fixture.root)
        var failures = 0
        for step in 1...100 {
            transaction.failingAtStep = step
            do {
                let applied = try transaction.apply(changes)
                applied.commit()
                break
            } catch {
                #expect(error.kind == .injectedFailure(step: step))
                #expect(FolderSnapshot(fixture.root) == before, "after a failure at step \(step)")
                failures += 1
            }
        }
        #expect(failures >= 14, "folders, temporaries, set-aside originals, renames and removals are all steps")
        #expect(try String(contentsOfFile: fixture.plist, encoding: .utf8) == "<plist>new</plist>\n", "then it succeeds")
    }

    @Test func aFileChangedSinceItWasReadIsNotOverwritten() throws {
        let fixture = TransactionFixture()
        let changes = try fixture.changes()
        try "<plist>edited meanwhile</plist>\n".write(toFile: fixture.plist, atomically: false, encoding: .utf8)
        let before = FolderSnapshot(fixture.root)
        #expect(throws: FileTransactionError(path: fixture.plist, kind: .changedOnDisk)) {
            try FileTransaction(boundary: fixture.root).apply(changes)
        }
        #expect(FolderSnapshot(fixture.root) == before)
        let message = FileTransactionError(path: fixture.plist, kind: .changedOnDisk).description
        #expect(message == "\(fixture.plist): changed on disk since it was read; nothing was written")
    }

    @Test func aFileToCreateThatAppearedIsNotOverwritten() throws {
        let fixture = TransactionFixture()
        let changes = try fixture.changes()
        fixture.folder.write("App/Assets.xcassets/New.appiconset/icon.png", "someone else's")
        let before = FolderSnapshot(fixture.root)
        #expect(throws: FileTransactionError(path: fixture.newImage, kind: .appearedOnDisk)) {
            try FileTransaction(boundary: fixture.root).apply(changes)
        }
        #expect(FolderSnapshot(fixture.root) == before)
    }

    @Test func nothingIsWrittenOutsideTheBoundaryOrThroughALink() throws {
        let fixture = TransactionFixture()
        let outside = TemporaryFolder()
        let before = FolderSnapshot(fixture.root)
        let escaping = FileChange(path: fixture.folder.url("App/../../\((outside.path as NSString).lastPathComponent)/x.txt"), action: .create(Data("x".utf8)))
        #expect(throws: FileTransactionError(path: escaping.path, kind: .outsideBoundary(boundary: fixture.folder.url("App")))) {
            try FileTransaction(boundary: fixture.folder.url("App")).apply([escaping])
        }
        try FileManager.default.createSymbolicLink(atPath: fixture.folder.url("App/Linked"), withDestinationPath: outside.path)
        let linked = FileChange(path: fixture.folder.url("App/Linked/New/x.txt"), action: .create(Data("x".utf8)))
        #expect(throws: FileTransactionError(path: linked.path, kind: .throughSymbolicLink(component: fixture.folder.url("App/Linked")))) {
            try FileTransaction(boundary: fixture.root).apply(try fixture.changes() + [linked])
        }
        let linkedFile = fixture.folder.url("App/link.plist")
        try FileManager.default.createSymbolicLink(atPath: linkedFile, withDestinationPath: fixture.plist)
        let throughFile = FileChange(path: linkedFile, action: .modify(original: Data("<plist>old</plist>\n".utf8), replacement: Data()))
        #expect(throws: FileTransactionError(path: linkedFile, kind: .throughSymbolicLink(component: linkedFile))) {
            try FileTransaction(boundary: fixture.root).apply([throughFile])
        }
        #expect(FolderSnapshot(outside.path).items.isEmpty)
        #expect(FolderSnapshot(fixture.root).items.filter { !$0.key.hasPrefix("App/Linked") && $0.key != "App/link.plist" } == before.items)
    }

    @Test func aBoundaryReachedThroughALinkIsItsRealFolder() throws {
        let fixture = TransactionFixture()
        let other = TemporaryFolder()
        let alias = other.url("alias")
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: fixture.root)
        let change = FileChange(path: alias + "/App/new.txt", action: .create(Data("n".utf8)))
        try FileTransaction(boundary: alias).apply([change]).commit()
        #expect(FileManager.default.contents(atPath: fixture.folder.url("App/new.txt")) == Data("n".utf8))
    }

    /// Real failures, as root meets them too (permission bits do not stop root).
    @Test func realFailuresLeaveEveryFileAsItWas() throws {
        let fixture = TransactionFixture()
        let before = FolderSnapshot(fixture.root)
        let changes = try fixture.changes()

        // A folder on the way that is a file.
        let underFile = FileChange(path: fixture.plist + "/x.json", action: .create(Data("{}".utf8)))
        #expect(throws: FileTransactionError(path: underFile.path, kind: .notAFolder(component: fixture.plist, .regularFile))) {
            try FileTransaction(boundary: fixture.root).apply(changes + [underFile])
        }
        #expect(FolderSnapshot(fixture.root) == before)

        // A file that is a folder.
        let folderTarget = FileChange(path: fixture.folder.url("App/Assets.xcassets"), action: .modify(original: Data(), replacement: Data("x".utf8)))
        #expect(throws: FileTransactionError(path: folderTarget.path, kind: .notARegularFile(.directory))) {
            try FileTransaction(boundary: fixture.root).apply(changes + [folderTarget])
        }
        #expect(FolderSnapshot(fixture.root) == before)

        // A name longer than the file system allows.
        let long = FileChange(path: fixture.folder.url("App/" + String(repeating: "n", count: 300) + ".png"), action: .create(Data("x".utf8)))
        do {
            _ = try FileTransaction(boundary: fixture.root).apply(changes + [long])
            Issue.record("a 300-byte name must fail")
        } catch {
            guard case .system = error.kind else { Issue.record("\(error)"); return }
            #expect(error.path == long.path)
        }
        #expect(FolderSnapshot(fixture.root) == before)

        // Part-way: `New` is made as a folder for the first file, so the second, a file named
        // `New`, cannot be put in place after the first already is.
        let inFolder = FileChange(path: fixture.folder.url("App/New/inside.txt"), action: .create(Data("1".utf8)))
        let asFile = FileChange(path: fixture.folder.url("App/New"), action: .create(Data("2".utf8)))
        #expect(throws: FileTransactionError(path: asFile.path, kind: .appearedOnDisk)) {
            try FileTransaction(boundary: fixture.root).apply(changes + [inFolder, asFile])
        }
        #expect(FolderSnapshot(fixture.root) == before)
    }

    @Test func aRemovedFolderComesBackWithItsPermissions() throws {
        let fixture = TransactionFixture()
        let setFolder = (fixture.oldSet as NSString).deletingLastPathComponent
        chmod(setFolder, 0o750)
        let before = FolderSnapshot(fixture.root)
        var set = ChangeSet()
        try set.delete(fixture.oldSet)
        let applied = try FileTransaction(boundary: fixture.root).apply(set.changes)
        #expect(!FileManager.default.fileExists(atPath: setFolder))
        #expect(FileManager.default.fileExists(atPath: fixture.folder.url("App/Assets.xcassets")), "a folder still holding files stays")
        try applied.restore()
        #expect(FolderSnapshot(fixture.root).sameContents(as: before), "\(FolderSnapshot(fixture.root))")
        #expect(FolderSnapshot(fixture.root).items["App/Assets.xcassets/Old.appiconset/Contents.json"]?.inode
            == before.items["App/Assets.xcassets/Old.appiconset/Contents.json"]?.inode, "the very file, not a copy")
    }
}

/// A run stopped at any step, as a kill stops it, and what the next run's recovery makes of it.
@Suite struct TransactionRecoveryTests {
    /// Everything but this writer's own leftovers (the transaction folder, temporaries).
    static func visible(_ snapshot: FolderSnapshot) -> [String: FolderSnapshot.Item] {
        snapshot.items.filter { key, _ in
            !key.split(separator: "/").contains { $0.hasPrefix(".iconchooser-") }
        }
    }

    @Test func aRunStoppedAtAnyStepIsTakenBackByTheNext() throws {
        let fixture = TransactionFixture()
        let before = FolderSnapshot(fixture.root)
        let changes = try fixture.changes()
        var transaction = FileTransaction(boundary: fixture.root)
        var stops = 0
        for step in 1...100 {
            transaction.abandoningAtStep = step
            do {
                try transaction.apply(changes).restore()
                break
            } catch {
                #expect(error.kind == .injectedFailure(step: step))
                stops += 1
            }
            let stopped = FolderSnapshot(fixture.root)
            // Right after the stop the files are the old ones, or the new ones, each whole.
            for (path, item) in Self.visible(stopped) where item.kind == .typeRegular {
                let old = before.items[path]?.contents
                let new = changes.first { $0.path.hasSuffix("/" + path) }?.replacement
                #expect(item.contents == old || item.contents == new, "after a stop at step \(step): \(path)")
            }
            let report = try TransactionRecovery.recover(in: try realPath(fixture.root))
            // Stopped at the first step, before its folder was made, it left nothing.
            #expect(report?.transactions == (step == 1 ? nil : 1), "after a stop at step \(step)")
            let recovered = FolderSnapshot(fixture.root)
            #expect(recovered == before, "after a stop at step \(step), recovered:\n\(recovered)")
            #expect(try TransactionRecovery.recover(in: try realPath(fixture.root)) == nil, "nothing is left to recover")
        }
        #expect(stops >= 15, "the journal, folders, temporaries, set-aside originals, renames and removals are all steps")
    }

    @Test func aRunningTransactionIsLeftAlone() throws {
        let fixture = TransactionFixture()
        let applied = try FileTransaction(boundary: fixture.root).apply(try fixture.changes())
        let written = FolderSnapshot(fixture.root)
        #expect(try TransactionRecovery.recover(in: try realPath(fixture.root)) == nil)
        #expect(FolderSnapshot(fixture.root) == written)
        applied.commit()
        #expect(!FolderSnapshot(fixture.root).items.keys.contains { $0.hasPrefix(".iconchooser-") })
    }

    @Test func aFileChangedSinceTheStopIsKeptAndNamed() throws {
        let fixture = TransactionFixture()
        var transaction = FileTransaction(boundary: fixture.root)
        // Stopped as run.sh is about to be replaced: the sets and the plist are already new.
        transaction.abandoningAtStep = 19
        #expect(throws: FileTransactionError.self) { try transaction.apply(try fixture.changes()) }
        #expect(try String(contentsOfFile: fixture.plist, encoding: .utf8) == "<plist>new</plist>\n")
        try "<plist>someone's</plist>\n".write(toFile: fixture.plist, atomically: false, encoding: .utf8)
        let root = try realPath(fixture.root)
        do {
            _ = try TransactionRecovery.recover(in: root)
            Issue.record("a file changed since must not be overwritten")
        } catch {
            #expect(error.path == root + "/App/Info.plist")
            guard case .changedSince(let original?) = error.kind else { Issue.record("\(error)"); return }
            #expect(FileManager.default.contents(atPath: original) == Data("<plist>old</plist>\n".utf8), "what the edit found is kept")
        }
        #expect(try String(contentsOfFile: fixture.plist, encoding: .utf8) == "<plist>someone's</plist>\n")
        #expect(FileManager.default.contents(atPath: fixture.oldSet) == Data("{}\n".utf8), "the rest is taken back")
        #expect(!FileManager.default.fileExists(atPath: (fixture.newSet as NSString).deletingLastPathComponent))
    }

    @Test func aJournalNamingPathsOutsideItsFolderIsNotActedOn() throws {
        let fixture = TransactionFixture()
        let folder = fixture.folder.url(".iconchooser-transaction-abc")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let journal = #"{"version":1,"entries":[{"path":"../x","madeFolders":[],"folders":[]}]}"#
        try journal.write(toFile: folder + "/journal.json", atomically: false, encoding: .utf8)
        #expect(throws: RecoveryProblem.self) { try TransactionRecovery.recover(in: try realPath(fixture.root)) }
    }

    @Test func aSetFolderHoldingOnlyTemporariesCountsAsAbsent() throws {
        let fixture = TransactionFixture()
        let set = fixture.folder.url("App/Assets.xcassets/New.appiconset")
        let leftover = fixture.folder.write("App/Assets.xcassets/New.appiconset/.iconchooser-abc-1.tmp", "half")
        var changes = ChangeSet()
        try NewFileName.claimFolder(set, changes: &changes)
        #expect(changes.changes.map(\.path) == [leftover], "the leftover goes with the edit")
        fixture.folder.write("App/Assets.xcassets/New.appiconset/Contents.json", "{}")
        var again = ChangeSet()
        #expect(throws: IconImageError(path: set, kind: .alreadyExists)) { try NewFileName.claimFolder(set, changes: &again) }
    }
}
