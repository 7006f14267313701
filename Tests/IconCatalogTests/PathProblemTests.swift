import FileAccess
import Foundation
@testable import IconCatalog
import TerminalText
import Testing

/// Paths that lead nowhere or to something that is not a file say what they are.
@Suite struct PathProblemTests {
    @Test func brokenSymbolicLinkIsNamedAsOne() throws {
        let folder = TemporaryFolder()
        #expect(symlink(folder.url("gone.plist"), folder.url("Info.plist")) == 0)
        #expect(readError(folder.url("Info.plist"))?.description.contains("a broken symbolic link (to “\(folder.url("gone.plist"))”") == true)
        // A folder whose Info.plist is a broken link says so too, not "holds no Info.plist".
        #expect(readError(folder.path)?.description.contains("broken symbolic link") == true)
    }

    /// A folder's Info.plist that is a link to a plist outside the folder is never read: the
    /// folder given is the boundary, as every reader's is.
    @Test func aFoldersInfoPlistLinkingOutsideIsRefused() throws {
        let outside = TemporaryFolder()
        outside.write("Info.plist", "<plist><dict><key>CFBundleIcons</key><dict/></dict></plist>")
        let folder = TemporaryFolder()
        #expect(symlink(outside.url("Info.plist"), folder.url("Info.plist")) == 0)
        let expected = CatalogError.badLink(path: folder.url("Info.plist"), problem: "is a link leading outside \(folder.path); never read")
        #expect(readError(folder.path) == expected)
        #expect(throws: expected) { try PlistLoader.locate(folder.path) }
        #expect(expected.description == "\(folder.url("Info.plist")): is a link leading outside \(folder.path); never read")
        // A link that stays inside is followed.
        let inside = TemporaryFolder()
        inside.write("Real/Info.plist", "<plist><dict/></plist>")
        #expect(symlink(inside.url("Real/Info.plist"), inside.url("Info.plist")) == 0)
        #expect(try PlistLoader.locate(inside.path) == inside.url("Info.plist"))
    }

    @Test func symbolicLinkLoopIsNamedAsOne() throws {
        let folder = TemporaryFolder()
        #expect(symlink(folder.url("b"), folder.url("a")) == 0)
        #expect(symlink(folder.url("a"), folder.url("b")) == 0)
        #expect(readError(folder.url("a"))?.description.hasSuffix("a symbolic link loop") == true)
    }

    @Test func socketIsNamedAsOne() throws {
        let folder = TemporaryFolder()
        let path = folder.url("Info.plist")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: path.utf8.prefix(raw.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "cannot bind a socket at \(path)")
        #expect(readError(path) == .notARegularFile(path: path, kind: .socket))
    }

    @Test func anIconFileThatIsABrokenLinkIsNamedAsOne() throws {
        let folder = TemporaryFolder()
        #expect(symlink(folder.url("elsewhere.png"), folder.url("blue@2x.png")) == 0)
        let plist = folder.writePlist(["CFBundleIcons": PlistShapes.icons(alternates: ["blue": PlistShapes.alternate(["blue"])])])
        let warnings = try CatalogReader.read(app: plist).warnings.map(\.description)
        #expect(warnings.contains { $0.contains("blue@2x.png: is a broken symbolic link") }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("disappeared") })
    }
}
