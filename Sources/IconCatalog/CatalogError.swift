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
    case unreadable(path: String, reason: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case emptyFile(path: String)
    case notAPlist(path: String, reason: String)
    case tooComplex(path: String, reason: String)
    case notADictionary(path: String)
    case missingIcons(path: String, key: String)
    case wrongType(path: String, key: String, expected: String, found: String)

    public var path: String {
        switch self {
        case .notFound(let path), .badLink(let path, _), .notARegularFile(let path, _), .unreadable(let path, _),
             .tooLarge(let path, _, _), .emptyFile(let path), .notAPlist(let path, _),
             .tooComplex(let path, _), .notADictionary(let path), .missingIcons(let path, _),
             .wrongType(let path, _, _, _):
            return path
        case .noInfoPlist(let directory):
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

    public init(subject: String, message: String) {
        self.subject = subject
        self.message = message
    }

    public var description: String {
        subject.isEmpty ? TextSanitizer.clean(message) : "\(TextSanitizer.clean(subject)): \(TextSanitizer.clean(message))"
    }
}
