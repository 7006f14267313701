import FileAccess
import Foundation
import IconCatalog

/// `lint --fix`'s "missing alternate sizes": the slots a multi-size set lacks, made from the
/// set's largest light image where that is larger (never enlarged), and added to its
/// `Contents.json`.
package enum IconSetCompletion {
    /// How `Contents.json` was changed.
    package enum ContentsEdit: Equatable, Sendable {
        /// Only the new entries' text was added (and a comma): the file was in Xcode's formatting,
        /// which is kept, or written on one line, where the entries are added on that line.
        case entriesInserted
        /// The file was in some other formatting and is written again in Xcode's.
        case rewritten
    }

    package struct Result: Equatable, Sendable {
        package let edit: ContentsEdit
        /// The PNGs created, sorted.
        package let created: [String]
    }

    /// The slots of `IconSetEntry.alternateSlots` whose pixel size no light image of that device
    /// has (iPhone 120; iPad 152 and 167 when `includesPad`), as `lint`'s `missing-alternate-size` finds them.
    package static func missingSlots(in set: AppIconSet, includesPad: Bool) -> [IconSetEntry] {
        IconSetEntry.alternateSlots(includesPad: includesPad).filter { slot in
            !set.images.contains { image in
                image.appearance == .light && image.idiom == slot.idiom && (image.pixelWidth ?? image.expectedPixelWidth) == slot.pixels
            }
        }
    }

    /// Stages the images of `slots` (light ones) and their entries in the set's `Contents.json`.
    /// Each is resampled from the set's largest light image, which must be at least as large;
    /// a transparent one keeps its alpha unless `background` is given. New files follow the
    /// set's file names (`icon-120.png`, `Icon-60@2x.png`, `AppIcon-60x60@2x.png`), else
    /// `IconFileNaming.defaultName`.
    package static func add(_ slots: [IconSetEntry], to set: AppIconSet, background: IconBackground? = nil,
                            changes: inout ChangeSet) throws(IconImageError) -> Result {
        let contentsPath = (set.path as NSString).appendingPathComponent("Contents.json")
        let read: String?
        do { read = try changes.text(of: contentsPath) } catch { throw IconImageError(error) }
        guard let text = read else { throw IconImageError(path: contentsPath, kind: .malformedContents("is missing")) }
        guard case .success(let json) = JSONFile.parse(Array(text.utf8)), case .array(let images)? = json["images"] else {
            throw IconImageError(path: contentsPath, kind: .malformedContents("is not an object with an images array"))
        }
        guard !slots.isEmpty else { return Result(edit: .entriesInserted, created: []) }
        let lights = set.images.filter { $0.appearance == .light }
        guard let largest = lights.max(by: { ($0.pixelWidth ?? $0.expectedPixelWidth) < ($1.pixelWidth ?? $1.expectedPixelWidth) }) else {
            throw IconImageError(path: contentsPath, kind: .malformedContents("has no light image to make the sizes from"))
        }
        let largestPixels = largest.pixelWidth ?? largest.expectedPixelWidth
        if let biggest = slots.map(\.pixels).max(), biggest > largestPixels {
            throw IconImageError(path: largest.path, kind: .wouldUpscale(from: largestPixels, to: biggest))
        }
        let source = try IconSourceImage.load(largest.path, appearance: .light, background: background,
                                              requirement: .existingImage, changes: changes)
        let existing = images.compactMap(IconSetEntry.init(json:))
        var taken = Set(existing.compactMap(\.filename))
        taken.formUnion(DirectoryListing.names(in: set.path, limit: AppIconSet.maximumEntries)?.names ?? [])
        let template = SizeNameTemplate.mostCommon(in: existing.filter { $0.appearance == .light })
        var added: [IconSetEntry] = []
        var created: [String] = []
        for slot in slots {
            var entry = slot
            let followed = template?.name(for: slot)
            let plain = IconFileNaming.defaultName(icon: IconSetWriter.folderName(set.path), pixels: slot.pixels, appearance: slot.appearance)
            guard let filename = ([followed, plain].compactMap { $0 } + (2..<(taken.count + 3)).map { "\(plain.dropLast(4))-\($0).png" })
                .first(where: { !taken.contains($0) && IconFileResolver.unsafeReason($0) == nil }) else { continue }
            taken.insert(filename)
            entry.filename = filename
            let path = (set.path as NSString).appendingPathComponent(filename)
            try IconSetWriter.stage(try source.png(pixels: slot.pixels), at: path, changes: &changes)
            created.append(path)
            added.append(entry)
        }
        guard let (edited, edit) = contents(text, adding: added) else {
            throw IconImageError(path: contentsPath, kind: .malformedContents("is not an object with an images array"))
        }
        try IconSetWriter.stage(Data(edited.utf8), at: contentsPath, changes: &changes)
        return Result(edit: edit, created: created.sorted())
    }

    /// `text` (a set's `Contents.json`) with `entries` added to its `images`, each where Xcode
    /// lists it, and how: text in Xcode's formatting is written again in it (which adds only the
    /// entries' lines and a comma), text on one line gets them at the end of its array, other
    /// text is written again in Xcode's formatting. nil when `text` is no JSON object with an
    /// `images` array.
    package static func contents(_ text: String, adding entries: [IconSetEntry]) -> (text: String, edit: ContentsEdit)? {
        guard case .success(let json) = JSONFile.parse(Array(text.utf8)), case .object(var members) = json,
              case .array(var images)? = members["images"] else { return nil }
        for entry in entries {
            images.insert(entry.json, at: insertionIndex(of: entry, in: images))
        }
        members["images"] = .array(images)
        if XcodeJSON.format(json) == text { return (XcodeJSON.format(.object(members)), .entriesInserted) }
        if let appended = appendingOnOneLine(entries, to: text) { return (appended, .entriesInserted) }
        return (XcodeJSON.format(.object(members)), .rewritten)
    }

    /// Where Xcode lists a slot: iPhone, then iPad, then the App Store image, each by size and
    /// scale, light before dark before tinted.
    static func order(of entry: IconSetEntry) -> [Double] {
        let idioms: [AppIconSetImage.Idiom] = [.iphone, .ipad, .iosMarketing, .universal]
        let appearances: [IconAppearance] = [.light, .dark, .tinted]
        return [Double(idioms.firstIndex(of: entry.idiom) ?? idioms.count), entry.points, Double(entry.scale ?? 1),
                Double(appearances.firstIndex(of: entry.appearance) ?? 0)]
    }

    /// After the last entry that Xcode lists before `entry`; before the first entry it lists
    /// after it when there is none; at the end when no entry is one this module reads.
    static func insertionIndex(of entry: IconSetEntry, in images: [JSONValue]) -> Int {
        let key = order(of: entry)
        let known = images.enumerated().compactMap { index, json in IconSetEntry(json: json).map { (index, order(of: $0)) } }
        if let before = known.last(where: { $0.1.lexicographicallyPrecedes(key) }) { return before.0 + 1 }
        return known.first?.0 ?? images.count
    }

    /// `text`, written on one line, with `entries` added at the end of its top-level `images`
    /// array in the same compact form; nil when the text spans lines, or has no such array or
    /// more than one `images` key (which of them a reader keeps is not sure).
    static func appendingOnOneLine(_ entries: [IconSetEntry], to text: String) -> String? {
        let bytes = Array(text.utf8)
        guard !bytes.dropLast(bytes.last == 0x0A ? 1 : 0).contains(0x0A) else { return nil }
        var depth = 0, inString = false, escaped = false
        var stringStart = 0, lastString: ArraySlice<UInt8> = []
        var imagesKeys = 0
        var arrayStart: Int?
        var insertion: (at: Int, isEmpty: Bool)?
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 1 { lastString = bytes[(stringStart + 1)..<index] }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; stringStart = index
            case UInt8(ascii: ":") where depth == 1:
                // In the top-level object a colon follows a key.
                if lastString.elementsEqual("images".utf8) { imagesKeys += 1 }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 1 && byte == UInt8(ascii: "[") && lastString.elementsEqual("images".utf8) { arrayStart = index }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 1, byte == UInt8(ascii: "]"), let start = arrayStart {
                    insertion = (index, bytes[(start + 1)..<index].allSatisfy { $0 == 0x20 || $0 == 0x09 })
                    arrayStart = nil
                }
            default: break
            }
        }
        guard imagesKeys == 1, let insertion else { return nil }
        let added = entries.map { XcodeJSON.compact($0.json) }.joined(separator: ",")
        return String(decoding: bytes[..<insertion.at], as: UTF8.self) + (insertion.isEmpty ? "" : ",") + added
            + String(decoding: bytes[insertion.at...], as: UTF8.self)
    }
}

