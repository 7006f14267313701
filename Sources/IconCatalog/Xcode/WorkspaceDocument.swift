import FileAccess
import Foundation

/// The projects an `.xcworkspace` names in its `contents.xcworkspacedata`: `FileRef`
/// elements whose `location` is `group:`, `container:` or `absolute:` followed by a path,
/// inside `Group` elements that may move the base folder for what they hold. The format is
/// a handful of elements with attributes, so it is scanned directly rather than through
/// an XML library (none is linked into the package).
enum WorkspaceDocument {
    static let maximumFileSize = 1024 * 1024
    static let maximumGroupDepth = 64
    static let maximumReferences = 10_000

    struct Contents {
        /// Absolute, normalised paths of the `.xcodeproj` bundles named, in document order.
        var projects: [String] = []
        var warnings: [CatalogWarning] = []
    }

    /// Reads `workspace/contents.xcworkspacedata`; problems become warnings naming the file.
    static func read(workspace: String) -> Contents {
        let file = ProjectPaths.join(workspace, "contents.xcworkspacedata")
        var contents = Contents()
        let data: Data
        do {
            data = try BoundedFile.read(file, limit: maximumFileSize)
        } catch {
            contents.warnings.append(CatalogWarning(subject: workspace,
                message: "cannot read contents.xcworkspacedata: \(error.reason(limit: maximumFileSize))",
                code: .unreadableWorkspace))
            return contents
        }
        let container = ProjectPaths.parent(ProjectPaths.absolute(workspace))
        parse(String(decoding: data, as: UTF8.self), container: container, file: file, into: &contents)
        return contents
    }

    /// Walks the elements in order, keeping a stack of group base folders.
    static func parse(_ text: String, container: String, file: String, into contents: inout Contents) {
        var bases = [container]
        var references = 0
        var scanner = Scanner(Array(text.utf8))
        while let tag = scanner.nextTag() {
            switch tag.name {
            case "Group":
                let base = tag.attributes["location"].flatMap {
                    resolve(location: $0, groupBase: bases.last ?? container, container: container)
                } ?? bases.last ?? container
                if !tag.selfClosing {
                    guard bases.count <= maximumGroupDepth else {
                        contents.warnings.append(CatalogWarning(subject: file,
                            message: "groups nested more than \(maximumGroupDepth) deep; the rest is not read",
                            code: .unreadableWorkspace))
                        return
                    }
                    bases.append(base)
                }
            case "/Group":
                if bases.count > 1 { bases.removeLast() }
            case "FileRef":
                references += 1
                guard references <= maximumReferences else {
                    contents.warnings.append(CatalogWarning(subject: file,
                        message: "more than \(maximumReferences) file references; the rest are not read",
                        code: .unreadableWorkspace))
                    return
                }
                guard let location = tag.attributes["location"],
                      let path = resolve(location: location, groupBase: bases.last ?? container, container: container),
                      ProjectPaths.pathExtension(path) == "xcodeproj" else { continue }
                contents.projects.append(path)
            default:
                continue
            }
        }
    }

    /// The absolute path a `location` attribute names, or nil for kinds that name no file
    /// here (`self:` inside a project, `developer:`).
    static func resolve(location: String, groupBase: String, container: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return ProjectPaths.normalize(ProjectPaths.join(groupBase, path))
        case "container": return ProjectPaths.normalize(ProjectPaths.join(container, path))
        case "absolute": return path.hasPrefix("/") ? ProjectPaths.normalize(path) : nil
        default: return nil
        }
    }

    struct Tag {
        var name: String
        var attributes: [String: String]
        var selfClosing: Bool
    }

    /// Finds tags one after another, skipping comments, processing instructions and text.
    struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func nextTag() -> Tag? {
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
                if starts(with: "<!--") {
                    skip(past: "-->")
                    continue
                }
                if starts(with: "<?") || starts(with: "<!") {
                    skip(past: ">")
                    continue
                }
                index += 1
                let nameStart = index
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                      bytes[index] != UInt8(ascii: "/") || index == nameStart {
                    index += 1
                }
                let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                var attributes: [String: String] = [:]
                var selfClosing = false
                while index < bytes.count {
                    skipSpaces()
                    guard index < bytes.count else { break }
                    if bytes[index] == UInt8(ascii: ">") { index += 1; break }
                    if bytes[index] == UInt8(ascii: "/") { selfClosing = true; index += 1; continue }
                    let keyStart = index
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                          bytes[index] != UInt8(ascii: ">") {
                        index += 1
                    }
                    let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                    index += 1
                    skipSpaces()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                        continue
                    }
                    let quote = bytes[index]
                    index += 1
                    let valueStart = index
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    attributes[key] = Self.unescape(String(decoding: bytes[valueStart..<min(index, bytes.count)], as: UTF8.self))
                    index += 1
                }
                return Tag(name: name, attributes: attributes, selfClosing: selfClosing)
            }
            return nil
        }

        private func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        private mutating func skipSpaces() {
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        }

        private func starts(with text: String) -> Bool {
            let pattern = Array(text.utf8)
            return bytes.count - index >= pattern.count && Array(bytes[index..<index + pattern.count]) == pattern
        }

        private mutating func skip(past text: String) {
            let pattern = Array(text.utf8)
            while index < bytes.count {
                if starts(with: text) {
                    index += pattern.count
                    return
                }
                index += 1
            }
        }

        /// The five predefined entities and numeric character references.
        static func unescape(_ text: String) -> String {
            guard text.contains("&") else { return text }
            var result = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                result += rest[..<amp]
                guard let semicolon = rest[amp...].firstIndex(of: ";"),
                      rest.distance(from: amp, to: semicolon) <= 10 else {
                    result += "&"
                    rest = rest[rest.index(after: amp)...]
                    continue
                }
                let entity = rest[rest.index(after: amp)..<semicolon]
                switch entity {
                case "amp": result += "&"
                case "lt": result += "<"
                case "gt": result += ">"
                case "quot": result += "\""
                case "apos": result += "'"
                default:
                    let scalar: UInt32? = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                        : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                    if let scalar, let character = Unicode.Scalar(scalar) {
                        result.unicodeScalars.append(character)
                    } else {
                        result += "&" + entity + ";"
                    }
                }
                rest = rest[rest.index(after: semicolon)...]
            }
            return result + rest
        }
    }
}
