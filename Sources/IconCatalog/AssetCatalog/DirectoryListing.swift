import Foundation

/// The names in a folder, read with a cap: a folder holding millions of entries costs no
/// more than `limit` names, and the caller learns that it stopped.
enum DirectoryListing {
    /// Sorted names (without `.` and `..`, and without hidden names starting with `.`), or nil
    /// when the folder cannot be opened.
    static func names(in path: String, limit: Int) -> (names: [String], truncated: Bool)? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        var truncated = false
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            guard names.count < limit else { truncated = true; break }
            names.append(name)
        }
        return (names.sorted(), truncated)
    }
}
