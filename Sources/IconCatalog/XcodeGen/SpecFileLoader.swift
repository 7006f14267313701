import FileAccess
import Foundation

/// Reads an XcodeGen spec and the specs it includes into one mapping, as XcodeGen merges
/// them: included specs in order, then the including spec on top; mappings merge key by key,
/// lists are appended to, anything else is replaced, and a key written `KEY:REPLACE` replaces
/// outright. Paths in an included spec are relative to it (unless `relativePaths: false`), so
/// they are made absolute here. `${NAME}` is replaced by the environment variable where one
/// is set, as XcodeGen does. Nothing outside `boundary` is read; includes are bounded in
/// depth, number and size, and a cycle of includes is an error naming the files.
struct SpecFileLoader {
    static let maximumFileSize = 1024 * 1024
    static let maximumFiles = 64
    static let maximumIncludeDepth = 16

    let boundary: ReadBoundary
    let environment: [String: String]
    private(set) var warnings: [CatalogWarning] = []
    /// Whether any file read has a `$`: without one, no string of the spec can name a variable
    /// or an attribute, and nothing needs walking to replace them.
    private(set) var mentionsVariables = false
    private var filesRead = 0
    /// The files read, in the order they are merged: each included spec before the one including it.
    private(set) var filesInMergeOrder: [String] = []
    /// Values all the files read may still hold, aliases expanded: every later walk is bounded by it.
    private var budget = YAMLReader.maximumValues

    init(boundary: ReadBoundary, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.boundary = boundary
        self.environment = environment
    }

    /// The merged spec of `path` (absolute, normalised).
    mutating func load(_ path: String) throws(XcodeProjectError) -> SpecDictionary {
        try load(path, stack: [], relativePaths: true)
    }

    private mutating func load(_ path: String, stack: [String], relativePaths: Bool) throws(XcodeProjectError) -> SpecDictionary {
        filesRead += 1
        var spec = try parse(path)
        if mentionsVariables { spec = expandingEnvironment(spec, file: path) }
        let folder = ProjectPaths.parent(path)
        if !stack.isEmpty && relativePaths { spec = Self.absolutePaths(in: spec, folder: folder) }
        defer { filesInMergeOrder.append(path) }
        guard let include = spec["include"] else { return spec }
        spec["include"] = nil
        var merged = SpecDictionary()
        for (index, entry) in Self.includeEntries(include).enumerated() {
            let key = "include[\(index)]"
            guard let written = entry.path else {
                warn(path, key: key, "is \(entry.problem ?? "not a path"); it is skipped", code: .malformedSpec)
                continue
            }
            guard entry.enabled else { continue }
            let included = ProjectPaths.normalize(ProjectPaths.join(folder, written))
            let containment = boundary.containment(of: included)
            guard containment == .inside else {
                warn(path, key: key, boundary.refusal(included, containment), code: .pathOutsideProject)
                continue
            }
            let identity = boundary.folders.realPath(included) ?? included
            let chain = stack + [boundary.folders.realPath(path) ?? path]
            if let start = chain.firstIndex(of: identity) {
                throw .specIncludeCycle(path: path, chain: Array(chain[start...]) + [identity])
            }
            guard chain.count <= Self.maximumIncludeDepth, filesRead < Self.maximumFiles else {
                warn(path, key: key, "includes specs more than \(Self.maximumIncludeDepth) deep or more than \(Self.maximumFiles) in all; \(written) is not read",
                     code: .specIncludeTooDeep)
                continue
            }
            guard FileKind.notFollowing(included) != nil || BoundedFile.linkProblem(included) != nil else {
                warn(path, key: key, "\(written) is not there; what it holds is not read", code: .missingSpecInclude)
                continue
            }
            let spec = try load(included, stack: chain, relativePaths: entry.relativePaths)
            merged = Self.merge(merged, spec)
        }
        return Self.merge(merged, spec)
    }

