import Foundation
import TerminalText

/// An icon as the plist declares it, before any file is looked up.
package struct DeclaredIcon: Equatable, Sendable {
    package let name: String?
    package let ordinal: Int?
    /// `CFBundleIconFiles` entries as written (strings only), before `--define` expansion.
    package let iconFiles: [String]
    package let prerendered: Bool?
    /// `CFBundleIconName` when it is a string: the icon's name in the asset catalog.
    package let iconName: String?
}

/// Turns one idiom's `CFBundleIcons` dictionary into declared icons in chooser order.
/// Pure: it reads only the dictionary it is given. Anything malformed becomes a
/// warning naming its key, and the rest is still returned.
package enum IconDeclarations {
    package struct Result: Sendable {
        package let iconsKey: String
        package let icons: [DeclaredIcon]
        /// Capped per kind; more are added to it when files are looked up.
        package let warningList: WarningList
        package var warnings: [CatalogWarning] { warningList.warnings }
    }

    /// The key to read for `idiom`: `CFBundleIcons~ipad` on iPad when present (never merged
    /// with the plain key), else `CFBundleIcons`.
    package static func iconsKey(in plist: [String: Any], idiom: Idiom) -> String {
        if idiom == .pad, plist[Idiom.pad.iconsKey] != nil { return Idiom.pad.iconsKey }
        return Idiom.phone.iconsKey
    }

    package static func parse(_ plist: [String: Any], idiom: Idiom, path: String) throws(CatalogError) -> Result {
        let key = iconsKey(in: plist, idiom: idiom)
        guard let value = plist[key] else { throw .missingIcons(path: path, key: key) }
        guard let icons = dictionary(value) else {
            throw .wrongType(path: path, key: key, expected: "a dictionary", found: PlistValue.typeName(value))
        }
        var warnings = WarningList()
        var alternates: [DeclaredIcon] = []
        let alternatesKey = "\(key).CFBundleAlternateIcons"
        if let raw = icons["CFBundleAlternateIcons"] {
            if let entries = dictionary(raw) {
                // By name, so which warnings are kept when there are too many to show never
                // depends on the dictionary's order.
                let named = entries.compactMap { key, entry in (key.base as? String).map { ($0, entry) } }
                for (name, entry) in named.sorted(by: { $0.0 < $1.0 }) {
                    if let icon = parseAlternate(name: name, entry, keyPath: "\(alternatesKey).\(MessageText.abbreviated(name))",
                                                 warnings: &warnings) {
                        alternates.append(icon)
                    }
                }
            } else {
                warnings.add(code: .malformedIconEntry, subject: alternatesKey,
                             "is \(PlistValue.typeName(raw)), expected a dictionary; no alternates read")
            }
        }
        let primary = parsePrimary(icons["CFBundlePrimaryIcon"], keyPath: "\(key).CFBundlePrimaryIcon", warnings: &warnings)
        return Result(iconsKey: key, icons: [primary] + chooserOrder(alternates), warningList: warnings)
    }

    /// The names of the alternates `parse` reads for `idiom`, in the same chooser order, without
    /// copying their files or making warnings: for a reader (lint) that walks the plist itself
    /// and needs only the order. An alternate is read when it is a dictionary whose
    /// CFBundleIconFiles is an array, or which has none but a CFBundleIconName string, as
    /// `parseAlternate` decides.
    package static func alternateOrder(in plist: [String: Any], idiom: Idiom) -> [String] {
        guard let value = plist[iconsKey(in: plist, idiom: idiom)], let icons = dictionary(value),
              let raw = icons["CFBundleAlternateIcons"], let entries = dictionary(raw) else { return [] }
        var read: [(name: String, ordinal: Int?)] = []
        // Unsorted, unlike `parse`: distinct names never tie in chooser order, so the order they come in is lost.
        for (key, raw) in entries {
            guard let name = key.base as? String, let entry = dictionary(raw) else { continue }
            if let files = entry["CFBundleIconFiles"] {
                guard files is [Any] else { continue }
            } else if !(entry["CFBundleIconName"] is String) {
                continue
            }
            read.append((name, entry["ordinal"].flatMap(PlistValue.integer)))
        }
        return chooserOrder(read, name: \.name, ordinal: \.ordinal).map(\.name)
    }

    /// Alternates with an integer ordinal first (ascending), then the rest; names, in the order
    /// `NameKey` defines, break ties.
    package static func chooserOrder(_ alternates: [DeclaredIcon]) -> [DeclaredIcon] {
        chooserOrder(alternates, name: \.name, ordinal: \.ordinal)
    }

    /// The same order over anything with a name and an ordinal (icons of a project included).
    /// Each icon's sort key is made once: a Foundation case-insensitive comparison inside the
    /// sort was most of the time taken to open an app of 500 icons.
    static func chooserOrder<Icon>(_ alternates: [Icon], name: (Icon) -> String?, ordinal: (Icon) -> Int?) -> [Icon] {
        // Positions are sorted, not the icons: moving whole icons about was most of the sort's time.
        let ordinals = alternates.map(ordinal)
        let names = alternates.map { NameKey(name($0) ?? "") }
        return alternates.indices.sorted { a, b in
            switch (ordinals[a], ordinals[b]) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return names[a] < names[b] || (!(names[b] < names[a]) && a < b)
            }
        }.map { alternates[$0] }
    }

    /// A name as the chooser orders it: as people, Finder and Xcode sort names, case-insensitively
    /// with each run of digits compared by its value (`icon2` before `icon10`), then as plainly
    /// compared (folded, then as written), so the order is total and never depends on dictionary order.
    /// The only definition of that order: every list of icons is sorted by it.
    struct NameKey: Comparable {
        /// The folded name as numbers whose plain lexicographic order is the natural order: each
        /// Unicode scalar as its value, and each run of ASCII digits as `digitRun`, then the run's
        /// length without leading zeros, then those digits. A longer number is larger, so digits of
        /// any length compare without being converted to an integer; `digitRun` is the value of
        /// "0", so a run sorts against any other character exactly as each of its digits would.
        private let tokens: [UInt32]
        private let folded: String
        private let name: String

        private static let digitRun: UInt32 = 0x30

        init(_ name: String) {
            let folded = name.lowercased()
            self.folded = folded
            self.name = name
            if folded.utf8.allSatisfy({ $0 < 0x80 }) {
                tokens = Self.tokens(folded.utf8.lazy.map(UInt32.init), capacity: folded.utf8.count)
            } else {
                // NFC, as plain String comparison sees text, so that scalars compare as Strings would.
                let composed = folded.precomposedStringWithCanonicalMapping
                tokens = Self.tokens(composed.unicodeScalars.lazy.map(\.value), capacity: composed.utf8.count)
            }
        }

        private static func tokens(_ scalars: some Sequence<UInt32>, capacity: Int) -> [UInt32] {
            var tokens: [UInt32] = []
            tokens.reserveCapacity(capacity + 2)
            var lengthAt: Int?  // where the length of the run of digits being read goes
            for value in scalars {
                if value >= 0x30 && value <= 0x39 {
                    if lengthAt == nil {
                        tokens.append(digitRun)
                        lengthAt = tokens.count
                        tokens.append(0)
                    }
                    if value != 0x30 || tokens.count > lengthAt! + 1 { tokens.append(value) }
                } else {
                    if let at = lengthAt {
                        // A run cannot reach 2³² digits: plists are read within a few megabytes.
                        tokens[at] = UInt32(clamping: tokens.count - at - 1)
                        lengthAt = nil
                    }
                    tokens.append(value)
                }
            }
            if let at = lengthAt { tokens[at] = UInt32(clamping: tokens.count - at - 1) }
            return tokens
        }

        static func < (a: NameKey, b: NameKey) -> Bool {
            for (x, y) in zip(a.tokens, b.tokens) where x != y { return x < y }
            if a.tokens.count != b.tokens.count { return a.tokens.count < b.tokens.count }
            return (a.folded, a.name) < (b.folded, b.name)
        }
    }

    /// A plist dictionary as Foundation hands it over (`[AnyHashable: Any]` on Linux), read
    /// in place: casting every one to `[String: Any]` copied each dictionary a second time,
    /// after Foundation's own conversion, which showed with hundreds of alternates.
    private typealias PlistDictionary = [AnyHashable: Any]

    private static func dictionary(_ value: Any) -> PlistDictionary? {
        value as? PlistDictionary
    }

    private static func parsePrimary(_ raw: Any?, keyPath: String, warnings: inout WarningList) -> DeclaredIcon {
        guard let raw else {
            return DeclaredIcon(name: nil, ordinal: nil, iconFiles: [], prerendered: nil, iconName: nil)
        }
        guard let entry = dictionary(raw) else {
            warnings.add(code: .malformedIconEntry, subject: keyPath,
                         "is \(PlistValue.typeName(raw)), expected a dictionary; the primary icon has no files")
            return DeclaredIcon(name: nil, ordinal: nil, iconFiles: [], prerendered: nil, iconName: nil)
        }
        var files: [String] = []
        if let rawFiles = entry["CFBundleIconFiles"] {
            files = iconFiles(rawFiles, keyPath: "\(keyPath).CFBundleIconFiles", warnings: &warnings) ?? []
        }
        // Only CFBundleIconName: the catalog notes that once for every such icon (CatalogReader).
        return DeclaredIcon(name: nil, ordinal: nil, iconFiles: files,
                            prerendered: prerendered(entry, keyPath: keyPath, warnings: &warnings),
                            iconName: entry["CFBundleIconName"] as? String)
    }

    /// `keyPath` is only built when a warning needs it (hundreds of alternates, rarely a warning).
    private static func parseAlternate(name: String, _ raw: Any, keyPath: @autoclosure () -> String,
                                       warnings: inout WarningList) -> DeclaredIcon? {
        guard let entry = dictionary(raw) else {
            warnings.add(code: .malformedIconEntry, subject: keyPath(), "is \(PlistValue.typeName(raw)), expected a dictionary; skipped")
            return nil
        }
        // An alternate named only by CFBundleIconName is an asset-catalog icon: how every app
        // built with Xcode 13 or later declares them. It exists; its images are not loose files.
        let iconName = entry["CFBundleIconName"] as? String
        let files: [String]
        if let rawFiles = entry["CFBundleIconFiles"] {
            guard let strings = iconFiles(rawFiles, keyPath: "\(keyPath()).CFBundleIconFiles", warnings: &warnings) else {
                return nil
            }
            files = strings
        } else if iconName != nil {
            files = []
        } else {
            warnings.add(code: .malformedIconEntry, subject: keyPath(), "has no CFBundleIconFiles; skipped")
            return nil
        }
        let prerendered = prerendered(entry, keyPath: keyPath(), warnings: &warnings)
        var ordinal: Int?
        if let rawOrdinal = entry["ordinal"] {
            ordinal = PlistValue.integer(rawOrdinal)
            if ordinal == nil {
                warnings.add(code: .ordinalNotInteger, subject: "\(keyPath()).ordinal",
                             "is \(PlistValue.typeName(rawOrdinal)), expected an integer; ordered by name")
            }
        }
        return DeclaredIcon(name: name, ordinal: ordinal, iconFiles: files, prerendered: prerendered, iconName: iconName)
    }

    /// The string entries of `CFBundleIconFiles`, or nil when the value is no array at all.
    private static func iconFiles(_ raw: Any, keyPath: @autoclosure () -> String, warnings: inout WarningList) -> [String]? {
        guard let array = raw as? [Any] else {
            warnings.add(code: .malformedIconEntry, subject: keyPath(),
                         "is \(PlistValue.typeName(raw)), expected an array of file names; skipped")
            return nil
        }
        var files: [String] = []
        for (index, element) in array.enumerated() {
            if let file = element as? String {
                files.append(file)
            } else {
                warnings.add(code: .malformedIconEntry, subject: "\(keyPath())[\(index)]",
                             "is \(PlistValue.typeName(element)), expected a file name; ignored")
            }
        }
        return files
    }

    private static func prerendered(_ entry: PlistDictionary, keyPath: @autoclosure () -> String, warnings: inout WarningList) -> Bool? {
        guard let raw = entry["UIPrerenderedIcon"] else { return nil }
        if let flag = PlistValue.boolean(raw) { return flag }
        warnings.add(code: .prerenderedNotBoolean, subject: "\(keyPath()).UIPrerenderedIcon",
                     "is \(PlistValue.typeName(raw)), expected a boolean")
        return nil
    }
}
