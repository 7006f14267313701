/// A setting's line in an xcconfig file (`NAME = value`, an optional `;`, an optional `//`
/// comment), changed in its value only: the indentation, the spacing around `=`, the `;` and
/// the comment stay as written. A value continued over lines (`\` at the end) is not edited.
enum XCConfigLines {
    struct Assignment {
        let line: Int
        /// Where the key ends and the value (without `;`) lies, in the line.
        let keyEnd: String.Index
        let value: Range<String.Index>
        let hasSemicolon: Bool
    }

    static func change(_ key: String, in file: String, _ operation: SettingSites.Operation,
                       changes: inout ChangeSet) throws(ProjectEditError) {
        let lines = try read(file, changes: &changes)
        try write(changing(key, in: lines, operation, file: file), to: file, changes: &changes)
    }

    /// `lines` with the value of `key`'s last assignment changed (its line gone when the
    /// operation gives no value).
    static func changing(_ key: String, in lines: [String], _ operation: SettingSites.Operation,
                         file: String) throws(ProjectEditError) -> [String] {
        var lines = lines
        guard let assignment = try last(key, in: lines, file: file) else {
            throw ProjectEditError(path: file, kind: .unexpectedLayout("the \(key) line"))
        }
        let line = lines[assignment.line]
        let changed: String?
        do {
            changed = try operation.apply(to: String(line[assignment.value]))
        } catch {
            throw ProjectEditError(path: file, kind: .settingNotEditable(setting: key, reason: SettingSites.UnbalancedQuoting.reason))
        }
        if let new = changed {
            lines[assignment.line] = String(line[..<assignment.value.lowerBound]) + new + String(line[assignment.value.upperBound...])
        } else {
            lines.remove(at: assignment.line)
        }
        return lines
    }

    /// Writes `key` with `value` on the line after `primary`'s last assignment, spaced as that one is.
    static func insert(_ key: String, value: String, after primary: String, in file: String,
                       changes: inout ChangeSet) throws(ProjectEditError) {
        var lines = try read(file, changes: &changes)
        guard let anchor = try last(primary, in: lines, file: file) else {
            throw ProjectEditError(path: file, kind: .unexpectedLayout("the \(primary) line"))
        }
        let line = lines[anchor.line]
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        let separator = line[anchor.keyEnd..<anchor.value.lowerBound]
        lines.insert(indentation + key + separator + value + (anchor.hasSemicolon ? ";" : ""), at: anchor.line + 1)
        try write(lines, to: file, changes: &changes)
    }

    /// The last line assigning `key` without a condition.
    static func last(_ key: String, in lines: [String], file: String) throws(ProjectEditError) -> Assignment? {
        var found: Assignment?
        var continues = false
        for (number, line) in lines.enumerated() {
            let continued = continues
            let content = XCConfigLines.content(of: line)
            continues = content.hasSuffix("\\")
            guard !continued, let assignment = parse(line, key: key, number: number) else { continue }
            guard !continues else {
                throw ProjectEditError(path: file, kind: .settingNotEditable(setting: key, reason: "continues over several lines (line \(number + 1))"))
            }
            found = assignment
        }
        return found
    }

    /// The line up to a `//` comment, without the white space around it.
    private static func content(of line: String) -> Substring {
        let uncommented = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
        return trimmed(uncommented)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var result = text.drop { $0 == " " || $0 == "\t" }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }

    private static func parse(_ line: String, key: String, number: Int) -> Assignment? {
        let start = line.firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
        guard line[start...].hasPrefix(key) else { return nil }
        let keyEnd = line.index(start, offsetBy: key.count)
        var index = keyEnd
        while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index) }
        guard index < line.endIndex, line[index] == "=" else { return nil }
        index = line.index(after: index)
        while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index) }
        let valueStart = index
        var valueEnd = line[valueStart...].range(of: "//")?.lowerBound ?? line.endIndex
        while valueEnd > valueStart, line[line.index(before: valueEnd)] == " " || line[line.index(before: valueEnd)] == "\t" {
            valueEnd = line.index(before: valueEnd)
        }
        var hasSemicolon = false
        if valueEnd > valueStart, line[line.index(before: valueEnd)] == ";" {
            hasSemicolon = true
            valueEnd = line.index(before: valueEnd)
            while valueEnd > valueStart, line[line.index(before: valueEnd)] == " " || line[line.index(before: valueEnd)] == "\t" {
                valueEnd = line.index(before: valueEnd)
            }
        }
        return Assignment(line: number, keyEnd: keyEnd, value: valueStart..<valueEnd, hasSemicolon: hasSemicolon)
    }

    static func read(_ file: String, changes: inout ChangeSet) throws(ProjectEditError) -> [String] {
        let text: String?
        do {
            text = try changes.text(of: file)
        } catch {
            throw ProjectEditError(error)
        }
        guard let text else { throw ProjectEditError(path: file, kind: .missing) }
        guard !text.contains("\r") else { throw ProjectEditError(path: file, kind: .unexpectedLayout("a file with carriage returns")) }
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    static func write(_ lines: [String], to file: String, changes: inout ChangeSet) throws(ProjectEditError) {
        do {
            try changes.write(text: lines.joined(separator: "\n"), to: file)
        } catch {
            throw ProjectEditError(error)
        }
    }
}
