import Foundation
import IconCatalog
import TerminalText

/// Rules about `CFBundleIconFiles` entries and the files they name.
extension LintRules {
    /// Every icon of every set with its set, in order.
    static func icons(_ context: LintContext) -> [(set: IconSet, icon: IconEntry)] {
        context.iconSets.flatMap { set in set.icons.map { (set, $0) } }
    }

    /// A primary icon that names an asset-catalog icon gets its files from Xcode at build time.
    private static func comesFromAssetCatalog(_ icon: IconEntry) -> Bool {
        icon.isPrimary && icon.dictionary?["CFBundleIconName"] != nil
    }

    static let fileNotFound = LintRule(
        id: "file-not-found", severity: .error,
        summary: "A CFBundleIconFiles entry matches no image file.",
        explanation: """
            iOS looks for an entry NAME as NAME.png, NAME@2x.png and NAME@3x.png (and their ~ipad forms on iPad) \
            at the top of the app bundle. When none exists the icon cannot be shown: the home screen keeps the old \
            icon, and setAlternateIconName(_:) fails. Fix: add the PNG files to the app target (outside any \
            .xcassets folder), or correct the entry's spelling; file names are case-sensitive on the device. \
            If the files are elsewhere, point this tool at them with --icons DIR.
            """
    ) { context in
        var hits: [Hit] = []
        for (set, icon) in icons(context) where !comesFromAssetCatalog(icon) {
            for entry in icon.files where entry.lookup == .notFound && entry.unexpandedVariables.isEmpty {
                let names = context.resolver(for: set.readBy[0]).candidateNames(for: entry.expanded)
                    .map { forms in LintText.visible(forms.first { !$0.hasSuffix("~ipad.png") } ?? forms[0]) }
                let truncated = context.index.truncated ? " (the search stopped after \(FileIndex.maximumEntries) entries)" : ""
                hits.append(Hit(icon.subject, idiom: set.idiom,
                    "\(icon.label): no \(names.dropLast().joined(separator: ", ")) or \(names.last!) under \(context.searchRoot)\(truncated)"))
            }
        }
        return hits
    }

    static let fileInAssetCatalog = LintRule(
        id: "file-in-asset-catalog", severity: .error,
        summary: "An alternate's file exists only inside an .xcassets folder.",
        explanation: """
            Alternate icons listed under CFBundleIconFiles are loose PNG files at the top of the app bundle. Images \
            inside an asset catalog (.xcassets) are compiled into Assets.car and are not files iOS can find by \
            name, so the alternate has no icon. Fix: move the PNGs out of the .xcassets folder into the project \
            and add them to the app target, or (Xcode 13 and later) turn the alternate into an app-icon set in the \
            catalog, list it under "Alternate App Icon Sets" in the target's build settings, and drop its \
            CFBundleIconFiles entry from Info.plist.
            """
    ) { context in
        var hits: [Hit] = []
        for (set, icon) in icons(context) where !icon.isPrimary {
            for entry in icon.files {
                guard case .onlyInAssetCatalog(let path) = entry.lookup else { continue }
                hits.append(Hit(icon.subject, idiom: set.idiom,
                    "\(icon.label): \(LintText.quote(entry.expanded)) is only inside an asset catalog (\(path)); iOS never looks there for alternate icon files"))
            }
        }
        return hits
    }

    static let unsafeFileEntry = LintRule(
        id: "unsafe-file-entry", severity: .error,
        summary: "A file entry is empty, a path (/, .., absolute) or has control characters.",
        explanation: """
            A CFBundleIconFiles entry is a bare file name that iOS looks up at the top of the app bundle. An entry \
            with a slash, "..", an absolute path or control characters is never a file iOS will find, and a tool \
            that followed it could read files outside the app; this one refuses to. Fix: write only the file's \
            base name (e.g. Blue, not Icons/Blue@2x.png) and put the file at the top of the bundle.
            """
    ) { context in
        var hits: [Hit] = []
        for (set, icon) in icons(context) {
            for entry in icon.files {
                guard case .unsafe(let reason) = entry.lookup else { continue }
                hits.append(Hit(icon.subject, idiom: set.idiom,
                    "\(icon.label): file entry \(LintText.quote(entry.expanded)) \(reason); it is never read"))
            }
        }
        return hits
    }

