import FileAccess
import Foundation

/// The names in a folder, read with a cap: a folder holding millions of entries costs no
/// more than `limit` names, and the caller learns that it stopped.
package enum DirectoryListing {
    /// Sorted names (without `.` and `..`, and without hidden names starting with `.`), or nil
    /// when the folder cannot be opened.
    package static func names(in path: String, limit: Int) -> (names: [String], truncated: Bool)? {
        entries(in: path, limit: limit).map { ($0.entries.map(\.name), $0.truncated) }
    }

    /// `names`, each with what the folder says it is (`d_type`, as `lstat` would say, without
    /// a call per entry; nil where the file system does not say): a catalog of 500 sets is
    /// one listing, not 500 more system calls.
    package static func entries(in path: String, limit: Int) -> (entries: [(name: String, kind: FileKind?)], truncated: Bool)? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var entries: [(name: String, kind: FileKind?)] = []
        var truncated = false
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            guard entries.count < limit else { truncated = true; break }
            entries.append((name, FileKind(directoryEntryType: entry.pointee.d_type)))
        }
        return (entries.sorted { $0.name < $1.name }, truncated)
    }
}
