import Foundation
import IconCatalog
import TerminalText

/// The ids of this file's rules that no catalog warning carries (see `ProblemCode`).
extension ProblemCode {
    /// A file entry names a scale (@2x, @3x).
    public static let scaleSuffixInEntry = ProblemCode(rawValue: "scale-suffix-in-entry")
    /// Some file entries end in .png and others do not.
    public static let mixedPngExtension = ProblemCode(rawValue: "mixed-png-extension")
    /// A file entry holds a $(VAR) or ${VAR} build setting that is not defined here.
    public static let unexpandedVariable = ProblemCode(rawValue: "unexpanded-variable")
    /// The same file is listed twice in one CFBundleIconFiles array.
    public static let duplicateFileEntry = ProblemCode(rawValue: "duplicate-file-entry")
}

/// Rules about `CFBundleIconFiles` entries and the files they name.
extension LintRules {
    /// A primary icon that names an asset-catalog icon gets its files from Xcode at build time.
    private static func comesFromAssetCatalog(_ icon: IconEntry) -> Bool {
        icon.isPrimary && icon.dictionary?["CFBundleIconName"] != nil
    }

    static let fileNotFound = LintRule(
        id: .fileNotFound, severity: .error,
        summary: "A CFBundleIconFiles entry matches no image file.",
        explanation: """
            iOS looks for an entry NAME as NAME.png, NAME@2x.png and NAME@3x.png (and their ~ipad forms on iPad) \
            at the top of the app bundle. When none exists the icon cannot be shown: the home screen keeps the old \
            icon, and setAlternateIconName(_:) fails. Fix: add the PNG files to the app target (outside any \
            .xcassets folder), or correct the entry's spelling; file names are case-sensitive on the device. \
            If the files are elsewhere, point this tool at them with --icons DIR.
            """,
        fix: LintFix("makes the file at the size its name stands for (NAME@2x.png 120 px, NAME@3x.png 180 px, NAME-ipad 152 px, "
                + "NAME-ipadpro 167 px) from the icon's largest image, where that is at least as large (never upscaled)")
    ) { context, hits in
        let truncated = context.index.truncated
            ? " (the search stopped after \(MessageText.grouped(FileIndex.maximumEntries)) entries)" : ""
        for (set, icon) in context.icons where !comesFromAssetCatalog(icon) {
            for entry in icon.files where entry.lookup == .notFound && entry.unexpandedVariables.isEmpty {
                hits.add(icon.subject, idiom: set.idiom, {
                    let names = context.resolver(for: set.readBy[0]).candidateNames(for: LintText.visible(entry.expanded))
                        .map { forms in forms.first { !$0.hasSuffix("~ipad.png") } ?? forms[0] }
                    return "\(icon.label): no \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1]) under \(context.searchRoot)\(truncated)"
                }())
            }
        }
    }

    static let fileInAssetCatalog = LintRule(
        id: .fileInAssetCatalog, severity: .error,
        summary: "An alternate's file exists only inside an .xcassets folder.",
        explanation: """
            Alternate icons listed under CFBundleIconFiles are loose PNG files at the top of the app bundle. Images \
            inside an asset catalog (.xcassets) are compiled into Assets.car and are not files iOS can find by \
            name, so the alternate has no icon. Fix: move the PNGs out of the .xcassets folder into the project \
            and add them to the app target, or (Xcode 13 and later) turn the alternate into an app-icon set in the \
            catalog, list it under "Alternate App Icon Sets" in the target's build settings, and drop its \
            CFBundleIconFiles entry from Info.plist.
            """
    ) { context, hits in
        for (set, icon) in context.icons where !icon.isPrimary {
            for entry in icon.files {
                guard case .onlyInAssetCatalog(let path) = entry.lookup else { continue }
                hits.add(icon.subject, idiom: set.idiom,
                    "\(icon.label): \(LintText.quote(entry.expanded)) is only inside an asset catalog (\(path)); iOS never looks there for alternate icon files")
            }
        }
    }

