import FileAccess
import Foundation

/// Lists folders against one budget shared by a whole search (where `DirectoryListing`
/// caps one folder), so a tree with a million files costs what the budget allows and no
/// more. Symbolic links are reported as links and never followed.
struct DirectoryWalk {
    struct Entry {
        let name: String
        let path: String
        /// nil when the entry went between the listing and the look.
        let kind: FileKind?
    }

    let budget: Int
    private(set) var remaining: Int
    private(set) var truncated = false

    init(budget: Int) {
        self.budget = budget
        remaining = budget
    }

    /// The entries of `directory` in name order, hidden ones left out (nil when it cannot
    /// be opened), stopping early when the budget runs out.
    mutating func entries(of directory: String) -> [Entry]? {
        guard let listing = DirectoryListing.entries(in: directory, limit: remaining) else { return nil }
        remaining -= listing.entries.count
        if listing.truncated { truncated = true }
        return listing.entries.map { name, kind in
            let path = ProjectPaths.join(directory, name)
            return Entry(name: name, path: path, kind: kind ?? FileKind.notFollowing(path))
        }
    }
}
