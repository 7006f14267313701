import FileAccess
import Foundation
import IconArt
import IconCatalog
@testable import ProjectWriting
import Testing
import TestSupport

@Suite struct IconSetCompletionTests {
    /// A legacy set as Xcode writes it, with the iPhone 20 pt and App Store slots only, named `Icon-POINTS@SCALEx.png`.
    static func xcodeSet(in folder: TemporaryFolder, marketing: Int = 1024) throws -> String {
        let entries = [IconSetEntry(idiom: .iphone, points: 20, scale: 2, filename: "Icon-20@2x.png"),
                       IconSetEntry(idiom: .iphone, points: 20, scale: 3, filename: "Icon-20@3x.png"),
                       IconSetEntry(idiom: .ipad, points: 20, scale: 1, filename: "Icon-20@1x.png"),
                       IconSetEntry(idiom: .iosMarketing, points: 1024, scale: 1, filename: "Icon-1024@1x.png")]
        let setPath = folder.url("Assets.xcassets/Blue.appiconset")
        _ = folder.write("Assets.xcassets/Blue.appiconset/Contents.json", IconSetWriter.contents(entries))
        for entry in entries {
            let side = entry.idiom == .iosMarketing ? marketing : entry.pixels
            _ = IconImageFixture.writePNG(IconImageFixture.picture(side: side), to: "Assets.xcassets/Blue.appiconset/\(entry.filename!)",
                                          in: folder, alpha: false)
        }
        return setPath
    }

    @Test func missingAlternateSizesAreMadeFromTheLargestImageAndInsertedInXcodesFormat() throws {
        let folder = TemporaryFolder()
        let setPath = try Self.xcodeSet(in: folder)
        let set = AppIconSet.read(at: setPath)
        let missing = IconSetCompletion.missingSlots(in: set, includesPad: true)
        #expect(missing.map(\.pixels) == [120, 152, 167])
        #expect(IconSetCompletion.missingSlots(in: set, includesPad: false).map(\.pixels) == [120])
        var changes = ChangeSet()
        let result = try IconSetCompletion.add(missing, to: set, changes: &changes)
        #expect(result.edit == .entriesInserted)
        #expect(result.created == ["Icon-60@2x.png", "Icon-76@2x.png", "Icon-83.5@2x.png"].map { "\(setPath)/\($0)" })

        let contentsPath = setPath + "/Contents.json"
        let change = try #require(changes.changes.first { $0.path == contentsPath })
        let before = String(decoding: try #require(change.original), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let after = String(decoding: try #require(change.replacement), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        // Only whole entries are added: taking them out gives the file back.
        var remaining = after[...]
        var matched = 0
        for line in before {
            while let next = remaining.first, next != line { remaining = remaining.dropFirst() }
            if remaining.first == line { matched += 1; remaining = remaining.dropFirst() }
        }
        #expect(matched == before.count, "every original line is kept, in order")
        #expect(after.count == before.count + 3 * 6)
        // Each where Xcode lists it: the iPhone 60 pt after the iPhone 20 pt, the iPad ones after the iPad 20 pt.
        let order = try #require(try? JSONFile.parse([UInt8](change.replacement!)).get()["images"])
        guard case .array(let images) = order else { Issue.record("no images"); return }
        #expect(images.compactMap { IconSetEntry(json: $0)?.filename } ==
                ["Icon-20@2x.png", "Icon-20@3x.png", "Icon-60@2x.png", "Icon-20@1x.png", "Icon-76@2x.png", "Icon-83.5@2x.png", "Icon-1024@1x.png"])

        try IconSetWriterTests.apply(changes)
        let fixed = AppIconSet.read(at: setPath)
        #expect(fixed.warnings.isEmpty)
        #expect(IconSetCompletion.missingSlots(in: fixed, includesPad: true).isEmpty)
        #expect(fixed.images.allSatisfy { $0.pixelWidth == $0.expectedPixelWidth })
    }

