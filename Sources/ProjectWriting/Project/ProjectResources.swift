import Foundation
import IconCatalog

/// How a file or folder stands towards a target's resources, before any edit.
package enum ResourceMembership: Equatable, Sendable {
    /// Not in the target: `ProjectResources.add` gives it a file reference and a Resources entry.
    case absent
    /// A file reference of it is in the target's Resources build phase already.
    case inResources
    /// Inside the target's synchronized folder `folder` (absolute): it ships already.
    case inSynchronizedFolder(folder: String)
    /// Inside the target's synchronized folder `folder`, but the target's membership exception
    /// `exception` (a path relative to the folder, as the project lists it) leaves it out.
    case excludedFromSynchronizedFolder(folder: String, exception: String)
    /// Inside a synchronized folder the target does not list: files there get no file
    /// references of their own (Xcode records membership as an exception of that folder).
    case inOtherSynchronizedFolder(folder: String)
    /// Under the folder reference `folder`, copied whole when `copiedByTarget`.
    case underFolderReference(folder: String, copiedByTarget: Bool)

    /// True when the target copies the file into the app as things stand.
    package var ships: Bool {
        switch self {
        case .inResources, .inSynchronizedFolder: return true
        case .underFolderReference(_, let copied): return copied
        case .absent, .excludedFromSynchronizedFolder, .inOtherSynchronizedFolder: return false
        }
    }
}

/// What an add or remove did for one path.
package struct ResourceEdit: Equatable, Sendable {
    /// The file or folder, absolute.
    package let path: String
    /// How it stood before the edit.
    package let membership: ResourceMembership
    /// True when the project file was changed for it; false when there was nothing to do or
    /// nothing this edit may do (a synchronized folder or folder reference: see `membership`).
    package let edited: Bool

    package init(path: String, membership: ResourceMembership, edited: Bool) {
        self.path = path
        self.membership = membership
        self.edited = edited
    }
}

/// The files of a target's Resources build phase in `project.pbxproj`: file references,
/// build files and phase entries, added and removed as Xcode adds and removes them.
package enum ProjectResources {
    /// How each of `paths` (absolute, inside `boundary`: see `add`) stands towards `target` of
    /// `xcodeproj` (the `.xcodeproj` bundle), reading the project file through `changes`.
    package static func membership(of paths: [String], target: String, project xcodeproj: String, boundary: ReadBoundary? = nil,
                                   changes: inout ChangeSet) throws(ProjectEditError) -> [ResourceMembership] {
        let state = try ProjectFileState(xcodeproj: xcodeproj, boundary: boundary, changes: &changes)
        let target = try state.target(named: target)
        var result: [ResourceMembership] = []
        for path in paths { result.append(try state.membership(of: state.inside(path), target: target)) }
        return result
    }

    /// Adds each of `paths` (files such as `icon@2x.png`, or folders such as `Icon.icon`;
    /// absolute, inside `boundary`, the folder the app was read in, else the project's folder)
    /// to `target`'s resources: a file reference in the group standing for its folder (right
    /// after the first of `siblings` that group lists, else at the group's end), a build file,
    /// and its entry at the end of the Resources phase. A path whose membership is not `.absent` is left as it is and reported.
    /// A file already referenced but not in the target gets only the build file and entry.
    package static func add(_ paths: [String], beside siblings: [String] = [], target: String, project xcodeproj: String,
                            boundary: ReadBoundary? = nil, changes: inout ChangeSet) throws(ProjectEditError) -> [ResourceEdit] {
        let siblings = siblings.map { ProjectPaths.absolute($0) }
        return try edit(paths, target: target, project: xcodeproj, boundary: boundary, changes: &changes) { path, owner, membership, state, text throws(ProjectEditError) in
            guard membership == .absent else { return false }
            try ResourceLines.add(path, beside: siblings, target: owner, state: state, text: &text)
            return true
        }
    }

    /// The inverse of `add`: for each path, the target's build files of its file references
    /// and their phase entries, and the references themselves when no other build file uses
    /// them. `add` then `remove` gives the project file back byte for byte.
    package static func remove(_ paths: [String], target: String, project xcodeproj: String, boundary: ReadBoundary? = nil,
                               changes: inout ChangeSet) throws(ProjectEditError) -> [ResourceEdit] {
        try edit(paths, target: target, project: xcodeproj, boundary: boundary, changes: &changes) { path, owner, _, state, text throws(ProjectEditError) in
            try ResourceLines.remove(path, target: owner, state: state, text: &text)
        }
    }

    /// Runs `change` on the project file for each path in turn (each reading what the one
    /// before staged), all staged or none; `change` says whether it edited.
    private static func edit(_ paths: [String], target: String, project xcodeproj: String, boundary: ReadBoundary?,
                             changes: inout ChangeSet,
                             _ change: (String, XcodeTarget, ResourceMembership, ProjectFileState, inout PBXProjText) throws(ProjectEditError) -> Bool)
        throws(ProjectEditError) -> [ResourceEdit] {
        try ChangeSet.allOrNothing(&changes) { (staged: inout ChangeSet) throws(ProjectEditError) in
            var edits: [ResourceEdit] = []
            for raw in paths {
                let state = try ProjectFileState(xcodeproj: xcodeproj, boundary: boundary, changes: &staged)
                let path = try state.inside(raw)
                let owner = try state.target(named: target)
                let membership = try state.membership(of: path, target: owner)
                var text = try state.text()
                let edited = try change(path, owner, membership, state, &text)
                if edited { try state.stage(text, in: &staged) }
                edits.append(ResourceEdit(path: path, membership: membership, edited: edited))
            }
            return edits
        }
    }
}
