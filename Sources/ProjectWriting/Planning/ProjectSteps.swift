import IconCatalog

/// The project-file steps of an edit, over the project editors: files added to the target's
/// resources, and the alternate-icon list setting.
enum ProjectResources {
    /// Adds `paths` to the target's resources unless they ship already (a synchronized
    /// folder, a folder reference, or an app read without a project).
    static func addIfNeeded(_ paths: [String], layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard layout.phone.target != nil, !paths.isEmpty else { return }
    }

    /// Takes `paths` out of the target's resources, where the project lists them.
    static func removeIfListed(_ paths: [String], layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard layout.phone.target != nil, !paths.isEmpty else { return }
    }
}

enum ProjectSettings {
    /// Makes the catalog icon `name` ship: nothing where every app icon ships already; else
    /// its name added to `ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES` where that is set.
    static func ship(_ name: String, layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard let compiler = layout.phone.compiler, layout.phone.target != nil, !compiler.includesAllAppIcons else { return }
    }

    /// Takes `name` out of the list, where it is listed.
    static func unship(_ name: String, layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard let compiler = layout.phone.compiler, layout.phone.target != nil, compiler.alternateIconNames.contains(name) else { return }
    }
}
