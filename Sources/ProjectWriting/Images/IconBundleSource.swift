import FileAccess
import Foundation
import IconCatalog

/// An Icon Composer bundle (`NAME.icon`) given to `add`: read with IconCatalog's reader, refused
/// when the asset compiler could not draw it, and copied whole, a file at a time, into the set
/// of changes (a bundle is a folder, so there is nothing to resample).
package struct IconBundleSource: Sendable {
    package let path: String
    package let bundle: IconComposerBundle

    /// The most files and folder levels copied: a real bundle has `icon.json` and a few layers.
    package static let maximumFiles = 1_000
    package static let maximumDepth = 4

    /// Problems that leave the bundle without a document or a layer it names.
    static let fatalCodes: Set<ProblemCode> = [.iconJsonMissing, .iconJsonMalformed, .iconLayerMissing, .iconLayerUnsafe]

    /// Reads and checks the bundle at `path` (a folder whose name ends in `.icon`).
    package static func load(_ path: String) throws(IconImageError) -> IconBundleSource {
        guard FileKind.following(path) == .directory else {
            throw IconImageError(path: path, kind: .unusableIconBundle("not a folder"))
        }
        let bundle = IconComposerBundle.read(at: path)
        if let fatal = bundle.warnings.first(where: { $0.code.map(fatalCodes.contains) ?? false }) {
            throw IconImageError(path: path, kind: .unusableIconBundle(fatal.message))
        }
        guard !bundle.document.groups.isEmpty else {
            throw IconImageError(path: path, kind: .unusableIconBundle("its icon.json has no layers"))
        }
        return IconBundleSource(path: path, bundle: bundle)
    }

    /// Stages a copy of every file of the bundle under `destination` (`…/NAME.icon`), keeping the
    /// folders; returns the paths created, sorted. Refuses a destination that exists, and links
    /// or special files inside the bundle.
    package func copy(to destination: String, changes: inout ChangeSet) throws(IconImageError) -> [String] {
        try NewFileName.claimFolder(destination, changes: &changes)
        var created: [String] = []
        try copyFolder(path, to: destination, depth: 0, created: &created, changes: &changes)
        return created.sorted()
    }

    private func copyFolder(_ folder: String, to destination: String, depth: Int, created: inout [String],
                            changes: inout ChangeSet) throws(IconImageError) {
        guard depth <= Self.maximumDepth else {
            throw IconImageError(path: folder, kind: .unusableIconBundle("folders nested deeper than \(Self.maximumDepth) levels"))
        }
        guard let listing = DirectoryListing.names(in: folder, limit: Self.maximumFiles), !listing.truncated else {
            throw IconImageError(path: folder, kind: .unusableIconBundle("cannot list it, or it holds over \(Self.maximumFiles) files"))
        }
        for name in listing.names {
            let source = (folder as NSString).appendingPathComponent(name)
            let target = (destination as NSString).appendingPathComponent(name)
            switch FileKind.notFollowing(source) {
            case .directory?:
                try copyFolder(source, to: target, depth: depth + 1, created: &created, changes: &changes)
            case .regularFile?:
                guard created.count < Self.maximumFiles else {
                    throw IconImageError(path: path, kind: .unusableIconBundle("holds over \(Self.maximumFiles) files"))
                }
                do {
                    guard let data = try changes.contents(of: source) else { continue }
                    try changes.write(data, to: target)
                } catch {
                    throw IconImageError(error)
                }
                created.append(target)
            case let other?:
                throw IconImageError(path: source, kind: .unusableIconBundle("\(other) inside the bundle; only files and folders are copied"))
            case nil:
                continue
            }
        }
    }
}
