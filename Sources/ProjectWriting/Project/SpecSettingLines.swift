/// A build setting in an XcodeGen spec (`project.yml`), edited as one line of YAML: found
/// under the target's (or the project's) `settings`, in the `configs` entry matching the
/// configuration, else `base`, else the plain mapping; its value keeps its style (plain,
/// 'single' or "double" quoted) and its comment. An included spec's lines are edited the same
/// way, in that file. Values written over several lines, lists, and settings that come from
/// setting groups or templates are not edited.
enum SpecSettingLines {
    /// Where a key's line is, for one level and configuration.
    static func locate(_ key: String, target: String?, configuration: String, in lines: [String]) -> Int? {
        guard let settings = settingsBlock(target: target, in: lines) else { return nil }
        if let configs = child("configs", of: settings, in: lines) {
            let entries = children(of: configs, in: lines)
            let exact = entries.first { keyName(lines[$0])?.lowercased() == configuration.lowercased() }
            let matching = exact ?? entries.first { entry in
                keyName(lines[entry]).map { configuration.lowercased().contains($0.lowercased()) } ?? false
            }
            if let matching, let line = child(key, of: matching, in: lines) { return line }
        }
        if let base = child("base", of: settings, in: lines), let line = child(key, of: base, in: lines) { return line }
        return child(key, of: settings, in: lines)
    }

    /// `lines` with the value on `line` changed (the line gone when the operation gives none,
    /// and with it a `base:` or `settings:` left empty by that).
    static func changing(_ key: String, at line: Int, in lines: [String], _ operation: SettingSites.Operation,
                         file: String) throws(ProjectEditError) -> [String] {
        var lines = lines
        guard let scalar = YAMLScalar(line: lines[line]) else {
            throw ProjectEditError(path: file, kind: .settingNotEditable(setting: key, reason: "is not a one-line value on line \(line + 1)"))
        }
        let changed: String?
        do {
            changed = try operation.apply(to: scalar.value)
        } catch {
            throw ProjectEditError(path: file, kind: .settingNotEditable(setting: key, reason: SettingSites.UnbalancedQuoting.reason))
        }
        if let new = changed {
            lines[line] = scalar.replacing(with: new)
        } else {
            lines.remove(at: line)
            removeEmptyParents(above: line, in: &lines)
        }
        return lines
    }

    /// Writes `key: value` after `anchor`'s line in the settings of `level` (a target, or nil:
    /// the spec's own), or at the end of `target`'s `base` (made, with `settings`, where
    /// missing). Nothing when the block it would go in has the key already. `onlyThisConfiguration`:
    /// the other configurations read the setting from elsewhere, so it goes in `configs`' entry
    /// for `configuration`, never in `base`, which all of them read.
    static func inserting(_ key: String, value: String, after anchor: String, level: String?, target: String,
                          configuration: String, onlyThisConfiguration: Bool = false, in lines: [String],
                          file: String) throws(ProjectEditError) -> [String] {
        var lines = lines
        if let line = locate(anchor, target: level, configuration: configuration, in: lines), YAMLScalar(line: lines[line]) != nil,
           !onlyThisConfiguration || isInConfigurationEntry(line, in: lines) {
            let indentation = indent(lines[line])
            let parent = parentLine(of: line, in: lines)
            if let parent, child(key, of: parent, in: lines) != nil { return lines }
            lines.insert(String(repeating: " ", count: indentation) + key + ": " + YAMLScalar.encoded(value, style: .plain), at: line + 1)
            return lines
        }
        guard let targetLine = targetBlock(target, in: lines) else {
            throw ProjectEditError(path: file, kind: .notInSpec("target “\(target)”"))
        }
        let unit = max(indentUnit(in: lines), 1)
        let entry = { (indentation: Int) in String(repeating: " ", count: indentation) + key + ": " + YAMLScalar.encoded(value, style: .plain) }
        if onlyThisConfiguration {
            return try insertingInConfigurationEntry(entry, configuration: configuration, target: target, targetLine: targetLine,
                                                     unit: unit, in: lines, file: file)
        }
        if let settings = child("settings", of: targetLine, in: lines) {
            let nested = ["base", "configs", "groups"].contains { child($0, of: settings, in: lines) != nil }
            if let base = child("base", of: settings, in: lines) {
                if child(key, of: base, in: lines) != nil { return lines }
                let end = blockEnd(of: base, in: lines)
                let indentation = children(of: base, in: lines).first.map { indent(lines[$0]) } ?? indent(lines[base]) + unit
                lines.insert(entry(indentation), at: end)
            } else if nested {
                lines.insert(String(repeating: " ", count: indent(lines[settings]) + unit) + "base:", at: settings + 1)
                lines.insert(entry(indent(lines[settings]) + 2 * unit), at: settings + 2)
            } else {
                if child(key, of: settings, in: lines) != nil { return lines }
                let indentation = children(of: settings, in: lines).first.map { indent(lines[$0]) } ?? indent(lines[settings]) + unit
                lines.insert(entry(indentation), at: blockEnd(of: settings, in: lines))
            }
        } else {
            let indentation = children(of: targetLine, in: lines).first.map { indent(lines[$0]) } ?? indent(lines[targetLine]) + unit
            let end = blockEnd(of: targetLine, in: lines)
            lines.insert(contentsOf: [String(repeating: " ", count: indentation) + "settings:",
                                      String(repeating: " ", count: indentation + unit) + "base:",
                                      entry(indentation + 2 * unit)], at: end)
        }
        return lines
    }