    static let scaleSuffixInEntry = LintRule(
        id: "scale-suffix-in-entry", severity: .warning,
        summary: "A file entry names a scale (@2x, @3x).",
        explanation: """
            iOS adds the scale itself: for an entry Blue it picks Blue@2x.png or Blue@3x.png to suit the screen. \
            An entry Blue@2x pins one file for every screen, so a @3x iPhone shows a blurry, upscaled icon, and \
            the other scales are never used. Fix: list the base name only (Blue) and ship Blue@2x.png and \
            Blue@3x.png (and the iPad sizes for CFBundleIcons~ipad).
            """
    ) { context in
        var hits: [Hit] = []
        for (set, icon) in icons(context) {
            for entry in icon.files {
                guard let (base, scale) = splitScale(entry.expanded) else { continue }
                hits.append(Hit(icon.subject, idiom: set.idiom,
                    "\(icon.label): file entry \(LintText.quote(entry.expanded)) names a scale (\(scale)); list \(LintText.quote(base)) and iOS picks the scale itself"))
            }
        }
        return hits
    }

    /// The entry without its scale suffix, and the suffix, when it has one (`Blue@2x.png` → `Blue`, `@2x`).
    static func splitScale(_ entry: String) -> (base: String, scale: String)? {
        var name = Substring(entry)
        if name.lowercased().hasSuffix(".png") { name = name.dropLast(4) }
        if name.hasSuffix("~ipad") { name = name.dropLast(5) }
        guard let match = name.firstMatch(of: /@[0-9]+(?:\.[0-9]+)?x$/) else { return nil }
        return (String(name[..<match.range.lowerBound]), String(match.output))
    }

    static let mixedPNGExtension = LintRule(
        id: "mixed-png-extension", severity: .warning,
        summary: "Some file entries end in .png and others do not.",
        explanation: """
            Apple's rule for CFBundleIconFiles: omit the extension, and iOS finds the @2x and @3x files from the \
            base name; include it, and every file, each scale included, must be listed by its full name. A plist \
            that does both is usually half converted, and the entries with .png miss their other scales. Fix: \
            drop ".png" from every entry (Blue, not Blue.png).
            """
    ) { context in
        var withExtension: [(entry: String, icon: IconEntry)] = []
        var without: [(entry: String, icon: IconEntry)] = []
        for (_, icon) in icons(context) {
            for entry in icon.files {
                if entry.expanded.lowercased().hasSuffix(".png") {
                    withExtension.append((entry.expanded, icon))
                } else {
                    without.append((entry.expanded, icon))
                }
            }
        }
        guard !withExtension.isEmpty, !without.isEmpty else { return [] }
        let total = withExtension.count + without.count
        let message: String
        if withExtension.count <= without.count, let example = withExtension.first {
            message = "\(withExtension.count) of \(total) file entries end in .png (e.g. \(LintText.quote(example.entry)) of \(example.icon.label)) and \(without.count) do not"
        } else {
            let example = without[0]
            message = "\(withExtension.count) of \(total) file entries end in .png and \(without.count) do not (e.g. \(LintText.quote(example.entry)) of \(example.icon.label))"
        }
        return [Hit(.app, idiom: nil, message)]
    }

