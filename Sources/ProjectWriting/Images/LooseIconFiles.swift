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
    /// default scheme. Without one (or where its names do not contain its name), files go in
    /// `folder` by the default scheme that `lint` suggests: `NAME@2x.png` (120) and `NAME@3x.png`
    /// (180) listed as `NAME`; `NAME-ipad@2x.png` (152) and `NAME-ipadpro@2x.png` (167) listed as
    /// `NAME-ipad` and `NAME-ipadpro`.
    package static func plan(name: String, like sibling: LooseIconSibling?, folder: String, includesPad: Bool) -> LooseIconPlan {
        _ = (sibling)
        let phone = [LooseIconPlan.File(path: (folder as NSString).appendingPathComponent("\(name)@2x.png"), pixels: 120, entry: name),
                     LooseIconPlan.File(path: (folder as NSString).appendingPathComponent("\(name)@3x.png"), pixels: 180, entry: name)]
        let pad = !includesPad ? [] : [
            LooseIconPlan.File(path: (folder as NSString).appendingPathComponent("\(name)-ipad@2x.png"), pixels: 152, entry: "\(name)-ipad"),
            LooseIconPlan.File(path: (folder as NSString).appendingPathComponent("\(name)-ipadpro@2x.png"), pixels: 167, entry: "\(name)-ipadpro"),
        ]
        return LooseIconPlan(phoneEntries: [name], padEntries: includesPad ? ["\(name)-ipad", "\(name)-ipadpro"] : [], files: phone + pad)
    }

    /// Stages every file of `plan`, resampled from `image`; refuses one that exists. Returns the paths created, sorted.
    package static func write(_ plan: LooseIconPlan, from image: IconSourceImage,
                              changes: inout ChangeSet) throws(IconImageError) -> [String] {
        var created: [String] = []
        for file in plan.files {
            let existing: Data?
            do { existing = try changes.contents(of: file.path) } catch { throw IconImageError(error) }
            if existing != nil || FileKind.notFollowing(file.path) != nil { throw IconImageError(path: file.path, kind: .alreadyExists) }
            try IconSetWriter.stage(try image.png(pixels: file.pixels), at: file.path, changes: &changes)
            created.append(file.path)
        }
        return created.sorted()
    }
}
