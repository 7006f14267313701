import FileAccess
import Foundation
import Testing
@testable import IconCatalog

@Suite struct PlistLoaderTests {
    private func failure(_ build: (TemporaryFolder) -> String) -> CatalogError? {
        let folder = TemporaryFolder()
        do {
            _ = try CatalogReader.read(app: build(folder))
            return nil
        } catch {
            return error
        }
    }

    @Test func emptyFileIsRefused() {
        #expect(failure { $0.write("Info.plist", "") }?.description.hasSuffix("Info.plist: file is empty, not a property list") == true)
    }

    @Test func textIsNotAPlist() {
        guard case .notAPlist? = failure({ $0.write("Info.plist", "hello, world\n") }) else {
            Issue.record("text was accepted as a plist")
            return
        }
    }

    @Test func xmlFragmentWithoutPlistRootIsRefused() {
        let error = failure { $0.write("Info.plist", "<!-- c --><dict><key>CFBundleIcons</key><dict/></dict>") }
        #expect(error?.description.contains("fragment") == true)
    }

    @Test func truncatedBinaryPlistIsRefused() throws {
        let whole = try PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIcons": PlistShapes.icons(alternates: ["a": PlistShapes.alternate(["a"])])],
            format: .binary, options: 0)
        for cut in [8, whole.count / 2, whole.count - 1] {
            guard case .notAPlist? = failure({ $0.write("Info.plist", whole.prefix(cut)) }) else {
                Issue.record("truncated at \(cut) bytes was not refused as a broken plist")
                continue
            }
        }
    }

    @Test func deepNestingIsRefusedWithoutCrashing() {
        let xml = "<?xml version=\"1.0\"?><plist version=\"1.0\">" + String(repeating: "<array>", count: 10_000)
            + String(repeating: "</array>", count: 10_000) + "</plist>"
        guard case .notAPlist? = failure({ $0.write("Info.plist", xml) }) else {
            Issue.record("10,000 levels of nesting were accepted")
            return
        }
    }

    @Test func deepBinaryNestingIsRefused() {
        var builder = BinaryPlistBuilder()
        var inner = builder.array([])
        for _ in 0..<2_000 { inner = builder.array([inner]) }
        let top = builder.dictionary([("CFBundleIcons", inner)])
        guard case .tooComplex? = failure({ $0.write("Info.plist", builder.build(top: top)) }) else {
            Issue.record("2,000 levels of binary nesting were accepted")
            return
        }
    }

    @Test func sharedReferenceBombIsRefusedQuickly() {
        let bomb = BinaryPlistBuilder.sharedReferenceBomb()
        #expect(bomb.count > 100_000 && bomb.count < 200_000)
        // Refused before Foundation expands it (which alone takes seconds and ~1 GB); `make bench` times it.
        let error = failure { $0.write("Info.plist", bomb) }
        guard case .tooComplex? = error else {
            Issue.record("the shared-reference plist was not refused: \(String(describing: error))")
            return
        }
    }

    @Test func referenceCycleIsRefused() {
        var builder = BinaryPlistBuilder()
        let array = builder.array([0])  // refers to itself
        let top = builder.dictionary([("CFBundleIcons", array)])
        guard case .notAPlist? = failure({ $0.write("Info.plist", builder.build(top: top)) }) else {
            Issue.record("a cyclic binary plist was accepted")
            return
        }
    }

    @Test func binaryPlistsWithSharedReferencesWithinBoundsAreRead() throws {
        var builder = BinaryPlistBuilder()
        let files = builder.array([builder.string("shared")])
        let alternates = builder.dictionary((0..<50).map { ("alt\($0)", builder.dictionary([("CFBundleIconFiles", files)])) })
        let top = builder.dictionary([("CFBundleIcons", builder.dictionary([("CFBundleAlternateIcons", alternates)]))])
        let folder = TemporaryFolder()
        let catalog = try CatalogReader.read(app: folder.write("Info.plist", builder.build(top: top)))
        #expect(catalog.alternates.count == 50)
    }

    @Test func topLevelMustBeADictionary() {
        guard case .notADictionary? = failure({ folder in
            folder.write("Info.plist", try! PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0))
        }) else {
            Issue.record("an array plist was accepted")
            return
        }
    }

    @Test func fifoAndFoldersWithoutPlistAreRefusedWithoutWaiting() {
        let folder = TemporaryFolder()
        #expect(mkfifo(folder.url("pipe.plist"), 0o600) == 0)
        #expect(throws: CatalogError.notARegularFile(path: folder.url("pipe.plist"), kind: .fifo)) {
            try CatalogReader.read(app: folder.url("pipe.plist"))
        }
        #expect(throws: CatalogError.noApp(directory: folder.path)) {
            try CatalogReader.read(app: folder.path)
        }
        #expect(throws: CatalogError.notFound(path: folder.url("missing"))) {
            try CatalogReader.read(app: folder.url("missing"))
        }
    }

    @Test func hugeFilesAreRefusedBeforeReading() throws {
        let folder = TemporaryFolder()
        let path = folder.url("Info.plist")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(PlistLoader.maximumFileSize + 1))
        try handle.close()
        guard case .tooLarge? = readError(path) else {
            Issue.record("an oversized plist was read")
            return
        }
    }

    @Test func errorsAreOneLineAndCleanOfControlCharacters() {
        let folder = TemporaryFolder()
        let path = folder.url("evil\u{1B}[2J\u{202E}name.plist")
        folder.write("evil\u{1B}[2J\u{202E}name.plist", "")
        let description = readError(path)?.description ?? ""
        #expect(description.contains("evil[2Jname.plist: file is empty"))
        #expect(!description.contains("\n"))
    }
}

/// The error reading `app` gives, or nil when it reads.
func readError(_ app: String) -> CatalogError? {
    do {
        _ = try CatalogReader.read(app: app)
        return nil
    } catch {
        return error
    }
}