    /// True when `line` sits in an entry of a `configs:` mapping (one configuration's settings).
    private static func isInConfigurationEntry(_ line: Int, in lines: [String]) -> Bool {
        parentLine(of: line, in: lines).map { isConfigurationEntry($0, in: lines) } ?? false
    }

    /// The target's `settings` → `configs` → `configuration` entry, each made where missing, with
    /// the new line at its end. A `settings` written as one plain mapping (no `base`, `configs` or
    /// `groups`) is every configuration's: a `configs` beside it would change what it means, so it is refused.
    private static func insertingInConfigurationEntry(_ entry: (Int) -> String, configuration: String, target: String, targetLine: Int,
                                                      unit: Int, in lines: [String], file: String) throws(ProjectEditError) -> [String] {
        var lines = lines
        let pad = { (count: Int) in String(repeating: " ", count: count) }
        guard let settings = child("settings", of: targetLine, in: lines) else {
            let indentation = children(of: targetLine, in: lines).first.map { indent(lines[$0]) } ?? indent(lines[targetLine]) + unit
            lines.insert(contentsOf: [pad(indentation) + "settings:", pad(indentation + unit) + "configs:",
                                      pad(indentation + 2 * unit) + configuration + ":", entry(indentation + 3 * unit)],
                         at: blockEnd(of: targetLine, in: lines))
            return lines
        }
        guard ["base", "configs", "groups"].contains(where: { child($0, of: settings, in: lines) != nil }) else {
            throw ProjectEditError(path: file, kind: .notInSpec("a configs entry for \(configuration) beside target “\(target)”'s plain settings"))
        }
        let settingsIndent = indent(lines[settings])
        guard let configs = child("configs", of: settings, in: lines) else {
            lines.insert(contentsOf: [pad(settingsIndent + unit) + "configs:", pad(settingsIndent + 2 * unit) + configuration + ":",
                                      entry(settingsIndent + 3 * unit)], at: blockEnd(of: settings, in: lines))
            return lines
        }
        let configsIndent = indent(lines[configs])
        guard let own = children(of: configs, in: lines).first(where: { keyName(lines[$0])?.lowercased() == configuration.lowercased() }) else {
            let indentation = children(of: configs, in: lines).first.map { indent(lines[$0]) } ?? configsIndent + unit
            lines.insert(contentsOf: [pad(indentation) + configuration + ":", entry(indentation + unit)], at: blockEnd(of: configs, in: lines))
            return lines
        }
        let indentation = children(of: own, in: lines).first.map { indent(lines[$0]) } ?? indent(lines[own]) + unit
        lines.insert(entry(indentation), at: blockEnd(of: own, in: lines))
        return lines
    }

    // MARK: Structure

    /// The `settings:` line of the target (or, `target` nil, of the spec's top level).
    static func settingsBlock(target: String?, in lines: [String]) -> Int? {
        if let target {
            return targetBlock(target, in: lines).flatMap { child("settings", of: $0, in: lines) }
        }
        return topLevel("settings", in: lines)
    }

