import CompiledAssetCatalog
import FileAccess
import Foundation
import TerminalText

/// A built app's compiled asset catalog (`Assets.car` at the top of the `.app`), read once, and
/// the images it holds for the icons the Info.plist names by `CFBundleIconName`.
public final class CarFile: Sendable {
    /// The car's path, or `App.ipa:Payload/App.app/Assets.car`.
    public let path: String
    package let catalog: CompiledCatalog

    package init(path: String, catalog: CompiledCatalog) {
        self.path = path
        self.catalog = catalog
    }

    /// Reads the car of the app at `tree`: nil with no warning when the app has none, nil with
    /// one warning naming the car when it cannot be read.
    /// A car that another opening in this process holds (`preview`'s read-ahead, or the
    /// command's own reading), of an app folder or an `.ipa`, is that opening's car: a large car
    /// is held once.
    package static func open(in tree: IconFileTree) -> (car: CarFile?, warning: CatalogWarning?) {
        // The car is read into the one array the catalog keeps (a file straight into it), so a
        // large car is held once, not as Data and a copy.
        switch tree {
        case .folder(let folder):
            let path = (folder as NSString).appendingPathComponent("Assets.car")
            guard FileKind.following(path) != nil else { return (nil, nil) }
            // The app's folder bounds what is read of it, as a project's folder does: a car
            // that is a link leading out of it is not read (an `.ipa`'s links are refused too).
            let boundary = ReadBoundary(root: folder, kind: .appFolder)
            let containment = boundary.containment(of: path)
            guard containment == .inside else {
                return (nil, CatalogWarning(subject: path, message: boundary.refusal(path, containment), code: .pathOutsideProject))
            }
            func read() -> (car: CarFile?, warning: CatalogWarning?) {
                do throws(BoundedFile.Failure) {
                    return parse(path, try BoundedFile.readBytes(path, limit: CompiledCatalog.maximumFileSize))
                } catch {
                    return (nil, unreadable(path, ImageReadError.file(error).description))
                }
            }
            guard let identity = FileIdentity.of(path) else { return read() }
            return OpenCars.shared.open(OpenCars.Key(path: path, identity: identity), read: read)
        case .project:
            // A project's catalogs are read from their sources; only a built app holds a car.
            return (nil, nil)
        case .archive(let folder):
            guard let entry = folder.files.first(where: { $0.name == folder.root + "Assets.car" }) else { return (nil, nil) }
            let path = ArchivedFile(archive: folder.archive, entry: entry).path
            func read() -> (car: CarFile?, warning: CatalogWarning?) {
                do {
                    return parse(path, try folder.archive.bytes(of: entry, limit: CompiledCatalog.maximumFileSize))
                } catch {
                    return (nil, unreadable(path, ImageReadError.archive(error).description))
                }
            }
            // Shared as an app folder's car is, by the archive file's identity.
            guard let identity = folder.archive.fileIdentity else { return read() }
            return OpenCars.shared.open(OpenCars.Key(path: path, identity: identity), read: read)
        }
    }

    private static func parse(_ path: String, _ bytes: [UInt8]) -> (car: CarFile?, warning: CatalogWarning?) {
        do {
            return (CarFile(path: path, catalog: try CompiledCatalog(bytes: bytes)), nil)
        } catch {
            return (nil, unreadable(path, error.description))
        }
    }

    private static func unreadable(_ path: String, _ reason: String) -> CatalogWarning {
        CatalogWarning(subject: path, message: "compiled asset catalog not read: \(reason); its icons are shown as placeholders",
                       code: .unreadableAssetCatalog)
    }

    /// The images of the icon `name` the car holds, for `idiom` (its own and universal ones, and the
    /// marketing image), each with its point size, scale and appearance; empty when the car has
    /// no such icon.
    package func images(named name: String, idiom: Idiom) -> [IconImage] {
        var skipped = Set<String>(), refused: [CarError] = []
        return images(named: name, idiom: idiom, skipped: &skipped, refused: &refused)
    }

    /// As `images(named:idiom:)`, leaving out the images stored in encodings not decoded here, whose
    /// names go to `skipped`, and the packed images whose links are broken, whose problems go to
    /// `refused`: the icon shows its next image instead. A rendition for one device only (a key
    /// with a subtype: Xcode 16 adds the 180 px image at 2x for the iPhone XR, subtype 1792) is
    /// left out where the icon has an image of its size for every device: it is that image again,
    /// and its scale would list it at a point size the icon does not have.
    package func images(named name: String, idiom: Idiom, skipped: inout Set<String>, refused: inout [CarError]) -> [IconImage] {
        let renditions = catalog.images(named: name).prefix(Self.maximumRenditionsPerIcon)
        let general = Set(renditions.filter { ($0.key[.subtype] ?? 0) == 0 }.map { [$0.width, $0.height, $0.key[.idiom] ?? 0, $0.key[.appearance] ?? 0] })
        return renditions.compactMap { rendition in
            if (rendition.key[.subtype] ?? 0) != 0,
               general.contains([rendition.width, rendition.height, rendition.key[.idiom] ?? 0, rendition.key[.appearance] ?? 0]) {
                return nil
            }
            if let problem = catalog.linkProblem(of: rendition) {
                refused.append(problem)
                return nil
            }
            if let encoding = catalog.undecodableEncoding(of: rendition) {
                skipped.insert(encoding)
                return nil
            }
            guard let appearance = catalog.appearance(of: rendition).flatMap({ IconAppearance(rawValue: $0.rawValue) }) else { return nil }
            let imageIdiom: AppIconSetImage.Idiom
            switch rendition.idiom ?? .universal {
            case .phone: guard idiom == .phone else { return nil }; imageIdiom = .iphone
            case .pad: guard idiom == .pad else { return nil }; imageIdiom = .ipad
            case .marketing: imageIdiom = .iosMarketing
            case .universal: imageIdiom = .universal
            default: return nil
            }
            let scale = rendition.scale
            return IconImage(storage: .compiled(CarImage(car: self, rendition: rendition)), width: rendition.width,
                             height: rendition.height, idiom: imageIdiom, pointSize: Double(rendition.width) / Double(scale),
                             scale: scale, appearance: appearance)
        }
        .sorted { ($0.appearance.sortOrder, $0.width) < ($1.appearance.sortOrder, $1.width) }
    }

