import Foundation
import IconCatalog

/// What `add NAME IMAGE` was asked for.
package struct AddRequest: Sendable {
    /// `--sizes`: a single 1024 px image, or every size of the legacy form.
    package enum Sizes: String, Sendable, CaseIterable {
        case single, all

        var form: IconSetForm { self == .single ? .singleSize : .allSizes }
    }

    package var name: String
    /// A square PNG of at least 1024 px, or an Icon Composer `.icon` bundle.
    package var image: String
    package var dark: String?
    package var tinted: String?
    package var ordinal: Int?
    package var sizes: Sizes?
    package var style: AppLayout.Style?
    package var background: IconBackground?

    package init(name: String, image: String, dark: String? = nil, tinted: String? = nil, ordinal: Int? = nil,
                 sizes: Sizes? = nil, style: AppLayout.Style? = nil, background: IconBackground? = nil) {
        self.name = name
        self.image = image
        self.dark = dark
        self.tinted = tinted
        self.ordinal = ordinal
        self.sizes = sizes
        self.style = style
        self.background = background
    }

    /// The image is an Icon Composer bundle.
    var isIconBundle: Bool { (image as NSString).pathExtension.lowercased() == "icon" }
}

/// Plans `add`: the files that make a new alternate the way the app declares its others
/// (see `AppLayout`), and what must hold once written. Writes nothing.
package enum IconAddition {
    package static func plan(_ request: AddRequest, layout: AppLayout) throws(EditError) -> EditPlan {
        if layout.phone.appKind == .expo { return try ExpoConfigEdit.planAdd(request, layout: layout) }
        let style = request.style ?? layout.existingStyle ?? .assetCatalog
        let name = request.name
        // A set's name takes the namespace of the folder it goes in (a bundle, beside the catalogs,
        // has none); the check for a clash is on the full name.
        let fullName = style == .assetCatalog && !request.isIconBundle ? layout.namespace + name : name
        if let problem = IconNameCheck.problem(with: name, taken: layout.takenNames) {
            throw EditError(.name(problem, name: name))
        }
        if IconNameCheck.problem(with: fullName, taken: layout.takenNames) == .taken {
            throw EditError(.name(.taken, name: fullName))
        }
        var plan = EditPlan()
        switch style {
        case .assetCatalog: try planCatalogIcon(request, name: fullName, layout: layout, into: &plan)
        case .plist: try planPlistIcon(request, layout: layout, into: &plan)
        }
        return plan
    }

    // MARK: An asset catalog's set or bundle

    private static func planCatalogIcon(_ request: AddRequest, name: String, layout: AppLayout,
                                        into plan: inout EditPlan) throws(EditError) {
        let app = layout.phone.path
        let base = (name as NSString).lastPathComponent
        let source: AppIconSource
        if request.isIconBundle {
            guard request.dark == nil, request.tinted == nil else {
                throw EditError(.appearancesNotWritable(style: "an Icon Composer bundle"))
            }
            guard let folder = layout.bundleFolder else { throw EditError(.noAssetCatalog(app: app, unread: layout.unreadCatalog)) }
            let bundle: IconBundleSource
            do { bundle = try IconBundleSource.load(request.image) } catch { throw EditError(.image(error)) }
            let destination = (folder as NSString).appendingPathComponent(base + ".icon")
            do { _ = try bundle.copy(to: destination, changes: &plan.changes) } catch { throw EditError(.image(error)) }
            try ProjectSteps.addResources([destination], layout: layout, into: &plan)
            plan.summary.append("created \(layout.shown(destination))")
            source = .icon
        } else {
            guard let folder = layout.setFolder else { throw EditError(.noAssetCatalog(app: app, unread: layout.unreadCatalog)) }
            let images = try loadImages(request, changes: &plan.changes)
            let sibling = layout.alternateSets.last.map { AppIconSet.read(at: $0) }
            let siblingForm = sibling.map { set in
                IconSetForm(of: set.images.map { IconSetEntry(idiom: $0.idiom, points: $0.pointWidth, scale: $0.scale, appearance: $0.appearance) })
            }
            let form = request.sizes?.form ?? siblingForm ?? .singleSize
            let destination = (folder as NSString).appendingPathComponent(base + ".appiconset")
            do {
                _ = try IconSetWriter.write(setAt: destination, form: form, images: images, like: sibling, changes: &plan.changes)
            } catch {
                throw EditError(.image(error))
            }
            plan.summary.append("created \(layout.shown(destination)) (\(form == .singleSize ? "one 1024 px image" : "every size")"
                                + "\(images.appearances.count > 1 ? ", " + images.appearances.map(\.rawValue).joined(separator: ", ") : ""))")
            source = .appiconset
        }
        try ProjectSteps.ship(name, layout: layout, into: &plan)
        // The hybrid: Info.plist entries that name the catalog's sets get one for the new set too.
        if let template = layout.catalogPlistTemplate, let plistPath = layout.phone.plistPath {
            let entry = try hybridEntry(name: name, like: template, ordinal: request.ordinal, layout: layout)
            try editPlist(plistPath, hybridIdioms(like: template, layout: layout).map { .addAlternate(entry, $0) },
                          layout: layout, into: &plan)
        } else if request.ordinal != nil {
            throw EditError(.ordinalWithoutPlist)
        }
        plan.expectations.append(.iconPresent(name: name, source: source, idioms: layout.shippedIdioms))
    }

    /// A new set's entry in the hybrid way, with the keys its neighbour's entry has: the set's
    /// name in `CFBundleIconFiles` and `CFBundleIconName` where the neighbour names its own set
    /// there, and the neighbour's `UIPrerenderedIcon` and ordinal. An entry with neither key
    /// would name no image.
    static func hybridEntry(name: String, like template: AppLayout.PlistTemplate, ordinal: Int?,
                            layout: AppLayout) throws(EditError) -> AlternateIconEntry {
        let neighbour = template.icon.name ?? ""
        let declared: DeclaredIcon?
        do {
            declared = try template.declaredEntry()
        } catch {
            throw EditError(.neighbourEntryUnreadable(plist: template.icon.declaration.path, name: neighbour, error))
        }
        guard let declared, !declared.iconFiles.isEmpty || declared.iconName != nil else {
            throw EditError(.neighbourEntryUnreadable(plist: template.icon.declaration.path, name: neighbour, nil))
        }
        return AlternateIconEntry(name: name, iconFiles: declared.iconFiles.isEmpty ? nil : [name],
                                  iconName: declared.iconName == nil ? nil : name, prerendered: declared.prerendered,
                                  ordinal: ordinal ?? (declared.ordinal == nil ? nil : layout.nextOrdinal))
    }

    /// The icons keys a hybrid entry goes in: those that declare its neighbour, and
    /// `CFBundleIcons~ipad` wherever the app runs on iPad or has that key, since an iPad reads
    /// that key alone when it is there.
    static func hybridIdioms(like template: AppLayout.PlistTemplate, layout: AppLayout) -> [Idiom] {
        let declared = template.declaredIdioms(in: layout)
        return layout.writesPadEntry && !declared.contains(.pad) ? declared + [.pad] : declared
    }

    // MARK: Info.plist entries and loose files

    private static func planPlistIcon(_ request: AddRequest, layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard !request.isIconBundle else { throw EditError(.iconBundleAsPlist) }
        guard request.dark == nil, request.tinted == nil else {
            throw EditError(.appearancesNotWritable(style: "an Info.plist icon of loose files"))
        }
        guard let plistPath = layout.phone.plistPath, FileManager.default.fileExists(atPath: plistPath) else {
            throw EditError(.noInfoPlist(app: layout.phone.path))
        }
        let light: IconSourceImage
        do {
            light = try IconSourceImage.load(request.image, appearance: .light, background: request.background, changes: plan.changes)
        } catch {
            throw EditError(.image(error))
        }
        let template = layout.looseTemplate
        let folder = template?.files.first.map { ($0.path as NSString).deletingLastPathComponent }
            ?? layout.primaryFilesFolder ?? (plistPath as NSString).deletingLastPathComponent
        let includesPad = layout.writesPadEntry
        let files = LooseIconFiles.plan(name: request.name, like: template, folder: folder, includesPad: includesPad)
        let created: [String]
        do { created = try LooseIconFiles.write(files, from: light, changes: &plan.changes) } catch { throw EditError(.image(error)) }
        let shape = layout.plistTemplate?.icon
        let ordinal = request.ordinal ?? (shape?.ordinal == nil ? nil : layout.nextOrdinal)
        var changes: [InfoPlistChange] = [.addAlternate(AlternateIconEntry(
            name: request.name, iconFiles: files.phoneEntries, prerendered: shape?.prerendered, ordinal: ordinal), .phone)]
        if includesPad && !files.padEntries.isEmpty {
            changes.append(.addAlternate(AlternateIconEntry(
                name: request.name, iconFiles: files.padEntries, prerendered: shape?.prerendered, ordinal: ordinal), .pad))
        }
        try editPlist(plistPath, changes, layout: layout, into: &plan)
        try ProjectSteps.addResources(created, layout: layout, into: &plan)
        plan.summary.insert("created \(created.map(layout.shown).joined(separator: ", "))", at: 0)
        plan.expectations.append(.iconPresent(name: request.name, source: .plist, idioms: includesPad ? [.phone, .pad] : [.phone]))
    }

    // MARK: Shared steps

    static func editPlist(_ path: String, _ changes: [InfoPlistChange], layout: AppLayout, into plan: inout EditPlan) throws(EditError) {
        guard !changes.isEmpty else { return }
        do {
            try InfoPlistEditor.apply(changes, toFileAt: path, in: &plan.changes)
        } catch {
            throw EditError(.plist(error))
        }
        plan.summary.append("changed \(layout.shown(path)): " + changes.map(\.summary).joined(separator: "; "))
    }

    private static func loadImages(_ request: AddRequest, changes: inout ChangeSet) throws(EditError) -> IconSetImages {
        do {
            let light = try IconSourceImage.load(request.image, appearance: .light, background: request.background, changes: changes)
            let dark = try request.dark.map { path throws(IconImageError) in
                try IconSourceImage.load(path, appearance: .dark, changes: changes)
            }
            let tinted = try request.tinted.map { path throws(IconImageError) in
                try IconSourceImage.load(path, appearance: .tinted, changes: changes)
            }
            return IconSetImages(light: light, dark: dark, tinted: tinted)
        } catch {
            throw EditError(.image(error))
        }
    }
}

extension InfoPlistChange {
    /// What the change does, for the summary a command prints.
    var summary: String {
        switch self {
        case let .addAlternate(entry, idiom): return "added “\(entry.name)” to \(idiom.iconsKey)"
        case let .removeAlternate(name, idiom): return "removed “\(name)” from \(idiom.iconsKey)"
        case let .copyAlternateToPad(name): return "copied “\(name)” into \(Idiom.pad.iconsKey)"
        case let .removeNewsstandIcon(idiom): return "removed UINewsstandIcon from \(idiom.iconsKey)"
        case let .setPrimaryIconName(name, _): return "set CFBundleIconName to “\(name)”"
        }
    }
}
