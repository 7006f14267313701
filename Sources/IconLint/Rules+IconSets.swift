import IconCatalog

/// The ids of this file's rules that no catalog warning carries (see `ProblemCode`).
extension ProblemCode {
    /// The primary icon's set has no 1024×1024 App Store image (ITMS-90704).
    public static let missingMarketingIcon = ProblemCode(rawValue: "missing-marketing-icon")
    /// The primary icon's 1024 px App Store image is transparent in places (ITMS-90717).
    public static let marketingIconAlpha = ProblemCode(rawValue: "marketing-icon-alpha")
    /// A multi-size alternate lacks iPhone 120 px (ITMS-90890) or iPad 152 and 167 px (ITMS-90892).
    public static let missingAlternateSize = ProblemCode(rawValue: "missing-alternate-size")
    /// Some icons have dark or tinted images and others do not.
    public static let inconsistentAppearances = ProblemCode(rawValue: "inconsistent-appearances")
}

/// Rules about the app icon sets and Icon Composer bundles a project ships: the App Store
/// image, the sizes alternates need, appearances, and the files sets and bundles name.
extension LintRules {
    static let missingMarketingIcon = projectRule(
        id: .missingMarketingIcon, severity: .error,
        summary: "The primary icon's set has no 1024×1024 App Store image (ITMS-90704).",
        explanation: """
            App Store Connect needs the app icon at 1024×1024 pixels, in PNG format, in the asset catalog: the \
            single-size set's one universal image, or the "ios-marketing" (App Store, iOS 1024pt) entry of a \
            multi-size set. Without it the upload is refused with ITMS-90704 (Missing App Icon). Fix: add a \
            1024×1024 PNG to the set (in Xcode, the App Store slot of the app icon), or switch the set to a single \
            size in the attributes inspector and give it one 1024×1024 image.
            """
    ) { project, hits in
        guard let primary = project.primary, primary.bundle == nil, let set = primary.set, set.marketingImage == nil else { return }
        hits.add(primary.subject, idiom: nil, file: set.path,
                 "\(primary.label) has no 1024×1024 App Store image (an ios-marketing entry, or a single-size image); "
                 + "App Store Connect refuses the upload with ITMS-90704")
    }

    static let marketingIconAlpha = projectRule(
        id: .marketingIconAlpha, severity: .error,
        summary: "The primary icon's 1024 px App Store image is transparent in places (ITMS-90717).",
        explanation: """
            The App Store image of the app icon must be opaque: App Store Connect refuses an upload whose App Store \
            icon is transparent or has an alpha channel, with ITMS-90717 (Invalid App Store Icon). The check \
            decodes the primary's 1024×1024 light image and counts the pixels that are not fully opaque. (Dark \
            images may be transparent: iOS puts them on its own dark background.) Fix: flatten the image onto its \
            background colour and export it without an alpha channel.
            """,
        fix: LintFix("with --background COLOR, flattens the image onto that colour", needsBackground: true)
    ) { project, hits in
        guard let primary = project.primary, let (path, facts) = project.marketingImage,
              case .picture(let width, let height, let translucent) = facts, translucent > 0 else { return }
        hits.add(primary.subject, idiom: nil, file: path,
                 "the App Store image of \(primary.label) has \(translucent) transparent or translucent pixels "
                 + "(of \(width)×\(height)); App Store Connect refuses the upload with ITMS-90717")
    }

    static let missingAlternateSize = projectRule(
        id: .missingAlternateSize, severity: .warning,
        summary: "A multi-size alternate lacks iPhone 120 px (ITMS-90890) or iPad 152 and 167 px (ITMS-90892).",
        explanation: """
            A single-size set (one 1024 px image) gives the asset compiler every size it needs. A multi-size set \
            gives only the sizes it has, and App Store Connect warns about an alternate icon without the home \
            screen sizes: 120×120 pixels for iPhone (60 pt at 2×; ITMS-90890) and, for an app that runs on iPad, \
            152×152 (76 pt at 2×) and 167×167 (83.5 pt at 2×, iPad Pro; ITMS-90892). Devices then scale another \
            image, or show none. Fix: add the missing images to the set, or make it a single-size set.
            """,
        fix: LintFix("makes the missing images from the set's largest image, where it is larger (never upscaled), and adds them to the set")
    ) { project, hits in
        for icon in project.icons where icon.name != nil && icon.bundle == nil {
            guard let set = icon.set, set.isMultiSize else { continue }
            var phone = Set<Int>(), pad = Set<Int>()
            for image in icon.lightImages {
                let pixels = image.pixelWidth ?? image.expectedPixelWidth
                if image.idiom == .iphone { phone.insert(pixels) } else if image.idiom == .ipad { pad.insert(pixels) }
            }
            if !phone.contains(120) {
                hits.add(icon.subject, idiom: .phone, file: set.path,
                         "\(icon.label) has no 120×120 iPhone image; App Store Connect warns with ITMS-90890")
            }
            let missing = LintRules.standardSizes(for: .pad).filter { !pad.contains($0) }
            if project.compiler.supportsPad && !missing.isEmpty {
                let sizes = LintText.list(missing.map { "\($0)×\($0)" }, quoted: false)
                hits.add(icon.subject, idiom: .pad, file: set.path,
                         "\(icon.label) has no \(sizes) iPad image; App Store Connect warns with ITMS-90892")
            }
        }
    }

