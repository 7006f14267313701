import FileAccess
import Foundation

/// One image of an app icon set, as its `Contents.json` entry declares it, for an iOS device.
public struct AppIconSetImage: Equatable, Hashable, Sendable {
    /// The idioms iOS reads. Entries for watch, Mac, TV, car and others are not images of the iOS icon.
    public enum Idiom: String, Sendable, CaseIterable, Codable {
        /// An iPhone image (`"idiom": "iphone"`).
        case iphone
        /// An iPad image (`"idiom": "ipad"`).
        case ipad
        /// The single-size form: one 1024 px image for every device (`"platform": "ios"`).
        case universal
        /// The App Store's 1024 px image of a multi-size set; never shown on a device.
        case iosMarketing = "ios-marketing"
    }

    package let filename: String
    /// `filename` inside the set's folder.
    package let path: String
    package let idiom: Idiom
    /// `size` in points: 20 … 83.5 for the multi-size form, 1024 for the single-size one.
    package let pointWidth: Double
    package let pointHeight: Double
    /// `scale` (1 to 3); entries without one, as in the single-size form, are 1×.
    package let scale: Int
    package let appearance: IconAppearance
    /// The entry's place in `Contents.json`, e.g. `images[3]`, for messages about it.
    package let key: String
    /// From the PNG header when the set was read with sizes (nil otherwise, or when the file is no PNG).
    package let pixelWidth: Int?
    package let pixelHeight: Int?

