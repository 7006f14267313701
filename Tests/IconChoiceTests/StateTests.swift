import Foundation
import IconCatalog
@testable import IconChoice
import TestSupport
import TerminalText
import Testing

@Suite struct FileChoiceStoreTests {
    @Test func missingStateReadsAsPrimaryWithoutWarning() {
        let folder = TemporaryFolder()
        #expect(FileChoiceStore(path: folder.url("state.json")).load() == StoredChoice(name: nil))
    }

    @Test func saveThenLoadRoundTripsAndLeavesNoTemporaryFiles() throws {
        let folder = TemporaryFolder()
        let store = FileChoiceStore(path: folder.url("deep/er/state.json"))
        try store.save("black-white")
        #expect(store.load() == StoredChoice(name: "black-white"))
        try store.save(nil)
        #expect(store.load() == StoredChoice(name: nil))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url("deep/er")).sorted()
        #expect(left == ["state.json", "state.json.lock"])
    }

    @Test func saveKeepsTheFilesPermissions() throws {
        let folder = TemporaryFolder()
        let store = FileChoiceStore(path: folder.url("state.json"))
        try store.save("a")
        #expect(chmod(store.path, 0o640) == 0)
        try store.save("b")
        #expect(try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int == 0o640)
    }

    @Test func corruptStateReadsAsPrimaryWithAWarningAndIsKept() throws {
        let folder = TemporaryFolder()
        let path = folder.write("state.json", "{ this is not json")
        let choice = FileChoiceStore(path: path).load()
        #expect(choice.name == nil)
        #expect(choice.warnings.count == 1)
        #expect(choice.warnings[0].description.contains("not a valid state file"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{ this is not json")
    }

    @Test func oversizedStateIsNotRead() {
        let folder = TemporaryFolder()
        let path = folder.write("state.json", String(repeating: " ", count: FileChoiceStore.maximumSize + 1))
        let choice = FileChoiceStore(path: path).load()
        #expect(choice.name == nil)
        #expect(choice.warnings.first?.message.contains("bytes") == true)
    }

    @Test func unwritableFolderFailsAndChangesNothing() throws {
        let folder = TemporaryFolder()
        let blocker = folder.write("not-a-folder", "x")
        let store = FileChoiceStore(path: blocker + "/state.json")
        #expect(throws: StateError.self) { try store.save("a") }
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "x")
    }

    @Test func stateKeyStaysInsideTheStateFolder() {
        for identifier in ["../../etc/passwd", "/abs/path", "..", "a/b\u{0}c", "com.example.app", "$(PRODUCT_BUNDLE_IDENTIFIER)", ""] {
            let key = FileChoiceStore.stateKey(bundleIdentifier: identifier, plistPath: "/tmp/x/Info.plist")
            #expect(!key.contains("/") && !key.hasPrefix(".") && !key.isEmpty, "\(identifier) → \(key)")
        }
        #expect(FileChoiceStore.stateKey(bundleIdentifier: "com.example.app", plistPath: "/x") == "com.example.app")
        let a = FileChoiceStore.stateKey(bundleIdentifier: "$(PRODUCT_BUNDLE_IDENTIFIER)", plistPath: "/a/Info.plist")
        let b = FileChoiceStore.stateKey(bundleIdentifier: "$(PRODUCT_BUNDLE_IDENTIFIER)", plistPath: "/b/Info.plist")
        #expect(a != b)
        #expect(a == FileChoiceStore.stateKey(bundleIdentifier: nil, plistPath: "/a/../a/Info.plist"))
    }

    @Test func anAssetCatalogAloneIsKeptUnderItsPath() throws {
        let folder = TemporaryFolder()
        let contents = #"{"images": [{"idiom": "universal", "platform": "ios", "size": "1024x1024"}]}"#
        folder.write("One.xcassets/AppIcon.appiconset/Contents.json", contents)
        folder.write("Two.xcassets/AppIcon.appiconset/Contents.json", contents)
        let one = try CatalogReader.read(app: folder.url("One.xcassets"))
        let two = try CatalogReader.read(app: folder.url("Two.xcassets"))
        #expect(one.bundleIdentifier == nil)
        #expect(FileChoiceStore.stateKey(for: one).hasPrefix("path-"))
        #expect(FileChoiceStore.stateKey(for: one) != FileChoiceStore.stateKey(for: two))
    }

    @Test func defaultPathFollowsXDG() throws {
        let catalog = try CatalogReader.read(app: Repository.demoPlist)
        #expect(FileChoiceStore.defaultPath(for: catalog, environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
                == "/s/iconchooser/com.example.iconchooser.colourful.json")
        #expect(FileChoiceStore.defaultPath(for: catalog, environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])
                == "/h/.local/state/iconchooser/com.example.iconchooser.colourful.json")
    }
}

@Suite struct IconManagerTests {
    private func manager(store: any ChoiceStore = MemoryChoiceStore()) throws -> IconManager {
        IconManager(catalog: try CatalogReader.read(app: Repository.demoPlist), store: store)
    }

    @Test func mirrorsUIKitAPI() async throws {
        let manager = try manager()
        #expect(manager.supportsAlternateIcons)
        #expect(manager.alternateIconName == nil)
        try await manager.setAlternateIconName("multi-black")
        #expect(manager.alternateIconName == "multi-black")
        try await manager.setAlternateIconName(nil)
        #expect(manager.alternateIconName == nil)
    }

    @Test func unknownNameThrowsAndKeepsTheOldChoice() async throws {
        let manager = try manager(store: MemoryChoiceStore(name: "white-black"))
        await #expect(throws: IconManagerError.unknownIcon(name: "nope", app: Repository.demoPlist,
            validNames: ["black-white", "white-black", "multi-black", "black-multi"])) {
            try await manager.setAlternateIconName("nope")
        }
        #expect(manager.alternateIconName == "white-black")
    }

    @Test func noAlternatesMeansOnlyThePrimaryCanBeSet() async throws {
        let folder = TemporaryFolder()
        let plist = folder.writePlist(["CFBundleIcons": ["CFBundlePrimaryIcon": ["CFBundleIconFiles": ["AppIcon"]]]])
        let manager = IconManager(catalog: try CatalogReader.read(app: plist), store: MemoryChoiceStore())
        #expect(!manager.supportsAlternateIcons)
        await #expect(throws: IconManagerError.alternateIconsNotSupported(app: plist, iconsKey: "CFBundleIcons")) {
            try await manager.setAlternateIconName("x")
        }
        try await manager.setAlternateIconName(nil)
    }

    @Test func saveFailureIsReportedAndTheChoiceStays() async throws {
        let failing = MemoryChoiceStore(name: "black-multi", failing: StateError(path: "/ro/state.json", reason: "read-only"))
        let manager = try manager(store: failing)
        await #expect(throws: IconManagerError.cannotSave(StateError(path: "/ro/state.json", reason: "read-only"))) {
            try await manager.setAlternateIconName("black-white")
        }
        #expect(manager.alternateIconName == "black-multi")
    }

    @Test func staleNameReadsAsPrimaryWithAWarning() throws {
        let choice = try manager(store: MemoryChoiceStore(name: "gone")).currentChoice()
        #expect(choice.name == nil)
        #expect(choice.warnings.first?.message.contains("no longer declares") == true)
    }

    @Test func choicePersistsThroughAFileAcrossManagers() async throws {
        let folder = TemporaryFolder()
        try await manager(store: FileChoiceStore(path: folder.url("s.json"))).setAlternateIconName("black-multi")
        #expect(try manager(store: FileChoiceStore(path: folder.url("s.json"))).alternateIconName == "black-multi")
    }
}