    static let unsafeFileEntry = LintRule(
        id: .unsafeFileEntry, severity: .error,
        summary: "A file entry is empty, a path (/, .., absolute) or has control characters.",
        explanation: """
            A CFBundleIconFiles entry is a bare file name that iOS looks up at the top of the app bundle. An entry \
            with a slash, "..", an absolute path or control characters is never a file iOS will find, and a tool \
            that followed it could read files outside the app; this one refuses to. Fix: write only the file's \
            base name (e.g. Blue, not Icons/Blue@2x.png) and put the file at the top of the bundle.
            """
    ) { context, hits in
        for (set, icon) in context.icons {
            for entry in icon.files {
                guard case .unsafe(let reason) = entry.lookup else { continue }
                hits.add(icon.subject, idiom: set.idiom,
                    "\(icon.label): file entry \(LintText.quote(entry.expanded)) \(reason); it is never read")
            }
        }
    }

    static let scaleSuffixInEntry = LintRule(
        id: .scaleSuffixInEntry, severity: .warning,
        summary: "A file entry names a scale (@2x, @3x).",
        explanation: """
            iOS adds the scale itself: for an entry Blue it picks Blue@2x.png or Blue@3x.png to suit the screen. \
            An entry Blue@2x pins one file for every screen, so a @3x iPhone shows a blurry, upscaled icon, and \
            the other scales are never used. Fix: list the base name only (Blue) and ship Blue@2x.png and \
            Blue@3x.png (and the iPad sizes for CFBundleIcons~ipad).
            """
    ) { context, hits in
        for (set, icon) in context.icons {
            for entry in icon.files {
                guard let (base, scale) = splitScale(entry.expanded) else { continue }
                hits.add(icon.subject, idiom: set.idiom,
                    "\(icon.label): file entry \(LintText.quote(entry.expanded)) names a scale (\(scale)); list \(LintText.quote(base)) and iOS picks the scale itself")
            }
        }
    }

    /// The entry without its scale suffix, and the suffix, when it has one (`Blue@2x.png` → `Blue`, `@2x`):
    /// `@`, digits with an optional fraction, `x`, at the end of the name. Read backwards from the
    /// end, so it costs the length of the suffix, not of the entry.
    static func splitScale(_ entry: String) -> (base: String, scale: String)? {
        // Most entries are settled by their last byte: a scale ends in x, the endings after it in g or d.
        guard let last = entry.utf8.last, Self.scaleLastBytes.contains(last) else { return nil }
        var name = Substring(entry)
        for suffix in scaleEntryEndings where hasASCIISuffix(name, suffix) {
            name = Substring(name.unicodeScalars.dropLast(suffix.utf8.count))
        }
        let bytes = name.utf8
        func isDigit(_ index: Substring.UTF8View.Index) -> Bool { (0x30...0x39).contains(bytes[index]) }
        guard var index = bytes.indices.last, bytes[index] == UInt8(ascii: "x") else { return nil }
        /// Steps back over digits; nil when there is none.
        func digits(before end: Substring.UTF8View.Index) -> Substring.UTF8View.Index? {
            var start = end
            while start > bytes.startIndex, isDigit(bytes.index(before: start)) { start = bytes.index(before: start) }
            return start < end ? start : nil
        }
        guard var start = digits(before: index) else { return nil }
        if start > bytes.startIndex, bytes[bytes.index(before: start)] == UInt8(ascii: ".") {
            guard let whole = digits(before: bytes.index(before: start)) else { return nil }
            start = whole
        }
        guard start > bytes.startIndex else { return nil }
        index = bytes.index(before: start)
        guard bytes[index] == UInt8(ascii: "@") else { return nil }
        return (String(name.unicodeScalars[..<index]), String(name.unicodeScalars[index...]))
    }

    /// What may follow a scale suffix, stripped in this order.
    private static let scaleEntryEndings = [".png", "~ipad"]
    /// The bytes an entry with a scale suffix can end in: the scale's `x`, or the last letter of an ending in either case.
    private static let scaleLastBytes: [UInt8] = Array("xgGdD".utf8)

    /// Whether `text` ends in `suffix` (ASCII), ignoring case.
    static func hasASCIISuffix(_ text: Substring, _ suffix: String) -> Bool {
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        return text.utf8.count >= suffix.utf8.count
            && text.utf8.suffix(suffix.utf8.count).lazy.map(lower).elementsEqual(suffix.utf8.lazy.map(lower))
    }

