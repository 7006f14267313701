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

/// Expands the spec's `targets` into `SpecTarget`s, bounded: templates nest at most
/// `maximumTemplateDepth` deep, and the values copied and rewritten for all targets together
/// stop at `workLimit` (the remaining targets are read without their templates, with a warning).
struct SpecTargetExpander {
    static let maximumTemplateDepth = 16
    static let workLimit = 1_000_000
    static let maximumTargets = 20_000

    let templates: SpecDictionary
    let file: String
    /// False when no file of the spec has a `$`: then no attribute is ever named, and targets are not walked.
    var mentionsVariables = true
    private(set) var warnings: [CatalogWarning] = []
    private var work = 0
    private var reportedWork = false

    init(spec: SpecDictionary, file: String) {
        if case .dictionary(let templates)? = spec["targetTemplates"] { self.templates = templates } else { templates = SpecDictionary() }
        self.file = file
    }

    mutating func targets(of spec: SpecDictionary) -> [SpecTarget] {
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
            guard case .dictionary(var definition) = value else {
                warn(key, "is \(value.typeName), expected a target's mapping")
                continue
            }
            definition = applyingTemplates(definition, key: key, chain: [])
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
            if mentionsVariables { definition = replacing(attributes, in: definition) }
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
                    if mentionsVariables { generated = replacing(["platform": platform], in: generated, alsoBare: true) }
                }
                result.append(SpecTarget(name: generatedName, productName: targetName, key: key, type: type, platform: platform,
                                         destinations: destinations, definition: generated))
            }
        }
        return result
    }

    /// `definition` over the templates it names, each over the templates it names in turn.
    private mutating func applyingTemplates(_ definition: SpecDictionary, key: String, chain: [String]) -> SpecDictionary {
        guard let named = definition["templates"] else { return definition }
        var merged = SpecDictionary()
        for (index, element) in (named.array ?? [named]).enumerated() {
            guard case .string(let name) = element else {
                warn("\(key).templates[\(index)]", "is \(element.typeName), expected a template's name")
                continue
            }
            guard case .dictionary(let template)? = templates[name] else {
                warn("\(key).templates[\(index)]", templates[name] == nil
                     ? "names the target template “\(name)”, which the spec does not define"
                     : "names the target template “\(name)”, which is not a mapping")
                continue
            }
            guard !chain.contains(name), chain.count < Self.maximumTemplateDepth else {
                warn("\(key).templates[\(index)]", "target template “\(name)” uses itself (\((chain + [name]).joined(separator: " → "))); it is applied once")
                continue
            }
            guard spend(template.entries.count) else { return definition }
            merged = SpecFileLoader.merge(merged, applyingTemplates(template, key: "targetTemplates.\(name)", chain: chain + [name]))
        }
        var own = definition
        own["templates"] = nil
        return SpecFileLoader.merge(merged, own)
    }

    /// `${NAME}` replaced by `values[NAME]` in every key and string (and `$NAME` too with
    /// `alsoBare`, XcodeGen's older `$platform`); values left alone keep their shared storage.
    private mutating func replacing(_ values: [String: String], in definition: SpecDictionary, alsoBare: Bool = false) -> SpecDictionary {
        var patterns: [(String, String)] = values.map { ("${\($0.key)}", $0.value) }
        if alsoBare { patterns += values.map { ("$\($0.key)", $0.value) } }
        guard case .dictionary(let result)? = replace(.dictionary(definition), patterns) else { return definition }
        return result
    }

    private mutating func replace(_ value: SpecValue, _ patterns: [(String, String)]) -> SpecValue? {
        guard spend(1) else { return nil }
        switch value {
        case .string(let text):
            let replaced = replace(text, patterns)
            return replaced == text ? nil : .string(replaced)
        case .array(var elements):
            var changed = false
            for index in elements.indices {
                if let new = replace(elements[index], patterns) { elements[index] = new; changed = true }
            }
            return changed ? .array(elements) : nil
        case .dictionary(let dictionary):
            var changed = false
            var entries: [(String, SpecValue)] = []
            for entry in dictionary.entries {
                let key = replace(entry.key, patterns)
                let new = replace(entry.value, patterns)
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

    private mutating func spend(_ amount: Int) -> Bool {
        work = work.addingClamped(amount)
        guard work > Self.workLimit else { return true }
        if !reportedWork {
            reportedWork = true
            warn("targets", "templates and attributes took more than \(Self.workLimit) steps to apply; the rest are not applied")
        }
        return false
    }

    private mutating func warn(_ key: String, _ message: String) {
        warnings.appendSpecWarning(file: file, key: key, message)
    }
}
