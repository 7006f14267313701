import Foundation
import IconCatalog

/// A project file as the change set holds it, read twice over: by IconCatalog's reader for
/// the object graph (targets, groups and where they are, configurations), and as the raw
/// objects for what the reader does not keep (build phases, build files, file types).
struct ProjectFileState {
    let xcodeproj: String
    /// `xcodeproj/project.pbxproj`.
    let file: String
    let contents: String
    let project: XcodeProject
    let objects: ProjectDictionary
    let rootObject: ProjectDictionary
    /// Where each id's (last) entry is in `objects`: looking one up by key scans them all.
    private let positions: [String: Int]

    /// `boundary`: where the app's files were read (see `AppLayout.boundary(app:)`); files
    /// the project gains may be anywhere inside it, not only in the project's folder.
    init(xcodeproj: String, boundary: ReadBoundary? = nil, changes: inout ChangeSet) throws(ProjectEditError) {
        let bundle = ProjectPaths.absolute(xcodeproj)
        if SettingSites.isSpec(bundle) { throw ProjectEditError(path: bundle, kind: .resourcesFromSpecSources) }
        self.xcodeproj = bundle
        file = ProjectPaths.join(bundle, "project.pbxproj")
        let data: Data
        do {
            guard let read = try changes.contents(of: file) else { throw ProjectEditError(path: file, kind: .missing) }
            data = read
            guard let text = String(data: data, encoding: .utf8) else { throw ChangeSetError(path: file, kind: .notUTF8) }
            contents = text
        } catch let error as ChangeSetError {
            throw ProjectEditError(error)
        } catch let error as ProjectEditError {
            throw error
        } catch {
            throw ProjectEditError(path: file, kind: .notAProject(String(describing: error)))
        }
        do {
            let top = try ProjectFileLoader.parse(data, path: file)
            var project = try XcodeProject.read(bundle, plist: top)
            project.readBoundary = boundary
            self.project = project
            guard let objects = top["objects"]?.dictionary, let root = top["rootObject"]?.string,
                  let rootObject = objects[root]?.dictionary else {
                throw ProjectEditError(path: file, kind: .notAProject("\(file): no objects or root object"))
            }
            self.objects = objects
            self.rootObject = rootObject
            positions = Dictionary(objects.entries.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { $1 })
        } catch let error as XcodeProjectError {
            throw ProjectEditError(path: file, kind: .notAProject(error.description))
        } catch let error as ProjectEditError {
            throw error
        } catch {
            throw ProjectEditError(path: file, kind: .notAProject(String(describing: error)))
        }
        // xcconfig files the change set already edits are read as it will leave them.
        for change in changes.changes where ProjectPaths.pathExtension(change.path) == "xcconfig" {
            if let replacement = change.replacement { project.xcconfigFiles.replace(change.path, with: replacement) }
        }
    }

    func target(named name: String) throws(ProjectEditError) -> XcodeTarget {
        guard let target = project.targets.first(where: { $0.name == name }) else {
            throw ProjectEditError(path: file, kind: .unknownTarget(name, available: project.targets.map(\.name)))
        }
        return target
    }

    /// `path` made absolute and normalised; an error naming the boundary when it is outside
    /// it, or a link on the way leads out of it.
    func inside(_ path: String) throws(ProjectEditError) -> String {
        let absolute = ProjectPaths.absolute(path)
        let boundary = project.boundary
        switch boundary.containment(of: absolute) {
        case .inside: return absolute
        case .outside: throw ProjectEditError(path: file, kind: .outsideBoundary(absolute, boundary: boundary.description))
        case .linkLeadingOutside: throw ProjectEditError(path: file, kind: .linkLeadingOutside(absolute, boundary: boundary.description))
        }
    }

    func text() throws(ProjectEditError) -> PBXProjText {
        try PBXProjText(path: file, text: contents)
    }

    func stage(_ text: PBXProjText, in changes: inout ChangeSet) throws(ProjectEditError) {
        do {
            try changes.write(text: text.text, to: file)
        } catch {
            throw ProjectEditError(error)
        }
    }

    func object(_ id: String) -> ProjectDictionary? {
        positions[id].flatMap { objects.entries[$0].value.dictionary }
    }

    func isa(_ id: String) -> String? {
        object(id)?["isa"]?.string
    }

    /// The absolute path a group, file reference or synchronized folder stands for, when inside the project.
    func location(of id: String) -> String? {
        if case .inside(let path) = project.location(of: id) { return path }
        return nil
    }

    /// Ids of the file references (not groups) whose path is `path`, in id order.
    func fileReferences(at path: String) -> [String] {
        if let index = referenceIndex.byPath { return index[path] ?? [] }
        var index: [String: [String]] = [:]
        for (id, node) in project.nodes where node.kind == .fileReference && isa(id) == "PBXFileReference" {
            if let location = location(of: id) { index[location, default: []].append(id) }
        }
        for key in index.keys { index[key]?.sort() }
        referenceIndex.byPath = index
        return index[path] ?? []
    }

    /// File references by path, made at the first look-up: a large project has tens of
    /// thousands, each resolved through its groups.
    private final class ReferenceIndex {
        var byPath: [String: [String]]?
    }

    private let referenceIndex = ReferenceIndex()

    /// The target's build phases of `isa`, in its order.
    func buildPhases(of target: XcodeTarget, isa phaseISA: String) -> [String] {
        let phases = object(target.id)?["buildPhases"]?.array?.compactMap(\.string) ?? []
        return phases.filter { isa($0) == phaseISA }
    }

    /// The build files a phase lists.
    func files(ofPhase id: String) -> [String] {
        object(id)?["files"]?.array?.compactMap(\.string) ?? []
    }

    func membership(of path: String, target: XcodeTarget) throws(ProjectEditError) -> ResourceMembership {
        let owned = Set(target.synchronizedFolders)
        // The target's own folders first, then the others, whose exceptions may add files to it.
        let others = project.nodes.filter { $0.value.kind == .synchronizedFolder && !owned.contains($0.key) }.keys.sorted()
        for id in target.synchronizedFolders + others {
            guard let node = project.nodes[id], node.kind == .synchronizedFolder, let folder = location(of: id),
                  path != folder, ProjectPaths.lexicallyInside(path, folder: folder) else { continue }
            let relative = ProjectPaths.relative(path, to: folder)
            let listed = node.exceptions.filter { $0.target == target.id }.flatMap(\.paths).first { exception in
                let exception = ProjectPaths.normalize(exception)
                return relative == exception || relative.hasPrefix(exception + "/")
            }
            if owned.contains(id) {
                if let listed { return .excludedFromSynchronizedFolder(folder: folder, exception: listed) }
                return .inSynchronizedFolder(folder: folder)
            }
            // A folder of another target: its exceptions for this target add files to it.
            return listed != nil ? .inSynchronizedFolder(folder: folder) : .inOtherSynchronizedFolder(folder: folder)
        }
        let resources = Set(target.resourceFiles)
        for (id, node) in project.nodes.sorted(by: { $0.key < $1.key }) where node.kind == .fileReference {
            guard let object = object(id), (object["lastKnownFileType"] ?? object["explicitFileType"])?.string == "folder",
                  let folder = location(of: id), path != folder, ProjectPaths.lexicallyInside(path, folder: folder) else { continue }
            return .underFolderReference(folder: folder, copiedByTarget: resources.contains(id))
        }
        let references = fileReferences(at: path)
        return references.contains(where: resources.contains) ? .inResources : .absent
    }
}
