import FileAccess
import Foundation
import TerminalText

/// Why an Xcode project (or a target in it) could not be read. Each case names the file
/// it is about, and the key or name where one is at fault, so the one-line message a user
/// sees says where to look.
public enum XcodeProjectError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing at the path given.
    case notFound(path: String)
    /// A folder searched for projects held none.
    case noProject(directory: String)
    /// A `.xcodeproj` folder without a `project.pbxproj` inside.
    case missingProjectFile(path: String)
    /// The project file is a folder, a FIFO, a device or a socket (`kind` says which): never opened.
    case notARegularFile(path: String, kind: FileKind)
    /// The project file exists but reading it failed; `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// Larger than any real project file: refused before it is read.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// An empty `project.pbxproj`.
    case emptyFile(path: String)
    /// Not an OpenStep (or XML) property list; `reason` says where the parser stopped.
    case notAPlist(path: String, reason: String)
    /// Brackets nested deeper than any real project file, refused before the parser recurses into them.
    case nestedTooDeep(path: String, limit: Int)
    /// The file parsed but `key` is missing or of the wrong kind.
    case malformed(path: String, key: String, problem: String)
    /// `--target` names no target of the projects; `available` lists the application targets.
    case unknownTarget(path: String, name: String, available: [String])
    /// `--configuration` names none of the target's; `available` lists them.
    case unknownConfiguration(path: String, target: String, name: String, available: [String])
    /// A target that exists but is not an iOS application (a framework, a watch app, a test bundle).
    case notAnIOSApplication(path: String, target: String, reason: String)
    /// xcconfig files that include each other; `chain` runs from the first file back to itself.
    case includeCycle(path: String, chain: [String])
    /// The projects found hold no iOS application target.
    case noApplicationTarget(path: String)
    /// Several iOS application targets and none chosen; `candidates` reads “target (project, bundle id)”.
    case targetNeeded(path: String, candidates: [String])
    /// The target name chosen is in more than one project.
    case ambiguousTarget(path: String, name: String, projects: [String])
    /// XcodeGen specs that include each other; `chain` runs from the first spec back to itself.
    case specIncludeCycle(path: String, chain: [String])
    /// A folder whose project Tuist generates (`Project.swift` or `Tuist/`, no `.xcodeproj`):
    /// its settings are Swift code only Tuist runs.
    case generatedByTuist(directory: String)

    /// The file or folder the error is about.
    public var path: String {
        switch self {
        case .notFound(let path), .missingProjectFile(let path), .unreadable(let path, _), .notARegularFile(let path, _),
             .tooLarge(let path, _, _), .emptyFile(let path), .notAPlist(let path, _),
             .nestedTooDeep(let path, _), .malformed(let path, _, _), .unknownTarget(let path, _, _),
             .unknownConfiguration(let path, _, _, _), .notAnIOSApplication(let path, _, _),
             .includeCycle(let path, _), .noApplicationTarget(let path), .targetNeeded(let path, _),
             .ambiguousTarget(let path, _, _), .specIncludeCycle(let path, _):
            return path
        case .noProject(let directory), .generatedByTuist(let directory):
            return directory
        }
    }

    /// One line naming the file and the problem, safe to print.
    public var description: String {
        let problem: String
        switch self {
        case .notFound:
            problem = "no such file or folder"
        case .noProject:
            problem = "holds no Xcode project (*.xcodeproj) within \(XcodeProjectLocator.maximumDepth) folder levels"
        case .missingProjectFile:
            problem = "Xcode project without a project.pbxproj inside"
        case .notARegularFile(_, let kind):
            problem = "not a regular file (\(kind)); an Xcode project's project.pbxproj is a file"
        case .unreadable(_, let reason):
            problem = "cannot read: \(reason)"
        case .tooLarge(_, let bytes, let limit):
            problem = "file is \(bytes) bytes; a project file over \(limit) bytes is refused"
        case .emptyFile:
            problem = "file is empty, not an Xcode project file"
        case .notAPlist(_, let reason):
            problem = "not an Xcode project file (\(reason))"
        case .nestedTooDeep(_, let limit):
            problem = "brackets nested more than \(limit) levels deep; no Xcode project file looks like that"
        case .malformed(_, let key, let problem2):
            problem = "\(key) \(problem2)"
        case .unknownTarget(_, let name, let available):
            problem = "no target named “\(name)”; the targets are \(Self.list(available))"
        case .unknownConfiguration(_, let target, let name, let available):
            problem = "target “\(target)” has no configuration “\(name)”; it has \(Self.list(available))"
        case .notAnIOSApplication(_, let target, let reason):
            problem = "target “\(target)” is not an iOS application (\(reason))"
        case .includeCycle(_, let chain):
            problem = "xcconfig files include each other: "
                + chain.map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")
        case .noApplicationTarget:
            problem = "no iOS application target in the Xcode projects found"
        case .targetNeeded(_, let candidates):
            let shown = candidates.prefix(Self.maximumNamesShown).map { MessageText.abbreviated($0, to: 120) }.joined(separator: "; ")
            let rest = candidates.count - Self.maximumNamesShown
            problem = "\(MessageText.grouped(candidates.count)) iOS application targets; choose one: " + shown
                + (rest > 0 ? "; and \(MessageText.grouped(rest)) more" : "")
        case .ambiguousTarget(_, let name, let projects):
            problem = "target “\(MessageText.abbreviated(name))” is in several projects (\(MessageText.shortList(projects))); choose the project"
        case .specIncludeCycle(_, let chain):
            problem = "XcodeGen specs include each other: " + chain.map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")
        case .generatedByTuist:
            problem = "the Xcode project is generated by Tuist (Project.swift); run `tuist generate --no-open` there and point --app at the .xcodeproj it makes"
        }
        return TextSanitizer.clean("\(path): \(problem)")
    }

    /// Names a message lists before saying how many more there are: a project of 10,000
    /// targets still gets a one-line message.
    static let maximumNamesShown = 20

    private static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : MessageText.shortList(names, limit: maximumNamesShown) { "“\(MessageText.abbreviated($0))”" }
    }
}
