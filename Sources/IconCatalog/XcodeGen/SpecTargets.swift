import Foundation

/// A target of an XcodeGen spec after its `templates` are merged in, its `${target_name}`,
/// `templateAttributes` and `${platform}` replaced, and a target of several platforms split
/// into one per platform, as XcodeGen generates them.
struct SpecTarget {
    /// The generated target's name.
    let name: String
    /// The name the spec gives it (before a platform suffix): its default `PRODUCT_NAME`.
    let productName: String
    /// Where it is in the spec, for warnings: `targets.NAME`.
    let key: String
    let type: String?
    /// `platform:` (nil when absent or `auto`).
    let platform: String?
    let destinations: [String]
    let definition: SpecDictionary
}

/// Expands the spec's `targets` into `SpecTarget`s, bounded: each template is expanded once
/// (the templates it names merged below it) and shared by every target and template naming it,
/// templates nest at most `maximumTemplateDepth` deep, and the values merged, walked and
/// rewritten for all targets together stop at `workLimit`: past it the spec is refused,
/// saying which limit and where, since its targets would be read wrong without their templates.
struct SpecTargetExpander {
    /// Templates nested in each other at most along one chain: only the stack pays for depth.
    static let maximumTemplateDepth = 64
    static let workLimit = 1_000_000
    static let maximumTargets = 20_000

    let templates: SpecDictionary
    let file: String
    /// False when no file of the spec has a `$`: then no attribute is ever named, and targets are not walked.
    var mentionsVariables = true
    private(set) var warnings: [CatalogWarning] = []
    private var work = 0
    /// Each template's expansion, by name, made the first time it is named.
    private var expanded: [String: Expansion] = [:]

    /// A definition with its templates merged below it.
    struct Expansion {
        let definition: SpecDictionary
        /// Values it holds at most (what merging it into another may copy): the sizes of the
        /// parts merged, added up, so a template named twice by each of the next never needs
        /// walking to be found too large.
        let size: Int
        /// Its top-level keys whose values hold a `$` somewhere: only these can name an
        /// attribute, so only these are walked for each target using it.
        let variableKeys: Set<String>
    }

    init(spec: SpecDictionary, file: String) {
        if case .dictionary(let templates)? = spec["targetTemplates"] { self.templates = templates } else { templates = SpecDictionary() }
        self.file = file
    }

    mutating func targets(of spec: SpecDictionary) throws(XcodeProjectError) -> [SpecTarget] {
        guard let raw = spec["targets"] else { return [] }
        guard case .dictionary(let targets) = raw else {
            warn("targets", "is \(raw.typeName), expected targets by name")
            return []
        }
        var result: [SpecTarget] = []
        // XcodeGen lists targets by name.
        for (name, value) in targets.entries.sorted(by: { $0.key < $1.key }) {
            guard result.count < Self.maximumTargets else {
                warn("targets", "has more than \(Self.maximumTargets) targets; the rest are not read")
                break
            }
            let key = "targets.\(name)"
            guard case .dictionary(let written) = value else {
                warn(key, "is \(value.typeName), expected a target's mapping")
                continue
            }
            let expansion = try applyingTemplates(written, key: key, chain: [])
            var definition = expansion.definition
            var attributes: [String: String] = [:]
            if case .dictionary(let written)? = definition["templateAttributes"] {
                for (attribute, value) in written.entries {
                    if let text = value.scalarText { attributes[attribute] = text }
                    else { warn("\(key).templateAttributes.\(attribute)", "is \(value.typeName), expected a string") }
                }
            }
            var targetName = name
            if let written = definition["name"] {
                if case .string(let text) = written { targetName = text } else { warn("\(key).name", "is \(written.typeName), expected a string") }
            }
            attributes["target_name"] = targetName
            if mentionsVariables {
                definition = try replacing(attributes, in: definition, keys: expansion.variableKeys, key: key)
            }
            let type: String?
            switch definition["type"] {
            case .string(let text)?: type = text
            case nil: type = nil
            case let other?:
                warn("\(key).type", "is \(other.typeName), expected a product type such as application")
                type = nil
            }
            var destinations: [String] = []
            if let written = definition["supportedDestinations"] {
                for (index, element) in (written.array ?? [written]).enumerated() {
                    if case .string(let text) = element { destinations.append(text) }
                    else { warn("\(key).supportedDestinations[\(index)]", "is \(element.typeName), expected a destination such as iOS") }
                }
            }
            var platforms: [String?] = [nil]
            switch definition["platform"] {
            case .string(let text)?: platforms = [text == "auto" ? nil : text]
            case .array(let list)?:
                platforms = list.compactMap { element -> String?? in
                    if case .string(let text) = element { return .some(text) }
                    warn("\(key).platform", "lists \(element.typeName), expected a platform such as iOS")
                    return nil
                }
            case nil: break
            case let other?: warn("\(key).platform", "is \(other.typeName), expected a platform such as iOS")
            }
            let several = definition["platform"]?.array != nil
            for platform in platforms {
                var generated = definition
                var generatedName = targetName
                if several, let platform {
                    let prefix = definition["platformPrefix"]?.scalarText ?? ""
                    let suffix = definition["platformSuffix"]?.scalarText ?? "_\(platform)"
                    generatedName = prefix + targetName + suffix
                    if mentionsVariables {
                        generated = try replacing(["platform": platform], in: generated, keys: expansion.variableKeys, key: key, alsoBare: true)
                    }
                }
                result.append(SpecTarget(name: generatedName, productName: targetName, key: key, type: type, platform: platform,
                                         destinations: destinations, definition: generated))
            }
        }
        return result
    }

