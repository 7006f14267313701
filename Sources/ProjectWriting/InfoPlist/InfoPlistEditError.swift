import IconCatalog

/// Why an Info.plist could not be changed; nothing was staged.
package typealias InfoPlistEditError = FileError<InfoPlistEditProblem>

/// Why an Info.plist could not be changed.
package enum InfoPlistEditProblem: FileProblem {
    /// The file could not be read through the change set.
    case unreadable(ChangeSetError)
    /// No file at the path.
    case missing
    /// Not an XML or binary property list with a dictionary at the top; the reason says why.
    case notAPlist(reason: String)
    /// The XML is broken where the edit must find its way; `line` is 1-based, 0 for the file as a whole.
    case malformed(line: Int, problem: String)
    /// A key the edit goes through holds another type; `keyPath` is dotted (`CFBundleIcons.CFBundleAlternateIcons`).
    case wrongType(keyPath: String, found: String)
    /// The alternate to add is already there.
    case alternateExists(name: String, keyPath: String)
    /// The alternate to remove or copy is not there.
    case noSuchAlternate(name: String, keyPath: String)
    /// The key to remove is not there.
    case noSuchKey(keyPath: String)
    /// A preprocessed plist whose edit falls inside `#if … #endif`: the developer makes it by hand.
    case insideConditionalBlock(HandEdit)
    /// Foundation could not encode the changed binary plist.
    case cannotEncode(reason: String)

    package func message(about path: String) -> String {
        switch self {
        case .unreadable(let error): return error.description
        case .missing: return "\(path): no such file"
        case .notAPlist(let reason): return "\(path): not a property list (\(reason))"
        case .malformed(let line, let problem): return line > 0 ? "\(path):\(line): \(problem)" : "\(path): \(problem)"
        case .wrongType(let keyPath, let found): return "\(path): \(keyPath) is \(found), expected a dictionary"
        case .alternateExists(let name, let keyPath): return "\(path): \(keyPath) already has an icon named “\(name)”"
        case .noSuchAlternate(let name, let keyPath): return "\(path): \(keyPath) has no icon named “\(name)”"
        case .noSuchKey(let keyPath): return "\(path): there is no \(keyPath)"
        case .insideConditionalBlock(let edit):
            return "\(path):\(edit.line): the change falls inside a #if block of this preprocessed plist; make it by hand"
        case .cannotEncode(let reason): return "\(path): cannot write the binary plist (\(reason))"
        }
    }
}

/// The lines a developer changes by hand in a preprocessed plist: at `line` (1-based, in
/// the file as it is), remove `removed` (as they stand there) and put `added` in their place.
package struct HandEdit: Equatable, Sendable {
    package let line: Int
    package let removed: [String]
    package let added: [String]

    package init(line: Int, removed: [String], added: [String]) {
        self.line = line
        self.removed = removed
        self.added = added
    }
}
