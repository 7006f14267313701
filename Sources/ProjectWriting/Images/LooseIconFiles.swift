import FileAccess
import Foundation
import IconCatalog

/// An alternate the app declares with loose files (`CFBundleIconFiles`), whose names a new one follows.
package struct LooseIconSibling: Equatable, Sendable {
    /// Its key in `CFBundleAlternateIcons`.
    package let name: String
    /// Its `CFBundleIconFiles` in `CFBundleIcons` and in `CFBundleIcons~ipad` (empty where it has none).
    package let phoneEntries: [String]
    package let padEntries: [String]
    /// Its files as found (`IconFileResolver`), each with its side in pixels.
    package let files: [File]

    package struct File: Equatable, Sendable {
        package let path: String
        package let pixels: Int

        package init(path: String, pixels: Int) {
            self.path = path
            self.pixels = pixels
        }
    }

    package init(name: String, phoneEntries: [String], padEntries: [String], files: [File]) {
        self.name = name
        self.phoneEntries = phoneEntries
        self.padEntries = padEntries
        self.files = files
    }
}

/// What a new alternate declared with loose files needs: its `CFBundleIconFiles` for each
/// device and the PNGs they name.
package struct LooseIconPlan: Equatable, Sendable {
    package struct File: Equatable, Sendable {
        package let path: String
        package let pixels: Int
        /// The entry of `CFBundleIconFiles` under which iOS finds the file.
        package let entry: String
    }

    /// For `CFBundleIcons`.
    package let phoneEntries: [String]
    /// For `CFBundleIcons~ipad`; empty when the app does not run on iPad.
    package let padEntries: [String]
    /// iPhone 120 and 180 px, iPad 152 and 167 px.
    package let files: [File]
}

