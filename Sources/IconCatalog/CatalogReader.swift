import Foundation

/// How to read an app: which idiom, where its icon files are, and `--define` values.
public struct CatalogOptions: Sendable {
    public var idiom: Idiom
    /// Look for icon files here (and below) instead of beside the plist.
    public var iconsDirectory: String?
    /// Values for `$(NAME)` / `${NAME}` in file entries and the bundle identifier.
    public var defines: [String: String]

    public init(idiom: Idiom = .phone, iconsDirectory: String? = nil, defines: [String: String] = [:]) {
        self.idiom = idiom
        self.iconsDirectory = iconsDirectory
        self.defines = defines
    }

    /// The folder searched for icon files: `iconsDirectory`, else the plist's own folder.
    public func searchRoot(forPlist plistPath: String) -> String {
        let root = iconsDirectory ?? (plistPath as NSString).deletingLastPathComponent
        return root.isEmpty ? "." : root
    }
}

/// Reads an app (an Info.plist, or a folder holding one) into an `AppIconCatalog`.
public enum CatalogReader {
    public static func read(app: String, options: CatalogOptions = CatalogOptions()) throws(CatalogError) -> AppIconCatalog {
        let plistPath = try PlistLoader.locate(app)
        let plist = try PlistLoader.load(plistPath)
        return try catalog(from: plist, plistPath: plistPath, options: options)
    }

    /// Builds the catalog from an already-parsed plist; file lookups happen here.
    public static func catalog(from plist: [String: Any], plistPath: String,
                               options: CatalogOptions) throws(CatalogError) -> AppIconCatalog {
        let declared = try IconDeclarations.parse(plist, idiom: options.idiom, path: plistPath)
        var warnings = declared.warnings
        let resolver = IconFileResolver(searchRoot: options.searchRoot(forPlist: plistPath), idiom: options.idiom,
                                        defines: options.defines)
        let icons = declared.icons.map { icon in
            let subject = icon.name.map { "\(declared.iconsKey).CFBundleAlternateIcons.\($0)" }
                ?? "\(declared.iconsKey).CFBundlePrimaryIcon"
            let found = resolver.resolve(icon.iconFiles, subject: subject, warnings: &warnings)
            return AppIcon(name: icon.name, ordinal: icon.ordinal, iconFiles: found.iconFiles,
                           prerendered: icon.prerendered, images: found.images)
        }
        if resolver.searchWasTruncated {
            warnings.append(CatalogWarning(subject: resolver.searchRoot,
                message: "stopped looking for icon files after \(FileIndex.maximumEntries) entries"))
        }
        let bundleIdentifier = (plist["CFBundleIdentifier"] as? String).map {
            IconFileResolver.expand($0, defines: options.defines)
        }
        return AppIconCatalog(
            plistPath: plistPath,
            displayName: (plist["CFBundleDisplayName"] as? String) ?? (plist["CFBundleName"] as? String),
            bundleIdentifier: bundleIdentifier,
            idiom: options.idiom,
            iconsKey: declared.iconsKey,
            icons: icons,
            warnings: warnings
        )
    }
}
