import Foundation

/// One image of an icon: a file (or an `.ipa` entry) with its pixel size, and what it is for:
/// the device family, point size, scale and appearance an asset catalog gives it (a loose
/// file of an Info.plist has only what its name says: `@2x`, `~ipad`).
public struct IconImage: Equatable, Hashable, Sendable, Codable {
    /// Where its bytes are stored: a file, an entry of an `.ipa`, or a compiled catalog's rendition.
    public let storage: ImageSource
    /// The width in pixels, from the PNG header.
    public let width: Int
    /// The height in pixels, from the PNG header.
    public let height: Int
    /// The device family the image is for; nil for a loose file, which serves whatever idiom
    /// the Info.plist key it was found through is read by.
    public let idiom: AppIconSetImage.Idiom?
    /// The size in points (`60` for a 60 pt icon at 3×), when the catalog or the file name says it.
    public let pointSize: Double?
    /// 1, 2 or 3, when the catalog or the file name (`@2x`) says it.
    public let scale: Int?
    /// The home-screen appearance the image is drawn for (light for anything without one).
    public let appearance: IconAppearance
    /// Set on a stand-in: the image is really for another appearance (light) and is shown for
    /// `appearance` the way iOS shows it (see `AppIcon.images(for:idiom:)`).
    public let derivation: IconDerivation?

    package init(storage: ImageSource, width: Int, height: Int, idiom: AppIconSetImage.Idiom? = nil,
                 pointSize: Double? = nil, scale: Int? = nil, appearance: IconAppearance = .light,
                 derivation: IconDerivation? = nil) {
        self.storage = storage
        self.width = width
        self.height = height
        self.idiom = idiom
        self.pointSize = pointSize
        self.scale = scale
        self.appearance = appearance
        self.derivation = derivation
    }

    package init(path: String, width: Int, height: Int) {
        self.init(storage: .file(path), width: width, height: height)
    }

    /// The file's path, or `App.ipa:Payload/App.app/NAME.png` for an archived image.
    public var path: String { storage.path }

    /// True for a stand-in (see `derivation`).
    public var isDerived: Bool { derivation != nil }

    /// This image standing in for `appearance`, as `derivation` says.
    package func standing(in appearance: IconAppearance, as derivation: IconDerivation) -> IconImage {
        IconImage(storage: storage, width: width, height: height, idiom: idiom, pointSize: pointSize, scale: scale,
                  appearance: appearance, derivation: derivation)
    }

    enum CodingKeys: String, CodingKey { case path, width, height, idiom, size, scale, appearance, derived }

    /// `path`, `width`, `height` and `appearance` always; `idiom`, `size` (points) and `scale`
    /// where known; `derived` (how it stands in) on a stand-in.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        // Raw values, as the enums encode themselves, without their generic path in JSONEncoder.
        try container.encodeIfPresent(idiom?.rawValue, forKey: .idiom)
        try container.encodeIfPresent(pointSize, forKey: .size)
        try container.encodeIfPresent(scale, forKey: .scale)
        try container.encode(appearance.rawValue, forKey: .appearance)
        try container.encodeIfPresent(derivation?.rawValue, forKey: .derived)
    }

    /// A decoded image names a file: an archive cannot be reopened from its display path.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(storage: .file(try container.decode(String.self, forKey: .path)),
                  width: try container.decode(Int.self, forKey: .width),
                  height: try container.decode(Int.self, forKey: .height),
                  idiom: try container.decodeIfPresent(AppIconSetImage.Idiom.self, forKey: .idiom),
                  pointSize: try container.decodeIfPresent(Double.self, forKey: .size),
                  scale: try container.decodeIfPresent(Int.self, forKey: .scale),
                  appearance: try container.decodeIfPresent(IconAppearance.self, forKey: .appearance) ?? .light,
                  derivation: try container.decodeIfPresent(IconDerivation.self, forKey: .derived))
    }
}

/// Where an icon's pictures come from.
public enum AppIconSource: String, Sendable, Codable, CaseIterable {
    /// Loose PNG files an Info.plist names in `CFBundleIconFiles` (or, in a built app, only a
    /// `CFBundleIconName`, whose images are in the compiled asset catalog).
    case plist
    /// An app icon set, `NAME.appiconset`, of an asset catalog.
    case appiconset
    /// An Xcode 26 Icon Composer bundle, `NAME.icon`.
    case icon
    /// A built app's compiled asset catalog, `Assets.car`, for an icon named by `CFBundleIconName`.
    case car
    /// Images an Expo config names by path, which `expo prebuild` makes the icon from.
    case expo
}

