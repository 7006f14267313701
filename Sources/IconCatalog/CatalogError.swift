import Foundation
import TerminalText

/// Why an app could not be read at all. Each case carries the file it is about, so
/// the one-line message a user sees names the file and the problem.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    /// A broken symbolic link or a loop of them; `problem` says which.
    case badLink(path: String, problem: String)
    case notARegularFile(path: String, kind: String)
    case noInfoPlist(directory: String)
    /// A folder given as the app that holds neither an Info.plist nor an Xcode project.
    case noApp(directory: String)
    case unreadable(path: String, reason: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case emptyFile(path: String)
    case notAPlist(path: String, reason: String)
    case tooComplex(path: String, reason: String)
    case notADictionary(path: String)
    case missingIcons(path: String, key: String)
    case wrongType(path: String, key: String, expected: String, found: String)
    /// An `.ipa` that is not a zip, is damaged, is over a limit, or whose Info.plist entry cannot be read.
    case archive(path: String, ZipArchiveError)
    /// An archive without a `Payload/NAME.app/` folder.
    case noAppInArchive(path: String)
    /// An archive with more than one app under `Payload/`; `apps` names them.
    case severalAppsInArchive(path: String, apps: [String])
    /// A preprocessor line of the plist (or a file it includes) could not be evaluated.
    case preprocessing(path: String, line: Int, problem: String)
    /// The app is an Xcode project that could not be read.
    case xcodeProject(XcodeProjectError)

    public var path: String {
        switch self {
        case .notFound(let path), .badLink(let path, _), .notARegularFile(let path, _), .unreadable(let path, _),
             .tooLarge(let path, _, _), .emptyFile(let path), .notAPlist(let path, _),
             .tooComplex(let path, _), .notADictionary(let path), .missingIcons(let path, _),
             .wrongType(let path, _, _, _), .archive(let path, _), .noAppInArchive(let path),
             .severalAppsInArchive(let path, _), .preprocessing(let path, _, _):
            return path
        case .xcodeProject(let error):
            return error.path
        case .noInfoPlist(let directory), .noApp(let directory):
            return directory
        }
    }

    public var description: String {
        let problem: String
        switch self {
        case .notFound:
            problem = "no such file or folder"
        case .badLink(_, let what):
            problem = what
        case .notARegularFile(_, let kind):
            problem = "not a regular file (\(kind)); give an Info.plist or a folder holding one"
        case .noInfoPlist:
            problem = "folder holds no Info.plist"
        case .noApp:
            problem = "folder holds no Info.plist and no Xcode project (*.xcodeproj) within "
                + "\(XcodeProjectLocator.maximumDepth) folder levels"
        case .unreadable(_, let reason):
            problem = "cannot read: \(reason)"
        case .tooLarge(_, let bytes, let limit):
            problem = "file is \(bytes) bytes; an Info.plist over \(limit) bytes is refused"
        case .emptyFile:
            problem = "file is empty, not a property list"
        case .notAPlist(_, let reason):
            problem = "not a property list (\(reason))"
        case .tooComplex(_, let reason):
            problem = "property list refused: \(reason)"
        case .notADictionary:
            problem = "property list's top level is not a dictionary"
        case .missingIcons(_, let key):
            problem = "no \(key): the app declares no icons"
        case .wrongType(_, let key, let expected, let found):
            problem = "\(key) is \(found), expected \(expected)"
        case .archive(_, let error):
            // An entry is named after the archive as a file inside it: `App.ipa:Payload/App.app/Info.plist: …`.
            if let entry = error.entry { return "\(TextSanitizer.clean(path)):\(TextSanitizer.clean(entry)): \(error.reason)" }
            problem = error.description
        case .noAppInArchive:
            problem = "holds no Payload/NAME.app folder; not an iOS app archive"
        case .severalAppsInArchive(_, let apps):
            problem = "holds \(apps.count) apps (\(apps.map(TextSanitizer.clean).joined(separator: ", "))); an .ipa holds exactly one"
        case .preprocessing(let path, let line, let message):
            return TextSanitizer.clean(line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)")
        case .xcodeProject(let error):
            return error.description
        }
        return "\(TextSanitizer.clean(path)): \(problem)"
    }
}

/// A problem with one part of the app that does not stop the rest from being listed.
public struct CatalogWarning: Equatable, Hashable, Sendable, CustomStringConvertible, Codable {
    /// The plist key path or file the warning is about, e.g. `CFBundleIcons.CFBundleAlternateIcons.blue`;
    /// empty for the line that counts the warnings left out (see `WarningList`).
    public let subject: String
    public let message: String
    /// A stable kebab-case name for the kind of problem, shared with `lint`'s rule ids where a
    /// rule reports the same thing, so scripts can filter warnings without parsing messages.
    public let code: String?

    public init(subject: String, message: String, code: String? = nil) {
        self.subject = subject
        self.message = message
        self.code = code
    }

    public var description: String {
        subject.isEmpty ? TextSanitizer.clean(message) : "\(TextSanitizer.clean(subject)): \(TextSanitizer.clean(message))"
    }
}
