import FileAccess
import Foundation
import IconCatalog

/// The pictures a new icon is made from: the light image and, when given, dark and tinted ones.
package struct IconSetImages: Sendable {
    package let light: IconSourceImage
    package let dark: IconSourceImage?
    package let tinted: IconSourceImage?

    package init(light: IconSourceImage, dark: IconSourceImage? = nil, tinted: IconSourceImage? = nil) {
        self.light = light
        self.dark = dark
        self.tinted = tinted
    }

    /// The appearances there are images for, light first.
    package var appearances: [IconAppearance] {
        [.light] + (dark != nil ? [.dark] : []) + (tinted != nil ? [.tinted] : [])
    }

    package func image(for appearance: IconAppearance) -> IconSourceImage? {
        switch appearance {
        case .light: return light
        case .dark: return dark
        case .tinted: return tinted
        }
    }
}

/// Which of Xcode's two kinds of app icon set to write.
package enum IconSetForm: Sendable, Equatable {
    /// Xcode 14 and later: one 1024 px universal image per appearance; the asset compiler makes every size.
    case singleSize
    /// The legacy form: a file for every device, size and scale.
    case allSizes

    /// The form of a set with these entries: single-size when every one is a universal 1024 pt image.
    package init(of entries: [IconSetEntry]) {
        self = !entries.isEmpty && entries.allSatisfy { $0.idiom == .universal && $0.points == 1024 } ? .singleSize : .allSizes
    }
}

/// Writes a new `NAME.appiconset` into a set of changes as Xcode writes one: `Contents.json`
/// in Xcode's formatting (`XcodeJSON`) and a PNG for every distinct size and appearance.
package enum IconSetWriter {
    /// Stages the set at `path` (`…/NAME.appiconset`, which must not exist). Its entries are
    /// those of `sibling` (another set of the app, read with `AppIconSet`) when that set has the
    /// same `form`, keeping their device, size, scale and platform and following their file
    /// names; otherwise Xcode's own: `IconSetEntry.singleSize`, or `IconSetEntry.legacySlots`.
    /// Each light slot gets a dark and a tinted twin when `images` has those appearances. Returns
    /// the paths created, sorted.
    package static func write(setAt path: String, form: IconSetForm, images: IconSetImages, like sibling: AppIconSet? = nil,
                              changes: inout ChangeSet) throws(IconImageError) -> [String] {
        let contentsPath = (path as NSString).appendingPathComponent("Contents.json")
        try NewFileName.claimFolder(path, changes: &changes)
        let staged: Data?
        do { staged = try changes.contents(of: contentsPath) } catch { throw IconImageError(error) }
        if staged != nil { throw IconImageError(path: path, kind: .alreadyExists) }
        var template: (name: String, entries: [IconSetEntry])?
        if let sibling { template = (folderName(sibling.path), siblingEntries(sibling.path, changes: &changes)) }
        let entries = self.entries(name: folderName(path), form: form, appearances: images.appearances, like: template)
        var created: [String] = []
        var written = Set<String>()
        for entry in entries {
            guard let filename = entry.filename, written.insert(filename).inserted,
                  let image = images.image(for: entry.appearance) else { continue }
            let filePath = (path as NSString).appendingPathComponent(filename)
            try stage(try image.png(pixels: entry.pixels), at: filePath, changes: &changes)
            created.append(filePath)
        }
        try stage(Data(contents(entries).utf8), at: contentsPath, changes: &changes)
        created.append(contentsPath)
        return created.sorted()
    }

    /// The entries of a new set named `name`, each with its file name (pure; see `write`).
    /// `sibling` is another set's folder name and entries. Entries that would share a file
    /// share it only when they need the same picture (Xcode's own sets reuse `120.png` for
    /// 40 pt at 3× and 60 pt at 2×); otherwise the later one is named by `IconFileNaming.defaultName`.
    package static func entries(name: String, form: IconSetForm, appearances: [IconAppearance],
                                like sibling: (name: String, entries: [IconSetEntry])?) -> [IconSetEntry] {
        var template: [IconSetEntry]
        if let sibling, IconSetForm(of: sibling.entries) == form, sibling.entries.contains(where: { $0.appearance == .light }) {
            template = sibling.entries
        } else {
            template = form == .singleSize ? [.singleSize] : IconSetEntry.legacySlots
        }
        var files: [String: (pixels: Int, appearance: IconAppearance)] = [:]
        var result: [IconSetEntry] = []
        for light in template where light.appearance == .light {
            for appearance in appearances {
                let model = template.first { $0.isSameSlot(as: light.for(appearance)) }
                var entry = model ?? light.for(appearance)
                let wanted = (pixels: entry.pixels, appearance: appearance)
                var candidates: [String] = []
                if let existing = model?.filename, IconFileResolver.unsafeReason(existing) == nil {
                    candidates.append(sibling.flatMap { IconFileNaming.renamed(existing, from: $0.name, to: name) } ?? existing)
                }
                let plain = IconFileNaming.defaultName(icon: name, pixels: wanted.pixels, appearance: appearance)
                candidates.append(plain)
                // A further number each, for names the sibling's files already took.
                candidates += (2..<(files.count + 3)).map { "\(plain.dropLast(4))-\($0).png" }
                let filename = candidates.first { candidate in
                    guard let taken = files[candidate] else { return true }
                    return taken == wanted
                }!
                files[filename] = wanted
                entry.filename = filename
                result.append(entry)
            }
        }
        return result
    }

    /// A set's `Contents.json` with these entries, in Xcode's formatting.
    package static func contents(_ entries: [IconSetEntry]) -> String {
        XcodeJSON.format(.object(["images": .array(entries.map(\.json)), "info": xcodeInfo]))
    }

    /// The `info` member every set Xcode writes has.
    package static let xcodeInfo: JSONValue = .object(["author": .string("xcode"), "version": .number(1)])

    /// The iOS entries of the set at `path`; empty when its `Contents.json` cannot be read
    /// (the new set then takes Xcode's own entries).
    static func siblingEntries(_ path: String, changes: inout ChangeSet) -> [IconSetEntry] {
        let contentsPath = (path as NSString).appendingPathComponent("Contents.json")
        guard let data = try? changes.contents(of: contentsPath), data.count <= AppIconSet.maximumContentsBytes,
              case .success(let json) = JSONFile.parse([UInt8](data)), case .array(let images)? = json["images"] else { return [] }
        return images.prefix(AppIconSet.maximumEntries).compactMap(IconSetEntry.init(json:))
    }

    /// The folder's name without its extension: the set's name as written in it.
    static func folderName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    static func stage(_ data: Data, at path: String, changes: inout ChangeSet) throws(IconImageError) {
        do { try changes.write(data, to: path) } catch { throw IconImageError(error) }
    }
}
