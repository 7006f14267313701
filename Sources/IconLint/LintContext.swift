import Foundation
import IconCatalog

/// Everything the rules look at, built once per run: the parsed plist, its icon sets with
/// every file entry already looked up in one walk of the icon folder, and what was learnt
/// from each image file found. Rules read it and never touch the disk.
package struct LintContext {
    package static let phoneKey = Idiom.phone.iconsKey
    package static let padKey = Idiom.pad.iconsKey

    package let plistPath: String
    package let plist: [String: Any]
    /// The form the app was given in; built apps declare asset-catalog icons by name alone.
    package let source: AppSourceKind
    package let options: CatalogOptions
    package let searchRoot: String
    package let index: FileIndex
    /// `CFBundleIcons`, then `CFBundleIcons~ipad`, each only when it is a dictionary.
    package let iconSets: [IconSet]
    /// Every icon of every set with its set, in order: what most rules walk.
    package let icons: [(set: IconSet, icon: IconEntry)]
    /// Facts about every image file an entry resolved to, by path.
    package let images: [String: ImageFacts]
    /// What a project's build makes of its catalogs; nil for an Info.plist or a built app.
    package let project: ProjectFacts?
    /// A built app's compiled asset catalog, when it has one that could be read.
    package let car: CarFile?
    /// An Expo project's config and images; nil for every other app.
    package let expo: ExpoFacts?
    /// One resolver per idiom, sharing `index`.
    let resolvers: [Idiom: IconFileResolver]

    /// Builds the model; `inspect` is called once for each image file found.
    package init(plist: [String: Any], plistPath: String, source: AppSourceKind = .plist, options: CatalogOptions,
                 index: FileIndex, project: ProjectFacts? = nil, car: CarFile? = nil, expo: ExpoFacts? = nil,
                 inspect: (ImageSource) -> ImageFacts) {
        self.plist = plist
        self.car = car
        self.expo = expo
        self.project = project
        self.plistPath = plistPath
        self.source = source
        self.options = options
        self.index = index
        let root = index.root
        searchRoot = root
        var resolvers: [Idiom: IconFileResolver] = [:]
        for idiom in Idiom.allCases {
            resolvers[idiom] = IconFileResolver(searchRoot: root, idiom: idiom, defines: options.defines, index: index)
        }
        self.resolvers = resolvers

        var sets: [IconSet] = []
        let hasPadKey = plist[Self.padKey] != nil
        if let phone = plist[Self.phoneKey] as? [String: Any] {
            // Without a `~ipad` twin an iPad reads CFBundleIcons; it is checked for iPad when asked to.
            let readBy: [Idiom] = !hasPadKey && options.idiom == .pad ? [.phone, .pad] : [.phone]
            sets.append(IconSet(key: Self.phoneKey, idiom: .phone, readBy: readBy, dictionary: phone,
                                plist: plist, resolvers: resolvers))
        }
        if let pad = plist[Self.padKey] as? [String: Any] {
            sets.append(IconSet(key: Self.padKey, idiom: .pad, readBy: [.pad], dictionary: pad,
                                plist: plist, resolvers: resolvers))
        }
        iconSets = sets
        icons = sets.flatMap { set in set.icons.map { (set, $0) } }

        var images: [String: ImageFacts] = [:]
        for use in Self.imageUses(in: sets) where images[use.path] == nil {
            images[use.path] = inspect(index.source(for: use.path))
        }
        self.images = images
    }

    /// An image file with the first icon (and idiom) that uses it.
    package struct ImageUse {
        package let path: String
        package let icon: IconEntry
        package let idiom: Idiom
    }

    /// Every image file found, once each, in set, idiom and chooser order.
    package var imageUses: [ImageUse] { Self.imageUses(in: iconSets) }

    private static func imageUses(in sets: [IconSet]) -> [ImageUse] {
        var seen = Set<String>()
        var uses: [ImageUse] = []
        for set in sets {
            for idiom in set.readBy {
                for icon in set.icons {
                    for path in icon.imagePaths(for: idiom) where seen.insert(path).inserted {
                        uses.append(ImageUse(path: path, icon: icon, idiom: idiom))
                    }
                }
            }
        }
        return uses
    }

    package func resolver(for idiom: Idiom) -> IconFileResolver { resolvers[idiom]! }

    package func iconSet(_ key: String) -> IconSet? { iconSets.first { $0.key == key } }
}