    private mutating func parse(_ path: String) throws(XcodeProjectError) -> SpecDictionary {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.readBytes(path, limit: Self.maximumFileSize)
        } catch {
            switch error {
            case .notFound: throw .notFound(path: path)
            case .tooLarge(let size): throw .tooLarge(path: path, bytes: size, limit: Self.maximumFileSize)
            case .notARegularFile(let kind): throw .notARegularFile(path: path, kind: kind)
            default: throw .unreadable(path: path, reason: error.problem)
            }
        }
        guard !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { throw .emptyFile(path: path) }
        // `\` too: a quoted string's escape can make a `$`.
        if bytes.contains(UInt8(ascii: "$")) || bytes.contains(UInt8(ascii: "\\")) { mentionsVariables = true }
        let value: SpecValue
        if ProjectPaths.pathExtension(ProjectPaths.lastComponent(path)) == "json" {
            switch JSONFile.parse(bytes) {
            case .success(let json): value = Self.specValue(json)
            case .failure(let failure): throw .malformed(path: path, key: "the file", problem: failure.description)
            }
        } else {
            switch YAMLReader.parse(bytes, limit: budget) {
            case .success(let parsed):
                value = parsed.value
                budget -= parsed.count
            case .failure(let failure):
                throw .malformed(path: path, key: failure.line > 0 ? "line \(failure.line):" : "the file",
                                 problem: "is not a YAML spec: \(failure.problem)")
            }
        }
        guard case .dictionary(let spec) = value else {
            throw .malformed(path: path, key: "the top level", problem: "is \(value.typeName), expected a mapping of the spec's keys")
        }
        return spec
    }

    private mutating func warn(_ file: String, key: String, _ message: String, code: ProblemCode) {
        warnings.appendSpecWarning(file: file, key: key, message, code: code)
    }

    // MARK: Includes

    struct IncludeEntry {
        var path: String?
        var relativePaths = true
        var enabled = true
        var problem: String?
    }

    /// `include: a.yml`, `include: [a.yml, {path: b.yml, relativePaths: false, enable: false}]`.
    static func includeEntries(_ value: SpecValue) -> [IncludeEntry] {
        let list = value.array ?? [value]
        return list.prefix(maximumFiles).map { element in
            switch element {
            case .string(let path): return IncludeEntry(path: path)
            case .dictionary(let object):
                guard case .string(let path)? = object["path"] else {
                    return IncludeEntry(problem: "a mapping without a path")
                }
                return IncludeEntry(path: path, relativePaths: object["relativePaths"]?.boolValue ?? true,
                                    enabled: object["enable"]?.boolValue ?? true)
            default:
                return IncludeEntry(problem: element.typeName)
            }
        }
    }

    /// XcodeGen's merge: `top` over `base`.
    static func merge(_ base: SpecDictionary, _ top: SpecDictionary) -> SpecDictionary {
        var merged = base
        for (key, value) in top.entries {
            if key.hasSuffix(":REPLACE") {
                merged[String(key.dropLast(":REPLACE".count))] = value
            } else if case .dictionary(let old)? = merged[key], case .dictionary(let new) = value {
                merged[key] = .dictionary(merge(old, new))
            } else if case .array(let old)? = merged[key], case .array(let new) = value {
                merged[key] = .array(old + new)
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    // MARK: Paths of included specs

    /// The spec with the paths XcodeGen resolves against the spec's folder made absolute:
    /// configuration files, target sources and Info.plist paths, of targets and templates.
    static func absolutePaths(in spec: SpecDictionary, folder: String) -> SpecDictionary {
        var spec = spec
        func absolute(_ value: SpecValue) -> SpecValue {
            guard case .string(let path) = value else { return value }
            return .string(ProjectPaths.normalize(ProjectPaths.join(folder, path)))
        }
        func configFiles(_ value: SpecValue?) -> SpecValue? {
            guard case .dictionary(var files)? = value else { return value }
            for key in files.keys { files[key] = absolute(files[key]!) }
            return .dictionary(files)
        }
        func target(_ value: SpecValue) -> SpecValue {
            guard case .dictionary(var target) = value else { return value }
            for key in target.keys {
                switch key.replacingOccurrences(of: ":REPLACE", with: "") {
                case "configFiles": target[key] = configFiles(target[key])
                case "sources":
                    let sources = target[key]!
                    let list = sources.array ?? [sources]
                    let resolved: [SpecValue] = list.map { source in
                        guard case .dictionary(var object) = source else { return absolute(source) }
                        if let path = object["path"] { object["path"] = absolute(path) }
                        return .dictionary(object)
                    }
                    target[key] = sources.array == nil ? resolved[0] : .array(resolved)
                case "info", "entitlements":
                    if case .dictionary(var plist)? = target[key], let path = plist["path"] {
                        plist["path"] = absolute(path)
                        target[key] = .dictionary(plist)
                    }
                default: break
                }
            }
            return .dictionary(target)
        }
        for key in spec.keys {
            switch key.replacingOccurrences(of: ":REPLACE", with: "") {
            case "configFiles": spec[key] = configFiles(spec[key])
            case "targets", "targetTemplates":
                guard case .dictionary(var targets)? = spec[key] else { continue }
                for name in targets.keys { targets[name] = target(targets[name]!) }
                spec[key] = .dictionary(targets)
            default: break
            }
        }
        return spec
    }

    // MARK: Environment

    /// `${NAME}` replaced in keys and strings where the environment sets NAME. Values with
    /// nothing to replace are kept as they are, so what aliases share stays shared.
    private func expandingEnvironment(_ spec: SpecDictionary, file: String) -> SpecDictionary {
        guard case .dictionary(let expanded)? = expand(.dictionary(spec)) else { return spec }
        return expanded
    }

    /// The value with `${NAME}` replaced, or nil when nothing in it changes.
    private func expand(_ value: SpecValue) -> SpecValue? {
        switch value {
        case .string(let text):
            let expanded = expand(text)
            return expanded == text ? nil : .string(expanded)
        case .array(var elements):
            var changed = false
            for index in elements.indices {
                if let new = expand(elements[index]) { elements[index] = new; changed = true }
            }
            return changed ? .array(elements) : nil
        case .dictionary(let dictionary):
            var changed = false
            let entries = dictionary.entries.map { entry -> (String, SpecValue) in
                let key = expand(entry.key)
                let new = expand(entry.value)
                if key != entry.key || new != nil { changed = true }
                return (key, new ?? entry.value)
            }
            return changed ? .dictionary(SpecDictionary(entries)) : nil
        default:
            return nil
        }
    }

    func expand(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "$")), text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                rest = rest[start.lowerBound...]
                break
            }
            let name = String(rest[start.upperBound..<end])
            result += environment[name] ?? "${\(name)}"
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    // MARK: JSON

    /// A JSON spec as the YAML reader would give it (keys sorted: JSON objects have no order).
    static func specValue(_ json: JSONValue) -> SpecValue {
        switch json {
        case .object(let members):
            return .dictionary(SpecDictionary(members.keys.sorted().map { ($0, specValue(members[$0]!)) }))
        case .array(let elements): return .array(elements.map(specValue))
        case .string(let text): return .string(text)
        case .number(let number):
            return .number(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))
        case .bool(let value): return .bool(value)
        case .null: return .null
        }
    }
}
