import FileAccess
import Foundation

/// Reads `project.pbxproj` within bounds: at most `maximumFileSize` bytes, brackets nested
/// at most `maximumNesting` deep. The OpenStep text Xcode writes goes to `OpenStepPlist`;
/// the XML and binary forms some tools write go to Foundation (binary plists after
/// `BinaryPlistGuard`, XML with Foundation's own nesting cap).
package enum ProjectFileLoader {
    /// The largest real project files are a few MB; this leaves ten times that.
    static let maximumFileSize = 16 * 1024 * 1024
    /// Real project files nest about six levels (objects, an object, its settings, a list).
    static let maximumNesting = 64

    static func load(_ path: String) throws(XcodeProjectError) -> ProjectDictionary {
        let bytes: [UInt8]
        do {
            // The bytes as read: a project file of a few MB is not copied into a `Data` first.
            bytes = try BoundedFile.readBytes(path, limit: maximumFileSize)
        } catch {
            switch error {
            case .notFound: throw .notFound(path: path)
            case .badLink(let problem): throw .unreadable(path: path, reason: "it is \(problem)")
            case .notARegularFile(let kind): throw .unreadable(path: path, reason: "it is \(kind)")
            case .tooLarge(let bytes): throw .tooLarge(path: path, bytes: bytes, limit: maximumFileSize)
            case .system(let reason): throw .unreadable(path: path, reason: reason)
            }
        }
        return try parse(bytes, path: path)
    }

    /// The top-level dictionary of a project file's bytes (OpenStep text, XML or binary).
    package static func parse(_ data: Data, path: String) throws(XcodeProjectError) -> ProjectDictionary {
        try parse([UInt8](data), path: path)
    }

    static func parse(_ bytes: [UInt8], path: String) throws(XcodeProjectError) -> ProjectDictionary {
        guard bytes.contains(where: { !Self.isSpace($0) }) else { throw .emptyFile(path: path) }
        let object: ProjectValue
        if BinaryPlistGuard.isBinaryPlist(bytes) || startsLikeXML(bytes) {
            let data = Data(bytes)
            if BinaryPlistGuard.isBinaryPlist(data) {
                do {
                    try BinaryPlistGuard.check(data)
                } catch {
                    throw .notAPlist(path: path, reason: error.reason)
                }
            }
            do {
                object = ProjectValue(foundation: try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
            } catch {
                throw .notAPlist(path: path, reason: PlistLoader.foundationReason(error))
            }
        } else {
            do {
                object = try OpenStepPlist.parse(bytes, maximumDepth: maximumNesting)
            } catch {
                if case .tooDeep = error.kind { throw .nestedTooDeep(path: path, limit: maximumNesting) }
                throw .notAPlist(path: path, reason: error.description)
            }
        }
        guard let dictionary = object.dictionary else {
            throw .notAPlist(path: path, reason: "its top level is \(object.typeName), not a dictionary")
        }
        return dictionary
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// XML plists go to Foundation's XML parser, which caps nesting itself.
    private static func startsLikeXML(_ bytes: [UInt8]) -> Bool {
        bytes.first(where: { !isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "<")
    }
}

extension BoundedFile.Failure {
    /// Why a file named by a project could not be read, to follow its name in a message.
    func reason(limit: Int) -> String {
        switch self {
        case .notFound: return "no such file"
        case .badLink(let problem): return "it is \(problem)"
        case .notARegularFile(let kind): return "it is \(kind), not a file"
        case .tooLarge(let bytes): return "it is \(bytes) bytes, over the \(limit) read"
        case .system(let message): return message
        }
    }
}
