import Foundation
import IconCatalog
import Testing
import TestSupport

/// The zip reader on archives made in memory: what it reads, and every way it refuses.
@Suite struct ZipArchiveTests {
    private let plist = Data("<plist><dict/></plist>".utf8)

    private func archive(_ entries: [RawZip.Entry], limits: ZipArchive.Limits = .standard) throws(ZipArchiveError) -> ZipArchive {
        try ZipArchive(data: RawZip(entries).build(), name: "test.ipa", limits: limits)
    }

    private func failure(_ body: () throws -> Void) -> ZipArchiveError? {
        do { try body() } catch let error as ZipArchiveError { return error } catch { Issue.record("\(error)") }
        return nil
    }

    @Test func readsStoredAndDeflatedEntriesAndTheirPrefixes() throws {
        let text = Data(String(repeating: "alternate icons ", count: 500).utf8)
        let zip = try archive([.stored("a.txt", plist), .deflated("b.txt", text)])
        #expect(zip.entries.map(\.name) == ["a.txt", "b.txt"])
        #expect(zip.entries.map(\.method) == [0, 8])
        #expect(try zip.contents(of: zip.entries[0], limit: 1000) == plist)
        #expect(try zip.contents(of: zip.entries[1], limit: 100_000) == text)
        #expect(try zip.prefix(of: zip.entries[1], count: 15) == text.prefix(15))
        #expect(try zip.prefix(of: zip.entries[0], count: 1000) == plist)
    }

    @Test func anArchiveWrittenByZIPFoundationReadsBack() throws {
        let folder = TemporaryFolder()
        let app = BuiltAppFixture()
        let reader = try ZipArchive(path: try app.writeIPA(in: folder))
        let files = reader.entries.filter { $0.kind == .file }
        #expect(files.map(\.name) == app.entries.map(\.name))
        for (entry, expected) in zip(files, app.entries) {
            let got = try reader.contents(of: entry, limit: 1 << 20)
            if entry.name.hasSuffix("Info.plist") {
                // Two binary serialisations of one dictionary may order its keys differently.
                func parsed(_ data: Data) throws -> NSDictionary? {
                    try PropertyListSerialization.propertyList(from: data, format: nil) as? NSDictionary
                }
                #expect(try parsed(got) == parsed(expected.data))
            } else {
                #expect(got == expected.data, "\(entry.name)")
            }
        }
        #expect(reader.entries.filter { $0.kind == .directory }.map(\.name) == ["Payload/", "Payload/Sample.app/"])
    }

    @Test func whatIsNoZipIsSaidSo() {
        for bytes in [Data(), Data("just some words\n".utf8), Data(count: 100_000), plist] {
            #expect(failure { _ = try ZipArchive(data: bytes, name: "x.ipa") }.map { if case .notAZipArchive = $0 { true } else { false } } == true)
        }
    }

    @Test func aTruncatedArchiveIsRefused() throws {
        let whole = RawZip([.stored("a", plist), .deflated("b", Data(count: 5000))]).build()
        for length in [whole.count / 2, whole.count - 1, whole.count - 30] {
            #expect(failure { _ = try ZipArchive(data: whole.prefix(length), name: "x.ipa") } != nil, "\(length)")
        }
    }

