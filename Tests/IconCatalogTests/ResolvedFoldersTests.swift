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

    @Test func openingAnAppForgetsTheFoldersResolvedBefore() throws {
        let folder = TemporaryFolder()
        folder.write("app/set/icon.png", "png")
        folder.write("outside/icon.png", "png")
        let icon = folder.url("app/set/icon.png")
        #expect(ResolvedFolders.shared.realPath(icon) == PathBoundary.systemRealPath(icon))
        // The set's folder becomes a link out of the app: a kept folder would still say it is inside.
        try FileManager.default.removeItem(atPath: folder.url("app/set"))
        #expect(symlink(folder.url("outside"), folder.url("app/set")) == 0)
        let plist = folder.write("app/Info.plist", "<plist><dict><key>CFBundleName</key><string>A</string></dict></plist>")
        _ = try OpenedApp.open(plist, options: CatalogOptions())
        let resolved = try #require(PathBoundary.systemRealPath(icon))
        #expect(resolved.hasSuffix("/outside/icon.png"))
        #expect(ResolvedFolders.shared.realPath(icon) == resolved)
    }
}