/// Where an icon is declared: what a details panel shows and a message names, so a developer
/// knows which file to open.
public struct IconDeclaration: Equatable, Hashable, Sendable, Codable {
    /// The Info.plist, the `.appiconset` folder or the `.icon` bundle that declares the icon;
    /// the project file for a primary icon a build setting names but nothing provides.
    public let path: String
    /// In an Info.plist, the key path of the icon's entry (`CFBundleIcons.CFBundleAlternateIcons.Blue`); nil elsewhere.
    public let keyPath: String?
    /// For an icon of an Xcode project's asset catalogs, the build setting that makes it ship
    /// (`ASSETCATALOG_COMPILER_APPICON_NAME`, `…_ALTERNATE_APPICON_NAMES`, `…_INCLUDE_ALL_APPICON_ASSETS`).
    public let setting: String?
    /// In an Expo config: the icon's own key (`red`, `0`, its `name`), which the run-time name is made from.
    public let configKey: String?
    /// In an Expo config: the plugin that makes the icon, as the config names it; nil for Expo's own icon.
    public let plugin: String?

    package init(path: String, keyPath: String? = nil, setting: String? = nil, configKey: String? = nil, plugin: String? = nil) {
        self.path = path
        self.keyPath = keyPath
        self.setting = setting
        self.configKey = configKey
        self.plugin = plugin
    }
}

/// One choosable icon: the primary (name nil, as UIKit's `setAlternateIconName(nil)`) or an alternate.
public struct AppIcon: Equatable, Sendable {
    /// The alternate's name, what `setAlternateIconName(_:)` takes; nil for the primary icon.
    public let name: String?
    /// Where its pictures come from: loose files, an app icon set, an Icon Composer bundle, a built
    /// app's `Assets.car` or the files an Expo config names.
    public let picturesFrom: AppIconSource
    /// The asset's own name: the set's or bundle's (`AppIcon` for a catalog's usual primary,
    /// `AppIcons/Blue` inside a namespace), or for loose files the first `CFBundleIconFiles`
    /// entry (else the `CFBundleIconName`). Nil when nothing names it.
    public let assetName: String?
    /// The `.appiconset` folder or `.icon` bundle the pictures come from; nil for loose files
    /// and for an icon a setting names that no catalog has.
    public let assetPath: String?
    /// For an Icon Composer bundle that shares its name with an app icon set: the set, which
    /// systems before iOS 26 show, and whose images are this icon's `images`.
    public let fallbackSetPath: String?
    /// Where the icon is declared (see `IconDeclaration`).
    public let declaration: IconDeclaration
    /// The Emitron-style integer `ordinal`, when the plist gives a usable one.
    public let ordinal: Int?
    /// `CFBundleIconFiles` as declared, after `--define` expansion; empty for catalog icons.
    public let iconFiles: [String]
    /// `UIPrerenderedIcon`, when present and a boolean.
    public let prerendered: Bool?
    /// The icon's own images for the idiom read, in every appearance it has (empty when the
    /// catalog was read without looking at files): for loose files, those found for
    /// `iconFiles` in declaration order then by scale; for a set (or a bundle's fallback
    /// set), its entries for the device, universal ones and the marketing image, in
    /// `Contents.json` order. Stand-ins for missing appearances come from `images(for:idiom:)`.
    public let images: [IconImage]
    /// `CFBundleIconName`: the icon's name in the asset catalog. An icon with it and no
    /// `iconFiles` has its images only in the (compiled) asset catalog.
    public let iconName: String?
    /// For an Icon Composer bundle that was read: the appearances it draws as its own (light,
    /// and those its document has specializations for); empty for every other icon.
    public let bundleAppearances: Set<IconAppearance>

