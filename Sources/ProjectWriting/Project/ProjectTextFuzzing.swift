/// What the `project-text` fuzz target checks on made-up text: the readers of project files,
/// xcconfig lines and list values never crash, and every edit they make undoes exactly.
package enum ProjectTextFuzzing {
    static let name = "Fuzz Name"

    package static func exercise(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        listValue(text)
        xcconfig(text)
        projectFile(text)
    }

    /// A name added to a list is read back last, and removing it gives the value back.
    /// Values longer than this are not lists anyone writes; splitting a whole project file
    /// as one would only slow the target down.
    static let maximumListBytes = 4096

    private static func listValue(_ text: String) {
        guard text.utf8.count <= maximumListBytes else { return }
        let list = SettingListText(text)
        guard list.isWellFormed, !list.words.isEmpty, !list.names.contains(name) else { return }
        let added = SettingListText(list.adding(name))
        precondition(added.names == list.names + [name], "a name added to a list is its last")
        precondition(added.removing(name) == text, "removing an added name gives the value back")
    }

    private static func xcconfig(_ text: String) {
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let key = AlternateIconNames.setting
        guard let assignment = try? XCConfigLines.last(key, in: lines, file: "fuzz") else { return }
        let value = String(lines[assignment.line][assignment.value])
        let list = SettingListText(value)
        guard list.isWellFormed, !list.words.isEmpty, !list.names.contains(name),
              let added = try? XCConfigLines.changing(key, in: lines, .add(name), file: "fuzz") else { return }
        let removed = try? XCConfigLines.changing(key, in: added, .remove(name, deletable: false), file: "fuzz")
        precondition(removed == lines, "an xcconfig line given a name and then without it is as it was")
    }

    /// A one-line object inserted and removed again leaves the file as it was, unless its
    /// section was there empty (removing the last object removes a section, as Xcode does).
    private static func projectFile(_ text: String) {
        guard let original = try? PBXProjText(path: "fuzz", text: text) else { return }
        for id in original.lines.prefix(64).compactMap(PBXProjText.objectID) {
            _ = try? original.objectLines(id, what: "object")
        }
        var ids = ObjectIDs(used: original.usedIDs, seed: text)
        for isa in ["PBXBuildFile", "PBXFileReference", "PBXAAA", "ZZZ"] {
            let emptySection = original.lines.indices.contains { index in
                original.lines[index] == "/* Begin \(isa) section */" && index + 1 < original.lines.count
                    && original.lines[index + 1] == "/* End \(isa) section */"
            }
            var edited = original
            let id = ids.next()
            guard (try? edited.insertObject("\t\t\(id) /* x */ = {isa = \(isa); };", id: id, isa: isa)) != nil else { continue }
            guard (try? edited.removeObject(id, what: "object")) != nil else {
                preconditionFailure("an object just inserted is found again")
            }
            precondition(emptySection || edited.lines == original.lines, "inserting and removing an object gives the file back")
        }
    }
}
