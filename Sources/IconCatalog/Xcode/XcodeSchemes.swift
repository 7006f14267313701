import FileAccess
import Foundation

/// The configuration Xcode archives a target with: what Product ▸ Archive (and so the App
/// Store build) uses is the archive action's configuration of the scheme that builds the
/// target, which is usually but not always `Release`.
///
/// Schemes are read from the project's (and a workspace's) `xcshareddata/xcschemes` and the
/// users' `xcuserdata/*/xcschemes`: a scheme named after the target first, else the first
/// (by file name) that builds the target for archiving. Only a few attributes are looked
/// at, by a scanner of tags that follows no entity or reference, over bounded files.
package enum XcodeSchemes {
    /// Scheme files larger than this are skipped: real ones are a few kilobytes.
    package static let maximumFileBytes = 1 << 20
    /// At most this many scheme files are looked at per folder.
    package static let maximumSchemes = 200

    /// The archive configuration for `target` of the project at `projectPath`, looking also
    /// in `workspacePath`'s schemes; nil when no readable scheme archives the target.
    package static func archiveConfiguration(target: String, projectPath: String, workspacePath: String? = nil) -> String? {
        let projectName = (ProjectPaths.lastComponent(projectPath) as NSString).deletingPathExtension
        let schemes = ([projectPath] + (workspacePath.map { [$0] } ?? [])).flatMap(schemeFiles(in:))
        let named = schemes.filter { ($0 as NSString).lastPathComponent == "\(target).xcscheme" }
        for path in named + schemes.filter({ !named.contains($0) }) {
            guard let scheme = read(path), scheme.archives(target: target, projectName: projectName),
                  let configuration = scheme.archiveConfiguration else { continue }
            return configuration
        }
        return nil
    }

    /// What one scheme says about archiving.
    struct Scheme {
        /// Targets the build action builds for archiving: (target name, container `NAME.xcodeproj`).
        var archivedTargets: [(name: String, container: String?)] = []
        var archiveConfiguration: String?

        func archives(target: String, projectName: String) -> Bool {
            archivedTargets.contains { entry in
                entry.name == target
                    && (entry.container.map { ProjectPaths.lastComponent($0) == "\(projectName).xcodeproj" } ?? true)
            }
        }

    }

    /// The `.xcscheme` files of a project or workspace bundle, sorted by path within each folder.
    static func schemeFiles(in bundle: String) -> [String] {
        var folders = [(bundle as NSString).appendingPathComponent("xcshareddata/xcschemes")]
        let users = (bundle as NSString).appendingPathComponent("xcuserdata")
        for user in DirectoryListing.names(in: users, limit: maximumSchemes)?.names.sorted() ?? [] where user.hasSuffix(".xcuserdatad") {
            folders.append((users as NSString).appendingPathComponent("\(user)/xcschemes"))
        }
        return folders.flatMap { folder in
            (DirectoryListing.names(in: folder, limit: maximumSchemes)?.names ?? [])
                .filter { $0.hasSuffix(".xcscheme") }.sorted()
                .map { (folder as NSString).appendingPathComponent($0) }
        }
    }

    static func read(_ path: String) -> Scheme? {
        guard let data = try? BoundedFile.read(path, limit: maximumFileBytes) else { return nil }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// Reads the tags that matter: `BuildActionEntry` (its `buildForArchiving`), the
    /// `BuildableReference` inside one, and `ArchiveAction`'s `buildConfiguration`.
    static func parse(_ text: String) -> Scheme {
        var scheme = Scheme()
        var archivingEntry = false
        for tag in XMLTags(text) {
            switch tag.name {
            case "BuildActionEntry":
                archivingEntry = tag.attributes["buildForArchiving"] != "NO"
            case "/BuildActionEntry":
                archivingEntry = false
            case "BuildableReference" where archivingEntry:
                if let name = tag.attributes["BlueprintName"] {
                    let container = tag.attributes["ReferencedContainer"].map { $0.hasPrefix("container:") ? String($0.dropFirst(10)) : $0 }
                    scheme.archivedTargets.append((name, container))
                }
            case "ArchiveAction":
                if let configuration = tag.attributes["buildConfiguration"], !configuration.isEmpty {
                    scheme.archiveConfiguration = configuration
                }
            default:
                break
            }
        }
        return scheme
    }
}

/// The start and end tags of an XML text with their attributes, nothing more: no entity is
/// expanded beyond the five predefined ones, no reference followed; comments, processing
/// instructions and declarations are skipped. Linear in the text's length.
struct XMLTags: Sequence, IteratorProtocol {
    struct Tag {
        /// The element's name, with a leading `/` for an end tag.
        let name: String
        let attributes: [String: String]
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    mutating func next() -> Tag? {
        while index < scalars.count {
            guard scalars[index] == "<" else { index += 1; continue }
            index += 1
            guard index < scalars.count else { return nil }
            if scalars[index] == "!" || scalars[index] == "?" {
                skip(past: scalars[index] == "!" && lookingAt("!--") ? "-->" : ">")
                continue
            }
            var name = ""
            while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">", !(scalars[index] == "/" && !name.isEmpty) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            var attributes: [String: String] = [:]
            while index < scalars.count, scalars[index] != ">" {
                if isSpace(scalars[index]) || scalars[index] == "/" { index += 1; continue }
                var key = ""
                while index < scalars.count, !isSpace(scalars[index]), !"=/>".unicodeScalars.contains(scalars[index]) {
                    key.unicodeScalars.append(scalars[index])
                    index += 1
                }
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                guard index < scalars.count, scalars[index] == "=" else { continue }
                index += 1
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else { continue }
                let quote = scalars[index]
                index += 1
                var value = ""
                while index < scalars.count, scalars[index] != quote {
                    value.unicodeScalars.append(scalars[index])
                    index += 1
                }
                index += 1
                attributes[key] = Self.unescape(value)
            }
            index += 1
            return Tag(name: name, attributes: attributes)
        }
        return nil
    }

    private func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" }

    private func lookingAt(_ text: String) -> Bool {
        let wanted = Array(text.unicodeScalars)
        return index + wanted.count <= scalars.count && Array(scalars[index..<index + wanted.count]) == wanted
    }

    private mutating func skip(past end: String) {
        while index < scalars.count, !lookingAt(end) { index += 1 }
        index = Swift.min(scalars.count, index + end.unicodeScalars.count)
    }

    static func unescape(_ value: String) -> String {
        guard value.contains("&") else { return value }
        return value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
