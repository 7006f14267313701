import Foundation
import FuzzHarness
import Testing

/// The `transaction-journal` target on the journal a real stopped run leaves, on that journal
/// pointed through the project's link to a file outside, and on damaged copies of it: the real
/// one is undone, and nothing outside the project is ever touched (the target's preconditions).
@Suite(.serialized) struct TransactionJournalTargetTests {
    let run = FuzzHarness.targets["transaction-journal"]!

    func seed() throws -> [UInt8] { [UInt8](try #require(FuzzHarness.journalSeed, "the stopped run left no journal")) }

    @Test func aRealJournalIsUndone() throws {
        run(try seed())
        let project = FuzzHarness.journalProject
        #expect(FileManager.default.contents(atPath: project + "/App/Info.plist") == FuzzHarness.journalOriginal)
        #expect(!FileManager.default.fileExists(atPath: project + "/App/new.png"))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: project)).contains { $0.hasPrefix(".iconchooser-") })
    }

    @Test func aJournalPointingThroughALinkTouchesNothingOutside() throws {
        var journal = try #require(try JSONSerialization.jsonObject(with: Data(try seed())) as? [String: Any])
        var entries = try #require(journal["entries"] as? [[String: Any]])
        let created = try #require(entries.firstIndex { $0["path"] as? String == "App/new.png" })
        // Its fingerprint is that of the file the link leads to: followed, the undo would remove it.
        entries[created]["path"] = "Linked/keep.txt"
        journal["entries"] = entries
        run([UInt8](try JSONSerialization.data(withJSONObject: journal)))
        #expect(FileManager.default.contents(atPath: FuzzHarness.journalProject + "/App/new.png") == FuzzHarness.journalEdited,
                "the project is left as it was: a journal naming a link is not acted on")
    }

    @Test func damagedJournalsAreRefusedOrUndoneWithinTheProject() throws {
        let seed = try seed()
        for position in stride(from: 0, to: seed.count, by: max(1, seed.count / 32)) {
            for replacement: UInt8 in [0x00, 0x2F, 0x2E, 0x22, 0x39] {
                var damaged = seed
                damaged[position] = replacement
                run(damaged)
            }
        }
        run(Array(seed.prefix(seed.count / 2)))
        run([])
    }
}
