import FileAccess
import Foundation
import Synchronization

/// Reads `.xcconfig` files as Xcode does: one `NAME = value` or `NAME[cond=pattern] = value`
/// per line (a trailing `;` dropped, `//` starting a comment anywhere, a `\` at the end
/// continuing the value on the next line), and `#include "file"` / `#include? "file"`
/// spliced in where they stand, looked for as Xcode's build system looks: beside the
/// including file, then in the project's folder. Nothing outside the boundary is read;
/// depth, file count and size are bounded.
package struct XCConfigReader {
    static let maximumFileSize = 1024 * 1024
    static let maximumIncludeDepth = 16
    static let maximumFiles = 64

    /// The folder nothing may be read outside of.
    let boundary: String
    /// Where an include not found beside the including file is looked for next (`SRCROOT`).
    let projectFolder: String?
    /// How messages name the boundary.
    let boundaryName: String
    /// `boundary` with its links resolved, where the caller has it (nil: resolved at each check).
    let realBoundary: String?
    /// Files already read and parsed, shared by every reader of one project.
    let files: XCConfigFiles
    /// The folders resolved for the opening the project is read in.
    let folders: ResolvedFolders
    package private(set) var warnings: [CatalogWarning] = []
    private var filesRead = 0

    package init(boundary: String, realBoundary: String? = nil, files: XCConfigFiles = XCConfigFiles(), projectFolder: String? = nil,
         boundaryName: String? = nil, folders: ResolvedFolders = ResolvedFolders()) {
        self.boundary = boundary
        self.folders = folders
        self.projectFolder = projectFolder
        self.boundaryName = boundaryName ?? "the project's folder \(boundary)"
        self.realBoundary = realBoundary
        self.files = files
    }

    /// The assignments of `path` and everything it includes, in order. A file that is
    /// missing or unreadable is a warning (`missing-xcconfig`); files including each other
    /// are an error naming them.
    package mutating func read(_ path: String, referencedFrom subject: String) throws(XcodeProjectError) -> [SettingAssignment] {
        var assignments: [SettingAssignment] = []
        try read(ProjectPaths.normalize(path), stack: [], referencedFrom: subject, optional: false,
                 missingCode: .missingXcconfig, into: &assignments)
        return assignments
    }

    private mutating func read(_ path: String, stack: [String], referencedFrom subject: String, optional: Bool,
                               missingCode: ProblemCode, into assignments: inout [SettingAssignment]) throws(XcodeProjectError) {
        if let start = stack.firstIndex(of: path) {
            throw .includeCycle(path: stack[start], chain: Array(stack[start...]) + [path])
        }
        let containment = ProjectPaths.containment(of: path, folder: boundary, realFolder: realBoundary, folders: folders)
        guard containment == .inside else {
            warn(subject, containment == .linkLeadingOutside
                 ? "\(path) is a link leading outside \(boundaryName); it is not read"
                 : "names \(path), outside \(boundaryName); it is not read", code: .pathOutsideProject)
            return
        }
        guard stack.count < Self.maximumIncludeDepth else {
            warn(subject, "includes xcconfig files more than \(Self.maximumIncludeDepth) deep; \(relative(path)) is not read",
                 code: .xcconfigTooDeep)
            return
        }
        guard filesRead < Self.maximumFiles else {
            warn(subject, "reads more than \(Self.maximumFiles) xcconfig files; \(relative(path)) is not read",
                 code: .xcconfigTooDeep)
            return
        }
        let lines: [XCConfigFiles.NumberedLine]
        switch files.lines(of: path) {
        case .success(let parsed):
            lines = parsed
        case .failure(let error):
            if error == .notFound {
                if !optional { warn(subject, "\(relative(path)) is missing; its settings are not read", code: missingCode) }
            } else {
                warn(subject, "cannot read \(relative(path)): \(error.reason(limit: Self.maximumFileSize))", code: missingCode)
            }
            return
        }
        filesRead += 1
        let folder = ProjectPaths.parent(path)
        for line in lines {
            let origin = line.origin
            switch line.line {
            case .nothing:
                continue
            case .include(let file, let isOptional):
                guard !file.hasPrefix("<") else {
                    warn(origin, "includes \(file) from the developer tools, which are not read", code: .xcconfigIncludeNotRead)
                    continue
                }
                let beside = ProjectPaths.normalize(ProjectPaths.join(folder, file))
                var included = beside
                if let projectFolder, !file.hasPrefix("/"), FileKind.notFollowing(beside) == nil {
                    let fromProject = ProjectPaths.normalize(ProjectPaths.join(projectFolder, file))
                    if FileKind.notFollowing(fromProject) != nil {
                        included = fromProject
                    } else if fromProject != beside {
                        if !isOptional {
                            warn(origin, "includes “\(file)”, found neither beside it (\(relative(beside))) nor in the project's folder (\(relative(fromProject))); its settings are not read",
                                 code: .missingXcconfigInclude)
                        }
                        continue
                    }
                }
                try read(included, stack: stack + [path], referencedFrom: origin, optional: isOptional,
                         missingCode: .missingXcconfigInclude, into: &assignments)
            case .assignment(let key, _):
                guard let assignment = line.assignment else {
                    warn(origin, "“\(key)” is not a build setting name; the line is skipped", code: .malformedXcconfig)
                    continue
                }
                assignments.append(assignment)
            case .malformed(let problem):
                warn(origin, problem, code: .malformedXcconfig)
            }
        }
    }

    /// `path` as messages show it: relative to the project's folder where it lies below it.
    private func relative(_ path: String) -> String {
        ProjectPaths.relative(path, to: projectFolder.flatMap { ProjectPaths.lexicallyInside(path, folder: $0) ? $0 : nil } ?? boundary)
    }

    private mutating func warn(_ subject: String, _ message: String, code: ProblemCode) {
        let warning = CatalogWarning(subject: subject, message: message, code: code)
        if !warnings.contains(warning) { warnings.append(warning) }
    }

    enum Line: Equatable {
        case nothing
        case include(file: String, optional: Bool)
        case assignment(key: Substring, value: String)
        case malformed(String)
    }

    /// Lines with their numbers, a value ending in `\` joined to the next line with a space.
    /// Linear in the text: a continued value grows in place (appended, its `\` and trailing
    /// spaces removed from its end), never copied whole for each line it continues over.
    static func logicalLines(_ text: String) -> [(number: Int, text: String)] {
        var result: [(Int, String)] = []
        var pending = ""
        var pendingNumber: Int?
        var number = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            let withoutComment = stripComment(raw).trimmingSpaces
            if pendingNumber == nil {
                pendingNumber = number
                pending = withoutComment
            } else {
                pending += " "
                pending += withoutComment
            }
            if pending.utf8.last == UInt8(ascii: "\\"), pending.utf8.first != UInt8(ascii: "#") {
                pending.unicodeScalars.removeLast()
                while let last = pending.last, last.isWhitespace, !last.isNewline { pending.removeLast() }
                continue
            }
            result.append((pendingNumber!, pending))
            pendingNumber = nil
        }
        if let pendingNumber { result.append((pendingNumber, pending)) }
        return result
    }

    /// The line up to a `//` comment (Xcode starts one even in the middle of a value).
    static func stripComment<Line: StringProtocol>(_ line: Line) -> Line.SubSequence {
        let utf8 = line.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let next = utf8.index(after: index)
            if utf8[index] == UInt8(ascii: "/"), next != utf8.endIndex, utf8[next] == UInt8(ascii: "/") {
                return line[..<index]
            }
            index = next
        }
        return line[...]
    }

    static func parse(_ line: String) -> Line {
        guard !line.isEmpty else { return .nothing }
        if line.hasPrefix("#") {
            let directive = line.dropFirst().drop { $0 == " " || $0 == "\t" }
            let optional: Bool
            let rest: Substring
            if directive.hasPrefix("include?") {
                optional = true
                rest = directive.dropFirst("include?".count)
            } else if directive.hasPrefix("include") {
                optional = false
                rest = directive.dropFirst("include".count)
            } else {
                return .malformed("“\(line)” is not a directive xcconfig files know (only #include and #include?)")
            }
            let argument = rest.trimmingSpaces
            if argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") {
                return .include(file: String(argument.dropFirst().dropLast()), optional: optional)
            }
            if argument.count >= 2, argument.hasPrefix("<"), argument.hasSuffix(">") {
                return .include(file: argument, optional: optional)
            }
            return .malformed("#include needs a file name in double quotes")
        }
        // The name, then conditions in brackets (whose own `=` is not the assignment's), then `=`.
        var index = line.startIndex
        while index < line.endIndex, line[index] != "=", line[index] != "[" { index = line.index(after: index) }
        while index < line.endIndex, line[index] == "[" {
            guard let close = line[index...].firstIndex(of: "]") else {
                return .malformed("“\(line)” has a condition without its closing ]")
            }
            index = line.index(after: close)
            while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index) }
        }
        guard index < line.endIndex, line[index] == "=" else {
            return .malformed("“\(line)” is neither a setting (NAME = value) nor an #include")
        }
        let assignment = index
        let key = line[..<assignment].trimmingSpaces
        var value = line[line.index(after: assignment)...].trimmingSpaces
        if value.hasSuffix(";") { value = value.dropLast().trimmingSpaces }
        return .assignment(key: Substring(key), value: value)
    }
}

