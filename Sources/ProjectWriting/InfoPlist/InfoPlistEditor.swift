import FileAccess
import Foundation
import IconCatalog

/// Makes `InfoPlistChange`s to an Info.plist as the smallest change in the file's own form:
/// an XML plist is edited as text (whole lines, in its indentation), never re-serialised; a
/// binary plist is decoded, changed and encoded again; a preprocessed plist (with `#if`
/// lines) is edited as text only outside conditional blocks.
package enum InfoPlistEditor {
    /// Applies `changes` in order to the file at `path` as `set` holds it and stages the result.
    package static func apply(_ changes: [InfoPlistChange], toFileAt path: String, in set: inout ChangeSet) throws(InfoPlistEditError) {
        let contents: Data?
        do {
            contents = try set.contents(of: path)
        } catch {
            throw InfoPlistEditError(path: path, kind: .unreadable(error))
        }
        guard let data = contents else { throw InfoPlistEditError(path: path, kind: .missing) }
        let edited = try apply(changes, to: data, path: path)
        do {
            try set.write(edited, to: path)
        } catch {
            throw InfoPlistEditError(path: path, kind: .unreadable(error))
        }
    }

    /// The plist bytes `data` with `changes` made in order; `path` only names the file in errors.
    package static func apply(_ changes: [InfoPlistChange], to data: Data, path: String) throws(InfoPlistEditError) -> Data {
        throw InfoPlistEditError(path: path, kind: .notAPlist(reason: "editing is not built yet"))
    }
}