    package init(name: String?, picturesFrom: AppIconSource = .plist, assetName: String? = nil, assetPath: String? = nil,
                 fallbackSetPath: String? = nil, declaration: IconDeclaration = IconDeclaration(path: ""),
                 ordinal: Int?, iconFiles: [String], prerendered: Bool?, images: [IconImage], iconName: String? = nil,
                 bundleAppearances: Set<IconAppearance> = []) {
        self.name = name
        self.picturesFrom = picturesFrom
        self.assetName = assetName ?? (picturesFrom == .plist ? iconFiles.first ?? iconName : nil)
        self.assetPath = assetPath
        self.fallbackSetPath = fallbackSetPath
        self.declaration = declaration
        self.ordinal = ordinal
        self.iconFiles = iconFiles
        self.prerendered = prerendered
        self.images = images
        self.iconName = iconName
        self.bundleAppearances = bundleAppearances
    }

    /// What an Icon Composer bundle without an icon set of its name is drawn as, described as
    /// images are: its 1024-point canvas at 1024 pixels (drawing larger adds nothing), universal,
    /// named by the bundle's path, in light, dark and tinted; an appearance the bundle has no
    /// specialization for is the system's own rendition, approximated, so it is marked derived.
    /// Empty for other icons, and for a bundle that has a set (whose images are the icon's).
    public var drawnImages: [IconImage] {
        guard picturesFrom == .icon, images.isEmpty, fallbackSetPath == nil, let assetPath, !bundleAppearances.isEmpty else { return [] }
        let side = Self.drawnSide
        return IconAppearance.allCases.map { appearance in
            IconImage(storage: .file(assetPath), width: side, height: side, idiom: .universal, pointSize: Double(side), scale: 1,
                      appearance: appearance, derivation: bundleAppearances.contains(appearance) ? nil : .systemRendition)
        }
    }

    /// The side in pixels an Icon Composer bundle is drawn at, at most: its canvas in points.
    public static let drawnSide = 1024

    /// The same icon with `images` (for readers that find files after the names).
    package func with(images: [IconImage]) -> AppIcon {
        AppIcon(name: name, picturesFrom: picturesFrom, assetName: assetName, assetPath: assetPath, fallbackSetPath: fallbackSetPath,
                declaration: declaration, ordinal: ordinal, iconFiles: iconFiles, prerendered: prerendered,
                images: images, iconName: iconName, bundleAppearances: bundleAppearances)
    }

    /// The same icon with its pictures from a built app's compiled asset catalog.
    package func fromCar(_ car: CarFile, images: [IconImage]) -> AppIcon {
        AppIcon(name: name, picturesFrom: .car, assetName: iconName, assetPath: car.path, declaration: declaration, ordinal: ordinal,
                iconFiles: iconFiles, prerendered: prerendered, images: images, iconName: iconName)
    }

    /// The app icon set the icon's `images` come from: its own, or its bundle's fallback.
    public var setPath: String? {
        picturesFrom == .appiconset ? assetPath : fallbackSetPath
    }

    /// Declared by `CFBundleIconName` alone: its images are in an asset catalog, not loose files.
    public var isAssetCatalogOnly: Bool { picturesFrom == .plist && iconFiles.isEmpty && iconName != nil }

    /// Read from a built app's compiled asset catalog.
    public var isFromCompiledCatalog: Bool { picturesFrom == .car }

    /// True for the primary icon, the one `setAlternateIconName(nil)` goes back to.
    public var isPrimary: Bool { name == nil }
    /// How people see it: `Default` for the primary, the alternate's name otherwise.
    public var displayName: String { name ?? "Default" }

    /// The appearances the icon has images of its own for (light whenever it has any image).
    public var ownAppearances: Set<IconAppearance> {
        Set(images.filter { !$0.isDerived }.map(\.appearance))
    }

    /// What iOS shows on `idiom` for `appearance`: the icon's own images for it, else its
    /// light images marked as stand-ins (`derivation`: the light image in dark mode, or for
    /// tinted the light image in greys, tinted). An iPad's own images win over universal
    /// ones, an iPhone's likewise; the App Store's marketing image is never shown on a device.
    public func images(for appearance: IconAppearance, idiom: Idiom) -> [IconImage] {
        let shown = images.filter { $0.idiom != .iosMarketing }
        let found = IconAppearanceChoice.candidates(shown, for: idiom, appearance: appearance,
                                                    idiom: \.idiom, appearance: \.appearance)
        guard let derivation = found.derivation else { return found.images }
        return found.images.map { $0.standing(in: appearance, as: derivation) }
    }
}