/// xcconfig files read and parsed once, whichever targets and configurations include them:
/// listing a project's targets and then reading the chosen one reads each file once.
package final class XCConfigFiles: Sendable {
    package init() {}

    /// A line with what every reading of it needs made once: where it is, for messages,
    /// and for a setting, the assignment (nil when its name is no build setting name).
    struct NumberedLine {
        let number: Int
        let line: XCConfigReader.Line
        let origin: String
        let assignment: SettingAssignment?

        init(number: Int, line: XCConfigReader.Line, path: String) {
            self.number = number
            self.line = line
            origin = "\(path):\(number)"
            if case .assignment(let key, let value) = line, let parsed = SettingAssignment.parseKey(key) {
                assignment = SettingAssignment(name: parsed.name, conditions: parsed.conditions, value: value, origin: origin)
            } else {
                assignment = nil
            }
        }
    }

    private let parsed = Mutex<[String: Result<[NumberedLine], BoundedFile.Failure>]>([:])

    /// Reads `path` as holding `data` from now on: an edit not yet written, read as the build will read it.
    package func replace(_ path: String, with data: Data) {
        let lines = XCConfigReader.logicalLines(String(decoding: data, as: UTF8.self)).map {
            NumberedLine(number: $0.number, line: XCConfigReader.parse($0.text), path: path)
        }
        parsed.withLock { $0[path] = .success(lines) }
    }

    /// The parsed lines of the file at `path` (absolute, normalised), or why it could not be read.
    func lines(of path: String) -> Result<[NumberedLine], BoundedFile.Failure> {
        if let known = parsed.withLock({ $0[path] }) { return known }
        let result = Result { () throws(BoundedFile.Failure) -> [NumberedLine] in
            let data = try BoundedFile.read(path, limit: XCConfigReader.maximumFileSize)
            return XCConfigReader.logicalLines(String(decoding: data, as: UTF8.self)).map {
                NumberedLine(number: $0.number, line: XCConfigReader.parse($0.text), path: path)
            }
        }
        parsed.withLock { $0[path] = result }
        return result
    }
}
