import Foundation

/// Reads `.xcconfig` files as Xcode does: one `NAME = value` or `NAME[cond=pattern] = value`
/// per line (a trailing `;` dropped, `//` starting a comment anywhere, a `\` at the end
/// continuing the value on the next line), and `#include "file"` / `#include? "file"`
/// relative to the including file, spliced in where they stand. Nothing outside the
/// project's folder is read; depth, file count and size are bounded.
struct XCConfigReader {
    static let maximumFileSize = 1024 * 1024
    static let maximumIncludeDepth = 16
    static let maximumFiles = 64

    /// The folder nothing may be read outside of.
    let boundary: String
    private(set) var warnings: [CatalogWarning] = []
    private var filesRead = 0

    init(boundary: String) {
        self.boundary = boundary
    }

    /// The assignments of `path` and everything it includes, in order. A file that is
    /// missing or unreadable is a warning (`missing-xcconfig`); files including each other
    /// are an error naming them.
    mutating func read(_ path: String, referencedFrom subject: String) throws(XcodeProjectError) -> [SettingAssignment] {
        var assignments: [SettingAssignment] = []
        try read(ProjectPaths.normalize(path), stack: [], referencedFrom: subject, optional: false,
                 missingCode: "missing-xcconfig", into: &assignments)
        return assignments
    }

    private mutating func read(_ path: String, stack: [String], referencedFrom subject: String, optional: Bool,
                               missingCode: String, into assignments: inout [SettingAssignment]) throws(XcodeProjectError) {
        if let start = stack.firstIndex(of: path) {
            throw .includeCycle(path: stack[start], chain: Array(stack[start...]) + [path])
        }
        guard ProjectPaths.isInside(path, folder: boundary) else {
            warn(subject, "names \(path), outside the project's folder \(boundary); it is not read", code: "path-outside-project")
            return
        }
        guard stack.count < Self.maximumIncludeDepth else {
            warn(subject, "includes xcconfig files more than \(Self.maximumIncludeDepth) deep; \(relative(path)) is not read",
                 code: "xcconfig-too-deep")
            return
        }
        guard filesRead < Self.maximumFiles else {
            warn(subject, "reads more than \(Self.maximumFiles) xcconfig files; \(relative(path)) is not read",
                 code: "xcconfig-too-deep")
            return
        }
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: Self.maximumFileSize)
        } catch {
            if error == .notFound {
                if !optional { warn(subject, "\(relative(path)) is missing; its settings are not read", code: missingCode) }
            } else {
                warn(subject, "cannot read \(relative(path)): \(error.reason(limit: Self.maximumFileSize))", code: missingCode)
            }
            return
        }
        filesRead += 1
        let folder = ProjectPaths.parent(path)
        for line in Self.logicalLines(String(decoding: data, as: UTF8.self)) {
            let origin = "\(path):\(line.number)"
            switch Self.parse(line.text) {
            case .nothing:
                continue
            case .include(let file, let isOptional):
                guard !file.hasPrefix("<") else {
                    warn(origin, "includes \(file) from the developer tools, which are not read", code: "missing-xcconfig-include")
                    continue
                }
                let included = ProjectPaths.normalize(ProjectPaths.join(folder, file))
                try read(included, stack: stack + [path], referencedFrom: origin, optional: isOptional,
                         missingCode: "missing-xcconfig-include", into: &assignments)
            case .assignment(let key, let value):
                guard let parsed = SettingAssignment.parseKey(key) else {
                    warn(origin, "“\(key)” is not a build setting name; the line is skipped", code: "malformed-xcconfig")
                    continue
                }
                assignments.append(SettingAssignment(name: parsed.name, conditions: parsed.conditions,
                                                     value: value, origin: origin))
            case .malformed(let problem):
                warn(origin, problem, code: "malformed-xcconfig")
            }
        }
    }

    private func relative(_ path: String) -> String {
        ProjectPaths.relative(path, to: boundary)
    }

    private mutating func warn(_ subject: String, _ message: String, code: String) {
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
    static func logicalLines(_ text: String) -> [(number: Int, text: String)] {
        var result: [(Int, String)] = []
        var pending: (number: Int, text: String)?
        var number = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            let line = String(raw)
            let withoutComment = stripComment(line).trimmingCharacters(in: .whitespaces)
            if var open = pending {
                open.text += " " + withoutComment
                pending = open
            } else {
                pending = (number, withoutComment)
            }
            if pending!.text.hasSuffix("\\"), !pending!.text.hasPrefix("#") {
                pending!.text = String(pending!.text.dropLast()).trimmingCharacters(in: .whitespaces)
                continue
            }
            result.append(pending!)
            pending = nil
        }
        if let pending { result.append(pending) }
        return result
    }

    /// The line up to a `//` comment (Xcode starts one even in the middle of a value).
    static func stripComment(_ line: String) -> Substring {
        guard let range = line.range(of: "//") else { return Substring(line) }
        return line[..<range.lowerBound]
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
            let argument = rest.trimmingCharacters(in: .whitespaces)
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
        let key = line[..<assignment].trimmingCharacters(in: .whitespaces)
        var value = line[line.index(after: assignment)...].trimmingCharacters(in: .whitespaces)
        if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
        return .assignment(key: Substring(key), value: value)
    }
}