/// An app's icons in the order a chooser shows them, with everything odd noted as warnings,
/// whatever form the app was given in: an Info.plist, an Xcode project's target, an asset
/// catalog, a built `.app` or `.ipa`.
public struct AppIconCatalog: Sendable {
    /// What was read, for messages: the Info.plist, the `.xcodeproj`, the `.xcassets`
    /// folder, the `.app` folder's Info.plist or the `.ipa`'s (`App.ipa:Payload/App.app/Info.plist`).
    public let path: String
    /// The Info.plist read (for a project, the target's `INFOPLIST_FILE`); nil when there is
    /// none: an asset catalog alone, or a target whose build writes its whole Info.plist.
    public let plistPath: String?
    /// `CFBundleDisplayName`, else `CFBundleName` (for a project, as the build expands them);
    /// for an asset catalog alone, its name.
    public let displayName: String?
    /// The bundle identifier, expanded (for a project, `PRODUCT_BUNDLE_IDENTIFIER`): the
    /// choice is kept under it.
    public let bundleIdentifier: String?
    /// The device family read (see `CatalogOptions.idiom`).
    public let idiom: Idiom
    /// The key the icons are under in the (built) app's Info.plist: `CFBundleIcons`, or
    /// `CFBundleIcons~ipad` when iPads read their own.
    public let iconsKey: String
    /// Chooser order: the primary first, then alternates by `ordinal`, then the rest by name.
    public let icons: [AppIcon]
    /// What was odd but did not stop the reading, capped, each with a stable `code`.
    public let warnings: [CatalogWarning]
    /// The kind of app it was read from: the form the app was given in (`list --json`'s `app.source`).
    public let appKind: AppSourceKind
    /// Where loose icon files are looked for (before `--icons`): the plist's folder, the
    /// `.app` folder, or the app folder inside the `.ipa`.
    package let iconTree: IconFileTree
    /// For an Xcode project: the target read, with its configuration, settings and resources.
    public let target: ResolvedTarget?
    /// For a project or an asset catalog alone: what the asset compiler makes the icons from.
    package let compiler: IconCompilerInputs?

    package init(path: String? = nil, plistPath: String?, displayName: String?, bundleIdentifier: String?, idiom: Idiom,
                 iconsKey: String, icons: [AppIcon], warnings: [CatalogWarning],
                 appKind: AppSourceKind = .plist, iconTree: IconFileTree? = nil,
                 target: ResolvedTarget? = nil, compiler: IconCompilerInputs? = nil) {
        precondition(icons.first?.isPrimary == true, "a catalog always starts with its primary icon")
        self.path = path ?? plistPath ?? ""
        self.plistPath = plistPath
        self.displayName = displayName
        self.bundleIdentifier = bundleIdentifier
        self.idiom = idiom
        self.iconsKey = iconsKey
        self.icons = icons
        self.warnings = warnings
        self.appKind = appKind
        let folder = ((plistPath ?? self.path) as NSString).deletingLastPathComponent
        self.iconTree = iconTree ?? .folder(folder.isEmpty ? "." : folder)
        self.target = target
        self.compiler = compiler
    }

    /// The primary icon: always first, even when the app declares none, since it is how a user goes back.
    public var primary: AppIcon { icons[0] }
    /// The alternates, in chooser order.
    public var alternates: ArraySlice<AppIcon> { icons.dropFirst() }
    /// As UIKit's: true when the chosen idiom declares at least one alternate.
    public var supportsAlternateIcons: Bool { icons.count > 1 }
    /// The names `setAlternateIconName(_:)` accepts, in chooser order.
    public var alternateNames: [String] { alternates.compactMap(\.name) }

    /// The idiom whose images the icons show: `idiom`, except that an iPhone-only app's
    /// catalog icons on an iPad are its iPhone ones.
    public var shownIdiom: Idiom { compiler?.shownIdiom(on: idiom) ?? idiom }

    /// The alternate `setAlternateIconName(name)` would choose; nil when the app has none of that name.
    public func alternate(named name: String) -> AppIcon? {
        alternates.first { $0.name == name }
    }
}
