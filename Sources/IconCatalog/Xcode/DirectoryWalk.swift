import Foundation

/// Lists folders entry by entry against one budget shared by a whole search, so a folder
/// with a million files costs what the budget allows and no more. Symbolic links are
/// reported as links and never followed.
struct DirectoryWalk {
    struct Entry {
        let name: String
        let path: String
        let kind: ProjectPaths.Kind
    }

    let budget: Int
    private(set) var remaining: Int
    private(set) var truncated = false

    init(budget: Int) {
        self.budget = budget
        remaining = budget
    }

    /// The entries of `directory` in name order (nil when it cannot be opened), stopping
    /// early when the budget runs out.
    mutating func entries(of directory: String) -> [Entry]? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var found: [Entry] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
                tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple)) {
                    String(cString: $0)
                }
            }
            if name == "." || name == ".." { continue }
            guard remaining > 0 else {
                truncated = true
                break
            }
            remaining -= 1
            let path = ProjectPaths.join(directory, name)
            found.append(Entry(name: name, path: path, kind: ProjectPaths.kind(of: path)))
        }
        return found.sorted { $0.name < $1.name }
    }
}