    static let mixedPNGExtension = LintRule(
        id: .mixedPngExtension, severity: .warning,
        summary: "Some file entries end in .png and others do not.",
        explanation: """
            Apple's rule for CFBundleIconFiles: omit the extension, and iOS finds the @2x and @3x files from the \
            base name; include it, and every file, each scale included, must be listed by its full name. A plist \
            that does both is usually half converted, and the entries with .png miss their other scales. Fix: \
            drop ".png" from every entry (Blue, not Blue.png).
            """
    ) { context, hits in
        // The first entry of each kind is the example; the rest are only counted.
        var withExtension: (count: Int, example: (entry: String, icon: IconEntry)?) = (0, nil)
        var without: (count: Int, example: (entry: String, icon: IconEntry)?) = (0, nil)
        for (_, icon) in context.icons {
            for entry in icon.files {
                if hasASCIISuffix(Substring(entry.expanded), ".png") {
                    withExtension.count += 1
                    if withExtension.example == nil { withExtension.example = (entry.expanded, icon) }
                } else {
                    without.count += 1
                    if without.example == nil { without.example = (entry.expanded, icon) }
                }
            }
        }
        guard let withExample = withExtension.example, let withoutExample = without.example else { return }
        let total = MessageText.grouped(withExtension.count + without.count)
        let (with, other) = (MessageText.grouped(withExtension.count), MessageText.grouped(without.count))
        if withExtension.count <= without.count {
            hits.add(.app, idiom: nil, "\(with) of \(total) file entries end in .png (e.g. \(LintText.quote(withExample.entry)) of \(withExample.icon.label)) and \(other) do not")
        } else {
            hits.add(.app, idiom: nil, "\(with) of \(total) file entries end in .png and \(other) do not (e.g. \(LintText.quote(withoutExample.entry)) of \(withoutExample.icon.label))")
        }
    }

    static let unexpandedVariable = LintRule(
        id: .unexpandedVariable, severity: .note,
        summary: "A file entry holds a $(VAR) or ${VAR} build setting that is not defined here.",
        explanation: """
            Xcode replaces $(NAME) and ${NAME} in Info.plist with build settings when it builds the app, so the \
            file name on the device depends on the build configuration. This tool cannot know the value and does \
            not look for the entry's files. Fix: pass the value the build uses, e.g. --define BUNDLE_ID_SUFFIX= \
            for an empty suffix or --define BUNDLE_ID_SUFFIX=.beta, or lint the built app's Info.plist, where the \
            names are already expanded.
            """
    ) { context, hits in
        let suggestions = suggestedValues(context)
        for (set, icon) in context.icons {
            for entry in icon.files where !entry.unexpandedVariables.isEmpty {
                hits.add(icon.subject, idiom: set.idiom, {
                    let variables = entry.unexpandedVariables.map { MessageText.abbreviated($0) }
                    let settings = variables.count == 1 ? "the build setting \(variables[0]), which is" : "the build settings \(LintText.list(variables, quoted: false)), which are"
                    var advice = "pass " + variables.map { "--define \($0)=VALUE" }.joined(separator: " ") + " to check its files"
                    if variables.count == 1, let values = suggestions[entry.unexpandedVariables[0]], !values.isEmpty {
                        advice += " (the files here fit " + values.map { "--define \(variables[0])=\(LintText.visible($0))" }.joined(separator: " or ") + ")"
                    }
                    return "\(icon.label): file entry \(LintText.quote(entry.expanded)) uses \(settings) not defined here; \(advice)"
                }())
            }
        }
    }

    /// For each variable, the values that make every entry using it (alone) name files in the
    /// index; at most three, else none. Entries that share a shape (the text around the
    /// variable) are worked out once, and a variable used in more than `maximumShapes` shapes
    /// gets no suggestion, so the work stays bounded whatever the plist holds.
    static func suggestedValues(_ context: LintContext) -> [String: [String]] {
        let maximumShapes = 64
        let stems = PNGStems(context.index)
        var fits: [String: Set<String>] = [:]
        var shapes: [String: [VariableShape: Set<String>]] = [:]
        var tooVaried = Set<String>()
        for (_, icon) in context.icons {
            for entry in icon.files where entry.unexpandedVariables.count == 1 {
                let variable = entry.unexpandedVariables[0]
                guard !tooVaried.contains(variable), let shape = VariableShape(entry.expanded) else { continue }
                if shapes[variable]?[shape] != nil { continue }
                guard shapes[variable, default: [:]].count < maximumShapes else {
                    tooVaried.insert(variable)
                    continue
                }
                let values = stems.values(between: shape.prefix, and: shape.suffix)
                shapes[variable, default: [:]][shape] = values
                fits[variable] = fits[variable].map { $0.intersection(values) } ?? values
            }
        }
        return fits.filter { !tooVaried.contains($0.key) }.compactMapValues { $0.count <= 3 ? $0.sorted() : nil }
    }

