import Foundation
import IconCatalog

/// What `--dry-run` prints: the unified diff (as `diff -ruN` writes it) of every text file a
/// change set modifies, creates or deletes, which `patch -p1` applies from the root folder;
/// a binary file (a PNG, a binary plist) gets one "Binary files … differ" line.
package enum UnifiedDiff {
    /// Unchanged lines shown around each change.
    package static let contextLines = 3
    /// `CollectionDifference` costs about (lines × differing lines), quadratic for a file
    /// turned upside down; past this many, the part between the common start and end is
    /// shown replaced whole (still a correct diff), never compared line by line.
    static let maximumComparisonCost = 20_000_000

    /// The diff of every change, paths shown relative to `root` under `a/` and `b/`.
    package static func render(_ changes: [FileChange], relativeTo root: String) -> String {
        var out = ""
        for change in changes {
            let shown = ProjectPaths.relative(ProjectPaths.normalize(change.path), to: ProjectPaths.normalize(root))
            let old = change.original == nil ? "/dev/null" : "a/" + shown
            let new = change.replacement == nil ? "/dev/null" : "b/" + shown
            let before: [Line]? = change.original.map { lines(of: $0) } ?? []
            let after: [Line]? = change.replacement.map { lines(of: $0) } ?? []
            guard let before, let after else {
                out += "Binary files \(old) and \(new) differ\n"
                continue
            }
            out += fileDiff(before, after, old: old, new: new)
        }
        return out
    }

    /// One line of a text file (a carriage return before its line feed kept in `text`), and
    /// whether a line break ends it (the last may have none).
    struct Line: Hashable {
        let text: String
        let terminated: Bool
    }

    /// The file's lines; nil for a file that is not text (not UTF-8, or holding a NUL byte).
    static func lines(of data: Data) -> [Line]? {
        guard !data.contains(0), String(data: data, encoding: .utf8) != nil else { return nil }
        var parts = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        let terminated = parts.last?.isEmpty == true
        if terminated { parts.removeLast() }
        return parts.enumerated().map { index, bytes in
            Line(text: String(decoding: bytes, as: UTF8.self), terminated: terminated || index < parts.count - 1)
        }
    }

    /// A file's header and hunks; nothing when the lines are the same.
    static func fileDiff(_ before: [Line], _ after: [Line], old: String, new: String) -> String {
        let operations = editScript(before, after)
        let hunks = self.hunks(operations)
        guard !hunks.isEmpty || old == "/dev/null" || new == "/dev/null" else { return "" }
        // A name with a space ends with a tab, as git writes it, so that patch reads it whole.
        func header(_ name: String) -> String { name.contains(" ") ? name + "\t" : name }
        var out = "--- \(header(old))\n+++ \(header(new))\n"
        for hunk in hunks {
            let slice = operations[hunk]
            let oldCount = slice.filter { $0.kind != .insert }.count
            let newCount = slice.filter { $0.kind != .delete }.count
            let oldStart = slice.first.map { $0.oldIndex } ?? 0
            let newStart = slice.first.map { $0.newIndex } ?? 0
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for operation in slice {
                let line: Line
                switch operation.kind {
                case .equal: line = before[operation.oldIndex]; out += " "
                case .delete: line = before[operation.oldIndex]; out += "-"
                case .insert: line = after[operation.newIndex]; out += "+"
                }
                out += line.text + "\n"
                if !line.terminated { out += "\\ No newline at end of file\n" }
            }
        }
        return out
    }

    /// `start,count` of a hunk's side: a side with no lines names the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: return "\(start),0"
        case 1: return "\(start + 1)"
        default: return "\(start + 1),\(count)"
        }
    }

    struct Operation {
        enum Kind { case equal, delete, insert }
        let kind: Kind
        /// The line's index on each side; for an insertion `oldIndex` is where it goes, and
        /// for a deletion `newIndex`.
        let oldIndex: Int
        let newIndex: Int
    }

    /// Every line of both sides as kept, deleted or inserted, in file order.
    static func editScript(_ before: [Line], _ after: [Line]) -> [Operation] {
        let prefix = zip(before, after).prefix { $0 == $1 }.count
        let suffix = zip(before[prefix...].reversed(), after[prefix...].reversed()).prefix { $0 == $1 }.count
        let oldMiddle = before[prefix..<(before.count - suffix)]
        let newMiddle = after[prefix..<(after.count - suffix)]
        var removed = Set<Int>()
        var inserted = Set<Int>()
        if worthComparing(oldMiddle, newMiddle) {
            for change in newMiddle.difference(from: oldMiddle) {
                switch change {
                case .remove(let offset, _, _): removed.insert(prefix + offset)
                case .insert(let offset, _, _): inserted.insert(prefix + offset)
                }
            }
        } else {
            removed = Set(oldMiddle.indices)
            inserted = Set(newMiddle.indices)
        }
        var operations: [Operation] = []
        operations.reserveCapacity(before.count + inserted.count)
        var i = 0, j = 0
        while i < before.count || j < after.count {
            if i < before.count, removed.contains(i) {
                operations.append(Operation(kind: .delete, oldIndex: i, newIndex: j))
                i += 1
            } else if j < after.count, inserted.contains(j) || i == before.count {
                operations.append(Operation(kind: .insert, oldIndex: i, newIndex: j))
                j += 1
            } else {
                operations.append(Operation(kind: .equal, oldIndex: i, newIndex: j))
                i += 1
                j += 1
            }
        }
        return operations
    }

    /// False where comparing line by line could cost too much. The differing lines are at
    /// most the lines of both sides less twice a common subsequence; the lines each side
    /// holds once, in the longest run both sides have in the same order, are one.
    static func worthComparing(_ old: ArraySlice<Line>, _ new: ArraySlice<Line>) -> Bool {
        let lines = old.count + new.count
        guard lines > 0 else { return true }
        let (affordable, overflow) = lines.multipliedReportingOverflow(by: lines)
        if !overflow, affordable <= maximumComparisonCost { return true }
        let common = uniqueLinesInOrder(old, new)
        let differing = lines - 2 * common
        let (cost, costOverflow) = lines.multipliedReportingOverflow(by: differing)
        return !costOverflow && cost <= maximumComparisonCost
    }

    /// The length of the longest sequence of lines found exactly once on each side and in the
    /// same order on both (patience sorting, n log n).
    static func uniqueLinesInOrder(_ old: ArraySlice<Line>, _ new: ArraySlice<Line>) -> Int {
        var oldCount: [Line: (count: Int, index: Int)] = [:]
        for (index, line) in old.enumerated() { oldCount[line, default: (0, index)].count += 1 }
        var newCount: [Line: Int] = [:]
        for line in new { newCount[line, default: 0] += 1 }
        var piles: [Int] = []
        for line in new where newCount[line] == 1 {
            guard let seen = oldCount[line], seen.count == 1 else { continue }
            var low = 0, high = piles.count
            while low < high {
                let middle = (low + high) / 2
                if piles[middle] < seen.index { low = middle + 1 } else { high = middle }
            }
            if low == piles.count { piles.append(seen.index) } else { piles[low] = seen.index }
        }
        return piles.count
    }

    /// The operations each hunk shows: every change with up to `contextLines` kept lines
    /// around it, changes with at most twice that between them in one hunk.
    static func hunks(_ operations: [Operation]) -> [Range<Int>] {
        var groups: [ClosedRange<Int>] = []
        for (index, operation) in operations.enumerated() where operation.kind != .equal {
            if let last = groups.last, index - last.upperBound - 1 <= 2 * contextLines {
                groups[groups.count - 1] = last.lowerBound...index
            } else {
                groups.append(index...index)
            }
        }
        return groups.map { max(0, $0.lowerBound - contextLines)..<min(operations.count, $0.upperBound + 1 + contextLines) }
    }
}
