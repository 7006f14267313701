import Foundation

/// Reads `project.pbxproj` through Foundation after bounding what Foundation is asked to
/// do: the OpenStep parser in CoreFoundation recurses once per bracket, so a file nested
/// ten thousand levels deep would overflow the stack; it is refused by a scan that counts
/// brackets outside strings and comments before the parser sees it.
enum ProjectFileLoader {
    /// The largest real project files are a few MB; this leaves ten times that.
    static let maximumFileSize = 16 * 1024 * 1024
    /// Real project files nest about six levels (objects, an object, its settings, a list).
    static let maximumNesting = 64

    static func load(_ path: String) throws(XcodeProjectError) -> [String: Any] {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: maximumFileSize)
        } catch {
            switch error {
            case .notFound: throw .notFound(path: path)
            case .badLink(let problem): throw .unreadable(path: path, reason: "it is \(problem)")
            case .notARegularFile(let kind): throw .unreadable(path: path, reason: "it is \(kind)")
            case .tooLarge(let bytes): throw .tooLarge(path: path, bytes: bytes, limit: maximumFileSize)
            case .system(let reason): throw .unreadable(path: path, reason: reason)
            }
        }
        return try parse(data, path: path)
    }

    static func parse(_ data: Data, path: String) throws(XcodeProjectError) -> [String: Any] {
        guard data.contains(where: { !Self.isSpace($0) }) else { throw .emptyFile(path: path) }
        if BinaryPlistGuard.isBinaryPlist(data) {
            do {
                try BinaryPlistGuard.check(data)
            } catch {
                throw .notAPlist(path: path, reason: error.reason)
            }
        } else if !startsLikeXML(data) {
            guard nestingDepth(of: data, limit: maximumNesting) <= maximumNesting else {
                throw .nestedTooDeep(path: path, limit: maximumNesting)
            }
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notAPlist(path: path, reason: PlistLoader.foundationReason(error))
        }
        guard let dictionary = object as? [String: Any] else {
            throw .notAPlist(path: path, reason: "its top level is \(PlistValue.typeName(object)), not a dictionary")
        }
        return dictionary
    }

    /// The deepest nesting of `{` and `(` outside quoted strings and comments, counting no
    /// further than one past `limit`. An unterminated string or comment ends the scan;
    /// the parser reports those itself.
    static func nestingDepth(of data: Data, limit: Int) -> Int {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int in
            let bytes = raw.bindMemory(to: UInt8.self)
            var depth = 0, deepest = 0
            var index = 0
            let end = bytes.count
            while index < end {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "("):
                    depth += 1
                    deepest = max(deepest, depth)
                    if deepest > limit { return deepest }
                case UInt8(ascii: "}"), UInt8(ascii: ")"):
                    depth = max(0, depth - 1)
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    index += 1
                    while index < end, bytes[index] != byte {
                        if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                        index += 1
                    }
                case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < end, bytes[index] != 0x0A { index += 1 }
                case UInt8(ascii: "/") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "*"):
                    index += 2
                    while index + 1 < end, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                        index += 1
                    }
                    index += 1
                default:
                    break
                }
                index += 1
            }
            return deepest
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// XML plists go to Foundation's XML parser, which caps nesting itself.
    private static func startsLikeXML(_ data: Data) -> Bool {
        data.first(where: { !isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) == UInt8(ascii: "<")
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
