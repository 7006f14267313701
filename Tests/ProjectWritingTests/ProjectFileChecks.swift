import Foundation
import ProjectWriting
import TestSupport
import Testing

/// What every edited project file must still be: readable by Foundation and by PyPI's
/// `openstep_plist` (an independent parser, a test oracle only), both seeing the same objects
/// and settings; and changed only in the lines the edit must touch.
enum ProjectFileChecks {
    static let python = Repository.root.appendingPathComponent(".build/oracle-venv/bin/python3").path
    static var oracleAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: python)
    }
    static let oracleSkipMessage = "skipped: PyPI's openstep_plist is not installed in .build/oracle-venv (make test installs it)"

    /// Per file: its object ids and each build configuration's value of `key` (a list joined with spaces).
    struct Reading: Equatable {
        var ids: Set<String>
        var values: [String: String]
    }

    static func foundationReading(_ data: Data, key: String) throws -> Reading {
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        let objects = try #require(plist["objects"] as? [String: Any])
        var values: [String: String] = [:]
        for (id, object) in objects {
            guard let object = object as? [String: Any], object["isa"] as? String == "XCBuildConfiguration",
                  let settings = object["buildSettings"] as? [String: Any] else { continue }
            if let value = settings[key] as? String { values[id] = value }
            if let value = settings[key] as? [String] { values[id] = value.joined(separator: " ") }
        }
        return Reading(ids: Set(objects.keys), values: values)
    }

    /// The oracle's readings of `files`, one process for all; nil when the oracle is not installed.
    static func oracleReadings(_ files: [Data], key: String) throws -> [Reading]? {
        guard oracleAvailable else { return nil }
        let folder = TemporaryFolder()
        let paths = files.enumerated().map { folder.write("\($0.offset).pbxproj", $0.element) }
        let script = """
        import json, sys, openstep_plist
        key = sys.argv[1]
        out = []
        for path in sys.argv[2:]:
            with open(path, encoding='utf-8') as f:
                plist = openstep_plist.load(f)
            objects = plist['objects']
            values = {}
            for id, o in objects.items():
                if o.get('isa') == 'XCBuildConfiguration':
                    v = o.get('buildSettings', {}).get(key)
                    if v is not None:
                        values[id] = v if isinstance(v, str) else ' '.join(v)
            out.append({'ids': sorted(objects.keys()), 'values': values})
        json.dump(out, sys.stdout)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, key] + paths
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openstep_plist could not read an edited project file")
        let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return decoded.map { Reading(ids: Set($0["ids"] as? [String] ?? []), values: $0["values"] as? [String: String] ?? [:]) }
    }

    /// Both parsers read every edited file, and read it alike.
    static func parsersAgree(on files: [Data], key: String) throws {
        let foundation = try files.map { try foundationReading($0, key: key) }
        if let oracle = try oracleReadings(files, key: key) {
            #expect(oracle == foundation, "openstep_plist and Foundation read the edited project file differently")
        }
    }

    /// The lines only `before` has and only `after` has, as multisets. The lines both begin
    /// and end with are set aside first: a project file is megabytes, an edit a few lines.
    static func lineDifference(_ before: Data, _ after: Data) -> (removed: [String], added: [String]) {
        let old = [UInt8](before), new = [UInt8](after)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        // Whole lines: back to the line start before the first difference, on to the line end after the last.
        func atLineStart(_ bytes: [UInt8], _ index: Int) -> Bool { index == 0 || bytes[index - 1] == 0x0A }
        while prefix > 0, !atLineStart(old, prefix) { prefix -= 1 }
        while suffix > 0, !(atLineStart(old, old.count - suffix) && atLineStart(new, new.count - suffix)) { suffix -= 1 }
        func counts(_ bytes: ArraySlice<UInt8>) -> [String: Int] {
            var counts: [String: Int] = [:]
            guard !bytes.isEmpty else { return counts }
            let lines = bytes.last == 0x0A ? bytes.dropLast() : bytes
            for line in String(decoding: lines, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
                counts[String(line), default: 0] += 1
            }
            return counts
        }
        let oldCounts = counts(old[prefix..<(old.count - suffix)]), newCounts = counts(new[prefix..<(new.count - suffix)])
        return difference(oldCounts, newCounts)
    }

    private static func difference(_ old: [String: Int], _ new: [String: Int]) -> (removed: [String], added: [String]) {
        var removed: [String] = [], added: [String] = []
        for (line, count) in old where count > new[line, default: 0] {
            removed += Array(repeating: line, count: count - new[line, default: 0])
        }
        for (line, count) in new where count > old[line, default: 0] {
            added += Array(repeating: line, count: count - old[line, default: 0])
        }
        return (removed.sorted(), added.sorted())
    }

    /// The staged replacement of `path`.
    static func staged(_ path: String, in changes: ChangeSet) -> FileChange? {
        changes.changes.first { $0.path == path }
    }
}
