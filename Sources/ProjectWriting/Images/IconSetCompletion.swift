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
        _ = (text, background, slots)
        throw IconImageError(path: contentsPath, kind: .malformedContents("not yet supported"))
    }
}