    /// `definition` over the templates it names, each expanded once over the templates it names in turn.
    private mutating func applyingTemplates(_ definition: SpecDictionary, key: String, chain: [String]) throws(XcodeProjectError) -> Expansion {
        // A target's own definition is merged into nothing: it is walked only when attributes
        // may need replacing in it (a YAML alias shared by many targets is not walked for each).
        var own: (size: Int, variableKeys: Set<String>) = (0, [])
        if !chain.isEmpty || mentionsVariables { own = try measure(definition, key: key) }
        guard let named = definition["templates"] else { return Expansion(definition: definition, size: own.size, variableKeys: own.variableKeys) }
        var merged = SpecDictionary()
        var size = 0
        var variableKeys = Set<String>()
        for (index, element) in (named.array ?? [named]).enumerated() {
            let elementKey = "\(key).templates[\(index)]"
            guard case .string(let name) = element else {
                warn(elementKey, "is \(element.typeName), expected a template's name")
                continue
            }
            guard case .dictionary(let template)? = templates[name] else {
                warn(elementKey, templates[name] == nil
                     ? "names the target template “\(name)”, which the spec does not define"
                     : "names the target template “\(name)”, which is not a mapping")
                continue
            }
            guard !chain.contains(name) else {
                warn(elementKey, "target template “\(name)” uses itself (\((chain + [name]).joined(separator: " → "))); it is applied once")
                continue
            }
            guard chain.count < Self.maximumTemplateDepth else {
                warn(elementKey, "target template “\(name)” is nested more than \(Self.maximumTemplateDepth) templates deep (from “\(chain.first ?? name)”); it is not applied")
                continue
            }
            let expansion: Expansion
            if let known = expanded[name] {
                expansion = known
            } else {
                expansion = try applyingTemplates(template, key: "targetTemplates.\(name)", chain: chain + [name])
                expanded[name] = expansion
            }
            // Merged into nothing, a template's values are shared, not copied: only its keys
            // cost. Merged into another, as much as both may hold (lists are joined), so a
            // template named twice by each of the next pays for what it doubles to.
            try spend(merged.isEmpty ? expansion.definition.entries.count : expansion.size, at: elementKey, what: "merging target templates")
            merged = SpecFileLoader.merge(merged, expansion.definition)
            size = size.addingClamped(expansion.size)
            variableKeys.formUnion(expansion.variableKeys)
        }
        var ownEntries = definition
        ownEntries["templates"] = nil
        // Writing the definition's own keys over the templates' copies their keys once.
        if !merged.isEmpty, !ownEntries.isEmpty {
            try spend(merged.entries.count.addingClamped(ownEntries.entries.count), at: key, what: "merging target templates")
        }
        return Expansion(definition: SpecFileLoader.merge(merged, ownEntries), size: size.addingClamped(own.size),
                         variableKeys: variableKeys.union(own.variableKeys))
    }

