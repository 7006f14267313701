import Foundation
import ProjectWriting

extension FuzzHarness {
    /// The project `transactionJournal` recovers in.
    public static var journalProject: String { scratch + "/journal-project" }

    /// What the original and the edited file of `transactionJournal`'s project hold.
    public static let journalOriginal = Data("<plist>old</plist>\n".utf8)
    public static let journalEdited = Data("<plist>new</plist>\n".utf8)

    /// The recovery of an interrupted edit, acting on the fuzzer's bytes as its journal, in a
    /// project of its own: a plist (as edited), its kept original, a new file, and a link
    /// leading out to a file that must never be touched, whatever the journal says; a second
    /// recovery finds nothing left to do, or the same problem.
    public static func transactionJournal(_ bytes: [UInt8]) {
        let root = journalProject
        let outside = scratch + "/journal-outside"
        let manager = FileManager.default
        try? manager.removeItem(atPath: root)
        try? manager.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        try? manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
        manager.createFile(atPath: outside + "/keep.txt", contents: journalEdited)
        try? manager.createSymbolicLink(atPath: root + "/Linked", withDestinationPath: outside)
        manager.createFile(atPath: root + "/App/Info.plist", contents: journalEdited)
        manager.createFile(atPath: root + "/App/new.png", contents: journalEdited)
        let folder = root + "/.iconchooser-transaction-fuzz"
        try? manager.createDirectory(atPath: folder, withIntermediateDirectories: false)
        manager.createFile(atPath: folder + "/0", contents: journalOriginal)
        manager.createFile(atPath: folder + "/journal.json", contents: Data(bytes))
        guard let real = try? manager.destinationOfSymbolicLink(atPath: root + "/Linked"), real == outside else { return }
        let first = Result { try TransactionRecovery.recover(in: root) }
        precondition(manager.contents(atPath: outside + "/keep.txt") == journalEdited, "a journal reached outside its project")
        precondition(FileManager.default.fileExists(atPath: root + "/Linked"), "a journal removed the link itself")
        if case .success = first {
            precondition((try? TransactionRecovery.recover(in: root)) == .some(nil), "a recovery left something to recover")
        }
    }

    /// A journal as the writer leaves it in `transactionJournal`'s project: the plist edited
    /// and a file created, the run stopped as a kill stops it before it let go of them.
    public static var journalSeed: Data? {
        let root = scratch + "/journal-seed"
        let manager = FileManager.default
        try? manager.removeItem(atPath: root)
        try? manager.createDirectory(atPath: root + "/App", withIntermediateDirectories: true)
        manager.createFile(atPath: root + "/App/Info.plist", contents: journalOriginal)
        var changes = ChangeSet()
        try? changes.write(journalEdited, to: root + "/App/Info.plist")
        try? changes.write(journalEdited, to: root + "/App/new.png")
        var transaction = FileTransaction(boundary: root)
        // The journal, two temporaries, the original set aside, the plist exchanged: then the stop.
        transaction.abandoningAtStep = 7
        _ = try? transaction.apply(changes.changes)
        let folder = (try? manager.contentsOfDirectory(atPath: root))?.first { $0.hasPrefix(".iconchooser-transaction-") }
        return folder.flatMap { manager.contents(atPath: root + "/" + $0 + "/journal.json") }
    }
}
