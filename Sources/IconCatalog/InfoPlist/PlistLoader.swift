import FileAccess
import Foundation
import TerminalText

/// Finds and reads an app's Info.plist (XML or binary) through Foundation, after
/// bounding what Foundation will be asked to do.
package enum PlistLoader {
    /// Real Info.plists are a few KB; anything this large is not one.
    package static let maximumFileSize = 8 * 1024 * 1024

    /// `path` itself when it names a file, or the `Info.plist` inside it when it names a folder.
    package static func locate(_ path: String) throws(CatalogError) -> String {
        guard let kind = FileKind.following(path) else {
            throw BoundedFile.linkProblem(path).map { .badLink(path: path, problem: $0) } ?? .notFound(path: path)
        }
        guard kind == .directory else { return path }
        let inside = (path as NSString).appendingPathComponent("Info.plist")
        guard FileKind.following(inside) != nil else {
            throw BoundedFile.linkProblem(inside).map { .badLink(path: inside, problem: $0) } ?? .noInfoPlist(directory: path)
        }
        try refuseLinkLeadingOutside(inside, folder: path)
        return inside
    }

    /// Throws when `plist`, the Info.plist of `folder`, is a link (or behind one) leading
    /// outside the folder: every reader refuses those, with this message.
    package static func refuseLinkLeadingOutside(_ plist: String, folder: String) throws(CatalogError) {
        guard let real = PathBoundary.systemRealPath(plist), let realFolder = PathBoundary.systemRealPath(folder) else { return }
        guard ProjectPaths.lexicallyInside(real, folder: realFolder) else {
            throw .badLink(path: plist, problem: "is a link leading outside \(folder); never read")
        }
    }

    /// The plist's top-level dictionary. A text plist with C-preprocessor lines is
    /// preprocessed first, as is any text plist when `forcePreprocessing` is set (a target
    /// with `INFOPLIST_PREPROCESS`).
    package static func load(_ path: String, preprocessor: PlistPreprocessor.Options = PlistPreprocessor.Options(),
                             forcePreprocessing: Bool = false) throws(CatalogError) -> [String: Any] {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: maximumFileSize)
        } catch {
            switch error {
            case .notFound: throw .notFound(path: path)
            case .badLink(let problem): throw .badLink(path: path, problem: problem)
            case .notARegularFile(let kind): throw .notARegularFile(path: path, kind: kind)
            case .tooLarge(let bytes): throw .tooLarge(path: path, bytes: bytes, limit: maximumFileSize)
            case .system(let reason): throw .unreadable(path: path, reason: reason)
            }
        }
        guard !BinaryPlistGuard.isBinaryPlist(data),
              forcePreprocessing || PlistPreprocessor.containsDirectives(data) else {
            return try parse(data, path: path)
        }
        let preprocessed: Data
        do {
            preprocessed = try PlistPreprocessor.run(data, path: path, options: preprocessor)
        } catch {
            throw .preprocessing(path: error.path, line: error.line, problem: error.problem)
        }
        return try parse(preprocessed, path: path)
    }

    /// Parses plist bytes; `path` only names the source in errors.
    package static func parse(_ data: Data, path: String) throws(CatalogError) -> [String: Any] {
        guard !data.isEmpty else { throw .emptyFile(path: path) }
        if BinaryPlistGuard.isBinaryPlist(data) {
            do {
                try BinaryPlistGuard.check(data)
            } catch {
                throw error.kind == .tooComplex ? .tooComplex(path: path, reason: error.reason)
                    : .notAPlist(path: path, reason: error.reason)
            }
        }
        if !BinaryPlistGuard.isBinaryPlist(data) {
            try checkText(data, path: path)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notAPlist(path: path, reason: foundationReason(error))
        }
        guard let dictionary = object as? [String: Any] else { throw .notADictionary(path: path) }
        return dictionary
    }

    /// Tags an XML plist may hold: two per value, as many values as a binary plist may expand to.
    package static let maximumTags = 2 * BinaryPlistGuard.maximumExpandedObjects

    /// What a text plist must be before Foundation reads it. XML, since that is what Xcode writes
    /// and iOS reads (Foundation would also take OpenStep text, where eight megabytes of `a,a,a`
    /// are four million strings); with a `<plist>` root (Foundation accepts a bare `<dict>`
    /// fragment); and with no more values than a binary plist may hold (each becomes an object
    /// of a few hundred bytes), counted by its tags.
    private static func checkText(_ data: Data, path: String) throws(CatalogError) {
        // Where the text starts, however far in: a preprocessed plist begins with a blank line
        // for each directive line before its XML.
        let start = textStart(data)
        let head = String(decoding: data[start...].prefix(4096), as: UTF8.self)
        guard head.hasPrefix("<") else {
            throw .notAPlist(path: path, reason: "neither XML nor a binary plist")
        }
        guard head.contains("<plist") else {
            throw .notAPlist(path: path, reason: "XML without a <plist> root element, a fragment rather than a property list")
        }
        let tags = data.withUnsafeBytes { bytes in bytes.reduce(0) { $1 == UInt8(ascii: "<") ? $0 + 1 : $0 } }
        guard tags <= maximumTags else {
            throw .tooComplex(path: path, reason: "it holds \(MessageText.grouped(tags)) XML tags, more than the "
                + "\(MessageText.grouped(maximumTags)) of \(MessageText.grouped(BinaryPlistGuard.maximumExpandedObjects)) values")
        }
    }

    /// The index of the first byte that is neither white space nor part of a byte-order mark.
    static func textStart(_ data: Data) -> Data.Index {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var index = data.startIndex
        while index < data.endIndex {
            switch data[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                index += 1
            case 0xEF where data[index...].starts(with: byteOrderMark):
                index += byteOrderMark.count
            default:
                return index
            }
        }
        return index
    }

    /// Foundation's errors nest the useful sentence in NSDebugDescription; keep it to one line.
    package static func foundationReason(_ error: Error) -> String {
        let info = (error as NSError).userInfo
        let text = (info[NSDebugDescriptionErrorKey] as? String) ?? (error as NSError).localizedDescription
        let oneLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return String(TextSanitizer.clean(oneLine).prefix(200))
    }
}
