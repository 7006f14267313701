import IconCatalog

/// The lines one resource adds to a project file, and takes away again: a file reference
/// in its group, a build file, and the Resources phase's entry for it.
enum ResourceLines {
    /// `lastKnownFileType` as Xcode gives it, by extension (lowercased); `file` for any other.
    static let fileTypes: [String: String] = [
        "png": "image.png", "jpg": "image.jpeg", "jpeg": "image.jpeg", "icon": "folder.iconcomposer.icon",
        "xcassets": "folder.assetcatalog", "plist": "text.plist.xml", "json": "text.json",
    ]

    static func add(_ path: String, beside siblings: [String], target: XcodeTarget, state: ProjectFileState,
                    text: inout PBXProjText) throws(ProjectEditError) {
        guard let phase = state.buildPhases(of: target, isa: "PBXResourcesBuildPhase").first else {
            throw ProjectEditError(path: state.file, kind: .noResourcesPhase(target: target.name))
        }
        var ids = ObjectIDs(used: text.usedIDs,
                            seed: target.id + "\u{0}" + ProjectPaths.relative(path, to: state.project.folder))
        let name = ProjectPaths.lastComponent(path)
        let reference: String
        let comment: String
        if let existing = state.fileReferences(at: path).first {
            reference = existing
            // Xcode's comment for a reference: its name, else its path's last part.
            let node = state.project.nodes[existing]
            comment = node?.name ?? node?.path.map(ProjectPaths.lastComponent) ?? name
        } else {
            let place = try group(for: path, siblings: siblings, state: state)
            reference = ids.next()
            comment = name
            let type = fileTypes[ProjectPaths.pathExtension(name)] ?? "file"
            let nameKey = place.relativePath == name ? "" : "name = \(PBXString.encoded(name)); "
            try text.insertObject(
                "\t\t\(reference) /* \(comment) */ = {isa = PBXFileReference; lastKnownFileType = \(type); \(nameKey)"
                    + "path = \(PBXString.encoded(place.relativePath)); sourceTree = \"<group>\"; };",
                id: reference, isa: "PBXFileReference")
            let children = try text.listItems("children", of: place.group, what: "group")
            let at = place.after.flatMap { text.itemLine($0, in: children) }.map { $0 + 1 } ?? children.upperBound
            text.insert("\t\t\t\t\(reference) /* \(comment) */,", at: at)
        }
        let phaseName = phaseComment(phase, text: text) ?? "Resources"
        let buildFile = ids.next()
        try text.insertObject(
            "\t\t\(buildFile) /* \(comment) in \(phaseName) */ = {isa = PBXBuildFile; fileRef = \(reference) /* \(comment) */; };",
            id: buildFile, isa: "PBXBuildFile")
        let files = try text.listItems("files", of: phase, what: "Resources build phase")
        text.insert("\t\t\t\t\(buildFile) /* \(comment) in \(phaseName) */,", at: files.upperBound)
    }

    /// True when anything was removed.
    static func remove(_ path: String, target: XcodeTarget, state: ProjectFileState,
                       text: inout PBXProjText) throws(ProjectEditError) -> Bool {
        let references = Set(state.fileReferences(at: path))
        guard !references.isEmpty else { return false }
        var removedBuildFiles: Set<String> = []
        var emptied: Set<String> = []
        for phase in state.buildPhases(of: target, isa: "PBXResourcesBuildPhase") {
            for buildFile in state.files(ofPhase: phase) {
                guard let reference = state.object(buildFile)?["fileRef"]?.string, references.contains(reference) else { continue }
                let files = try text.listItems("files", of: phase, what: "Resources build phase")
                guard let line = text.itemLine(buildFile, in: files) else {
                    throw ProjectEditError(path: state.file, kind: .unexpectedLayout("the files list of Resources build phase \(phase)"))
                }
                text.removeLines(line..<(line + 1))
                try text.removeObject(buildFile, what: "build file")
                removedBuildFiles.insert(buildFile)
                emptied.insert(reference)
            }
        }
        // A reference goes only when this removal took its last build file.
        let stillUsed = Set(state.objects.entries.compactMap { entry -> String? in
            guard !removedBuildFiles.contains(entry.key), let object = entry.value.dictionary,
                  object["isa"]?.string == "PBXBuildFile" else { return nil }
            return object["fileRef"]?.string
        })
        for reference in emptied.sorted() where !stillUsed.contains(reference) {
            for (group, node) in state.project.nodes.sorted(by: { $0.key < $1.key }) where node.children.contains(reference) {
                let children = try text.listItems("children", of: group, what: "group")
                guard let line = text.itemLine(reference, in: children) else {
                    throw ProjectEditError(path: state.file, kind: .unexpectedLayout("the children of group \(group)"))
                }
                text.removeLines(line..<(line + 1))
            }
            try text.removeObject(reference, what: "file reference")
        }
        return !removedBuildFiles.isEmpty
    }

    /// The group a new reference to `path` goes in, its path from that group's folder, and the
    /// child it goes after. A sibling's group first; else a group standing for the file's
    /// folder (one already holding files of that folder, then one with a path of its own, then
    /// the first by id); else the group of the nearest folder above.
    private static func group(for path: String, siblings: [String], state: ProjectFileState)
        throws(ProjectEditError) -> (group: String, relativePath: String, after: String?) {
        let project = state.project
        for sibling in siblings {
            for reference in state.fileReferences(at: sibling) {
                guard let parent = project.parents[reference], project.nodes[parent]?.kind == .group,
                      let folder = state.location(of: parent), ProjectPaths.lexicallyInside(path, folder: folder),
                      path != folder else { continue }
                return (parent, ProjectPaths.relative(path, to: folder), reference)
            }
        }
        let mainGroup = state.rootObject["mainGroup"]?.string
        let groups = project.nodes.filter { $0.value.kind == .group && (project.parents[$0.key] != nil || $0.key == mainGroup) }
            .keys.sorted().compactMap { id in state.location(of: id).map { (id: id, folder: $0) } }
        let folder = ProjectPaths.parent(path)
        func rank(_ group: (id: String, folder: String)) -> Int {
            let node = project.nodes[group.id]!
            let holdsFolderFiles = node.children.contains { child in
                project.nodes[child]?.kind == .fileReference && state.location(of: child).map(ProjectPaths.parent) == folder
            }
            return holdsFolderFiles ? 0 : node.path != nil ? 1 : 2
        }
        let exact = groups.filter { $0.folder == folder }
        if let best = exact.min(by: { rank($0) < rank($1) }) {
            return (best.id, ProjectPaths.lastComponent(path), nil)
        }
        let above = groups.filter { ProjectPaths.lexicallyInside(folder, folder: $0.folder) }
        guard let deepest = above.map(\.folder.count).max(),
              let best = above.filter({ $0.folder.count == deepest }).min(by: { rank($0) < rank($1) }) else {
            throw ProjectEditError(path: state.file, kind: .noGroupHolds(path))
        }
        return (best.id, ProjectPaths.relative(path, to: best.folder), nil)
    }

    /// The comment Xcode writes after a build phase's id (`Resources`), which build files repeat.
    private static func phaseComment(_ phase: String, text: PBXProjText) -> String? {
        guard let line = try? text.objectLines(phase, what: "build phase").lowerBound else { return nil }
        let opening = text.lines[line]
        guard let start = opening.range(of: " /* "), let end = opening.range(of: " */ = {") else { return nil }
        return String(opening[start.upperBound..<end.lowerBound])
    }
}
