import FileAccess
import Foundation
import IconArt
import IconCatalog
@testable import ProjectWriting
import Testing
import TestSupport

/// The loose PNGs of an alternate declared in Info.plist, named after the app's other alternates.
@Suite struct IconSetLooseFilesTests {
    /// The files `plan` makes, written under `folder`, found again the way iOS finds them.
    static func resolve(_ plan: LooseIconPlan, in folder: TemporaryFolder) throws -> (phone: [Int], pad: [Int]) {
        var changes = ChangeSet()
        let source = IconSourceImage(path: "src", appearance: .light, bitmap: IconImageFixture.picture(side: 1024))
        let created = try LooseIconFiles.write(plan, from: source, changes: &changes)
        #expect(created == plan.files.map(\.path).sorted())
        try IconSetWriterTests.apply(changes)
        func sizes(_ entries: [String], _ idiom: Idiom) -> [Int] {
            var warnings = WarningList()
            let resolver = IconFileResolver(searchRoot: folder.path, idiom: idiom, defines: [:])
            return resolver.images(for: entries, subject: "test", warnings: &warnings).map(\.width).sorted()
        }
        return (sizes(plan.phoneEntries, .phone), sizes(plan.padEntries, .pad))
    }

    @Test func withoutAnotherAlternateTheFilesFollowTheSchemeLintSuggests() throws {
        let folder = TemporaryFolder()
        let plan = LooseIconFiles.plan(name: "Blue", like: nil, folder: folder.url("App"), includesPad: true)
        #expect(plan.phoneEntries == ["Blue"])
        #expect(plan.padEntries == ["Blue-ipad", "Blue-ipadpro"])
        #expect(plan.files.map { ($0.path as NSString).lastPathComponent } ==
                ["Blue@2x.png", "Blue@3x.png", "Blue-ipad@2x.png", "Blue-ipadpro@2x.png"])
        #expect(plan.files.map(\.pixels) == [120, 180, 152, 167])
        let found = try Self.resolve(plan, in: folder)
        #expect(found.phone == [120, 180] && found.pad == [152, 167])
        #expect(LooseIconFiles.plan(name: "Blue", like: nil, folder: "/x", includesPad: false).padEntries.isEmpty)
    }

    @Test func theNamesOfAnotherAlternateAreFollowed() throws {
        let folder = TemporaryFolder()
        // KeePassium's pattern: an entry per size, the iPad ones apart.
        let sibling = LooseIconSibling(
            name: "appicon-atom-black", phoneEntries: ["appicon-atom-black_iPhoneApp_60"],
            padEntries: ["appicon-atom-black_iPadApp_76", "appicon-atom-black_iPadProApp_83.5"],
            files: [("appicon-atom-black_iPhoneApp_60@2x.png", 120), ("appicon-atom-black_iPhoneApp_60@3x.png", 180),
                    ("appicon-atom-black_iPadApp_76@2x.png", 152), ("appicon-atom-black_iPadProApp_83.5@2x.png", 167)]
                .map { LooseIconSibling.File(path: folder.url("Icons/\($0.0)"), pixels: $0.1) })
        let plan = LooseIconFiles.plan(name: "appicon-atom-teal", like: sibling, folder: folder.url("elsewhere"), includesPad: true)
        #expect(plan.phoneEntries == ["appicon-atom-teal_iPhoneApp_60"])
        #expect(plan.padEntries == ["appicon-atom-teal_iPadApp_76", "appicon-atom-teal_iPadProApp_83.5"])
        #expect(plan.files.map(\.path) == ["appicon-atom-teal_iPhoneApp_60@2x.png", "appicon-atom-teal_iPhoneApp_60@3x.png",
                                           "appicon-atom-teal_iPadApp_76@2x.png", "appicon-atom-teal_iPadProApp_83.5@2x.png"]
            .map { folder.url("Icons/\($0)") }, "beside the other alternate's files")
        let found = try Self.resolve(plan, in: folder)
        #expect(found.phone == [120, 180] && found.pad == [152, 167])
    }

    @Test func oneEntryForBothDevicesGetsTheIPadProSizeUnderAnEntryOfItsOwn() throws {
        let folder = TemporaryFolder()
        // Telegram's and DuckDuckGo's pattern: one entry, `~ipad` files for the iPad.
        let sibling = LooseIconSibling(name: "Black", phoneEntries: ["BlackIcon"], padEntries: ["BlackIcon"],
                                       files: [("BlackIcon@2x.png", 120), ("BlackIcon@3x.png", 180), ("BlackIcon@2x~ipad.png", 152)]
                                        .map { LooseIconSibling.File(path: folder.url($0.0), pixels: $0.1) })
        let plan = LooseIconFiles.plan(name: "Blue", like: sibling, folder: folder.path, includesPad: true)
        #expect(plan.phoneEntries == ["BlueIcon"])
        #expect(plan.padEntries == ["BlueIcon", "Blue-ipadpro"])
        #expect(plan.files.map { ($0.path as NSString).lastPathComponent } ==
                ["BlueIcon@2x.png", "BlueIcon@3x.png", "BlueIcon@2x~ipad.png", "Blue-ipadpro@2x.png"])
        let found = try Self.resolve(plan, in: folder)
        // An iPad also finds the shared entry's @3x iPhone file, as iOS does; it has its own two sizes besides.
        #expect(found.phone == [120, 180] && found.pad == [152, 167, 180])
    }

    @Test func aSiblingWhoseEntriesLackItsNameIsNotFollowed() {
        let sibling = LooseIconSibling(name: "Night", phoneEntries: ["dark-mode"], padEntries: [],
                                       files: [LooseIconSibling.File(path: "/p/dark-mode@2x.png", pixels: 120)])
        let plan = LooseIconFiles.plan(name: "Day", like: sibling, folder: "/q", includesPad: false)
        #expect(plan.phoneEntries == ["Day"])
        #expect(plan.files.map(\.path) == ["/p/Day@2x.png", "/p/Day@3x.png"], "beside the sibling's files, by the default scheme")
    }

    @Test func anExistingFileIsNotOverwritten() throws {
        let folder = TemporaryFolder()
        _ = folder.write("Blue@3x.png", "old")
        let plan = LooseIconFiles.plan(name: "Blue", like: nil, folder: folder.path, includesPad: false)
        var changes = ChangeSet()
        let source = IconSourceImage(path: "src", appearance: .light, bitmap: IconImageFixture.picture(side: 256))
        #expect(throws: IconImageError(path: folder.url("Blue@3x.png"), kind: .alreadyExists)) {
            try LooseIconFiles.write(plan, from: source, changes: &changes)
        }
    }

    @Test func namesAreReplacedOnlyWhereTheyStandAsAWord() {
        #expect(IconFileNaming.renamed("BlueIcon", from: "Blue", to: "Red") == "RedIcon")
        #expect(IconFileNaming.renamed("app-icon--blue", from: "blue", to: "red") == "app-icon--red")
        #expect(IconFileNaming.renamed("black-icon-app-60x60", from: "Black", to: "Green") == "Green-icon-app-60x60")
        #expect(IconFileNaming.renamed("Sunday60x60", from: "Sunday", to: "Monday") == "Monday60x60")
        #expect(IconFileNaming.renamed("Bluebird", from: "Blue", to: "Red") == nil)
        #expect(IconFileNaming.renamed("ab", from: "", to: "x") == nil)
    }
}