    package init(filename: String, path: String, idiom: Idiom, pointWidth: Double, pointHeight: Double, scale: Int,
                 appearance: IconAppearance, key: String, pixelWidth: Int?, pixelHeight: Int?) {
        self.filename = filename
        self.path = path
        self.idiom = idiom
        self.pointWidth = pointWidth
        self.pointHeight = pointHeight
        self.scale = scale
        self.appearance = appearance
        self.key = key
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// size × scale, rounded: what the file should measure (167 for 83.5 pt at 2×).
    package var expectedPixelWidth: Int { Int((pointWidth * Double(scale)).rounded()) }
    package var expectedPixelHeight: Int { Int((pointHeight * Double(scale)).rounded()) }

    /// The file for size-based choices (`IconImage.best`): its header's size when that was
    /// read, else the size the entry promises.
    package var iconImage: IconImage {
        IconImage(storage: .file(path), width: pixelWidth ?? expectedPixelWidth, height: pixelHeight ?? expectedPixelHeight,
                  idiom: idiom, pointSize: pointWidth, scale: scale, appearance: appearance)
    }
}

/// The image chosen to show an app icon set for one device and appearance.
package struct AppIconSetChoice: Equatable, Sendable {
    package let image: AppIconSetImage
    /// The appearance asked for; `image.appearance` is what the file is.
    package let appearance: IconAppearance
    /// Set when the set has no image for `appearance` and the picture stands in for it as iOS
    /// would show it; `tintedFromLight` means the light image must still be tinted.
    package let derivation: IconDerivation?

    package var isDerived: Bool { derivation != nil }
}

/// An `.appiconset` folder: the app icon as Xcode's asset compiler reads it, from the
/// single-size set of Xcode 14 on to the legacy set of a dozen sizes per device, with the
/// dark and tinted images of iOS 18. Reading only: no image is decoded, and PNG headers
/// are read only when sizes are asked for.
package struct AppIconSet: Sendable {
    /// The name the asset compiler gives it: the folder's name, after its catalog's namespaces.
    package let name: String
    package let path: String
    /// The entries for iOS that name a file there is, in `Contents.json` order.
    package let images: [AppIconSetImage]
    package let warnings: [CatalogWarning]

    /// A real `Contents.json` is a few KB; the legacy form's 20-odd entries are under 10.
    package static let maximumContentsBytes = 256 << 10
    /// Entries read from `images`, and names looked at in the folder.
    package static let maximumEntries = 1_000

    package init(name: String, path: String, images: [AppIconSetImage], warnings: [CatalogWarning]) {
        self.name = name
        self.path = path
        self.images = images
        self.warnings = warnings
    }

    /// Reads the set at `path`. `name` defaults to the folder's name; `boundary` (default:
    /// the set's own folder) is where its files may lie, links included. Never throws: what
    /// cannot be read becomes a warning with a stable code (`set-…`) naming the file and key.
    package static func read(at path: String, name: String? = nil, readingSizes: Bool = true,
                             boundary: PathBoundary? = nil) -> AppIconSet {
        var reader = AppIconSetReader(path: path, readingSizes: readingSizes,
                                      boundary: boundary ?? PathBoundary(root: path))
        let images = reader.read()
        return AppIconSet(name: name ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension, path: path,
                          images: images, warnings: reader.warnings.finished(subject: path))
    }

    /// The images iOS picks from on `idiom` for `appearance`: an iPad's own entries, else the
    /// universal ones (an iPhone's likewise); where there are none for `appearance`, the light
    /// ones, with how they stand in. Empty when the set has nothing iOS shows on that device.
    package func candidates(for idiom: Idiom, appearance: IconAppearance) -> (images: [AppIconSetImage], derivation: IconDerivation?) {
        IconAppearanceChoice.candidates(images, for: idiom, appearance: appearance, idiom: { $0.idiom }, appearance: { $0.appearance })
    }

    /// The image to show in a `width`×`height` pixel box: among `candidates(for:appearance:)`,
    /// the smallest that covers the box, else the largest (`IconImage.best`).
    package func choose(for idiom: Idiom, appearance: IconAppearance, width: Int, height: Int) -> AppIconSetChoice? {
        let (candidates, derivation) = self.candidates(for: idiom, appearance: appearance)
        let files = candidates.map(\.iconImage)
        guard let best = IconImage.best(in: files, width: width, height: height),
              let index = files.firstIndex(of: best) else { return nil }
        return AppIconSetChoice(image: candidates[index], appearance: appearance, derivation: derivation)
    }

    /// The appearances with images of their own on `idiom` (light included only when it has some).
    package func appearances(for idiom: Idiom) -> Set<IconAppearance> {
        Set(IconAppearance.allCases.filter { appearance in
            let found = candidates(for: idiom, appearance: appearance)
            return found.derivation == nil && !found.images.isEmpty
        })
    }
}

/// The work of `AppIconSet.read`, with its warnings.
private struct AppIconSetReader {
    let path: String
    let readingSizes: Bool
    let boundary: PathBoundary?
    var warnings = WarningCollector()
    private var contentsPath: String { (path as NSString).appendingPathComponent("Contents.json") }
    /// The set's folder with its links resolved, once for all its files; nil when it cannot be.
    private lazy var resolvedFolder: String? = boundary?.realPath(path)
    /// Per file name: what was found, so a file named by several entries is looked at once.
    private var files: [String: (check: FileCheck, size: (width: Int, height: Int)?)] = [:]

    init(path: String, readingSizes: Bool, boundary: PathBoundary?) {
        self.path = path
        self.readingSizes = readingSizes
        self.boundary = boundary
    }

