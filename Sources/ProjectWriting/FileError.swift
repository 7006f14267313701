/// A kind of problem with one file, which words itself about that file: what the editors,
/// the change set and the writer each meet (`ChangeSetProblem`, `InfoPlistEditProblem`, …).
package protocol FileProblem: Equatable, Sendable {
    /// One line about the file at `path`, naming it.
    func message(about path: String) -> String
}

/// An error about one file: its path and what is wrong with it. The one shape of the writers'
/// errors (`ChangeSetError`, `InfoPlistEditError`, `ProjectEditError`, `IconImageError`,
/// `FileTransactionError`), each a kind of problem of its own.
package struct FileError<Kind: FileProblem>: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file the problem is in.
    package let path: String
    package let kind: Kind

    package init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    package var description: String { kind.message(about: path) }
}
