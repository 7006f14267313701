import FileAccess
import Foundation

/// Apps as Xcode builds them: an `.app` folder (a binary Info.plist, with the `CFBundleIcons`
/// the build wrote, and the crushed icon PNGs it names), or the `.ipa` archive that carries
/// one under `Payload/`, read in place without extracting anything.
package enum BuiltApp {
    /// `.app` for a folder named so, `.ipa` for a file named so or any file that starts
    /// like a zip archive; nil for anything else (an Info.plist, a plain folder).
    package static func kind(of path: String) -> AppSourceKind? {
        let name = (path as NSString).lastPathComponent.lowercased()
        switch FileKind.following(path) {
        case .directory:
            return name.hasSuffix(".app") ? .app : nil
        case .regularFile:
            if name.hasSuffix(".ipa") { return .ipa }
            let head = (try? BoundedFile.readPrefix(path, count: 4)) ?? Data()
            return head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) ? .ipa : nil
        case nil:
            return nil
        default:
            // A FIFO or device named like an archive is refused as one, without being opened for long.
            return name.hasSuffix(".ipa") ? .ipa : nil
        }
    }

    /// Reads the app's Info.plist and finds where its icon files are: `openFolder` for `.app`,
    /// `openArchive` for anything else.
    package static func open(_ path: String, as kind: AppSourceKind) throws(CatalogError) -> OpenedApp {
        kind == .app ? try openFolder(path) : try openArchive(path)
    }

    /// A built `.app` folder: `Info.plist` at its top, icon files anywhere below.
    package static func openFolder(_ path: String) throws(CatalogError) -> OpenedApp {
        let plistPath = (path as NSString).appendingPathComponent("Info.plist")
        guard FileKind.following(plistPath) != nil else { throw .noInfoPlist(directory: path) }
        return OpenedApp(source: .app, plistPath: plistPath, plist: try PlistLoader.load(plistPath), iconTree: .folder(path))
    }

    /// An `.ipa`: the Info.plist and, later, the icons are read from the archive into memory.
    package static func openArchive(_ path: String) throws(CatalogError) -> OpenedApp {
            guard FileKind.following(path) != nil else { throw .notFound(path: path) }
        let archive: ZipArchive
        do {
            archive = try ZipArchive(path: path)
        } catch {
            throw .archive(path: path, error)
        }
        let (folder, warnings) = try ArchivedAppFolder.locate(in: archive)
        let data: Data
        do {
            data = try archive.contents(of: folder.infoPlist, limit: PlistLoader.maximumFileSize)
        } catch {
            throw .archive(path: path, error)
        }
        let plistPath = ArchivedFile(archive: archive, entry: folder.infoPlist).path
        return OpenedApp(source: .ipa, plistPath: plistPath, plist: try PlistLoader.parse(data, path: plistPath),
                         iconTree: .archive(folder), warnings: warnings)
    }
}

/// The one `Payload/NAME.app/` folder of an `.ipa`, with the file entries under it that can
/// be read. Entries that cannot (links, encrypted, unknown compression, names that would
/// leave the folder, names that appear twice) are left out, each with a warning.
package struct ArchivedAppFolder: Sendable {
    package let archive: ZipArchive
    /// `Payload/NAME.app/`.
    package let root: String
    /// The readable file entries under `root`, in directory order.
    package let files: [ZipEntry]
    /// `Payload/NAME.app/Info.plist`.
    package let infoPlist: ZipEntry

    /// `App.ipa:Payload/App.app`.
    package var displayName: String { "\(archive.name):\(root.dropLast())" }

    /// Warnings about entries left unread stop at this many, then one line counts the rest.
    package static let maximumWarnings = 20

    /// Finds the app folder; throws when there is none, more than one, or no readable Info.plist.
    package static func locate(in archive: ZipArchive) throws(CatalogError) -> (ArchivedAppFolder, [CatalogWarning]) {
        var notes = EntryNotes(archive: archive)
        var apps = Set<String>()
        let payload = Array("Payload/".utf8)
        for entry in archive.entries {
            if let reason = entry.unsafeNameReason {
                notes.add(entry, "name \(reason); ignored")
                continue
            }
            guard entry.nameStarts(with: payload) else { continue }
            let parts = entry.name.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count >= 2, parts[0] == "Payload", parts[1].count > 4, parts[1].hasSuffix(".app") {
                apps.insert(String(parts[1]))
            }
        }
        guard let app = apps.first else { throw .noAppInArchive(path: archive.name) }
        guard apps.count == 1 else { throw .severalAppsInArchive(path: archive.name, apps: apps.sorted().map { "Payload/\($0)" }) }
        let root = "Payload/\(app)/"

        let rootBytes = Array(root.utf8)
        let inside = archive.entries.filter { $0.nameStarts(with: rootBytes) && $0.kind != .directory && $0.unsafeNameReason == nil }
        var counts: [String: Int] = [:]
        for entry in inside { counts[entry.name, default: 0] += 1 }
        let plistName = root + "Info.plist"
        if let count = counts[plistName], count > 1 {
            throw .archive(path: archive.name, .damaged(entry: plistName,
                reason: "appears \(count) times in the archive; which one is the app's is unclear"))
        }
        var files: [ZipEntry] = []
        var reported = Set<String>()
        for entry in inside {
            if counts[entry.name, default: 0] > 1 {
                if reported.insert(entry.name).inserted {
                    notes.add(entry, "appears \(counts[entry.name]!) times in the archive; which one is meant is unclear, so none is read")
                }
            } else if let reason = entry.unreadableReason {
                if entry.name == plistName { throw .archive(path: archive.name, .unsupported(entry: entry.name, reason: reason)) }
                notes.add(entry, "\(reason); not read")
            } else {
                files.append(entry)
            }
        }
        guard let plist = files.first(where: { $0.name == plistName }) else {
            throw .noInfoPlist(directory: "\(archive.name):\(root.dropLast())")
        }
        return (ArchivedAppFolder(archive: archive, root: root, files: files, infoPlist: plist), notes.warnings)
    }

    /// Warnings about entries, capped at `maximumWarnings` plus one line for the rest.
    private struct EntryNotes {
        let archive: ZipArchive
        var warnings: [CatalogWarning] = []
        var unsaid = 0

        mutating func add(_ entry: ZipEntry, _ message: String) {
            guard warnings.count < ArchivedAppFolder.maximumWarnings else {
                unsaid += 1
                let summary = CatalogWarning(subject: archive.name,
                    message: "\(unsaid) more \(unsaid == 1 ? "entry" : "entries") left unread", code: .archiveEntryIgnored)
                if unsaid == 1 { warnings.append(summary) } else { warnings[warnings.count - 1] = summary }
                return
            }
            warnings.append(CatalogWarning(subject: ArchivedFile(archive: archive, entry: entry).path, message: message,
                                           code: .archiveEntryIgnored))
        }
    }
}
