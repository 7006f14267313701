import FileAccess
import Foundation
import IconCatalog

/// Whether a file or folder a new icon would create is free on a Mac. The project lives on
/// Linux here but is built on macOS, whose disks match names without regard to case: a new
/// `duck.appiconset` beside `Duck.appiconset` would be that same folder there, and the icon
/// would overwrite, or mix its files into, one the app already has (a set no setting ships is
/// no icon of the app, so `IconNameCheck` cannot see it).
enum NewFileName {
    /// The most names read from one folder: far beyond any catalog, and a bound on a hostile one.
    static let maximumEntries = 100_000

    /// Refuses `path` when it exists, or when its folder holds a name that differs from its
    /// own only in case.
    static func requireFree(_ path: String) throws(IconImageError) {
        if FileKind.notFollowing(path) != nil { throw IconImageError(path: path, kind: .alreadyExists) }
        if let existing = sameNameButCase(as: path) {
            throw IconImageError(path: path, kind: .existsInOtherCase(existing: existing))
        }
    }

    /// Refuses the folder `path` as `requireFree` does, but for a folder holding only a killed
    /// run's temporaries, which counts as absent: those are removed with the edit.
    static func claimFolder(_ path: String, changes: inout ChangeSet) throws(IconImageError) {
        guard FileKind.notFollowing(path) != nil else { return try requireFree(path) }
        guard let leftovers = TransactionPaths.leftoverTemporaries(in: path) else { throw IconImageError(path: path, kind: .alreadyExists) }
        for leftover in leftovers {
            do { try changes.delete(leftover) } catch { throw IconImageError(error) }
        }
        if let existing = sameNameButCase(as: path) {
            throw IconImageError(path: path, kind: .existsInOtherCase(existing: existing))
        }
    }

    /// The name in `path`'s folder that is `path`'s own in another case, if any. Swift
    /// compares strings by canonical equivalence, as the Mac's disks also ignore how a letter
    /// is composed.
    static func sameNameButCase(as path: String) -> String? {
        let name = (path as NSString).lastPathComponent, folded = name.lowercased()
        let folder = (path as NSString).deletingLastPathComponent
        guard let listing = DirectoryListing.names(in: folder, limit: maximumEntries) else { return nil }
        return listing.names.first { $0 != name && $0.lowercased() == folded }
    }
}