/// How a set names its files by size, learned from its entries: `icon-{pixels}.png`,
/// `Icon-{points}@{scale}x.png` or `AppIcon-{points}x{points}@{scale}x.png`.
struct SizeNameTemplate: Hashable {
    enum Kind: Hashable {
        case pixels
        case pointsAndScale
        case sizeAndScale
    }

    let kind: Kind
    let prefix: String
    let suffix: String

    /// The file name of `entry` by this template.
    func name(for entry: IconSetEntry) -> String {
        let points = String(entry.sizeText.split(separator: "x")[0])
        let scale = entry.scale ?? 1
        switch kind {
        case .pixels: return "\(prefix)\(entry.pixels)\(suffix)"
        case .pointsAndScale: return "\(prefix)\(points)@\(scale)x\(suffix)"
        case .sizeAndScale: return "\(prefix)\(points)x\(points)@\(scale)x\(suffix)"
        }
    }

    /// The template `entry`'s file name follows, if any: the most specific form found in it.
    static func of(_ entry: IconSetEntry) -> SizeNameTemplate? {
        guard let filename = entry.filename else { return nil }
        let points = String(entry.sizeText.split(separator: "x")[0])
        let scale = entry.scale ?? 1
        let forms: [(Kind, String)] = [(.sizeAndScale, "\(points)x\(points)@\(scale)x"), (.pointsAndScale, "\(points)@\(scale)x"),
                                        (.pixels, "\(entry.pixels)")]
        for (kind, text) in forms {
            guard let range = filename.range(of: text, options: .backwards) else { continue }
            // A number must stand alone: `120` in `icon-120.png`, not in `1204.png` or `3.120.png`.
            let before = range.lowerBound > filename.startIndex ? filename[filename.index(before: range.lowerBound)] : nil
            let after = range.upperBound < filename.endIndex ? filename[range.upperBound] : nil
            if before?.isNumber == true || before == "." || after?.isNumber == true { continue }
            return SizeNameTemplate(kind: kind, prefix: String(filename[..<range.lowerBound]), suffix: String(filename[range.upperBound...]))
        }
        return nil
    }

    /// The template most of `entries` follow (at least two of them, or the only one); nil when none is shared.
    static func mostCommon(in entries: [IconSetEntry]) -> SizeNameTemplate? {
        var counts: [SizeNameTemplate: Int] = [:]
        var order: [SizeNameTemplate] = []
        for template in entries.compactMap(SizeNameTemplate.of) {
            if counts[template] == nil { order.append(template) }
            counts[template, default: 0] += 1
        }
        guard let best = order.max(by: { counts[$0]! < counts[$1]! }) else { return nil }
        return counts[best]! >= 2 || entries.count == 1 ? best : nil
    }
}
