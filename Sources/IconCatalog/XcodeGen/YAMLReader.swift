import Foundation
// libyaml, as Yams bundles it: its event parser lets every value be counted as it is read.
// Yams' own composer expands aliases and hashes mapping keys before a caller sees anything,
// so a YAML bomb used as a key would run for hours inside it.
import CYaml
import Yams

/// Reads one YAML (or JSON) document into a `SpecValue`, bounded: aliases share the value of
/// their anchor, and a document whose values, aliases expanded, number more than
/// `maximumValues` is refused, as are mapping keys that are not scalars, nesting deeper than
/// libyaml's limit (1,000 levels) and several documents in one file. Scalars are resolved as
/// Yams resolves them for XcodeGen (`YES`, `true`, `on` are booleans; `~` and `null` are null).
package enum YAMLReader {
    /// Values a document may expand to; a spec of 10,000 targets has about 200,000.
    package static let maximumValues = 1_000_000

    package struct Failure: Error, Equatable, Sendable {
        /// 1-based line, 0 when unknown.
        package let line: Int
        package let problem: String
    }

    /// The document and how many values it holds, aliases expanded; `limit` (at most
    /// `maximumValues`) is how many it may hold.
    package static func parse(_ bytes: [UInt8], limit: Int = maximumValues) -> Result<(value: SpecValue, count: Int), Failure> {
        var reader = EventReader(bytes: bytes, limit: min(limit, maximumValues))
        return reader.read().map { ($0, reader.total) }
    }

    /// A list or mapping being read, changed in place on the stack (a copy per element made
    /// reading a mapping of 10,000 targets quadratic).
    private struct Frame {
        let isMapping: Bool
        let anchor: String?
        var elements: [SpecValue] = []
        var entries = SpecDictionary()
        /// The mapping's key waiting for its value.
        var key: String?
        var keyLine = 0
        /// Values in it so far, aliases expanded, itself included.
        var count = 1
        /// `<<` merges, applied when the mapping ends.
        var merges: [SpecDictionary] = []
    }

    private struct EventReader {
        let bytes: [UInt8]
        var anchors: [String: (value: SpecValue, count: Int)] = [:]
        var stack: [Frame] = []
        var root: (value: SpecValue, count: Int)?
        var total = 0
        let limit: Int

        init(bytes: [UInt8], limit: Int) {
            self.bytes = bytes
            self.limit = limit
        }

        mutating func read() -> Result<SpecValue, Failure> {
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return .failure(Failure(line: 0, problem: "the YAML parser could not start")) }
            defer { yaml_parser_delete(&parser) }
            return bytes.withUnsafeBufferPointer { buffer -> Result<SpecValue, Failure> in
                yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
                var documents = 0
                while true {
                    var event = yaml_event_t()
                    guard yaml_parser_parse(&parser, &event) == 1 else {
                        let problem = parser.problem.map { String(cString: $0) } ?? "not YAML"
                        return .failure(Failure(line: Int(parser.problem_mark.line) + 1, problem: problem))
                    }
                    defer { yaml_event_delete(&event) }
                    let line = Int(event.start_mark.line) + 1
                    switch event.type {
                    case YAML_STREAM_END_EVENT:
                        return .success(root?.value ?? .null)
                    case YAML_DOCUMENT_START_EVENT:
                        documents += 1
                        if documents > 1 { return .failure(Failure(line: line, problem: "holds more than one YAML document")) }
                    case YAML_SCALAR_EVENT:
                        let scalar = event.data.scalar
                        let text = scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
                        // A mapping's key is a name, never resolved to a boolean or a number.
                        let isKey = stack.last.map { $0.isMapping && $0.key == nil } ?? false
                        let value = isKey ? SpecValue.string(text)
                            : Self.resolve(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil)
                        if let failure = add(value, count: 1, anchor: Self.text(scalar.anchor), line: line, keyText: text) {
                            return .failure(failure)
                        }
                    case YAML_ALIAS_EVENT:
                        let name = Self.text(event.data.alias.anchor) ?? ""
                        guard let known = anchors[name] else {
                            return .failure(Failure(line: line, problem: "uses the alias *\(name), which no anchor defines"))
                        }
                        let keyText: String? = if case .string(let text) = known.value { text } else { known.value.scalarText }
                        if let failure = add(known.value, count: known.count, anchor: nil, line: line, keyText: keyText,
                                             newValues: known.count) {
                            return .failure(failure)
                        }
                    case YAML_SEQUENCE_START_EVENT:
                        if let failure = checkNotKey(line: line) { return .failure(failure) }
                        stack.append(Frame(isMapping: false, anchor: Self.text(event.data.sequence_start.anchor)))
                    case YAML_MAPPING_START_EVENT:
                        if let failure = checkNotKey(line: line) { return .failure(failure) }
                        stack.append(Frame(isMapping: true, anchor: Self.text(event.data.mapping_start.anchor), keyLine: line))
                    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                        guard var frame = stack.popLast() else { continue }
                        let finished: SpecValue
                        if frame.isMapping {
                            // `<<` merges: keys written in the mapping win, then earlier merged mappings.
                            for merged in frame.merges {
                                for entry in merged.entries where frame.entries[entry.key] == nil { frame.entries[entry.key] = entry.value }
                            }
                            finished = .dictionary(frame.entries)
                        } else {
                            finished = .array(frame.elements)
                        }
                        if let failure = add(finished, count: frame.count, anchor: frame.anchor, line: line, keyText: nil, isCollection: true) {
                            return .failure(failure)
                        }
                    default:
                        continue
                    }
                }
            }
        }

        private func checkNotKey(line: Int) -> Failure? {
            if let top = stack.last, top.isMapping, top.key == nil {
                return Failure(line: line, problem: "has a mapping key that is a list or a mapping; spec keys are names")
            }
            return nil
        }

        /// Puts a finished value where it belongs: the root, a list's next element, or a
        /// mapping's key or value. `count`: the values it holds, aliases expanded; `newValues`:
        /// how many of them the document has not counted yet (a collection's elements were
        /// counted as they came; an alias repeats all of its anchor's). `keyText`: the value's
        /// text, when it can be a key.
        private mutating func add(_ value: SpecValue, count: Int, anchor: String?, line: Int, keyText: String?,
                                  isCollection: Bool = false, newValues: Int = 1) -> Failure? {
            total = total.addingClamped(newValues)
            guard total <= limit else {
                return Failure(line: line, problem: "expands to more than \(limit) values (aliases of aliases: a YAML bomb?); refused")
            }
            if let anchor { anchors[anchor] = (value, count) }
            guard !stack.isEmpty else {
                root = (value, count)
                return nil
            }
            let top = stack.count - 1
            guard stack[top].isMapping else {
                stack[top].elements.append(value)
                stack[top].count = stack[top].count.addingClamped(count)
                return nil
            }
            guard let key = stack[top].key else {
                guard !isCollection, let keyText else {
                    return Failure(line: line, problem: "has a mapping key that is a list or a mapping; spec keys are names")
                }
                stack[top].key = keyText
                stack[top].keyLine = line
                return nil
            }
            let keyLine = stack[top].keyLine
            stack[top].key = nil
            stack[top].count = stack[top].count.addingClamped(count)
            if key == "<<" {
                switch value {
                case .dictionary(let merged): stack[top].merges.append(merged)
                case .array(let list):
                    for element in list {
                        guard case .dictionary(let merged) = element else {
                            return Failure(line: keyLine, problem: "merges (<<) \(element.typeName); only mappings can be merged")
                        }
                        stack[top].merges.append(merged)
                    }
                default:
                    return Failure(line: keyLine, problem: "merges (<<) \(value.typeName); only mappings can be merged")
                }
            } else {
                if stack[top].entries[key] != nil {
                    return Failure(line: keyLine, problem: "has the key “\(key)” twice in one mapping")
                }
                stack[top].entries[key] = value
            }
            return nil
        }

        private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }

        /// A plain scalar as Yams' default resolver reads it; quoted or tagged ones are strings.
        static func resolve(_ text: String, plain: Bool) -> SpecValue {
            guard plain else { return .string(text) }
            // Only these first characters can start anything but a string: most scalars skip
            // the resolver's regular expressions.
            guard let first = text.utf8.first else { return .null }
            guard "0123456789+-.~nNtTfFyYoO".utf8.contains(first) else { return .string(text) }
            switch Resolver.default.resolveTag(of: Node(text)) {
            case .bool: return .bool(Node(text).bool ?? false)
            case .null: return .null
            case .int, .float: return .number(text)
            default: return .string(text)
            }
        }
    }
}