/// One icon set (`CFBundleIcons` or `CFBundleIcons~ipad`) with every icon it declares,
/// malformed ones included, in chooser order. A class, like the icons and file entries in it:
/// rules walk them many times over, and passing a reference is one retain where copying a
/// struct retains each of its fields.
package final class IconSet {
    package let key: String
    /// The idiom the key belongs to: phone for `CFBundleIcons`, pad for its `~ipad` twin.
    package let idiom: Idiom
    /// The idioms whose devices read this set (an iPad reads `CFBundleIcons` when there is no twin).
    package let readBy: [Idiom]
    package let dictionary: [String: Any]
    /// nil when the set has no `CFBundlePrimaryIcon`.
    package let primary: IconEntry?
    /// Every key of `CFBundleAlternateIcons` (when it is a dictionary): chooser order, then the
    /// entries the catalog skips as malformed, by name.
    package let alternates: [IconEntry]
    /// The primary icon, then the alternates.
    package let icons: [IconEntry]
    /// `CFBundleAlternateIcons` as written, whatever its type.
    package let alternatesValue: Any?
    /// `CFBundleAlternateIcons` when it is a dictionary (it may hold thousands of icons).
    package let alternatesDictionary: PlistDictionary?
    package let alternateNames: [String]

    init(key: String, idiom: Idiom, readBy: [Idiom], dictionary: [String: Any], plist: [String: Any],
         resolvers: [Idiom: IconFileResolver]) {
        self.key = key
        self.idiom = idiom
        self.readBy = readBy
        self.dictionary = dictionary
        func entry(_ name: String?, _ value: Any) -> IconEntry {
            IconEntry(iconSet: key, name: name, value: value,
                      resolvers: readBy.map { resolvers[$0]! })
        }
        let primary = dictionary["CFBundlePrimaryIcon"].map { entry(nil, $0) }
        self.primary = primary
        alternatesValue = dictionary["CFBundleAlternateIcons"]
        let raw = alternatesValue.flatMap(PlistDictionary.init)
        alternatesDictionary = raw
        let declaredOrder = IconDeclarations.alternateOrder(in: plist, idiom: idiom)
        var names = declaredOrder
        // Every declared name is a key, so when all are declared there is no rest to look for.
        if let raw, raw.count != declaredOrder.count {
            let declared = Set(declaredOrder)
            names += raw.keys.filter { !declared.contains($0) }.sorted()
        }
        let alternates = names.compactMap { name in raw?[name].map { entry(name, $0) } }
        self.alternates = alternates
        icons = (primary.map { [$0] } ?? []) + alternates
        alternateNames = alternates.compactMap(\.name)
    }
}

