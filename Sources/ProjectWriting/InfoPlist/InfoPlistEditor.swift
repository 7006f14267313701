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
        guard data.count <= PlistLoader.maximumFileSize else {
            throw InfoPlistEditError(path: path, kind: .notAPlist(reason: "\(data.count) bytes, more than an Info.plist may hold"))
        }
        if BinaryPlistGuard.isBinaryPlist(data) {
            return try BinaryPlistEditor.apply(changes, to: data, path: path)
        }
        let preprocessed = PlistPreprocessor.containsDirectives(data)
        // A plain plist must read before and after; a preprocessed one reads only once the
        // build's macros are known, so its edits are checked by structure alone.
        if !preprocessed { _ = try parse(data, path: path) }
        var editor = XMLPlistEditor(bytes: [UInt8](data), path: path, preprocessed: preprocessed)
        for change in changes {
            try editor.apply(change)
        }
        let edited = Data(editor.bytes)
        if !preprocessed {
            do {
                _ = try PlistLoader.parse(edited, path: path)
            } catch {
                throw InfoPlistEditError(path: path, kind: .malformed(line: 0, problem: "the edited plist no longer reads (\(error.description))"))
            }
        }
        return edited
    }

    /// The top-level dictionary, read as the catalog reads it.
    static func parse(_ data: Data, path: String) throws(InfoPlistEditError) -> [String: Any] {
        do {
            return try PlistLoader.parse(data, path: path)
        } catch {
            let reason: String
            switch error {
            case .notAPlist(_, let why), .tooComplex(_, let why): reason = why
            case .emptyFile: reason = "an empty file"
            case .notADictionary: reason = "its top level is not a dictionary"
            default: reason = error.description
            }
            throw InfoPlistEditError(path: path, kind: .notAPlist(reason: reason))
        }
    }
}
