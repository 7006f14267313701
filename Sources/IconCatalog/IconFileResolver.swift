import Foundation
import TerminalText

/// Looks up `CFBundleIconFiles` entries the way iOS finds them in an app bundle:
/// `NAME` matches `NAME.png`, `NAME@2x.png`, `NAME@3x.png` and their `~ipad` forms,
/// preferring the `~ipad` forms on iPad. Entries that could reach outside the app's
/// folder are never read.
package struct IconFileResolver: Sendable {
    package let searchRoot: String
    package let idiom: Idiom
    package let defines: [String: String]
    package let index: FileIndex

    /// Set when the folder held more entries than are looked at.
    package var searchWasTruncated: Bool { index.truncated }

    package init(searchRoot: String, idiom: Idiom, defines: [String: String]) {
        self.init(searchRoot: searchRoot, idiom: idiom, defines: defines, index: FileIndex(root: searchRoot))
    }

    /// A resolver over a folder on disk or the app folder of an `.ipa`.
    package init(tree: IconFileTree, idiom: Idiom, defines: [String: String]) {
        let index = FileIndex(tree: tree)
        self.init(searchRoot: index.root, idiom: idiom, defines: defines, index: index)
    }

    /// A resolver over an index already walked, so several idioms can share one walk of the folder.
    package init(searchRoot: String, idiom: Idiom, defines: [String: String], index: FileIndex) {
        self.searchRoot = searchRoot
        self.idiom = idiom
        self.defines = defines
        self.index = index
    }

    /// Where one (already expanded) file entry's images are.
    package enum Lookup: Equatable, Sendable {
        /// The entry must not be used as a file name; `reason` says why ("contains “..”").
        case unsafe(reason: String)
        /// One path per scale found (1×, 2×, 3×, in that order), each the best device form.
        case found([String])
        /// No file outside asset catalogs, but this one inside an `.xcassets` folder.
        case onlyInAssetCatalog(String)
        case notFound
    }

    /// Looks one entry up in the index without reading any file.
    package func lookup(_ file: String) -> Lookup {
        if let problem = Self.unsafeReason(file) { return .unsafe(reason: problem) }
        let base = Self.baseName(of: file)
        // One hash instead of building and hashing every candidate: most entries of a large plist match nothing.
        guard index.stems.contains(base) else { return .notFound }
        let candidates = candidateNames(base: base)
        let paths = candidates.compactMap { names in
            names.lazy.compactMap { index.files[$0]?.first }.first
        }
        if !paths.isEmpty { return .found(paths) }
        if let inCatalog = candidates.joined().lazy.compactMap({ index.assetCatalogFiles[$0]?.first }).first {
            return .onlyInAssetCatalog(inCatalog)
        }
        return .notFound
    }

    /// The images for entries already expanded, reading each file's PNG header; problems
    /// go to `warnings`.
    package func images(for files: [String], subject: String, warnings: inout WarningList) -> [IconImage] {
        var images: [IconImage] = []
        var seen = Set<String>()
        for file in files {
            switch lookup(file) {
            case .unsafe(let problem):
                warnings.add(code: .unsafeFileEntry, subject: subject,
                    "file entry “\(MessageText.abbreviated(file))” \(problem); never read")
            case .onlyInAssetCatalog(let found):
                warnings.add(code: .fileInAssetCatalog, subject: subject,
                    "“\(MessageText.abbreviated(file))” is only inside an asset catalog (\(found)); iOS looks for alternate icon files outside it")
            case .notFound:
                warnings.add(code: .fileNotFound, subject: subject,
                    "no file found for “\(MessageText.abbreviated(file))” under \(searchRoot)")
            case .found(let paths):
                for path in paths where seen.insert(path).inserted {
                    if let boundary = index.boundary {
                        let containment = boundary.containment(of: path)
                        guard containment == .inside else {
                            warnings.add(code: .pathOutsideProject, subject: subject, boundary.refusal(path, containment))
                            continue
                        }
                    }
                    if let image = Self.readImage(index.source(for: path), warnings: &warnings) { images.append(image) }
                }
            }
        }
        return images
    }

    /// For each scale (1×, 2×, 3×), the file names to try, best first.
    package func candidateNames(for entry: String) -> [[String]] {
        candidateNames(base: Self.baseName(of: entry))
    }

    private func candidateNames(base: String) -> [[String]] {
        let devices = idiom == .pad ? ["~ipad", ""] : ["", "~ipad"]
        return Self.scales.map { scale in devices.map { "\(base)\(scale)\($0).png" } }
    }

    /// The scale suffixes iOS tries, in order.
    package static let scales = ["", "@2x", "@3x"]
    /// Every ending a candidate name has: a scale, a device, `.png`.
    package static let candidateEndings = scales.flatMap { scale in ["", "~ipad"].map { "\(scale)\($0).png" } }

    /// The entry without a `.png` extension (in any case), to which the scale and device endings are added.
    package static func baseName(of entry: String) -> String {
        let bytes = entry.utf8
        guard bytes.count >= 4 else { return entry }
        let dot = bytes.index(bytes.endIndex, offsetBy: -4)
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        // Only an ending of these four bytes lowercases to “.png”.
        guard bytes[dot...].lazy.map(lower).elementsEqual(".png".utf8) else { return entry }
        // After an ASCII byte the dot starts a character of its own, so the four bytes are the last four characters;
        // after anything else (a prepended mark) only the character-wise reading says.
        if dot == bytes.startIndex || bytes[bytes.index(before: dot)] < 0x80 {
            return String(decoding: bytes[..<dot], as: UTF8.self)
        }
        return entry.lowercased().hasSuffix(".png") ? String(entry.dropLast(4)) : entry
    }

    /// Expands `$(NAME)` and `${NAME}` for each defined NAME; undefined variables stay as written.
    package static func expand(_ entry: String, defines: [String: String]) -> String {
        guard !defines.isEmpty, mentionsVariable(entry) else { return entry }
        var out = String.UnicodeScalarView()
        var copied = entry.startIndex
        for reference in BuildSettingReference.all(in: entry) {
            guard let value = defines[String(reference.name)] else { continue }
            out.append(contentsOf: entry.unicodeScalars[copied ..< reference.range.lowerBound])
            out.append(contentsOf: value.unicodeScalars)
            copied = reference.range.upperBound
        }
        out.append(contentsOf: entry.unicodeScalars[copied...])
        return String(out)
    }

    /// The names of the `$(NAME)` / `${NAME}` variables still in `entry`, in order, each once;
    /// at most `BuildSettingReference.maximumNames` of them (a longer list helps no one).
    package static func unexpandedVariables(in entry: String) -> [String] {
        guard mentionsVariable(entry) else { return [] }
        var names: [String] = []
        for reference in BuildSettingReference.all(in: entry) where !names.contains(String(reference.name)) {
            names.append(String(reference.name))
            if names.count == BuildSettingReference.maximumNames { break }
        }
        return names
    }

    /// Whether `entry` has a `$`, without which it holds no build setting: read as one block of
    /// bytes where the string is stored as one (byte by byte through the view was a cost per entry).
    private static func mentionsVariable(_ entry: String) -> Bool {
        entry.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "$")) }
            ?? entry.utf8.contains(UInt8(ascii: "$"))
    }

    /// Why an entry must not be used as a file name, or nil when it is a plain name.
    /// One pass over the bytes: a plist may hold hundreds of thousands of entries.
    package static func unsafeReason(_ entry: String) -> String? {
        let bytes = entry.utf8
        guard let first = bytes.first else { return "is empty" }
        if first == UInt8(ascii: "/") { return "is an absolute path" }
        var dotDot = false, control = false, nonASCII = false, previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") { return "contains a path separator" }
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { dotDot = true }
            if byte < 0x20 || byte == 0x7F { control = true }
            if byte >= 0x80 { nonASCII = true }
            previous = byte
        }
        if dotDot { return "contains “..”" }
        // C1 controls and bidi marks are not ASCII: only then are the scalars looked at.
        if control || (nonASCII && TextSanitizer.containsUnsafe(entry)) { return "contains control or bidi characters" }
        return nil
    }

    static func readImage(_ source: ImageSource, warnings: inout WarningList) -> IconImage? {
        do {
            guard let size = PNGHeader.size(of: try source.readPrefix(64)) else {
                warnings.add(code: .unreadableImage, subject: source.path, "not a PNG image; ignored")
                return nil
            }
            return IconImage(storage: source, width: size.width, height: size.height)
        } catch {
            warnings.add(code: .unreadableImage, subject: source.path, "\(error.description); ignored")
            return nil
        }
    }
}

