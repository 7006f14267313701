import Foundation
@testable import IconCatalog
import Testing

/// Resolving paths with the folders already resolved kept gives exactly what `realpath(3)`
/// gives, links, missing paths and odd spellings included, the first time and every time after.
@Suite struct ResolvedFoldersTests {
    @Test func agreesWithRealpathOnEveryKindOfPath() throws {
        let folder = TemporaryFolder()
        folder.write("a/b/icon.png", "png")
        folder.write("outside/target.png", "png")
        #expect(symlink(folder.url("a/b"), folder.url("linked")) == 0)
        #expect(symlink("b", folder.url("a/relative")) == 0)
        #expect(symlink(folder.url("outside/target.png"), folder.url("a/b/escape.png")) == 0)
        #expect(symlink(folder.url("outside"), folder.url("a/b/away")) == 0)
        #expect(symlink(folder.url("nothing"), folder.url("a/dangling")) == 0)
        #expect(symlink(folder.url("loop2"), folder.url("loop1")) == 0)
        #expect(symlink(folder.url("loop1"), folder.url("loop2")) == 0)
        #expect(mkfifo(folder.url("a/fifo"), 0o600) == 0)
        let paths = [
            "/", "/tmp", folder.path, folder.url("a"), folder.url("a/b"), folder.url("a/b/icon.png"),
            folder.url("linked"), folder.url("linked/icon.png"), folder.url("a/relative/icon.png"),
            folder.url("a/b/escape.png"), folder.url("a/b/away/target.png"), folder.url("a/b/away"),
            folder.url("a/dangling"), folder.url("a/dangling/x"), folder.url("loop1"), folder.url("loop1/x"),
            folder.url("a/missing"), folder.url("a/missing/deeper"), folder.url("a/b/icon.png/inside"),
            folder.url("a/fifo"), folder.url("a/b/../b/icon.png"), folder.url("a/./b"), folder.path + "//a",
            folder.url("a/b/"), "relative/path", "", ".",
        ]
        let resolver = ResolvedFolders()
        for round in 1...2 {
            for path in paths {
                #expect(resolver.realPath(path) == PathBoundary.systemRealPath(path), "round \(round): \(path)")
            }
        }
        // Backwards too: a deep path first, its folders after.
        let fresh = ResolvedFolders()
        for path in paths.reversed() {
            #expect(fresh.realPath(path) == PathBoundary.systemRealPath(path), "\(path)")
        }
    }

    @Test func onlyPlainAbsolutePathsAreWalked() {
        #expect(ResolvedFolders.isPlainAbsolute("/a/b"))
        #expect(ResolvedFolders.isPlainAbsolute("/a b/c.png"))
        for path in ["/...", "/a/.b/..c/c..", "/é/ß.png", "/a\r\n/b", "/x/日本/.../y"] {
            #expect(ResolvedFolders.isPlainAbsolute(path), "\(path)")
        }
        for path in ["/", "", "a/b", "/a/", "/a//b", "/a/./b", "/a/../b", "/a/..", "/.", "/..", "//", "/é/", "/é/../b",
                     "/é//b", "/日本/.", "é/b"] {
            #expect(!ResolvedFolders.isPlainAbsolute(path), "\(path)")
        }
    }

    @Test func aFolderReplacedByALinkIsSeenThroughItsParent() throws {
        let folder = TemporaryFolder()
        folder.write("real/set/icon.png", "png")
        let resolver = ResolvedFolders()
        #expect(resolver.realPath(folder.url("real/set/icon.png")) == PathBoundary.systemRealPath(folder.url("real/set/icon.png")))
        // A path in a folder never seen before is walked from the deepest folder known.
        folder.write("real/other/icon.png", "png")
        #expect(resolver.realPath(folder.url("real/other/icon.png")) == PathBoundary.systemRealPath(folder.url("real/other/icon.png")))
    }

    @Test func eachOpeningResolvesItsFoldersAfresh() throws {
        let folder = TemporaryFolder()
        folder.write("app/App.xcassets/AppIcon.appiconset/icon.png", "png")
        folder.write("outside/icon.png", "png")
        let catalog = folder.url("app/App.xcassets")
        let set = folder.url("app/App.xcassets/AppIcon.appiconset")
        let opener = AppOpener()
        let first = try opener.open(catalog, options: CatalogOptions())
        #expect(first.folders.realPath(set + "/icon.png") == PathBoundary.systemRealPath(set + "/icon.png"))
        // The set's folder becomes a link out of the app: a kept folder would still say it is inside.
        try FileManager.default.removeItem(atPath: set)
        #expect(symlink(folder.url("outside"), set) == 0)
        let second = try opener.open(catalog, options: CatalogOptions())
        let resolved = try #require(PathBoundary.systemRealPath(set + "/icon.png"))
        #expect(resolved.hasSuffix("/outside/icon.png"))
        #expect(second.folders !== first.folders)
        #expect(second.folders.realPath(set + "/icon.png") == resolved)
    }

    /// The chooser's background lint opens the app while the chooser reads it: neither opening
    /// drops or fills the folders the other resolved.
    @Test func twoOpeningsInOneProcessKeepTheirOwnFolders() throws {
        let folder = TemporaryFolder()
        folder.write("one/App.xcassets/AppIcon.appiconset/Contents.json", #"{"images":[]}"#)
        folder.write("two/App.xcassets/AppIcon.appiconset/Contents.json", #"{"images":[]}"#)
        let one = try AppOpener().open(folder.url("one/App.xcassets"), options: CatalogOptions())
        _ = try CatalogReader.catalog(from: one, options: CatalogOptions())
        let kept = one.folders.keptCount
        #expect(kept > 1)
        #expect(one.folders.realPath(folder.url("one/App.xcassets/AppIcon.appiconset")) != nil)
        let two = try AppOpener().open(folder.url("two/App.xcassets"), options: CatalogOptions())
        _ = try CatalogReader.catalog(from: two, options: CatalogOptions())
        // The second opening cleared nothing of the first's, and added nothing to it.
        #expect(one.folders.keptCount == kept)
        #expect(two.folders.keptCount > 1)
    }
}