    mutating func read() -> [AppIconSetImage] {
        guard let boundary else {
            warnings.add(file: path, "the set's folder cannot be read", code: .setContentsMissing)
            return []
        }
        switch check("Contents.json", boundary: boundary) {
        case .regularFile: break
        case .missing:
            warnings.add(file: contentsPath, "is missing; the set has no images", code: .setContentsMissing)
            return []
        case .outside:
            warnings.add(file: contentsPath, "is a link leading outside \(boundary.root); never read", code: .setFileUnsafe)
            return []
        case .notAFile(let kind):
            warnings.add(file: contentsPath, "is \(kind), not a file", code: .setContentsMalformed)
            return []
        }
        let contents: JSONValue
        switch JSONFile.load(contentsPath, limit: AppIconSet.maximumContentsBytes) {
        case .success(let value): contents = value
        case .failure(let failure):
            warnings.add(file: contentsPath, "\(failure)", code: .setContentsMalformed)
            return []
        }
        guard case .object = contents else {
            warnings.add(file: contentsPath, "is \(contents.kindDescription), expected an object", code: .setContentsMalformed)
            return []
        }
        var entries: [JSONValue] = []
        switch contents["images"] {
        case nil: break
        case .array(let array)?: entries = array
        case let other?:
            warnings.add(file: contentsPath, key: "images", "is \(other.kindDescription), expected an array",
                         code: .setContentsMalformed)
        }
        if entries.count > AppIconSet.maximumEntries {
            warnings.add(file: contentsPath, key: "images",
                         "has \(entries.count) entries; only the first \(AppIconSet.maximumEntries) are read",
                         code: .setTooManyEntries)
        }
        var images: [AppIconSetImage] = []
        var referenced = Set<String>()
        for (index, entry) in entries.prefix(AppIconSet.maximumEntries).enumerated() {
            if let image = readEntry(entry, key: "images[\(index)]", boundary: boundary, referenced: &referenced) {
                images.append(image)
            }
        }
        noteUnreferencedFiles(referenced)
        return images
    }

    private mutating func readEntry(_ entry: JSONValue, key: String, boundary: PathBoundary,
                                    referenced: inout Set<String>) -> AppIconSetImage? {
        guard case .object = entry else {
            malformed(key, "is \(entry.kindDescription), expected an object")
            return nil
        }
        let filename = string(entry, "filename", in: key)
        if let filename { referenced.insert(filename) }
        guard let idiomName = string(entry, "idiom", in: key) else {
            if entry["idiom"] == nil { malformed(key, "has no idiom") }
            return nil
        }
        // Entries for other platforms are fine: they are simply not the iOS icon.
        if let platform = string(entry, "platform", in: key), platform != "ios" { return nil }
        guard let idiom = AppIconSetImage.Idiom(rawValue: idiomName) else { return nil }
        guard let appearance = appearance(of: entry, key: key) else { return nil }
        guard let sizeText = string(entry, "size", in: key) else {
            if entry["size"] == nil { malformed(key, "has no size") }
            return nil
        }
        guard let size = Self.parseSize(sizeText) else {
            malformed("\(key).size", "“\(sizeText)” is not a size like “60x60”")
            return nil
        }
        var scale = 1
        if let scaleText = string(entry, "scale", in: key) {
            guard let parsed = Self.parseScale(scaleText) else {
                malformed("\(key).scale", "“\(scaleText)” is not a scale like “2x”")
                return nil
            }
            scale = parsed
        }
        guard let filename else { return nil }  // an empty slot: Xcode shows a well to drop an image into
        if let problem = IconFileResolver.unsafeReason(filename) {
            warnings.add(file: contentsPath, key: "\(key).filename", "“\(filename)” \(problem); never read",
                         code: .setFileUnsafe)
            return nil
        }
        guard let found = look(at: filename, key: key, boundary: boundary) else { return nil }
        return AppIconSetImage(filename: filename, path: (path as NSString).appendingPathComponent(filename),
                               idiom: idiom, pointWidth: size.width, pointHeight: size.height, scale: scale,
                               appearance: appearance, key: key, pixelWidth: found?.width, pixelHeight: found?.height)
    }