    static let unexpandedVariable = LintRule(
        id: "unexpanded-variable", severity: .note,
        summary: "A file entry holds a $(VAR) or ${VAR} build setting that is not defined here.",
        explanation: """
            Xcode replaces $(NAME) and ${NAME} in Info.plist with build settings when it builds the app, so the \
            file name on the device depends on the build configuration. This tool cannot know the value and does \
            not look for the entry's files. Fix: pass the value the build uses, e.g. --define BUNDLE_ID_SUFFIX= \
            for an empty suffix or --define BUNDLE_ID_SUFFIX=.beta, or lint the built app's Info.plist, where the \
            names are already expanded.
            """
    ) { context in
        let suggestions = suggestedValues(context)
        var hits: [Hit] = []
        for (set, icon) in icons(context) {
            for entry in icon.files where !entry.unexpandedVariables.isEmpty {
                let variables = entry.unexpandedVariables
                let settings = variables.count == 1 ? "the build setting \(variables[0]), which is" : "the build settings \(LintText.list(variables, quoted: false)), which are"
                var advice = "pass " + variables.map { "--define \($0)=VALUE" }.joined(separator: " ") + " to check its files"
                if variables.count == 1, let values = suggestions[variables[0]], !values.isEmpty {
                    advice += " (the files here fit " + values.map { "--define \(variables[0])=\($0)" }.joined(separator: " or ") + ")"
                }
                hits.append(Hit(icon.subject, idiom: set.idiom,
                    "\(icon.label): file entry \(LintText.quote(entry.expanded)) uses \(settings) not defined here; \(advice)"))
            }
        }
        return hits
    }

    /// For each variable, the values that make every entry using it (alone) name files in the
    /// index; at most three, else none.
    static func suggestedValues(_ context: LintContext) -> [String: [String]] {
        var fits: [String: Set<String>] = [:]
        for (_, icon) in icons(context) {
            for entry in icon.files where entry.unexpandedVariables.count == 1 {
                let variable = entry.unexpandedVariables[0]
                let values = Set(suggestedValues(for: entry.expanded, in: context.index) ?? [])
                fits[variable] = fits[variable].map { $0.intersection(values) } ?? values
            }
        }
        return fits.compactMapValues { $0.count <= 3 ? $0.sorted() : nil }
    }

    /// Values of the entry's first variable that would make it name files in the index, e.g.
    /// `app-icon--default${SUFFIX}` with `app-icon--default@2x.png` present gives `[""]`.
    /// nil when the entry holds no variable, or more than one.
    static func suggestedValues(for entry: String, in index: FileIndex) -> [String]? {
        guard let match = entry.firstMatch(of: /\$(?:\(\w+\)|\{\w+\})/) else { return nil }
        let prefix = String(entry[..<match.range.lowerBound])
        var suffix = String(entry[match.range.upperBound...])
        if suffix.lowercased().hasSuffix(".png") { suffix = String(suffix.dropLast(4)) }
        guard !suffix.contains("$") else { return nil }
        var values = Set<String>()
        for file in index.files.keys where file.lowercased().hasSuffix(".png") {
            var name = Substring(file.dropLast(4))
            if name.hasSuffix("~ipad") { name = name.dropLast(5) }
            if let scale = name.firstMatch(of: /@[23]x$/) { name = name[..<scale.range.lowerBound] }
            guard name.count >= prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else { continue }
            let value = name.dropFirst(prefix.count).dropLast(suffix.count)
            if !value.contains(where: { $0 == "/" || $0.isWhitespace }), !TextSanitizer.containsUnsafe(String(value)) {
                values.insert(String(value))
            }
        }
        return values.sorted()
    }

    static let duplicateFileEntry = LintRule(
        id: "duplicate-file-entry", severity: .note,
        summary: "The same file is listed twice in one CFBundleIconFiles array.",
        explanation: """
            Listing a file twice (Blue and Blue, or Blue and Blue.png) does nothing the first entry does not \
            already do; usually one of them was meant to name another size, such as Blue-ipad. Fix: remove the \
            repeat, or correct it to the file that was meant.
            """
    ) { context in
        var hits: [Hit] = []
        for (set, icon) in icons(context) {
            var counts: [String: Int] = [:]
            var order: [String] = []
            for entry in icon.files {
                var key = entry.expanded
                if key.lowercased().hasSuffix(".png") { key = String(key.dropLast(4)) }
                if counts[key] == nil { order.append(key) }
                counts[key, default: 0] += 1
            }
            for key in order where counts[key]! > 1 {
                hits.append(Hit(icon.subject, idiom: set.idiom,
                    "\(icon.label) lists \(LintText.quote(key)) \(counts[key]!) times in CFBundleIconFiles"))
            }
        }
        return hits
    }
}