extension CatalogWarning {
    /// The file search under `root` stopped at `FileIndex.maximumEntries`: the one text for it,
    /// wherever it is reported (`list`, the chooser, `lint`).
    package static func searchTruncated(root: String) -> CatalogWarning {
        CatalogWarning(subject: root, message: "stopped looking for icon files after \(MessageText.grouped(FileIndex.maximumEntries)) entries; "
                           + "some may have been missed", code: .searchTruncated)
    }
}

/// Every file name under a folder, walked once and with bounds (depth, entry count,
/// no symbolic links to folders), so a huge or looping tree cannot stall a listing; or the
/// same for the entry names under an `.ipa`'s app folder, with the same bounds.
/// Public so `lint` can walk a folder once and check every idiom against the same files.
package struct FileIndex: Sendable {
    package static let maximumDepth = 6
    package static let maximumEntries = 20_000

    /// The folder walked, or `App.ipa:Payload/App.app`.
    package let root: String
    /// Display path → archive entry, for an index of an archive (empty for a folder).
    private var archived: [String: ArchivedFile] = [:]

    /// File name → paths outside asset catalogs, shallowest first.
    package private(set) var files: [String: [String]] = [:]
    /// File name → paths inside `*.xcassets` folders, which iOS never searches for alternates.
    package private(set) var assetCatalogFiles: [String: [String]] = [:]
    /// Set when the walk stopped at `maximumEntries`.
    package private(set) var truncated = false
    /// For an app folder (a built `.app`, or the folder given with `--app`), the boundary its
    /// loose files are read within, as a project's are: a file a link takes outside it is not read.
    package private(set) var boundary: ReadBoundary?
    /// What an entry's base (before its scale, device and `.png`) must be to name any file here,
    /// in or outside asset catalogs: an entry whose base is not among them is not looked up
    /// further. The endings are ASCII, which composes with nothing before it, so a file name is
    /// canonically equivalent to BASE + ending only when it ends in the ending's bytes and what
    /// precedes them is equivalent to BASE: this set, compared as strings compare, misses no file.
    package private(set) var stems: Set<String> = []

    private mutating func collectStems() {
        for name in [files.keys, assetCatalogFiles.keys].joined() {
            let bytes = name.utf8
            for ending in IconFileResolver.candidateEndings where bytes.count >= ending.utf8.count
                && bytes.suffix(ending.utf8.count).elementsEqual(ending.utf8) {
                stems.insert(String(decoding: bytes.dropLast(ending.utf8.count), as: UTF8.self))
            }
        }
    }

    package init(tree: IconFileTree) {
        switch tree {
        case .folder(let path):
            self.init(root: path)
            boundary = ReadBoundary(root: path, kind: .appFolder)
        case .archive(let folder): self.init(archive: folder)
        case .project(let folder, let resources):
            self.init(root: folder)
            // The build copies these to the app's top, where iOS looks: they come first.
            for path in resources.reversed() where !(files[ProjectPaths.lastComponent(path)]?.contains(path) ?? false) {
                files[ProjectPaths.lastComponent(path), default: []].insert(path, at: 0)
            }
            collectStems()
        }
    }

    /// Where the bytes of a path this index gave out are.
    package func source(for path: String) -> ImageSource {
        archived[path].map(ImageSource.archived) ?? .file(path)
    }

    /// The app folder's entries, shallowest first as a folder walk would find them.
    private init(archive folder: ArchivedAppFolder) {
        root = folder.displayName
        var entries: [(depth: Int, relative: Substring, entry: ZipEntry)] = []
        for entry in folder.files {
            let relative = entry.name.dropFirst(folder.root.count)
            let depth = relative.count(where: { $0 == "/" })
            if depth <= Self.maximumDepth { entries.append((depth, relative, entry)) }
        }
        entries.sort { ($0.depth, $0.relative) < ($1.depth, $1.relative) }
        if entries.count > Self.maximumEntries {
            truncated = true
            entries.removeLast(entries.count - Self.maximumEntries)
        }
        for (_, relative, entry) in entries {
            let file = ArchivedFile(archive: folder.archive, entry: entry)
            let parts = relative.split(separator: "/")
            guard let name = parts.last else { continue }
            archived[file.path] = file
            if parts.dropLast().contains(where: { $0.hasSuffix(".xcassets") }) {
                assetCatalogFiles[String(name), default: []].append(file.path)
            } else {
                files[String(name), default: []].append(file.path)
            }
        }
        collectStems()
    }

    /// An index of no files: for an app whose files are not looked up by name (an Expo project's
    /// config names each by path).
    package init(noFilesUnder root: String) {
        self.root = root
    }

    package init(root: String) {
        self.root = root
        var seen = 0
        var queue: [(path: String, depth: Int, inAssetCatalog: Bool)] = [(root, 0, false)]
        var next = 0
        walk: while next < queue.count {
            let folder = queue[next]
            next += 1
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                seen += 1
                if seen > Self.maximumEntries { truncated = true; break walk }
                let path = folder.path == "." ? name : (folder.path as NSString).appendingPathComponent(name)
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                let type = info.st_mode & S_IFMT
                if type == S_IFDIR {
                    if folder.depth < Self.maximumDepth {
                        queue.append((path, folder.depth + 1, folder.inAssetCatalog || name.hasSuffix(".xcassets")))
                    }
                } else {
                    if folder.inAssetCatalog {
                        assetCatalogFiles[name, default: []].append(path)
                    } else {
                        files[name, default: []].append(path)
                    }
                }
            }
        }
        collectStems()
    }
}
