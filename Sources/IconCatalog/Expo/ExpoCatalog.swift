import FileAccess
import Foundation

/// An Expo project's icons as a catalog: each icon under its run-time name, its images the
/// files the config names (their sizes from the PNG headers), only inside the read boundary.
enum ExpoCatalog {
    static func catalog(_ project: ExpoProject, app: OpenedApp, options: CatalogOptions) -> AppIconCatalog {
        var warnings = WarningList(capped: app.warnings + project.warnings)
        let boundary = PathBoundary(root: ReadBoundary.forProject(in: project.root, app: app.path, folders: app.folders).root,
                                    folders: app.folders)
        var icons: [AppIcon] = []
        var seen = Set<String?>()
        for declared in project.icons {
            guard seen.insert(declared.name).inserted else {
                warnings.append(CatalogWarning(subject: "\(project.configPath): \(declared.keyPath)",
                    message: "“\(declared.name ?? "")” is declared again; the plugin registers one icon of the name, the first is shown",
                    code: .expoDuplicateName))
                continue
            }
            icons.append(icon(declared, project: project, boundary: boundary, warnings: &warnings))
        }
        return AppIconCatalog(path: project.configPath, plistPath: nil, displayName: project.name,
                              bundleIdentifier: project.bundleIdentifier, idiom: options.idiom, iconsKey: Idiom.phone.iconsKey,
                              icons: icons, warnings: warnings.warnings, appKind: .expo, iconTree: .folder(project.root))
    }

    static func icon(_ declared: ExpoDeclaredIcon, project: ExpoProject, boundary: PathBoundary?,
                     warnings: inout WarningList) -> AppIcon {
        let subject = "\(project.configPath): \(declared.keyPath)"
        let declaration = IconDeclaration(path: project.configPath, keyPath: declared.keyPath, configKey: declared.configKey,
                                          plugin: declared.plugin)
        if let bundle = declared.iconBundle {
            let path = resolve(bundle, root: project.root)
            if !BoundedFile.isDirectory(path) || boundary.map({ !$0.contains(path) }) == true {
                warnings.append(CatalogWarning(subject: subject, message: "names \(bundle), which is not there; prebuild keeps "
                    + "a plain white icon", code: .expoImageMissing))
            }
            return AppIcon(name: declared.name, picturesFrom: .icon,
                           assetName: ((bundle as NSString).lastPathComponent as NSString).deletingPathExtension,
                           assetPath: path, declaration: declaration, ordinal: nil, iconFiles: [], prerendered: declared.prerendered,
                           images: [])
        }
        var images: [IconImage] = []
        for (appearance, written) in declared.images {
            if written.hasPrefix("http://") || written.hasPrefix("https://") {
                warnings.append(CatalogWarning(subject: subject, message: "the \(appearance.rawValue) image is a URL (\(written)), "
                    + "downloaded at prebuild; it is not shown", code: .expoImageNotLocal))
                continue
            }
            if ProjectPaths.pathExtension(written) == "icon" {
                let reader = declared.plugin.map { "\($0) makes alternates from PNG images only" }
                    ?? "Expo takes a bundle only as the string ios.icon; here it only warns, and makes no Icon Composer icon of it"
                warnings.append(CatalogWarning(subject: subject, message: "the \(appearance.rawValue) image \(written) is an Icon "
                    + "Composer bundle; \(reader)", code: .expoIconBundleAlternate))
                continue
            }
            let path = resolve(written, root: project.root)
            let check = boundary.map { FileCheck.check(path, boundary: $0) } ?? .missing
            switch check {
            case .regularFile:
                guard let prefix = try? BoundedFile.readPrefix(path, count: 33), let size = PNGHeader.size(of: Data(prefix)) else {
                    warnings.append(CatalogWarning(subject: subject, message: "\(written) is not a PNG", code: .unreadableImage))
                    continue
                }
                images.append(IconImage(storage: .file(path), width: size.width, height: size.height, appearance: appearance))
            case .missing:
                warnings.append(CatalogWarning(subject: subject, message: "the \(appearance.rawValue) image \(written) is not there",
                                               code: .expoImageMissing))
            case .outside:
                warnings.append(CatalogWarning(subject: subject, message: "\(written) leads outside the project; it is not read",
                                               code: .pathOutsideProject))
            case .notAFile(let kind):
                warnings.append(CatalogWarning(subject: subject, message: "\(written) is \(kind), not an image", code: .unreadableImage))
            }
        }
        return AppIcon(name: declared.name, picturesFrom: .expo, declaration: declaration, ordinal: nil, iconFiles: [],
                       prerendered: declared.prerendered, images: images)
    }

    /// A config path (`./assets/a.png`, `assets/a.png`) against the project root.
    static func resolve(_ written: String, root: String) -> String {
        written.hasPrefix("/") ? written : ProjectPaths.absolute((root as NSString).appendingPathComponent(written))
    }
}