    static func targetBlock(_ target: String, in lines: [String]) -> Int? {
        topLevel("targets", in: lines).flatMap { child(target, of: $0, in: lines) }
    }

    private static func topLevel(_ key: String, in lines: [String]) -> Int? {
        lines.indices.first { indent(lines[$0]) == 0 && keyName(lines[$0]) == key }
    }

    /// The lines of the mapping under `parent`: the first level below it.
    static func children(of parent: Int, in lines: [String]) -> [Int] {
        let parentIndent = indent(lines[parent])
        var result: [Int] = []
        var childIndent: Int?
        var index = parent + 1
        while index < lines.count {
            let line = lines[index]
            defer { index += 1 }
            if isBlankOrComment(line) { continue }
            let lineIndent = indent(line)
            if lineIndent <= parentIndent { break }
            if childIndent == nil { childIndent = lineIndent }
            if lineIndent == childIndent { result.append(index) }
        }
        return result
    }

    static func child(_ key: String, of parent: Int, in lines: [String]) -> Int? {
        children(of: parent, in: lines).first { keyName(lines[$0]) == key }
    }

    /// The line after the last one of `parent`'s block (blank lines and comments after it left outside).
    private static func blockEnd(of parent: Int, in lines: [String]) -> Int {
        let parentIndent = indent(lines[parent])
        var last = parent
        var index = parent + 1
        while index < lines.count {
            let line = lines[index]
            if !isBlankOrComment(line) {
                if indent(line) <= parentIndent { break }
                last = index
            }
            index += 1
        }
        return last + 1
    }

    private static func parentLine(of line: Int, in lines: [String]) -> Int? {
        let lineIndent = indent(lines[line])
        return stride(from: line - 1, through: 0, by: -1).first { !isBlankOrComment(lines[$0]) && indent(lines[$0]) < lineIndent }
    }

    /// After a line's removal: a `base:`, a configuration's entry, `configs:` and `settings:` left
    /// with nothing under them go too.
    private static func removeEmptyParents(above line: Int, in lines: inout [String]) {
        var position = line
        for _ in 0..<4 {
            guard position > 0, let parent = stride(from: position - 1, through: 0, by: -1).first(where: { !isBlankOrComment(lines[$0]) }),
                  let name = keyName(lines[parent]), YAMLScalar.restOfLine(lines[parent])?.isEmpty == true,
                  children(of: parent, in: lines).isEmpty,
                  ["base", "configs", "settings"].contains(name) || isConfigurationEntry(parent, in: lines) else { return }
            lines.remove(at: parent)
            position = parent
        }
    }

    /// True when `line` is an entry of a `configs:` mapping.
    private static func isConfigurationEntry(_ line: Int, in lines: [String]) -> Bool {
        parentLine(of: line, in: lines).map { keyName(lines[$0]) == "configs" } ?? false
    }

    /// The smallest step between a key and its children in the file: 2 unless it says otherwise.
    private static func indentUnit(in lines: [String]) -> Int {
        var unit = Int.max
        for index in lines.indices where !isBlankOrComment(lines[index]) && keyName(lines[index]) != nil {
            if let first = children(of: index, in: lines).first {
                unit = min(unit, indent(lines[first]) - indent(lines[index]))
            }
        }
        return unit == Int.max ? 2 : unit
    }

    static func indent(_ line: String) -> Int {
        line.prefix { $0 == " " }.count
    }

    static func isBlankOrComment(_ line: String) -> Bool {
        let content = line.drop { $0 == " " || $0 == "\t" }
        return content.isEmpty || content.hasPrefix("#")
    }

    /// The key of a `key: …` line (quotes taken off), nil for any other line (a list item among them).
    static func keyName(_ line: String) -> String? {
        let content = line.drop { $0 == " " }
        guard !content.isEmpty, !content.hasPrefix("#"), !content.hasPrefix("- ") else { return nil }
        if let quote = content.first, quote == "\"" || quote == "'" {
            guard let close = content.dropFirst().firstIndex(of: quote) else { return nil }
            let after = content[content.index(after: close)...]
            guard after.hasPrefix(":") else { return nil }
            return String(content[content.index(after: content.startIndex)..<close])
        }
        guard let colon = content.range(of: ": ")?.lowerBound ?? (content.hasSuffix(":") ? content.index(before: content.endIndex) : nil) else {
            return nil
        }
        return String(content[..<colon])
    }
}