    @Test func aOneLineContentsFileGetsTheEntriesOnItsLineAndOtherFormattingIsRewritten() throws {
        let folder = TemporaryFolder()
        let setPath = try Self.xcodeSet(in: folder)
        let contentsPath = setPath + "/Contents.json"
        // appicon.co's form: one line, its own keys and order.
        let compact = #"{"images":[{"size":"20x20","expected-size":"40","filename":"Icon-20@2x.png","idiom":"iphone","scale":"2x"},"#
            + #"{"size":"1024x1024","filename":"Icon-1024@1x.png","idiom":"ios-marketing","scale":"1x"}]}"#
        try Data(compact.utf8).write(to: URL(fileURLWithPath: contentsPath))
        var changes = ChangeSet()
        let slot = IconSetEntry(idiom: .iphone, points: 60, scale: 2)
        let result = try IconSetCompletion.add([slot], to: AppIconSet.read(at: setPath), changes: &changes)
        #expect(result.edit == .entriesInserted)
        let text = String(decoding: try #require(changes.changes.first { $0.path == contentsPath }?.replacement), as: UTF8.self)
        #expect(text == String(compact.dropLast(2)) + #",{"filename":"Icon-60@2x.png","idiom":"iphone","scale":"2x","size":"60x60"}]}"#)

        let indented = IconSetWriter.contents([IconSetEntry(idiom: .iosMarketing, points: 1024, scale: 1, filename: "Icon-1024@1x.png")])
            .replacingOccurrences(of: "  ", with: "    ")
        try Data(indented.utf8).write(to: URL(fileURLWithPath: contentsPath))
        var again = ChangeSet()
        let rewritten = try IconSetCompletion.add([slot], to: AppIconSet.read(at: setPath), changes: &again)
        #expect(rewritten.edit == .rewritten)
        let expected = IconSetWriter.contents([IconSetEntry(idiom: .iphone, points: 60, scale: 2, filename: "Icon-60@2x.png"),
                                               IconSetEntry(idiom: .iosMarketing, points: 1024, scale: 1, filename: "Icon-1024@1x.png")])
        #expect(again.changes.first { $0.path == contentsPath }?.replacement == Data(expected.utf8))
    }

    @Test func aSizeLargerThanTheLargestImageIsNotMadeByEnlarging() throws {
        let folder = TemporaryFolder()
        let setPath = try Self.xcodeSet(in: folder, marketing: 100)
        var changes = ChangeSet()
        let set = AppIconSet.read(at: setPath)
        #expect(throws: IconImageError(path: setPath + "/Icon-1024@1x.png", kind: .wouldUpscale(from: 100, to: 120))) {
            try IconSetCompletion.add([IconSetEntry(idiom: .iphone, points: 60, scale: 2)], to: set, changes: &changes)
        }
        #expect(changes.changes.isEmpty)
    }

    @Test func fileNameTemplatesAreLearnedFromTheSetsNames() {
        let slot = IconSetEntry(idiom: .ipad, points: 83.5, scale: 2)
        func template(_ names: [(Double, Int, String)]) -> String? {
            SizeNameTemplate.mostCommon(in: names.map { IconSetEntry(idiom: .iphone, points: $0.0, scale: $0.1, filename: $0.2) })?.name(for: slot)
        }
        #expect(template([(20, 2, "icon-40.png"), (60, 3, "icon-180.png")]) == "icon-167.png")
        #expect(template([(20, 2, "AppIcon-20x20@2x.png"), (60, 3, "AppIcon-60x60@3x.png")]) == "AppIcon-83.5x83.5@2x.png")
        #expect(template([(20, 2, "Icon-20@2x.png"), (60, 3, "Icon-60@3x.png")]) == "Icon-83.5@2x.png")
        #expect(template([(20, 2, "40.png"), (29, 3, "87.png")]) == "167.png")
        #expect(template([(20, 2, "a.png"), (60, 3, "b.png")]) == nil, "no size in the names: the default scheme")
        #expect(template([(20, 2, "icon-40.png"), (60, 3, "b.png")]) == nil, "one name alone is no pattern")
    }
}

@Suite struct IconSetContentsScanTests {
    static let slot = IconSetEntry(idiom: .iphone, points: 60, scale: 2, filename: "n.png")

    /// The top-level `images` array gains the entry, whatever brackets, quotes and other
    /// `images` keys stand in strings and nested objects before and after it.
    @Test(arguments: [
        #"{"images":[]}"#,
        #"{"images":[ ]}"#,
        #"{"info":{"images":["x"]},"images":[{"filename":"a]\"}[.png","idiom":"iphone","size":"20x20","scale":"2x"}]}"#,
        #"{"properties":{"note":"\\\"images\":["},"images":[{"idiom":"ipad","size":"20x20","scale":"1x"}],"x":[1,[2]]}"#,
        #"{"images" : [ {"idiom":"iphone","size":"20x20","scale":"2x"} ] , "info" : {"version":1}}"# + "\n",
    ])
    func theEntryLandsInTheTopLevelImagesArray(text: String) throws {
        let edited = try #require(IconSetCompletion.appendingOnOneLine([Self.slot], to: text))
        let before = try JSONFile.parse(Array(text.utf8)).get()
        let after = try JSONFile.parse(Array(edited.utf8)).get()
        guard case .array(let old)? = before["images"], case .array(let new)? = after["images"] else {
            Issue.record("no images array"); return
        }
        #expect(new == old + [Self.slot.json])
        guard case .object(var rest) = after, case .object(var original) = before else { return }
        rest["images"] = nil
        original["images"] = nil
        #expect(rest == original, "nothing else changed")
    }

    @Test func textOnSeveralLinesOrWithoutAnImagesArrayIsLeftToTheRewrite() {
        #expect(IconSetCompletion.appendingOnOneLine([Self.slot], to: "{\n\"images\":[]}") == nil)
        #expect(IconSetCompletion.appendingOnOneLine([Self.slot], to: #"{"info":{"images":[]}}"#) == nil)
        #expect(IconSetCompletion.appendingOnOneLine([Self.slot], to: #"{"images":{}}"#) == nil)
        #expect(IconSetCompletion.appendingOnOneLine([Self.slot], to: #"{"images":[],"images":[]}"#) == nil, "which one counts is not sure")
    }
}