    /// Renditions of one icon that are read: an icon set's sizes for every idiom in light, dark
    /// and tinted are under 200, so this leaves room; an icon with more is cut, with a warning.
    static let maximumRenditionsPerIcon = 256
    /// Images read from the car for all its icons together: a hundred alternates of 80 images each.
    static let maximumImages = 8_192

    /// The images of each icon named (as `images(named:idiom:)`), and what was left out of them:
    /// one warning for each kind, naming the car (images in encodings not decoded here, packed
    /// images whose links are broken, icons cut to `maximumRenditionsPerIcon` renditions, icons
    /// left without images past `maximumImages`), so each icon shows its other images or a
    /// placeholder. Names the car gives one identifier are read once.
    package func images(named names: [String], idiom: Idiom) -> (images: [String: [IconImage]], warnings: [CatalogWarning]) {
        var skipped = Set<String>(), refused: [CarError] = [], found: [String: [IconImage]] = [:]
        var byIdentifier: [Int: [IconImage]] = [:], cut: [String] = [], leftWithout: [String] = [], total = 0
        for name in names where found[name] == nil {
            let identifier = catalog.identifiers[name]
            var images: [IconImage]
            if let identifier, let known = byIdentifier[identifier] {
                images = known
            } else {
                images = self.images(named: name, idiom: idiom, skipped: &skipped, refused: &refused)
                if catalog.images(named: name).count > Self.maximumRenditionsPerIcon { cut.append(name) }
                if let identifier { byIdentifier[identifier] = images }
            }
            if images.count > Self.maximumImages - total {
                images = Array(images.prefix(Self.maximumImages - total))
                leftWithout.append(name)
            }
            total += images.count
            found[name] = images
        }
        var warnings: [CatalogWarning] = []
        for (names, limit) in [(cut, "\(Self.maximumRenditionsPerIcon) images an icon"), (leftWithout, "\(Self.maximumImages) images in all")]
        where !names.isEmpty {
            let others = names.count > 1 ? " (and \(names.count - 1) more)" : ""
            warnings.append(CatalogWarning(subject: path,
                message: "icon “\(MessageText.abbreviated(names[0]))”\(others) holds more than the \(limit) read from a compiled asset "
                    + "catalog; the rest are left out",
                code: .carTruncated))
        }
        if !skipped.isEmpty {
            warnings.append(CatalogWarning(subject: path,
                message: "icon images stored as \(MessageText.list(skipped.sorted()) { $0 }) are not decoded; "
                    + "each icon shows its other images, or a placeholder where it has none",
                code: .carEncodingNotDecoded))
        }
        if let first = refused.first {
            let others = refused.count > 1 ? " (and \(refused.count - 1) more)" : ""
            warnings.append(CatalogWarning(subject: path,
                message: "icon images not read: \(first)\(others); each icon shows its other images, or a placeholder where it has none",
                code: .unreadableImage))
        }
        return (found, warnings)
    }

    /// Whether the car holds images of the icon `name` for `idiom`, whether they are decoded here or not.
    package func holdsImages(named name: String, idiom: Idiom) -> Bool {
        var skipped = Set<String>(), refused: [CarError] = []
        return !images(named: name, idiom: idiom, skipped: &skipped, refused: &refused).isEmpty || !skipped.isEmpty || !refused.isEmpty
    }

    /// The decoded pixels of one of its images.
    package func bitmap(of image: CarImage) throws(CarError) -> CarBitmap {
        try catalog.bitmap(of: image.rendition)
    }
}

/// One image of a compiled asset catalog: the car, and which of its renditions.
public struct CarImage: Hashable, Sendable {
    /// The car the image is in.
    public let car: CarFile
    package let rendition: Rendition

    /// `…/Assets.car:Icon-60@2x.png`: the car and the file the image was compiled from.
    public var path: String { "\(car.path):\(rendition.name)" }
    /// The size the image is declared at (of its own pixels, or its rectangle of an atlas).
    public var width: Int { rendition.width }
    /// The height it is declared at.
    public var height: Int { rendition.height }

    /// Straight RGBA pixels, decoded (and cropped from their atlas) now.
    public func pixels() throws(CarError) -> CarBitmap { try car.bitmap(of: self) }

    /// The same rendition of the same open car: cars are compared by identity, not by bytes.
    public static func == (a: CarImage, b: CarImage) -> Bool {
        a.car === b.car && a.rendition.name == b.rendition.name && a.rendition.key == b.rendition.key
    }

    /// Hashes the car's identity and the rendition's name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(car))
        hasher.combine(rendition.name)
    }
}

extension IconAppearance {
    /// Light, dark, tinted: the order images are listed in.
    var sortOrder: Int { IconAppearance.allCases.firstIndex(of: self) ?? 0 }
}