/// One icon as declared: its dictionary (or whatever stands in its place) and its file entries.
package final class IconEntry {
    package let iconSet: String
    /// The alternate's name; nil for the primary icon.
    package let name: String?
    /// The value under the icon's key, which should be a dictionary.
    package let value: Any
    /// `value` when it is a dictionary.
    package let dictionary: PlistDictionary?
    /// `CFBundleIconFiles` when it is an array, whatever its items.
    package let filesArray: [Any]?
    /// The positions in `filesArray` of items that are not strings.
    package let nonStringFiles: [Int]
    /// The string entries of `CFBundleIconFiles`, when it is an array.
    package let files: [FileEntry]
    /// Whether any file entry found files, for any idiom.
    private let foundFiles: Bool

    init(iconSet: String, name: String?, value: Any, resolvers: [IconFileResolver]) {
        self.iconSet = iconSet
        self.name = name
        self.value = value
        dictionary = PlistDictionary(value)
        filesArray = dictionary?["CFBundleIconFiles"] as? [Any]
        var files: [FileEntry] = []
        var nonStringFiles: [Int] = []
        for (position, element) in (filesArray ?? []).enumerated() {
            if let text = element as? String {
                files.append(FileEntry(written: text, position: position, resolvers: resolvers))
            } else {
                nonStringFiles.append(position)
            }
        }
        self.files = files
        self.nonStringFiles = nonStringFiles
        foundFiles = files.contains { if case .found = $0.lookup { true } else { false } }
    }

    package var isPrimary: Bool { name == nil }
    package var subject: LintSubject { .icon(set: iconSet, name: name) }
    /// “alternate “blue” in CFBundleIcons~ipad”, or “the primary icon in CFBundleIcons”: made
    /// once, when a finding first names the icon (most icons of a large plist are never named).
    package private(set) lazy var label: String =
        name.map { "alternate \(LintText.quote($0)) in \(iconSet)" } ?? "the primary icon in \(iconSet)"

    /// The image files found for `idiom`, in entry order then by scale, each once.
    package func imagePaths(for idiom: Idiom) -> [String] {
        guard foundFiles else { return [] }
        var seen = Set<String>()
        return files.flatMap { entry -> [String] in
            guard case .found(let paths)? = entry.lookup(for: idiom) else { return [] }
            return paths.filter { seen.insert($0).inserted }
        }
    }
}

/// One string in `CFBundleIconFiles`, expanded with `--define` and looked up for each idiom
/// that reads its set. Kept small: a hostile plist has hundreds of thousands of them.
package final class FileEntry {
    /// As the plist writes it.
    package let written: String
    /// After `--define` expansion.
    package let expanded: String
    /// Its index in the `CFBundleIconFiles` array.
    package let position: Int
    /// Build-setting variables `--define` did not expand.
    package let unexpandedVariables: [String]
    /// The lookup for the first idiom reading the set (whether a file exists does not depend on the idiom).
    package let lookup: IconFileResolver.Lookup
    private let firstIdiom: Idiom?
    /// The second idiom reading the set and its lookup: looked up again only when files were
    /// found, since only which form of a file is preferred differs between idioms.
    private let second: (idiom: Idiom, lookup: IconFileResolver.Lookup)?

    init(written: String, position: Int, resolvers: [IconFileResolver]) {
        self.written = written
        self.position = position
        // Taken out once: each `resolvers.first` is a copy of the resolver, its file index included.
        let first = resolvers.first
        expanded = IconFileResolver.expand(written, defines: first?.defines ?? [:])
        unexpandedVariables = IconFileResolver.unexpandedVariables(in: expanded)
        lookup = first?.lookup(expanded) ?? .notFound
        firstIdiom = first?.idiom
        if resolvers.count > 1 {
            let found = if case .found = lookup { true } else { false }
            second = (resolvers[1].idiom, found ? resolvers[1].lookup(expanded) : lookup)
        } else {
            second = nil
        }
    }

    /// The lookup for `idiom`, nil when no device of that idiom reads the set.
    package func lookup(for idiom: Idiom) -> IconFileResolver.Lookup? {
        if idiom == firstIdiom { return lookup }
        return second?.idiom == idiom ? second?.lookup : nil
    }
}

/// A plist dictionary whose keys are all strings, looked into in place. Foundation hands nested
/// dictionaries over as `[AnyHashable: Any]` on Linux, and converting each of thousands of
/// icons' to `[String: Any]` builds and hashes a copy of it.
package struct PlistDictionary {
    private let storage: [AnyHashable: Any]

    /// nil unless `value` is a dictionary whose keys are all strings: what `as? [String: Any]` accepts.
    package init?(_ value: Any) {
        guard let storage = value as? [AnyHashable: Any], storage.keys.allSatisfy({ $0.base is String }) else { return nil }
        self.storage = storage
    }

    package subscript(key: String) -> Any? { storage[key] }
    package var count: Int { storage.count }
    package var isEmpty: Bool { storage.isEmpty }
    package var keys: [String] { storage.keys.compactMap { $0.base as? String } }
}