    /// Nil when the file cannot be used (warned once per file); `.some(nil)` when it is there
    /// but its size was not read.
    private mutating func look(at filename: String, key: String, boundary: PathBoundary) -> (width: Int, height: Int)?? {
        let isNew = files[filename] == nil
        if isNew {
            let filePath = (path as NSString).appendingPathComponent(filename)
            let check = self.check(filename, boundary: boundary)
            var size: (width: Int, height: Int)?
            if check == .regularFile, readingSizes, let header = try? BoundedFile.readPrefix(filePath, count: 64) {
                size = PNGHeader.size(of: header)
            }
            files[filename] = (check, size)
        }
        let (check, size) = files[filename]!
        let subjectKey = "\(key).filename"
        switch check {
        case .regularFile:
            if readingSizes && size == nil {
                if isNew {
                    warnings.add(file: contentsPath, key: subjectKey, "“\(filename)” is not a PNG image", code: .setFileNotPng)
                }
                return nil
            }
            return .some(size)
        case .missing:
            if isNew {
                warnings.add(file: contentsPath, key: subjectKey, "“\(filename)” does not exist in \(path)",
                             code: .setFileMissing)
            }
        case .outside:
            if isNew {
                warnings.add(file: contentsPath, key: subjectKey,
                             "“\(filename)” is a link leading outside \(boundary.root); never read", code: .setFileUnsafe)
            }
        case .notAFile(let kind):
            if isNew {
                warnings.add(file: contentsPath, key: subjectKey, "“\(filename)” is \(kind), not an image file",
                             code: .setFileNotPng)
            }
        }
        return nil
    }

    /// Where the set's file `name` stands (`FileCheck`), resolving the folder's links once.
    private mutating func check(_ name: String, boundary: PathBoundary) -> FileCheck {
        guard let resolvedFolder else { return FileCheck.check((path as NSString).appendingPathComponent(name), boundary: boundary) }
        return FileCheck.check(name, in: path, resolvedFolder: resolvedFolder, boundary: boundary)
    }

    /// Light when the entry has no `appearances`; nil (entry skipped) when it is for some other
    /// kind of appearance (high contrast, say) or malformed.
    private mutating func appearance(of entry: JSONValue, key: String) -> IconAppearance? {
        guard let list = entry["appearances"] else { return .light }
        guard case .array(let items) = list else {
            malformed("\(key).appearances", "is \(list.kindDescription), expected an array")
            return nil
        }
        var result = IconAppearance.light
        for (index, item) in items.prefix(8).enumerated() {
            let itemKey = "\(key).appearances[\(index)]"
            guard let kind = string(item, "appearance", in: itemKey), let value = string(item, "value", in: itemKey) else {
                if case .object = item {} else { malformed(itemKey, "is \(item.kindDescription), expected an object") }
                return nil
            }
            guard kind == "luminosity" else { return nil }
            switch value {
            case "light": result = .light
            case "dark": result = .dark
            case "tinted": result = .tinted
            default: return nil
            }
        }
        return result
    }

    private mutating func noteUnreferencedFiles(_ referenced: Set<String>) {
        guard let listing = DirectoryListing.names(in: path, limit: AppIconSet.maximumEntries) else { return }
        for name in listing.names where name != "Contents.json" && !referenced.contains(name) {
            var info = stat()
            let filePath = (path as NSString).appendingPathComponent(name)
            guard lstat(filePath, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else { continue }
            warnings.add(file: filePath, "no entry of Contents.json names this file; Xcode leaves it out",
                         code: .setFileUnreferenced)
        }
    }

    /// The string at `entry[name]`; a value of another type is warned about and read as absent.
    private mutating func string(_ entry: JSONValue, _ name: String, in key: String) -> String? {
        switch entry[name] {
        case nil: return nil
        case .string(let text)?: return text
        case let other?:
            malformed("\(key).\(name)", "is \(other.kindDescription), expected a string")
            return nil
        }
    }

    private mutating func malformed(_ key: String, _ message: String) {
        warnings.add(file: contentsPath, key: key, message, code: .setEntryMalformed)
    }

    /// `"60x60"`, `"83.5x83.5"`: positive, finite, at most 10,000 points a side.
    static func parseSize(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width <= 10_000, height <= 10_000 else { return nil }
        return (width, height)
    }

    /// `"1x"`, `"2x"`, `"3x"` (and up to 4× for what may come).
    static func parseScale(_ text: String) -> Int? {
        guard text.hasSuffix("x"), let value = Int(text.dropLast()), (1...4).contains(value) else { return nil }
        return value
    }
}
