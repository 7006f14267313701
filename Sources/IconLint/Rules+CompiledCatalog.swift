import IconCatalog
import TerminalText

/// The ids of this file's rules that no catalog warning carries (see `ProblemCode`).
extension ProblemCode {
    /// An alternate named by CFBundleIconName has no icon in the built app's Assets.car (ITMS-90895).
    public static let carIconMissing = ProblemCode(rawValue: "car-icon-missing")
    /// An alternate in Assets.car lacks the iPhone 120 px (ITMS-90890) or iPad 152 and 167 px (ITMS-90892) image.
    public static let carAlternateSize = ProblemCode(rawValue: "car-alternate-size")
    /// The primary icon's App Store image in Assets.car is transparent in places (ITMS-90717).
    public static let carMarketingAlpha = ProblemCode(rawValue: "car-marketing-alpha")
    /// The built app's primary icon is in Assets.car, but CFBundlePrimaryIcon has no CFBundleIconName (ITMS-90713).
    public static let carPrimaryIconUnnamed = ProblemCode(rawValue: "car-primary-icon-unnamed")
    /// In Assets.car, some icons have dark or tinted images and others do not.
    public static let carInconsistentAppearances = ProblemCode(rawValue: "car-inconsistent-appearances")
}

/// Rules on what a built app ships in its compiled asset catalog (`Assets.car`): what App Store
/// Connect checks of an upload, read from the car itself. They find nothing where the app has no car.
extension LintRules {
    static let carIconMissing = LintRule(
        id: .carIconMissing, severity: .error,
        summary: "An alternate named by CFBundleIconName has no icon in the built app's Assets.car (ITMS-90895).",
        explanation: """
            In a built app, an alternate declared with CFBundleIconName is drawn from the compiled asset catalog \
            (Assets.car) by that name. When the car holds no app icon of the name, iOS has nothing to show for it, \
            and App Store Connect refuses the upload with ITMS-90895 (Invalid Info.plist: alternate icon not found \
            in the asset catalog). Fix: add the app-icon set to the target's asset catalog and list it in \
            ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES (or turn on "Include All App Icon Assets"), or correct \
            the name in the Info.plist.
            """
    ) { context, hits in
        guard let car = context.car else { return }
        for set in context.iconSets {
            for icon in set.alternates {
                guard let name = icon.dictionary?["CFBundleIconName"] as? String,
                      !car.holdsImages(named: name, idiom: set.idiom) else { continue }
                hits.add(icon.subject, idiom: set.idiom, file: car.path,
                         "\(icon.label) is named \(LintText.quote(name)) by CFBundleIconName, but Assets.car has no icon of that "
                         + "name; App Store Connect refuses the upload with ITMS-90895")
            }
        }
    }

    static let carAlternateSize = LintRule(
        id: .carAlternateSize, severity: .warning,
        summary: "An alternate in Assets.car lacks the iPhone 120 px (ITMS-90890) or iPad 152 and 167 px (ITMS-90892) image.",
        explanation: """
            A multi-size alternate is compiled with only the sizes its set has; App Store Connect warns about an \
            alternate icon without the home-screen sizes: 120×120 pixels for iPhone (ITMS-90890) and, where the \
            app reads CFBundleIcons~ipad, 152×152 and 167×167 for iPad (ITMS-90892). A single-size set (only the \
            1024 px image in the car) is exempt: iOS makes every size from it. Fix: add the sizes to the set, \
            or make it single-size.
            """
    ) { context, hits in
        guard let car = context.car else { return }
        for set in context.iconSets {
            for icon in set.alternates {
                guard let name = icon.dictionary?["CFBundleIconName"] as? String else { continue }
                let images = car.images(named: name, idiom: set.idiom).filter { $0.appearance == .light }
                let sized = images.filter { $0.idiom == .iphone || $0.idiom == .ipad }
                guard !sized.isEmpty else { continue }
                let (idiom, needed, code): (AppIconSetImage.Idiom, [Int], String) =
                    set.idiom == .phone ? (.iphone, [120], "ITMS-90890") : (.ipad, [152, 167], "ITMS-90892")
                let missing = needed.filter { size in !sized.contains { $0.idiom == idiom && $0.width == size && $0.height == size } }
                guard !missing.isEmpty else { continue }
                hits.add(icon.subject, idiom: set.idiom, file: car.path,
                         "\(icon.label) in Assets.car has no \(missing.map { "\($0)×\($0)" }.joined(separator: " or ")) px "
                         + "\(set.idiom.deviceName) image; App Store Connect warns with \(code)")
            }
        }
    }

