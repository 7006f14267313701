import Foundation
import FileAccess
import IconCatalog

/// Plans `remove NAME`, the inverse of `add`: the icon's Info.plist entries, its name in
/// the list setting, its files' references in the project and (unless kept) the files.
package enum IconRemoval {
    /// The most files a removed set or bundle may hold: a real one has a few dozen.
    static let maximumFiles = 2_000

    package static func plan(name: String, keepFiles: Bool, layout: AppLayout) throws(EditError) -> EditPlan {
        if layout.phone.appKind == .expo { return try ExpoConfigEdit.planRemove(name: name, keepFiles: keepFiles, layout: layout) }
        guard !name.isEmpty else { throw EditError(.name(.empty, name: name)) }
        let found = layout.catalogs.compactMap { $0.alternate(named: name) }
        guard let icon = found.first else {
            if layout.catalogs.contains(where: { $0.primary.assetName == name }) { throw EditError(.primaryNotRemovable) }
            throw EditError(.noSuchIcon(name: name, app: layout.phone.path))
        }
        var plan = EditPlan()
        // Its Info.plist entries, in every idiom's key that has one (a catalog icon the build
        // also ships may be declared there too, in the hybrid way).
        if let plistPath = layout.phone.plistPath, FileManager.default.fileExists(atPath: plistPath) {
            var changes: [InfoPlistChange] = []
            for idiom in Idiom.allCases {
                var trial = plan.changes
                do {
                    try InfoPlistEditor.apply([.removeAlternate(name: name, idiom)], toFileAt: plistPath, in: &trial)
                    changes.append(.removeAlternate(name: name, idiom))
                } catch {
                    switch error.kind {
                    case .noSuchAlternate, .noSuchKey: continue
                    default: throw EditError(.plist(error))
                    }
                }
            }
            try IconAddition.editPlist(plistPath, changes, layout: layout, into: &plan)
        }
        switch icon.picturesFrom {
        case .appiconset, .icon:
            try ProjectSteps.unship(name, layout: layout, into: &plan)
            guard let folder = icon.assetPath else { break }
            if icon.picturesFrom == .icon { try ProjectSteps.removeResources([folder], layout: layout, into: &plan) }
            if !keepFiles { try deleteFolder(folder, into: &plan, layout: layout) }
        case .plist:
            let files = Set(found.flatMap(\.images).compactMap { image -> String? in
                if case .file(let path) = image.storage { return path }
                return nil
            })
            // A file another icon also uses stays.
            let used = Set(layout.catalogs.flatMap(\.icons).filter { $0.name != name }.flatMap(\.images).compactMap { image -> String? in
                if case .file(let path) = image.storage { return path }
                return nil
            })
            let removed = files.subtracting(used).sorted()
            try ProjectSteps.removeResources(removed, layout: layout, into: &plan)
            if !keepFiles {
                for path in removed {
                    do { try plan.changes.delete(path) } catch { throw EditError(.file(error)) }
                }
                if !removed.isEmpty { plan.summary.append("deleted \(removed.map(layout.shown).joined(separator: ", "))") }
            }
        case .car, .expo:
            throw EditError(.noSuchIcon(name: name, app: layout.phone.path))
        }
        plan.expectations.append(.iconAbsent(name: name))
        // Without its last alternate the app is as it was before any was added, and lint says so.
        if layout.alternates.allSatisfy({ $0.name == name }) { plan.expectations.append(.aimedFinding(.noAlternates)) }
        return plan
    }

    /// Stages the deletion of every file in a set's or bundle's folder (the writer removes
    /// the folders it empties).
    private static func deleteFolder(_ folder: String, into plan: inout EditPlan, layout: AppLayout) throws(EditError) {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return }
        var count = 0
        while let relative = walker.nextObject() as? String {
            let path = (folder as NSString).appendingPathComponent(relative)
            guard FileKind.notFollowing(path) != .directory else { continue }
            count += 1
            guard count <= maximumFiles else {
                throw EditError(.file(ChangeSetError(path: folder, kind: .unreadable("more than \(maximumFiles) files; not removed"))))
            }
            do { try plan.changes.delete(path) } catch { throw EditError(.file(error)) }
        }
        plan.summary.append("deleted \(layout.shown(folder))")
    }
}