/// The loose PNGs of an alternate declared in Info.plist: 120 and 180 px for iPhone (60 pt at
/// 2× and 3×), 152 and 167 px for iPad (76 and 83.5 pt at 2×), named so `IconFileResolver`
/// finds them (`ENTRY@2x.png`, `ENTRY@3x.png`, `ENTRY@2x~ipad.png`), after the file names of an
/// existing alternate where there is one.
package enum LooseIconFiles {
    /// The sizes for iPhone and for iPad.
    package static let phonePixels = [120, 180]
    package static let padPixels = [152, 167]

    /// The entries and files of a new alternate `name`. With `sibling`, each size it has a file
    /// for is named as that file with the sibling's name replaced (`appicon-black_iPhoneApp_60@2x.png`
    /// → `appicon-teal_iPhoneApp_60@2x.png`) in the sibling's folder; a size it lacks takes the
    /// default scheme. Without one, or where its names do not contain its name, the default
    /// scheme that `lint` suggests names them, in the sibling's folder (else `folder`):
    /// `NAME@2x.png` (120) and `NAME@3x.png` (180) listed as `NAME`; `NAME-ipad@2x.png` (152) and
    /// `NAME-ipadpro@2x.png` (167) listed as `NAME-ipad` and `NAME-ipadpro`.
    package static func plan(name: String, like sibling: LooseIconSibling?, folder: String, includesPad: Bool) -> LooseIconPlan {
        let known = sibling.map(knownFiles) ?? []
        let home = known.first.map { ($0.path as NSString).deletingLastPathComponent } ?? folder
        var planned: [LooseIconPlan.File] = []
        var phoneEntries: [String] = [], padEntries: [String] = []
        let devices: [(pixels: [Int], siblingEntries: [String], isPad: Bool)] =
            [(phonePixels, sibling?.phoneEntries ?? [], false)] + (includesPad ? [(padPixels, sibling?.padEntries ?? [], true)] : [])
        for device in devices {
            var used: [String] = []
            /// Per entry, the scales already given a file on this device: iOS finds one file per scale.
            var scalesTaken: [String: Set<String>] = [:]
            for pixels in device.pixels {
                var choice: (entry: String, ending: String, folder: String)?
                if let sibling, let file = known.first(where: { $0.pixels == pixels && device.siblingEntries.contains($0.entry) }),
                   let entry = IconFileNaming.renamed(file.entry, from: sibling.name, to: name) {
                    choice = (entry, file.ending, (file.path as NSString).deletingLastPathComponent)
                }
                if let found = choice, !isFree(found.entry, found.ending, in: found.folder, planned: planned, scalesTaken: scalesTaken) {
                    choice = nil
                }
                let fallback = defaultFile(name: name, pixels: pixels, like: sibling, folder: home)
                let (entry, ending, fileFolder) = choice ?? fallback
                scalesTaken[entry, default: []].insert(scale(of: ending))
                planned.append(LooseIconPlan.File(path: (fileFolder as NSString).appendingPathComponent(entry + ending),
                                                  pixels: pixels, entry: entry))
                if !used.contains(entry) { used.append(entry) }
            }
            // The sibling's order of entries where they were followed, then the new ones.
            let order = device.siblingEntries.compactMap { entry in
                sibling.flatMap { IconFileNaming.renamed(entry, from: $0.name, to: name) }
            }
            let entries = order.filter(used.contains) + used.filter { !order.contains($0) }
            if device.isPad { padEntries = entries } else { phoneEntries = entries }
        }
        return LooseIconPlan(phoneEntries: phoneEntries, padEntries: padEntries, files: planned)
    }

    /// A sibling's file with the entry that names it and the ending after the entry (`@2x~ipad.png`).
    struct KnownFile {
        let path: String
        let pixels: Int
        let entry: String
        let ending: String
    }

    /// The sibling's files that are an entry's name and one of the endings iOS tries.
    static func knownFiles(_ sibling: LooseIconSibling) -> [KnownFile] {
        let entries = sibling.phoneEntries + sibling.padEntries
        return sibling.files.compactMap { file in
            let base = (file.path as NSString).lastPathComponent
            for entry in entries {
                for ending in IconFileResolver.candidateEndings where base == entry + ending {
                    return KnownFile(path: file.path, pixels: file.pixels, entry: entry, ending: ending)
                }
            }
            return nil
        }
    }

    /// The default scheme for one size: the iPhone sizes as `@2x` and `@3x` of the sibling's
    /// first iPhone entry renamed (else `NAME`), the iPad sizes as `NAME-ipad@2x.png` and `NAME-ipadpro@2x.png`.
    static func defaultFile(name: String, pixels: Int, like sibling: LooseIconSibling?, folder: String)
        -> (entry: String, ending: String, folder: String) {
        switch pixels {
        case 152: return ("\(name)-ipad", "@2x.png", folder)
        case 167: return ("\(name)-ipadpro", "@2x.png", folder)
        default:
            let entry = sibling.flatMap { s in s.phoneEntries.first.flatMap { IconFileNaming.renamed($0, from: s.name, to: name) } } ?? name
            return (entry, pixels == 180 ? "@3x.png" : "@2x.png", folder)
        }
    }

    /// The files an entry named in the default scheme stands for, the inverse of `defaultFile`:
    /// `NAME-ipadpro` one 167 px `@2x` file, `NAME-ipad` one 152 px `@2x` file, any other name
    /// the iPhone's 120 px `@2x` and 180 px `@3x` files. Empty for an entry that names a scale
    /// itself (`Blue@2x`): what iOS would look for then is no size of an icon.
    package static func defaultFiles(forEntry entry: String) -> [(ending: String, pixels: Int)] {
        guard !entry.contains("@") else { return [] }
        let pad = padPixels.map { pixels in (defaultFile(name: "", pixels: pixels, like: nil, folder: ""), pixels) }
            .filter { suffix, _ in entry.count > suffix.entry.count && entry.hasSuffix(suffix.entry) }
            .max { $0.0.entry.count < $1.0.entry.count }
        if let (suffix, pixels) = pad { return [(suffix.ending, pixels)] }
        return phonePixels.map { pixels in (defaultFile(name: entry, pixels: pixels, like: nil, folder: "").ending, pixels) }
    }

    /// Whether a file `entry + ending` in `folder` neither clashes with one planned nor takes a
    /// scale its entry already has a file for.
    static func isFree(_ entry: String, _ ending: String, in folder: String, planned: [LooseIconPlan.File],
                       scalesTaken: [String: Set<String>]) -> Bool {
        let path = (folder as NSString).appendingPathComponent(entry + ending)
        return !planned.contains { $0.path == path } && !(scalesTaken[entry]?.contains(scale(of: ending)) ?? false)
    }

    /// `@2x`, `@3x` or `` (1×) of an ending such as `@2x~ipad.png`.
    static func scale(of ending: String) -> String {
        IconFileResolver.scales.last { !$0.isEmpty && ending.hasPrefix($0) } ?? ""
    }

    /// Stages every file of `plan`, resampled from `image`; refuses one that exists. Returns the paths created, sorted.
    package static func write(_ plan: LooseIconPlan, from image: IconSourceImage,
                              changes: inout ChangeSet) throws(IconImageError) -> [String] {
        var created: [String] = []
        for file in plan.files {
            let existing: Data?
            do { existing = try changes.contents(of: file.path) } catch { throw IconImageError(error) }
            if existing != nil { throw IconImageError(path: file.path, kind: .alreadyExists) }
            try NewFileName.requireFree(file.path)
            try IconSetWriter.stage(try image.png(pixels: file.pixels), at: file.path, changes: &changes)
            created.append(file.path)
        }
        return created.sorted()
    }
}