    static let carMarketingAlpha = LintRule(
        id: .carMarketingAlpha, severity: .error,
        summary: "The primary icon's App Store image in Assets.car is transparent in places (ITMS-90717).",
        explanation: """
            The 1024 px App Store image of the primary icon must be opaque: App Store Connect refuses an upload \
            whose App Store icon has transparent pixels, with ITMS-90717. The check decodes the primary icon's \
            light 1024 px image from the built app's Assets.car. Fix: flatten the image onto its background \
            colour and export it without an alpha channel.
            """
    ) { context, hits in
        guard let car = context.car else { return }
        for set in context.iconSets where set.idiom == .phone || !context.iconSets.contains(where: { $0.idiom == .phone }) {
            guard let primary = set.primary, let name = primary.dictionary?["CFBundleIconName"] as? String,
                  let image = car.images(named: name, idiom: set.idiom).first(where: {
                      $0.appearance == .light && $0.width >= 1024 && ($0.idiom == .iosMarketing || $0.idiom == .universal)
                  }), case .compiled(let compiled) = image.storage, let pixels = try? compiled.pixels() else { continue }
            let translucent = stride(from: 3, to: pixels.rgba.count, by: 4).reduce(0) { $0 + (pixels.rgba[$1] < 255 ? 1 : 0) }
            guard translucent > 0 else { continue }
            hits.add(primary.subject, idiom: nil, file: image.path,
                     "the App Store image of \(primary.label) in Assets.car has \(translucent) transparent or translucent pixels "
                     + "(of \(pixels.width)×\(pixels.height)); App Store Connect refuses the upload with ITMS-90717")
        }
    }

    static let carPrimaryIconUnnamed = LintRule(
        id: .carPrimaryIconUnnamed, severity: .error,
        summary: "The built app's primary icon is in Assets.car, but CFBundlePrimaryIcon has no CFBundleIconName (ITMS-90713).",
        explanation: """
            An app whose icon is in the asset catalog must name it in the built Info.plist: CFBundlePrimaryIcon's \
            CFBundleIconName, which the asset compiler writes beside CFBundleIconFiles (AppIcon60x60 names the \
            AppIcon set). App Store Connect refuses an upload without it, with ITMS-90713 (Missing Info.plist \
            value). It goes missing when a build phase or script writes CFBundleIcons into the built Info.plist \
            after Xcode has merged the compiler's entries (to add alternates, say). Fix: have that step keep \
            CFBundleIconName, or declare the icons in the source Info.plist or with \
            ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES so Xcode merges them itself.
            """
    ) { context, hits in
        guard let car = context.car else { return }
        for set in context.iconSets {
            guard let primary = set.primary, let entry = primary.dictionary, entry["CFBundleIconName"] == nil,
                  let name = compiledName(ofFiles: entry["CFBundleIconFiles"] as? [Any] ?? [], in: car, idiom: set.idiom) else { continue }
            hits.add(primary.subject, idiom: set.idiom, file: car.path,
                     "\(primary.label) has no CFBundleIconName, though its icon is \(LintText.quote(name)) in Assets.car; "
                     + "App Store Connect refuses the upload with ITMS-90713")
        }
    }

    /// The car's icon that the asset compiler's file names (`AppIcon60x60`, `AppIcon76x76~ipad`) were made
    /// from: the name before the point size, where the car has an icon of that name.
    private static func compiledName(ofFiles files: [Any], in car: CarFile, idiom: Idiom) -> String? {
        for case let file as String in files {
            var stem = Substring(file)
            if stem.hasSuffix("~ipad") { stem = stem.dropLast(5) }
            // WIDTHxHEIGHT at the end, each a point size such as 60 or 83.5.
            let isSize: (Character) -> Bool = { $0.isASCII && ($0.isNumber || $0 == ".") }
            let height = stem.reversed().prefix(while: isSize).count
            guard height > 0 else { continue }
            stem = stem.dropLast(height)
            guard stem.hasSuffix("x") else { continue }
            stem = stem.dropLast()
            let width = stem.reversed().prefix(while: isSize).count
            guard width > 0, width < stem.count else { continue }
            let name = String(stem.dropLast(width))
            if !car.images(named: name, idiom: idiom).isEmpty { return name }
        }
        return nil
    }

    static let carInconsistentAppearances = LintRule(
        id: .carInconsistentAppearances, severity: .note,
        summary: "In Assets.car, some icons have dark or tinted images and others do not.",
        explanation: """
            Since iOS 18 an icon can have dark and tinted images; one without them is shown darkened or tinted \
            from its light image. When some of an app's icons in its compiled asset catalog have their own dark \
            (or tinted) images and others do not, the home screen looks uneven after a switch. Fix: give every \
            icon the same appearances, or none.
            """
    ) { context, hits in
        guard let car = context.car else { return }
        for set in context.iconSets {
            var appearances: [(IconEntry, Set<IconAppearance>)] = []
            for icon in set.icons {
                guard let name = icon.dictionary?["CFBundleIconName"] as? String else { continue }
                let images = car.images(named: name, idiom: set.idiom)
                if !images.isEmpty { appearances.append((icon, Set(images.map(\.appearance)))) }
            }
            for appearance in [IconAppearance.dark, .tinted] where appearances.contains(where: { $0.1.contains(appearance) }) {
                let without = appearances.filter { !$0.1.contains(appearance) }.map(\.0)
                guard !without.isEmpty else { continue }
                hits.add(.iconSet(set.key), idiom: set.idiom, file: car.path,
                         "in \(set.key), \(MessageText.list(without.map(\.label), limit: 10) { $0 }) "
                         + "\(without.count == 1 ? "has" : "have") no \(appearance.rawValue) image in Assets.car, "
                         + "while other icons do")
            }
        }
    }
}