/// A one-line YAML value after `key:`: plain, single- or double-quoted, maybe followed by a `# comment`.
struct YAMLScalar {
    enum Style { case plain, single, double }

    let line: String
    /// Where the value is written in the line, quotes included.
    let range: Range<String.Index>
    let style: Style
    let value: String

    /// Nil when the line holds no one-line scalar after its key (a block, a list, a `|` text…).
    init?(line: String) {
        guard SpecSettingLines.keyName(line) != nil, let rest = Self.restOfLine(line), let first = rest.first else { return nil }
        self.line = line
        let start = rest.startIndex
        switch first {
        case "\"":
            var index = rest.index(after: start)
            var value = ""
            var closed = false
            while index < rest.endIndex {
                let character = rest[index]
                if character == "\\" {
                    let next = rest.index(after: index)
                    guard next < rest.endIndex else { return nil }
                    switch rest[next] {
                    case "\"": value.append("\"")
                    case "\\": value.append("\\")
                    case "t": value.append("\t")
                    default: return nil
                    }
                    index = rest.index(after: next)
                    continue
                }
                if character == "\"" {
                    closed = true
                    index = rest.index(after: index)
                    break
                }
                value.append(character)
                index = rest.index(after: index)
            }
            guard closed, Self.onlyComment(rest[index...]) else { return nil }
            style = .double
            range = start..<index
            self.value = value
        case "'":
            var index = rest.index(after: start)
            var value = ""
            var closed = false
            while index < rest.endIndex {
                if rest[index] == "'" {
                    let next = rest.index(after: index)
                    if next < rest.endIndex, rest[next] == "'" {
                        value.append("'")
                        index = rest.index(after: next)
                        continue
                    }
                    closed = true
                    index = next
                    break
                }
                value.append(rest[index])
                index = rest.index(after: index)
            }
            guard closed, Self.onlyComment(rest[index...]) else { return nil }
            style = .single
            range = start..<index
            self.value = value
        case "[", "{", "|", ">", "&", "*", "!":
            return nil
        case "-" where rest.dropFirst().first == " ":
            return nil
        default:
            var end = rest.range(of: " #")?.lowerBound ?? rest.endIndex
            while end > start, rest[rest.index(before: end)] == " " || rest[rest.index(before: end)] == "\t" { end = rest.index(before: end) }
            style = .plain
            range = start..<end
            value = String(rest[start..<end])
        }
    }

    /// What follows `key:` on the line, spaces before it skipped; nil when the line is no key line.
    static func restOfLine(_ line: String) -> Substring? {
        guard let key = SpecSettingLines.keyName(line) else { return nil }
        let content = line.drop { $0 == " " }
        guard let colon = content.range(of: key)?.upperBound else { return nil }
        var rest = content[colon...]
        if rest.first == "\"" || rest.first == "'" { rest = rest.dropFirst() }
        guard rest.first == ":" else { return nil }
        return rest.dropFirst().drop { $0 == " " || $0 == "\t" }
    }

    private static func onlyComment(_ text: Substring) -> Bool {
        let rest = text.drop { $0 == " " || $0 == "\t" }
        return rest.isEmpty || rest.hasPrefix("#")
    }

    func replacing(with value: String) -> String {
        line.replacingCharacters(in: range, with: Self.encoded(value, style: style))
    }

    /// `value` in `style` where that style can hold it; a plain value that YAML would read as
    /// something else (empty, a number, a boolean, an indicator first) goes in single quotes.
    static func encoded(_ value: String, style: Style) -> String {
        switch style {
        case .double:
            return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .single:
            return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
        case .plain:
            return isPlainSafe(value) ? value : encoded(value, style: .single)
        }
    }

    private static func isPlainSafe(_ value: String) -> Bool {
        guard let first = value.first, let last = value.last, !first.isWhitespace, !last.isWhitespace, last != ":" else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) { return false }
        if value.contains(": ") || value.contains(" #") || value.contains(where: { $0.isNewline }) { return false }
        let reserved: Set<String> = ["y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"]
        if reserved.contains(value.lowercased()) || Double(value) != nil { return false }
        return true
    }
}
