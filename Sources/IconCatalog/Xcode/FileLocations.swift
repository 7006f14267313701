import Foundation

/// Where a file reference, group or synchronized folder of the project is on disk,
/// worked out through the group tree as Xcode does.
package enum FileLocation: Equatable {
    /// An absolute path inside the project's folder: safe to read.
    case inside(String)
    /// A relative path that leads out of the project's folder (`../../x`), never read.
    case outside(String)
    /// A path inside the project's folder where a link leads out of it, never read.
    case linkLeadingOutside(String)
    /// A path written as absolute (`sourceTree = "<absolute>"`), never read.
    case absolute(String)
    /// Relative to something not on this machine (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`).
    case elsewhere(sourceTree: String)
    /// The id names no group or file reference.
    case unknown
}

extension XcodeProject {
    /// Follows `id` up the group tree and back down, joining paths: `<group>` is relative
    /// to the enclosing group's folder, `SOURCE_ROOT` to the project's folder.
    package func location(of id: String) -> FileLocation {
        guard nodes[id] != nil else { return .unknown }
        var chain = [id]
        while let parent = parents[chain[chain.count - 1]], chain.count <= parents.count {
            chain.append(parent)
        }
        var current = folder
        var wroteAbsolute = false
        for nodeID in chain.reversed() {
            let node = nodes[nodeID]!
            switch node.sourceTree {
            case "<group>":
                break
            case "SOURCE_ROOT", "SRCROOT", "PROJECT_DIR":
                current = folder
            case "<absolute>":
                current = "/"
                wroteAbsolute = true
            default:
                return .elsewhere(sourceTree: node.sourceTree)
            }
            if let path = node.path {
                if path.hasPrefix("/") { wroteAbsolute = true }
                current = ProjectPaths.join(current, path)
            }
        }
        let normalized = ProjectPaths.normalize(current)
        if wroteAbsolute { return .absolute(normalized) }
        switch boundary.containment(of: normalized) {
        case .inside: return .inside(normalized)
        case .outside: return .outside(normalized)
        case .linkLeadingOutside: return .linkLeadingOutside(normalized)
        }
    }

    /// The node's path if it is safe to read; otherwise nil, with a warning saying why.
    func readablePath(of id: String, purpose: String, warnings: inout [CatalogWarning]) -> String? {
        let name = nodes[id].flatMap { $0.name ?? $0.path } ?? id
        switch location(of: id) {
        case .inside(let path):
            return path
        case .outside(let path):
            warnings.appendUnique([CatalogWarning(subject: projectFile,
                message: "\(purpose) “\(name)” is at \(path), outside \(boundary.description); it is not read",
                code: .pathOutsideProject)])
        case .linkLeadingOutside(let path):
            warnings.appendUnique([CatalogWarning(subject: projectFile,
                message: "\(purpose) “\(name)” at \(path) is a link leading outside \(boundary.description); it is not read",
                code: .pathOutsideProject)])
        case .absolute(let path):
            warnings.appendUnique([CatalogWarning(subject: projectFile,
                message: "\(purpose) “\(name)” has the absolute path \(path); absolute paths are not read",
                code: .pathOutsideProject)])
        case .elsewhere:
            break
        case .unknown:
            warnings.appendUnique([CatalogWarning(subject: projectFile,
                message: "\(purpose) refers to \(id), which is not a file reference in the project",
                code: .malformedProject)])
        }
        return nil
    }
}