    static let inconsistentAppearances = projectRule(
        id: .inconsistentAppearances, severity: .note,
        summary: "Some icons have dark or tinted images and others do not.",
        explanation: """
            Since iOS 18 an app icon set may hold dark and tinted images beside the light one. An icon without them \
            is shown in dark mode as its light image, and tinted as a grey rendering of it, so when some icons of an \
            app have dark art and others do not, the others stand out: usually they were added or redrawn before \
            the rest, or the other appearances were forgotten. Fix: add the dark and tinted images to the sets \
            named (in Xcode, the app icon's Appearances: Any, Dark, Tinted).
            """
    ) { project, hits in
        let sets = project.icons.compactMap { icon in icon.bundle == nil ? icon.set.map { (icon, $0) } : nil }
            .filter { !$0.1.images.isEmpty }
        for appearance in [IconAppearance.dark, .tinted] {
            let lacking = sets.filter { _, set in !set.images.contains { $0.appearance == appearance } }.map(\.0)
            let having = sets.count - lacking.count
            guard having > 0, !lacking.isEmpty else { continue }
            let shown = 5
            let names = lacking.prefix(shown).map { LintText.quote($0.name ?? $0.assetName) }
            let listed = lacking.count > shown ? names.joined(separator: ", ") + " and \(lacking.count - shown) more"
                                               : LintText.list(names, quoted: false)
            let instead = appearance == .dark ? "their light images" : "grey renderings of their light images"
            hits.add(.app, idiom: nil, file: project.compiler.settingsSource,
                     "\(having) of the app's \(sets.count) icon sets have \(appearance.rawValue) images and \(lacking.count) do not "
                     + "(\(listed)); iOS shows \(instead) instead", about: lacking.map(\.name))
        }
    }

    static let setFileMissing = warningRule(
        id: .setFileMissing, severity: .warning,
        summary: "An app icon set's Contents.json names a file that is not in the set's folder.",
        explanation: """
            Each entry of an .appiconset's Contents.json names its image file in the same folder. A file that is not \
            there (renamed, deleted, or never committed) leaves that slot empty: the asset compiler skips it, and the \
            icon lacks that size or appearance. Fix: add the file to the set's folder, or drag the image onto its \
            slot in Xcode's asset catalog editor so that Contents.json names the right file.
            """)

    static let setFileUnreferenced = warningRule(
        id: .setFileUnreferenced, severity: .warning,
        summary: "A file in an app icon set's folder is named by no entry of its Contents.json.",
        explanation: """
            The asset compiler uses only the files Contents.json names; Xcode warns "The app icon set … has an \
            unassigned child" for others. A stray file is usually an image meant for a slot that was renamed or \
            dropped outside Xcode. Fix: assign it to its slot in the asset catalog editor, or delete it.
            """)

    static let iconLayerMissing = warningRule(
        id: .iconLayerMissing, severity: .warning,
        summary: "An Icon Composer bundle's icon.json names a layer image that is not in its Assets folder.",
        explanation: """
            Each layer of an .icon bundle draws the file its image-name names in the bundle's Assets folder. When \
            the file is not there the layer is not drawn, and the icon ships without it. Fix: add the image to \
            Assets (in Icon Composer, drop it onto the layer again), or correct image-name.
            """)

    static let iconLayerUndrawable = warningRule(
        id: .iconLayerUndrawable, severity: .warning,
        summary: "An Icon Composer layer's image cannot be drawn (not a PNG or SVG, or damaged).",
        explanation: """
            Icon Composer layers are PNG or SVG images. A file in another format, a damaged PNG, or an SVG that \
            cannot be parsed (or is refused for its size or external references) leaves its layer out of the \
            icon. Fix: export the layer again from the design tool as PNG or plain SVG, and check it opens.
            """)
}
