import FileAccess
import Foundation
import TerminalText

/// Why an app could not be read at all. Each case carries the file it is about, so
/// the one-line message a user sees names the file and the problem.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing at the path given.
    case notFound(path: String)
    /// A broken symbolic link or a loop of them; `problem` says which.
    case badLink(path: String, problem: String)
    /// A FIFO, a device or a socket where a file was expected: never opened, so it cannot hang.
    case notARegularFile(path: String, kind: FileKind)
    /// A folder expected to hold an Info.plist (a built app) that has none.
    case noInfoPlist(directory: String)
    /// A folder given as the app that holds neither an Info.plist nor an Xcode project.
    case noApp(directory: String)
    /// The file exists but reading it failed; `reason` is the system's.
    case unreadable(path: String, reason: String)
    /// Larger than any real Info.plist: refused before it is read into memory.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// An empty file, which Foundation would otherwise read as an empty dictionary.
    case emptyFile(path: String)
    /// Neither an XML nor a binary property list (nor one after preprocessing).
    case notAPlist(path: String, reason: String)
    /// A property list refused before Foundation reads it: too deep, too many objects, shared references.
    case tooComplex(path: String, reason: String)
    /// A property list whose top level is an array or a value, not the dictionary an Info.plist is.
    case notADictionary(path: String)
    /// An Info.plist without the icons key the idiom reads, and nothing else declaring icons.
    case missingIcons(path: String, key: String)
    /// A key the icons depend on holds the wrong kind of value.
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
    /// A URL given as the app that is not a `file:` URL (the library reads local files only).
    case notAFileURL(url: String)
    /// An Expo config (`app.json`, `app.config.json`, or what `expo config --json` printed) that
    /// cannot be read as one; `problem` says why (with the line and column of a JSON5 error).
    case expoConfig(path: String, problem: String)

    /// The file or folder the error is about, for tools that point at it.
    public var path: String {
        switch self {
        case .notFound(let path), .badLink(let path, _), .notARegularFile(let path, _), .unreadable(let path, _),
             .tooLarge(let path, _, _), .emptyFile(let path), .notAPlist(let path, _),
             .tooComplex(let path, _), .notADictionary(let path), .missingIcons(let path, _),
             .wrongType(let path, _, _, _), .archive(let path, _), .noAppInArchive(let path),
             .severalAppsInArchive(let path, _), .preprocessing(let path, _, _), .expoConfig(let path, _):
            return path
        case .xcodeProject(let error):
            return error.path
        case .noInfoPlist(let directory), .noApp(let directory):
            return directory
        case .notAFileURL(let url):
            return url
        }
    }

    /// One line naming the file and the problem, free of control characters: what a command prints.
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
        case .notAFileURL:
            problem = "not a file URL; give the app as a file: URL or a path"
        case .expoConfig(_, let what):
            problem = what
        }
        return "\(TextSanitizer.clean(path)): \(problem)"
    }
}

/// A problem with one part of the app that does not stop the rest from being listed.
public struct CatalogWarning: Equatable, Hashable, Sendable, CustomStringConvertible, Codable {
    /// The plist key path or file the warning is about, e.g. `CFBundleIcons.CFBundleAlternateIcons.blue`;
    /// empty for the line that counts the warnings left out (see `WarningList`).
    public let subject: String
    /// What is wrong and what was done about it, one line.
    public let message: String
    /// A stable kebab-case name for the kind of problem, shared with `lint`'s rule ids where a
    /// rule reports the same thing, so scripts can filter warnings without parsing messages.
    public let code: ProblemCode?

    /// A warning about `subject`; `code` should be a lint rule id where a rule reports the same problem.
    public init(subject: String, message: String, code: ProblemCode? = nil) {
        self.subject = subject
        self.message = message
        self.code = code
    }

    /// `SUBJECT: message`, cleaned of control and bidi characters, ready for a terminal or a log.
    public var description: String {
        subject.isEmpty ? TextSanitizer.clean(message) : "\(TextSanitizer.clean(subject)): \(TextSanitizer.clean(message))"
    }
}