    /// The values `definition` holds and its keys whose values hold a `$`, in one walk counted
    /// toward the work limit (a YAML alias may make many targets share one large value).
    private mutating func measure(_ definition: SpecDictionary, key: String) throws(XcodeProjectError) -> (size: Int, variableKeys: Set<String>) {
        var size = 0
        var variableKeys = Set<String>()
        for (name, value) in definition.entries {
            var stack = [value]
            var dollar = name.utf8.contains(UInt8(ascii: "$"))
            var entrySize = 0
            while let next = stack.popLast() {
                entrySize += 1
                switch next {
                case .string(let text): if !dollar, text.utf8.contains(UInt8(ascii: "$")) { dollar = true }
                case .array(let elements): stack += elements
                case .dictionary(let nested):
                    if !dollar, nested.entries.contains(where: { $0.key.utf8.contains(UInt8(ascii: "$")) }) { dollar = true }
                    stack += nested.entries.map(\.value)
                default: break
                }
            }
            try spend(entrySize, at: key, what: "reading target definitions")
            size += entrySize
            if dollar { variableKeys.insert(name) }
        }
        return (size, variableKeys)
    }

    /// `${NAME}` replaced by `values[NAME]` in every key and string (and `$NAME` too with
    /// `alsoBare`, XcodeGen's older `$platform`); values left alone keep their shared storage.
    /// Only the top-level `keys` are walked: the others hold no `$`.
    private mutating func replacing(_ values: [String: String], in definition: SpecDictionary, keys: Set<String>, key: String,
                                    alsoBare: Bool = false) throws(XcodeProjectError) -> SpecDictionary {
        var patterns: [(String, String)] = values.map { ("${\($0.key)}", $0.value) }
        if alsoBare { patterns += values.map { ("$\($0.key)", $0.value) } }
        var result = SpecDictionary()
        for entry in definition.entries {
            guard keys.contains(entry.key) else { result[entry.key] = entry.value; continue }
            let value = try replace(entry.value, patterns, key: key)
            result[replace(entry.key, patterns)] = value ?? entry.value
        }
        return result
    }

    private mutating func replace(_ value: SpecValue, _ patterns: [(String, String)], key: String) throws(XcodeProjectError) -> SpecValue? {
        try spend(1, at: key, what: "replacing template attributes")
        switch value {
        case .string(let text):
            let replaced = replace(text, patterns)
            return replaced == text ? nil : .string(replaced)
        case .array(var elements):
            var changed = false
            for index in elements.indices {
                if let new = try replace(elements[index], patterns, key: key) { elements[index] = new; changed = true }
            }
            return changed ? .array(elements) : nil
        case .dictionary(let dictionary):
            var changed = false
            var entries: [(String, SpecValue)] = []
            for entry in dictionary.entries {
                let key = replace(entry.key, patterns)
                let new = try replace(entry.value, patterns, key: key)
                if key != entry.key || new != nil { changed = true }
                entries.append((key, new ?? entry.value))
            }
            return changed ? .dictionary(SpecDictionary(entries)) : nil
        default:
            return nil
        }
    }

    private func replace(_ text: String, _ patterns: [(String, String)]) -> String {
        guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
        var result = text
        for (pattern, value) in patterns where result.contains(pattern) {
            result = result.replacingOccurrences(of: pattern, with: value)
        }
        return result
    }

    /// Counts `amount` toward `workLimit`, for the whole spec; past it, the spec is refused
    /// naming the limit, the step and the key it was reached at.
    private mutating func spend(_ amount: Int, at key: String, what: String) throws(XcodeProjectError) {
        work = work.addingClamped(amount)
        guard work <= Self.workLimit else {
            throw .malformed(path: file, key: key, problem: "makes \(what) take more than \(Self.workLimit) steps for the spec's targets; the spec is not read")
        }
    }

    private mutating func warn(_ key: String, _ message: String) {
        warnings.appendSpecWarning(file: file, key: key, message)
    }
}
