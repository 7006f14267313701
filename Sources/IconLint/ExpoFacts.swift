import FileAccess
import Foundation
import IconArt
import IconCatalog

/// What the Expo rules look at, gathered once before they run: the config as read, the icons
/// the catalog made of it, what each image file holds, how much colour each tinted image has,
/// and whether a committed `ios/` still holds the alternates the config declares.
package struct ExpoFacts: Sendable {
    /// One image the config names that was found, with the icon it belongs to.
    package struct Image: Sendable {
        package let icon: AppIcon
        package let appearance: IconAppearance
        package let path: String
    }

    /// What `ios/` holds against what the config declares.
    package struct Prebuilt: Sendable {
        /// The `ios/` folder.
        package let folder: String
        /// Alternates the config declares that `ios/` lacks.
        package let missing: [String]
        /// Alternates `ios/` holds that the config no longer declares.
        package let extra: [String]
    }

    /// A tinted image's share of clearly coloured pixels above which it is taken as drawn in colour.
    package static let colouredShare = 0.01
    /// How far apart a pixel's channels may be (of 255) and still count as grey.
    package static let greyTolerance = 24

    package let project: ExpoProject
    /// The config's icons as read: each under its run-time name, duplicates left out.
    package let icons: [AppIcon]
    /// The reading's warnings: those a rule reports become its findings.
    package let warnings: [CatalogWarning]
    /// Every image found, in icon order.
    package let images: [Image]
    /// What each image file holds, by path.
    package let facts: [String: ImageFacts]
    /// For each tinted image that decodes: its clearly coloured pixels and all its pixels.
    package let colour: [String: (coloured: Int, pixels: Int)]
    /// nil where the project has no `ios/` holding an app that can be read.
    package let prebuilt: Prebuilt?
    /// Alternates whose light image is the primary's light image: the same file, or one with the same bytes.
    package let primaryTwins: [(icon: AppIcon, path: String)]
    /// The largest image compared byte for byte with the primary's.
    static let comparedBytes = 64 << 20

    package var configPath: String { project.configPath }

    /// The plugin that makes `icon`; nil for Expo's own icon and hand-written ones.
    package func kind(of icon: AppIcon) -> ExpoIconPlugin? {
        project.icons.first { $0.keyPath == icon.declaration.keyPath }?.kind
    }

    /// Reads what the rules need: each image file once through `inspector`, each tinted one
    /// decoded once more for its colour, and `ios/` opened as the Xcode project it is.
    package static func gather(project: ExpoProject, catalog: AppIconCatalog, inspector: any ImageInspector,
                               options: CatalogOptions) -> ExpoFacts {
        var images: [Image] = []
        var facts: [String: ImageFacts] = [:]
        var colour: [String: (coloured: Int, pixels: Int)] = [:]
        for icon in catalog.icons {
            for image in icon.images {
                guard case .file(let path) = image.storage else { continue }
                images.append(Image(icon: icon, appearance: image.appearance, path: path))
                if facts[path] == nil { facts[path] = inspector.inspect(image.storage) }
                if image.appearance == .tinted, colour[path] == nil, case .picture? = facts[path] {
                    var counter = ColourCounter()
                    if (try? PNGDecoder.decode(from: image.storage, into: &counter)) != nil {
                        colour[path] = (counter.coloured, counter.width * counter.height)
                    }
                }
            }
        }
        return ExpoFacts(project: project, icons: catalog.icons, warnings: catalog.warnings, images: images, facts: facts,
                         colour: colour, prebuilt: prebuilt(project: project, options: options),
                         primaryTwins: primaryTwins(images, facts: facts))
    }

    /// The alternates drawn with the primary's own light image.
    static func primaryTwins(_ images: [Image], facts: [String: ImageFacts]) -> [(icon: AppIcon, path: String)] {
        let light = images.filter { $0.appearance == .light }
        guard let primary = light.first(where: { $0.icon.name == nil }) else { return [] }
        var primaryBytes: [UInt8]??
        return light.compactMap { image -> (icon: AppIcon, path: String)? in
            guard image.icon.name != nil else { return nil }
            if image.path == primary.path { return (image.icon, image.path) }
            guard case .picture(let width, let height, _)? = facts[image.path],
                  case .picture(width, height, _)? = facts[primary.path] else { return nil }
            if primaryBytes == nil { primaryBytes = .some(try? BoundedFile.readBytes(primary.path, limit: comparedBytes)) }
            guard let original = primaryBytes ?? nil,
                  let bytes = try? BoundedFile.readBytes(image.path, limit: comparedBytes), bytes == original else { return nil }
            return (image.icon, image.path)
        }
    }

    /// `ios/` read as the app it is (its Xcode project, Info.plist and catalogs), its alternates
    /// held against the config's; nil when there is no `ios/` or it cannot be read.
    static func prebuilt(project: ExpoProject, options: CatalogOptions) -> Prebuilt? {
        let folder = (project.root as NSString).appendingPathComponent("ios")
        guard BoundedFile.isDirectory(folder) else { return nil }
        var read = CatalogOptions()
        read.idiom = options.idiom
        guard let built = try? CatalogReader.catalog(from: AppOpener().open(folder, options: read), options: read),
              built.appKind != .expo else { return nil }
        let declared = project.icons.compactMap(\.name)
        let shipped = built.icons.compactMap(\.name)
        let (declaredSet, shippedSet) = (Set(declared), Set(shipped))
        return Prebuilt(folder: folder, missing: declared.filter { !shippedSet.contains($0) },
                        extra: shipped.filter { !declaredSet.contains($0) })
    }

    /// Counts the pixels, of those not nearly transparent, whose channels are far apart.
    struct ColourCounter: RGBARowSink {
        private(set) var width = 0
        private(set) var height = 0
        private(set) var coloured = 0

        var readsColorOfTransparentPixels: Bool { false }

        mutating func start(width: Int, height: Int) {
            self.width = width
            self.height = height
            coloured = 0
        }

        mutating func take(row: UnsafeBufferPointer<UInt8>) {
            for pixel in stride(from: 0, to: row.count - 3, by: 4) where row[pixel + 3] >= 128 {
                let (r, g, b) = (Int(row[pixel]), Int(row[pixel + 1]), Int(row[pixel + 2]))
                if max(r, g, b) - min(r, g, b) > ExpoFacts.greyTolerance { coloured += 1 }
            }
        }
    }
}
