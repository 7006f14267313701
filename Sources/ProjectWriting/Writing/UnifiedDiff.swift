import Foundation

/// What `--dry-run` prints: the unified diff (`diff -u`, `git diff` without its headers) of
/// every text file a change set modifies, created or deleted, that `patch -p1` applies from
/// the root folder; a binary file gets one "Binary files … differ" line.
package enum UnifiedDiff {
    /// Unchanged lines shown around each change.
    package static let contextLines = 3

    /// The diff of every change, paths shown relative to `root` under `a/` and `b/`.
    package static func render(_ changes: [FileChange], relativeTo root: String) -> String {
        ""
    }
}
