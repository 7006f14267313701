import IconCatalog

/// Why a project file, xcconfig file or XcodeGen spec could not be edited. Every kind names
/// what was looked for; the message names the file. Nothing is staged when one is thrown.
package typealias ProjectEditError = FileError<ProjectEditProblem>

/// Why a project file, xcconfig file or XcodeGen spec could not be edited.
package enum ProjectEditProblem: FileProblem {
    /// The file could not be read through the change set.
    case unreadable(ChangeSetProblem)
    /// The file is not there.
    case missing
    /// The project could not be read as a project (the reader's own message).
    case notAProject(String)
    /// The project has no target of that name.
    case unknownTarget(String, available: [String])
    /// An object the project names is not written where Xcode writes it (`what`: its role).
    case objectNotFound(id: String, what: String)
    /// The text is not in the layout Xcode writes, so no safe edit exists: what was expected.
    case unexpectedLayout(String)
    /// A file to add lies outside the folder the app was read in: the file, and the
    /// boundary as a message names it ("the repository /x").
    case outsideBoundary(String, boundary: String)
    /// A file to add is reached through a symbolic link leading out of that folder.
    case linkLeadingOutside(String, boundary: String)
    /// No group of the project stands for the folder holding the file, nor for any folder above it.
    case noGroupHolds(String)
    /// The target has no Resources build phase to list the file in.
    case noResourcesPhase(target: String)
    /// The setting is written in a form this edit does not change (an array, a continued xcconfig line…): why.
    case settingNotEditable(setting: String, reason: String)
    /// An icon name the build setting cannot hold.
    case invalidName(String)
    /// What an XcodeGen spec edit looked for is not written in the spec itself (an included
    /// spec, a template or a setting group gives it): what.
    case notInSpec(String)
    /// Resources asked of an XcodeGen spec, whose targets take their files from `sources`.
    case resourcesFromSpecSources

    package func message(about path: String) -> String {
        switch self {
        case .unreadable(let kind): return ChangeSetError(path: path, kind: kind).description
        case .missing: return "\(path): no such file"
        case .notAProject(let reason): return reason
        case .unknownTarget(let name, let available):
            let list = available.isEmpty ? "it has none" : "it has " + available.map { "“\($0)”" }.joined(separator: ", ")
            return "\(path): no target “\(name)” (\(list))"
        case .objectNotFound(let id, let what):
            return "\(path): \(what) \(id) is not written where Xcode writes it; the file is left unchanged"
        case .unexpectedLayout(let expected):
            return "\(path): \(expected) is not in the layout Xcode writes; the file is left unchanged"
        case .outsideBoundary(let file, let boundary): return "\(path): \(file) is outside \(boundary); nothing is written there"
        case .linkLeadingOutside(let file, let boundary):
            return "\(path): \(file) is reached through a symbolic link leading outside \(boundary); nothing is written through one"
        case .noGroupHolds(let file): return "\(path): no group of the project stands for the folder of \(file)"
        case .noResourcesPhase(let target): return "\(path): target “\(target)” has no Resources build phase"
        case .settingNotEditable(let setting, let reason): return "\(path): \(setting) \(reason); it is left unchanged"
        case .invalidName(let name): return "\(path): “\(name)” cannot be an icon name in a build setting"
        case .resourcesFromSpecSources:
            return "\(path): an XcodeGen spec's targets take their files from their sources; put the file in a folder they list"
        case .notInSpec(let what):
            return "\(path): \(what) is not written in this spec (an included spec, a template or a setting group gives it); it is left unchanged"
        }
    }
}

extension FileError where Kind == ProjectEditProblem {
    init(_ error: ChangeSetError) {
        self.init(path: error.path, kind: .unreadable(error.kind))
    }
}

extension ChangeSet {
    /// Runs `edit` on a copy of the set, kept only when it succeeds: an edit that fails
    /// part-way leaves the set as it was.
    static func allOrNothing<Result>(_ changes: inout ChangeSet,
                                     _ edit: (inout ChangeSet) throws(ProjectEditError) -> Result) throws(ProjectEditError) -> Result {
        var staged = changes
        let result = try edit(&staged)
        changes = staged
        return result
    }
}