    /// The text around the first variable of an entry, `.png` left off: what a value must be
    /// put between to name files.
    struct VariableShape: Hashable {
        let prefix: String
        /// nil when more variables follow: no single value can make such an entry a file name.
        let suffix: String?

        init?(_ entry: String) {
            guard let reference = BuildSettingReference.first(in: entry, from: entry.startIndex) else { return nil }
            prefix = String(entry.unicodeScalars[..<reference.range.lowerBound])
            var rest = Substring(entry.unicodeScalars[reference.range.upperBound...])
            if hasASCIISuffix(rest, ".png") { rest = Substring(rest.unicodeScalars.dropLast(4)) }
            suffix = rest.contains("$") ? nil : String(rest)
        }
    }

    /// The names of the PNG files in the index without `.png`, `~ipad` and `@2x`/`@3x`, sorted
    /// by their bytes so the names with one prefix are found by binary search.
    struct PNGStems {
        private let stems: [[UInt8]]

        init(_ index: FileIndex) {
            var found = Set<[UInt8]>()
            for file in index.files.keys where hasASCIISuffix(Substring(file), ".png") {
                var name = Array(file.utf8.dropLast(4))
                if name.count >= 5, name.suffix(5).elementsEqual("~ipad".utf8) { name.removeLast(5) }
                if name.count >= 3, name.suffix(3).elementsEqual("@2x".utf8) || name.suffix(3).elementsEqual("@3x".utf8) {
                    name.removeLast(3)
                }
                found.insert(name)
            }
            stems = found.sorted { $0.lexicographicallyPrecedes($1) }
        }

        /// Every value `v` for which `prefix + v + suffix` is a stem, leaving out values no file
        /// name could hold (a slash, white space, control or bidi characters).
        func values(between prefix: String, and suffix: String?) -> Set<String> {
            guard let suffix else { return [] }
            let head = Array(prefix.utf8), tail = Array(suffix.utf8)
            var low = 0, high = stems.count
            while low < high {
                let middle = (low + high) / 2
                if stems[middle].lexicographicallyPrecedes(head) { low = middle + 1 } else { high = middle }
            }
            var values = Set<String>()
            for stem in stems[low...] {
                guard stem.starts(with: head) else { break }
                guard stem.count >= head.count + tail.count, stem.suffix(tail.count).elementsEqual(tail) else { continue }
                let value = String(decoding: stem[head.count ..< stem.count - tail.count], as: UTF8.self)
                if !value.contains(where: { $0 == "/" || $0.isWhitespace }), !TextSanitizer.containsUnsafe(value) {
                    values.insert(value)
                }
            }
            return values
        }
    }

    static let duplicateFileEntry = LintRule(
        id: .duplicateFileEntry, severity: .note,
        summary: "The same file is listed twice in one CFBundleIconFiles array.",
        explanation: """
            Listing a file twice (Blue and Blue, or Blue and Blue.png) does nothing the first entry does not \
            already do; usually one of them was meant to name another size, such as Blue-ipad. Fix: remove the \
            repeat, or correct it to the file that was meant.
            """
    ) { context, hits in
        for (set, icon) in context.icons where icon.files.count > 1 {
            var order: [(key: Substring, count: Int)] = []
            // A short list is compared pairwise; a long one through a dictionary in which each name
            // is hashed once, its place in `order` found or added in one look-up.
            let pairwise = icon.files.count <= 16
            var places: [Substring: Int] = [:]
            if !pairwise { places.reserveCapacity(icon.files.count) }
            for entry in icon.files {
                var key = Substring(entry.expanded)
                if hasASCIISuffix(key, ".png") { key = Substring(key.unicodeScalars.dropLast(4)) }
                let place = pairwise ? order.firstIndex { $0.key == key } ?? order.count
                                     : value(&places[key, default: order.count])
                if place == order.count { order.append((key, 0)) }
                order[place].count += 1
            }
            for (key, count) in order where count > 1 {
                hits.add(icon.subject, idiom: set.idiom,
                    "\(icon.label) lists \(LintText.quote(String(key))) \(MessageText.grouped(count)) times in CFBundleIconFiles")
            }
        }
    }

    /// The value a `Dictionary` subscript with a default stores: read through `inout`, the look-up
    /// and the insertion of the default are one hash of the key.
    private static func value(_ slot: inout Int) -> Int { slot }
}