    @Test func aDirectoryOutsideTheFileIsDamage() throws {
        var bytes = RawZip([.stored("a", plist)]).build()
        // The end record's directory offset (at 16 of the last 22 bytes) pointed far past the end.
        bytes.replaceSubrange(bytes.count - 6..<bytes.count - 2, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let error = failure { _ = try ZipArchive(data: bytes, name: "x.ipa") }
        #expect(error?.description.contains("lies outside the file") == true, "\(String(describing: error))")
    }

    @Test func theEntryLimitIsCheckedBeforeTheDirectoryIsRead() throws {
        var limits = ZipArchive.Limits.standard
        limits.maximumEntries = 3
        let error = failure { _ = try archive((0..<4).map { .stored("f\($0)", plist) }, limits: limits) }
        #expect(error == .tooLarge(entry: nil, reason: "its directory lists 4 entries; more than 3 are refused"))
        #expect(try archive((0..<3).map { .stored("f\($0)", plist) }, limits: limits).entries.count == 3)
    }

    @Test func aZipBombWithItsTrueSizeIsRefusedBeforeInflating() throws {
        // Refused on what the headers say, so the test need not deflate 130 MB to make them.
        let zip = try archive([.zeros("bomb.png", count: 1 << 20, declaring: 100 << 20),
                               .zeros("dense.png", count: 1 << 20, declaring: 30 << 20)])
        let started = Date()
        let error = failure { _ = try zip.contents(of: zip.entries[0], limit: 64 << 20) }
        #expect(error?.description.contains("over the limit") == true, "\(String(describing: error))")
        // Within the size limit, the ratio gives it away.
        let ratio = failure { _ = try zip.contents(of: zip.entries[1], limit: 64 << 20) }
        #expect(ratio?.description.contains("zip bomb") == true, "\(String(describing: ratio))")
        #expect(Date().timeIntervalSince(started) < 5)  // a generous bound; the binary's CPU time is measured end to end
    }

    @Test func aZipBombThatLiesAboutItsSizeStopsWhereItsHeaderSaid() throws {
        let zip = try archive([.zeros("bomb.png", count: 8 << 20, declaring: 4096)])
        let started = Date()
        let error = failure { _ = try zip.contents(of: zip.entries[0], limit: 64 << 20) }
        #expect(error == .damaged(entry: "bomb.png", reason: "inflates past its declared size of 4096 bytes (a zip bomb, or damaged); refused"))
        #expect(failure { _ = try zip.prefix(of: zip.entries[0], count: 64) } == error)
        #expect(Date().timeIntervalSince(started) < 5)  // a generous bound; the binary's CPU time is measured end to end
    }

    @Test func theArchiveWideBudgetStopsManyModestEntries() throws {
        var limits = ZipArchive.Limits.standard
        limits.maximumTotalInflated = 3 << 20
        let zip = try archive((0..<4).map { .zeros("z\($0)", count: 1 << 20) }, limits: limits)
        for entry in zip.entries.prefix(3) { #expect(try zip.contents(of: entry, limit: 2 << 20).count == 1 << 20) }
        // Reading an entry again (a picture redrawn at another size) costs nothing more.
        #expect(try zip.contents(of: zip.entries[0], limit: 2 << 20).count == 1 << 20)
        let error = failure { _ = try zip.contents(of: zip.entries[3], limit: 2 << 20) }
        #expect(error?.description.contains("more than \(3 << 20) bytes from the archive in all") == true)
    }

    @Test func aDeflateStreamCutShortEndsWithAnErrorNotAHang() throws {
        var entry = RawZip.Entry.deflated("cut.plist", Data((0..<60_000).map { UInt8(truncatingIfNeeded: $0 * 7) }))
        entry.stored = entry.stored.prefix(entry.stored.count / 2)
        entry.compressedSize = UInt32(entry.stored.count)
        let zip = try archive([entry])
        let error = failure { _ = try zip.contents(of: zip.entries[0], limit: 1 << 20) }
        #expect(error?.entry == "cut.plist" && error?.reason.contains("cut short") == true, "\(String(describing: error))")
    }

    @Test func aWrongChecksumIsDamage() throws {
        var entry = RawZip.Entry.deflated("Info.plist", plist)
        entry.crc32 ^= 1
        var stored = RawZip.Entry.stored("stored", plist)
        stored.crc32 ^= 1
        let zip = try archive([entry, stored])
        for index in 0..<2 {
            #expect(failure { _ = try zip.contents(of: zip.entries[index], limit: 1000) }?.reason == "checksum does not match its contents")
        }
    }

    @Test func entriesThatAreNeverRead() throws {
        var encrypted = RawZip.Entry.stored("secret.png", plist)
        encrypted.flags |= 1
        var bzip2 = RawZip.Entry.stored("bz.png", plist)
        bzip2.method = 12
        var fifo = RawZip.Entry.stored("fifo", Data())
        fifo.unixMode = 0o010644
        let zip = try archive([encrypted, bzip2, .symlink("link.png", to: "/etc/passwd"), fifo])
        let reasons = zip.entries.map { entry in failure { _ = try zip.contents(of: entry, limit: 1000) } }
        #expect(reasons == [
            .unsupported(entry: "secret.png", reason: "is encrypted"),
            .unsupported(entry: "bz.png", reason: "uses compression method 12; only stored and deflate are read"),
            .unsupported(entry: "link.png", reason: "is a symbolic link; links in an archive are never followed"),
            .unsupported(entry: "fifo", reason: "is a special file (FIFO, device or socket)"),
        ])
    }

    @Test func aLocalHeaderThatDisagreesWithTheDirectoryIsDamage() throws {
        var bytes = RawZip([.stored("Info.plist", plist)]).build()
        // The local header's copy of the name (after its 30 bytes) no longer matches.
        bytes[30] = UInt8(ascii: "X")
        let zip = try ZipArchive(data: bytes, name: "x.ipa")
        #expect(failure { _ = try zip.contents(of: zip.entries[0], limit: 1000) }?.reason
            == "its local header names another file; the directory and the data disagree")
    }

    @Test func unsafeNamesAreRecognised() throws {
        let zip = try archive(["../evil.png", "/etc/passwd", "a/../../b", "dir\\x.png", "ok/name..png"].map { .stored($0, plist) })
        #expect(zip.entries.map(\.unsafeNameReason) == ["contains “..”", "is an absolute path", "contains “..”",
                                                        "contains a backslash", nil])
    }

    @Test func aFIFOIsRefusedWithoutWaiting() throws {
        let folder = TemporaryFolder()
        let fifo = folder.url("App.ipa")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(failure { _ = try ZipArchive(path: fifo) } == .cannotOpen(reason: "not a regular file (a FIFO)"))
    }
}
