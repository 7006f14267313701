import IconCatalog

/// The project-file steps of an edit, over the project editors: files added to or taken
/// from the target's resources, and the alternate-icon list setting. Nothing happens for an
/// app read without a project (an Info.plist or an asset catalog alone).
enum ProjectSteps {
    /// Adds `paths` to the target's resources beside `siblings`, unless they ship already (a
    /// synchronized folder, a folder reference).
    static func addResources(_ paths: [String], beside siblings: [String] = [], layout: AppLayout,
                             into plan: inout EditPlan) throws(EditError) {
        guard let target = layout.phone.target, !paths.isEmpty else { return }
        do {
            let edits = try ProjectResources.add(paths, beside: siblings, target: target.targetName,
                                                 project: target.projectPath, boundary: target.boundary, changes: &plan.changes)
            let added = edits.filter(\.edited).map(\.path)
            if !added.isEmpty {
                plan.summary.append("added \(added.map(layout.shown).joined(separator: ", ")) to target “\(target.targetName)”'s resources"
                                    + " in \(layout.shown(target.projectPath))")
            }
            for edit in edits where !edit.edited && !edit.membership.ships {
                plan.summary.append("note: \(layout.shown(edit.path)) is not added to the target: \(edit.membership.explanation)")
            }
        } catch {
            throw EditError(.project(error))
        }
    }

    /// Takes `paths` out of the target's resources, where the project lists them.
    static func removeResources(_ paths: [String], layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard let target = layout.phone.target, !paths.isEmpty else { return }
        do {
            let edits = try ProjectResources.remove(paths, target: target.targetName, project: target.projectPath,
                                                    boundary: target.boundary, changes: &plan.changes)
            if edits.contains(where: \.edited) {
                plan.summary.append("removed \(edits.filter(\.edited).count) file references from \(layout.shown(target.projectPath))")
            }
        } catch {
            throw EditError(.project(error))
        }
    }

    /// Makes the catalog icon `name` ship: nothing where every app icon ships already; else
    /// its name added to `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` where that is set.
    /// Where every app icon ships in the configuration read, the configurations that ship
    /// none (include-all off, no list) are named in a note: the new icon is not in those
    /// builds either, which is right, and the developer should not have to find out.
    static func ship(_ name: String, layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard let target = layout.phone.target else { return }
        if layout.phone.compiler?.includesAllAppIcons ?? false {
            let state: AlternateIconNamesState
            do {
                state = try AlternateIconNames.state(target: target.targetName, project: target.projectPath, changes: &plan.changes)
            } catch {
                throw EditError(.project(error))
            }
            let shippingNone = state.configurations.filter { !$0.includesAllAppIcons && $0.names.isEmpty }.map(\.name)
            if !shippingNone.isEmpty {
                plan.summary.append("note: “\(name)” is not shipped in the configurations \(shippingNone.joined(separator: ", ")), "
                                    + "as the app's other alternates are not")
            }
            return
        }
        do {
            let edit = try AlternateIconNames.add(name, target: target.targetName, project: target.projectPath, changes: &plan.changes)
            for site in edit.sites {
                plan.summary.append("added “\(name)” to \(AlternateIconNames.setting) in \(layout.shownSite(site))")
            }
        } catch {
            throw EditError(.project(error))
        }
    }

    /// Takes `name` out of the list, wherever a configuration of the target lists it.
    static func unship(_ name: String, layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard let target = layout.phone.target else { return }
        do {
            let edit = try AlternateIconNames.remove(name, target: target.targetName, project: target.projectPath, changes: &plan.changes)
            for site in edit.sites {
                plan.summary.append("removed “\(name)” from \(AlternateIconNames.setting) in \(layout.shownSite(site))")
            }
        } catch {
            throw EditError(.project(error))
        }
    }
}

extension ResourceMembership {
    /// Why a file is left out of the project file, for a note.
    var explanation: String {
        switch self {
        case .absent, .inResources, .inSynchronizedFolder: return "it ships already"
        case let .excludedFromSynchronizedFolder(folder, exception):
            return "the target's synchronized folder \(folder) excludes \(exception); remove the exception in Xcode"
        case .inOtherSynchronizedFolder(let folder): return "it is in the synchronized folder \(folder), which the target does not use"
        case .underFolderReference(let folder, _): return "it is under the folder reference \(folder), which the target does not copy"
        }
    }
}
